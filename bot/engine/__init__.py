"""The engine kernel: what every game is made of. Pure: stdlib and pydantic only."""

from .actions import Action, Concede, parse_action
from .cards import CardInfo, cards_of
from .choices import ANY, Ask, Choice, narrow
from .decisions import Decision, decision
from .errors import EngineError, IllegalAction, MalformedAction, Refusals
from .events import PHASE, REVEAL, Event, Seat, private, public, redact
from .game import Agent, AnyGame, BaseGame, FiniteGame, Game, Outcome, Preview, SeatSpec, Transition
from .gamedef import AnyGameDef, BenchDef, GameDef, TableBench, drawn_by
from .hidden import HIDDEN, NEUTRAL, Fact, Hidden, Known, SeatView, Zone, carried, questions, view_of
from .registry import game_def, game_defs, games, get_game, load_games, register, unregister
from .rng import RandomSource, ReplayRng, Rng, choice, randint, roll, shuffle, shuffled
from .sealed import Sealed
from .text import Text, txt

__all__ = [
    "ANY",
    "HIDDEN",
    "NEUTRAL",
    "PHASE",
    "REVEAL",
    "Action",
    "Agent",
    "AnyGame",
    "AnyGameDef",
    "Ask",
    "BaseGame",
    "BenchDef",
    "CardInfo",
    "Choice",
    "Concede",
    "Decision",
    "EngineError",
    "Event",
    "Fact",
    "FiniteGame",
    "Game",
    "GameDef",
    "Hidden",
    "IllegalAction",
    "Known",
    "MalformedAction",
    "Outcome",
    "Preview",
    "RandomSource",
    "Refusals",
    "ReplayRng",
    "Rng",
    "Sealed",
    "Seat",
    "SeatSpec",
    "SeatView",
    "TableBench",
    "Text",
    "Transition",
    "Zone",
    "cards_of",
    "carried",
    "choice",
    "decision",
    "drawn_by",
    "game_def",
    "game_defs",
    "games",
    "get_game",
    "load_games",
    "narrow",
    "parse_action",
    "private",
    "public",
    "questions",
    "randint",
    "redact",
    "register",
    "roll",
    "shuffle",
    "shuffled",
    "txt",
    "unregister",
    "view_of",
]
