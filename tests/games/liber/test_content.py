"""Content validation: the pool and decks load, and a broken file reports every problem at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.engine.content import ContentError
from bot.games.liber.content import (
    ABILITIES,
    CARDS,
    DECK_SIZE,
    DECKS,
    MAX_COPIES,
    deck_problems,
    load_content,
)


def test_pool_and_decks_are_valid() -> None:
    content = load_content()
    assert set(content.decks) == {"ordre_du_lion", "legion_cendree"}
    for deck in DECKS.values():
        assert deck_problems(deck.general, deck.card_list(), CARDS) == []
        assert len(deck.card_list()) == DECK_SIZE and max(deck.cards.values()) <= MAX_COPIES


def test_every_ability_and_card_type_is_used() -> None:
    used = {a for c in CARDS.values() for a in c.abilities}
    assert used == set(ABILITIES)
    types = {c.type for c in CARDS.values()}
    assert types == {"general", "unit", "object", "spell", "lieu", "god", "token", "faveur"}
    assert {c.subtype for c in CARDS.values() if c.type == "spell"} == {"rituel", "enchantement", "ephemere"}
    in_decks = {c for d in DECKS.values() for c in d.cards}
    assert {a for c in in_decks for a in CARDS[c].abilities} == set(ABILITIES)


def test_every_card_has_both_names() -> None:
    for card in CARDS.values():
        assert card.name.fr and card.name.en


def test_broken_content_reports_every_problem(tmp_path: Path) -> None:
    (tmp_path / "cards.yaml").write_text(
        "- {id: a, type: unit, name: {fr: A, en: A}, force: 1, pv: 0}\n"
        "- {id: b, type: unit, name: {fr: B, en: B}, force: 1, pv: 1, abilities: [laser]}\n"
        "- {id: c, type: spell, name: {fr: C, en: C}}\n",
        encoding="utf-8",
    )
    (tmp_path / "decks.yaml").write_text(
        "- {id: d, name: {fr: D, en: D}, general: b, cards: {b: 5, zz: 1}}\n", encoding="utf-8"
    )
    with pytest.raises(ContentError) as err:
        load_content(tmp_path)
    text = "\n".join(err.value.problems)
    assert "pv > 0" in text and "laser" in text and "subtype" in text
    assert "liber.deck.unknown_card {'name': 'zz'}" in text and "liber.deck.size {'count': 6, 'size': 50}" in text
