"""The Discord application: wires storage, the match service, the cogs and the translator; `main` is
`python -m bot run`."""

from __future__ import annotations

import argparse
import asyncio
import gc
import hashlib
import json
import logging
import sys
import time
from collections.abc import Callable
from typing import Any

import discord
from discord.ext import commands

from bot import games as game_folders
from bot.config import Settings
from bot.engine import load_games
from bot.logs import setup_logging
from bot.services import MatchService
from bot.storage import StorageUnavailable, Store, is_postgres, open_store
from cogs import setup_cogs

#: A half-played turn is posted after this many seconds (cogs/turns.py holds a turn until it passes).
HELD_TURN_MAX_AGE = 600.0

log = logging.getLogger("tavernier.app")
# discord.py's HTTP DEBUG lines print request bodies, DMs with hands included: never below INFO.
logging.getLogger("discord.http").setLevel(logging.INFO)
logging.getLogger("discord.webhook.async_").setLevel(logging.INFO)


def intents() -> discord.Intents:
    """Slash commands and components need no privileged intent; guilds gives us channels."""
    i = discord.Intents.none()
    i.guilds = True
    return i


class TavernierBot(commands.AutoShardedBot):
    """One bot, any number of shards; state lives in the database, not in the process."""

    def __init__(
        self,
        *,
        database_path: str,
        dev_guild_id: int | None = None,
        default_locale: str = "fr",
        ai_delay: float = 0.0,
        ai_level: str | None = None,
        sync_commands: bool = True,
        load_games: bool = True,
        seed_source: Callable[[], int] | None = None,
        thread_pace: Any = None,
        clock: Callable[[], float] = time.time,
        tick_every: float = 60.0,
        lobby_expiry_hours: float = 72.0,
        store_options: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("intents", intents())
        # nothing the bot posts pings anyone unless that post names whom (a display name or a typed text
        # may hold "@everyone" or "<@id>"): the turn ping and invitations say it explicitly
        kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())
        kwargs.setdefault("command_prefix", commands.when_mentioned)
        kwargs.setdefault("help_command", None)
        super().__init__(**kwargs)
        self.database_path = database_path
        self.dev_guild_id = dev_guild_id
        self.default_locale = default_locale
        self.ai_delay = ai_delay
        self.ai_level = ai_level  # None: each AI seat plays at the level chosen for it
        self.sync_commands = sync_commands
        self.load_games = load_games
        self.seed_source = seed_source  # None: match seeds from the OS's secure randomness
        self.thread_pace = thread_pace  # None: Discord's pace (cogs/pacing.py); tests may lift it
        self.clock = clock  # the time port: reminders, clocks and absences read it (tests move it)
        self.tick_every = tick_every
        self.lobby_expiry_hours = lobby_expiry_hours  # 0: lobbies wait forever
        self.store_options = store_options or {}  # e.g. a PostgreSQL schema of its own (tests, the load test)
        self._timekeeper: asyncio.Task[None] | None = None
        self.store: Store | None = None
        self.service: MatchService | None = None
        self.host: Any = None

    @property
    def lease_holder(self) -> str:
        """Who holds this process's leases in the database: its shards, not its pid. A process that
        died and is started again for the same shards takes its matches back at once, instead of
        waiting for its old leases to expire (90 s) while its AI seats and clocks stand still."""
        ids = getattr(self, "shard_ids", None)
        if not ids:
            return "every shard"
        return f"shards {','.join(map(str, ids))} of {self.shard_count}"

    async def setup_hook(self) -> None:
        if self.load_games:
            load_games(game_folders)
        self.store = await open_store(self.database_path, clock=self.clock, **self.store_options)
        await setup_cogs(self)
        if self.sync_commands:
            await self._sync_commands()
        assert self.service is not None
        await self.service.resume_all()
        await self.service.tick()  # what fell due while the bot was down is applied now, once
        # what was loaded at start-up (code, catalogs, content) lives as long as the process: out of the
        # collector's way, so that a full collection never walks it again (#16: no long pause)
        gc.freeze()
        self._timekeeper = asyncio.get_running_loop().create_task(self._keep_time(), name="tavernier-time")

    async def _sync_commands(self) -> None:
        """Send the command tree to Discord only when it differs from the one last sent: Discord
        rate-limits syncs (a few a minute, 200 new commands a day), and a restart changes nothing. What is
        compared is the payload Discord would receive, translations included."""
        guild = discord.Object(id=self.dev_guild_id) if self.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = [
            await command.get_translated_payload(self.tree, translator)
            if (translator := self.tree.translator)
            else command.to_dict(self.tree)
            for command in self.tree.get_commands(guild=guild)
        ]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
        scope = str(self.dev_guild_id) if self.dev_guild_id else "global"
        assert self.store is not None
        if await self.store.synced_commands(scope) == digest:
            log.info("commands unchanged, not synced guild=%s", scope)
            return
        synced = await self.tree.sync(guild=guild)
        await self.store.record_synced_commands(scope, digest)
        log.info("commands synced count=%d guild=%s", len(synced), scope)

    async def _keep_time(self) -> None:
        """Reminders, clocks and absences: what is due is applied every `tick_every` seconds."""
        while True:
            await asyncio.sleep(self.tick_every)
            if self.service is not None:
                await self.service.tick()
                await self.service.notifier.flush_held(older_than=HELD_TURN_MAX_AGE)

    async def close(self) -> None:
        if self._timekeeper is not None:
            self._timekeeper.cancel()
        if self.service is not None:
            await self.service.close()
            await self.service.notifier.flush_held()  # a turn in progress is posted, not left to the outbox
        await super().close()
        if self.store is not None:
            await self.store.close()
            self.store = None


NO_TOKEN = """\
No DISCORD_TOKEN is set.

To run Tavernier on Discord:
  1. Create an application at https://discord.com/developers/applications, add a bot, copy its token.
  2. Copy .env.example to .env and set DISCORD_TOKEN (and DEV_GUILD_ID for instant command sync).
  3. Invite the bot with the link given in the README (scopes bot + applications.commands).

Without a token you can still watch complete matches, AI against AI, against a simulated Discord:
  python -m bot demo
"""


def main(args: list[str]) -> int:
    """`python -m bot run`: check the token and the database, then connect to Discord."""
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the Tavernier Discord bot.")
    parser.parse_args(args)
    settings = Settings()
    setup_logging(settings.log_level)
    if not settings.discord_token.get_secret_value():
        print(NO_TOKEN, file=sys.stderr)
        return 1
    try:  # fail now, clearly, rather than inside the gateway loop
        if is_postgres(settings.database):
            asyncio.run(_check_postgres(settings.database))
        else:
            Store.check(settings.database)
    except StorageUnavailable as exc:
        setting = "DATABASE_URL" if is_postgres(settings.database) else "DATABASE_PATH"
        print(f"Tavernier cannot use its database: {exc.message}. Check {setting}.", file=sys.stderr)
        return 3
    bot = TavernierBot(
        database_path=settings.database,
        dev_guild_id=settings.dev_guild_id,
        default_locale=settings.default_locale,
        ai_delay=settings.ai_delay,
        lobby_expiry_hours=settings.lobby_expiry_hours,
        **settings.shards(),
    )
    bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    return 0


async def _check_postgres(url: str) -> None:
    store = await open_store(url)
    await store.close()
