"""What a rule answer may cite in public: the games' own documents and the official Altered rules,
never our research notes, decision ids or entry ids (they mean nothing to a player)."""

from __future__ import annotations

import re
from typing import Any

#: The rule documents by their number in our sources, as a player knows them.
DOCUMENTS = {
    "000": {"fr": "Règles de Colors of Magic", "en": "Colors of Magic rules"},
    "001": {"fr": "Conf'Fédé, Phase d'activation", "en": "Conf'Fédé, Activation phase"},
    "002": {"fr": "Règle du jeu de King of Liber", "en": "King of Liber rules"},
    "003": {"fr": "WarCry, Pièges du destin", "en": "WarCry, Pièges du destin"},
    "004": {"fr": "Règles d'Altered (extrait)", "en": "Altered rules (excerpt)"},
}
#: Our Altered research summarises the official Complete Rules v3.0 in these sections.
COMPLETE_RULES = re.compile(r"research B §II\.(2|4)\b")
OFFICIAL = {"fr": "Règles complètes d'Altered v3.0", "en": "Altered Complete Rules v3.0"}
DOCUMENT = re.compile(r"^(00\d)\s*(§.*)?$")


def official(entry: Any) -> bool:
    """An Altered entry that states the official Complete Rules (not a ruling of ours)."""
    return entry.game == "altered" and bool(COMPLETE_RULES.search(entry.source or ""))


def public_source(entry: Any, locale: str) -> str | None:
    """The public references of an entry ("Règle du jeu de King of Liber, §Vol"), or None."""
    lang = "en" if locale.startswith("en") else "fr"
    out: list[str] = []
    for part in (entry.source or "").split(";"):
        part = part.strip()
        match = DOCUMENT.match(part)
        if match and match[1] in DOCUMENTS:
            title = DOCUMENTS[match[1]][lang]
            out.append(f"{title}, {match[2]}" if match[2] else title)
        elif COMPLETE_RULES.search(part) and OFFICIAL[lang] not in out:
            out.append(OFFICIAL[lang])
    if not out:
        return None
    return (" ; " if lang == "fr" else "; ").join(out)
