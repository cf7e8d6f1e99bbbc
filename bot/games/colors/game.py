"""Colors of Magic on the kernel: set-up, `check` / `suggest` / `apply`, views, determinize, the AI.

The host plays it as `/colors` (the families below); its table is drawn by `renderers/colors.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from bot.engine import CardInfo, Outcome, RandomSource, SeatSpec, Transition, cards_of, txt
from bot.engine.sealed import Sealed
from bot.i18n import t
from bot.table.game import TableGame, rules_of

from . import instants, resolve, rules, suggest
from .actions import ColorsAction, NoResponse
from .ai import ColorsAgent
from .content import CARDS, CODEX_ADDED_IN, WIZARDS, Card, codex_of
from .hidden import SPEC
from .state import ColorsState
from .views import ColorsView, build_view

DEFAULT_WIZARDS = ("braise", "roc")
DEFAULT_SCENARIO = "pierres_de_mana"


class ColorsGame(TableGame[ColorsState, ColorsView]):
    key = "colors"
    #: 2: a pause for instants asks only a seat one of whose instants could answer (D-COL-31, #27).
    #: 3: a paused spell or shot resumes only if still in range and sight (D-COL-18), and the codex
    #: holds the cards of `Wizard.codex_added` (D-COL-35).
    #: 4: an instant's target chosen among the legal ones, a counter aimed at an instant on the pile, a
    #: spell's wounds answered, permanents tapped for mana until the End phase, and the codex cards of
    #: version 4 (D-COL-37).
    #: 5: line of sight is exact, as the other table games' (D-COL-22, #25).
    rules_version = 5
    #: An activation's moves and attacks beside its end: asked without a move search (docs/play-by-post.md).
    open_choice: ClassVar[frozenset[str]] = frozenset({"creature"})
    state_type = ColorsState
    action_type = ColorsAction
    hidden = SPEC
    families: ClassVar[dict[str, tuple[str, ...]]] = {
        "activer": ("activate",),
        "lancer": ("cast",),
        "deplacer": ("move", "disengage"),
        "attaquer": ("attack",),
        "terminer": ("done",),
        "duel": ("duel_card", "duel_pass"),
        "repondre": ("no_response",),
        "incliner": ("tap",),
        "passer": ("pass",),
    }
    #: A monster's activation card is turned from the sealed activation pile, in public.
    disclosing: ClassVar[frozenset[str]] = frozenset({"activation_card"})
    kind_rules: ClassVar[dict[str, str]] = {
        "activate": "colors.creature.activation",
        "cast": "colors.casting",
        "move": "colors.movement",
        "disengage": "colors.disengage",
        "attack": "colors.combat",
        "done": "colors.creature.activation",
        "duel_card": "colors.combat.duel",
        "duel_pass": "colors.combat.duel",
        "no_response": "colors.decision.stack",
        "pass": "colors.activation.pass",
        "tap": "colors.casting",
    }
    #: A turn or a pause left with one answer is asked all the same: whether an instant can be cast
    #: depends on the hand, and « Ne rien ajouter » played at once would say it holds none (but a pause
    #: public facts alone close is answered at once: `forced`, D-COL-36; one the hand holds nothing for is
    #: answered by the host unless the player asked otherwise: `passed`, D-COL-38).
    always_ask: ClassVar[frozenset[str]] = frozenset({"act", "respond"})
    #: The turn (activate a creature, cast, pass), the active creature's Movement and Action, a pause
    #: for instants, a duel.
    answers: ClassVar[dict[str, tuple[str, ...]]] = {
        "act": ("activate", "cast", "pass", "tap"),
        "creature": ("move", "disengage", "attack", "done"),
        "respond": ("cast", "no_response", "tap"),
        "duel": ("duel_card", "duel_pass"),
    }
    asks: ClassVar[dict[str, str]] = {
        "act": "error.colors.asks.act",
        "creature": "error.colors.finish_activation",
        "respond": "error.colors.respond_first",
        "duel": "error.colors.duel_first",
    }
    #: The entry a learning match shows with each decision met first.
    learn_rules: ClassVar[dict[str, str]] = {
        "act": "colors.phase.activation",
        "creature": "colors.creature.activation",
        "respond": "colors.stack",
    }

    agent_type = ColorsAgent
    table_rules = rules_of(rules, resolve, suggest)

    # -- set-up -----------------------------------------------------------------------------------
    def validate_seat_options(self, options: dict[str, Any]) -> dict[str, Any]:
        wizard = options.get("wizard")
        if wizard is not None and wizard not in WIZARDS:
            raise rules.refuse("unknown_wizard", "setup")
        return {"wizard": wizard} if wizard else {}

    def setup(self, seats: Sequence[SeatSpec], options: dict[str, Any], rng: RandomSource) -> Transition[ColorsState]:
        wizards = [(s.options or {}).get("wizard") or DEFAULT_WIZARDS[i] for i, s in enumerate(seats)]
        ev: resolve.Events = []
        state, _ = resolve.opening(list(seats), wizards, options.get("scenario", DEFAULT_SCENARIO), rng, ev)
        sealed = tuple(Sealed(label="deck", seat=i, payload=list(s.deck)) for i, s in enumerate(state.sides))
        if state.monster_deck:
            sealed += (Sealed(label="activation", seat=None, payload=list(state.monster_deck)),)
        state = resolve.start_round(state, rng, ev)
        ev += resolve.secret_events(state)
        return Transition(state=state, events=tuple(ev), sealed=sealed)

    def at_rules(self, state: ColorsState, version: int) -> ColorsState:
        """Version 1: the pause for instants before D-COL-31 was revised (legacy.py); a match begun
        before version 3 or 4 holds the codex without the cards those versions added (the set-up deals
        them: they leave the hands)."""
        state = super().at_rules(state, version)
        if version >= max(CODEX_ADDED_IN, *(v for w in WIZARDS.values() for v in w.codex_added)):
            return state
        sides = []
        for side in state.sides:
            hand = list(side.hand)
            later = WIZARDS[side.wizard].added_after(version)
            for card in codex_of(WIZARDS[side.wizard]):
                if card in later and card in hand:
                    hand.remove(card)
            sides.append(side.model_copy(update={"hand": tuple(hand)}))
        return state.model_copy(update={"sides": (sides[0], sides[1])})

    # -- decisions --------------------------------------------------------------------------------
    def forced(self, state: ColorsState, seat: int) -> Any:
        """A pause the seat cannot add to as far as the table can tell is answered "nothing" at once
        (D-COL-36): after its own instant, with no card left in hand, no mana nor Blood Pact left to pay
        another, or no other copy that could be in hand. The reading is D-COL-31's, on public facts only,
        so two hands of the same size get the same answer and its timing tells nothing. Any other pause
        is asked (`always_ask`): whether the hand holds an instant that answers is its own secret."""
        window = state.window
        asked = self.asking(state) == "respond" and self.outcome(state) is None and seat in self.to_act(state)
        if asked and window is not None and instants.standing(state, seat, window) != "ask":
            return NoResponse()
        return super().forced(state, seat)

    def passed(self, state: ColorsState, seat: int) -> Any:
        """A pause the seat's hand holds no instant for that could answer now is answered "nothing" for
        them (D-COL-38), unless they asked to be asked (`/preferences pile:`): a question whose only
        answer is « Ne rien ajouter à la pile » costs a ping. Its step reads as their own "nothing"."""
        window = state.window
        asked = self.asking(state) == "respond" and self.outcome(state) is None and seat in self.to_act(state)
        if asked and window is not None and not instants.holds_answer(state, seat, window):
            return NoResponse()
        return None

    # -- the end ----------------------------------------------------------------------------------
    def outcome(self, state: ColorsState) -> Outcome | None:
        if state.winners is None:
            return None
        scores = {str(i): s.vp for i, s in enumerate(state.sides)}
        return Outcome.of(state.winners, txt(f"colors.outcome.{state.reason}"), scores)

    # -- information ------------------------------------------------------------------------------
    show = staticmethod(build_view)

    # -- presentation -----------------------------------------------------------------------------
    def phase(self, state: ColorsState) -> str:
        return "over" if state.winners is not None else f"{state.phase}:{state.round}"

    def cards(self) -> list[CardInfo]:
        """`/carte`: type, cost, the creature's characteristics and the combat boost, in both languages."""
        return cards_of(self.key, CARDS.values(), _card_lines)


def _card_lines(card: Card, loc: str) -> tuple[str, ...]:
    head = t("colors.cardline.head", loc, type=t(f"colors.type.{card.type}", loc), cost=card.cost)
    stats: tuple[str, ...] = ()
    if card.creature is not None:
        c = card.creature
        stats = (
            t(
                "colors.cardline.creature",
                loc,
                pv=c.pv,
                move=c.move,
                defense=c.defense,
                melee=c.melee,
                ranged=c.ranged,
                size=c.size,
            ),
        )
    parts = [t("colors.cardline.boost", loc, n=card.boost.initiative)]
    if card.boost.attack:
        parts.append(t("colors.cardline.boost_attack", loc, n=card.boost.attack))
    if card.boost.defense:
        parts.append(t("colors.cardline.boost_defense", loc, n=card.boost.defense))
    boost = (" ; " if loc == "fr" else "; ").join(parts)
    return (head, *stats, boost)


from .i18n import load_catalog  # noqa: E402

ColorsGame.catalog = load_catalog()
COLORS = ColorsGame()
