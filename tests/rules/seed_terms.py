"""Extract section headings and defined keywords from the rules documents.

Each seed document has its own layout (plain text with "Label :" lines, markdown
headings, numbered glossary rules), so each gets a small extractor. The lists come from
the documents themselves; only the exclusions below are written by hand.
"""

from __future__ import annotations

import re
from pathlib import Path

SEED_FILES = {
    "colors": "000_f05c255328dc5915.txt",
    "confrontation": "001_f05983d00b99eae0.txt",
    "liber": "002_825ec96adfd5bc47.txt",
    "warcry": "003_fdfc52b6a6a167c2.txt",
    "altered": "004_e5229a56885f9911.txt",
}

#: Labels that introduce prose, examples or layout, not a rule (folded comparison).
EXCLUDED = {
    "note": "editorial note, not a rule",
    "a note": "editorial note",
    "exemple": "worked example, covered by the entry it illustrates",
    "attention": "emphasis marker",
    "resultat": "part of the resolution example",
    "vs": "part of the resolution example",
    "todo": "author's placeholder",
    "remarque": "editorial remark",
    "sommaire": "table of contents",
    "credits": "credits",
    "conditions necessaires": "sub-heading repeated under every action",
    "effets": "sub-heading under an action",
    "regle du jeu": "document title",
    "glossaire altered": "document title",
    "le deroulement du jeu": "document title",
    "en cas d egalite": "sentence opener, the tie rule lives in its parent entry",
    "initiative de l attaquant": "formula line of the duel",
    "initiative du defenseur": "formula line of the duel",
    "cas special": "label prefix of the instants-and-stack heading, whose text is kept",
    "voir egalement la clarification des phases d une journee": "cross-reference line",
    "ne peut pas": "bold emphasis inside a sentence",
    "avant ou apres": "bold emphasis inside a sentence",
    "sans se deplacer": "bold emphasis inside a sentence",
    "annoncees et resolues": "bold emphasis inside a sentence",
}
_CASE = re.compile(r"^cas \d+$")


def _fold(text: str) -> str:
    import unicodedata

    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"[^0-9a-z]+", " ", text).strip()


def _keep(term: str) -> bool:
    folded = _fold(term)
    if "," in term:  # a sentence that happens to end with a colon, not a label
        return False
    return bool(folded) and folded not in EXCLUDED and not _CASE.match(folded) and len(folded.split()) <= 9


def _label_lines(text: str) -> list[str]:
    """ "Label : text" or "- Label :" lines (plain-text documents)."""
    out = []
    for line in text.splitlines():
        m = re.match(r"^\s*(?:-\s*)?([^:\n]{2,70}?)\s*:", line)
        if m and not m.group(1).startswith("\\"):
            out.append(m.group(1).strip().strip("*").strip())
    return out


def _plain_headings(text: str) -> list[str]:
    """Short standalone lines with no final punctuation."""
    out = []
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith(("-", "\\", "TODO")) or ":" in s or len(s) > 60:
            continue
        if s[-1] in ".!?,;)" or len(s.split()) > 8:
            continue
        out.append(s)
    return out


def _colors(text: str) -> list[str]:
    terms = _plain_headings(text) + _label_lines(text)
    terms += re.findall(r"(?:mot-clé|capacité|type) ([A-ZÉ][\wéèà]+)", text)
    terms += re.findall(r"est une ([A-ZÉ][\wéèà]+)", text)  # "le duel est une Impasse"
    terms += re.findall(r"^Cas Spécial : (.+)$", text, flags=re.M)
    # "Le Mouvement (voir ...)" / "L'Action (souvent ...)" paragraph openers
    terms += re.findall(r"^(L[ea]? ?'?[A-ZÉ][\wé]+) \(", text, flags=re.M)
    return terms


def _liber(text: str) -> list[str]:
    return _plain_headings(text) + _label_lines(text)


def _confrontation(text: str) -> list[str]:
    terms = []
    for m in re.finditer(r"^#{2,4}\s+(.+?)\s*$", text, flags=re.M):
        heading = re.sub(r"^(?:Ch\.\d+|[VIX]+(?:-[A-Z])?(?:-\d+)?\.)\s*", "", m.group(1)).strip(" .")
        terms.append(heading)
    terms += re.findall(r"^\*\*([^*]+?)\s*:?\s*\*\*\s*:?", text, flags=re.M)  # "**Charger :**"
    terms += [t for t in re.findall(r"\*\*([^*]+?)\*\*", text) if len(t.split()) <= 3 and ":" not in t]
    return [t.strip(" :") for t in terms]


def _warcry(text: str) -> list[str]:
    terms = [m.group(1) for m in re.finditer(r"^#{1,4}\s+(.+?)\s*$", text, flags=re.M)]
    terms += re.findall(r"\*\*([^*]+?)\*\*\s+(?:désigne|signifie)", text)
    terms += re.findall(r"le terme « \*\*([^*]+?)\*\* »", text)
    return [re.sub(r"^\*\*|\*\*$", "", t).strip(" .") for t in terms]


def _altered(text: str) -> list[str]:
    terms = re.findall(r"^\d+\.\d+\.\d+ (.+)$", text, flags=re.M)
    terms += [t for t in _plain_headings(text) if not re.match(r"^\d", t)]
    terms += [t for t in _label_lines(text) if not re.match(r"^\d", t)]
    for pair in re.findall(r"statuts? ([A-ZÉ]\w+)(?: et ([A-ZÉ]\w+))?", text):
        terms += [p for p in pair if p]
    terms += re.findall(r"\(([A-ZÉ][a-zé]+)\)", text)
    return [t.strip(' "') for t in terms]


EXTRACTORS = {
    "colors": _colors,
    "confrontation": _confrontation,
    "liber": _liber,
    "warcry": _warcry,
    "altered": _altered,
}


def extract_terms(seeds_dir: Path) -> dict[str, list[str]]:
    """Headings and defined keywords per game, deduplicated, in document order."""
    result: dict[str, list[str]] = {}
    for game, name in SEED_FILES.items():
        text = (seeds_dir / name).read_text(encoding="utf-8")
        seen: dict[str, str] = {}
        for term in EXTRACTORS[game](text):
            term = term.strip()
            if _keep(term) and _fold(term) not in seen:
                seen[_fold(term)] = term
        result[game] = list(seen.values())
    return result


if __name__ == "__main__":  # pragma: no cover - manual inspection helper
    import sys

    for g, ts in extract_terms(Path(sys.argv[1])).items():
        print(g, len(ts))
        for t in ts:
            print("   ", t)
