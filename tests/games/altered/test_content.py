"""Content validation: every card, hero and deck loads; bad data reports every problem at once;
deck choices and pasted lists are checked against the deck-building rules (D-ALT-21)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bot.engine import EngineError
from bot.engine.content import ContentError
from bot.games.altered.content import CONTENT, CONTENT_DIR, in_print, load_content, parse_content, printed_id
from bot.games.altered.decks import deck_problems, parse_decklist
from bot.games.altered.game import ALTERED, EDITION


def test_content_loads_and_decks_are_legal() -> None:
    content = load_content()
    assert set(content.edition(EDITION).decks) == {"aube", "seuil"}
    assert {d: deck.retired for d, deck in content.decks.items() if deck.retired} == {
        "aube_e1": 2,
        "seuil_e1": 2,
        "aube_e2": 3,
    }
    for deck in content.decks.values():
        assert sum(deck.cards.values()) == 39 and len(deck.cards) == 13
        assert deck_problems(content, deck.hero, deck.cards) == []
        assert {content.cards[c].faction for c in deck.cards} == {content.heroes[deck.hero].faction}
    for edition in range(1, EDITION + 1):  # each edition deals only the printings it has, legally
        played = content.edition(edition)
        for deck in played.decks.values():
            assert deck.hero in played.heroes and set(deck.cards) <= set(played.cards)
            assert deck_problems(played, deck.hero, deck.cards) == []


def test_every_retired_printing_has_its_errata() -> None:
    """D-ALT-23/24: a printing retired in edition N is replaced by its `_eN` printing, which names the
    same card, so every edition has exactly one printing of each card."""
    printings = {**CONTENT.heroes, **CONTENT.cards}
    for cid, card in printings.items():
        if card.retired is not None:
            errata = printings[f"{printed_id(cid)}_e{card.retired}"]
            assert errata.name == card.name
            assert errata.retired is None or errata.retired > card.retired
    for edition in range(1, EDITION + 2):
        live = [printed_id(cid) for cid, c in printings.items() if in_print(cid, c.retired, edition)]
        assert len(live) == len(set(live)) == len({printed_id(cid) for cid in printings})


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    cards = yaml.safe_load((CONTENT_DIR / "cards.yaml").read_text(encoding="utf-8"))
    cards["cards"][0]["cost"] = [-1, 1]
    cards["cards"][1]["stats"] = "big"
    cards["cards"][2]["abilities"] = [
        {"trigger": "on_play", "text": {"fr": "x", "en": "x"}, "effects": [{"kind": "teleport"}]}
    ]
    decks = {"decks": [{"id": "bad", "name": {"fr": "x", "en": "x"}, "hero": "neree", "cards": {"nope": 50}}]}
    with pytest.raises(ContentError) as err:
        parse_content(cards, decks)
    text = "\n".join(err.value.problems)
    assert "card #0" in text and "card #1" in text and "card #2" in text and "deck 'bad'" in text
    assert len(err.value.problems) >= 4
    (tmp_path / "cards.yaml").write_text("heroes: [", encoding="utf-8")
    (tmp_path / "decks.yaml").write_text("decks: []", encoding="utf-8")
    with pytest.raises(ContentError):
        load_content(tmp_path)


def test_deck_building_rules() -> None:
    keys = lambda problems: [p.key.rsplit(".", 1)[1] for p in problems]  # noqa: E731
    assert keys(deck_problems(CONTENT, None, {"lancier_aube": 3})) == ["no_hero", "too_few"]
    too_many = {**CONTENT.decks["aube"].cards, "lancier_aube": 4}
    assert "too_many_copies" in keys(deck_problems(CONTENT, "neree", too_many))
    mixed = dict(CONTENT.decks["aube"].cards) | {"recrue_seuil": 1}
    assert keys(deck_problems(CONTENT, "neree", mixed)) == ["wrong_faction"]
    assert keys(deck_problems(CONTENT, "neree", {"dragon": 39})) == ["unknown_card", "too_few"]


def _list(deck_id: str) -> str:
    deck = CONTENT.decks[deck_id]
    lines = [CONTENT.heroes[deck.hero].name.fr]
    lines += [f"{n} {CONTENT.cards[c].name.fr}" for c, n in deck.cards.items()]
    return "\n".join(lines)


def test_decklist_round_trip_and_seat_options() -> None:
    hero, cards, problems = parse_decklist(CONTENT, _list("seuil").replace("Étendard", "etendard"))
    assert hero == "orvan" and cards == CONTENT.decks["seuil"].cards and problems == []
    assert ALTERED.validate_seat_options({"deck": "aube"}) == {"deck": "aube"}
    assert ALTERED.validate_seat_options({"decklist": _list("aube")}) == {"decklist": _list("aube")}
    assert ALTERED.validate_seat_options({}) == {}


def test_invalid_deck_lists_every_problem() -> None:
    text = "Nérée & Brise\n3 Lancier de l'Aube\n2 Dragon d'or\n4 Halte au camp\n1 Recrue du Seuil"
    with pytest.raises(EngineError) as err:
        ALTERED.validate_seat_options({"decklist": text})
    assert err.value.code == "altered.invalid_deck"
    keys = [p.key.rsplit(".", 1)[1] for p in err.value.params["problems"]]
    assert keys == ["unknown", "wrong_faction", "too_few", "too_many_copies"]
    for bad in ({"deck": "nope"}, {"deck": "aube", "x": 1}):
        with pytest.raises(EngineError) as err:
            ALTERED.validate_seat_options(bad)
        assert err.value.code == "altered.invalid_deck"


def test_match_options() -> None:
    assert ALTERED.validate_options({}) == {"edition": 3}
    assert ALTERED.validate_options({"max_days": 10}) == {"edition": 3, "max_days": 10}
    assert ALTERED.validate_options({"edition": 2}) == {"edition": 2}  # a match created under edition 2
    for bad in ({"max_days": 1}, {"colour": "red"}, {"edition": 9}, {"edition": 0}, {"edition": "2"}):
        with pytest.raises(EngineError):
            ALTERED.validate_options(bad)


def test_setup_with_chosen_decks() -> None:
    from bot.engine import Rng, SeatSpec

    seats = [
        SeatSpec(seat=0, name="A", options={"deck": "seuil"}),
        SeatSpec(seat=1, name="B", options={"decklist": _list("aube")}),
    ]
    t = ALTERED.setup(seats, {"max_days": 12}, Rng(2))
    s = t.state
    assert [p.hero for p in s.players] == ["orvan", "neree"] and s.max_days == 12
    assert [len(p.hand) for p in s.players] == [6, 6] and [len(p.deck) for p in s.players] == [33, 33]
    assert sum(not r.revealed for r in s.regions) == 6 and s.phase == "setup"
    assert ALTERED.to_act(s) == frozenset({0, 1})


def test_an_errata_never_changes_a_match_under_way() -> None:
    """D-ALT-23, D-ALT-24: a match saved before editions (no `edition` option) deals the first
    edition's lists, cards and hero; a match created under edition 2 keeps edition 2's; a new match
    records the current edition and deals its errata; a list naming a card by its old id gets the
    printing of the match's edition; /carte and deck choices show only current printings."""
    from bot.engine import Rng, SeatSpec

    seats = [SeatSpec(seat=0, name="A"), SeatSpec(seat=1, name="B")]

    def dealt(options: dict[str, object]) -> tuple[list[str], list[str], set[str]]:
        state = ALTERED.setup(seats, options, Rng(1)).state
        cards = {o.card for p in state.players for o in p.all_cards()}
        return [p.hero for p in state.players], [p.deck_id for p in state.players], cards

    heroes, decks, first = dealt({})
    assert heroes == ["neree", "orvan"] and decks == ["aube", "seuil"]
    assert {"lancier_aube", "chevaucheuse_vents", "porte_lanterne"} <= first
    assert not {c for c in first if c.endswith(("_e2", "_e3"))}
    heroes, decks, second = dealt({"edition": 2})
    assert heroes == ["neree", "orvan_e2"] and decks == ["aube", "seuil"]
    assert {"lancier_aube_e2", "chevaucheuse_vents", "porte_lanterne"} <= second
    assert not second & {"lancier_aube", "chevaucheuse_vents_e3", "porte_lanterne_e3"}
    heroes, decks, third = dealt(ALTERED.validate_options({}))
    assert heroes == ["neree", "orvan_e2"] and decks == ["aube", "seuil"]
    assert {"lancier_aube_e2", "chevaucheuse_vents_e3", "porte_lanterne_e3"} <= third
    assert not third & {"lancier_aube", "chevaucheuse_vents", "porte_lanterne"}
    assert CONTENT.edition(2).decks["aube"].cards == CONTENT.decks["aube_e2"].cards
    content = load_content()
    assert not any(content.cards[c].retired for d in content.edition(EDITION).decks.values() for c in d.cards)
    typed = "\n".join(["Héros : neree"] + [f"{n} {printed_id(c)}" for c, n in content.decks["aube"].cards.items()])
    hero, cards, problems = parse_decklist(content.edition(EDITION), typed)
    assert problems == [] and hero == "neree" and cards == dict(content.decks["aube"].cards)
    hero, cards, problems = parse_decklist(content.edition(2), typed)  # the same list in an edition-2 match
    assert problems == [] and hero == "neree" and cards == dict(content.decks["aube_e2"].cards)
    for retired in ("aube_e1", "aube_e2"):
        with pytest.raises(EngineError):
            ALTERED.validate_seat_options({"deck": retired})
    shown = {c.id for c in ALTERED.cards()}
    assert {"lancier_aube_e2", "chevaucheuse_vents_e3", "porte_lanterne_e3"} <= shown
    assert not shown & {"lancier_aube", "orvan", "chevaucheuse_vents", "porte_lanterne"}
