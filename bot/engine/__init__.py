"""The engine kernel: what every game is made of. Pure: stdlib and pydantic only."""

from .actions import Action, Concede, parse_action
from .cards import CardInfo
from .errors import EngineError, IllegalAction, MalformedAction
from .events import PHASE, REVEAL, Event, Seat, private, public, redact
from .game import BaseGame, Game, Outcome, SeatSpec, Transition
from .prompts import Prompt
from .registry import games, get_game, register, unregister
from .rng import RandomSource, ReplayRng, Rng, choice, randint, roll, shuffle, shuffled
from .text import Text, txt

__all__ = [
    "PHASE",
    "REVEAL",
    "Action",
    "BaseGame",
    "CardInfo",
    "Concede",
    "EngineError",
    "Event",
    "Game",
    "IllegalAction",
    "MalformedAction",
    "Outcome",
    "Prompt",
    "RandomSource",
    "ReplayRng",
    "Rng",
    "Seat",
    "SeatSpec",
    "Text",
    "Transition",
    "choice",
    "games",
    "get_game",
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
