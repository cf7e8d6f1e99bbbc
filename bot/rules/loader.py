"""Load and validate the YAML rules corpus.

Each game's entries live in its own folder (`GameDef.corpus`, e.g. `bot/games/liber/rules.yaml`): the
corpus is the registered games' files, and an entry belongs to the game whose file holds it. Every
problem in every file is collected before raising, so an author fixing the data sees the whole list
at once instead of one error per run.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from bot.engine import game_defs
from bot.engine.content import load_yaml
from bot.rules.model import RuleEntry

#: The corpus files, (game key, path) in key order: what a loaded corpus and its index are cached by.
Files = tuple[tuple[str, Path], ...]


class RulesDataError(ValueError):
    """The corpus is invalid; ``errors`` lists every problem found."""

    def __init__(self, errors: list[str]) -> None:
        self.errors = errors
        count = f"{len(errors)} error" + ("" if len(errors) == 1 else "s")
        super().__init__(f"{count} in rules data:\n" + "\n".join(f"- {e}" for e in errors))


def registered_files() -> Files:
    """The corpus of every registered game that has one (`GameDef.corpus`), in key order."""
    return tuple((d.key, d.corpus) for d in game_defs() if d.corpus is not None)


def _raw_entries(path: Path, game: str, errors: list[str]) -> Iterable[tuple[str, dict[str, Any]]]:
    """Yield ``(label, mapping)`` per entry of `game`'s file; an entry's ``game`` defaults to it."""
    try:
        doc = load_yaml(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        errors.append(f"{path.name}: invalid YAML: {exc}")
        return
    if isinstance(doc, list):
        items = doc
    elif isinstance(doc, dict) and isinstance(doc.get("entries"), list):
        items = doc["entries"]
        if doc.get("game", game) != game:
            errors.append(f"{path.name}: says game {doc['game']!r}, but it is the corpus of {game!r}")
            return
    else:
        errors.append(f"{path.name}: expected a list of entries or a mapping with 'entries'")
        return
    for index, item in enumerate(items):
        if not isinstance(item, dict):
            errors.append(f"{path.name}: entry #{index} is not a mapping")
            continue
        label = f"{path.name}: entry #{index} ({item.get('id', '?')})"
        if item.setdefault("game", game) != game:
            errors.append(f"{label}: game {item['game']!r} in the corpus of {game!r}")
            continue
        yield label, item


def _format_validation(label: str, exc: ValidationError) -> list[str]:
    out = []
    for err in exc.errors():
        loc = ".".join(str(p) for p in err["loc"]) or "<entry>"
        out.append(f"{label}: {loc}: {err['msg']}")
    return out


def load_entries(files: Mapping[str, Path] | None = None) -> tuple[RuleEntry, ...]:
    """Read, validate and cross-check the corpus files, {game key: file} (default: the registered
    games'); raise :class:`RulesDataError`."""
    errors: list[str] = []
    entries: list[RuleEntry] = []
    where: dict[str, str] = {}
    chosen = dict(registered_files()) if files is None else files
    if not chosen:
        errors.append("no corpus file: no registered game has one")
    for game, path in sorted(chosen.items()):
        for label, raw in _raw_entries(path, game, errors):
            try:
                entry = RuleEntry.model_validate(raw)
            except ValidationError as exc:
                errors.extend(_format_validation(label, exc))
                continue
            if entry.id in where:
                errors.append(f"{label}: duplicate id, first defined in {where[entry.id]}")
                continue
            where[entry.id] = label
            entries.append(entry)
    for entry in entries:
        for rel in entry.related:
            if rel not in where:
                errors.append(f"{where[entry.id]}: related id {rel!r} does not exist")
    if errors:
        raise RulesDataError(errors)
    return tuple(entries)


@lru_cache(maxsize=4)
def words_of(files: Files) -> dict[str, tuple[str, ...]]:
    """The words each file's game is named by in a question beside its key (its header's `words`: « kol »,
    « war cry »), {game key: words}, read once per process."""
    found: dict[str, tuple[str, ...]] = {}
    for game, path in files:
        doc = load_yaml(path.read_text(encoding="utf-8"))
        words = doc.get("words", []) if isinstance(doc, dict) else []
        if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
            raise RulesDataError([f"{path.name}: 'words' is a list of words naming the game"])
        found[game] = tuple(words)
    return found


@lru_cache(maxsize=4)
def entries_of(files: Files) -> tuple[RuleEntry, ...]:
    """The validated entries of these files, loaded once per process (a game registered later, by a
    test, is another set of files)."""
    return load_entries(dict(files))


@lru_cache(maxsize=4)
def _by_id(files: Files) -> dict[str, RuleEntry]:
    return {e.id: e for e in entries_of(files)}


def corpus() -> tuple[RuleEntry, ...]:
    """The validated corpus of the registered games."""
    return entries_of(registered_files())


def by_id() -> dict[str, RuleEntry]:
    """Map id -> entry for the registered games' corpus."""
    return _by_id(registered_files())
