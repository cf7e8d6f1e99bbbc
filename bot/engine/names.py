"""One folding for every name a player types: case, accents, punctuation and spaces do not matter."""

from __future__ import annotations

import unicodedata


def fold(text: str) -> str:
    """ "Prêtre", "pretre" and "PRÊTRE " fold alike (case- and accent-insensitive, spaces collapsed)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())
