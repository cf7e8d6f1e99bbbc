"""`python -m bot screens [--out docs/images]`: the boards as a phone shows them, for the docs.

For each card game, a seeded greedy match is played and its fullest board of the middle game is kept: its public board,
one seat's hand, and the board scaled to 390 px (a phone in portrait) are written as PNG, with the
board's alt text beside them. Regenerate after a renderer changes.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import bot.games
from bot.engine import games, load_games


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


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot screens", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/images"))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--locale", default="fr")
    parser.add_argument("--game", action="append", help="a game key (repeatable); default: liber and altered")
    args = parser.parse_args(argv)
    load_games(bot.games)
    args.out.mkdir(parents=True, exist_ok=True)
    for key in args.game or ["liber", "altered"]:
        for path in shoot(key, args.out, args.seed, args.locale):
            print(path)
    return 0
