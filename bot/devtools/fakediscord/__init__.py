"""An in-process fake of Discord for offline tests and a no-token demo.

Rebuilt from shared/research/offline-discord-testing.md against discord.py 2.7.1::

    async with FakeDiscord("inproc") as fd:          # or "http": loopback REST + CDN + gateway
        alice = fd.add_user("alice")
        guild = fd.add_guild(members=[alice])
        bot = await start_bot(fd, MyBot())           # real login, setup_hook, tree.sync
        calls = await fd.interact(bot, fd.slash("hello", alice, guild, name="Bob"))
        assert calls.callback.json["data"]["embeds"][0]["title"] == "Hello Bob"
        await bot.close()
"""

from .core import FakeDiscord, Fault, connect_bot, start_bot
from .interactions import OptionValue
from .model import MODERATOR_PERMISSIONS, InteractionRecord
from .records import RECORD_ENV, Call, CallList, SentFile

__all__ = [
    "MODERATOR_PERMISSIONS",
    "RECORD_ENV",
    "Call",
    "CallList",
    "FakeDiscord",
    "Fault",
    "InteractionRecord",
    "OptionValue",
    "SentFile",
    "connect_bot",
    "start_bot",
]
