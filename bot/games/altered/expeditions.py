"""Expeditions, the Adventure track, Dusk progress, Rest and the end of the game.

Read with the published rules (docs/rules/altered.md): each Expedition is compared with the
opposing Expedition of the same kind, on the terrains of its own region only (1.3.2.e; D-ALT-08).
"""

from __future__ import annotations

from bot.engine import Event, RandomSource, public, shuffled

from .content import CONTENT, TERRAINS
from .labels import card_ref, ref
from .state import COMPANION_REGION, EXPEDITIONS, HERO_REGION, AlteredState, Obj, PlayerState, Region

#: The three Tumult cards: one single-terrain half and one two-terrain half each (D-ALT-05).
TUMULT_CARDS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("forest",), ("mountain", "water")),
    (("mountain",), ("forest", "water")),
    (("water",), ("forest", "mountain")),
)
MEET = COMPANION_REGION - HERO_REGION  # a score of 7: both expeditions stand in the same region


def build_adventure(rng: RandomSource) -> list[Region]:
    """Hero region, three Tumult cards face down in random order and orientation, Companion region."""
    regions = [Region(terrains=TERRAINS)]
    for index in shuffled(rng, [0, 1, 2]):
        halves = TUMULT_CARDS[index]
        if rng.below(2):
            halves = (halves[1], halves[0])
        regions += [Region(terrains=h, revealed=False, tumult=index) for h in halves]
    regions.append(Region(terrains=TERRAINS))
    return regions


def obj_stat(obj: Obj, terrain: str) -> int:
    """A Character's statistic: printed value plus one per boost (Boosté)."""
    return CONTENT.cards[obj.card].stat(terrain) + obj.boosts


def expedition_stats(p: PlayerState, kind: str) -> dict[str, int]:
    """1.3.2.e: the sum of each statistic over the Characters of the Expedition; Asleep ones do not count."""
    totals: dict[str, int] = dict.fromkeys(TERRAINS, 0)
    for obj in p.expedition(kind):
        if obj.asleep:
            continue
        for t in TERRAINS:
            totals[t] += obj_stat(obj, t)
    return totals


def region_terrains(state: AlteredState, seat: int, kind: str) -> tuple[str, ...]:
    """The terrains of the region where this Expedition stands (none while face down)."""
    region = state.regions[state.players[seat].position(kind)]
    return region.terrains if region.revealed else ()


def has_defender(p: PlayerState, kind: str) -> bool:
    return any("defender" in CONTENT.cards[o.card].keywords for o in p.expedition(kind))


def winning_terrains(state: AlteredState, seat: int, kind: str) -> list[str]:
    """1.3.2.e: the terrains where all three conditions hold (of the region, beats the opponent, > 0)."""
    mine = expedition_stats(state.players[seat], kind)
    theirs = expedition_stats(state.players[1 - seat], kind)
    return [t for t in region_terrains(state, seat, kind) if mine[t] > theirs[t] and mine[t] > 0]


def would_advance(state: AlteredState, seat: int, kind: str) -> bool:
    return bool(winning_terrains(state, seat, kind)) and not has_defender(state.players[seat], kind)


def move_forward(state: AlteredState, seat: int, kind: str, events: list[Event]) -> bool:
    """Move one region toward the other end; moving onto a face-down Tumult card reveals it."""
    p = state.players[seat]
    if kind == "hero":
        if p.pos_hero >= COMPANION_REGION:
            return False
        p.pos_hero += 1
        pos = p.pos_hero
    else:
        if p.pos_companion <= HERO_REGION:
            return False
        p.pos_companion -= 1
        pos = p.pos_companion
    reveal(state, pos, events)
    return True


def reveal(state: AlteredState, pos: int, events: list[Event]) -> None:
    """Turn a Tumult card face up (both its halves); in v3.0 this only exposes terrains (D-ALT-09)."""
    region = state.regions[pos]
    if region.revealed or region.tumult is None:
        return
    for i, r in enumerate(state.regions):
        if r.tumult == region.tumult:
            state.regions[i] = r.model_copy(update={"revealed": True})
    halves = [(i, r.terrains) for i, r in enumerate(state.regions) if r.tumult == region.tumult]
    events.append(
        public(
            "tumult_revealed",
            region=pos,
            first_region=halves[0][0],
            first=[ref(f"altered.terrain.{t}") for t in halves[0][1]],
            second_region=halves[1][0],
            second=[ref(f"altered.terrain.{t}") for t in halves[1][1]],
        )
    )


def dusk_progress(state: AlteredState, events: list[Event]) -> None:
    """1.3.2.e: decide every Expedition first, then move them together, each at most once."""
    moves = []
    for seat in (0, 1):
        for kind in EXPEDITIONS:
            won = winning_terrains(state, seat, kind)
            blocked = bool(won) and has_defender(state.players[seat], kind)
            advance = bool(won) and not blocked
            events.append(
                public(
                    "progress",
                    seat=seat,
                    expedition=kind,
                    advanced=advance,
                    terrains=won,
                    defender=blocked,
                    expedition_name=ref(f"altered.expedition.{kind}"),
                    result=_result(advance, blocked, won),
                )
            )
            if advance:
                moves.append((seat, kind))
    for seat, kind in moves:
        move_forward(state, seat, kind, events)
    state.advanced = [f"{seat}:{kind}" for seat, kind in moves]


def _result(advanced: bool, blocked: bool, won: list[str]) -> dict[str, object]:
    """The readable outcome of one Expedition's Progress."""
    if advanced:
        return ref("altered.progress.advanced", terrains=[ref(f"altered.terrain.{t}") for t in won])
    return ref("altered.progress.defender" if blocked else "altered.progress.held")


def tiebreak_dusk(state: AlteredState, events: list[Event]) -> None:
    """Arena tiebreak (v3.0): all Characters count; more terrains won than the opponent wins (D-ALT-12)."""
    totals = []
    for p in state.players:
        t: dict[str, int] = dict.fromkeys(TERRAINS, 0)
        for kind in EXPEDITIONS:
            for terrain, v in expedition_stats(p, kind).items():
                t[terrain] += v
        totals.append(t)
    won = [sum(1 for t in TERRAINS if totals[s][t] > totals[1 - s][t] and totals[s][t] > 0) for s in (0, 1)]
    events.append(public("arena", first_seat=0, first_won=won[0], second_seat=1, second_won=won[1]))
    if won[0] != won[1]:
        end(state, 0 if won[0] > won[1] else 1, "arena", events)


def rest(state: AlteredState, events: list[Event]) -> None:
    """1.3.2.f Rest, as v3.0 states it (D-ALT-10): Characters go to Reserve, Fleeting ones to the
    discard; Anchored and Asleep ones stay and lose those statuses; Eternal ones stay."""
    for seat, p in enumerate(state.players):
        for kind in EXPEDITIONS:
            zone = p.expedition(kind)
            stay: list[Obj] = []
            for obj in zone:
                card = CONTENT.cards[obj.card]
                if obj.anchored or obj.asleep:
                    stay.append(obj.model_copy(update={"anchored": False, "asleep": False}))
                    events.append(public("stayed", seat=seat, card=card_ref(obj.card)))
                elif "eternal" in card.keywords:
                    stay.append(obj)
                    events.append(public("stayed", seat=seat, card=card_ref(obj.card)))
                elif obj.fleeting:
                    p.discard.append(obj.fresh())
                    events.append(public("discarded", seat=seat, card=card_ref(obj.card)))
                else:
                    kept = obj.boosts if "seasoned" in card.keywords else 0
                    p.reserve.append(Obj(uid=obj.uid, card=obj.card, boosts=kept))
            zone[:] = stay


def cleanup_needed(state: AlteredState, seat: int) -> bool:
    """1.3.2.f Clean-up: more than the Hero's limits (2 and 2) in Reserve or Landmarks."""
    p = state.players[seat]
    hero = CONTENT.heroes[p.hero]
    return len(p.reserve) > hero.reserve_limit or len(p.landmarks) > hero.landmark_limit


def end(state: AlteredState, winner: int | None, reason: str, events: list[Event]) -> None:
    state.phase = "over"
    state.turn = None
    state.winner = winner
    state.draw = winner is None
    state.end_reason = reason
    events.append(
        public(
            "game_over",
            winner_seat=winner,
            reason=ref(f"altered.outcome.{reason}"),
            scores=[p.score() for p in state.players],
        )
    )


def check_victory(state: AlteredState, events: list[Event]) -> None:
    """End of Night (v3.0; D-ALT-12): a score of 7+ strictly above the opponent's wins; a tie at 7+
    starts the Arena tiebreak; our day limit decides on score (D-ALT-13)."""
    if state.tiebreak:
        if state.day >= state.max_days:
            end(state, None, "day_limit", events)
        return
    s = [p.score() for p in state.players]
    if max(s) >= MEET:
        if s[0] != s[1]:
            end(state, 0 if s[0] > s[1] else 1, "met", events)
        else:
            state.tiebreak = True
            events.append(public("tiebreak", score=s[0]))
        return
    if state.day >= state.max_days:
        end(state, None if s[0] == s[1] else (0 if s[0] > s[1] else 1), "day_limit", events)
