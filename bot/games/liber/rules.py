"""The single legality oracle: who acts, why an action is refused, and every legal action.

`refusal` returns the stable error code and rule id of the first broken rule, or None, for a seat that
must act now (the kernel's `check` opens with the match's end, the seat and the step). The enumeration
in `legal_actions` builds the candidates of the seat's step and keeps those `refusal` accepts, so
`check` and the list of legal actions can never disagree (a property test compares them).
"""

from __future__ import annotations

from typing import TypeGuard

from .abilities import (
    abilities_of,
    can_wound,
    force_of,
    kind_of,
    loyal_front,
    max_attacks,
    ravager,
    reaches,
    shielded_by_loyalty,
)
from .actions import Ability, Assign, Attack, Block, Designate, Discard, End, Equip, Move, Play
from .content import CARDS, CardDef
from .effects import SPELL_TARGETS, surcharge
from .reach import RULES as REACH_RULES
from .state import LINES, PLAINE, SLOTS, LiberState, Piece, Pos

Refusal = tuple[str, str | None]
AnyAction = Play | Move | Ability | Equip | Attack | Block | Designate | Assign | Discard | End


def to_act(state: LiberState) -> frozenset[int]:
    """The top of the decision stack; otherwise the active player, until the match is over."""
    if state.phase == "over":
        return frozenset()
    if state.stack:
        return state.stack[-1].waiting()
    return frozenset({state.active})


def _valid_pos(pos: Pos | None) -> TypeGuard[Pos]:
    return pos is not None and pos[0] in (0, 1) and pos[1] in LINES and 0 <= pos[2] < SLOTS


def _creature(state: LiberState, pos: Pos | None, side: int | None = None, *, general: bool = False) -> Piece | None:
    """The creature at `pos` (on `side` if given); generals only when `general`."""
    if not _valid_pos(pos):
        return None
    assert pos is not None
    piece = state.piece(pos)
    if piece is None or not piece.creature or (side is not None and pos[0] != side):
        return None
    if piece.kind == "general" and not general:
        return None
    return piece


def is_instant(card: CardDef) -> bool:
    """Impatient units and éphémères may be played at any time (rules "Impatient", "Sort")."""
    return (card.type == "unit" and "impatient" in card.abilities) or card.subtype == "ephemere"


# -- refusals per action ----------------------------------------------------------------------------
def refusal(state: LiberState, seat: int, action: AnyAction) -> Refusal | None:
    """The game's rules for an action of a seat that decides now, of a kind that answers the current
    step (the kernel checks both first: `BaseGame.check`, `LiberGame.answers`)."""
    if isinstance(action, Play):
        return _play(state, seat, action)
    if isinstance(action, Move):
        return _move(state, seat, action)
    if isinstance(action, Ability):
        return _ability(state, seat, action)
    if isinstance(action, Equip):
        return _equip(state, seat, action)
    if isinstance(action, Attack):
        return _attack(state, seat, action)
    if isinstance(action, Block):
        return _block(state, seat, action)
    if isinstance(action, Designate):
        return _designate(state, seat, action)
    if isinstance(action, Assign):
        return _assign(state, seat, action)
    if isinstance(action, Discard):
        return _discard(state, seat, action)
    if isinstance(action, End):
        if state.step in ("placement", "attack", "response"):
            return None
        return ("liber.wrong_phase", "liber.turn")
    return ("liber.unknown_action", None)


def play_cost(state: LiberState, seat: int, card: CardDef, at: Pos | None) -> int:
    if card.type == "unit" and _valid_pos(at):
        assert at is not None
        return card.cost + surcharge(state, seat, card.id, at[1])
    return card.cost


def _play(state: LiberState, seat: int, a: Play) -> Refusal | None:
    side = state.sides[seat]
    card = CARDS.get(a.card)
    if card is None or not any(state.cards[u] == a.card for u in side.hand):
        return ("liber.not_in_hand", None)
    own = seat == state.active
    if not (
        (own and state.step == "placement")
        or (
            is_instant(card) and ((own and state.step == "attack") or (not own and state.step in ("block", "response")))
        )
    ):
        rule = "liber.ability.impatient" if card.type == "unit" else "liber.spell.types"
        return ("liber.wrong_timing", rule)
    target = _target_refusal(state, seat, card, a.at)
    if target is not None:
        return target
    if side.gold < play_cost(state, seat, card, a.at):
        return ("liber.not_enough_gold", "liber.phase.placement")
    if side.faith < card.faith:
        return ("liber.not_enough_faith", "liber.faith")
    return None


def _target_refusal(state: LiberState, seat: int, card: CardDef, at: Pos | None) -> Refusal | None:
    side = state.sides[seat]
    if card.type == "god":
        if at is not None:
            return ("liber.bad_target", "liber.card.god")
        if side.god is not None:
            return ("liber.one_god", "liber.card.god")
        return None
    if card.type == "unit":
        if not _valid_pos(at) or at[0] != seat:
            return ("liber.bad_place", "liber.phase.placement")
        if state.piece(at) is not None:
            return ("liber.place_taken", "liber.board")
        return None
    if card.type == "lieu" or card.subtype == "enchantement":
        if not _valid_pos(at) or at[0] != seat or at[1] != PLAINE:
            return ("liber.bad_place", "liber.card.place")
        if state.piece(at) is not None:
            return ("liber.place_taken", "liber.board")
        if card.type == "lieu" and side.lieu_played:
            return ("liber.one_lieu_per_turn", "liber.card.place")
        return None
    if card.type == "object":
        bearer = _creature(state, at, seat)
        if bearer is None:
            return ("liber.bad_target", "liber.card.object")
        if bearer.items:
            return ("liber.already_equipped", "liber.card.object")
        return None
    # spells
    aim = SPELL_TARGETS.get(card.effect or "")
    if aim is None:
        return None if at is None else ("liber.bad_target", "liber.card.spell")
    if aim in ("enemy", "own"):
        target = _creature(state, at, 1 - seat if aim == "enemy" else seat)
        if target is None:
            return ("liber.bad_target", "liber.card.spell")
        if card.effect == "damage" and not can_wound(state, None, target):
            return ("liber.cannot_wound_flyer", "liber.ability.vol")  # a spell is not a unit (D-LIB-19)
        return None
    return ("liber.bad_target", "liber.card.spell")


def _move(state: LiberState, seat: int, a: Move) -> Refusal | None:
    """Decision D-LIB-09: in your Placement phase a unit without summoning sickness may move once,
    one line forward or back (Déplacement: anywhere on your side)."""
    if seat != state.active or state.step != "placement":
        return ("liber.wrong_phase", "liber.movement")
    piece = _creature(state, a.frm, seat)
    if piece is None:
        return ("liber.no_unit", "liber.movement")
    if piece.sick:
        return ("liber.summoning_sick", "liber.summoning-sickness")
    if piece.moved or piece.paralysis:
        return ("liber.cannot_move", "liber.movement")
    if not _valid_pos(a.to) or a.to[0] != seat or state.piece(a.to) is not None:
        return ("liber.place_taken", "liber.movement")
    step = abs(a.to[1] - a.frm[1])
    if step != 1 and not ("deplacement" in abilities_of(state, piece) and a.to != a.frm):
        return ("liber.too_far", "liber.movement")
    return None


def _own_turn_window(state: LiberState, seat: int) -> bool:
    return seat == state.active and state.step in ("placement", "attack")


def _ability(state: LiberState, seat: int, a: Ability) -> Refusal | None:
    """Rule "Capacité": once per turn, on your turn; paralysed units cannot act (D-LIB-18)."""
    if not _own_turn_window(state, seat):
        return ("liber.wrong_phase", "liber.abilities")
    source = _creature(state, a.source, seat, general=True)
    if source is None:
        return ("liber.no_unit", "liber.abilities")
    rule = "liber.card.general" if a.ability == "general" else f"liber.ability.{a.ability}"
    if a.ability in source.used:
        return ("liber.once_per_turn", "liber.abilities")
    if source.paralysis:
        return ("liber.paralysed", "liber.ability.paralysie")
    side = state.sides[seat]
    if a.ability == "general":
        if source.kind != "general" or a.to is not None or a.card is not None:
            return ("liber.no_such_ability", rule)
        general = CARDS[source.card]
        if side.vp < general.vp_cost:
            return ("liber.not_enough_vp", rule)
        if general.effect == "rally":
            return None if a.target is None else ("liber.bad_target", rule)
        target = _creature(state, a.target, 1 - seat)
        if target is None:
            return ("liber.bad_target", rule)
        if not can_wound(state, source, target):
            return ("liber.cannot_wound_flyer", "liber.ability.vol")
        return None
    if a.ability not in abilities_of(state, source) or source.kind == "general":
        return ("liber.no_such_ability", rule)
    if a.ability == "defausse":
        if a.target is not None or a.to is not None:
            return ("liber.bad_target", rule)
        if a.card is None or not any(state.cards[u] == a.card for u in side.hand):
            return ("liber.not_in_hand", rule)
        return None
    if a.card is not None:
        return ("liber.bad_target", rule)
    if a.ability == "invocateur":
        if state.step != "placement":
            return ("liber.wrong_phase", rule)
        if a.to is not None or not _valid_pos(a.target) or a.target[0] != seat or a.target[1] != PLAINE:
            return ("liber.bad_place", rule)
        if state.piece(a.target) is not None:
            return ("liber.place_taken", rule)
        if side.gold < CARDS[source.card].amount:
            return ("liber.not_enough_gold", rule)
        return None
    if a.ability == "soin":  # your own general too: it is the only cure for a poisoned general (D-LIB-13)
        if a.to is not None or _creature(state, a.target, seat, general=True) is None:
            return ("liber.bad_target", rule)
        return None
    # telekinesie (Decision D-LIB-09: one line, on the unit's own side)
    if state.step != "placement":
        return ("liber.wrong_phase", rule)
    if _creature(state, a.target) is None:
        return ("liber.bad_target", rule)
    assert a.target is not None
    if not _valid_pos(a.to) or a.to[0] != a.target[0] or abs(a.to[1] - a.target[1]) != 1:
        return ("liber.too_far", rule)
    if state.piece(a.to) is not None:
        return ("liber.place_taken", rule)
    return None


def _equip(state: LiberState, seat: int, a: Equip) -> Refusal | None:
    """Rule "Objets" (Decision D-LIB-22): pay the cost again to move or take back an object."""
    if not _own_turn_window(state, seat):
        return ("liber.wrong_phase", "liber.card.object")
    side = state.sides[seat]
    current: Piece | None = None
    if a.item not in side.dropped:
        current = next((p for _pos, p in state.creatures(seat) if a.item in p.items), None)
        if current is None:
            return ("liber.no_item", "liber.card.object")
    bearer = _creature(state, a.to, seat)
    if bearer is None or bearer is current:
        return ("liber.bad_target", "liber.card.object")
    if bearer.items:
        return ("liber.already_equipped", "liber.card.object")
    if side.gold < CARDS[state.cards[a.item]].cost:
        return ("liber.not_enough_gold", "liber.card.object")
    return None


def _attack(state: LiberState, seat: int, a: Attack) -> Refusal | None:
    if seat != state.active or state.step != "attack":
        return ("liber.wrong_phase", "liber.phase.attack")
    if state.round == 1:
        return ("liber.no_combat_first_round", "liber.first-turn")
    attacker = _creature(state, a.attacker, seat, general=True)
    if attacker is None:
        return ("liber.no_unit", "liber.phase.attack")
    if attacker.sick:
        return ("liber.summoning_sick", "liber.summoning-sickness")
    if attacker.paralysis:
        return ("liber.paralysed", "liber.ability.paralysie")
    if attacker.attacks >= max_attacks(state, attacker):
        return ("liber.already_attacked", "liber.ability.double-attaque")
    targets = [a.target] if a.target2 is None else [a.target, a.target2]
    if a.target2 is not None:
        if "honneur" not in abilities_of(state, attacker):
            return ("liber.no_such_ability", "liber.ability.honneur-du-guerrier")
        if a.target2 == a.target or a.target2 < a.target:
            return ("liber.bad_target", "liber.ability.honneur-du-guerrier")
        force = force_of(state, a.attacker, attacking=True)
        if a.split is None or not 1 <= a.split < force:
            return ("liber.bad_split", "liber.ability.honneur-du-guerrier")
    elif a.split is not None:
        return ("liber.bad_split", "liber.ability.honneur-du-guerrier")
    for target in targets:
        defender = _creature(state, target, 1 - seat, general=True)
        if defender is None:
            return ("liber.bad_target", "liber.phase.attack")
        if not reaches(state, a.attacker, target):
            return ("liber.out_of_reach", REACH_RULES[kind_of(state, attacker)])
        if shielded_by_loyalty(state, target):
            return ("liber.shielded_by_loyalty", "liber.ability.loyaute")
        if not can_wound(state, attacker, defender):
            return ("liber.cannot_wound_flyer", "liber.ability.vol")
    return None


def can_block(state: LiberState, seat: int, pos: Pos) -> Refusal | None:
    """Decision D-LIB-05: a non-general unit that could reach the attacker, not paralysed, that has
    neither blocked nor riposted this turn, may block (summoning sickness does not prevent it)."""
    assert state.combat is not None
    blocker = _creature(state, pos, seat)
    if blocker is None or blocker.uid in state.combat.targets:
        return ("liber.no_unit", "liber.combat.block")
    if blocker.paralysis:
        return ("liber.paralysed", "liber.ability.paralysie")
    if blocker.blocked or blocker.riposted:
        return ("liber.already_blocked", "liber.combat.block")
    att = state.find(state.combat.attacker)
    if att is None or not reaches(state, pos, att):
        return ("liber.out_of_reach", "liber.combat.block")
    return None


def _block(state: LiberState, seat: int, a: Block) -> Refusal | None:
    if state.step != "block" or state.combat is None:
        return ("liber.wrong_phase", "liber.combat.block")
    if a.blocker is None:
        return None
    return can_block(state, seat, a.blocker)


def _designate(state: LiberState, seat: int, a: Designate) -> Refusal | None:
    """Decision D-LIB-20: when a loyal unit on the defender's most forward loyal line is attacked, the
    defender may name another loyal unit of that line the attacker can reach and wound, once."""
    if state.step != "block" or state.combat is None:
        return ("liber.wrong_phase", "liber.ability.loyaute")
    return designation_refusal(state, seat, a.target)


def designation_refusal(state: LiberState, seat: int, target: Pos) -> Refusal | None:
    """Whether the defender may name the loyal unit at `target` to receive the declared attack."""
    rule = "liber.ability.loyaute"
    combat = state.combat
    if combat is None:
        return ("liber.wrong_phase", rule)
    if combat.designated or len(combat.targets) != 1:
        return ("liber.no_loyal_choice", rule)
    att_pos, first = state.find(combat.attacker), state.find(combat.targets[0])
    line = loyal_front(state, seat)
    if att_pos is None or first is None or line is None or first[1] != line or shielded_by_loyalty(state, first):
        return ("liber.no_loyal_choice", rule)
    chosen = _creature(state, target, seat)
    if chosen is None or target == first or target[1] != line or "loyaute" not in abilities_of(state, chosen):
        return ("liber.bad_target", rule)
    attacker = state.piece(att_pos)
    assert attacker is not None
    if not reaches(state, att_pos, target) or not can_wound(state, attacker, chosen):
        return ("liber.out_of_reach", rule)
    return None


def _assign(state: LiberState, seat: int, a: Assign) -> Refusal | None:
    if state.step != "ravage" or state.ravage is None:
        return ("liber.wrong_phase", "liber.ability.ravage")
    target = _creature(state, a.target, 1 - seat)
    if target is None:
        return ("liber.bad_target", "liber.ability.ravage")
    if not can_wound(state, ravager(state), target):
        return ("liber.cannot_wound_flyer", "liber.ability.vol")  # the arriving unit deals it (D-LIB-19)
    return None


def _discard(state: LiberState, seat: int, a: Discard) -> Refusal | None:
    if state.step != "discard":
        return ("liber.wrong_phase", "liber.hand-limit")
    if not any(state.cards[u] == a.card for u in state.sides[seat].hand):
        return ("liber.not_in_hand", "liber.hand-limit")
    return None


# -- enumeration ------------------------------------------------------------------------------------
def _all_places(side: int) -> list[Pos]:
    return [(side, line, slot) for line in LINES for slot in range(SLOTS)]


def _candidates(state: LiberState, seat: int) -> list[AnyAction]:
    phase = state.step
    side = state.sides[seat]
    out: list[AnyAction] = []
    hand_ids = sorted({state.cards[u] for u in side.hand})
    if phase == "ravage":
        return [Assign(target=pos) for pos, p in state.creatures(1 - seat) if p.kind != "general"]
    if phase == "discard":
        return [Discard(card=c) for c in hand_ids]
    if phase == "block":
        out.append(Block(blocker=None))
        out += [Block(blocker=pos) for pos, p in state.creatures(seat) if p.kind != "general"]
        out += [Designate(target=pos) for pos, p in state.creatures(seat) if p.kind != "general"]
    if phase in ("placement", "attack", "response"):
        out.append(End())
    own_places = [p for p in _all_places(seat) if state.piece(p) is None]
    for cid in hand_ids:
        card = CARDS[cid]
        if card.type == "unit":
            out += [Play(card=cid, at=p) for p in own_places]
        elif card.type == "lieu" or card.subtype == "enchantement":
            out += [Play(card=cid, at=p) for p in own_places if p[1] == PLAINE]
        elif card.type == "object":
            out += [Play(card=cid, at=pos) for pos, _p in state.creatures(seat)]
        elif card.type == "spell" and SPELL_TARGETS.get(card.effect or "") in ("enemy", "own"):
            aim = SPELL_TARGETS[card.effect or ""]
            out += [Play(card=cid, at=pos) for pos, _p in state.creatures(1 - seat if aim == "enemy" else seat)]
        else:
            out.append(Play(card=cid))
    if seat != state.active or phase not in ("placement", "attack"):
        return out
    mine = state.creatures(seat)
    theirs = state.creatures(1 - seat)
    if phase == "placement":
        out += [Move(frm=pos, to=to) for pos, p in mine if p.kind != "general" and not p.sick for to in own_places]
    for pos, p in mine:
        if p.kind == "general":
            if CARDS[p.card].effect == "rally":
                out.append(Ability(source=pos, ability="general"))
            else:
                out += [Ability(source=pos, ability="general", target=t) for t, _q in theirs]
            continue
        abil = abilities_of(state, p)
        if "defausse" in abil:
            out += [Ability(source=pos, ability="defausse", card=c) for c in hand_ids]
        if "invocateur" in abil:
            out += [Ability(source=pos, ability="invocateur", target=t) for t in own_places if t[1] == PLAINE]
        if "soin" in abil:
            out += [Ability(source=pos, ability="soin", target=t) for t, _q in mine]
        if "telekinesie" in abil and phase == "placement":
            for t, q in mine + theirs:
                if q.kind == "general":
                    continue
                for line in (t[1] - 1, t[1] + 1):
                    if line in LINES:
                        out += [
                            Ability(source=pos, ability="telekinesie", target=t, to=(t[0], line, s))
                            for s in state.free_slots(t[0], line)
                        ]
    items = list(side.dropped) + [i for _pos, p in mine for i in p.items]
    out += [Equip(item=i, to=pos) for i in items for pos, _p in mine]
    if phase == "attack":
        for pos, p in mine:
            if p.sick or p.paralysis:
                continue
            out += [Attack(attacker=pos, target=t) for t, _q in theirs]
            if "honneur" in abilities_of(state, p):
                force = force_of(state, pos, attacking=True)
                for i, (t1, _q1) in enumerate(theirs):
                    for t2, _q2 in theirs[i + 1 :]:
                        out += [Attack(attacker=pos, target=t1, target2=t2, split=s) for s in range(1, force)]
    return out


def legal_actions(state: LiberState, seat: int) -> list[AnyAction]:
    if seat not in to_act(state):
        return []
    return [a for a in _candidates(state, seat) if refusal(state, seat, a) is None]
