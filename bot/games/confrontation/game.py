"""Confrontation on the kernel: set-up, `check` / `suggest` / `apply`, views, determinize, the AI.

The host plays it as `/conf` (the families below); its table is drawn by `renderers/confrontation.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from bot.engine import Agent, CardInfo, Outcome, RandomSource, SeatSpec, Transition, cards_of, txt
from bot.i18n import t
from bot.table.game import TableGame, rules_of

from . import resolve, rules, suggest
from .actions import ConfAction
from .ai import ConfAgent
from .content import BAND_OF, PROFILES, SCENARIOS, WARBANDS, Profile
from .hidden import SPEC
from .search import conf_agent
from .state import ConfState
from .views import ConfView, build_view

DEFAULT_WARBANDS = ("lions", "griffes")
DEFAULT_SCENARIO = "escarmouche"


class ConfrontationGame(TableGame[ConfState, ConfView]):
    key = "confrontation"
    #: 2: a choice the rules leave alone is made without asking, a diver's obligation ends with its
    #: activation (D-CON-20, D-CON-04, #28), a charge or an engagement is declared only when a path reaches
    #: its target, and sight is exact (#25). A match begun under 1 replays and plays on under it.
    rules_version = 2
    state_type = ConfState
    action_type = ConfAction
    hidden = SPEC
    families: ClassVar[dict[str, tuple[str, ...]]] = {
        "sequence": ("order",),
        "main": ("lead",),
        "tirage": ("draw",),
        "annoncer": ("declare", "declared"),
        "resoudre": ("resolve", "forgo"),
        "marcher": ("walk", "disengage"),
        "tirer": ("shoot",),
        "sort": ("cast",),
        "terminer": ("finish",),
        "couvert": ("dive",),
        "des": ("dice",),
    }
    kind_rules: ClassVar[dict[str, str]] = {
        "order": "confrontation.activation-sequence",
        "lead": "confrontation.tactics-roll",
        "draw": "confrontation.speaking-turn",
        "declare": "confrontation.announcements",
        "declared": "confrontation.announcements",
        "resolve": "confrontation.announcements",
        "forgo": "confrontation.announcements",
        "walk": "confrontation.walk",
        "disengage": "confrontation.disengage",
        "shoot": "confrontation.shoot",
        "cast": "confrontation.mystic",
        "finish": "confrontation.walk",
        "dive": "confrontation.dive-for-cover",
        "dice": "confrontation.combat-phase",
    }
    #: The strategic phase (order the cards, the lead, each speaking turn), a card's announcements, its
    #: exclusive then cumulative actions, diving for cover, the split of the combat dice.
    answers: ClassVar[dict[str, tuple[str, ...]]] = {
        "sequence": ("order",),
        "lead": ("lead",),
        "draw": ("draw",),
        "declare": ("declare", "declared"),
        "exclusive": ("resolve", "forgo"),
        "fighter": ("walk", "disengage", "shoot", "cast", "finish"),
        "dive": ("dive",),
        "dice": ("dice",),
    }
    asks: ClassVar[dict[str, str]] = {
        "sequence": "error.confrontation.order_first",
        "lead": "error.confrontation.lead_first",
        "draw": "error.confrontation.draw_first",
        "declare": "error.confrontation.announce_first",
        "exclusive": "error.confrontation.resolve_first",
        "fighter": "error.confrontation.cumulative_now",
        "dive": "error.confrontation.dive_first",
        "dice": "error.confrontation.dice_first",
    }
    #: The entry a learning match shows with each decision met first.
    learn_rules: ClassVar[dict[str, str]] = {
        "draw": "confrontation.lead",
        "exclusive": "confrontation.exclusive.resolution",
        "fighter": "confrontation.cumulative",
    }

    agent_type = ConfAgent
    table_rules = rules_of(rules, resolve, suggest)

    def agent(self, level: str = "normal") -> Agent:
        """Easy is the greedy player; normal and hard search the sequence and the fights (search.py, #28)."""
        return conf_agent(self, level)

    # -- set-up -----------------------------------------------------------------------------------
    def validate_seat_options(self, options: dict[str, Any]) -> dict[str, Any]:
        band = options.get("warband") or options.get("deck")
        if band is not None and band not in WARBANDS:
            raise rules.refuse("unknown_warband", "setup")
        return {"warband": band} if band else {}

    def setup(self, seats: Sequence[SeatSpec], options: dict[str, Any], rng: RandomSource) -> Transition[ConfState]:
        bands = [(s.options or {}).get("warband") or DEFAULT_WARBANDS[i] for i, s in enumerate(seats)]
        scenario = options.get("scenario", DEFAULT_SCENARIO)
        if scenario not in SCENARIOS:
            scenario = DEFAULT_SCENARIO
        state = resolve.opening([s.name for s in seats], bands, scenario)
        ev: resolve.Events = []
        state = resolve.start_turn(state, ev)
        return Transition(state=state, events=tuple(ev))

    # -- the end ----------------------------------------------------------------------------------
    def outcome(self, state: ConfState) -> Outcome | None:
        if state.winners is None:
            return None
        scores = {str(i): round(100 * resolve.share(state, 1 - i)) for i in (0, 1)}
        return Outcome.of(
            state.winners, txt(f"confrontation.outcome.{state.reason}", a=scores["0"], b=scores["1"]), scores
        )

    # -- information ------------------------------------------------------------------------------
    show = staticmethod(build_view)

    # -- presentation -----------------------------------------------------------------------------
    def phase(self, state: ConfState) -> str:
        return "over" if state.winners is not None else f"{state.phase}:{state.turn}"

    def cards(self) -> list[CardInfo]:
        """`/carte`: each reference card's characteristics, in both languages."""
        return cards_of(self.key, PROFILES.values(), _card_lines)


def _card_lines(p: Profile, loc: str) -> tuple[str, ...]:
    head = t(
        "confrontation.cardline.head",
        loc,
        band=t(f"confrontation.warband.{_band(p.id)}", loc),
        count=p.count,
        cost=p.cost,
    )
    stats = t(
        "confrontation.cardline.stats",
        loc,
        mou=round(p.move * 100),
        ini=p.initiative,
        att=p.attack,
        force=p.strength,
        defense=p.defense,
        res=p.resilience,
        dis=p.discipline,
    )
    extra = [
        t("confrontation.cardline.fear", loc, n=p.fear)
        if p.fear
        else t("confrontation.cardline.courage", loc, n=p.courage)
    ]
    if p.weapon is not None:
        w = p.weapon
        extra.append(
            t(
                "confrontation.cardline.weapon",
                loc,
                aim=p.aim,
                short=round(w.short * 100),
                medium=round(w.medium * 100),
                long=round(w.long * 100),
                force=w.strength,
            )
        )
    if p.power:
        spells = [t(f"confrontation.spell.{s}", loc) for s in p.spells]
        extra.append(t("confrontation.cardline.power", loc, n=p.power, spells=", ".join(spells)))
    return (head, stats, *extra)


def _band(pid: str) -> str:
    return BAND_OF[pid]


from .i18n import load_catalog  # noqa: E402

ConfrontationGame.catalog = load_catalog()
CONFRONTATION = ConfrontationGame()
