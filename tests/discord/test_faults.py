"""Discord faults, bad input and permissions (issue: reliability): each target delivered on its own,
rate limits retried, a deleted thread noticed and the match moved, missing permissions named, closed
DMs told once, typed numbers answered, nobody pinged by a name, only the right people allowed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from bot.app import TavernierBot
from bot.devtools.fakediscord import MODERATOR_PERMISSIONS, start_bot
from bot.devtools.fakediscord.model import DEFAULT_APP_PERMISSIONS
from bot.devtools.table import Table, custom_ids, open_table
from bot.engine import Rng
from cogs.pacing import NoPace
from tests.discord.conftest import new_match, private_text, public_calls, started_match

_private_text = private_text


def _dms(table: Table, who: str) -> list[dict[str, Any]]:
    channel = table.fd.dm_channel_of(table.people[who])
    return table.fd.messages(channel) if channel else []


async def test_a_refused_thread_post_costs_nobody_their_dm(table: Table) -> None:
    await table.slash("Alice", "preferences", mp_apres="0")  # a DM at each wait, even right after her move
    live = await started_match(table)
    thread = table.thread_of(live)
    table.fd.fail("POST", rf"/channels/{thread['id']}/messages", 403, 50013, "Missing Permissions")
    table.fd.allow_errors("thread post failed")
    before = len(_dms(table, "Alice"))
    await table.play_turn("Alice", live, Rng(1))
    while 0 not in live.to_act():  # Bob answers until the game waits for Alice again: she gets her DM
        await table.play_turn("Bob", live, Rng(2))
    assert len(_dms(table, "Alice")) > before
    assert live.version >= 3


async def test_rate_limited_posts_are_retried_after_the_delay_discord_gives(table: Table) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    fault = table.fd.fail(
        "POST", rf"/channels/{thread['id']}/messages", 429, 0, "rate limited", times=1, retry_after=0.01
    )
    before = len(table.fd.messages(thread, include_ephemeral=False))
    await table.play_turn("Alice", live, Rng(1))
    assert fault.hits == 1 and len(table.fd.messages(thread, include_ephemeral=False)) == before + 1


async def test_a_deleted_thread_is_noticed_and_the_match_moved_to_a_new_one(table: Table) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    table.fd.fail("POST", rf"/channels/{thread['id']}/messages", 404, 10003, "Unknown Channel")
    table.fd.allow_errors("thread lost")
    await table.play_turn("Alice", live, Rng(1))
    assert live.rec.thread_id is None
    assert any("a été supprimé ou verrouillé" in m["content"] for m in _dms(table, "Bob"))
    calls = await table.slash("Eve", "partie", "deplacer", partie=live.id)  # not a player, not a moderator
    assert "pas le droit" in _private_text(calls)
    calls = await table.slash("Bob", "partie", "deplacer", partie=live.id)
    assert "Partie reprise" in _private_text(calls)
    new_thread = table.thread_of(live)
    assert new_thread["id"] != thread["id"]
    rng = Rng(5)
    while live.rec.status == "active":
        await table.play_turn(("Alice", "Bob")[min(live.to_act())], live, rng)
    assert live.rec.status == "finished"


async def test_a_moderator_cancels_a_match_whose_thread_is_gone(table: Table) -> None:
    live = await started_match(table)
    await table.service.thread_lost(live.id)
    calls = await table.slash("Alice", "partie", "annuler", partie=live.id)  # the creator: only a lobby
    assert "pas le droit" in _private_text(calls)
    table.fd.grant(table.people["Eve"], MODERATOR_PERMISSIONS.value)
    calls = await table.slash("Eve", "partie", "annuler", partie=live.id)
    assert "Partie annulée" in _private_text(calls) and live.rec.status == "cancelled"
    calls = await table.slash("Eve", "partie", "annuler", partie="nimportequoi")
    assert "introuvable" in _private_text(calls)


async def test_missing_create_public_threads_is_named_and_nothing_is_created(tmp_path: Path) -> None:
    perms = DEFAULT_APP_PERMISSIONS.value & ~discord.Permissions(create_public_threads=True).value
    async with open_table(tmp_path / "db.sqlite3", app_permissions=perms) as table:
        calls = await table.slash("Alice", "partie", "nouvelle", jeu="duel")
        text = _private_text(calls)
        assert "Créer des fils publics" in text and "erreur inattendue" not in text
        assert table.live_matches() == [] and not table.fd.find("POST", r"/channels/\d+/threads")


async def test_closed_dms_are_told_once_even_after_a_restart_and_reopened_dms_are_noticed(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    async with open_table(db, ("Alice", "Bob", "Eve")) as table:
        table.fd.close_dms(table.people["Bob"])
        await table.slash("Bob", "preferences", mp_apres="0")  # his DM is tried at each wait
        live = await new_match(table)
        thread = table.thread_of(live)
        await table.click("Bob", table.last_with(thread, f"tv:join:{live.id}"), f"tv:join:{live.id}")
        await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")

        def notices() -> int:
            return sum(1 for m in table.fd.messages(thread, include_ephemeral=False) if "Voir ma main" in m["content"])

        assert notices() == 1
        await table.bot.close()
        bot = TavernierBot(database_path=str(db), ai_delay=0.0, ai_level="easy", thread_pace=NoPace())
        await start_bot(table.fd, bot, [table.guild])
        table.bot = bot
        live = await bot.service.get(live.id)
        await table.play_turn("Alice", live, Rng(1))
        assert notices() == 1  # not told again after the restart
        table.fd.open_dms(table.people["Bob"])
        for n in range(8):  # the next time the game waits for Bob, his DM is tried again and goes through
            await table.play_turn(("Alice", "Bob")[min(live.to_act())], live, Rng(n))
            if live.seat(1).dm_ok:
                break
        assert live.seat(1).dm_ok is True and _dms(table, "Bob")


async def test_a_move_whose_confirmation_failed_is_never_reported_as_not_played(table: Table) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    await table.click("Alice", table.last_with(thread, f"tv:act:{live.id}"), f"tv:act:{live.id}")
    menu = table.last_with(thread, f"tv:x:{live.id}")
    table.fd.fail("PATCH", r"/webhooks/\d+/[^/]+/messages/@original", 404, 10015, "Unknown Webhook", times=1)
    table.fd.allow_errors("confirmation not shown")
    calls = await table.click("Alice", menu, custom_ids(menu)[0])
    assert live.version == 2
    assert "Rien n'a été modifié" not in _private_text(calls)


async def test_numbers_typed_by_hand_are_no_such_choice(table: Table) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    for typed in ("999:0", "²:0", "-1", "1e9", f"{live.version}:999", f"{live.version}:pick~99", "0:pick~[[["):
        calls = await table.slash("Bob", "partie", "jouer", channel=thread, coup=typed)
        text = _private_text(calls)
        assert "Ce choix n'existe pas" in text or "Le plateau a changé" not in text, typed
        assert "erreur inattendue" not in text, typed
    assert live.version == 1


async def test_names_in_public_posts_ping_nobody_and_format_nothing(tmp_path: Path) -> None:
    async with open_table(tmp_path / "db.sqlite3", ("Alice", "@everyone <@123456789012345678> **Bob**")) as table:
        live = await new_match(table)
        thread = table.thread_of(live)
        bob = "@everyone <@123456789012345678> **Bob**"
        await table.click(bob, table.last_with(thread, f"tv:join:{live.id}"), f"tv:join:{live.id}")
        await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
        rng = Rng(2)
        while live.rec.status == "active":
            await table.play_turn(("Alice", bob)[min(live.to_act())], live, rng)
        for call in public_calls(table):
            body = call.json
            if call.path.endswith("/messages"):
                content = body.get("content") or ""
                allowed = body.get("allowed_mentions") or {}
                assert "everyone" not in allowed.get("parse", []) and "roles" not in allowed.get("parse", [])
                assert "**bob**" not in content.lower()  # the name's markdown is escaped, never applied
                assert "<@123456789012345678>" not in content and "@everyone" not in content


async def test_only_the_creator_starts_and_a_stranger_sees_only_the_public_board(table: Table) -> None:
    live = await new_match(table)
    thread = table.thread_of(live)
    await table.click("Bob", table.last_with(thread, f"tv:join:{live.id}"), f"tv:join:{live.id}")
    calls = await table.click("Bob", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
    assert "Seul le créateur" in _private_text(calls) and live.rec.status == "lobby"
    calls = await table.click("Bob", table.last_with(thread, f"tv:ai:{live.id}"), f"tv:ai:{live.id}")
    assert "Seul le créateur" in _private_text(calls)
    await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
    calls = await table.slash("Eve", "partie", "etat", channel=thread)
    assert "🂠" not in _private_text(calls)
    calls = await table.slash("Eve", "partie", "annuler", channel=thread)
    assert "pas le droit" in _private_text(calls)


async def test_verify_says_every_commitment_checks_out(table: Table) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    calls = await table.slash("Alice", "partie", "verifier", channel=thread)
    assert "pas terminée" in _private_text(calls)
    await table.slash("Bob", "partie", "abandonner", channel=thread)
    calls = await table.slash("Eve", "partie", "verifier", partie=live.id)
    assert "empreintes vérifiées" in _private_text(calls) or "empreinte vérifiée" in _private_text(calls)


async def test_a_long_list_of_deck_problems_is_split_never_cut_mid_word(table: Table) -> None:
    names = ";".join(f"3 Carte inventée numéro {i} au nom très long" for i in range(60))
    calls = await table.slash("Alice", "partie", "nouvelle", jeu="liber", deck=names)
    texts = [str((c.json or {}).get("content", "")) for c in calls if isinstance(c.json, dict)]
    texts = [x for x in texts if x]
    assert all(len(x) <= 2000 for x in texts)
    assert sum(x.count("n'existe pas") for x in texts) == 60


async def test_show_my_hand_notices_reopened_dms(table: Table) -> None:
    table.fd.close_dms(table.people["Bob"])
    live = await started_match(table)
    thread = table.thread_of(live)
    await table.play_turn("Alice", live, Rng(1))
    assert live.seat(1).dm_ok is False
    table.fd.open_dms(table.people["Bob"])
    await table.click("Bob", table.last_with(thread, f"tv:hand:{live.id}"), f"tv:hand:{live.id}")
    assert live.seat(1).dm_ok is True
    assert any("de nouveau ouverts" in m["content"] for m in _dms(table, "Bob"))


NASTY = [
    "x" * 5000,
    "\u202e\u200bRègle\x00\x07",
    "@everyone <@&123456789012345678> [clic](https://evil.example)",
    "**gras** `code` ||spoiler||",
    "'; DROP TABLE matches; --",
    "🂠🂠🂠",
]


async def test_any_text_option_gets_a_clear_answer_never_a_traceback(table: Table) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    for text in NASTY:
        for command, sub, options in (
            ("regle", None, {"question": text[:100]}),
            ("carte", None, {"nom": text[:100]}),
            ("partie", "jouer", {"coup": text[:100]}),
            ("duel", "jouer", {"choix": text[:100]}),
            ("partie", "nouvelle", {"jeu": "duel", "deck": text[:200]}),
            ("partie", "annuler", {"partie": text[:50]}),
        ):
            calls = await table.slash("Alice", command, sub, channel=thread, **options)
            answer = _private_text(calls)
            assert "erreur inattendue" not in answer and "Traceback" not in answer, (command, text[:20])
            for call in calls:
                body = call.json if isinstance(call.json, dict) else {}
                allowed = (body.get("data") or body).get("allowed_mentions") or {}
                assert not set(allowed.get("parse", [])) & {"everyone", "roles"}
    assert live.rec.status == "active"


async def test_a_refused_thread_cancels_the_new_match_and_says_why(table: Table) -> None:
    """Found by the type checker: the refusal raised a TypeError (two values for `code`), so the player
    read « erreur inattendue » instead of why, with the code Discord gave."""
    table.fd.fail("POST", rf"/channels/{table.channel['id']}/(messages/\d+/)?threads", 403, 160004, "Thread refused")
    table.fd.allow_errors("thread")
    calls = await table.slash("Alice", "partie", "nouvelle", jeu="duel")
    text = private_text(calls)
    assert "Discord m'a refusé l'ouverture du fil de la partie (code 160004)" in text
    assert "inattendue" not in text
    assert [m.rec.status for m in table.live_matches()] == ["cancelled"]
