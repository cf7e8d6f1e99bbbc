"""The table games' shared suggestion pipeline (bot/table/suggest.py): of the candidates a game
proposes, the choices asked for that the rules accept, each once, labelled with why."""

from __future__ import annotations

from typing import Any, Literal

from bot.engine import Action, Ask, IllegalAction, Text, txt
from bot.table.suggest import Candidate, accepts, offered


class Go(Action):
    kind: Literal["go"] = "go"
    to: int


class Stay(Action):
    kind: Literal["stay"] = "stay"


def _check(state: int, seat: int, action: Any) -> None:
    if isinstance(action, Go) and action.to > state:
        raise IllegalAction("test.too_far")


def _offered(candidates: list[Candidate], ask: Ask, **kw: Any) -> list[Any]:
    return offered(
        candidates,
        ask,
        ok=accepts(_check, 5, 0),
        describe=lambda a: txt(f"test.action.{a.kind}"),
        piece=lambda a: str(getattr(a, "to", "")) or None,
        previewed=lambda a: isinstance(a, Go),
        because="test.because",
        **kw,
    )


def test_only_what_the_rules_accept_of_the_kinds_asked_once_each_first_reason_kept() -> None:
    why = txt("test.reason.contact")
    candidates = [
        Candidate(Go(to=9)),  # refused by the rules
        Candidate(Go(to=3), why, typed=True),
        Candidate(Stay()),
        Candidate(Go(to=3), txt("test.reason.other")),  # proposed twice: the first one stays
    ]
    choices = _offered(candidates, Ask())
    assert [c.action for c in choices] == [Go(to=3), Stay()]
    go = choices[0]
    assert go.label == Text(key="test.because", params={"action": txt("test.action.go"), "reason": why})
    assert go.matched and go.preview and go.group_key == "3"
    assert choices[1].label == txt("test.action.stay") and not choices[1].matched
    assert [c.action for c in _offered(candidates, Ask(kinds=("stay",)))] == [Stay()]
    assert [c.action for c in _offered(candidates, Ask(piece="3"))] == [Go(to=3)]
    assert [c.action for c in _offered(candidates, Ask(limit=1))] == [Go(to=3)]


def test_unlabelled_choices_for_agents_and_a_last_word_for_the_game() -> None:
    candidates = [Candidate(Go(to=1)), Candidate(Go(to=2)), Candidate(Stay())]
    choices = _offered(candidates, Ask(labels=False), keep=lambda c: not isinstance(c.action, Go) or c.action.to != 1)
    assert [c.action for c in choices] == [Go(to=2), Stay()]
    assert all(c.label == Text(key="") for c in choices)
