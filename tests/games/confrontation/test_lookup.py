"""`/regle` answers Confrontation's questions (issue #28 §4) in French and English, its entry first
without naming the game: who speaks first, refusals, the reserve, charges, disengaging, covering fire."""

from __future__ import annotations

import pytest

from bot.rules.search import default_index

QUESTIONS = [
    ("qui parle en premier", "confrontation.tactics-roll"),
    ("who speaks first", "confrontation.tactics-roll"),
    ("à quoi sert un refus", "confrontation.refusal"),
    ("what does a refusal do", "confrontation.refusal"),
    ("mettre une carte en réserve", "confrontation.reserve"),
    ("play the reserve", "confrontation.reserve"),
    ("comment charger", "confrontation.charge"),
    ("how do charges work", "confrontation.charge"),
    ("quitter le contact", "confrontation.disengage"),
    ("walk away from contact", "confrontation.disengage"),
    ("tir de couverture", "confrontation.dive-for-cover"),
    ("covering fire", "confrontation.dive-for-cover"),
    ("se mettre à couvert quand on me tire dessus", "confrontation.dive-for-cover"),
]


@pytest.mark.parametrize(("question", "entry"), QUESTIONS)
def test_confrontation_questions_find_its_entry_first(question: str, entry: str) -> None:
    hits = default_index().search(question, limit=3)
    assert hits and hits[0].entry.id == entry, [h.entry.id for h in hits]
