"""Rules search: exact title/alias first, then fuzzy + token scoring.

Everything that depends only on the corpus is computed once in :class:`RuleIndex`, so a
query costs a few rapidfuzz C calls (autocomplete must answer well inside Discord's 3 s).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz, process

from bot.i18n import game_name
from bot.rules.loader import Files, entries_of, registered_files, words_of
from bot.rules.model import RuleEntry
from bot.rules.text import fold, key, stem, tokens

#: Score given to exact title/alias hits; fuzzy scores are capped below it.
EXACT_BASE = 100.0
FUZZY_CAP = 99.0
#: Field weights for token scoring: a word in a title says more than one in a body.
W_TITLE, W_ALIAS, W_KEYWORD, W_ID, W_BODY = 3.0, 3.0, 2.0, 1.5, 0.35
#: Blend of the two fuzzy signals: whole-name similarity (0-100) and token overlap (0-1).
#: Chosen on the labelled queries plus a held-out set; token overlap generalises better.
W_NAME, W_TOKENS = 0.2, 80.0
#: Bonus when the query names a game ("riposte liber") without an explicit filter.
GAME_MENTION_BONUS = 8.0


def game_words() -> tuple[dict[str, str], dict[str, str]]:
    """Words naming a game in a query (folded, before stemming), {word: key}, and phrases of several
    words ("war cry"), {phrase: key}: the key and the words its corpus lists, for each registered game that
    has rules entries (a game without, such as the test game Duel, must not make « duel » a game's name)."""
    words: dict[str, str] = {}
    phrases: dict[str, str] = {}
    for game, named in words_of(registered_files()).items():
        for word in (game, *named):
            (phrases if " " in word else words)[word] = game
    return words, phrases


def game_label(key: str, locale: str = "fr") -> str:
    """The game's name as players write it (its catalog's `<key>.name`); its key when it has none."""
    return game_name(key, locale)


def names_a_game(query: str) -> bool:
    """Whether a query names a game ("désengagement warcry")."""
    return _strip_game_words(fold(query))[1] is not None


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One ranked answer; ``exact`` is True for a title/alias/id match."""

    entry: RuleEntry
    score: float
    exact: bool = False


def _strip_game_words(folded: str) -> tuple[str, str | None]:
    """Remove game names from a folded query; return the rest and the game named, if any."""
    text = f" {folded} "
    named: str | None = None
    words, phrases = game_words()
    for phrase, game in phrases.items():
        if f" {phrase} " in text:
            text, named = text.replace(f" {phrase} ", " "), game
    kept = []
    for tok in text.split():
        word = words.get(tok)
        if word and named in (None, word):
            named = word
            continue
        kept.append(tok)
    if not kept:  # the query is only a game name: search for it as text
        return folded, None
    return " ".join(kept), named


class RuleIndex:
    """Precomputed search structures over a corpus of :class:`RuleEntry`."""

    def __init__(self, entries: Iterable[RuleEntry]) -> None:
        self.entries: tuple[RuleEntry, ...] = tuple(entries)
        self._by_id = {e.id: i for i, e in enumerate(self.entries)}
        self._exact: dict[str, list[int]] = defaultdict(list)
        # Unique normalised names per scope (None = all games) -> owning entries; scoring
        # each distinct string once keeps WRatio, the costliest step, cheap.
        self._names: dict[str | None, tuple[list[str], list[list[int]]]] = {}
        postings: dict[str, dict[int, float]] = defaultdict(lambda: defaultdict(float))
        scopes: dict[str | None, dict[str, list[int]]] = {None: {}, **{e.game: {} for e in self.entries}}

        for i, entry in enumerate(self.entries):
            name_keys: list[str] = []
            for text in (entry.title.fr, entry.title.en, *entry.aliases.all()):
                k = key(text)
                if k and k not in name_keys:
                    name_keys.append(k)
                    self._exact[k].append(i)
            for k in name_keys:
                for scope in (None, entry.game):
                    scopes[scope].setdefault(k, []).append(i)
            fields = (
                (W_TITLE, (entry.title.fr, entry.title.en)),
                (W_ALIAS, entry.aliases.all()),
                (W_KEYWORD, entry.keywords.all()),
                (W_ID, (entry.id.replace(".", " ").replace("_", " ").replace("-", " "),)),
                (W_BODY, (entry.body.fr, entry.body.en)),
            )
            for weight, texts in fields:
                seen: set[str] = set()
                for text in texts:
                    for tok in tokens(text):
                        if tok not in seen:  # count a word once per field
                            seen.add(tok)
                            postings[tok][i] += weight

        self._names = {scope: (list(m), list(m.values())) for scope, m in scopes.items()}
        n = len(self.entries)
        self._postings = {t: dict(d) for t, d in postings.items()}
        self._idf = {t: math.log(1 + (n - len(d) + 0.5) / (len(d) + 0.5)) for t, d in self._postings.items()}
        self._idf_max = max(self._idf.values(), default=1.0)
        self._vocab = sorted(self._postings)
        self._game_of = [e.game for e in self.entries]

    # ------------------------------------------------------------------ tokens
    def _expand(self, tok: str, *, prefix: bool) -> list[tuple[str, float]]:
        """Vocabulary words a query token stands for, with a confidence in (0, 1]."""
        if tok in self._postings:
            out = [(tok, 1.0)]
            if not prefix:
                return out
        else:
            out = []
        if len(tok) >= 4:
            cutoff = 75 if len(tok) >= 6 else 80
            for word, score, _ in process.extract(tok, self._vocab, scorer=fuzz.ratio, score_cutoff=cutoff, limit=3):
                if word != tok:
                    out.append((word, (score / 100.0) ** 2 * 0.9))
        if prefix and len(tok) >= 3:
            found = 0
            for word in self._vocab:
                if word != tok and word.startswith(tok):
                    out.append((word, 0.7))
                    found += 1
                    if found >= 8:
                        break
        return out

    def _token_scores(self, qtoks: Sequence[str], *, prefix_last: bool) -> dict[int, float]:
        """Normalised (0..1) weighted-overlap score per entry."""
        scores: dict[int, float] = defaultdict(float)
        total = 0.0
        for pos, tok in enumerate(qtoks):
            expansions = self._expand(tok, prefix=prefix_last and pos == len(qtoks) - 1)
            if not expansions:
                total += self._idf_max * 0.5  # an unknown word weakens every candidate a bit
                continue
            best_idf = max(self._idf[w] for w, _ in expansions)
            total += best_idf
            contrib: dict[int, float] = {}
            for word, conf in expansions:
                idf = self._idf[word]
                for i, tf in self._postings[word].items():
                    value = idf * conf * tf / (tf + 1.2)
                    if value > contrib.get(i, 0.0):
                        contrib[i] = value
            for i, value in contrib.items():
                scores[i] += value
        if total <= 0:
            return {}
        # tf/(tf+1.2) saturates below 1 even for title words: rescale so a full match ~1.
        norm = total * (W_TITLE + W_ALIAS + W_KEYWORD) / (W_TITLE + W_ALIAS + W_KEYWORD + 1.2)
        return {i: min(1.0, s / norm) for i, s in scores.items()}

    # ------------------------------------------------------------------ search
    def search(
        self,
        query: str,
        *,
        game: str | None = None,
        locale: str = "fr",
        limit: int = 10,
        prefix: bool = False,
        card: bool | None = None,
    ) -> list[SearchHit]:
        """Rank entries for ``query`` (FR or EN); ``game`` restricts to one game.

        ``prefix`` treats the last word as unfinished (autocomplete); ``card`` keeps only
        card entries (``/carte``) or only rule entries. ``locale`` does not change the
        ranking: players mix languages, so both are always searched.
        """
        del locale  # both languages are indexed; kept for a stable signature
        raw = query.strip()
        if not raw or limit <= 0:
            return []
        if raw.lower() in self._by_id:
            i = self._by_id[raw.lower()]
            if game in (None, self._game_of[i]):
                return [SearchHit(self.entries[i], EXACT_BASE + 1.0, exact=True)]

        rest, named = _strip_game_words(fold(raw))
        boost_game = named if game is None else None
        qkey = key(rest)
        qtoks = list(dict.fromkeys(qkey.split()))

        exact_ids = set(self._exact.get(qkey, ()))
        if boost_game:
            # "réserve confrontation": the exact alias of the named game wins over the others.
            in_game = {i for i in exact_ids if self._game_of[i] == boost_game}
            exact_ids = in_game or exact_ids
        tok_scores = self._token_scores(qtoks, prefix_last=prefix) if qtoks else {}
        name_scores: dict[int, float] = {}
        names, owners = self._names[game if game in self._names else None]
        if qkey and names:
            for _, score, pos in process.extract(qkey, names, scorer=fuzz.WRatio, limit=None, score_cutoff=45):
                for i in owners[pos]:
                    if score > name_scores.get(i, 0.0):
                        name_scores[i] = score

        candidates = set(tok_scores) | set(name_scores) | exact_ids
        hits: list[SearchHit] = []
        for i in candidates:
            if game is not None and self._game_of[i] != game:
                continue
            if card is not None and self.entries[i].card != card:
                continue
            fuzzy = W_NAME * name_scores.get(i, 0.0) + W_TOKENS * tok_scores.get(i, 0.0)
            if boost_game and self._game_of[i] == boost_game:
                fuzzy += GAME_MENTION_BONUS
            fuzzy = min(FUZZY_CAP, fuzzy)
            if i in exact_ids:
                hits.append(SearchHit(self.entries[i], EXACT_BASE + fuzzy / 100.0, exact=True))
            elif fuzzy > 0:
                hits.append(SearchHit(self.entries[i], round(fuzzy, 2)))
        hits.sort(key=lambda h: (-h.score, h.entry.id))
        return hits[:limit]

    # ------------------------------------------------------------- autocomplete
    def autocomplete(
        self,
        query: str,
        *,
        game: str | None = None,
        locale: str = "fr",
        limit: int = 25,
        card: bool | None = None,
    ) -> list[tuple[str, str]]:
        """Discord autocomplete choices ``(name <= 100 chars, entry id)``, at most 25."""
        limit = max(0, min(limit, 25))
        if not query.strip():
            pool = [e for e in self.entries if game in (None, e.game) and card in (None, e.card)]
            pool.sort(key=lambda e: (e.game, fold(e.title_for(locale))))
            chosen = pool[:limit]
        else:
            chosen = [h.entry for h in self.search(query, game=game, limit=limit, prefix=True, card=card)]
        return [(choice_name(e, locale, with_game=game is None), e.id) for e in chosen]


def choice_name(entry: RuleEntry, locale: str = "fr", *, with_game: bool = True) -> str:
    """Display name of an entry in a 100-character Discord choice."""
    name = entry.title_for(locale)
    if with_game:
        name = f"{name} · {game_label(entry.game, locale)}"
    return name if len(name) <= 100 else name[:99] + "…"


@lru_cache(maxsize=4)
def _index(files: Files) -> RuleIndex:
    return RuleIndex(entries_of(files))


def default_index() -> RuleIndex:
    """The index over the registered games' corpus, built on first use."""
    return _index(registered_files())


def search(
    query: str, *, game: str | None = None, locale: str = "fr", limit: int = 10, card: bool | None = None
) -> list[SearchHit]:
    """Search the registered games' corpus (see :meth:`RuleIndex.search`)."""
    return default_index().search(query, game=game, locale=locale, limit=limit, card=card)


def autocomplete(
    query: str, game: str | None = None, locale: str = "fr", *, card: bool | None = None
) -> list[tuple[str, str]]:
    """Autocomplete over the registered games' corpus (see :meth:`RuleIndex.autocomplete`)."""
    return default_index().autocomplete(query, game=game, locale=locale, card=card)


__all__ = [
    "RuleIndex",
    "SearchHit",
    "autocomplete",
    "choice_name",
    "default_index",
    "game_label",
    "game_words",
    "names_a_game",
    "search",
    "stem",
]
