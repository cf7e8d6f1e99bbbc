"""Text normalisation shared by the index, the queries and the tests.

Players type on phones, without accents and with typos, in French or English; both the
corpus and the query go through the same folding so that they meet halfway.
"""

from __future__ import annotations

from functools import lru_cache

from bot.engine.names import fold  # one folding for every typed name

#: Words that carry no meaning for a rules lookup (FR + EN), compared after folding.
_STOPWORDS_TEXT = """
    a au aux avec ce ces cet cette comment d de des du elle en est et il ils je l la le les leur lui
    ma mais me mes mon ne ni on ou par pas peut peux pour quand que quel quelle quels qu qui quoi sa
    se ses si son sont sur ta te tes ton tu un une vos votre y c s t j m n faire fait fonctionne
    regle regles combien
    an and are as at be by can do does for from how i in is it its of on the this to what when
    where which who why with work works my your rule rules many much
"""
STOPWORDS = frozenset(_STOPWORDS_TEXT.split())

#: Suffixes removed by :func:`stem`, longest first (applied once, on folded text).
_SUFFIXES = ("ements", "ement", "ations", "ation", "ings", "ing", "ers", "er", "ez", "ees", "ee", "ed", "es", "e")


@lru_cache(maxsize=65536)
def stem(token: str) -> str:
    """Very light FR/EN stemmer: fold plurals and common verb/adjective endings."""
    if token.isdigit() or len(token) <= 3:
        return token
    if token[-1] in "sx" and len(token) > 4:
        token = token[:-1]
    for suffix in _SUFFIXES:
        if token.endswith(suffix) and len(token) - len(suffix) >= 4:
            return token[: -len(suffix)]
    return token


def tokens(text: str, *, keep_stopwords: bool = False) -> list[str]:
    """Folded, stemmed tokens of ``text`` (stopwords dropped unless asked)."""
    out = []
    for tok in fold(text).split():
        if not keep_stopwords and tok in STOPWORDS:
            continue
        out.append(stem(tok))
    return out


def key(text: str) -> str:
    """Canonical form used for exact title/alias matching."""
    toks = tokens(text)
    return " ".join(toks) if toks else " ".join(tokens(text, keep_stopwords=True))
