"""Why the advice says to cast or to tap (the menu's « Pourquoi : » line), on positions drawn by hand."""

from __future__ import annotations

from typing import Any

from bot.engine import ANY
from bot.games.colors.actions import Cast, Tap
from bot.games.colors.ai import reason
from bot.games.colors.game import COLORS
from bot.games.colors.state import ColorsState
from bot.i18n import localize

from .helpers import fig, make


def _casts(state: ColorsState, card: str, **where: Any) -> Cast:
    found = [
        c.action
        for c in COLORS.suggest(state, 0, ANY)
        if isinstance(c.action, Cast)
        and c.action.card == card
        and all(getattr(c.action, k) == v for k, v in where.items())
    ]
    assert found, f"no cast of {card} {where} in the menu"
    return found[0]


def _why(state: ColorsState, action: Any, locale: str = "fr") -> str:
    text = reason(COLORS, state, 0, action)
    assert text is not None, action
    return localize(text, locale)


def _facing(pv: int) -> ColorsState:
    """Braise's wizard with a Trait de feu in hand, a Dryade of Bob's 4" away with `pv` PV left."""
    figures = [fig("A0", "braise", 0, 2, 2), fig("B0", "roc", 1, 22, 22), fig("B1", "dryade", 1, 6, 2, pv=pv)]
    return make(figures, hands=(["trait_feu"], []))


def test_a_cast_that_kills_names_the_victim() -> None:
    state = _facing(pv=1)
    assert _why(state, _casts(state, "trait_feu", target="B1")) == "Lancez Trait de feu : Dryade (B1) n'y survit pas."


def test_a_cast_that_wounds_says_how_much_in_both_languages() -> None:
    state = _facing(pv=2)
    cast = _casts(state, "trait_feu", target="B1")
    assert _why(state, cast) == "Lancez Trait de feu : Dryade (B1) y perd 1 PV."
    assert _why(state, cast, "en").endswith("loses 1 HP.")


def test_a_summons_names_the_creature_that_comes_into_play() -> None:
    state = make(hands=(["dryade"], []))
    assert _why(state, _casts(state, "dryade")).startswith("Lancez Dryade : Dryade (A")


def test_a_permanent_that_gives_mana_says_how_much() -> None:
    state = make(hands=(["foyer"], []))
    assert _why(state, _casts(state, "foyer")) == (
        "Lancez Foyer ardent : ce permanent reste en jeu, et l'incliner vous donnera 1 mana de plus à chaque tour."
    )


def test_a_tap_names_the_spell_its_mana_pays_for() -> None:
    state = _facing(pv=1)
    state = state.model_copy(
        update={"sides": (state.sides[0].model_copy(update={"mana": 1, "permanents": ("foyer",)}), state.sides[1])}
    )
    tap = next(c.action for c in COLORS.suggest(state, 0, ANY) if isinstance(c.action, Tap))
    assert _why(state, tap) == "Inclinez Foyer ardent : sa mana vous permet ensuite de lancer Trait de feu."
