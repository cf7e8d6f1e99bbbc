"""Colors of Magic's pauses for instants through the real cogs (#27, D-COL-38): a pause asks a player only
when their hand holds an instant that can answer now, unless they asked to be asked every time
(`/preferences pile:`), and the other player reads the same log either way."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.devtools.table import Table, open_table
from bot.engine import ANY, Rng
from bot.games.colors import instants
from bot.games.colors.actions import Cast, NoResponse
from bot.games.colors.game import ColorsGame
from bot.services.model import LiveMatch

NAMES = {0: "Alice", 1: "Bob"}


async def _two_people(table: Table) -> LiveMatch:
    await table.slash("Alice", "partie", "nouvelle", jeu="colors")
    live = table.live_matches()[-1]
    thread = table.thread_of(live)
    await table.click("Bob", table.last_with(thread, f"tv:join:{live.id}"), f"tv:join:{live.id}")
    await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
    return live


async def _step(table: Table, live: LiveMatch, rng: Rng, menus: Counter[tuple[int, bool]], *, nothing: bool) -> None:
    """One decision through the menu; a pause menu is counted by seat and by whether it offers an instant
    (`nothing`: the pause is answered « Ne rien ajouter à la pile », whatever the hand holds)."""
    seat = min(live.to_act())
    if live.game.asking(live.state) != "respond":
        await table.play_turn(NAMES[seat], live, rng)
        return
    offers = any(isinstance(c.action, Cast) for c in table.service.choices(live, seat, ANY))
    menus[seat, offers] += 1
    if not nothing:
        await table.play_turn(NAMES[seat], live, rng)
        return
    thread = table.thread_of(live)
    await table.click(NAMES[seat], table.last_with(thread, f"tv:act:{live.id}"), f"tv:act:{live.id}")
    await table.choose_in_menu(NAMES[seat], live, seat, NoResponse())


def _spy_passed(monkeypatch: pytest.MonkeyPatch) -> Counter[int]:
    """How many pauses the host answered for each seat from its hand (`passed`)."""
    passed_for: Counter[int] = Counter()
    real = ColorsGame.passed

    def spy(self: ColorsGame, state: Any, seat: int) -> Any:
        answer = real(self, state, seat)
        passed_for[seat] += answer is not None
        return answer

    monkeypatch.setattr(ColorsGame, "passed", spy)
    return passed_for


async def test_a_whole_match_never_shows_a_pause_menu_without_an_instant_to_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """#27, "Done means": two people play a whole match through the menus; every pause menu either of
    them is shown offers an instant their hand can play now. The pauses their hands held nothing for
    were answered for them (D-COL-38), and those came up in this match."""
    passed_for = _spy_passed(monkeypatch)
    async with open_table(tmp_path / "colors.sqlite3", ("Alice", "Bob")) as table:
        live = await _two_people(table)
        rng, menus, steps = Rng(5), Counter[tuple[int, bool]](), 0
        while live.rec.status == "active" and steps < 800:
            await _step(table, live, rng, menus, nothing=False)
            steps += 1
        assert live.rec.status == "finished"
        assert sum(passed_for.values()) > 0 and sum(menus.values()) > 0, (passed_for, menus)
        assert menus[0, False] == menus[1, False] == 0, menus
        entries = await table.service.history(live.id)
        for_them = [e for e in entries if e.meta.get("forced") and (e.action or {}).get("kind") == "no_response"]
        assert len(for_them) >= sum(passed_for.values())  # each one a logged step of its seat


async def test_a_player_who_wants_every_pause_asked_is_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """D-COL-38: Bob sets `/preferences pile:` « Toujours me demander »: he is asked at every pause public
    facts allow (D-COL-31), holding an instant or not; Alice, who left it, never is without one."""
    passed_for = _spy_passed(monkeypatch)
    async with open_table(tmp_path / "colors.sqlite3", ("Alice", "Bob")) as table:
        await table.slash("Bob", "preferences", pile="ask")
        assert (await table.service.preferences(int(table.people["Bob"]["id"]))).pile == "ask"
        live = await _two_people(table)
        rng, menus, steps = Rng(5), Counter[tuple[int, bool]](), 0
        while live.rec.status == "active" and menus[1, False] < 2 and steps < 800:
            await _step(table, live, rng, menus, nothing=False)
            steps += 1
        assert menus[1, False] >= 2, menus  # asked with nothing to play, as he wished
        assert menus[0, False] == 0 and passed_for[1] == 0, (menus, passed_for)


def _seen_by(table: Table, live: LiveMatch, who: str) -> list[str]:
    """What one person can read: the thread's messages and their own DMs, text and embeds, in order."""
    user = int(table.people[who]["id"])
    channels = [table.thread_of(live)["id"]]
    for channel in table.fd.channels.values():
        if channel["type"] == 1 and any(int(r["id"]) == user for r in channel.get("recipients") or []):
            channels.append(channel["id"])
    out = []
    for channel_id in channels:
        for message in table.fd.messages(channel_id):
            out.append(json.dumps([message.get("content"), message.get("embeds")], ensure_ascii=False, sort_keys=True))
    # ids, the match's id and the seals' salted digests differ between two tables
    return [re.sub(r"\d{15,}|\b[0-9a-f]{8,}\b", "#", line.replace(live.id, "@")) for line in out]


async def _alice_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, bob_holds: bool, pile: str) -> Any:
    """Bob's hand is made to hold (or not) an instant that answers each pause; he adds nothing either way.
    Returns the log (seat, action, events), what Alice read in the thread and her DMs, and the pause menus."""
    real = instants.holds_answer
    monkeypatch.setattr(instants, "holds_answer", lambda s, seat, w: bob_holds if seat == 1 else real(s, seat, w))
    async with open_table(tmp_path / f"colors-{bob_holds}-{pile}.sqlite3", ("Alice", "Bob")) as table:
        await table.slash("Bob", "preferences", pile=pile)
        live = await _two_people(table)
        rng, menus, steps = Rng(5), Counter[tuple[int, bool]](), 0
        while live.rec.status == "active" and steps < 80:
            await _step(table, live, rng, menus, nothing=True)
            steps += 1
        entries = await table.service.history(live.id)
        return [(e.seat, e.action, e.events) for e in entries], _seen_by(table, live, "Alice"), menus


async def test_the_other_player_reads_the_same_whether_the_hand_held_an_answer_or_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """D-COL-38: the same 80 decisions, Bob adding nothing at every pause, once holding an instant that
    answers and once holding none. Alice's log is the same step for step (a pause answered for Bob reads
    as his own « nothing »); with `pile:` « Toujours me demander », holding none, everything she reads is
    what she read when he held one."""
    held = await _alice_reads(tmp_path, monkeypatch, bob_holds=True, pile="auto")
    none = await _alice_reads(tmp_path, monkeypatch, bob_holds=False, pile="auto")
    n = min(len(held[0]), len(none[0]))  # Bob passed for, the same 80 decisions of people reach further
    bob_pauses = [e for e in held[0][:n] if e[0] == 1 and (e[1] or {}).get("kind") == "no_response"]
    assert len(bob_pauses) >= 2 and sum(held[2][1, b] for b in (True, False)) >= len(bob_pauses)  # asked each time
    assert not (none[2][1, True] or none[2][1, False])  # and never, holding nothing
    assert held[0][:n] == none[0][:n]  # the same log, step for step: who, what, and every event
    asked = await _alice_reads(tmp_path, monkeypatch, bob_holds=False, pile="ask")  # holding none, asked
    assert asked[2] == held[2] and asked[0] == held[0]
    assert asked[1] == held[1]  # every message of the thread and of her DMs, as when he held an answer
