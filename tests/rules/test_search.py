"""Normalisation, ranking rules and autocomplete of the rules search."""

from __future__ import annotations

from bot.rules.loader import corpus
from bot.rules.model import RuleEntry
from bot.rules.search import RuleIndex, autocomplete, default_index, search
from bot.rules.text import fold, key, stem, tokens


def _entry(id_: str, title: str, aliases: list[str], body: str = "", keywords: list[str] | None = None) -> RuleEntry:
    game = id_.split(".")[0]
    text = (body or f"{title} explained in enough words to pass the minimum body length check.") * 2
    return RuleEntry.model_validate(
        {
            "id": id_,
            "game": game,
            "title": {"fr": title, "en": title},
            "body": {"fr": text, "en": text},
            "aliases": {"fr": aliases, "en": aliases},
            "keywords": {"fr": keywords or [], "en": []},
            "source": "test",
        }
    )


def test_fold_strips_case_accents_and_punctuation() -> None:
    assert fold("  Télékinésie, L'ARMURE!  ") == "telekinesie l armure"
    assert fold("Cœur") == "coeur"
    assert fold("Portée   d’attaque") == "portee d attaque"


def test_stem_folds_plurals_and_verb_endings() -> None:
    assert stem("riposter") == stem("riposte") == stem("ripostes")
    assert stem("attaques") == stem("attaquer")
    assert stem("tir") == "tir"  # short words are left alone
    assert tokens("Qui peut riposter ?") == [stem("riposter")]
    assert key("la riposte") == key("Riposte") == key("RIPOSTES")


def test_exact_alias_beats_a_better_fuzzy_candidate() -> None:
    index = RuleIndex(
        [
            _entry("liber.a", "Riposte", ["contre-attaque"]),
            _entry("liber.b", "Ripostes multiples et contre-attaques", ["riposte double"], keywords=["contre attaque"]),
        ]
    )
    hits = index.search("contre attaque")
    assert hits[0].entry.id == "liber.a" and hits[0].exact
    assert hits[0].score > 100 > hits[1].score


def test_accents_case_and_typos_are_tolerated() -> None:
    assert search("TELEKINESIE")[0].entry.id == "liber.ability.telekinesie"
    assert search("télékinésie")[0].entry.id == "liber.ability.telekinesie"
    assert search("telekinsie")[0].entry.id == "liber.ability.telekinesie"
    assert search("paralisie")[0].entry.id == "liber.ability.paralysie"


def test_french_and_english_queries_reach_the_same_entry() -> None:
    assert search("pacte de sang")[0].entry.id == search("blood pact")[0].entry.id == "colors.blood-pact"
    assert search("endormi")[0].entry.id == search("asleep")[0].entry.id == "altered.status.asleep"


def test_game_restriction_and_game_word_in_query() -> None:
    hits = search("couvert", game="confrontation", limit=10)
    assert hits and all(h.entry.game == "confrontation" for h in hits)
    assert search("couvert", game="colors")[0].entry.id == "colors.cover"
    assert search("réserve confrontation")[0].entry.id == "confrontation.reserve"
    assert search("reserve altered")[0].entry.id == "altered.reserve"


def test_id_lookup_and_empty_query() -> None:
    assert search("liber.combat.riposte")[0].entry.id == "liber.combat.riposte"
    assert search("   ") == []
    assert search("riposte", limit=0) == []


def test_autocomplete_respects_discord_limits() -> None:
    for query in ("", "r", "ripo", "portée", "a" * 300):
        choices = autocomplete(query)
        assert len(choices) <= 25
        assert all(len(name) <= 100 and 0 < len(value) <= 100 for name, value in choices)
    assert autocomplete("ripo", game="liber")[0][1] == "liber.combat.riposte"
    assert all(v.startswith("warcry.") for _, v in autocomplete("", game="warcry"))
    english = autocomplete("blood pa", locale="en")
    assert english[0] == ("Blood Pact · Colors of Magic", "colors.blood-pact")


def test_card_filter_for_the_card_command() -> None:
    hits = search("dieu", card=True, limit=10)
    assert hits and all(h.entry.card for h in hits)
    assert hits[0].entry.id == "liber.card.god"
    assert all(not h.entry.card for h in search("dieu", card=False, limit=10))
    assert all(v in {e.id for e in corpus() if e.card} for _, v in autocomplete("", card=True))


def test_index_covers_whole_corpus() -> None:
    assert len(default_index().entries) == len(corpus())


def test_rule_footers_cite_only_public_documents() -> None:
    """A player reads « Règle du jeu de King of Liber, §Vol », never a research note, a decision id or an
    entry id; official Altered rules get their own badge, not « our rule »."""
    from cogs.rules import rule_embed

    index = default_index()
    seen_official = seen_ours = 0
    for entry in index.entries:
        for locale in ("fr", "en"):
            footer = rule_embed(entry, locale).footer.text or ""
            for leak in ("research", "docs/rules", "D-LIB", "D-ALT", entry.id):
                assert leak not in footer, (entry.id, footer)
            seen_official += "📘" in footer
            seen_ours += "⚖️" in footer
    assert seen_official and seen_ours
    vol = next(e for e in index.entries if e.id == "liber.ability.vol")
    assert rule_embed(vol, "fr").footer.text == "King of Liber · Règle du jeu de King of Liber, §Vol"
