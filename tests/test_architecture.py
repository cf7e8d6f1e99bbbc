"""Layers: each package imports only what is below it (architecture.md, "Layers")."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# package prefix -> top-level modules (or bot subpackages) it must never import
FORBIDDEN: dict[str, set[str]] = {
    "bot/engine": {
        "discord",
        "PIL",
        "aiosqlite",
        "bot.services",
        "bot.storage",
        "bot.games",
        "bot.i18n",
        "cogs",
        "renderers",
        "random",
    },
    "bot/games": {"discord", "PIL", "aiosqlite", "bot.services", "bot.storage", "cogs", "renderers", "random"},
    "bot/testgames": {"discord", "PIL", "aiosqlite", "bot.services", "bot.storage", "cogs", "renderers", "random"},
    "bot/ai": {"discord", "PIL", "aiosqlite", "bot.services", "bot.storage", "cogs", "renderers", "random"},
    "bot/rules": {"discord", "PIL", "aiosqlite", "bot.services", "bot.storage", "cogs", "renderers"},
    "bot/i18n": {"discord", "PIL", "aiosqlite", "bot.services", "bot.storage", "cogs", "renderers"},
    "bot/storage": {"discord", "PIL", "bot.services", "bot.games", "cogs", "renderers"},
    "bot/services": {"discord", "PIL", "aiosqlite", "cogs", "renderers"},
    "renderers": {"discord", "aiosqlite", "bot.services", "bot.storage", "cogs"},
    "cogs": {"aiosqlite", "PIL"},
    "bot/config.py": {"discord", "PIL", "aiosqlite"},
}
#: Where a layer reaches above itself, and exactly how (#24): the kernel names the renderer's type for the
#: type checker only (under TYPE_CHECKING: it never imports it). A game names its renderer's module in its
#: `GameDef` (`drawn_by`) and never imports it: no game module imports `renderers`.
TYPE_ONLY: dict[str, set[str]] = {"bot/engine/gamedef.py": {"renderers.renderer"}}
ONLY_HERE = {
    "discord": ("cogs/", "bot/app.py", "bot/devtools/"),
    "PIL": ("renderers/",),
    "aiosqlite": ("bot/storage/",),
}


def _imports(path: Path) -> set[str]:
    return _names(ast.parse(path.read_text(encoding="utf-8")))


def _names(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _type_only_imports(path: Path) -> set[str]:
    """What a module imports under `if TYPE_CHECKING:` at its top level (for the checker, never run)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    blocks = [n for n in tree.body if isinstance(n, ast.If) and _is_type_checking(n.test)]
    return {name for block in blocks for stmt in block.body for name in _names(stmt)}


def _allowed(rel: str, path: Path) -> set[str]:
    """The imports above its layer a file may have (TYPE_ONLY)."""
    return _type_only_imports(path) & TYPE_ONLY.get(rel, set())


def _matches(name: str, banned: str) -> bool:
    return name == banned or name.startswith(banned + ".")


def _files() -> list[Path]:
    return [p for top in ("bot", "cogs", "renderers") for p in (ROOT / top).rglob("*.py")]


def test_layers_do_not_reach_above_themselves() -> None:
    problems = []
    for path in _files():
        rel = path.relative_to(ROOT).as_posix()
        imported = _imports(path) - _allowed(rel, path)
        for prefix, banned in FORBIDDEN.items():
            if rel.startswith(prefix):
                problems += [f"{rel} imports {n}" for n in imported for b in banned if _matches(n, b)]
        for lib, allowed in ONLY_HERE.items():
            if not rel.startswith(allowed):
                problems += [f"{rel} imports {n} (only {allowed})" for n in imported if _matches(n, lib)]
    assert problems == []


def test_the_checker_sees_a_violation(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import discord\nfrom PIL import Image\nfrom bot.storage import Store\n")
    assert {"discord", "PIL", "bot.storage"} <= _imports(bad)
    assert _matches("bot.storage.store", "bot.storage") and not _matches("bot.storagex", "bot.storage")


def test_no_game_module_imports_its_renderer_and_the_kernel_only_its_type(tmp_path: Path) -> None:
    """No module of a game imports `renderers`, its `__init__.py` neither (its GameDef names the renderer's
    module, `drawn_by`); `bot/engine/gamedef.py` may name `renderers.renderer` under TYPE_CHECKING only."""
    module = tmp_path / "m.py"
    module.write_text("from renderers.liber import RENDERER\n")
    assert _allowed("bot/games/liber/__init__.py", module) == set()
    assert _allowed("bot/testgames/duel/__init__.py", module) == set()
    assert _allowed("bot/games/liber/views.py", module) == set()
    assert _allowed("bot/games/__init__.py", module) == set()
    module.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from renderers.renderer import Renderer\n"
    )
    assert _allowed("bot/engine/gamedef.py", module) == {"renderers.renderer"}
    module.write_text("from renderers.renderer import Renderer\n")
    assert _allowed("bot/engine/gamedef.py", module) == set()


# --- Imports hidden inside functions, and import circles (#24) ---------------------------------------

PROJECT = ("bot", "cogs", "renderers")
#: Where an import may sit inside a function without saying why: the dev tools (demo, bench, screens).
LAZY_ALLOWED = ("bot/devtools/",)
#: Kernel III's bound on the imports of project modules kept inside functions (each saying why).
MAX_INNER_IMPORTS = 20


def _is_project_import(node: ast.AST) -> bool:
    if isinstance(node, ast.ImportFrom):
        return node.level > 0 or (node.module or "").split(".")[0] in PROJECT
    if isinstance(node, ast.Import):
        return any(a.name.split(".")[0] in PROJECT for a in node.names)
    return False


def _inner_imports(source: str) -> list[tuple[int, bool]]:
    """(line, says why) of each import of a project module inside a function: "says why" is a comment
    on the import's line or on the line above."""
    lines = source.splitlines()
    found: dict[int, bool] = {}
    for fn in ast.walk(ast.parse(source)):
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(fn):
                if _is_project_import(node):
                    at = node.lineno - 1
                    found[node.lineno] = "#" in lines[at] or (at > 0 and lines[at - 1].strip().startswith("#"))
    return sorted(found.items())


def _module_name(rel: str) -> str:
    parts = rel.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _load_time_imports(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    """The imports that run when the module is imported: not those in functions, nor under TYPE_CHECKING."""
    found: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            found += _load_time_imports(node.orelse)
        elif not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                for child in getattr(node, field, []):
                    found += _load_time_imports(child.body if hasattr(child, "pattern") else [child])
    return found


def _import_graph(sources: dict[str, tuple[str, bool]]) -> dict[str, set[str]]:
    """Module -> the project modules it imports at load time. `sources`: module -> (source, is a package).
    `from pkg import name` points at pkg.name when that is a module, else at pkg itself."""
    graph: dict[str, set[str]] = {}
    for module, (source, is_package) in sources.items():
        edges: set[str] = set()
        for node in _load_time_imports(ast.parse(source).body):
            if isinstance(node, ast.Import):
                targets = [(a.name, "") for a in node.names]
            else:
                base = node.module or ""
                if node.level:
                    package = module.split(".") if is_package else module.split(".")[:-1]
                    package = package[: len(package) - node.level + 1]
                    base = ".".join([*package, base] if base else package)
                targets = [(base, a.name) for a in node.names]
            for base, name in targets:
                if f"{base}.{name}" in sources:
                    edges.add(f"{base}.{name}")
                elif base in sources:
                    edges.add(base)
        graph[module] = _with_packages(module, edges, sources) - {module}
    return graph


def _with_packages(module: str, edges: set[str], sources: dict[str, tuple[str, bool]]) -> set[str]:
    """Importing `a.b.c` from outside `a.b` runs `a/b/__init__.py` first: an edge to that package too.
    (Without it, a game package importing its renderer at load time, whose module imports the game's
    modules, looked circle-free, and `import renderers.liber` failed on the half-built package.)"""
    out = set(edges)
    for target in edges:
        parts = target.split(".")
        for n in range(1, len(parts)):
            package = ".".join(parts[:n])
            inside = module == package or module.startswith(package + ".")
            if package in sources and sources[package][1] and not inside:
                out.add(package)
    return out


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while (w := stack.pop()) != v:
                group.append(w)
            if group:
                circles.append(sorted([v, *group]))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return circles


def _project_sources() -> dict[str, tuple[str, bool]]:
    sources = {}
    for path in _files():
        rel = path.relative_to(ROOT).as_posix()
        if not rel.startswith(LAZY_ALLOWED):
            sources[_module_name(rel)] = (path.read_text(encoding="utf-8"), path.name == "__init__.py")
    return sources


def test_imports_inside_functions_say_why() -> None:
    """An import of a project module inside a function hid import circles (#24): the few left (lazy
    on purpose: an optional heavy dependency, one command's module) each say why in a comment."""
    silent, kept = [], 0
    for path in _files():
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(LAZY_ALLOWED):
            continue
        for line, says_why in _inner_imports(path.read_text(encoding="utf-8")):
            kept += 1
            if not says_why:
                silent.append(f"{rel}:{line}")
    assert silent == []
    assert kept <= MAX_INNER_IMPORTS


def test_no_import_circle() -> None:
    """Modules import each other one way: no circle among the imports run at load time."""
    assert _circles(_import_graph(_project_sources())) == []


def test_the_import_checks_see_a_hidden_import_and_a_circle() -> None:
    source = "def f():\n    from bot.engine import Rng\n\n    # the dev tools only\n    from .x import y\n"
    assert _inner_imports(source) == [(2, False), (5, True)]
    assert _inner_imports("def f():\n    import json\n    from pydantic import BaseModel\n") == []
    sources = {
        "p": ("from .a import A\n", True),
        "p.a": ("from p import b\nA = 1\n", False),
        "p.b": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .c import C\n", False),
        "p.c": ("import p.a\n\ndef f():\n    from . import b\n", False),
        "p.d": ("try:\n    from . import c\nexcept ImportError:\n    pass\n", False),
    }
    graph = _import_graph(sources)
    assert graph == {"p": {"p.a"}, "p.a": {"p.b"}, "p.b": set(), "p.c": {"p.a"}, "p.d": {"p.c"}}
    assert _circles(graph) == []
    sources["p.b"] = ("from .c import C\n", False)
    assert _circles(_import_graph(sources)) == [["p.a", "p.b", "p.c"]]
    # a package whose __init__ imports a module that imports one of the package's modules is a circle
    games = {
        "g": ("from r.view import draw\n", True),
        "g.views": ("X = 1\n", False),
        "r": ("", True),
        "r.view": ("from g.views import X\n", False),
    }
    assert _circles(_import_graph(games)) == [["g", "r.view"]]
    games["g"] = ("def load():\n    from r.view import draw\n", True)
    assert _circles(_import_graph(games)) == []
