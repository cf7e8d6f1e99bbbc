"""Who may name a match (#23): a match is reached only from its own server (another server's is "not
found", exactly as an unknown id), some buttons only from its own thread, a DM only by its players;
a draft only by its owner in its own match; an interaction acknowledged too late is one warning line.

The attacks go through the real cogs: a moderator of a second server types commands with an id of
the first, and forges components (a client can send any custom_id) on messages of their own server
or of their own DMs with the bot.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.devtools.fakediscord import MODERATOR_PERMISSIONS, FakeDiscord, start_bot
from bot.devtools.table import Table, table_bot
from bot.engine import ANY
from bot.services import ServiceError
from cogs.pacing import NoPace
from tests.discord.conftest import new_match, private_text, started_match

JSON = dict[str, Any]
NOT_FOUND = "Partie introuvable."


@dataclass
class Servers:
    """Guild A (Alice, Bob, Eve, the table) and guild B, where Mallory is a moderator with a lobby of her own."""

    table: Table
    guild_b: JSON
    mallory: JSON
    her_thread_message: JSON  # a message of guild B's thread, to forge clicks on
    her_dm_message: JSON  # a message of her DMs with the bot, to forge clicks on

    @property
    def fd(self) -> FakeDiscord:
        return self.table.fd

    async def mallory_types(self, subcommand: str, **options: Any) -> str:
        channel = self.fd.text_channel(self.guild_b)
        payload = self.fd.slash("partie", self.mallory, self.guild_b, channel=channel, subcommand=subcommand, **options)
        calls = await self.fd.interact(self.table.bot, payload)
        await self.table.idle()
        return private_text(calls)

    async def forge(self, who: JSON, message: JSON, custom_id: str, values: list[str] | None = None) -> str:
        """A click on `message` carrying a custom_id built by hand (the client also shows it on the message,
        as discord.py looks for it there); returns what the bot answered."""
        payload = self.fd.component(message, custom_id, who, None, values=values)
        if values is None:
            component: JSON = {"type": 2, "style": 2, "label": "?", "custom_id": custom_id}
        else:
            options = [{"label": v, "value": v} for v in values]
            component = {"type": 3, "custom_id": custom_id, "options": options, "min_values": 1, "max_values": 1}
        payload["message"]["components"] = [{"type": 1, "components": [component]}]
        calls = await self.fd.interact(self.table.bot, payload)
        await self.table.idle()
        return private_text(calls)


@pytest_asyncio.fixture
async def servers(tmp_path: Path) -> AsyncIterator[Servers]:
    async with FakeDiscord() as fd:
        people = {n: fd.add_user(n) for n in ("Alice", "Bob", "Eve")}
        mallory = fd.add_user("Mallory", permissions=MODERATOR_PERMISSIONS.value)
        guild_a = fd.add_guild(list(people.values()), name="Taverne")
        guild_b = fd.add_guild([mallory], name="Repaire")
        seeds = itertools.count(1)
        bot = table_bot(
            tmp_path / "db.sqlite3",
            ai_delay=0.0,
            ai_level="easy",
            seed_source=lambda: next(seeds),
            thread_pace=NoPace(),
        )
        await start_bot(fd, bot)
        try:
            table = Table(fd, bot, guild_a, people)
            payload = fd.slash("partie", mallory, guild_b, subcommand="nouvelle", jeu="duel")
            await fd.interact(bot, payload)
            hers = table.live_matches()[-1]
            assert hers.rec.guild_id == int(guild_b["id"])
            her_dms = fd.dm_channel_of(mallory)
            assert her_dms is not None
            yield Servers(table, guild_b, mallory, fd.messages(table.thread_of(hers))[0], fd.messages(her_dms)[-1])
        finally:
            await bot.close()


async def _finished(table: Table) -> Any:
    live = await started_match(table)
    await table.slash("Bob", "partie", "abandonner", channel=table.thread_of(live))
    assert live.rec.status == "finished"
    return live


def _alices_draft(table: Table, live: Any) -> str:
    action = table.service.choices(live, 0, ANY)[0].action
    return table.service.new_draft(live, int(table.people["Alice"]["id"]), action, preview=True).id


def _match_ids(live: Any, draft: str) -> dict[str, tuple[str, list[str] | None]]:
    """Every component naming an active match, built by hand (what a forging client sends)."""
    m, v = live.id, live.version
    code = live.game.encode_action(live.game.legal_actions(live.state, 0)[0])
    return {
        "act": (f"tv:act:{m}", None),
        "hand": (f"tv:hand:{m}", None),
        "x": (f"tv:x:{m}:{v}:{code}", None),
        "v": (f"tv:v:{m}:{v}:{code}", None),
        "d": (f"tv:d:{m}:{draft}", None),
        "m": (f"tv:m:{m}:{v}", [code]),
        "g": (f"tv:g:{m}:{v}", ["pick"]),
        "gb": (f"tv:gb:{m}:{v}", None),
        "ok": (f"tv:ok:{m}:{draft}", None),
        "no": (f"tv:no:{m}:{draft}", None),
        "undo": (f"tv:undo:{m}:{v - 1}:y", None),
        "log": (f"tv:log:{m}:0", None),
        "a": (f"tv:a:{m}:{v}:0", None),
        "s": (f"tv:s:{m}:{v}:0", ["0"]),
        "p": (f"tv:p:{m}:{v}:0", None),
    }


# -- another server ------------------------------------------------------------------------------


async def test_another_servers_moderator_names_no_match_of_this_one_by_command(servers: Servers) -> None:
    table = servers.table
    lobby = await new_match(table)
    live = await started_match(table)
    done = await _finished(table)
    broken = await started_match(table)
    await table.service.store.mark_broken(broken.id, "test")
    table.service._forget(broken.id)  # read again from its row: broken
    matches = len(table.live_matches())
    unknown = await servers.mallory_types("annuler", partie="0123abcd")
    assert unknown == NOT_FOUND

    answers = {
        "annuler lobby": await servers.mallory_types("annuler", partie=lobby.id),
        "annuler active": await servers.mallory_types("annuler", partie=live.id),
        "annuler broken": await servers.mallory_types("annuler", partie=broken.id),
        "revoir": await servers.mallory_types("revoir", partie=done.id),
        "essayer": await servers.mallory_types("essayer", partie=done.id, coup=1),
        "verifier": await servers.mallory_types("verifier", partie=done.id),
        "deplacer": await servers.mallory_types("deplacer", partie=live.id),
        "deplacer broken": await servers.mallory_types("deplacer", partie=broken.id),
    }
    assert answers == dict.fromkeys(answers, unknown)
    assert (lobby.rec.status, live.rec.status) == ("lobby", "active")
    rec = await table.service.store.get_match(broken.id)
    assert rec is not None and rec.status == "active"
    assert len(table.live_matches()) == matches  # no practice match was created from theirs


async def test_the_service_cancels_no_match_of_another_server(servers: Servers) -> None:
    """Defence in depth: a caller that forgot the gate is refused by the service itself."""
    table = servers.table
    live = await started_match(table)
    with pytest.raises(ServiceError, match="match_not_found"):
        await table.service.cancel(
            live.id, int(servers.mallory["id"]), guild_id=int(servers.guild_b["id"]), is_manager=True
        )
    assert live.rec.status == "active"


async def test_forged_components_from_another_server_reach_nothing(servers: Servers) -> None:
    table = servers.table
    alice, bob = table.people["Alice"], table.people["Bob"]
    lobby = await new_match(table)
    live = await started_match(table)
    done = await _finished(table)
    draft = _alices_draft(table, live)
    version, matches = live.version, len(table.live_matches())
    forged = {
        **_match_ids(live, draft),
        "join": (f"tv:join:{lobby.id}", None),
        "ai": (f"tv:ai:{lobby.id}", None),
        "start": (f"tv:start:{lobby.id}", None),
        "rematch": (f"tv:rematch:{done.id}", None),
        "rv": (f"tv:rv:{done.id}:1", None),
        "try": (f"tv:try:{done.id}:1", None),
        "log finished": (f"tv:log:{done.id}:0", None),
    }
    answers = {
        name: await servers.forge(servers.mallory, servers.her_thread_message, custom_id, values)
        for name, (custom_id, values) in forged.items()
    }
    assert answers == dict.fromkeys(answers, NOT_FOUND)
    assert [s.user_id for s in lobby.seats] == [int(alice["id"])] and lobby.rec.status == "lobby"
    assert live.version == version and [s.user_id for s in live.seats] == [int(alice["id"]), int(bob["id"])]
    assert table.service.drafts.get(draft) is not None
    assert len(table.live_matches()) == matches


async def test_a_click_in_a_dm_reaches_only_a_match_of_ones_own(servers: Servers) -> None:
    table = servers.table
    lobby = await new_match(table)
    live = await started_match(table)
    done = await _finished(table)
    draft = _alices_draft(table, live)
    forged = {
        **_match_ids(live, draft),
        "join": (f"tv:join:{lobby.id}", None),
        "start": (f"tv:start:{lobby.id}", None),
        "rv": (f"tv:rv:{done.id}:1", None),
        "try": (f"tv:try:{done.id}:1", None),
    }
    answers = {
        name: await servers.forge(servers.mallory, servers.her_dm_message, custom_id, values)
        for name, (custom_id, values) in forged.items()
    }
    assert answers == dict.fromkeys(answers, NOT_FOUND)
    assert len(lobby.seats) == 1 and table.service.drafts.get(draft) is not None

    # her own players still play from their DMs
    alice = table.people["Alice"]
    dms = servers.fd.dm_channel_of(alice)
    assert dms is not None and 0 in live.to_act()
    menu = await servers.forge(alice, servers.fd.messages(dms)[-1], f"tv:act:{live.id}")
    assert menu.startswith("Vos actions possibles")


# -- this server, another thread -------------------------------------------------------------------


async def test_lobby_take_back_and_rematch_buttons_work_only_in_their_own_thread(servers: Servers) -> None:
    table = servers.table
    lobby = await new_match(table)
    live = await started_match(table)
    done = await _finished(table)
    elsewhere = table.fd.messages(table.thread_of(live))[0]  # a message of another match's thread
    eve, alice = table.people["Eve"], table.people["Alice"]
    matches = len(table.live_matches())
    answers = {
        "join": await servers.forge(eve, elsewhere, f"tv:join:{lobby.id}"),
        "ai": await servers.forge(alice, elsewhere, f"tv:ai:{lobby.id}"),
        "start": await servers.forge(alice, elsewhere, f"tv:start:{lobby.id}"),
        "rematch": await servers.forge(alice, elsewhere, f"tv:rematch:{done.id}"),
        "undo": await servers.forge(eve, elsewhere, f"tv:undo:{done.id}:1:y"),
    }
    assert answers == dict.fromkeys(answers, "Ce bouton ne sert que dans le fil de sa partie.")
    assert len(lobby.seats) == 1 and lobby.rec.status == "lobby"
    assert len(table.live_matches()) == matches
    here = table.fd.messages(table.thread_of(lobby))[0]
    assert "Vous avez rejoint" in await servers.forge(eve, here, f"tv:join:{lobby.id}")  # in its thread: fine


# -- drafts ----------------------------------------------------------------------------------------


async def test_a_draft_of_another_match_is_no_such_choice_typed_or_clicked(servers: Servers) -> None:
    table = servers.table
    live = await started_match(table)
    await table.slash("Alice", "partie", "nouvelle", jeu="palet", ia=True)
    palet = table.live_matches()[-1]
    start = f"tv:start:{palet.id}"
    await table.click("Alice", table.last_with(table.thread_of(palet), start), start)
    assert palet.rec.status == "active" and 0 in palet.to_act() and 0 in live.to_act()
    draft = _alices_draft(table, palet)  # Alice's own draft, of her other match (another game)
    versions = (live.version, palet.version)
    thread = table.thread_of(live)
    typed = await table.slash("Alice", "partie", "jouer", channel=thread, coup=f"{live.version}:@{draft}")
    alice = table.people["Alice"]
    answers = {
        "typed": private_text(typed),
        "ok": await servers.forge(alice, table.fd.messages(thread)[-1], f"tv:ok:{live.id}:{draft}"),
        "d": await servers.forge(alice, table.fd.messages(thread)[-1], f"tv:d:{live.id}:{draft}"),
        "no": await servers.forge(alice, table.fd.messages(thread)[-1], f"tv:no:{live.id}:{draft}"),
    }
    assert answers == dict.fromkeys(answers, "Ce choix n'existe pas (ou plus).")
    assert (live.version, palet.version) == versions  # Confirm did not play it in the other match
    assert table.service.drafts.get(draft) is not None


async def test_only_its_owner_drops_a_draft(servers: Servers) -> None:
    table = servers.table
    live = await started_match(table)
    draft = _alices_draft(table, live)
    thread = table.thread_of(live)
    answer = await servers.forge(table.people["Bob"], table.fd.messages(thread)[-1], f"tv:no:{live.id}:{draft}")
    assert answer == "Ce bouton appartient à un autre joueur."
    assert table.service.drafts.get(draft) is not None


# -- Discord's 3 seconds ---------------------------------------------------------------------------


async def test_an_interaction_acknowledged_too_late_is_one_warning_line(
    servers: Servers, caplog: pytest.LogCaptureFixture
) -> None:
    table = servers.table
    lobby = await new_match(table)
    live = await started_match(table)
    thread, lobby_thread = table.thread_of(live), table.thread_of(lobby)
    caplog.set_level(logging.WARNING)
    fault = table.fd.fail("POST", r"/interactions/\d+/[^/]+/callback", 404, 10062, "Unknown interaction")
    eve = table.people["Eve"]
    await servers.forge(eve, table.fd.messages(lobby_thread)[0], f"tv:join:{lobby.id}")  # defers first
    await servers.forge(table.people["Alice"], table.fd.messages(thread)[-1], f"tv:act:{live.id}")  # answers first
    await table.slash("Alice", "partie", "rappel", channel=thread)  # a command that defers in `Answering`
    await table.slash("Alice", "partie", "annuler", channel=lobby_thread)  # one that defers in its own try
    table.fd.clear_faults()
    assert fault.hits == 4
    assert len(lobby.seats) == 1 and lobby.rec.status == "lobby"  # nothing was done unseen
    lines = [r for r in caplog.records if "not acknowledged" in r.getMessage()]
    assert len(lines) == 4 and all(r.levelno == logging.WARNING and r.exc_info is None for r in lines)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_any_refusal_of_the_first_answer_is_one_warning_line(
    servers: Servers, caplog: pytest.LogCaptureFixture
) -> None:
    table = servers.table
    lobby = await new_match(table)
    caplog.set_level(logging.WARNING)
    table.fd.fail("POST", r"/interactions/\d+/[^/]+/callback", 400, 40060, "Interaction has already been acknowledged")
    await table.slash("Alice", "partie", "annuler", channel=table.thread_of(lobby))  # defers in its own try
    await table.slash("Alice", "partie", "rappel", channel=table.thread_of(lobby))  # defers in `Answering`
    table.fd.clear_faults()
    assert lobby.rec.status == "lobby"
    lines = [r for r in caplog.records if "not acknowledged" in r.getMessage()]
    assert [r.getMessage().rsplit(" ", 1)[-1] for r in lines] == ["code=40060"] * 2
    assert all(r.exc_info is None for r in lines)
