"""The game state: pydantic models that serialize to plain JSON.

Every card is an `Obj` with a stable `uid` for the whole match; a move between zones replaces the
object (new zone, new object: statuses and boosts are dropped unless a rule keeps them). `Obj`
and `Region` are frozen; the zone lists of `PlayerState` are copied by `clone()` at the start of
`apply`, which then mutates only its copy, so the input state is never changed.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from bot.engine import Decision

Phase = Literal["setup", "morning", "noon", "afternoon", "dusk", "night", "over"]
ExpeditionKind = Literal["hero", "companion"]
TERRAINS_ALL: tuple[str, ...] = ("forest", "mountain", "water")
EXPEDITIONS: tuple[ExpeditionKind, ExpeditionKind] = ("hero", "companion")

#: Track indexes: 0 is the Hero region, 7 the Companion region, 1..6 the Tumult halves (D-ALT-05).
HERO_REGION = 0
COMPANION_REGION = 7
SETUP_DRAW = 6
SETUP_ORBS = 3
MORNING_DRAW = 2
#: Our safety net: a match that reaches the end of this day's Night is decided on score (D-ALT-13).
MAX_DAYS = 30


class Obj(BaseModel):
    """A card object. `fleeting`/`anchored`/`asleep` are statuses; `boosts` the boost counters."""

    model_config = ConfigDict(frozen=True)

    uid: int
    card: str
    exhausted: bool = False
    boosts: int = 0
    fleeting: bool = False
    anchored: bool = False
    asleep: bool = False

    def fresh(self, *, exhausted: bool = False) -> Obj:
        """The new object a card becomes when it changes zone."""
        return Obj(uid=self.uid, card=self.card, exhausted=exhausted)


class Region(BaseModel):
    """One region of the Adventure; a face-down Tumult half has no terrain until revealed."""

    model_config = ConfigDict(frozen=True)

    terrains: tuple[str, ...]
    revealed: bool = True
    tumult: int | None = None  # which Tumult card (0..2) this half belongs to


class PlayerState(BaseModel):
    """One player's zones and expedition counters."""

    name: str
    deck_id: str
    hero: str
    hero_exhausted: bool = False
    deck: list[Obj] = []
    hand: list[Obj] = []
    mana: list[Obj] = []
    reserve: list[Obj] = []
    landmarks: list[Obj] = []
    discard: list[Obj] = []
    exp_hero: list[Obj] = []
    exp_companion: list[Obj] = []
    pos_hero: int = HERO_REGION
    pos_companion: int = COMPANION_REGION
    passed: bool = False

    def clone(self) -> PlayerState:
        return self.model_copy(
            update={
                "deck": list(self.deck),
                "hand": list(self.hand),
                "mana": list(self.mana),
                "reserve": list(self.reserve),
                "landmarks": list(self.landmarks),
                "discard": list(self.discard),
                "exp_hero": list(self.exp_hero),
                "exp_companion": list(self.exp_companion),
            }
        )

    def expedition(self, kind: str) -> list[Obj]:
        return self.exp_hero if kind == "hero" else self.exp_companion

    def position(self, kind: str) -> int:
        return self.pos_hero if kind == "hero" else self.pos_companion

    def progress(self, kind: str) -> int:
        """Distance from the expedition's starting region (the 'ahead/behind' descriptor)."""
        return self.pos_hero - HERO_REGION if kind == "hero" else COMPANION_REGION - self.pos_companion

    def score(self) -> int:
        """Regions covered by both expeditions: 7 = they met, 8+ = they crossed (D-ALT-12)."""
        return self.progress("hero") + self.progress("companion")

    def all_cards(self) -> list[Obj]:
        return [
            *self.deck,
            *self.hand,
            *self.mana,
            *self.reserve,
            *self.landmarks,
            *self.discard,
            *self.exp_hero,
            *self.exp_companion,
        ]


class AlteredState(BaseModel):
    """The whole match. `turn` is the seat deciding in the sequential steps (Expand, Afternoon, Clean-up)."""

    players: list[PlayerState]
    regions: list[Region]
    day: int = 1
    phase: Phase = "setup"
    first: int = 0
    turn: int | None = None
    tiebreak: bool = False
    winner: int | None = None
    draw: bool = False
    end_reason: str | None = None
    max_days: int = MAX_DAYS
    next_uid: int = 0  # fresh uids for a reshuffled deck (D-ALT-15)
    #: The open question (kernel decision stack): the setup Mana (both players at once), an Expand, an
    #: Afternoon turn or a Clean-up. Rebuilt after every step from the phase and `turn` (rules.sync_stack).
    stack: list[Decision] = []
    #: What the last step touched, for the board's highlight: cards played (uids) and expeditions moved
    #: ("seat:kind"). Presentation only: no rule reads them.
    last: list[int] = []
    advanced: list[str] = []

    def clone(self) -> AlteredState:
        players = [p.clone() for p in self.players]
        return self.model_copy(
            update={
                "players": players,
                "regions": list(self.regions),
                "stack": list(self.stack),
                "last": list(self.last),
                "advanced": list(self.advanced),
            }
        )

    def find(self, seat: int, uid: int) -> tuple[str, Obj] | None:
        """The zone name and object of one of `seat`'s cards."""
        p = self.players[seat]
        for zone in ("hand", "reserve", "landmarks", "exp_hero", "exp_companion", "mana", "discard", "deck"):
            for obj in getattr(p, zone):
                if obj.uid == uid:
                    return zone, obj
        return None
