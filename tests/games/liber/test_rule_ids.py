"""Every rule a King of Liber refusal cites exists in `/regle` (a refusal's "see the rule" button never
points nowhere), found both in the code and by refusing moves on many random positions."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

from bot.engine import IllegalAction, Rng, SeatSpec
from bot.games.liber import rules as legality_module
from bot.games.liber.actions import Ability
from bot.games.liber.game import LIBER
from bot.games.liber.reach import RULES as REACH_RULES
from bot.rules import by_id

ROOT = Path(__file__).parents[3] / "bot" / "games" / "liber"


def _cited_in_code() -> set[str]:
    ids: set[str] = set()
    for path in ROOT.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        ids |= set(re.findall(r'\(\s*"liber\.[a-z_]+"\s*,\s*"(liber\.[a-z0-9_.-]+)"\s*\)', text))
        ids |= set(re.findall(r'rule\s*=\s*"(liber\.[a-z0-9_.-]+)"', text))
    abilities = get_args(Ability.model_fields["ability"].annotation)
    ids |= {f"liber.ability.{a}" for a in abilities if a != "general"} | {"liber.card.general"}
    ids |= set(LIBER.kind_rules.values()) | set(REACH_RULES.values())
    return ids


def test_every_rule_cited_in_the_code_exists_in_the_rules_lookup() -> None:
    cited = _cited_in_code()
    assert len(cited) > 20
    assert cited - set(by_id()) == set()


def test_every_refusal_met_in_play_cites_an_existing_rule() -> None:
    seen: set[str] = set()
    for seed in range(6):
        rng = Rng(seed)
        state = LIBER.setup([SeatSpec(seat=0, name="A"), SeatSpec(seat=1, name="B")], {}, rng).state
        for _ in range(150):
            if LIBER.outcome(state) is not None:
                break
            seat = min(LIBER.to_act(state))
            for candidate in legality_module._candidates(state, seat):
                try:
                    LIBER.check(state, seat, candidate)
                except IllegalAction as refusal:
                    if refusal.rule:
                        seen.add(refusal.rule)
            legal = LIBER.legal_actions(state, seat)
            state = LIBER.apply(state, seat, legal[rng.below(len(legal))], rng).state
    assert seen and seen - set(by_id()) == set()
