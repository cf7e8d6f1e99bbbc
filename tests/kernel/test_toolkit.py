"""One toolkit for every game (Kernel II, item 5): names, deck lists, content, text."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from pydantic import BaseModel

from bot import games as game_folders
from bot.engine import decklist, load_games, txt
from bot.engine.content import ContentError, Problems, entries, load_models, read_yaml
from bot.engine.names import fold
from bot.games.liber.content import CARDS, DECKS, parse_decklist
from bot.games.liber.game import LIBER
from bot.i18n import localize


def test_one_folding_for_every_typed_name() -> None:
    assert fold("Prêtre") == fold("pretre") == fold("  PRÊTRE ") == "pretre"
    assert fold("Vharka la   Cendrée") == "vharka la cendree"


@pytest.mark.parametrize(
    ("text", "count", "name"),
    [("3 Chevalier", 3, "Chevalier"), ("3x chevalier", 3, "chevalier"), ("3 x Chevalier", 3, "Chevalier"),
     ("Chevalier x3", 3, "Chevalier"), ("Chevalier", 1, "Chevalier"), ("2× Goule  # des zombies", 2, "Goule")],
)  # fmt: skip
def test_deck_list_lines(text: str, count: int, name: str) -> None:
    (entry,), problems = decklist.parse(text)
    assert problems == [] and (entry.count, entry.name) == (count, name)


def test_entries_may_be_separated_by_semicolons_and_labelled() -> None:
    entries_, problems = decklist.parse("Général : Aldric; 3 pretre ;// a comment\n\n2 brute", labels={"général": "g"})
    assert problems == []
    assert [(e.line, e.label, e.count, e.name) for e in entries_] == [
        (1, "g", 1, "Aldric"), (2, None, 3, "pretre"), (5, None, 2, "brute")
    ]  # fmt: skip


def test_absurd_counts_are_refused_before_anything_is_allocated() -> None:
    start = time.perf_counter()
    _general, cards, problems = parse_decklist("30000000 Chevalier\n99999999999 Brute", CARDS)
    assert time.perf_counter() - start < 1.0  # a generous bound: the old parser built 30 million entries
    assert cards == [] and [p.key for p in problems] == ["deck.bad_count", "deck.bad_count"]
    many = "\n".join("99 brute" for _ in range(10))
    _, problems = decklist.parse(many)
    assert [p.key for p in problems] == ["deck.too_many_cards"]


@pytest.mark.parametrize("line", ["3 Che\u200bvalier", "3 \u202eChevalier", "3 Cheva\x07lier", "3 Chevalier\u2066"])
def test_invisible_control_and_direction_marks_are_refused(line: str) -> None:
    _, problems = decklist.parse(line)
    assert [p.key for p in problems] == ["deck.bad_characters"]


def test_limits_on_size_and_lines() -> None:
    assert [p.key for p in decklist.parse("x" * 7000)[1]] == ["deck.too_long"]
    assert [p.key for p in decklist.parse("\n".join(["1 a"] * 130))[1]] == ["deck.too_many_lines"]
    assert [p.key for p in decklist.parse("1 " + "a" * 120)[1]] == ["deck.line_too_long"]


def test_unaccented_liber_names_are_accepted_and_typos_get_a_suggestion() -> None:
    load_games(game_folders)
    deck = DECKS["ordre_du_lion"]
    lines = ["general: aldric"] + [f"{n} {CARDS[c].name.fr}" for c, n in deck.cards.items()]
    text = "\n".join(fold(line) for line in lines)  # no accents, no capitals
    opts = LIBER.validate_seat_options({"decklist": text})
    assert opts["general"] == "aldric_e2" and sorted(opts["cards"]) == sorted(deck.card_list())
    _, _, problems = parse_decklist("4 Chevallier", CARDS)
    (problem,) = problems
    assert localize(problem, "fr") == "Ligne 1 : « Chevallier » n'existe pas (vouliez-vous dire « Chevalier » ?)."
    assert localize(problem, "en") == "Line 1: “Chevallier” does not exist (did you mean “Knight”?)."


class _Card(BaseModel):
    id: str
    cost: int


def test_content_loader_reports_every_problem_at_once(tmp_path: Path) -> None:
    (tmp_path / "cards.yaml").write_text("- {id: a, cost: 1}\n- {id: b, cost: x}\n- {id: a, cost: 2}\n- {cost: 3}\n")
    problems = Problems()
    docs = entries(read_yaml(tmp_path / "cards.yaml", problems), None, "cards.yaml", problems)
    found = load_models(_Card, docs, "cards.yaml", problems, kind="card")
    read_yaml(tmp_path / "missing.yaml", problems)
    assert set(found) == {"a"}
    assert len(problems) == 4  # bad cost, duplicate id, missing id, missing file
    assert any("card #1 (b): cost" in p for p in problems) and any("duplicate card id 'a'" in p for p in problems)
    with pytest.raises(ContentError) as err:
        problems.raise_if_any("Test")
    assert err.value.problems == list(problems)


def test_catalog_plurals_and_elision() -> None:
    assert localize(txt("menu.group_size", n=1), "fr") == "1 choix"
    names = ["Alice", "Tavernier (IA)"].__getitem__
    scored = "palet.event.round_scored"
    assert (
        localize(txt(scored, seat=1, points=1, round=2), "fr", names)
        == "Fin de la manche 2 : Tavernier (IA) marque 1 point."
    )
    assert (
        localize(txt(scored, seat=0, points=3, round=2), "fr", names) == "Fin de la manche 2 : Alice marque 3 points."
    )
    assert localize(txt(scored, seat=0, points=0, round=2), "en", names) == "End of round 2: Alice scores 0 points."


@pytest.mark.parametrize(
    "fields",
    [
        {"label": {"key": "altered.card.x", "params": {}}},  # an event parameter's shape, not a label
        {"label": "Jouer"},
        {"label": txt("duel.action.pick"), "group": {"key": "altered.card.x", "params": {}}},
        {"label": txt("duel.action.pick"), "group_key": 7},
    ],
)
def test_a_choice_refuses_a_label_or_group_that_is_not_text(fields: dict[str, object]) -> None:
    """A menu localizes every label and group as a `Text`: anything else is refused where it is made
    (Altered's Play menu crashed past 25 choices on a group given as a dict)."""
    from bot.engine import Choice

    assert Choice(action="pick", label=txt("duel.action.pick"), group=txt("x"), group_key="k").group == txt("x")
    with pytest.raises(TypeError):
        Choice(action="pick", **fields)  # type: ignore[arg-type]
