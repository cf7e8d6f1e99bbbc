"""A game as one typed description: the one thing a game folder exports (`GAME`), read by the host.

A game's `__init__.py` builds its `GameDef` from its own modules; the registry holds them, and the
rules lookup, the renderers' registry, the bench, the slash commands and the demo all read it, so a
new game is its folder alone (docs/adding-a-game.md). The rules object (`Game[S, A, V]`, a `BaseGame`)
is wrapped, not replaced: the services hold it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, cast

from .game import A, Game, S, V

if TYPE_CHECKING:  # the type only: the kernel never imports a renderer (tests/test_architecture.py)
    from renderers.renderer import Renderer

#: Figures a game's bench hands back: printed and put in the JSON report as they are.
Figures = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class TableBench(Generic[V]):
    """What the bench measures of a table game (its section `== <key> (table)`)."""

    #: The AI against a random player, suggestion and line-of-sight times, ..., over `games` games.
    figures: Callable[[int], Figures]
    #: Public views along a seeded match: the bench times their renders (engines do not draw).
    sample_views: Callable[[], Sequence[V]]


@dataclass(frozen=True, slots=True)
class BenchDef(Generic[V]):
    """What `python -m bot bench` reads of one game beyond what it measures of every game."""

    #: Seeded random playouts, `(games, seed)`: speed and the game's invariant checked at every step.
    playout_stats: Callable[[int, int], Figures] | None = None
    #: The greedy player against itself, `(games, seed, level)`.
    ai_vs_ai: Callable[[int, int, str], Figures] | None = None
    #: The starter decks whose share of wins in mirror matches the bench measures.
    balance_decks: Callable[[], Sequence[str]] | None = None
    #: Set for a table game: its own section.
    table: TableBench[V] | None = None


@dataclass(frozen=True, slots=True)
class GameDef(Generic[S, A, V]):
    """One game: its rules object and everything the host finds by it (see docs/adding-a-game.md)."""

    #: The rules (a `BaseGame`): what the services, the AI and the cogs play. Its name is its catalog's
    #: `<key>.name`, in each language.
    rules: Game[S, A, V]
    #: The slash command's name (`/conf`); empty: the key.
    command: str = ""
    #: What draws it, loaded when first needed; None: the generic renderer. A loader, not the renderer:
    #: a renderer imports the game's modules, so the game's package importing it at load time would make
    #: `import renderers.<key>` run into the half-built package (an import circle), and the engine alone
    #: (AI workers, the rules lookup) never needs Pillow.
    render: Callable[[], Renderer] | None = None
    #: What the bench measures of it beyond what it measures of every game.
    bench: BenchDef[V] | None = None
    #: Its `/regle` entries (a YAML file of the rules corpus, which also lists the words naming the game in a
    #: question); None: the folder's `rules.yaml` when there is one (the file beside its rules' module).
    corpus: Path | None = None

    def __post_init__(self) -> None:
        if not self.command:
            object.__setattr__(self, "command", self.rules.key)
        if self.corpus is None:  # the folder's own: next to the module defining the rules
            corpus = Path(inspect.getfile(type(self.rules))).with_name("rules.yaml")
            object.__setattr__(self, "corpus", corpus if corpus.is_file() else None)

    @property
    def key(self) -> str:
        return self.rules.key


AnyGameDef = GameDef[Any, Any, Any]


def drawn_by(module: str) -> Callable[[], Renderer]:
    """The loader of the renderer `module` exports as `RENDERER`, for `GameDef.render`.

    Named in full by the game, imported when a board is first drawn (see `GameDef.render` for why not
    sooner); `tests/renderers` loads every registered game's, so a wrong name fails there, not in play.
    """

    def load() -> Renderer:
        return cast("Renderer", import_module(module).RENDERER)

    load.__qualname__ = f"drawn_by({module!r})"
    return load


__all__ = ["AnyGameDef", "BenchDef", "Figures", "GameDef", "TableBench"]
