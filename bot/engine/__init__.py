"""The engine kernel: what every game is made of. Pure: stdlib and pydantic only."""

from .actions import Action, Concede, parse_action
from .cards import CardInfo
from .choices import ANY, Ask, Choice, narrow
from .decisions import Decision, decision
from .errors import EngineError, IllegalAction, MalformedAction, Refusals
from .events import PHASE, REVEAL, Event, Seat, private, public, redact
from .game import Agent, AnyGame, BaseGame, FiniteGame, Game, Outcome, Preview, SeatSpec, Transition
from .registry import games, get_game, register, unregister
from .rng import RandomSource, ReplayRng, Rng, choice, randint, roll, shuffle, shuffled
from .sealed import Sealed
from .text import Text, txt

__all__ = [
    "ANY",
    "PHASE",
    "REVEAL",
    "Action",
    "Agent",
    "AnyGame",
    "Ask",
    "BaseGame",
    "CardInfo",
    "Choice",
    "Concede",
    "Decision",
    "EngineError",
    "Event",
    "FiniteGame",
    "Game",
    "IllegalAction",
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
    "Text",
    "Transition",
    "choice",
    "decision",
    "games",
    "get_game",
    "narrow",
    "parse_action",
    "private",
    "public",
    "randint",
    "redact",
    "register",
    "roll",
    "shuffle",
    "shuffled",
    "txt",
    "unregister",
]
