"""Confrontation's AI levels (#28): easy the greedy player, normal its judgement corrected by the odds and
the enemy's reach, hard the search over normal's best few; moves the greedy player misses, decisions
bounded by count (the same view and seed give the same move), and a seeded win over a random player."""

from __future__ import annotations

from shapely.geometry import Point as ShapelyPoint

from bot.ai import RandomAgent, arena
from bot.engine import Rng
from bot.games.confrontation import board
from bot.games.confrontation.actions import Declare, Declared, Dive, Draw, Resolve, Shoot
from bot.games.confrontation.ai import ConfAgent
from bot.games.confrontation.content import PROFILES, SPELLS
from bot.games.confrontation.game import CONFRONTATION as GAME
from bot.games.confrontation.search import BUDGET, ConfSearchAgent, TacticalAgent
from bot.games.confrontation.state import ConfState
from tests.games.confrontation.helpers import act, activation, fighter

L, G = 0, 1


def test_easy_is_the_greedy_player_normal_weighs_the_odds_and_hard_searches_within_a_count() -> None:
    """A match's AI level picks the player: easy is the greedy one of before, normal the greedy one
    corrected by the odds (one look, no rollout), hard normal with the dive searched, bounded by a number
    of rollouts and never by the clock (the same games on any machine)."""
    assert isinstance(GAME.agent("easy"), ConfAgent)
    assert isinstance(GAME.agent("normal"), TacticalAgent)
    hard = GAME.agent("hard")
    assert isinstance(hard, ConfSearchAgent) and hard.budget == BUDGET and hard.budget.seconds is None
    assert isinstance(GAME.agent(), TacticalAgent)  # the default level is normal


def _charge_choice() -> ConfState:
    """L1 (a capitaine, ATT 5 FOR 5) declares: the bête (DEF 2 RES 6, frightening) is nearer, the chaman
    (DEF 2 RES 3) a little further, both within its charge."""
    fs = [
        fighter("L1", "capitaine", L, 30, 62),
        fighter("G1", "bete", G, 30, 50),
        fighter("G2", "chaman", G, 42, 48),
        fighter("G3", "chef", G, 80, 10),
    ]
    s = activation(fs, (("capitaine",), ("bete", "chaman", "chef")), speaker=L)
    return act(s, L, Draw(choice="play"))


def test_normal_and_hard_charge_where_the_numbers_favour_them() -> None:
    """The greedy player charges the nearest enemy; normal and hard weigh the exchange of blows and charge
    the one whose fight they win: the chaman, not the bête."""
    s = _charge_choice()
    assert s.stack[-1].kind == "declare"
    assert ConfAgent()._choose(GAME, s, L) == Declare(fighter="L1", what="charge", target="G1")
    for level in ("normal", "hard"):
        move = GAME.agent(level).choose(GAME, GAME.view(s, L), L, Rng(1))
        assert move == Declare(fighter="L1", what="charge", target="G2"), level


def _declaring(mine: str, theirs: str) -> ConfState:
    """L1 (`mine`) declares, `theirs` about 9 cm away within its charge, a chaman far off."""
    fs = [fighter("L1", mine, L, 30, 62), fighter("G1", theirs, G, 30, 50), fighter("G3", "chaman", G, 80, 10)]
    return act(activation(fs, ((mine,), (theirs, "chaman")), speaker=L), L, Draw(choice="play"))


def test_normal_does_not_charge_into_a_losing_exchange_nor_a_shooter_into_a_healthy_fighter() -> None:
    """The greedy player charges whatever it reaches. Normal weighs D-CON-12's blows: its capitaine does
    not charge the bête (2 dice against 3, FOR 5 against RES 6: it would lose army points); its éclaireur,
    a shooter, does not charge an unhurt guerrier (it shoots instead, V-D-3), but its capitaine charges
    the guerrier, whose blows it outweighs."""
    for mine, theirs, charges in (
        ("capitaine", "bete", False),
        ("eclaireur", "guerrier", False),
        ("capitaine", "guerrier", True),
    ):
        s = _declaring(mine, theirs)
        assert s.stack[-1].kind == "declare"
        assert ConfAgent()._choose(GAME, s, L) == Declare(fighter="L1", what="charge", target="G1")
        move = GAME.agent("normal").choose(GAME, GAME.view(s, L), L, Rng(1))
        assert (move == Declare(fighter="L1", what="charge", target="G1")) == charges, (mine, theirs, move)


def test_normal_shoots_where_the_shot_is_worth_the_most_army_points() -> None:
    """D-CON-14: an arbalétrier sees a wounded bête at long range (8 to hit, RES 6) and an unhurt chaman
    at short range (4 to hit, RES 3). The greedy player shoots the most wounded; normal and hard weigh
    the chance to hit and the wound it rolls, and shoot the chaman."""
    fs = [
        fighter("L1", "arbaletrier", L, 30, 70),
        fighter("G1", "bete", G, 48, 45, wound=1),
        fighter("G2", "chaman", G, 30, 58),
    ]
    s = act(
        act(activation(fs, (("arbaletrier",), ("bete", "chaman")), speaker=L), L, Draw(choice="play")), L, Declared()
    )
    assert s.stack[-1].kind == "fighter"
    weapon = PROFILES["arbaletrier"].weapon
    assert (
        weapon is not None
        and weapon.band(board.distance(fs[0], fs[1])) == 2
        and weapon.band(board.distance(fs[0], fs[2])) == 0
    )
    assert ConfAgent()._choose(GAME, s, L) == Shoot(fighter="L1", target="G1")
    for level in ("normal", "hard"):
        assert GAME.agent(level).choose(GAME, GAME.view(s, L), L, Rng(1)) == Shoot(fighter="L1", target="G2"), level


def test_a_run_ends_out_of_reach_of_an_enemy_still_to_act() -> None:
    """An épéiste runs (20 cm) toward a chef de guerre 37.5 cm away whose card is still to be played (its
    charge reaches 25 cm). The greedy player runs to 17.5 cm of it and is charged first; normal and hard
    stop out of its reach, still toward it (not back to their edge)."""
    fs = [fighter("L1", "epeiste", L, 30, 70), fighter("G1", "chef", G, 30, 30), fighter("G2", "guerrier", G, 70, 10)]
    s = act(activation(fs, (("epeiste",), ("chef", "guerrier")), speaker=L), L, Draw(choice="play"))
    s = act(s, L, Declare(fighter="L1", what="run"))
    assert s.stack[-1].kind == "exclusive"
    reach = 2 * PROFILES["chef"].mou
    start = board.distance(s.fighter("L1"), s.fighter("G1"))  # type: ignore[arg-type]

    def after(move: object) -> int:
        assert isinstance(move, Resolve)
        moved = act(s, L, move)
        return board.distance(moved.fighter("L1"), moved.fighter("G1"))  # type: ignore[arg-type]

    assert after(ConfAgent()._choose(GAME, s, L)) <= reach
    for level in ("normal", "hard"):
        d = after(GAME.agent(level).choose(GAME, GAME.view(s, L), L, Rng(1)))
        assert reach < d < start, (level, d)


def test_a_run_ends_out_of_a_magicians_bolts_while_it_has_the_mana_for_them() -> None:
    """An épéiste runs (20 cm) toward a chaman 47.5 cm away whose card is still to be played. Its charge
    reaches 20 cm, but a walk and its Trait de feu (24 cm, FOR 6, V-D-4) reach 34 cm: normal and hard stop
    beyond that, still toward it. With its mana spent the chaman strikes only as far as its charge, and
    they run the whole 20 cm."""
    spell = PROFILES["chaman"].mou + round(SPELLS["trait"].range * 100)
    for mana, out_of_bolts in ((3, True), (0, False)):
        fs = [
            fighter("L1", "epeiste", L, 30, 70),
            fighter("G1", "chaman", G, 30, 20, mana=mana),
            fighter("G2", "guerrier", G, 55, 5),
        ]
        s = act(activation(fs, (("epeiste",), ("chaman", "guerrier")), speaker=L), L, Draw(choice="play"))
        s = act(s, L, Declare(fighter="L1", what="run"))
        assert s.stack[-1].kind == "exclusive"
        start = board.distance(s.fighter("L1"), s.fighter("G1"))  # type: ignore[arg-type]
        assert start - 2 * PROFILES["epeiste"].mou < spell < start
        for level in ("normal", "hard"):
            move = GAME.agent(level).choose(GAME, GAME.view(s, L), L, Rng(1))
            assert isinstance(move, Resolve)
            moved = act(s, L, move)
            d = board.distance(moved.fighter("L1"), moved.fighter("G1"))  # type: ignore[arg-type]
            if out_of_bolts:
                assert spell < d < start, (level, d)
            else:
                assert d <= start - 2 * PROFILES["epeiste"].mou + board.CM, (level, d)


def test_a_run_goes_round_the_wood_rather_than_ending_in_it() -> None:
    """D-CON-10: a wood costs double. An épéiste runs (20 cm) toward a chef de guerre beyond the wood,
    whose card is played already. The greedy player runs straight and ends in the wood, so its next
    charge would cross the rest of it at double cost; normal and hard run round it and end outside,
    where that charge costs less."""
    fs = [
        fighter("L1", "epeiste", L, 10, 14),
        fighter("G1", "chef", G, 10, 62, activated=True),
        fighter("G2", "guerrier", G, 55, 75, activated=True),
    ]
    s = act(activation(fs, (("epeiste",), ("chef", "guerrier")), speaker=L), L, Draw(choice="play"))
    s = act(s, L, Declare(fighter="L1", what="run"))
    assert s.stack[-1].kind == "exclusive"
    table = board.table(s.scenario)
    chef = s.fighter("G1")
    assert chef is not None

    def end(move: object) -> tuple[int, int]:
        assert isinstance(move, Resolve)
        moved = act(s, L, move).fighter("L1")
        assert moved is not None
        return moved.centre

    def in_wood(p: tuple[int, int]) -> bool:
        return any(t.polygon.contains(ShapelyPoint(p)) for t in table.difficult_pieces)

    greedy = end(ConfAgent()._choose(GAME, s, L))
    assert in_wood(greedy)
    for level in ("normal", "hard"):
        mine = end(GAME.agent(level).choose(GAME, GAME.view(s, L), L, Rng(1)))
        assert not in_wood(mine), (level, mine)
        assert table.path_cost([mine, chef.centre]) < table.path_cost([greedy, chef.centre]), (level, mine)


def test_hard_takes_cover_when_shot_at_and_normal_throws_only_its_fragile_fighters() -> None:
    """V-C-4 « se jeter à couvert »: a guerrier not yet activated, shot at by L1's crossbow. The greedy
    player and normal throw only their fragile fighters to cover (a shooter, a magician, the badly
    wounded); hard plays the shot out both ways, the move to cover the dive will owe counted against
    it, and dives (Cible/+2 against this very shot)."""
    fs = [
        fighter("L1", "arbaletrier", L, 30, 70),
        fighter("G1", "guerrier", G, 30, 45),
        fighter("G2", "chef", G, 70, 20),
    ]
    s = act(activation(fs, (("arbaletrier",), ("guerrier", "chef")), speaker=L), L, Draw(choice="play"))
    s = act(s, L, Declared())
    s = GAME.apply(s, L, Shoot(fighter="L1", target="G1"), Rng(1)).state
    assert s.stack[-1].kind == "dive" and s.shot is not None and s.shot.target == "G1"
    assert ConfAgent()._choose(GAME, s, G) == Dive(dive=False)
    assert GAME.agent("normal").choose(GAME, GAME.view(s, G), G, Rng(1)) == Dive(dive=False)
    assert GAME.agent("hard").choose(GAME, GAME.view(s, G), G, Rng(1)) == Dive(dive=True)


def _shot_at(profile: str) -> ConfState:
    """A `profile` of the Griffes not yet activated, shot at by L1's crossbow: its owner may dive."""
    fs = [fighter("L1", "arbaletrier", L, 30, 70), fighter("G1", profile, G, 30, 45), fighter("G2", "chef", G, 70, 20)]
    s = act(activation(fs, (("arbaletrier",), (profile, "chef")), speaker=L), L, Draw(choice="play"))
    s = act(s, L, Declared())
    return GAME.apply(s, L, Shoot(fighter="L1", target="G1"), Rng(1)).state


def test_the_same_view_and_seed_give_the_same_move_within_the_budget() -> None:
    s = _shot_at("guerrier")
    agent = GAME.agent("hard")
    assert isinstance(agent, ConfSearchAgent)
    first = agent.choose(GAME, GAME.view(s, G), G, Rng(5))
    means = dict(agent.last.means)
    assert 0 < agent.last.iterations <= agent.budget.iterations
    assert agent.choose(GAME, GAME.view(s, G), G, Rng(5)) == first
    assert agent.last.means == means


def test_the_normal_ai_beats_a_random_player_in_a_seeded_sample() -> None:
    """Two seeded matches, normal on each seat in turn (the benchmark's first two games)."""
    for seed in (1, 2):
        me = seed % 2
        agents = (GAME.agent("normal"), RandomAgent()) if me == 0 else (RandomAgent(), GAME.agent("normal"))
        played = arena.play(GAME, agents, seed)
        assert played.outcome is not None and played.outcome.winners == (me,), seed


def test_normal_says_why_in_its_own_words_where_its_judgement_chose() -> None:
    """The advice (« 💡 Conseil ») at normal gives normal's reason: a charge by the exchange of blows, a
    shot by its worth, a run kept out of reach; the greedy player's sentence (« the most wounded », « the
    nearest ») would be false of these moves."""
    agent = GAME.agent("normal")
    assert isinstance(agent, TacticalAgent)
    s = _charge_choice()
    advice = agent.advise(GAME, GAME.view(s, L), L, Rng(1))
    assert advice is not None and advice.action == Declare(fighter="L1", what="charge", target="G2")
    assert advice.reason is not None and advice.reason.key == "confrontation.advice.charge_odds"
    fs = [fighter("L1", "epeiste", L, 30, 70), fighter("G1", "chef", G, 30, 30), fighter("G2", "guerrier", G, 70, 10)]
    s = act(
        act(activation(fs, (("epeiste",), ("chef", "guerrier")), speaker=L), L, Draw(choice="play")),
        L,
        Declare(fighter="L1", what="run"),
    )
    advice = agent.advise(GAME, GAME.view(s, L), L, Rng(1))
    assert advice is not None and isinstance(advice.action, Resolve)
    assert advice.reason is not None and advice.reason.key == "confrontation.advice.out_of_reach"


def test_normal_uses_its_refusals_to_make_the_other_side_commit_first() -> None:
    """V-A-2: a refusal passes the word, and the other side must play a card before us. With one card
    each and a refusal left, the greedy player plays (it refuses only while the other side has more
    cards); normal refuses, and answers what the other side did."""
    fs = [fighter("L1", "epeiste", L, 30, 70), fighter("G1", "guerrier", G, 30, 20)]
    s = activation(fs, (("epeiste",), ("guerrier",)), speaker=L)
    assert s.seq is not None
    mine = s.seq.sides[L].model_copy(update={"refusals": 1})
    s = s.model_copy(update={"seq": s.seq.model_copy(update={"sides": (mine, s.seq.sides[G])})})
    assert ConfAgent()._choose(GAME, s, L) == Draw(choice="play")
    assert GAME.agent("normal").choose(GAME, GAME.view(s, L), L, Rng(1)) == Draw(choice="refuse")
