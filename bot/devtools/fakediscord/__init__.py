"""An in-process fake of Discord for offline tests and a no-token demo (see core.FakeDiscord).

Rebuilt from shared/research/offline-discord-testing.md against discord.py 2.7.1.
"""

from .core import FakeDiscord, connect_bot, start_bot
from .interactions import OptionValue
from .model import InteractionRecord
from .records import RECORD_ENV, Call, CallList, SentFile

__all__ = [
    "RECORD_ENV",
    "Call",
    "CallList",
    "FakeDiscord",
    "InteractionRecord",
    "OptionValue",
    "SentFile",
    "connect_bot",
    "start_bot",
]
