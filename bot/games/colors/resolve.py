"""`apply` and the turn sequence of Colors of Magic: Collection, Activation, (Monsters), End.

Pure functions from a state to a new state and its events. The phases follow the document's order
("La Séquence du Tour"); where it is silent, the decision named in docs/rules/colors.md is cited.
"""

from __future__ import annotations

from typing import Any

from bot.engine import PHASE, REVEAL, Decision, Event, IllegalAction, RandomSource, decision, private, public, shuffled
from bot.table.geometry import Base, overlaps, within

from . import board, instants, monsters
from .actions import Activate, Attack, Cast, Disengage, Done, DuelCard, DuelPass, Move, Pass, Tap
from .changes import card_text, figure_with, finish, named, pay, side_with, wound
from .content import ACTIVATION, CARDS, MONSTERS, SCENARIOS, WIZARDS, codex_of, grimoire_of
from .state import ColorsState, Duel, Figure, Side

DRAW = 3  # "Piochez 3 cartes"
VICTORY_VP = 6
ROUND_LIMIT = 8  # D-COL-12
Events = list[Event]


def draw(state: ColorsState, seat: int, n: int, rng: RandomSource, ev: Events) -> ColorsState:
    """Draw `n`; an empty grimoire takes the shuffled discard (D-COL-08); nothing left, no draw."""
    side = state.sides[seat]
    hand, deck, discard = list(side.hand), list(side.deck), list(side.discard)
    drawn: list[str] = []
    for _ in range(n):
        if not deck and discard:
            deck = shuffled(rng, discard)
            discard = []
            ev.append(public("reshuffle", seat=seat, n=len(deck)))
        if not deck:
            break
        drawn.append(deck.pop(0))
    hand += drawn
    if drawn:
        ev.append(public("drew", seat=seat, n=len(drawn)))
        ev.append(private([seat], "drew_cards", seat=seat, cards=[card_text(c) for c in drawn]))
    return side_with(state, seat, hand=tuple(hand), deck=tuple(deck), discard=tuple(discard))


def flux(state: ColorsState, seat: int) -> int:
    """The wizard's base Flux plus every Source of its side's creatures on the table."""
    wizard = WIZARDS[state.sides[seat].wizard]
    return wizard.flux + sum(board.profile(f).source for f in state.figures if f.owner == seat and not f.wizard)


def start_round(state: ColorsState, rng: RandomSource, ev: Events) -> ColorsState:
    """La Phase de Collecte, from the first player, then the Activation phase opens."""
    ev.append(public(PHASE, phase={"key": "colors.phase.collection", "params": {}}, round=state.round))
    for seat in (state.first, 1 - state.first):
        gained = flux(state, seat)
        state = side_with(state, seat, mana=state.sides[seat].mana + gained, passed=False)
        ev.append(public("mana", seat=seat, n=gained, total=state.sides[seat].mana))
        state = draw(state, seat, DRAW, rng, ev)
    ev.append(public(PHASE, phase={"key": "colors.phase.activation", "params": {}}, round=state.round))
    return state.model_copy(
        update={
            "phase": "activation",
            "turn": state.first,
            "first_passer": None,
            "stack": (decision("act", state.first),),
        }
    )


def _next_turn(state: ColorsState, rng: RandomSource, ev: Events) -> ColorsState:
    """The other player acts, unless it passed; when both have passed the phase ends."""
    if state.winners is not None:
        return state.model_copy(update={"stack": ()})
    other = 1 - state.turn
    if not state.sides[other].passed:
        nxt = other
    elif not state.sides[state.turn].passed:
        nxt = state.turn
    else:
        return monster_phase(state, rng, ev)
    return state.model_copy(update={"turn": nxt, "active": None, "stack": (decision("act", nxt),)})


def monster_phase(state: ColorsState, rng: RandomSource, ev: Events) -> ColorsState:
    """La Phase des monstres, then the End phase (no monster: straight to the End phase)."""
    steps = monsters.steps_for(state)
    state = state.model_copy(update={"active": None, "stack": ()})
    if not steps:
        return end_phase(state, rng, ev)
    ev.append(public(PHASE, phase={"key": "colors.phase.monsters", "params": {}}, round=state.round))
    return _run_monsters(state.model_copy(update={"phase": "monsters", "monster_steps": steps}), rng, ev)


def _run_monsters(state: ColorsState, rng: RandomSource, ev: Events) -> ColorsState:
    """One activation card per step; a duel pauses the phase until it is resolved."""
    while state.monster_steps and state.winners is None:
        (fid, step), rest = state.monster_steps[0], state.monster_steps[1:]
        state = state.model_copy(update={"monster_steps": rest})
        monster = state.figure(fid)
        if monster is None:
            continue
        state, card = monsters.draw_activation(state, rng)
        order = card.order(MONSTERS[monster.card].size)
        ev.append(public("activation_card", figure=fid, who=named(monster), symbol=card.symbol))
        if step == "move":
            goal = monsters.move_goal(state, monster, order.move)
            if goal is not None and not board.engaged_with(state, monster):
                end = monsters.monster_move(state, monster, goal)
                if end != monster.centre:
                    state = _move(state, monster, (end,), ev)
        state = _special(state, fid, card.symbol, ev)
        monster = state.figure(fid)
        if step == "attack" and monster is not None and state.winners is None:
            target = monsters.attack_target(state, monster, order.attack)
            if target is not None:
                ev.append(
                    public(
                        "attacks",
                        figure=fid,
                        who=named(monster),
                        target=target.id,
                        whom=named(target),
                        ranged=False,
                        cover=0,
                    )
                )
                return _open_duel(state, monster, target, False, 0, free=False, ev=ev, monster_card=card.id)
            ev.append(public("monster_idle", figure=fid, who=named(monster)))
    if state.winners is not None:
        return state
    return end_phase(state.model_copy(update={"phase": "activation"}), rng, ev)


def _special(state: ColorsState, fid: str, symbol: str, ev: Events) -> ColorsState:
    """« Si la carte d'objectif propose une action spéciale et que la carte d'activation comporte ce
    symbole », the special action is resolved (ours: a stamp, wounds around the monster, no duel)."""
    monster = state.figure(fid)
    special = MONSTERS[monster.card].special if monster is not None else None
    if monster is None or special is None or special.symbol != symbol:
        return state
    hit = monsters.special_targets(state, monster)
    ev.append(public("monster_special", figure=fid, who=named(monster), n=len(hit)))
    for f in hit:
        state = wound(state, f.id, special.wounds, ev)
    return state


def end_phase(state: ColorsState, rng: RandomSource, ev: Events) -> ColorsState:
    """La Phase de Fin de Tour: objectives, untap, first-player token, mana kept up to the Flux cap."""
    ev.append(public(PHASE, phase={"key": "colors.phase.end", "params": {}}, round=state.round))
    left = dict(state.objectives)
    scenario = SCENARIOS[state.scenario]
    for obj in scenario.objectives:
        if left.get(obj.id, 0) <= 0:
            continue
        holder = controller(state, obj.point())
        if holder is not None:
            state = side_with(state, holder, vp=state.sides[holder].vp + obj.vp)
            left[obj.id] -= 1
            ev.append(public("objective", seat=holder, objective=obj.id, vp=obj.vp, total=state.sides[holder].vp))
    figures = tuple(
        f.model_copy(update={"tapped": False, "moved": False, "acted": False, "buffs": ()}) for f in state.figures
    )
    for seat in (0, 1):  # « Toutes les cartes inclinées (créatures et sorts permanents activés) sont redressées »
        if state.sides[seat].tapped:
            state = side_with(state, seat, tapped=())
    first = state.first_passer if state.first_passer is not None else state.first
    state = state.model_copy(update={"objectives": left, "figures": figures, "first": first, "active": None})
    for seat in (0, 1):
        cap = WIZARDS[state.sides[seat].wizard].flux  # D-COL-01
        if state.sides[seat].mana > cap:
            state = side_with(state, seat, mana=cap)
    vps = [s.vp for s in state.sides]
    if max(vps) >= VICTORY_VP or state.round >= ROUND_LIMIT:
        reason = "vp" if max(vps) >= VICTORY_VP else "round_limit"
        winners = () if vps[0] == vps[1] else (0 if vps[0] > vps[1] else 1,)
        return finish(state, winners, reason, ev)
    return start_round(state.model_copy(update={"round": state.round + 1}), rng, ev)


def controller(state: ColorsState, point: tuple[int, int]) -> int | None:
    """Who holds the objective at `point`: the side with more creatures within 1" of it (a tie: nobody)."""
    mark = Base("objective", -2, point, 0)
    count = [0, 0]
    for f in state.figures:
        if f.owner in (0, 1) and within(board.base(f), mark, board.CONTROL):
            count[f.owner] += 1
    if count[0] == count[1]:
        return None
    return 0 if count[0] > count[1] else 1


# -- the activation phase ------------------------------------------------------------------------
def apply(state: ColorsState, seat: int, action: Any, rng: RandomSource) -> tuple[ColorsState, Events]:
    ev: Events = []
    state = state.model_copy(update={"last": (), "last_path": ()})
    if isinstance(action, Tap):  # not an action: the same decision waits (D-COL-37)
        return _tap(state, seat, action, ev), ev
    if state.stack and state.stack[-1].kind == "respond":
        return instants.answer(state, seat, action, rng, ev), ev
    if isinstance(action, DuelCard | DuelPass):
        state = _duel_answer(state, seat, action, rng, ev)
    elif isinstance(action, Pass):
        if state.first_passer is None:
            state = state.model_copy(update={"first_passer": seat})
        state = side_with(state, seat, passed=True)
        ev.append(public("passed", seat=seat, first=state.first_passer == seat))
        state = _next_turn(state, rng, ev)
    elif isinstance(action, Cast):
        state = _cast(state, seat, action, rng, ev)
    elif isinstance(action, Activate):
        state = figure_with(state, action.figure, tapped=True, moved=False, acted=False)
        ev.append(public("activated", seat=seat, figure=action.figure, who=_named_id(state, action.figure)))
        state = state.model_copy(
            update={
                "active": action.figure,
                "last": (action.figure,),
                "stack": (decision("creature", seat, figure=action.figure),),
            }
        )
    elif isinstance(action, Move):
        fig = state.figure(action.figure)
        assert fig is not None
        state = _move(state, fig, action.path, ev)
        state = figure_with(state, fig.id, **({"acted": True} if action.second else {"moved": True}))
        last, path = state.last, state.last_path
        state = instants.open_window(state, "move_end", seat, {"kind": "after_move"}, rng, ev, subject=fig.id)
        state = state.model_copy(update={"last": last, "last_path": path})
    elif isinstance(action, Disengage):
        found = state.figure(action.figure)
        assert found is not None
        fig = found
        attackers = sorted(board.engaged_with(state, fig), key=lambda o: (board.distance(found, o), o.id))
        ev.append(public("disengages", figure=fig.id, who=named(fig), n=len(attackers)))
        state = figure_with(state, fig.id, moved=True)
        state = state.model_copy(
            update={"pending_move": (fig.id, action.path), "duels": tuple(o.id for o in attackers)}
        )
        state = instants.open_window(state, "disengage", seat, {"kind": "disengage"}, rng, ev, subject=fig.id)
    elif isinstance(action, Attack):
        state = figure_with(state, action.figure, acted=True)
        fig, target = state.figure(action.figure), state.figure(action.target)
        assert fig is not None and target is not None
        cover = board.cover(state, fig, target) if action.ranged else 0
        ev.append(
            public(
                "attacks",
                figure=fig.id,
                who=named(fig),
                target=target.id,
                whom=named(target),
                ranged=action.ranged,
                cover=cover,
            )
        )
        resume = {"kind": "attack", "figure": fig.id, "target": target.id, "ranged": action.ranged, "cover": cover}
        state = instants.open_window(state, "attack", seat, resume, rng, ev, subject=fig.id, target=target.id)
    elif isinstance(action, Done):
        ev.append(public("done", figure=action.figure, who=_named_id(state, action.figure)))
        state = _end_activation(state, rng, ev)
    return state, ev


def _tap(state: ColorsState, seat: int, action: Tap, ev: Events) -> ColorsState:
    """A permanent tapped for its mana, until the End phase."""
    side = state.sides[seat]
    effect = CARDS[action.card].effect
    assert effect is not None
    total = side.mana + effect.amount
    state = side_with(state, seat, tapped=(*side.tapped, action.card), mana=total)
    ev.append(public("tapped", seat=seat, card=card_text(action.card), n=effect.amount, total=total))
    return state


def resume_paused(
    state: ColorsState, resume: dict[str, Any], countered: bool, rng: RandomSource, ev: Events
) -> ColorsState:
    """« l'action qui avait été mise en pause reprend son cours » — if it still can (D-COL-18)."""
    if state.winners is not None:
        return state.model_copy(update={"stack": ()})
    kind = resume["kind"]
    if kind == "cast":
        seat, action = resume["seat"], Cast.model_validate(resume["cast"])
        if countered:  # the countered spell is exiled (« Exiler un sort »)
            state = side_with(state, seat, exile=(*state.sides[seat].exile, action.card))
            ev.append(public("exiled", seat=seat, card=card_text(action.card)))
        elif state.rules >= 3 and not _still_castable(state, seat, action):  # D-COL-18, since version 3
            ev.append(public("fizzles", card=card_text(action.card)))
            state = side_with(state, seat, discard=(*state.sides[seat].discard, action.card))
        else:
            before, state = state, cast_effect(state, seat, action, rng, ev)
            if state.rules >= 4 and state.winners is None:  # its wounds may be answered (D-COL-37)
                return _after_spell(before, state, seat, action, rng, ev)
        return _next_turn(state, rng, ev)
    if kind == "turn_over":
        return _next_turn(state, rng, ev)
    if kind == "attack":
        fig, target = state.figure(resume["figure"]), state.figure(resume["target"])
        ranged = bool(resume["ranged"])
        still = fig is not None and target is not None and (ranged or board.reach(state, fig, target))
        if still and ranged and state.rules >= 3:  # the shot still needs its sight, and no engagement
            assert fig is not None and target is not None
            still = board.sees(state, fig, target) and not board.engaged_with(state, fig)
        if not still:
            ev.append(public("attack_fizzles", figure=resume["figure"]))
            return _after_step(state, rng, ev)
        assert fig is not None and target is not None
        return _open_duel(state, fig, target, ranged, int(resume["cover"]), free=False, ev=ev, rng=rng)
    if kind == "disengage":
        return _continue(state, rng, ev)
    return _after_step(state, rng, ev)


def _after_spell(
    before: ColorsState, state: ColorsState, seat: int, action: Cast, rng: RandomSource, ev: Events
) -> ColorsState:
    """A spell that wounded creatures of the other side opens a pause (« Un événement en jeu »): the
    wounded, dead or alive, are what its trigger reads; its caster is what Représailles aims at."""
    effect = CARDS[action.card].effect
    hit = [before.figure(fid) for fid in state.last] if effect is not None and effect.kind == "damage" else []
    hurt = [f for f in hit if f is not None and f.owner in (0, 1) and f.owner != seat]
    if not hurt:
        return _next_turn(state, rng, ev)
    resume = {"kind": "turn_over", "wounded": [[f.id, f.owner] for f in hurt]}
    return instants.open_window(state, "spell_damage", seat, resume, rng, ev, subject=hurt[0].id, target=action.caster)


def _still_castable(state: ColorsState, seat: int, action: Cast) -> bool:
    """A paused spell resumes only if its caster is still there and its target still within its range
    and sight (« il peut arriver que l'action ne soit plus possible »); a target that died is the
    spell's own fizzle (`cast_effect`)."""
    from .rules import check_target  # rules.py reads the instants, which resume through here

    caster = state.figure(action.caster)
    if caster is None:
        return False
    if action.target is not None and state.figure(action.target) is None:
        return True  # cast_effect says it fizzles and where its card goes
    try:
        check_target(state, seat, caster, CARDS[action.card], action)
    except IllegalAction:
        return False
    return True


def _move(state: ColorsState, fig: Figure, path: tuple[tuple[int, int], ...], ev: Events) -> ColorsState:
    full = (fig.centre, *path)
    end = full[-1]
    cost = board.table(state.scenario).path_cost(full)
    ev.append(
        public("moved", figure=fig.id, who=named(fig), x=end[0], y=end[1], d=cost, cell=board.MEASURE.cell_of(end))
    )
    state = figure_with(state, fig.id, x=end[0], y=end[1])
    return state.model_copy(update={"last": (fig.id,), "last_path": full})


def _after_step(state: ColorsState, rng: RandomSource, ev: Events) -> ColorsState:
    """Back to the active creature, or on to the next turn when it has nothing left to do."""
    fig = state.figure(state.active or "")
    if state.winners is not None:
        return state.model_copy(update={"stack": ()})
    if fig is None or (fig.moved and fig.acted):
        return _end_activation(state, rng, ev)
    return state.model_copy(update={"stack": (decision("creature", fig.owner, figure=fig.id),)})


def _end_activation(state: ColorsState, rng: RandomSource, ev: Events) -> ColorsState:
    if state.active and state.figure(state.active):
        state = figure_with(state, state.active, moved=False, acted=False)
    return _next_turn(state.model_copy(update={"active": None}), rng, ev)


# -- duels -----------------------------------------------------------------------------------------
def _open_duel(
    state: ColorsState,
    attacker: Figure,
    defender: Figure,
    ranged: bool,
    cover: int,
    *,
    free: bool,
    ev: Events,
    monster_card: str | None = None,
    rng: RandomSource | None = None,
) -> ColorsState:
    """« En commençant par le joueur contrôlant la créature qui défend », each plays face down or passes.

    A monster plays one activation card's boost (D-COL-02): the card drawn for its attack, or one drawn
    now; then it passes, so the player facing it plays on alone until it passes too."""
    player = defender.owner if defender.owner in (0, 1) else attacker.owner
    if (defender.owner not in (0, 1) or attacker.owner not in (0, 1)) and monster_card is None:
        assert rng is not None
        state, card = monsters.draw_activation(state, rng)
        monster_card = card.id
    duel = Duel(
        attacker=attacker.id,
        defender=defender.id,
        ranged=ranged,
        cover=cover,
        free=free,
        turn=player,
        monster_card=monster_card,
    )
    ev.append(
        public(
            "duel", attacker=attacker.id, defender=defender.id, who=named(attacker), whom=named(defender), seat=player
        )
    )
    stack = (*state.stack, decision("duel", player, secret=True))
    return state.model_copy(update={"duel": duel, "stack": stack, "last": (attacker.id, defender.id)})


def _duel_answer(state: ColorsState, seat: int, action: Any, rng: RandomSource, ev: Events) -> ColorsState:
    duel = state.duel
    assert duel is not None
    if isinstance(action, DuelCard):
        hand = list(state.sides[seat].hand)
        hand.remove(action.card)
        state = side_with(state, seat, hand=tuple(hand))
        cards = list(duel.cards)
        cards[seat] = (*cards[seat], action.card)
        duel = duel.model_copy(update={"cards": (cards[0], cards[1]), "passes": 0, "turn": 1 - seat})
        ev.append(public("duel_card", seat=seat, n=len(cards[seat])))
    else:
        duel = duel.model_copy(update={"passes": duel.passes + 1, "turn": 1 - seat})
        ev.append(public("duel_pass", seat=seat))
    if duel.monster_card is not None:  # the monster has played its one card: it passes
        duel = duel.model_copy(update={"passes": duel.passes + 1, "turn": seat})
    stack = list(state.stack[:-1])
    if duel.passes >= 2:  # "Quand les deux joueurs passent successivement"
        state = state.model_copy(update={"duel": duel, "stack": tuple(stack)})
        return _resolve_duel(state, rng, ev)
    stack.append(decision("duel", duel.turn, secret=True))
    return state.model_copy(update={"duel": duel, "stack": tuple(stack)})


def duel_totals(state: ColorsState, duel: Duel) -> tuple[int, int]:
    """Initiative totals: Mêlée (or Distance less light cover, D-COL-21) or Défense, plus the cards."""
    att, dfn = state.figure(duel.attacker), state.figure(duel.defender)
    assert att is not None and dfn is not None
    base_att = max(0, board.stat(state, att, "ranged") - duel.cover) if duel.ranged else board.stat(state, att, "melee")
    return base_att + _played(state, duel, att), board.stat(state, dfn, "defense") + _played(state, duel, dfn)


def _played(state: ColorsState, duel: Duel, fig: Figure) -> int:
    """The initiative a side added: its face-down cards, or a monster's activation card."""
    if fig.owner in (0, 1):
        return sum(CARDS[c].boost.initiative for c in duel.cards[fig.owner])
    return _monster_order(duel, fig).initiative if duel.monster_card else 0


def _monster_order(duel: Duel, fig: Figure):
    return ACTIVATION[duel.monster_card or ""].order(MONSTERS[fig.card].size)


def _resolve_duel(state: ColorsState, rng: RandomSource, ev: Events) -> ColorsState:
    duel = state.duel
    assert duel is not None
    att, dfn = state.figure(duel.attacker), state.figure(duel.defender)
    assert att is not None and dfn is not None
    a, d = duel_totals(state, duel)
    ev.append(public(REVEAL, seats=[0, 1]))
    ev.append(
        public(
            "duel_reveal",
            attacker=att.id,
            defender=dfn.id,
            attack=a,
            defense=d,
            cards=[list(duel.cards[0]), list(duel.cards[1])],
            attacker_cards=[card_text(c) for c in duel.cards[att.owner]],
            defender_cards=[card_text(c) for c in duel.cards[dfn.owner]],
        )
    )
    for seat in (0, 1):  # every card played goes to its owner's discard (D-COL-02)
        if seat not in (att.owner, dfn.owner):
            continue
        if duel.cards[seat]:
            state = side_with(state, seat, discard=(*state.sides[seat].discard, *duel.cards[seat]))
    state = state.model_copy(update={"duel": None, "last": (att.id, dfn.id)})
    if a == d:
        ev.append(public("impasse", attacker=att.id, defender=dfn.id, attack=a, defense=d))
    else:
        winner, loser = (att, dfn) if a > d else (dfn, att)
        if winner.owner in (0, 1):
            dealt = 1 + sum(CARDS[c].boost.attack for c in duel.cards[winner.owner])  # D-COL-03
        else:
            dealt = 1 + _monster_order(duel, winner).attack_wounds
        back = sum(CARDS[c].boost.defense for c in duel.cards[loser.owner]) if loser.owner in (0, 1) else 0
        ev.append(
            public(
                "duel_won",
                winner=winner.id,
                who=named(winner),
                loser=loser.id,
                whom=named(loser),
                n=dealt,
                attack=a,
                defense=d,
            )
        )
        state = wound(state, loser.id, dealt, ev, by=winner.owner)
        state = wound(state, winner.id, back, ev, by=loser.owner)
    return _continue(state, rng, ev)


def _continue(state: ColorsState, rng: RandomSource, ev: Events) -> ColorsState:
    """After a duel: the next free attack, then the disengaging move, then back to the creature."""
    if state.winners is not None:
        return state.model_copy(update={"stack": (), "duels": (), "pending_move": None})
    if state.phase == "monsters":
        return _run_monsters(state, rng, ev)
    if state.pending_move is not None:
        fid, path = state.pending_move
        fig = state.figure(fid)
        queue = [o for o in state.duels if state.figure(o) is not None]
        if fig is None:
            state = state.model_copy(update={"pending_move": None, "duels": ()})
        elif queue:
            striker = state.figure(queue[0])
            assert striker is not None
            state = state.model_copy(update={"duels": tuple(queue[1:])})
            ev.append(public("free_attack", figure=striker.id, who=named(striker), target=fid, whom=named(fig)))
            return _open_duel(state, striker, fig, False, 0, free=True, ev=ev, rng=rng)
        else:
            state = state.model_copy(update={"pending_move": None})
            if _still_free(state, fig, path):  # the move resumes only if still legal
                state = _move(state, fig, path, ev)
            else:
                ev.append(public("move_blocked", figure=fid, who=named(fig)))
    return _after_step(state, rng, ev)


def _still_free(state: ColorsState, fig: Figure, path: tuple[tuple[int, int], ...]) -> bool:
    """The paused move is still legal: nobody stands at its end, and its Movement still covers it."""
    end = Base(fig.id, fig.owner, path[-1], board.profile(fig).radius)
    if any(overlaps(end, board.base(o)) for o in state.figures if o.id != fig.id):
        return False
    return board.table(state.scenario).path_cost([fig.centre, *path]) <= board.stat(state, fig, "move") * board.INCH


# -- casting ---------------------------------------------------------------------------------------
def _cast(state: ColorsState, seat: int, action: Cast, rng: RandomSource, ev: Events) -> ColorsState:
    """Pay, then the opponent may answer with an instant (« un sort lancé »), then the effect."""
    state = pay(state, seat, action, ev)
    if state.winners is not None:
        return state
    return instants.open_window(
        state,
        "cast",
        seat,
        {"kind": "cast", "seat": seat, "cast": action.model_dump()},
        rng,
        ev,
        subject=action.card,
    )


def cast_effect(state: ColorsState, seat: int, action: Cast, rng: RandomSource, ev: Events) -> ColorsState:
    """What the spell does once it resolves, and where its card goes."""
    card = CARDS[action.card]
    effect = card.effect
    goes = "discard"
    if action.target is not None and state.figure(action.target) is None:
        # its target died meanwhile (a Blood Pact, an instant): the spell does nothing (D-COL-18)
        ev.append(public("fizzles", card=card_text(card.id)))
        return side_with(state, seat, discard=(*state.sides[seat].discard, card.id))
    if card.type == "creature":
        assert action.at is not None
        state = _place(state, seat, card.id, action.at, token=False, ev=ev)
        goes = "table"
    elif effect is not None and effect.kind == "summon":
        assert action.at is not None and effect.card is not None
        for point in _around(state, effect.card, action.at, effect.count):
            state = _place(state, seat, effect.card, point, token=True, ev=ev)
    elif effect is not None and effect.kind == "damage":
        target = state.figure(action.target or "")
        assert target is not None
        hit = [target.id]
        if effect.area:
            hit += [
                f.id
                for f in state.figures
                if f.id != target.id and within(board.base(f), board.base(target), effect.area * board.INCH)
            ]
        state = state.model_copy(update={"last": tuple(hit)})
        for fid in hit:
            state = wound(state, fid, effect.amount, ev, by=seat)
    elif effect is not None and effect.kind == "heal":
        target = state.figure(action.target or "")
        assert target is not None
        top = board.profile(target).pv
        healed = min(top, target.pv + effect.amount) - target.pv
        state = figure_with(state, target.id, pv=target.pv + healed)
        ev.append(public("healed", figure=target.id, who=named(target), n=healed))
    elif effect is not None and effect.kind == "buff":
        target = state.figure(action.target or "")
        assert target is not None and effect.stat is not None
        state = figure_with(state, target.id, buffs=(*target.buffs, (effect.stat, effect.amount)))
        ev.append(
            public(
                "buffed",
                figure=target.id,
                who=named(target),
                stat={"key": f"colors.stat.{effect.stat}", "params": {}},
                n=effect.amount,
            )
        )
    elif effect is not None and effect.kind == "equip":
        target = state.figure(action.target or "")
        assert target is not None
        state = figure_with(state, target.id, items=(*target.items, card.id))
        goes = "table"
    elif effect is not None and effect.kind in ("aura", "mana_tap"):
        state = side_with(state, seat, permanents=(*state.sides[seat].permanents, card.id))
        goes = "table"
    elif effect is not None and effect.kind == "draw":
        state = draw(state, seat, effect.amount, rng, ev)
    if goes == "discard":
        state = side_with(state, seat, discard=(*state.sides[seat].discard, card.id))
    return state


def _place(state: ColorsState, seat: int, card: str, at: tuple[int, int], *, token: bool, ev: Events) -> ColorsState:
    creature = CARDS[card].creature
    assert creature is not None
    fid = f"{'AB'[seat]}{state.counter + 1}"
    fig = Figure(id=fid, card=card, owner=seat, x=at[0], y=at[1], pv=creature.pv, token=token)
    ev.append(
        public("summoned", seat=seat, figure=fid, who=named(fig), x=at[0], y=at[1], cell=board.MEASURE.cell_of(at))
    )
    return state.model_copy(
        update={"figures": (*state.figures, fig), "counter": state.counter + 1, "last": (*state.last, fid)}
    )


def _around(state: ColorsState, card: str, at: tuple[int, int], count: int) -> list[tuple[int, int]]:
    """Where `count` summoned creatures stand: the first at the point, the others touching it."""
    creature = CARDS[card].creature
    assert creature is not None
    r = creature.radius
    table = board.table(state.scenario)
    taken = [board.base(f) for f in state.figures]
    points: list[tuple[int, int]] = []
    offsets = [(0, 0)] + [
        (dx * (2 * r + 10), dy * (2 * r + 10))
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))
    ]
    for dx, dy in offsets:
        p = (at[0] + dx, at[1] + dy)
        b = Base("new", -3, p, r)
        if (
            table.inside(b)
            and not any(overlaps(b, o) for o in taken)
            and not any(t.impassable and t.polygon.intersects(b.shape()) for t in table.terrain)
        ):
            points.append(p)
            taken.append(b)
        if len(points) == count:
            break
    return points


def pending(state: ColorsState) -> Decision | None:
    return state.stack[-1] if state.stack else None


def opening(
    seats: list[Any], wizards: list[str], scenario: str, rng: RandomSource, ev: Events
) -> tuple[ColorsState, list[list[str]]]:
    """Set-up: first player by revealed initiative (the tied draw again), deployment, 5 cards + codex."""
    grimoires = [shuffled(rng, grimoire_of(WIZARDS[w], CARDS)) for w in wizards]
    tied = [0, 1]
    first = 0
    depth = 0
    while True:  # "les joueurs concernés piochent de nouvelles cartes, une à une"
        shown = {s: grimoires[s][depth % len(grimoires[s])] for s in tied}
        for s in tied:
            ev.append(public("initiative", seat=s, card=card_text(shown[s]), n=CARDS[shown[s]].boost.initiative))
        best = max(CARDS[c].boost.initiative for c in shown.values())
        tied = [s for s in tied if CARDS[shown[s]].boost.initiative == best]
        depth += 1
        if len(tied) == 1 or depth >= 30:
            first = tied[0]
            break
    ev.append(public("first", seat=first))
    decks = [shuffled(rng, g) for g in grimoires]  # "les joueurs remélangent leur grimoire"
    sides = []
    for s in (0, 1):
        hand = (*decks[s][:5], *codex_of(WIZARDS[wizards[s]]))
        sides.append(Side(name=seats[s].name, wizard=wizards[s], hand=hand, deck=tuple(decks[s][5:])))
    scen = SCENARIOS[scenario]
    figures = []
    for s, corner in ((first, 0), (1 - first, 1)):  # the first player deploys first (D-COL-27)
        x, y = scen.deploy_point(corner)
        w = WIZARDS[wizards[s]]
        figures.append(Figure(id=f"{'AB'[s]}0", card=w.id, owner=s, x=x, y=y, pv=w.profile.pv, wizard=True))
        ev.append(public("deployed", seat=s, figure=f"{'AB'[s]}0", cell=board.MEASURE.cell_of((x, y))))
    state = ColorsState(
        scenario=scenario,
        first=first,
        turn=first,
        sides=(sides[0], sides[1]),
        figures=tuple(figures),
        objectives={o.id: o.times for o in scen.objectives},
        monster_deck=tuple(shuffled(rng, sorted(ACTIVATION))) if scen.monsters else (),
    )
    state = monsters.appeared(state, ev)
    return state, [list(d[5:]) for d in decks]


def secret_events(state: ColorsState) -> list[Event]:
    return [private([s], "hand", seat=s, cards=[card_text(c) for c in state.sides[s].hand]) for s in (0, 1)]


def _named_id(state: ColorsState, fid: str) -> dict[str, Any]:
    fig = state.figure(fid)
    return named(fig) if fig is not None else {"key": "colors.figure.gone", "params": {}}
