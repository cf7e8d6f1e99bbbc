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
    "bot/ai": {"discord", "PIL", "aiosqlite", "bot.services", "bot.storage", "cogs", "renderers", "random"},
    "bot/rules": {"discord", "PIL", "aiosqlite", "bot.services", "bot.storage", "cogs", "renderers"},
    "bot/i18n": {"discord", "PIL", "aiosqlite", "bot.services", "bot.storage", "cogs", "renderers"},
    "bot/storage": {"discord", "PIL", "bot.services", "bot.games", "cogs", "renderers"},
    "bot/services": {"discord", "PIL", "aiosqlite", "cogs", "renderers"},
    "renderers": {"discord", "aiosqlite", "bot.services", "bot.storage", "cogs"},
    "cogs": {"aiosqlite", "PIL"},
    "bot/config.py": {"discord", "PIL", "aiosqlite"},
}
ONLY_HERE = {
    "discord": ("cogs/", "bot/app.py", "bot/devtools/"),
    "PIL": ("renderers/",),
    "aiosqlite": ("bot/storage/",),
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _matches(name: str, banned: str) -> bool:
    return name == banned or name.startswith(banned + ".")


def _files() -> list[Path]:
    return [p for top in ("bot", "cogs", "renderers") for p in (ROOT / top).rglob("*.py")]


def test_layers_do_not_reach_above_themselves() -> None:
    problems = []
    for path in _files():
        rel = path.relative_to(ROOT).as_posix()
        imported = _imports(path)
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
