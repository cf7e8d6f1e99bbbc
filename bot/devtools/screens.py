"""`python -m bot screens [--out docs/images]`: the boards as a phone shows them, for the docs.

For each card game, a seeded greedy match is played and its fullest board of the middle game is kept: its public board,
one seat's hand, and the board scaled to 390 px (a phone in portrait) are written as PNG, with the
board's alt text beside them. For a table game (`--game colors`, `confrontation`, `warcry`): its public
board at 390 px at a new phase of the middle of a match between its own agents, and at the match's most
crowded moment (a melee). Regenerate after a renderer changes.
"""

from __future__ import annotations

import argparse
import itertools
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import bot.games
from bot.engine import game_defs, games, load_games


def shoot(key: str, out: Path, seed: int, locale: str) -> list[Path]:
    from bot.ai import arena
    from renderers import at_phone_width, renderer_for

    game = next(g for g in games() if g.key == key)
    agent = game.agent("easy")
    states: list[object] = []
    arena.play(game, (agent, agent), seed, invariant=states.append)
    renderer = renderer_for(key)
    # the fullest board of the middle of the match: the most to read, the best test of the layout
    middle = states[len(states) // 2 : len(states) * 3 // 4] or states
    state = max(middle, key=lambda st: len(str(renderer.summary(game.view(st, None), locale=locale))))
    board = renderer.board(game.view(state, None), locale=locale)
    written = [out / f"{key}-board.png", out / f"{key}-board-phone.png"]
    board.save(written[0])
    at_phone_width(board).save(written[1])
    hand_fn = renderer.hand
    hand = hand_fn(game.view(state, 0), locale=locale) if hand_fn else None
    if hand is not None:
        written.append(out / f"{key}-hand.png")
        hand.save(written[-1])
    written.append(out / f"{key}-board.txt")
    written[-1].write_text(str(renderer.summary(game.view(state, None), locale=locale)) + "\n", encoding="utf-8")
    return written


def _crowd(state: object) -> int:
    """How many figures stand within 3" (7.6 cm) of the most surrounded one."""
    pieces: Sequence[Any] = getattr(state, "fighters", None) or getattr(state, "figures", None) or ()
    figures = [f for f in pieces if getattr(f, "placed", True)]
    return max((sum(math.dist((a.x, a.y), (b.x, b.y)) < 762 for b in figures) for a in figures), default=0)


def shoot_table(key: str, out: Path, seed: int, locale: str) -> list[Path]:
    """A table game's public board at phone width: at a new phase mid-match, and in its thickest melee."""
    from bot.ai import table_figures
    from renderers import at_phone_width, renderer_for, to_png

    game = next(g for g in games() if g.key == key)
    states = table_figures.positions_of(game, seed, 1)
    changes = [b for a, b in itertools.pairwise(states) if b.phase != a.phase]
    board = renderer_for(key).board
    written = []
    for name, state in (("phase", changes[len(changes) // 2]), ("melee", max(states, key=_crowd))):
        written.append(out / f"{key}-{name}-phone.png")
        written[-1].write_bytes(to_png(at_phone_width(board(game.view(state, None), locale=locale))))
    return written


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot screens", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/images"))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--locale", default="fr")
    parser.add_argument("--game", action="append", help="a game key (repeatable); default: liber and altered")
    args = parser.parse_args(argv)
    load_games(bot.games)
    args.out.mkdir(parents=True, exist_ok=True)
    tables = {d.key for d in game_defs() if d.bench is not None and d.bench.table is not None}
    for key in args.game or ["liber", "altered"]:
        for path in (shoot_table if key in tables else shoot)(key, args.out, args.seed, args.locale):
            print(path)
    return 0
