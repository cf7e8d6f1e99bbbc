"""One deck-list parser for every game, with its limits checked before anything is allocated.

Accepted, one entry per line or `;`-separated: `3 Chevalier`, `3x chevalier`, `3 x Chevalier`,
`Chevalier x3`, `Chevalier` (one copy); `# …` and `// …` comments and blank lines are ignored; a line
may carry a label (`Général : Aldric`, `general aldric`) that the game reads. Names fold case, accents and punctuation
(`bot.engine.names.fold`). Every problem of a list is reported at once, as localized `Text`: lines
too long or too many, control characters, invisible or right-to-left marks, absurd counts (a
"30000000 Chevalier" is refused on its own line, never expanded), unknown names with a suggestion.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from .names import fold
from .text import Text, txt

MAX_TEXT = 6_000
MAX_LINES = 120
MAX_LINE = 100
MAX_COPIES_PER_LINE = 99
MAX_TOTAL = 400

_COUNT_FIRST = re.compile(r"(?P<n>\d+)\s*[xX×]?\s+(?P<name>.+)")
_COUNT_LAST = re.compile(r"(?P<name>.+?)\s+[xX×]\s*(?P<n>\d+)")
_LABEL = re.compile(r"(?P<label>[^\W\d_][\w ]{1,20}?)\s*:\s*(?P<rest>.+)")
#: Format and bidirectional controls that hide or reorder text (zero-width spaces, RTL overrides…).
_INVISIBLE = {"Cf", "Cc", "Co", "Cs"}


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of a list: how many of what, and its label if it had one."""

    line: int
    count: int
    name: str
    label: str | None = None

    @property
    def key(self) -> str:
        return fold(self.name)


def _bad_characters(text: str) -> bool:
    return any(unicodedata.category(c) in _INVISIBLE and c not in "\t" for c in text)


def parse(text: str, *, labels: Mapping[str, str] | None = None) -> tuple[list[Entry], list[Text]]:
    """The entries of a list and every problem of its form (not of its content: see `resolve`).

    `labels` maps folded label words to a label name (e.g. {"general": "general", "héros": "hero"}):
    a line `Général : Aldric` becomes an entry labelled "general". Other `x: y` lines are plain names.
    """
    problems: list[Text] = []
    if len(text) > MAX_TEXT:
        return [], [txt("deck.too_long", chars=len(text), max=MAX_TEXT)]
    lines = text.replace(";", "\n").splitlines()
    if len(lines) > MAX_LINES:
        return [], [txt("deck.too_many_lines", count=len(lines), max=MAX_LINES)]
    folded_labels = {fold(k): v for k, v in (labels or {}).items()}
    out: list[Entry] = []
    total = 0
    for number, raw in enumerate(lines, start=1):
        line = re.split(r"#|//", raw, maxsplit=1)[0].strip()
        if not line:
            continue
        if len(line) > MAX_LINE:
            problems.append(txt("deck.line_too_long", line=number, max=MAX_LINE))
            continue
        if _bad_characters(line):
            problems.append(txt("deck.bad_characters", line=number))
            continue
        label = None
        m = _LABEL.fullmatch(line)
        first, _, rest = line.partition(" ")
        if m and fold(m["label"]) in folded_labels:
            label, line = folded_labels[fold(m["label"])], m["rest"].strip()
        elif rest and fold(first) in folded_labels:  # "General Aldric", without the colon
            label, line = folded_labels[fold(first)], rest.strip()
        m = _COUNT_FIRST.fullmatch(line) or _COUNT_LAST.fullmatch(line)
        count, name = (int(m["n"]), m["name"].strip()) if m else (1, line)
        if count < 1 or count > MAX_COPIES_PER_LINE:
            problems.append(txt("deck.bad_count", line=number, count=count, max=MAX_COPIES_PER_LINE))
            continue
        total += count
        if total > MAX_TOTAL:
            problems.append(txt("deck.too_many_cards", max=MAX_TOTAL))
            break
        out.append(Entry(number, count, name, label))
    return out, problems


def resolve(
    entries: list[Entry], index: Mapping[str, str], label_of: Callable[[str], Text]
) -> tuple[list[tuple[Entry, str]], list[Text]]:
    """Each entry's id from `index` ({folded name or id: id}); unknown names get the closest known name.

    `label_of(id)` is how a card is named in a message (its localized name).
    """
    found: list[tuple[Entry, str]] = []
    problems: list[Text] = []
    keys = list(index)
    for entry in entries:
        ident = index.get(entry.key)
        if ident is not None:
            found.append((entry, ident))
            continue
        best = process.extractOne(entry.key, keys, scorer=fuzz.WRatio, score_cutoff=72) if keys else None
        name = entry.name[:40]
        if best is None:
            problems.append(txt("deck.unknown", line=entry.line, name=name))
        else:
            suggestion = label_of(index[best[0]])
            problems.append(txt("deck.unknown_suggest", line=entry.line, name=name, suggestion=suggestion))
    return found, problems


def name_index(names: Mapping[str, tuple[str, ...]]) -> dict[str, str]:
    """{folded name: id} from each id's names (its id included)."""
    index: dict[str, str] = {}
    for ident, labels in names.items():
        for label in (ident, *labels):
            index.setdefault(fold(label.replace("_", " ")), ident)
            index.setdefault(fold(label), ident)
    return index
