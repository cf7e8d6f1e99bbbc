"""`/regle` answers a solo player's questions about the other warband (issue #29, item 5): how it
chooses its target (« A-Déterminer la cible »), its active fighter (« B-Déterminer le combattant
actif »), its actions (« C-Activer le combattant actif »), whether it defends objectives (« 2-Défense
d'objectif »), how its groups are built (« Constitution des groupes ») and its wild die (« Jets
d'initiative »), in French and English, WarCry's entry first though the question names no game."""

from __future__ import annotations

import pytest

from bot.rules.search import search

QUESTIONS = [
    ("fr", "comment l'IA choisit sa cible", "warcry.target"),
    ("fr", "cible de l'IA", "warcry.target"),
    ("fr", "comment l'ia choisit qui attaquer", "warcry.target"),
    ("en", "how does the other warband choose its target", "warcry.target"),
    ("en", "AI target", "warcry.target"),
    ("en", "how does the solo warband pick a target", "warcry.target"),
    ("fr", "quel combattant l'IA active", "warcry.active-fighter"),
    ("fr", "qui active la bande adverse", "warcry.active-fighter"),
    ("en", "which fighter does the AI activate", "warcry.active-fighter"),
    ("en", "active fighter of the opposing warband", "warcry.active-fighter"),
    ("fr", "actions de l'IA", "warcry.activate"),
    ("fr", "que fait la bande adverse à son tour", "warcry.activate"),
    ("en", "what actions does the AI take", "warcry.activate"),
    ("en", "what does the AI do on its turn", "warcry.activate"),
    ("fr", "la bande adverse défend-elle les objectifs", "warcry.step.objective-defence"),
    ("fr", "l'IA protège-t-elle les objectifs", "warcry.step.objective-defence"),
    ("en", "does the AI defend objectives", "warcry.step.objective-defence"),
    ("en", "does the AI guard objectives", "warcry.step.objective-defence"),
    ("fr", "comment sont formés les groupes adverses", "warcry.groups"),
    ("fr", "comment l'IA répartit ses groupes", "warcry.groups"),
    ("en", "how are the AI groups built", "warcry.groups"),
    ("en", "how the opposing warband splits its groups", "warcry.groups"),
    ("fr", "joker de l'IA", "warcry.joker"),
    ("fr", "comment l'ia utilise son joker", "warcry.joker"),
    ("en", "AI wild die", "warcry.joker"),
    ("en", "how does the AI use its wild die", "warcry.joker"),
]


@pytest.mark.parametrize(("locale", "question", "entry"), QUESTIONS)
def test_a_question_about_the_other_warband_finds_warcrys_entry_first(locale: str, question: str, entry: str) -> None:
    hits = search(question, locale=locale, limit=3)
    assert hits and hits[0].entry.id == entry, [h.entry.id for h in hits]


def test_the_group_entries_read_as_the_engine_builds_them() -> None:
    """D-WAR-01: the overflow is corrected once all dice are rolled; the entries say so in both languages."""
    hits = {h.entry.id: h.entry for h in search("excédent", locale="fr", limit=5)}
    overflow = hits["warcry.groups.overflow"]
    assert "Une fois tous les dés lancés" in overflow.body.get("fr")
    assert "Once every die is rolled" in overflow.body.get("en")


BATTLEPLAN_QUESTIONS = [
    ("fr", "comment ramasser un trésor", "warcry.decision.treasure"),
    ("fr", "le porteur du trésor est mis hors de combat", "warcry.decision.treasure"),
    ("en", "how do I carry treasure", "warcry.decision.treasure"),
    ("fr", "que fait la brume épaisse", "warcry.decision.twists"),
    ("fr", "les rebondissements", "warcry.decision.twists"),
    ("en", "what does the dawn assault twist do", "warcry.decision.twists"),
    ("fr", "choisir le plan de bataille", "warcry.rules.battleplan"),
    ("en", "choose the battleplan", "warcry.rules.battleplan"),
]


@pytest.mark.parametrize(("locale", "question", "entry"), BATTLEPLAN_QUESTIONS)
def test_a_question_about_treasure_twists_or_the_battleplan_finds_its_entry(
    locale: str, question: str, entry: str
) -> None:
    """D-WAR-31 to 33 each have a /regle entry in both languages, found without naming the game."""
    hits = search(question, locale=locale, limit=3)
    assert hits and hits[0].entry.id == entry, [h.entry.id for h in hits]
