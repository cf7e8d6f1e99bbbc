"""A sixth game is its folder alone (#24, docs/adding-a-game.md).

A new folder, made from Duel's rules under another key, is dropped next to the test games (the
package's path is extended to a temporary directory: nothing is written in the tree) and nothing else
is touched. The scanner registers it, and the slash commands, the rules lookup, the renderer (the
generic one), the bench and the demo find it; a match of it plays to its end through the real cogs.
The registry is left as it was found.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import bot.testgames
from bot.devtools import bench, demo
from bot.devtools.table import open_table
from bot.engine import AnyGameDef, Rng, SeatSpec, game_def, game_defs, load_games, unregister
from bot.rules.search import default_index
from renderers import generic, render_board_png, renderer_for

ROOT = Path(__file__).resolve().parents[2]
KEY = "sixte"

#: The folder's assembling module: the one thing a game exports, as every game's `__init__.py` writes it.
INIT = '''"""Sixte: Duel's rules under another name, to show that a game is its folder alone."""

from bot.ai import arena
from bot.engine import BenchDef, GameDef

from .game import DUEL


def playout_stats(games: int, seed: int) -> dict[str, object]:
    return arena.playout_stats(DUEL, games, seed)


GAME = GameDef(
    rules=DUEL,
    command="six",
    bench=BenchDef(playout_stats=playout_stats),
)
'''

#: Its /regle entries: one is enough.
CORPUS = """game: sixte
words: [six]
entries:
- id: sixte.pick
  title: {fr: "Choisir une carte face cachée", en: "Pick a card face down"}
  source: our test game
  aliases: {fr: [carte cachée], en: [hidden card]}
  body:
    fr: >-
      Chaque manche, les deux joueurs choisissent en même temps une carte de leur main, face cachée ;
      la plus forte marque un point.
    en: >-
      Every round both players pick a card from their hand at the same time, face down; the higher card
      scores a point.
"""


def _copy_duel(folder: Path) -> None:
    """Duel's rules module under the key `sixte`: its key, catalog keys and name, rule ids and view's tag."""
    source = (ROOT / "bot" / "testgames" / "duel" / "game.py").read_text(encoding="utf-8")
    source = source.replace('"Duel (jeu de test)"', '"Sixte"').replace('"Duel (test game)"', '"Sixte"')
    folder.mkdir()
    (folder / "game.py").write_text(re.sub(r'(?<=[".])duel(?=["."])', KEY, source), encoding="utf-8")
    (folder / "__init__.py").write_text(INIT, encoding="utf-8")
    (folder / "rules.yaml").write_text(CORPUS, encoding="utf-8")


@pytest.fixture
def sixth(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[AnyGameDef]:
    """The folder next to the test games, registered by the scanner; then the registry as it was."""
    before = [d.key for d in game_defs()]
    _copy_duel(tmp_path / KEY)
    monkeypatch.setattr(bot.testgames, "__path__", [*bot.testgames.__path__, str(tmp_path)])
    importlib.invalidate_caches()
    try:
        found = {d.key: d for d in load_games(bot.testgames)}
        yield found[KEY]
    finally:
        unregister(KEY)
        for name in [m for m in sys.modules if m == f"bot.testgames.{KEY}" or m.startswith(f"bot.testgames.{KEY}.")]:
            del sys.modules[name]
        assert [d.key for d in game_defs()] == before


def test_the_scanner_rules_lookup_renderer_bench_and_demo_find_it(sixth: AnyGameDef) -> None:
    assert KEY not in {"duel", "palet"} and game_def(KEY) is sixth and sixth.command == "six"
    hits = default_index().search("carte cachée six", limit=1)  # « six » names the game: a word of its corpus
    assert [h.entry.id for h in hits] == ["sixte.pick"]
    assert renderer_for(KEY) is generic.RENDERER
    seats = [SeatSpec(seat=0, name="Alice"), SeatSpec(seat=1, name="Bob")]
    view = sixth.rules.view(sixth.rules.setup(seats, {}, Rng(1)).state, None)
    assert render_board_png(KEY, view, "fr").png.startswith(b"\x89PNG")
    assert KEY in demo._register_games(include_test_game=True)  # the demo scans the test games' folders
    figures = bench.engine_figures(KEY, playouts=3, ai_games=0)  # the bench reads the GameDef's bench
    assert figures["playout_stats"]["games"] == 3 and "ai_vs_ai" not in figures


async def test_a_match_of_it_plays_through_the_real_cogs(sixth: AnyGameDef, tmp_path: Path) -> None:
    async with open_table(tmp_path / "db.sqlite3") as table:
        assert "six" in {c["name"] for c in table.fd.commands()}  # its slash command group, by GameDef.command
        calls = await table.slash("Alice", "regle", question="carte cachée", jeu=KEY)
        assert calls.callback.json["data"]["embeds"][0]["footer"]["text"].startswith("Sixte")
        live = await table.new_match_against_ai("Alice", KEY)
        rng = Rng(3)
        await table.play_turn_by_command("Alice", live, rng)  # `/six jouer choix:`
        await table.play_against_ai("Alice", live, rng, moves=200)
        await table.idle()
        assert live.game.key == KEY and live.rec.status == "finished"
