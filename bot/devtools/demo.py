"""`python -m bot demo`: complete matches, AI against AI, through the real bot and a simulated Discord.

Alice creates each match with `/partie nouvelle ... ia:True` and plays her seat by clicking the
bot's buttons, choosing with the game's AI; the bot's own AI takes the other seat. Everything
Discord would show is printed, and the images are written to `./demo-output/<game>/`.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import tempfile
from pathlib import Path

import bot.games
import bot.testgames
from bot.engine import Rng, game_defs, load_games

MAX_TURNS = 4000


def _register_games(include_test_game: bool) -> list[str]:
    """Register the games (and the test games, asked for or when there is no other) by scanning their
    folders: the keys the demo and the bench play."""
    load_games(bot.games)
    if include_test_game or not game_defs():
        load_games(bot.testgames)
    return [d.key for d in game_defs()]


async def play_one(
    key: str, out_dir: Path | None, seed: int, quiet: bool, level: str = "normal", locale: str = "fr"
) -> bool:
    from .table import open_table
    from .traffic import tally
    from .transcript import Transcript

    with tempfile.TemporaryDirectory() as tmp:
        # a new deal per --seed; the AI plays at `level`, Alice is the greedy player
        # the server and its people speak `locale`: the match is created in it, its buttons read in it
        async with open_table(Path(tmp) / "demo.sqlite3", first_seed=seed, ai_level=level, locale=locale) as table:
            transcript = Transcript(table.fd, out_dir / key if out_dir else None)
            say = (lambda *_: None) if quiet else print
            say(f"\n===== {key} =====")
            first_call = len(table.fd.calls)
            live = await table.new_match_against_ai("Alice", key)
            rng = Rng(seed)
            actors: list[int] = []
            for line in transcript.new_lines():
                say(line)

            def after_move() -> None:
                actors.append(0)
                for line in transcript.new_lines():
                    say(line)

            await table.play_against_ai("Alice", live, rng, moves=MAX_TURNS, after_move=after_move)
            await table.idle()
            for line in transcript.new_lines():
                say(line)
            done = live.rec.status == "finished"
            outcome = live.rec.outcome or {}
            traffic = tally(table, live, table.fd.calls[first_call:], ["Alice"], actors)
            say(
                f"----- {key}: {'completed' if done else 'DID NOT COMPLETE'} after {live.version} steps; "
                f"winners={outcome.get('winners')} images={len(transcript.images)}; "
                f"Alice got {traffic.dms_per_player['Alice']} DMs and {traffic.mentions_per_player['Alice']} mentions, "
                f"{traffic.thread_messages} thread messages, {round(traffic.rest_calls / max(1, live.version), 2)} "
                f"REST calls per step"
            )
            return done


def _names() -> dict[str, str]:
    """Every name a game answers to on the command line, to its key: its key and its slash command's
    name (`confrontation` and `conf` alike)."""
    return {name: d.key for d in game_defs() for name in (d.key, d.command)}


def main(argv: list[str]) -> int:
    load_games(bot.games)
    listed = ", ".join(d.key if d.command == d.key else f"{d.key} (or {d.command})" for d in game_defs())
    parser = argparse.ArgumentParser(prog="python -m bot demo", description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help=f"a game (repeatable): {listed}; default: every game")
    parser.add_argument("--out", default="demo-output", help="folder for the board images ('' for none)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--quiet", action="store_true", help="print only the summary lines")
    parser.add_argument(
        "--level", choices=("easy", "normal", "hard"), default="normal", help="the AI's difficulty (default: normal)"
    )
    parser.add_argument("--with-test-game", action="store_true", help="also play the host's test game (Duel)")
    parser.add_argument("--locale", choices=("fr", "en"), default="fr", help="the server's language (default: fr)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    logging.getLogger("discord").setLevel(logging.ERROR)
    test_games = {"duel", "palet"}
    keys = _register_games(args.with_test_game or bool(args.game and test_games & set(args.game)))
    names = _names()
    unknown = [k for k in args.game or () if k not in names]
    if unknown:  # one clear line, before anything runs
        print(f"demo: unknown game {unknown[0]!r} (accepted: {', '.join(sorted(names))})", file=sys.stderr)
        return 2
    wanted = (
        [names[k] for k in args.game] if args.game else [k for k in keys if k not in test_games or args.with_test_game]
    )
    out = Path(args.out) if args.out else None
    failures = []
    for key in wanted:
        ok = asyncio.run(play_one(key, out, args.seed, args.quiet, args.level, args.locale))
        if not ok:
            failures.append(key)
    print(
        f"demo: {len(wanted) - len(failures)}/{len(wanted)} matches completed"
        + (f"; failed: {', '.join(failures)}" if failures else "")
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
