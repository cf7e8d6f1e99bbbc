"""King of Liber on the engine protocol: setup, legality, apply, views, outcome, labels, AI."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from bot.ai.search import level_agent
from bot.engine import (
    Agent,
    CardInfo,
    EngineError,
    Event,
    FiniteGame,
    IllegalAction,
    Outcome,
    RandomSource,
    Sealed,
    Seat,
    SeatSpec,
    Text,
    Transition,
    choice,
    private,
    public,
    shuffled,
    txt,
)

from . import rules
from .abilities import ravage_targets, ravager
from .actions import Ability, Assign, Attack, Block, Designate, Discard, End, Equip, LiberAction, Move, Play
from .ai import GreedyLiber, LiberSearch
from .combat import check_win, resolve_attack, settle_deaths, wound
from .content import CARDS, CONTENT, CURRENT_CARDS, DECKS, deck_problems, parse_decklist
from .effects import equip, play_card, use_ability
from .hidden import SPEC
from .i18n import CATALOG
from .labels import describe
from .menus import group_of
from .state import (
    ARRIERE,
    GENERAL_SLOT,
    HAND_LIMIT,
    OPENING_HAND,
    SLOTS,
    Combat,
    LiberState,
    Piece,
    Pos,
    Side,
)
from .texts import card_name, line_name
from .turn import end_placement, end_turn, finish_turn, open_response, start_turn
from .views import LiberView, build_view

DEFAULT_DECKS = ("ordre_du_lion", "legion_cendree")
#: The content's edition (D-LIB-38): a match plays the edition it was created in. Matches saved before
#: editions existed have none in their options and play the first.
EDITION = 2
MAJOR = {"placement": "placement", "attack": "attack", "block": "attack", "response": "attack", "discard": "attack"}


class LiberGame(FiniteGame[LiberState, Any, LiberView]):
    key = "liber"
    #: 2: block, response and Ravage moved onto the decision stack (older snapshots are rebuilt from the log).
    state_version = 2
    state_type = LiberState
    action_type = LiberAction
    hidden = SPEC
    catalog: ClassVar[dict[str, dict[str, str]]] = CATALOG
    kind_rules: ClassVar[dict[str, str]] = {
        "play": "liber.phase.placement",
        "move": "liber.phase.placement",
        "ability": "liber.ability.soin",
        "equip": "liber.card.object",
        "attack": "liber.phase.attack",
        "block": "liber.combat.block",
        "designate": "liber.ability.loyaute",
        "assign": "liber.combat.resolution",
        "discard": "liber.hand-limit",
        "end": "liber.turn",
    }
    #: `/liber <decision> choix:` families (the edge builds the commands; names in the catalogs).
    families: ClassVar[dict[str, tuple[str, ...]]] = {
        "jouer": ("play",),
        "deplacer": ("move",),
        "capacite": ("ability",),
        "equiper": ("equip",),
        "attaquer": ("attack",),
        "bloquer": ("block", "designate"),
        "ravage": ("assign",),
        "defausser": ("discard",),
        "finir": ("end",),
    }
    #: A placement, attack, block, response or discard left with one answer is asked all the same: the
    #: hand decides it, and a pass played at once would tell the table the hand holds nothing to play.
    always_ask: ClassVar[frozenset[str]] = frozenset({"placement", "attack", "block", "response", "discard"})
    #: The step (`asking`): the active player's Placement and Attack phases, the defender's block (an
    #: impatient unit or an éphémère may answer it), the response window, Ravage points, the hand limit.
    answers: ClassVar[dict[str, tuple[str, ...]]] = {
        "placement": ("play", "move", "ability", "equip", "end"),
        "attack": ("play", "attack", "ability", "equip", "end"),
        "block": ("block", "designate", "play"),
        "response": ("play", "end"),
        "ravage": ("assign",),
        "discard": ("discard",),
    }
    #: The entry a learning match shows with each decision met first (the phase, not its first card's rule).
    learn_rules: ClassVar[dict[str, str]] = {
        "attack": "liber.phase.attack",
        "response": "liber.spell.types",
        "ravage": "liber.ability.ravage",
    }

    # -- options --------------------------------------------------------------------------------
    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """A new match records the current edition, so an errata never changes a match under way."""
        out = dict(options)
        edition = out.setdefault("edition", EDITION)
        if edition not in (1, EDITION):
            raise EngineError("liber.bad_edition", value=str(edition))
        return out

    def validate_seat_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """A seat brings a starter deck (`deck`) or a text list (`decklist`): rule "Matériel"."""
        out = dict(options)
        if "deck" in options and "decklist" in options:
            raise EngineError("liber.invalid_deck", problems=[txt("liber.deck.both")])
        if "deck" in options:
            if options["deck"] not in DECKS or DECKS[options["deck"]].retired:
                raise EngineError("liber.invalid_deck", problems=[txt("liber.deck.unknown_deck", name=options["deck"])])
        elif "decklist" in options:
            general, cards, problems = parse_decklist(str(options["decklist"]), CURRENT_CARDS)
            problems += deck_problems(general, cards, CURRENT_CARDS)
            if problems:
                raise EngineError("liber.invalid_deck", problems=problems)
            out["general"] = general
            out["cards"] = cards
        return out

    def _deck_for(self, spec: SeatSpec, edition: int) -> tuple[str | None, str, list[str]]:
        """The seat's deck in the match's edition: a first-edition match deals a starter deck's first
        list (`<id>_e1`) while its side keeps the id the players know."""
        opts = self.validate_seat_options(spec.options)
        if "cards" in opts:
            return None, opts["general"], list(opts["cards"])
        deck_id = opts.get("deck", DEFAULT_DECKS[spec.seat % 2])
        deck = DECKS.get(f"{deck_id}_e1", DECKS[deck_id]) if edition == 1 else DECKS[deck_id]
        return deck_id, deck.general, deck.card_list()

    # -- protocol -------------------------------------------------------------------------------
    def setup(self, seats: Sequence[SeatSpec], options: dict[str, Any], rng: RandomSource) -> Transition[LiberState]:
        """Rule "Mise en place": shuffled decks, generals in the centre of the back line, 7 cards;
        the first player is drawn at random (Decision D-LIB-11)."""
        ev: list[Event] = []
        sides: list[Side] = []
        cards: dict[int, str] = {}
        for spec in sorted(seats, key=lambda s: s.seat):
            seat = spec.seat
            deck_id, general, deck_cards = self._deck_for(spec, int(options.get("edition", 1)))
            uids = list(range(seat * 100, seat * 100 + len(deck_cards)))
            cards.update(zip(uids, deck_cards, strict=True))
            gen_uid = seat * 100 + 99
            cards[gen_uid] = general
            grid: list[Piece | None] = [None] * 15
            grid[ARRIERE * SLOTS + GENERAL_SLOT] = Piece(
                uid=gen_uid, card=general, owner=seat, kind="general", pv=CARDS[general].pv
            )
            deck = shuffled(rng, uids)
            hand, deck = deck[-OPENING_HAND:], deck[:-OPENING_HAND]
            sides.append(Side(name=spec.name, deck_id=deck_id, general=general, deck=deck, hand=hand, grid=grid))
            ev.append(private([seat], "opening_hand", cards=[card_name(c) for c in sorted(cards[u] for u in hand)]))
        first = choice(rng, [0, 1])
        state = LiberState(sides=sides, cards=cards, first=first, active=first)
        ev.append(public("setup", first_seat=first, hand=OPENING_HAND))
        # each shuffled pile is sealed now and opened at the end: nobody, the bot included, stacked it
        sealed = tuple(Sealed(label="deck", seat=i, payload=[cards[u] for u in s.deck]) for i, s in enumerate(sides))
        start_turn(state, ev)
        return Transition(state=state, events=tuple(ev), sealed=sealed)

    def to_act(self, state: LiberState) -> frozenset[Seat]:
        return rules.to_act(state)

    def asking(self, state: LiberState) -> str | None:
        """The step: the decision on top of the stack (a block, a response, Ravage), else the phase."""
        return None if state.phase == "over" else state.step

    def check_rules(self, state: LiberState, seat: Seat, action: Any) -> None:
        """The game's rules (rules.refusal): the first broken rule, with its code and rule id."""
        refused = rules.refusal(state, seat, action)
        if refused is not None:
            raise IllegalAction(refused[0], rule=refused[1])

    def legal_actions(self, state: LiberState, seat: Seat) -> list[Any]:
        return rules.legal_actions(state, seat)

    def group_of(self, state: LiberState, seat: Seat, action: Any) -> tuple[str, Text] | None:
        return group_of(state, seat, action)

    def apply(self, state: LiberState, seat: Seat, action: Any, rng: RandomSource) -> Transition[LiberState]:
        s = state.clone()
        ev: list[Event] = []
        _HANDLERS[type(action)](s, ev, seat, action)
        touched = _touched(action)
        if touched:  # ending a phase or discarding keeps the last thing that happened on the board
            s.last = touched
        check_win(s, ev)
        return Transition(state=s, events=tuple(ev))

    show = staticmethod(build_view)

    def outcome(self, state: LiberState) -> Outcome | None:
        if state.result is None:
            return None
        scores = {str(i): s.vp for i, s in enumerate(state.sides)}
        if not state.result.winners:
            return Outcome(draw=True, reason=txt(f"liber.outcome.{state.result.reason}"), scores=scores)
        return Outcome(
            winners=tuple(state.result.winners), reason=txt(f"liber.outcome.{state.result.reason}"), scores=scores
        )

    # -- presentation ---------------------------------------------------------------------------
    def phase(self, state: LiberState) -> str:
        """Changes with the round, the active player and the major phase (not with each block)."""
        if state.phase == "over":
            return "over"
        major = MAJOR.get(state.phase, state.phase)
        if state.round == 1 and major == "attack":
            major = "placement"  # no attack phase in the first round: the end steps follow placement
        return f"{state.round}:{state.active}:{major}"

    def describe_action(self, state: LiberState, seat: Seat, action: Any) -> Text:
        return describe(state, seat, action)

    def cards(self) -> list[CardInfo]:
        """Every card of the content (generals included) as `/carte` shows it."""
        return _LIBER_CARDS

    def agent(self, level: str = "normal") -> Agent:
        return level_agent(level, GreedyLiber(), LiberSearch(self))


# -- handlers (state is a clone, legality checked) -------------------------------------------------
def _play(s: LiberState, ev: list[Event], seat: int, a: Play) -> None:
    card = CARDS[a.card]
    play_card(s, ev, seat, a.card, a.at, rules.play_cost(s, seat, card, a.at))


def _move(s: LiberState, ev: list[Event], seat: int, a: Move) -> None:
    piece = s.piece(a.frm)
    assert piece is not None
    s.put(a.frm, None)
    s.put(a.to, piece)
    piece.moved = True
    ev.append(
        public(
            "moved", seat=seat, card=card_name(piece.card), line=line_name(a.to[1]), slot=a.to[2] + 1, telekinesis=False
        )
    )


def _ability(s: LiberState, ev: list[Event], seat: int, a: Ability) -> None:
    use_ability(s, ev, seat, a.source, a.ability, a.target, a.to, a.card)


def _equip(s: LiberState, ev: list[Event], seat: int, a: Equip) -> None:
    equip(s, ev, seat, a.item, a.to)


def _attack(s: LiberState, ev: list[Event], seat: int, a: Attack) -> None:
    """Decision D-LIB-06: attacks are declared and resolved one at a time; each one opens the
    defender's window (block, Impatient units, éphémères)."""
    attacker = s.piece(a.attacker)
    targets: list[Pos] = [a.target] if a.target2 is None else [a.target, a.target2]
    assert attacker is not None
    uids = [s.at(t).uid for t in targets]
    s.combat = Combat(attacker=attacker.uid, targets=uids, split=a.split)
    ev.append(
        public(
            "attack_declared",
            seat=seat,
            card=card_name(attacker.card),
            targets=[card_name(s.at(t).card) for t in targets],
        )
    )
    defender = 1 - seat
    if not s.sides[defender].hand and not any(
        rules.can_block(s, defender, pos) is None or rules.designation_refusal(s, defender, pos) is None
        for pos, p in s.creatures(defender)
        if p.kind != "general"
    ):
        _resolve(s, ev, None)
    else:
        s.ask("block", defender)


def _resolve(s: LiberState, ev: list[Event], blocker: int | None) -> None:
    combat = s.combat
    assert combat is not None
    s.combat = None
    if s.step == "block":
        s.answered()
    if blocker is not None:
        ev.append(public("blocked", seat=1 - s.active, card=card_name(s.cards[blocker])))
    resolve_attack(s, ev, combat, blocker)


def _block(s: LiberState, ev: list[Event], seat: int, a: Block) -> None:
    blocker = s.at(a.blocker).uid if a.blocker is not None else None
    _resolve(s, ev, blocker)


def _designate(s: LiberState, ev: list[Event], seat: int, a: Designate) -> None:
    """Rule "Loyauté": the defender's choice of the loyal unit attacked; the block window stays open."""
    combat = s.combat
    assert combat is not None
    chosen = s.at(a.target)
    combat.targets = [chosen.uid]
    combat.designated = True
    ev.append(public("loyal_designated", seat=seat, card=card_name(chosen.card)))


def _assign(s: LiberState, ev: list[Event], seat: int, a: Assign) -> None:
    """Rule "Ravage": 3 damage split one point at a time over enemy units (D-LIB-32)."""
    rav = s.ravage
    assert rav is not None
    source = s.find(rav.source)
    fanatic = False
    if source is not None:
        piece = s.piece(source)
        fanatic = piece is not None and "fanatique" in CARDS[piece.card].abilities
    wound(s, ev, a.target, 1, by=seat, source="unit", fanatic=fanatic)
    settle_deaths(s, ev)
    if s.result is not None:
        return
    rav.remaining -= 1
    if rav.remaining <= 0 or not ravage_targets(s, seat, ravager(s)):
        s.answered()
        s.ravage = None


def _discard(s: LiberState, ev: list[Event], seat: int, a: Discard) -> None:
    side = s.sides[seat]
    uid = next(u for u in side.hand if s.cards[u] == a.card)
    side.hand.remove(uid)
    side.cemetery.append(uid)
    ev.append(public("discarded", seat=seat, card=card_name(a.card)))
    if len(side.hand) <= HAND_LIMIT:
        end_turn(s, ev)


def _end(s: LiberState, ev: list[Event], seat: int, a: End) -> None:
    if s.step == "placement":
        end_placement(s, ev)
    elif s.step == "attack":
        open_response(s, ev)
    else:
        s.answered()  # the response window closes
        finish_turn(s, ev)


def _touched(action: Any) -> list[Pos]:
    """The board places an action names (where a card went, who moved, attacked, blocked, was hit)."""
    names = ("at", "frm", "to", "source", "target", "target2", "attacker", "blocker")
    found = [getattr(action, n, None) for n in names]
    return [p for p in found if isinstance(p, tuple) and len(p) == 3]


_HANDLERS: dict[type, Any] = {
    Play: _play,
    Move: _move,
    Ability: _ability,
    Equip: _equip,
    Attack: _attack,
    Block: _block,
    Designate: _designate,
    Assign: _assign,
    Discard: _discard,
    End: _end,
}

__all__ = ["LiberGame"]


def _liber_cards() -> list[Any]:
    """Every card of the content (generals included) as `/carte` shows it."""

    def lines(card: Any, loc: str) -> tuple[str, ...]:
        cat = CATALOG[loc]
        kind = cat.get(f"liber.type.{card.type}", card.type)
        if card.subtype:
            kind += f" ({cat.get(f'liber.type.{card.subtype}', card.subtype).lower()})"
        out = [kind]
        stats = []
        if card.force or card.pv:
            stats.append(("Force" if loc == "fr" else "Strength") + f" {card.force} · PV {card.pv}")
        if card.cost:
            stats.append(("Coût" if loc == "fr" else "Cost") + f" {card.cost} " + ("or" if loc == "fr" else "gold"))
        if card.faith:
            stats.append(("Foi" if loc == "fr" else "Faith") + f" {card.faith}")
        out += stats
        if card.abilities:
            out.append(", ".join(cat.get(f"liber.kw.{a}", a) for a in card.abilities))
        return tuple(out)

    return [
        CardInfo(
            id=c.id,
            game="liber",
            name={"fr": c.name.fr, "en": c.name.en},
            lines={loc: lines(c, loc) for loc in ("fr", "en")},
        )
        for c in CONTENT.cards.values()
        if not c.retired
    ]


_LIBER_CARDS = _liber_cards()

#: The rules object the package's GameDef wraps (bot/games/liber/__init__.py).
LIBER = LiberGame()
