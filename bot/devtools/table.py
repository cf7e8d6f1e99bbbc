"""A table of simulated people in front of the real bot and the fake Discord.

Used by the demo, the bench and the interaction tests: people type slash commands and click the
buttons the bot posted, exactly as a Discord client would send them.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

from bot.app import TavernierBot
from bot.engine import Rng, choice
from bot.services import LiveMatch

from .fakediscord import FakeDiscord, start_bot

JSON = dict[str, Any]


def walk_components(components: list[JSON]) -> Iterator[JSON]:
    for c in components or []:
        yield c
        yield from walk_components(c.get("components") or [])


def custom_ids(message: JSON) -> list[str]:
    return [c["custom_id"] for c in walk_components(message.get("components") or []) if "custom_id" in c]


class Table:
    """One guild, one text channel, the bot, and the people sitting at the table."""

    def __init__(self, fd: FakeDiscord, bot: TavernierBot, guild: JSON, people: dict[str, JSON]) -> None:
        self.fd, self.bot, self.guild, self.people = fd, bot, guild, people
        self.channel = fd.text_channel(guild)

    @property
    def service(self) -> Any:
        return self.bot.service

    # -- acting ---------------------------------------------------------------------------------
    async def slash(
        self, who: str, command: str, subcommand: str | None = None, *, channel: JSON | None = None, **options: Any
    ) -> Any:
        payload = self.fd.slash(
            command,
            self.people[who],
            self.guild,
            channel=channel or self.channel,
            subcommand=subcommand,
            options=options,
        )
        calls = await self.fd.interact(self.bot, payload)
        await self.idle()
        return calls

    async def click(self, who: str, message: JSON, custom_id: str, values: list[str] | None = None) -> Any:
        guild = self.guild if message.get("guild_id") or self._in_guild(message) else None
        payload = self.fd.component(message, custom_id, self.people[who], guild, values=values)
        calls = await self.fd.interact(self.bot, payload)
        await self.idle()
        return calls

    def _in_guild(self, message: JSON) -> bool:
        channel = self.fd.channels.get(int(message["channel_id"]))
        return bool(channel and channel.get("guild_id"))

    async def idle(self) -> None:
        """Let AI seats finish and every message they cause reach the fake."""
        for _ in range(1000):
            await self.service.wait_idle()
            await self.fd.settle()
            if not self.service._ai_tasks:
                break
        self.fd.check()

    # -- finding --------------------------------------------------------------------------------
    def thread_of(self, live: LiveMatch) -> JSON:
        return self.fd.channels[int(live.rec.thread_id)]

    def last_with(self, channel: JSON | int, prefix: str) -> JSON:
        for message in reversed(self.fd.messages(channel)):
            if any(cid.startswith(prefix) for cid in custom_ids(message)):
                return message
        raise AssertionError(f"no message with a {prefix} component")

    def live_matches(self) -> list[LiveMatch]:
        return self.service.loaded()

    # -- playing a seat with a policy -----------------------------------------------------------
    async def play_turn(self, who: str, live: LiveMatch, rng: Rng) -> Any:
        """Open the action menu from the thread and pick the game's AI move (or a random one)."""
        seat = live.seat_of(int(self.people[who]["id"]))
        assert seat is not None
        thread = self.thread_of(live)
        await self.click(who, self.last_with(thread, f"tv:act:{live.id}"), f"tv:act:{live.id}")
        actions = list(live.game.legal_actions(live.state, seat.seat))
        wanted = live.game.ai_action(live.state, seat.seat, rng) or choice(rng, actions)
        slot = actions.index(wanted)
        menu = self.last_with(thread, "tv:")
        ids = custom_ids(menu)
        button = f"tv:a:{live.id}:{live.version}:{slot}"
        if button in ids:
            return await self.click(who, menu, button)
        page = slot // 25
        for _ in range(page):
            nxt = next(c for c in ids if c.startswith(f"tv:p:{live.id}:") and int(c.rsplit(":", 1)[1]) > 0)
            await self.click(who, menu, nxt)
            menu = self.fd.message(menu["id"]) or menu
            ids = custom_ids(menu)
        select = next(c for c in ids if c.startswith(f"tv:s:{live.id}:"))
        return await self.click(who, menu, select, values=[str(slot)])

    async def play_turn_by_command(self, who: str, live: LiveMatch, rng: Rng) -> Any:
        """Play the policy's move with `/<game> <decision> choix:`, picking it from the autocomplete."""
        from bot.i18n import localize

        seat = live.seat_of(int(self.people[who]["id"]))
        assert seat is not None
        game = live.game
        actions = list(game.legal_actions(live.state, seat.seat))
        wanted = game.ai_action(live.state, seat.seat, rng) or choice(rng, actions)
        slug = next(s for s, kinds in game.decisions.items() if wanted.kind in kinds)
        label = localize(game.describe_action(live.state, seat.seat, wanted), "fr", live.seat_name)
        thread = self.thread_of(live)
        payload = self.fd.autocomplete(
            game.key, self.people[who], self.guild, channel=thread, subcommand=slug, focused="choix", choix=label[:90]
        )
        await self.fd.interact(self.bot, payload)
        choices = self.fd.interaction_state(payload).choices or []
        value = f"{live.version}:{actions.index(wanted)}"
        assert value in [c["value"] for c in choices], (label, choices)
        return await self.slash(who, game.key, slug, channel=thread, choix=value)


@contextlib.asynccontextmanager
async def open_table(
    db_path: str | Path,
    names: tuple[str, ...] = ("Alice", "Bob"),
    *,
    transport: str = "inproc",
    locale: str = "fr",
    first_seed: int = 1,
) -> AsyncIterator[Table]:
    """A fake Discord with a guild of these people and a logged-in bot on a fresh database.

    Match seeds count up from `first_seed`, so what a test, the demo or the bench plays is reproducible.
    """
    async with FakeDiscord(transport) as fd:  # type: ignore[arg-type]
        people = {n: fd.add_user(n, locale) for n in names}
        guild = fd.add_guild(members=list(people.values()), name="Taverne", locale=locale)
        seeds = itertools.count(first_seed)
        bot = TavernierBot(database_path=str(db_path), ai_delay=0.0, seed_source=lambda: next(seeds))
        await start_bot(fd, bot, [guild])
        try:
            yield Table(fd, bot, guild, people)
        finally:
            await bot.close()
