"""The registry finds games by scanning a package of folders, and says at once when a folder's `GAME`
is not a `GameDef` (the shape before #24 exported the rules object itself)."""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.engine import EngineError, game_def, game_defs, get_game, load_games
from bot.testgames.duel.game import DUEL


@pytest.fixture
def package(tmp_path: Path) -> Iterator[types.ModuleType]:
    """An empty package of game folders on sys.path, removed after."""
    (tmp_path / "somegames").mkdir()
    (tmp_path / "somegames" / "__init__.py").write_text("")
    sys.path.insert(0, str(tmp_path))
    try:
        yield importlib.import_module("somegames")
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m == "somegames" or m.startswith("somegames.")]:
            del sys.modules[name]


def _folder(package: types.ModuleType, name: str, init: str) -> None:
    folder = Path(package.__path__[0]) / name
    folder.mkdir()
    (folder / "__init__.py").write_text(init)


def test_a_folder_exporting_the_rules_object_is_refused_at_once(package: types.ModuleType) -> None:
    before = [d.key for d in game_defs()]
    _folder(package, "old", "from bot.testgames.duel.game import DUEL as GAME\n")
    _folder(package, "helpers", "X = 1\n")  # a folder without GAME is not a game: skipped
    with pytest.raises(TypeError, match=r"somegames\.old\.GAME is a DuelGame, not a GameDef"):
        load_games(package)
    assert [d.key for d in game_defs()] == before


def test_get_game_gives_the_rules_and_game_def_the_description() -> None:
    assert get_game("duel") is DUEL and game_def("duel").rules is DUEL and game_def("duel").command == "duel"
    assert game_def("confrontation").command == "conf"  # the slash command is the GameDef's, not the key
    with pytest.raises(EngineError, match="unknown_game"):
        game_def("echecs")
