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
    printed_id,
)


def test_pool_and_decks_are_valid() -> None:
    content = load_content()
    current = {d.id for d in content.decks.values() if not d.retired}
    assert current == {"ordre_du_lion", "legion_cendree"}
    assert {d.id for d in content.decks.values() if d.retired} == {f"{d}_e1" for d in current}
    for deck in DECKS.values():
        assert deck_problems(deck.general, deck.card_list(), CARDS) == []
        assert len(deck.card_list()) == DECK_SIZE and max(deck.cards.values()) <= MAX_COPIES
        # a current deck holds no retired printing; a first-edition list holds no errata
        assert all(CARDS[c].retired == deck.retired or not CARDS[c].retired for c in [deck.general, *deck.cards])


def test_an_errata_never_changes_a_match_under_way() -> None:
    """D-LIB-38: a match saved before editions (no `edition` option) deals the first edition's lists
    and cards; a new match records the current edition and deals the errata; deck lists naming a
    card by its old id get the current printing, and a retired deck cannot be chosen."""
    from bot.engine import EngineError, Rng, SeatSpec
    from bot.games.liber.game import LIBER

    seats = [SeatSpec(seat=0, name="A"), SeatSpec(seat=1, name="B")]
    old = LIBER.setup(seats, {}, Rng(1)).state
    assert [s.general for s in old.sides] == ["aldric", "vharka"]
    assert [s.deck_id for s in old.sides] == ["ordre_du_lion", "legion_cendree"]
    assert "brute" in old.cards.values() and "brute_e2" not in old.cards.values()
    options = LIBER.validate_options({})
    assert options == {"edition": 2}
    new = LIBER.setup(seats, options, Rng(1)).state
    assert [s.general for s in new.sides] == ["aldric_e2", "vharka_e2"]
    assert "brute_e2" in new.cards.values() and "brute" not in new.cards.values()
    typed = "\n".join(["Général : aldric"] + [f"{n} {printed_id(c)}" for c, n in DECKS["ordre_du_lion"].cards.items()])
    listed = LIBER.validate_seat_options({"decklist": typed})
    assert listed["general"] == "aldric_e2" and sorted(listed["cards"]) == sorted(DECKS["ordre_du_lion"].card_list())
    with pytest.raises(EngineError):
        LIBER.validate_seat_options({"deck": "ordre_du_lion_e1"})
    with pytest.raises(EngineError):
        LIBER.validate_options({"edition": 7})
    assert not any(c.id.endswith("_e1") or CARDS.get(c.id, CARDS["brute_e2"]).retired for c in LIBER.cards())


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
