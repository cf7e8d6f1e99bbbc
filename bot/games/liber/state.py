"""The state of a King of Liber match: two sides of three lines of five places, and the turn.

Rule "Matériel": each side has a reserve (draw pile, gold, faith) and three lines, plaine, arrière
and front, of five places; the general stands face up in the centre of the back line. Card
instances are integers (`uid`), their card id is in `LiberState.cards`; the state never leaves the
engine (views redact it), so hidden hands and deck order stay inside.

`apply` works on a `clone()` of the state and mutates the clone: cloning by hand is much cheaper
than pydantic's deep copy (measured: ~15 000 clones/s against ~6 700 deep copies/s mid-game).
"""

from __future__ import annotations

import copy
from typing import Any, Literal, TypeVar, cast

from pydantic import BaseModel, ConfigDict

from bot.engine import Decision, decision

PLAINE, ARRIERE, FRONT = 0, 1, 2
LINES = (PLAINE, ARRIERE, FRONT)
SLOTS = 5
GENERAL_SLOT = 2
HAND_LIMIT = 7  # Decision D-LIB-12 (docs/rules/liber.md)
START_GOLD = 2  # Decision D-LIB-08
OPENING_HAND = 7
MAX_ROUNDS = 60  # Decision D-LIB-30: a safety net, the match is a draw after this many rounds

#: A place on the board: (side, line, slot).
Pos = tuple[int, int, int]

PieceKind = Literal["general", "unit", "token", "lieu", "enchantment", "faveur"]
CREATURES = ("general", "unit", "token")

#: The turn's major steps. The questions asked inside them (a block, a response window, Ravage points
#: to assign) are decisions on `LiberState.stack`; `step()` gives whichever is current.
Phase = Literal["placement", "attack", "discard", "over"]
Step = Literal["placement", "attack", "block", "ravage", "response", "discard", "over"]


M = TypeVar("M", bound=BaseModel)


def _copied(model: M, **fields: Any) -> M:
    """A copy of `model` sharing its unchanged values, with `fields` replaced: `apply` clones the state
    once per action, and pydantic's shallow copy costs a quarter of `model_construct`."""
    new = copy.copy(model)
    new.__dict__.update(fields)
    return new


class Piece(BaseModel):
    """A card on the battlefield with its turn-by-turn marks."""

    model_config = ConfigDict(extra="forbid")

    uid: int
    card: str
    owner: int
    kind: PieceKind
    pv: int = 0
    sick: bool = False
    poisoned: bool = False
    #: Owner's turn-ends left before the paralysis wears off (Decision D-LIB-18).
    paralysis: int = 0
    attacks: int = 0
    riposted: bool = False
    blocked: bool = False
    moved: bool = False
    healing: bool = False
    used: list[str] = []
    items: list[int] = []

    @property
    def creature(self) -> bool:
        return self.kind in CREATURES

    def clone(self) -> Piece:
        return _copied(self, used=list(self.used), items=list(self.items))


class Side(BaseModel):
    """One player's reserve and battlefield."""

    model_config = ConfigDict(extra="forbid")

    name: str
    deck_id: str | None = None
    general: str
    deck: list[int] = []  # the top of the draw pile is the end of the list
    hand: list[int] = []
    cemetery: list[int] = []
    grid: list[Piece | None] = [None] * 15
    gold: int = START_GOLD
    faith: int = 0
    vp: int = 0
    god: int | None = None
    dropped: list[int] = []
    lieu_played: bool = False
    rally: bool = False

    def at(self, line: int, slot: int) -> Piece | None:
        return self.grid[line * SLOTS + slot]

    def clone(self) -> Side:
        return _copied(
            self,
            deck=list(self.deck),
            hand=list(self.hand),
            cemetery=list(self.cemetery),
            dropped=list(self.dropped),
            grid=[p.clone() if p is not None else None for p in self.grid],
        )


class Combat(BaseModel):
    """A declared attack waiting for the defender's answer (block or not)."""

    model_config = ConfigDict(extra="forbid")

    attacker: int
    targets: list[int]
    split: int | None = None
    designated: bool = False  # the defender already chose which loyal unit is attacked (D-LIB-20)


class Ravage(BaseModel):
    """Ravage points still to assign (the "ravage" decision on the stack says who assigns them)."""

    model_config = ConfigDict(extra="forbid")

    seat: int
    source: int
    remaining: int


class Result(BaseModel):
    model_config = ConfigDict(extra="forbid")

    winners: list[int]
    reason: str


class LiberState(BaseModel):
    model_config = ConfigDict(extra="forbid")

    sides: list[Side]
    cards: dict[int, str]
    first: int = 0
    active: int = 0
    round: int = 1
    phase: Phase = "placement"
    combat: Combat | None = None
    ravage: Ravage | None = None
    next_uid: int = 1000
    vanished: list[int] = []
    result: Result | None = None
    #: Pending questions inside the current step: "block", "response", "ravage" (kernel decision stack).
    stack: list[Decision] = []
    #: The places the last action touched (what moved, what was hit): the board highlights them. Public.
    last: list[Pos] = []

    def clone(self) -> LiberState:
        return _copied(
            self,
            sides=[s.clone() for s in self.sides],
            vanished=list(self.vanished),
            stack=list(self.stack),
            combat=self.combat.model_copy(deep=True) if self.combat else None,
            ravage=self.ravage.model_copy() if self.ravage else None,
            cards=dict(self.cards),
        )

    # -- the decision stack ---------------------------------------------------------------------------
    @property
    def step(self) -> Step:
        """The current step: the top decision's family, else the major phase."""
        return cast(Step, self.stack[-1].kind) if self.stack else self.phase

    def ask(self, kind: Step, seat: int) -> None:
        """Open a question inside the current step (a block, a response window, Ravage points)."""
        self.stack.append(decision(kind, seat))

    def answered(self) -> None:
        """Close the question on top: the step below it resumes."""
        self.stack.pop()

    # -- lookups ------------------------------------------------------------------------------------
    def piece(self, pos: Pos) -> Piece | None:
        side, line, slot = pos
        return self.sides[side].grid[line * SLOTS + slot]

    def at(self, pos: Pos) -> Piece:
        """The piece a checked action names (legality guaranteed one stands there)."""
        piece = self.piece(pos)
        if piece is None:
            raise LookupError(f"no piece at {pos}")
        return piece

    def put(self, pos: Pos, piece: Piece | None) -> None:
        side, line, slot = pos
        self.sides[side].grid[line * SLOTS + slot] = piece

    def find(self, uid: int) -> Pos | None:
        for side in (0, 1):
            for i, p in enumerate(self.sides[side].grid):
                if p is not None and p.uid == uid:
                    return (side, i // SLOTS, i % SLOTS)
        return None

    def pieces(self, side: int) -> list[tuple[Pos, Piece]]:
        return [((side, i // SLOTS, i % SLOTS), p) for i, p in enumerate(self.sides[side].grid) if p is not None]

    def creatures(self, side: int) -> list[tuple[Pos, Piece]]:
        return [(pos, p) for pos, p in self.pieces(side) if p.kind in CREATURES]

    def line_has_units(self, side: int, line: int) -> bool:
        """Whether a line holds a creature (reach conditions "aucune unité sur la ligne")."""
        grid = self.sides[side].grid
        return any(p is not None and p.kind in CREATURES for p in grid[line * SLOTS : line * SLOTS + SLOTS])

    def free_slots(self, side: int, line: int) -> list[int]:
        grid = self.sides[side].grid
        return [s for s in range(SLOTS) if grid[line * SLOTS + s] is None]

    def new_uid(self, card: str) -> int:
        uid = self.next_uid
        self.next_uid += 1
        self.cards[uid] = card
        return uid
