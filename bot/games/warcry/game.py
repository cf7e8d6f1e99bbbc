"""WarCry's solo mode on the kernel: set-up, `check` / `suggest` / `apply`, views, the procedure as
the AI of the solo side.

The host plays it as `/warcry` (the families below); the table is drawn by `renderers/warcry.py`.
Seat 0 is the player (blue, defender); seat 1 the warband the booklet's procedure plays.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from bot.engine import CardInfo, Outcome, RandomSource, SeatSpec, Text, Transition, cards_of, public, txt
from bot.i18n import t
from bot.table.game import TableGame, rules_of

from . import resolve, rules, scenario, suggest
from .actions import WarAction
from .ai import SoloAgent
from .content import DEPLOYMENTS, DIFFICULTY, LAYOUTS, PROFILES, TWISTS, VICTORIES, WARBANDS, Profile
from .hidden import SPEC
from .state import WarState
from .views import WarView, build_view, state_of

DEFAULT_WARBANDS = ("cendre", "basalte")
#: The battleplans' version a match is created under (stamped in its options as `plan`): 3 draws a
#: layout among ours and a victory among the four of then; 4 draws a twist too and a victory among all
#: (« Le butin » included); a match without the stamp draws as it did (D-WAR-27).
PLAN = 4
#: The victory cards a match created before version 4 drew from, in their order then.
VICTORIES_2 = ("bornes", "coeur", "decapitation", "primes")
#: What `/partie nouvelle scenario:` may fix, each a card the battleplan would otherwise draw.
PLAN_PARTS = ("layout", "deployment", "victory", "twist")
LEVEL_DIFFICULTY = {"easy": "facile", "normal": "equilibre", "hard": "difficile"}


class WarcryGame(TableGame[WarState, WarView]):
    key = "warcry"
    #: 2: the solo warband's groups give their excess once every fighter is rolled for (D-WAR-01), and
    #: the geometry is exact (#25): sight, paths round bases with round corners, stops on entering a range
    #: or before leaving an objective, disengages of the whole 3"; version 1's geometry is legacy.py's.
    #: A match begun under 1 replays and plays on under it.
    #: 3: the battleplans of #29 (a terrain layout with platforms to climb and jump down from, D-WAR-28
    #: to D-WAR-30); a battle begun under 2 has the flat table, where nothing of 3 applies.
    #: 4: a twist (D-WAR-32) and « Le butin », treasure carried by fighters (D-WAR-31); a battle begun
    #: under 3 has neither, so nothing of 4 applies to it.
    #: 5: a path reaches a point beside a piece from the piece's corner (#25: the search dropped that last
    #: edge and went the long way, or nowhere); a battle begun under 4 replays its moves without it.
    rules_version = 5
    #: Seat 1 is the warband the booklet's procedure plays: it sits at once (« Pièges du destin »).
    solo = True
    hidden = SPEC
    #: An activation's moves and attacks beside its end: asked without a move search (docs/play-by-post.md).
    #: A deployment: two formations and a typed place are always on offer (D-WAR-25), and looking for a
    #: single answer placed both formations (~20 ms) after every step of the set-up (#30).
    open_choice: ClassVar[frozenset[str]] = frozenset({"act", "deploy"})
    state_type = WarState
    action_type = WarAction
    families: ClassVar[dict[str, tuple[str, ...]]] = {
        "groupes": ("split", "seeds"),
        "deployer": ("deploy",),
        "joker": ("wild",),
        "activer": ("activate",),
        "deplacer": ("move",),
        "attaquer": ("attack",),
        "desengager": ("disengage",),
        "attendre": ("wait",),
        "aptitude": ("use",),
    }
    #: The /regle entry of each decision family: the one its refusals cite (rules.RULES).
    kind_rules: ClassVar[dict[str, str]] = {
        kind: rules.RULES[area]
        for kind, area in (
            ("split", "setup"),
            ("seeds", "seeds"),
            ("deploy", "deploy"),
            ("wild", "wild"),
            ("activate", "activate"),
            ("move", "move"),
            ("attack", "attack"),
            ("disengage", "disengage"),
            ("wait", "activate"),
            ("use", "ability"),
        )
    }
    #: Set-up (groups, the solo's seeds, deployment), a wild die, then each activation: which fighter,
    #: and its actions.
    answers: ClassVar[dict[str, tuple[str, ...]]] = {
        "split": ("split",),
        "seeds": ("seeds",),
        "deploy": ("deploy",),
        "wild": ("wild",),
        "activate": ("activate",),
        "act": ("move", "attack", "disengage", "wait", "use"),
    }
    asks: ClassVar[dict[str, str]] = {"activate": "error.warcry.asks.activate", "act": "error.warcry.asks.act"}
    #: The entry a learning match shows with each decision met first.
    learn_rules: ClassVar[dict[str, str]] = {
        "split": "warcry.decision.your-groups",
        "seeds": "warcry.groups",
        "deploy": "warcry.decision.deployment",
        "activate": "warcry.combat-phase",
        "act": "warcry.rules.activation",
    }

    agent_type = SoloAgent
    table_rules = rules_of(rules, resolve, suggest)

    # -- set-up -----------------------------------------------------------------------------------
    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """A deployment or victory not chosen is drawn at set-up from the match's seed (`drawn`, stamped
        here so that a match created before the draw existed replays with the defaults it had); so is
        the terrain layout, from the battleplans of version 3 (`plan`, stamped here too: a match created
        before it replays on the flat table with the draws it had, D-WAR-27)."""
        out: dict[str, Any] = {}
        if options.get("scenario"):  # `/partie nouvelle scenario:` fixes some of the cards (D-WAR-33)
            try:
                options = {**scenario.parse(str(options["scenario"])), **options}
            except ValueError:
                raise rules.refuse("unknown_scenario", "battleplan") from None
        choices = (
            ("difficulty", DIFFICULTY),
            ("deployment", DEPLOYMENTS),
            ("victory", VICTORIES),
            ("layout", LAYOUTS),
            ("twist", TWISTS),
        )
        for key, allowed in choices:
            value = options.get(key)
            if value is not None:
                if value not in allowed:
                    raise rules.refuse(f"unknown_{key}", "setup")
                out[key] = value
        if options.get("drawn", True) and not all(part in out for part in PLAN_PARTS):
            out["drawn"] = True
        out["plan"] = PLAN
        return out

    def scenarios(self, typed: str, locale: str) -> Sequence[tuple[str, str]]:
        """The battleplans a creator may choose: « au hasard », or cards of it fixed (D-WAR-33)."""
        return scenario.choices(typed, locale)

    def option_lines(self, options: Mapping[str, Any]) -> Sequence[Text]:
        return scenario.lines(options)

    def validate_seat_options(self, options: dict[str, Any]) -> dict[str, Any]:
        band = options.get("warband") or options.get("deck")
        if band is not None and band not in WARBANDS:
            raise rules.refuse("unknown_warband", "setup")
        out: dict[str, Any] = {"warband": band} if band else {}
        level = options.get("difficulty")
        if level is not None:
            if level not in DIFFICULTY:
                raise rules.refuse("unknown_difficulty", "setup")
            out["difficulty"] = level
        return out

    def ai_seat_options(self, level: str) -> dict[str, Any]:
        """The AI's level is the solo warband's difficulty (D-WAR-23): easy 1000, normal 1150, hard
        1250 points."""
        return {"difficulty": LEVEL_DIFFICULTY.get(level, "equilibre")}

    def setup(self, seats: Sequence[SeatSpec], options: dict[str, Any], rng: RandomSource) -> Transition[WarState]:
        bands = [(s.options or {}).get("warband") or DEFAULT_WARBANDS[i] for i, s in enumerate(seats)]
        if bands[0] == bands[1]:
            bands[1] = next(b for b in WARBANDS if b != bands[0])
        deployment, victory = options.get("deployment"), options.get("victory")
        layout, twist = options.get("layout"), options.get("twist")
        plan = options.get("plan", 2)
        if options.get("drawn"):  # the battleplan drawn from the seed (D-WAR-27), from the cards of its version
            deployment = deployment or sorted(DEPLOYMENTS)[rng.below(len(DEPLOYMENTS))]
            cards = sorted(VICTORIES) if plan >= 4 else list(VICTORIES_2)
            victory = victory or cards[rng.below(len(cards))]
            if plan >= 3:
                layout = layout or sorted(LAYOUTS)[rng.below(len(LAYOUTS))]
            if plan >= 4:
                twist = twist or sorted(TWISTS)[rng.below(len(TWISTS))]
        state = resolve.opening(
            [s.name for s in seats],
            bands,
            options.get("difficulty") or (seats[1].options or {}).get("difficulty") or "equilibre",
            deployment or "face_a_face",
            victory or "bornes",
            layout or "plaine",
            twist or "",
        )
        return Transition(state=state, events=(battleplan_event(state), *resolve.marked_events(state)))

    # -- the end ----------------------------------------------------------------------------------
    def outcome(self, state: WarState) -> Outcome | None:
        if state.winners is None:
            return None
        scores = {"0": state.sides[0].taken_down, "1": state.sides[1].taken_down}
        return Outcome.of(state.winners, txt(f"warcry.outcome.{state.reason}", a=scores["0"], b=scores["1"]), scores)

    # -- information ------------------------------------------------------------------------------
    def view(self, state: WarState, viewer: int | None) -> WarView:
        """Its own: nothing is hidden, so the view is the state itself and its viewer (a `WarView` is a
        `WarState`), and the renderer reads the state's own fields."""
        return build_view(state, viewer)

    def determinize(self, view: WarView, rng: RandomSource) -> WarState:
        """Its own: the view is the whole state, so there is nothing to deal."""
        return state_of(view)

    # -- presentation -----------------------------------------------------------------------------
    def phase(self, state: WarState) -> str:
        return "over" if state.winners is not None else f"{state.phase}:{state.round}"

    def cards(self) -> list[CardInfo]:
        """`/carte`: each fighter's profile, in both languages."""
        return cards_of(self.key, PROFILES.values(), _card_lines)


def battleplan_event(state: WarState) -> Any:
    """The battle's first line: its deployment and victory, its terrain when it has platforms (D-WAR-28)
    and its twist (D-WAR-32)."""
    cards = {
        "deployment": {"key": f"warcry.deployment.{state.deployment}", "params": {}},
        "victory": {"key": f"warcry.victory.{state.victory}", "params": {}},
    }
    layout = {"key": f"warcry.layout.{state.layout}", "params": {}}
    if state.twist:
        twist = {"key": f"warcry.twist.{state.twist}", "params": {}}
        return public("battleplan_twist", **cards, layout=layout, twist=twist)
    if state.layout != "plaine":
        return public("battleplan_layout", **cards, layout=layout)
    return public("battleplan", **cards)


def _card_lines(p: Profile, loc: str) -> tuple[str, ...]:
    head = t("warcry.cardline.head", loc, move=p.move, t=p.toughness, w=p.wounds, pts=p.points)
    weapons = tuple(
        t(
            "warcry.cardline.weapon",
            loc,
            name=w.name.get(loc),
            range=(f"{w.min_range:g}-{w.range:g}" if w.min_range else f"{w.range:g}"),
            a=w.attacks,
            s=w.strength,
            hit=w.hit,
            crit=w.crit,
        )
        for w in p.weapons
    )
    return (head, *weapons)


from .i18n import load_catalog  # noqa: E402

WarcryGame.catalog = load_catalog()
WARCRY = WarcryGame()
