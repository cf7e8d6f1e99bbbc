"""One folding for every name a player types: case, accents, ligatures and punctuation do not matter."""

from __future__ import annotations

import re
import unicodedata

_NON_WORD = re.compile(r"[^0-9a-z]+")


def fold(text: str) -> str:
    """ "Prêtre", "pretre" and "PRÊTRE " fold alike; "Catapulte d'os" and "catapulte d os" too.

    Casefolded, accents stripped, œ/æ/ß spelt out, every run of punctuation or spaces one space.
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    stripped = stripped.replace("œ", "oe").replace("æ", "ae").replace("ß", "ss")
    return _NON_WORD.sub(" ", stripped).strip()
