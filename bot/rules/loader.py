"""Load and validate the YAML rules corpus.

Every problem in every file is collected before raising, so an author fixing the data
sees the whole list at once instead of one error per run.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from bot.engine.content import load_yaml
from bot.rules.model import RuleEntry

DATA_DIR = Path(__file__).with_name("data")
#: Files in the data directory that are not rule entries.
NON_ENTRY_FILES = frozenset({"queries.yaml"})


class RulesDataError(ValueError):
    """The corpus is invalid; ``errors`` lists every problem found."""

    def __init__(self, errors: list[str]) -> None:
        self.errors = errors
        count = f"{len(errors)} error" + ("" if len(errors) == 1 else "s")
        super().__init__(f"{count} in rules data:\n" + "\n".join(f"- {e}" for e in errors))


def entry_files(data_dir: Path = DATA_DIR) -> list[Path]:
    """The YAML files holding entries, in a stable order."""
    return sorted(p for p in data_dir.glob("*.yaml") if p.name not in NON_ENTRY_FILES)


def _raw_entries(path: Path, errors: list[str]) -> Iterable[tuple[str, dict[str, Any]]]:
    """Yield ``(label, mapping)`` per entry; a file may set a default ``game``."""
    try:
        doc = load_yaml(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        errors.append(f"{path.name}: invalid YAML: {exc}")
        return
    if isinstance(doc, list):
        default_game, items = None, doc
    elif isinstance(doc, dict) and isinstance(doc.get("entries"), list):
        default_game, items = doc.get("game"), doc["entries"]
    else:
        errors.append(f"{path.name}: expected a list of entries or a mapping with 'entries'")
        return
    for index, item in enumerate(items):
        if not isinstance(item, dict):
            errors.append(f"{path.name}: entry #{index} is not a mapping")
            continue
        if default_game and "game" not in item:
            item = {"game": default_game, **item}
        yield f"{path.name}: entry #{index} ({item.get('id', '?')})", item


def _format_validation(label: str, exc: ValidationError) -> list[str]:
    out = []
    for err in exc.errors():
        loc = ".".join(str(p) for p in err["loc"]) or "<entry>"
        out.append(f"{label}: {loc}: {err['msg']}")
    return out


def load_entries(data_dir: Path = DATA_DIR) -> tuple[RuleEntry, ...]:
    """Read, validate and cross-check all entry files; raise :class:`RulesDataError`."""
    errors: list[str] = []
    entries: list[RuleEntry] = []
    where: dict[str, str] = {}
    files = entry_files(data_dir)
    if not files:
        errors.append(f"{data_dir}: no entry files")
    for path in files:
        for label, raw in _raw_entries(path, errors):
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


@lru_cache(maxsize=1)
def corpus() -> tuple[RuleEntry, ...]:
    """The validated packaged corpus, loaded once per process."""
    return load_entries(DATA_DIR)


@lru_cache(maxsize=1)
def by_id() -> dict[str, RuleEntry]:
    """Map id -> entry for the packaged corpus."""
    return {e.id: e for e in corpus()}
