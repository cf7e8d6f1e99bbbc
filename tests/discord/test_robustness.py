"""Closed DMs, strangers, races, stale boards, restarts, bad input: the match survives them all."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path

import discord

from bot.app import TavernierBot
from bot.devtools.fakediscord import start_bot
from bot.devtools.table import Table, custom_ids, open_table
from bot.engine import Rng
from cogs.pacing import NoPace
from tests.discord.conftest import PRIVATE_MARK, new_match, started_match


def _ephemeral_text(calls) -> str:  # type: ignore[no-untyped-def]
    out = []
    for c in calls:
        body = c.json or {}
        data = body.get("data", body) if isinstance(body, dict) else {}
        if isinstance(data, dict) and (data.get("flags") or 0) & 64 and data.get("content"):
            out.append(data["content"])
        elif "/messages/@original" in c.path and isinstance(body, dict) and body.get("content"):
            out.append(body["content"])
    return "\n".join(out)


async def test_closed_dms_fall_back_without_breaking_the_match(table: Table) -> None:
    table.fd.close_dms(table.people["Bob"])
    live = await new_match(table)
    thread = table.thread_of(live)
    calls = await table.click("Bob", table.last_with(thread, f"tv:join:{live.id}"), f"tv:join:{live.id}")
    assert "je ne peux pas vous écrire en MP" in _ephemeral_text(calls)
    lobby = table.fd.message(live.rec.lobby_message_id)
    assert "❌" in lobby["embeds"][0]["fields"][0]["value"]
    await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
    notices = [m for m in table.fd.messages(thread, include_ephemeral=False) if "Voir ma main" in m["content"]]
    assert len(notices) == 1 and PRIVATE_MARK not in notices[0]["content"]
    calls = await table.click("Bob", table.last_with(thread, f"tv:hand:{live.id}"), f"tv:hand:{live.id}")
    assert PRIVATE_MARK in _ephemeral_text(calls)
    rng = Rng(3)
    while live.rec.status == "active":
        await table.play_turn(("Alice", "Bob")[min(live.to_act())], live, rng)
    assert live.rec.status == "finished"
    assert table.fd.dm_channel_of(table.people["Bob"]) is None or not [
        m for m in table.fd.messages(table.fd.dm_channel_of(table.people["Bob"])) if PRIVATE_MARK in m["content"]
    ]


async def test_the_hand_button_tries_closed_dms_again_only_after_an_hour(tmp_path: Path) -> None:
    """« Voir ma main » tries a DM to a player who had closed them (their DMs may be open again); a refused
    try used to be repeated at every click (16 refused DMs in one match). Now: once, then not before an
    hour has passed; and once the DMs are open again, the next try goes through."""
    now = [1_000_000.0]
    async with open_table(tmp_path / "db.sqlite3", clock=lambda: now[0]) as table:
        bob = table.people["Bob"]
        table.fd.close_dms(bob)
        live = await started_match(table)
        thread = table.thread_of(live)
        assert live.seat_of(int(bob["id"])).dm_ok is False  # the position: Bob plays from the button

        def dm_tries() -> int:
            dm = table.fd.dm_channel_of(bob)
            return 0 if dm is None else len(table.fd.find("POST", rf"/channels/{dm['id']}/messages"))

        before = dm_tries()
        for _ in range(3):
            calls = await table.click("Bob", table.last_with(thread, f"tv:hand:{live.id}"), f"tv:hand:{live.id}")
            assert PRIVATE_MARK in _ephemeral_text(calls)
        assert dm_tries() == before + 1
        now[0] += 3599
        await table.click("Bob", table.last_with(thread, f"tv:hand:{live.id}"), f"tv:hand:{live.id}")
        assert dm_tries() == before + 1
        now[0] += 2
        table.fd.open_dms(bob)
        await table.click("Bob", table.last_with(thread, f"tv:hand:{live.id}"), f"tv:hand:{live.id}")
        assert dm_tries() == before + 2 and live.seat_of(int(bob["id"])).dm_ok is True


async def test_dm_closed_in_the_middle_of_a_match(table: Table) -> None:
    live = await started_match(table)
    table.fd.close_dms(table.people["Alice"])
    rng = Rng(4)
    while live.rec.status == "active":
        await table.play_turn(("Alice", "Bob")[min(live.to_act())], live, rng)
    assert live.seat(0).dm_ok is False
    assert live.rec.status == "finished"


async def test_a_stranger_cannot_act(table: Table) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    version = live.version
    calls = await table.click("Eve", table.last_with(thread, f"tv:act:{live.id}"), f"tv:act:{live.id}")
    assert "Vous ne jouez pas dans cette partie." in _ephemeral_text(calls)
    # a forged click on an action button (custom_ids are public) is refused too
    await table.click("Alice", table.last_with(thread, f"tv:act:{live.id}"), f"tv:act:{live.id}")
    menu = table.last_with(thread, f"tv:x:{live.id}")
    calls = await table.click("Eve", menu, custom_ids(menu)[0])
    assert "Vous ne jouez pas dans cette partie." in _ephemeral_text(calls)
    assert live.version == version


async def test_out_of_turn_and_unknown_choice_change_nothing(table: Table) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    await table.play_turn("Alice", live, Rng(1))  # Alice picked; Bob still to pick
    version = live.version
    calls = await table.click("Alice", table.last_with(thread, f"tv:act:{live.id}"), f"tv:act:{live.id}")
    assert "Ce n'est pas à vous de jouer : la partie attend Bob." in _ephemeral_text(calls)
    for typed in ("n'importe quoi", f"{live.version}:99", f"{live.version}:-1"):
        calls = await table.slash("Bob", "partie", "jouer", channel=thread, coup=typed)
        assert "Ce choix n'existe pas" in _ephemeral_text(calls), typed
    calls = await table.slash("Alice", "partie", "jouer", channel=thread, coup=f"{live.version}:0")
    assert "Ce n'est pas à vous de jouer." in _ephemeral_text(calls)
    assert live.version == version


async def test_play_command_autocompletes_legal_moves(table: Table) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    payload = table.fd.autocomplete(
        "partie", table.people["Bob"], table.guild, channel=thread, subcommand="jouer", focused="coup", coup="jouer"
    )
    await table.fd.interact(table.bot, payload)
    choices = table.fd.interaction_state(payload).choices
    legal = live.game.legal_actions(live.state, 1)
    values = [c["value"] for c in choices]
    assert values == [f"{live.version}:{live.game.encode_action(a)}" for a in legal]  # actions by value
    assert all(c["name"].startswith("Jouer le ") for c in choices)
    calls = await table.slash("Bob", "partie", "jouer", channel=thread, coup=choices[0]["value"])
    assert "Action jouée" in _ephemeral_text(calls)
    assert live.version == 2


async def test_two_concurrent_clicks_apply_exactly_one(table: Table) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    menus = {}
    for who in ("Alice", "Bob"):
        await table.click(who, table.last_with(thread, f"tv:act:{live.id}"), f"tv:act:{live.id}")
        menus[who] = table.last_with(thread, f"tv:x:{live.id}")
    version = live.version
    payloads = [
        table.fd.component(menus[w], custom_ids(menus[w])[0], table.people[w], table.guild) for w in ("Alice", "Bob")
    ]
    for p in payloads:
        table.bot._connection.parse_interaction_create(json.loads(json.dumps(p)))
    await table.fd.settle()
    table.fd.check()
    assert live.version == version + 1
    followups = [c for c in table.fd.calls if c.path.startswith("/webhooks/") and c.method == "POST"]
    assert any("Le plateau a changé" in (c.json or {}).get("content", "") for c in followups)


async def test_stale_board_click_answers_with_the_current_board(table: Table) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    await table.click("Alice", table.last_with(thread, f"tv:act:{live.id}"), f"tv:act:{live.id}")
    old_menu = table.last_with(thread, f"tv:x:{live.id}")
    await table.play_turn("Bob", live, Rng(2))  # the board moves on
    calls = await table.click("Alice", old_menu, custom_ids(old_menu)[0])
    text = _ephemeral_text(calls)
    assert "Le plateau a changé" in text
    current = calls.find("POST", r"/webhooks/\d+/[^/]+")[-1]
    assert current.files and current.files[0].filename == "board.png" and current.json["flags"] & 64


async def test_a_restart_syncs_the_commands_only_when_they_changed(tmp_path: Path) -> None:
    """Every start used to send the whole command tree to Discord, which rate-limits syncs: a bot started
    again with the same commands sends none; a tree that differs from the one last sent is synced, once."""
    db = tmp_path / "db.sqlite3"
    syncs = r"/applications/\d+/commands"
    async with open_table(db) as table:
        assert len(table.fd.find("PUT", syncs)) == 1
        sent = table.fd.one("PUT", syncs).json
        await table.bot.close()
        again = TavernierBot(database_path=str(db), ai_delay=0.0, ai_level="easy", thread_pace=NoPace())
        await start_bot(table.fd, again, [table.guild])
        assert len(table.fd.find("PUT", syncs)) == 1
        assert again.store is not None
        await again.store.record_synced_commands("global", "the digest of an older tree")
        await again.close()
        changed = TavernierBot(database_path=str(db), ai_delay=0.0, ai_level="easy", thread_pace=NoPace())
        await start_bot(table.fd, changed, [table.guild])
        assert len(table.fd.find("PUT", syncs)) == 2 and table.fd.find("PUT", syncs)[-1].json == sent
        table.bot = changed


async def test_a_bot_started_again_and_left_open_is_closed_with_the_fake_discord(tmp_path: Path) -> None:
    """`pytest -n 0` on a file whose test started the bot again without closing it never exited: the open
    store's threads kept the process alive. The fake Discord now closes every bot still open at its end."""
    db = tmp_path / "db.sqlite3"
    async with open_table(db) as table:
        await table.bot.close()
        before = set(threading.enumerate())
        again = TavernierBot(database_path=str(db), ai_delay=0.0, ai_level="easy", thread_pace=NoPace())
        await start_bot(table.fd, again, [table.guild])
        its_database = [
            t for t in set(threading.enumerate()) - before if "tavernier-db" in t.name or "_connection_worker" in t.name
        ]
        assert its_database and not again.is_closed()  # the store's writer and reader threads
    assert again.is_closed() and again.store is None
    assert not [t.name for t in its_database if t.is_alive()]


async def test_restart_resumes_and_old_buttons_work(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    async with open_table(db) as table:
        live = await started_match(table)
        thread = table.thread_of(live)
        await table.click("Alice", table.last_with(thread, f"tv:act:{live.id}"), f"tv:act:{live.id}")
        old_menu = table.last_with(thread, f"tv:x:{live.id}")
        old_board = table.last_with(thread, f"tv:act:{live.id}")
        version = live.version
        await table.bot.close()
        # a new bot instance on the same database and the same Discord
        bot = TavernierBot(database_path=str(db), ai_delay=0.0, ai_level="easy", thread_pace=NoPace())
        await start_bot(table.fd, bot, [table.guild])
        table.bot = bot
        resumed = await bot.service.get(live.id)
        assert resumed is not live and resumed.version == version and resumed.state == live.state
        await table.click("Alice", old_menu, custom_ids(old_menu)[0])
        assert resumed.version == version + 1
        # a menu posted by the schema-1 code (its buttons carried a slot in the list) still plays
        slot = len(resumed.game.legal_actions(resumed.state, 1)) - 1
        wanted = resumed.game.legal_actions(resumed.state, 1)[slot]
        legacy_id = f"tv:a:{live.id}:{resumed.version}:{slot}"
        legacy = discord.ui.View()
        legacy.add_item(discord.ui.Button(label="Jouer", custom_id=legacy_id))
        posted = await bot.get_partial_messageable(int(thread["id"])).send("menu", view=legacy)
        await table.click("Bob", table.fd.message(posted.id), legacy_id)
        assert resumed.version == version + 2
        assert (await bot.service.history(live.id))[-1].action == wanted.dump()
        calls = await table.click("Bob", old_board, f"tv:act:{live.id}")
        assert "Vos actions possibles" in _ephemeral_text(calls)
        rng = Rng(9)
        while resumed.rec.status == "active":
            await table.play_turn(("Alice", "Bob")[min(resumed.to_act())], resumed, rng)
        assert resumed.rec.status == "finished"


async def test_ai_opponent_and_english_locale(tmp_path: Path) -> None:
    async with open_table(tmp_path / "db.sqlite3", locale="en-US") as table:
        live = await new_match(table, ia=True)
        thread = table.thread_of(live)
        calls = await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
        assert "The match begins!" in _ephemeral_text(calls)
        rng = Rng(8)
        while live.rec.status == "active":
            await table.play_turn("Alice", live, rng)
        public = "\n".join(m["content"] for m in table.fd.messages(thread, include_ephemeral=False))
        assert "To play:" in public and ("wins" in public or "Draw" in public)


async def test_commands_outside_a_match_thread_explain_themselves(table: Table) -> None:
    calls = await table.slash("Alice", "partie", "lancer")
    assert "Utilisez cette commande dans le fil d'une partie." in _ephemeral_text(calls)
    calls = await table.slash("Alice", "partie", "nouvelle", jeu="echecs")
    assert "Jeu inconnu" in _ephemeral_text(calls)


async def test_moderator_cancels_and_creator_cannot_cancel_a_started_match(table: Table) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    calls = await table.slash("Bob", "partie", "annuler", channel=thread)
    assert "pas le droit" in _ephemeral_text(calls) or live.rec.status == "cancelled"


async def test_concede_ends_the_match(table: Table) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    await table.slash("Bob", "partie", "abandonner", channel=thread)
    assert live.rec.status == "finished" and live.rec.outcome["winners"] == [0]
    public = "\n".join(m["content"] for m in table.fd.messages(thread, include_ephemeral=False))
    assert "Bob abandonne la partie." in public and "Victoire de **Alice**" in public


async def test_gateway_start_smoke(tmp_path: Path) -> None:
    from bot.devtools.fakediscord import FakeDiscord, connect_bot

    async with FakeDiscord("http") as fd:
        alice = fd.add_user("Alice")
        guild = fd.add_guild(members=[alice])
        bot = TavernierBot(
            database_path=str(tmp_path / "db.sqlite3"), ai_delay=0.0, guild_ready_timeout=0.01, thread_pace=NoPace()
        )
        task = await connect_bot(fd, bot)
        try:
            assert fd.identify_payloads[0]["intents"] == bot.intents.value
            await fd.interact(
                bot, fd.slash("partie", alice, guild, subcommand="nouvelle", jeu="duel"), via_gateway=True
            )
            assert fd.find("POST", r"/channels/\d+/threads")
        finally:
            await bot.close()
            await asyncio.wait_for(task, 5)


async def test_game_commands_offer_only_legal_choices_of_their_family(table: Table) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    sync = table.fd.one("PUT", r"/applications/\d+/commands")
    duel = next(c for c in sync.json if c["name"] == "duel")
    assert {o["name"] for o in duel["options"]} == {"jouer", "piocher"}
    assert next(o for o in duel["options"] if o["name"] == "piocher")["name_localizations"]["en-US"] == "draw"
    payload = table.fd.autocomplete(
        "duel", table.people["Alice"], table.guild, channel=thread, subcommand="piocher", focused="choix", choix=""
    )
    await table.fd.interact(table.bot, payload)
    assert table.fd.interaction_state(payload).choices == []  # no draw decision now
    payload = table.fd.autocomplete(
        "duel", table.people["Alice"], table.guild, channel=thread, subcommand="jouer", focused="choix", choix=""
    )
    await table.fd.interact(table.bot, payload)
    choices = table.fd.interaction_state(payload).choices
    assert len(choices) == len(set(live.state.hands[0]))
    calls = await table.slash("Alice", "duel", "jouer", channel=thread, choix=choices[-1]["value"])
    assert "Action jouée : Jouer le" in _ephemeral_text(calls)


async def test_deck_choice_and_a_bad_list_answered_in_one_message(table: Table) -> None:
    calls = await table.slash("Alice", "partie", "nouvelle", jeu="liber", deck="legion_cendree")
    assert "créée" in _ephemeral_text(calls)
    live = table.live_matches()[-1]
    assert live.seats[0].options == {"deck": "legion_cendree"}
    calls = await table.slash("Bob", "partie", "nouvelle", jeu="liber", deck="1 Aldric; 70 Carte inconnue; 9 Écuyer")
    text = _ephemeral_text(calls)
    assert text.count("\n• ") >= 2, text  # several problems, one answer
    assert len(table.live_matches()) == 1  # nothing was created
