"""One content loader for every game: YAML validated by pydantic, every error reported at once.

A game's content (cards, units, heroes, scenarios, decks) is data. Loading it must never stop at the
first problem: a content author fixes a file in one pass when every broken entry is listed, with the
file, the entry and the path of the field.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

M = TypeVar("M", bound=BaseModel)
LOCALES = ("fr", "en")


#: libyaml's parser when PyYAML was built with it: the pure-Python one took about a second per process to
#: read the rules corpus, on the path of the first `/regle` (Discord wants an answer within 3 s).
_SafeLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _StrictLoader(_SafeLoader):  # type: ignore[misc]
    """YAML's safe loader, refusing a key written twice in one mapping: PyYAML keeps the last one
    silently, and a string key repeated in a catalog replaced the first string everywhere it was used."""


def _mapping(loader: _StrictLoader, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                "while reading a mapping", node.start_mark, f"the key {key!r} is written twice", key_node.start_mark
            )
        seen.add(key)
    mapping: dict[Any, Any] = loader.construct_mapping(node, deep=deep)
    return mapping


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)


def load_yaml(text: str) -> Any:
    """A YAML document read safely, refusing duplicate keys (every data file of the project is read so)."""
    return yaml.load(text, Loader=_StrictLoader)


class Names(BaseModel):
    """A name in French and English, as every game's content gives it; `get` reads one (French by
    default). `form` is the French name's gender and number (m, f, mp, fp): what a sentence about it
    agrees with (« Hurleuse est mise hors de combat », `{who:a:mis|mise}` in a catalog)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    fr: str
    en: str
    form: Literal["m", "f", "mp", "fp"] = "m"

    def get(self, locale: str) -> str:
        return self.en if locale.startswith("en") else self.fr


#: A catalog key's suffix under which the French form of a content name is kept (`named_entries`).
FORM = "@form"


def named_entries(key: str, name: Names, locale: str) -> dict[str, str]:
    """A content name's catalog entries: its text under `key`, and in French its form under `key + FORM`
    when it is not masculine singular (the default a sentence agrees with)."""
    out = {key: name.get(locale)}
    if locale == "fr" and name.form != "m":
        out[key + FORM] = name.form
    return out


def game_catalog(folder: Path, names: Callable[[str], dict[str, str]]) -> dict[str, dict[str, str]]:
    """A game's player-facing strings by locale: its `fr.yaml` and `en.yaml` in `folder`, plus the names
    its content gives (`names(locale)`: card, profile or ability names under their keys)."""
    out: dict[str, dict[str, str]] = {}
    for locale in LOCALES:
        data = load_yaml((folder / f"{locale}.yaml").read_text(encoding="utf-8")) or {}
        out[locale] = {str(k): str(v) for k, v in data.items()} | names(locale)
    return out


class ContentError(ValueError):
    """The content is invalid; `problems` lists every problem found."""

    def __init__(self, problems: list[str], game: str = "") -> None:
        self.problems = problems
        head = f"invalid {game} content" if game else "invalid content"
        super().__init__(head + ":\n" + "\n".join(f"- {p}" for p in problems))


class Problems(list[str]):
    """Collects problems while loading; `raise_if_any` ends the load with all of them."""

    def raise_if_any(self, game: str = "") -> None:
        if self:
            raise ContentError(list(self), game)


def read_yaml(path: Path, problems: Problems) -> Any:
    """A YAML document, or None (with a problem) when the file is missing or unreadable."""
    try:
        return load_yaml(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        problems.append(f"{path.name}: {exc}")
        return None


def entries(doc: Any, key: str | None, file: str, problems: Problems) -> list[Any]:
    """The list of raw entries of a document (the document itself, or its `key`)."""
    items = doc if key is None else (doc.get(key, []) if isinstance(doc, dict) else None)
    if items is None and key is None:
        return []
    if not isinstance(items, list):
        problems.append(f"{file}: {'the document' if key is None else repr(key)} must be a list")
        return []
    return items


def validate(model: type[M], raw: Any, label: str, problems: Problems) -> M | None:
    """One entry checked against its model; every field error becomes a problem."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        for err in exc.errors():
            loc = ".".join(str(p) for p in err["loc"]) or "(entry)"
            problems.append(f"{label}: {loc}: {err['msg']}")
        return None


def load_models(
    model: type[M],
    items: list[Any],
    file: str,
    problems: Problems,
    *,
    kind: str = "entry",
    key: Callable[[M], str] = lambda m: str(getattr(m, "id")),  # noqa: B009
    taken: set[str] | None = None,
) -> dict[str, M]:
    """Validate a list of entries into `{id: model}`, reporting bad entries and duplicate ids."""
    out: dict[str, M] = {}
    taken = taken if taken is not None else set()
    for i, raw in enumerate(items):
        ident = str(raw.get("id", "?")) if isinstance(raw, dict) else "?"
        found = validate(model, raw, f"{file}: {kind} #{i} ({ident})", problems)
        if found is None:
            continue
        k = key(found)
        if k in out or k in taken:
            problems.append(f"{file}: duplicate {kind} id {k!r}")
            continue
        out[k] = found
    taken.update(out)
    return out
