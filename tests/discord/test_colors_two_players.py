"""Colors of Magic between two people through the real cogs (issue #13, "Done means"): every decision by
slash command or menu; no hand card or face-down duel card reaches the other player or the thread
before its reveal (checked on every payload); the event log replays to the same state."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from bot.devtools.table import open_table
from bot.engine import Rng
from bot.games.colors.content import CARDS
from bot.services.replay import replay_from_seed
from tests.discord.conftest import is_private


def _public_names(state: Any) -> set[str]:
    """Card names anyone may already see: the table, the discards, the permanents, the exile."""
    seen = {f.card for f in state.figures} | {i for f in state.figures for i in f.items}
    for side in state.sides:
        seen |= set(side.discard) | set(side.permanents) | set(side.exile)
    if state.window is not None and state.window.resume.get("kind") == "cast":  # a spell cast face up
        seen.add(state.window.resume["cast"]["card"])
    seen |= {raw["card"] for _, raw in state.instants}
    return {CARDS[c].name.fr for c in seen if c in CARDS}


async def test_two_people_play_colors_and_nothing_hidden_leaks(tmp_path: Path) -> None:
    async with open_table(tmp_path / "colors.sqlite3", ("Alice", "Bob")) as table:
        await table.slash("Alice", "partie", "nouvelle", jeu="colors")
        live = table.live_matches()[-1]
        thread = table.thread_of(live)
        await table.click("Bob", table.last_with(thread, f"tv:join:{live.id}"), f"tv:join:{live.id}")
        await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
        names = {0: "Alice", 1: "Bob"}
        seat_of = {int(table.people[n]["id"]): s for s, n in names.items()}
        rng = Rng(8)
        checked = steps = duels_seen = 0
        tokens: set[str] = set()
        while live.rec.status == "active" and steps < 700:
            seat = min(live.to_act())
            before = len(table.fd.calls)
            if steps % 5 == 2:
                await table.play_turn(names[seat], live, rng)
            else:
                await table.play_turn_by_command(names[seat], live, rng)
            steps += 1
            state = live.state
            hidden: dict[int, set[str]] = {}
            for s, side in enumerate(state.sides):
                secret = set(side.hand) | (set(state.duel.cards[s]) if state.duel else set())
                hidden[s] = {CARDS[c].name.fr for c in secret} - _public_names(state)
            duels_seen += state.duel is not None and any(state.duel.cards)
            for call in table.fd.calls[before:]:
                if call.method not in ("POST", "PATCH") or not isinstance(call.json, dict):
                    continue
                text = json.dumps(call.json, ensure_ascii=False)
                owner = _dm_owner(table, call, seat_of)
                if call.json.get("type") == 8:
                    continue  # autocomplete choices: shown only to the one typing
                if owner is None and is_private(table, call, tokens):
                    continue  # an ephemeral answer to the one who asked
                for s in (0, 1):
                    if owner == s:
                        continue
                    # a DM may name its owner's own cards (both grimoires share the Savoir school)
                    secret = hidden[s] - (hidden[owner] if owner is not None else set())
                    leaked = [n for n in secret if re.search(rf"\b{re.escape(n)}\b", text)]
                    assert not leaked, (names[s], leaked, call.path, owner)
                    checked += 1
        assert live.rec.status == "finished" and duels_seen > 0 and checked > 100
        entries = await table.bot.service.history(live.id)
        state, _ = replay_from_seed(live.game, live.rec.seed, live.seats, live.rec.options, entries)
        assert state == live.state


def _dm_owner(table: Any, call: Any, seat_of: dict[int, int]) -> int | None:
    """The seat whose DM channel a call writes to, or None when it is not a DM."""
    m = re.match(r"/channels/(\d+)/", call.path)
    if not m:
        return None
    channel = table.fd.channels.get(int(m.group(1)))
    if not channel or channel["type"] != 1:
        return None
    recipients = channel.get("recipients") or []
    for r in recipients:
        if int(r["id"]) in seat_of:
            return seat_of[int(r["id"])]
    return None
