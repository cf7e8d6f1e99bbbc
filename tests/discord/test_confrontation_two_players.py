"""Confrontation between two people through the real cogs (issue #14, "Done means"): every decision by
slash command or menu; no sequence card of one side (its order, the card on top, the reserve) reaches
the other side or the thread before it is played (checked on every payload); the event log replays to
the same state; the match ends with its result opening a post, and no post is cut (#28)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from bot.devtools.table import open_table
from bot.engine import ANY, Rng
from bot.games.confrontation.content import PROFILES
from bot.services.replay import replay_from_seed
from tests.discord.conftest import is_private
from tests.discord.test_colors_two_players import _dm_owner


def _secrets(state: Any, seat: int) -> list[str]:
    """What would betray `seat`'s unplayed sequence: its numbered order, its top card offered in a menu,
    its reserve card named."""
    if state.seq is None:
        pile: tuple[str, ...] = state.sides[seat].pile
        reserve = None
    else:
        pile, reserve = state.seq.sides[seat].pile, state.seq.sides[seat].reserve
    names = [PROFILES[c].name.fr for c in pile]
    out = [rf"\d\. {re.escape(n)}" for n in names]
    if names:
        out += [rf"dessus \({re.escape(names[0])}\)", rf"Mettre {re.escape(names[0])} en réserve"]
    if reserve is not None:
        out += [rf"réserve : {re.escape(PROFILES[reserve].name.fr)}", rf"\({re.escape(PROFILES[reserve].name.fr)}\)"]
    return out


SALT = re.compile(r"🔓[^\n]*?`([0-9a-f]{32})`")


def _without_reveals(payload: dict[str, Any], salts: set[str]) -> dict[str, Any]:
    """A DM's payload without its opened choices (their salts added to `salts`). A DM's « since your last
    move » repeats the thread's log, an earlier turn's opened sequence included: its « 4. Épéiste » is no
    secret of this turn, and may reach the DM before the thread's post of it, which waits for the
    channel's pace. The thread's post is checked like any other."""
    content = payload.get("content")
    if not isinstance(content, str) or "🔓" not in content:
        return payload
    salts.update(SALT.findall(content))
    return {**payload, "content": "\n".join(line for line in content.splitlines() if "🔓" not in line)}


async def test_two_people_play_confrontation_and_no_sequence_leaks(tmp_path: Path) -> None:
    async with open_table(tmp_path / "conf.sqlite3", ("Alice", "Bob")) as table:
        await table.slash("Alice", "partie", "nouvelle", jeu="confrontation")
        live = table.live_matches()[-1]
        thread = table.thread_of(live)
        await table.click("Bob", table.last_with(thread, f"tv:join:{live.id}"), f"tv:join:{live.id}")
        await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
        names = {0: "Alice", 1: "Bob"}
        seat_of = {int(table.people[n]["id"]): s for s, n in names.items()}
        rng = Rng(4)
        greedy = table.policy_move

        def policy(live: Any, seat: int, rng: Any) -> Any:
            """The greedy player, except that it reserves, plays both and refuses whenever it may: the
            secrets this test guards must be exercised."""
            if live.state.stack and live.state.stack[-1].kind == "draw":
                offered = [c.action for c in live.game.suggest(live.state, seat, ANY)]
                for wanted in ("reserve", "play_both", "refuse"):
                    pick = next((a for a in offered if a.choice == wanted), None)
                    if pick is not None:
                        return pick
            return greedy(live, seat, rng)

        table.policy_move = policy  # type: ignore[method-assign]
        reserves = 0
        checked = steps = 0
        tokens: set[str] = set()
        dm_salts: set[str] = set()  # of the opened choices a DM's digest repeated
        while live.rec.status == "active" and steps < 1500:
            seat = min(live.to_act())
            before = len(table.fd.calls)
            if steps % 4 == 1:
                await table.play_turn(names[seat], live, rng)
            else:
                await table.play_turn_by_command(names[seat], live, rng)
            steps += 1
            # what is still secret once the step is played; at the end every sealed choice opens (the order of
            # the cards a side never played included): nothing is secret any more
            ended = live.rec.status != "active"
            after = {s: [] if ended else _secrets(live.state, s) for s in (0, 1)}
            reserves += live.state.seq is not None and any(x.reserve for x in live.state.seq.sides)
            for call in table.fd.calls[before:]:
                if call.method not in ("POST", "PATCH") or not isinstance(call.json, dict):
                    continue
                if call.json.get("type") == 8:
                    continue  # autocomplete choices: shown only to the one typing
                owner = _dm_owner(table, call, seat_of)
                if owner is None and is_private(table, call, tokens):
                    continue  # an ephemeral answer to the one who asked
                payload = call.json if owner is None else _without_reveals(call.json, dm_salts)
                text = json.dumps(payload, ensure_ascii=False)
                for s in (0, 1):
                    if owner == s:
                        continue
                    # what is still secret once the step is played (a card played is public)
                    for pattern in after[s]:
                        assert not re.search(pattern, text), (names[s], pattern, call.path, owner)
                    checked += 1
        assert live.rec.status == "finished" and checked > 100 and reserves > 0, (steps, live.rec.status, reserves)
        # the end is readable (#28): the last turn's twelve reveals used to be cut at 2,000 characters,
        # losing the result; the result opens the post, and no post is cut
        posts = [m["content"] for m in table.fd.messages(thread, include_ephemeral=False)]
        # every opened choice a DM repeated was opened in the thread, where it was checked as it went out
        assert dm_salts and dm_salts <= {salt for p in posts for salt in SALT.findall(p)}
        assert all(len(p) <= 2000 and not p.rstrip().endswith("…") for p in posts)
        ended = [p for p in posts if "🏆 Victoire de **" in p or "🤝 Match nul" in p]
        assert len(ended) == 1 and ended[0].startswith(("🏆 Victoire de **", "🤝 Match nul")), ended
        entries = await table.bot.service.history(live.id)
        state, _ = replay_from_seed(live.game, live.rec.seed, live.seats, live.rec.options, entries)
        assert state == live.state
