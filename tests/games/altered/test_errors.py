"""Refusals: each illegal action is refused with a stable code and a rules-corpus id, and the
state is untouched."""

from __future__ import annotations

import pytest

from bot.engine import IllegalAction, txt
from bot.games.altered.actions import (
    CleanupDiscard,
    CleanupSacrifice,
    Expand,
    HeroAbility,
    Pass,
    PlayCard,
    SetupMana,
)
from bot.games.altered.game import ALTERED

from .helpers import cards, o, player, scenario

LANCER, HALT, TOWER, MIST, FOE = (o(c) for c in ("lancier_aube", "halte_camp", "tour_de_guet", "brume_matinale",
                                                 "recrue_seuil"))  # fmt: skip
STATE = scenario(player(hand=[LANCER, HALT, TOWER, MIST], mana=5), player("B", "orvan", exp_hero=[FOE]))


@pytest.mark.parametrize(
    ("seat", "action", "code"),
    [
        (1, Pass(), "not_your_turn"),
        (0, SetupMana(uid=LANCER.uid), "wrong_phase"),
        (0, Expand(uid=LANCER.uid), "wrong_phase"),
        (0, CleanupDiscard(uid=LANCER.uid), "wrong_phase"),
        (0, PlayCard(uid=FOE.uid, expedition="hero"), "altered.not_playable"),
        (0, PlayCard(uid=9999, expedition="hero"), "altered.not_playable"),
        (0, PlayCard(uid=LANCER.uid), "altered.choose_expedition"),
        (0, PlayCard(uid=LANCER.uid, expedition="hero", target=FOE.uid), "altered.choose_expedition"),
        (0, PlayCard(uid=HALT.uid, expedition="hero"), "altered.no_expedition"),
        (0, PlayCard(uid=TOWER.uid, target=FOE.uid), "altered.bad_target"),
        (0, PlayCard(uid=MIST.uid), "altered.bad_target"),
        (0, PlayCard(uid=MIST.uid, target=LANCER.uid), "altered.bad_target"),
    ],
)
def test_refusals(seat: int, action: object, code: str) -> None:
    before = STATE.model_dump_json()
    assert action not in ALTERED.legal_actions(STATE, seat)
    with pytest.raises(IllegalAction) as err:
        ALTERED.check(STATE, seat, action)
    assert err.value.code == code
    assert code == "not_your_turn" or (err.value.rule or "").startswith("altered.")
    if code == "wrong_phase":  # the kernel's refusal says what the Afternoon asks instead
        assert err.value.params["asked"] == txt("error.altered.asks.turn")
    assert STATE.model_dump_json() == before


def test_cleanup_refusals_and_game_over() -> None:
    night = scenario(player(reserve=cards("halte_camp", "halte_camp", "halte_camp")), phase="night")
    with pytest.raises(IllegalAction) as err:
        ALTERED.check(night, 0, CleanupSacrifice(uid=night.players[0].reserve[0].uid))
    assert err.value.code == "altered.cleanup_not_needed"
    with pytest.raises(IllegalAction) as err:
        ALTERED.check(night, 0, CleanupDiscard(uid=12345))
    assert err.value.code == "altered.not_in_reserve"
    over = scenario(phase="over", turn=None, winner=0)
    with pytest.raises(IllegalAction) as err:
        ALTERED.check(over, 0, HeroAbility())
    assert err.value.code == "game_over"
