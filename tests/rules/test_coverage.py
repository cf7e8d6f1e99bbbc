"""Each heading and defined keyword of each rules document has an entry."""

from __future__ import annotations

from pathlib import Path

from bot.rules.loader import corpus
from bot.rules.search import default_index
from bot.rules.text import fold, key
from tests.rules.seed_terms import extract_terms

#: A search answer counts as coverage only if it is this confident.
SEARCH_SCORE_MIN = 80.0


def _uncovered(game: str, terms: list[str]) -> list[str]:
    entries = [e for e in corpus() if e.game == game]
    sources = [fold(e.source) for e in entries]
    names = {key(t) for e in entries for t in (e.title.fr, e.title.en, *e.aliases.all())}
    index = default_index()
    missing = []
    for term in terms:
        folded = fold(term)
        if any(folded in s for s in sources) or key(term) in names:
            continue  # explicit: cited as a source section, or a title/alias
        hits = index.search(term, game=game, limit=3)
        if hits and hits[0].score >= SEARCH_SCORE_MIN:
            continue
        missing.append(f"{term!r} -> {[h.entry.id for h in hits]}")
    return missing


def test_extractors_find_the_document_structure(seeds_dir: Path) -> None:
    terms = extract_terms(seeds_dir)
    counts = {g: len(t) for g, t in terms.items()}
    print("headings/keywords per document:", counts)
    # Sanity floors so that a broken extractor cannot pass by finding nothing.
    assert counts["liber"] >= 40 and "Télékinésie" in terms["liber"]
    assert counts["colors"] >= 50 and "Couvert Léger" in terms["colors"]
    assert counts["confrontation"] >= 20 and "Refus" in terms["confrontation"]
    assert counts["warcry"] >= 20 and "Portée menaçante" in terms["warcry"]
    assert counts["altered"] >= 20 and "Endormi" in terms["altered"]


def test_every_heading_and_keyword_has_an_entry(seeds_dir: Path) -> None:
    terms = extract_terms(seeds_dir)
    missing = {g: _uncovered(g, t) for g, t in terms.items()}
    missing = {g: m for g, m in missing.items() if m}
    assert not missing, f"uncovered headings/keywords: {missing}"
