"""A table of simulated people in front of the real bot and the fake Discord.

Used by the demo, the bench and the interaction tests: people type slash commands and click the
buttons the bot posted, exactly as a Discord client would send them.
"""

from __future__ import annotations

import contextlib
import itertools
import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any, Literal

from bot.ai import fallback_agent
from bot.app import TavernierBot
from bot.engine import ANY, Rng, game_def
from bot.services import LiveMatch

from .fakediscord import FakeDiscord, start_bot

JSON = dict[str, Any]
#: Components of a private menu on its way to a move (see cogs/components.py).
MENU_PREFIXES = ("tv:x:", "tv:v:", "tv:d:", "tv:m:", "tv:g:", "tv:ok:")


def walk_components(components: list[JSON]) -> Iterator[JSON]:
    for c in components or []:
        yield c
        yield from walk_components(c.get("components") or [])


def custom_ids(message: JSON) -> list[str]:
    return [c["custom_id"] for c in walk_components(message.get("components") or []) if "custom_id" in c]


def random_menu_click(fd: FakeDiscord, menu: JSON, who: JSON, guild: JSON | None, rng: Rng) -> tuple[JSON, bool] | None:
    """A person who clicks anything the private menu offers (its Confirm first): the interaction, and
    whether it plays a move (a move's button, or an entry of the menu of moves). None: not a menu."""
    from bot.engine.rng import choice

    ids = custom_ids(menu)
    confirm = next((c for c in ids if c.startswith("tv:ok:")), None)
    if confirm:
        return fd.component(menu, confirm, who, guild), True
    buttons = [c for c in ids if c.startswith(("tv:x:", "tv:v:", "tv:d:"))]
    if buttons:
        pick = choice(rng, buttons)
        return fd.component(menu, pick, who, guild), pick.startswith("tv:x:")
    select = next(
        (
            c
            for c in walk_components(menu.get("components") or [])
            if c.get("custom_id", "").startswith(("tv:m:", "tv:g:"))
        ),
        None,
    )
    if select is None:
        return None
    value = choice(rng, [o["value"] for o in select["options"]])
    return fd.component(menu, select["custom_id"], who, guild, values=[value]), select["custom_id"].startswith("tv:m:")


def move_of(payload: JSON) -> tuple[int | None, str]:
    """The version a menu click was made at and the move's code, when the click plays a move."""
    data = payload["data"]
    custom_id = data["custom_id"]
    parts = custom_id.split(":", 4)
    if custom_id.startswith("tv:x:") and len(parts) == 5:
        return int(parts[3]), parts[4]
    if custom_id.startswith("tv:m:") and len(parts) == 4 and data.get("values"):
        value = data["values"][0]
        return (int(parts[3]), value) if "~" in value and not value.startswith("!") else (None, value)
    return None, ""


class Table:
    """One guild, one text channel, the bot, and the people sitting at the table."""

    def __init__(self, fd: FakeDiscord, bot: TavernierBot, guild: JSON, people: dict[str, JSON]) -> None:
        self.fd, self.bot, self.guild, self.people = fd, bot, guild, people
        self.channel = fd.text_channel(guild)
        #: How long the last click took, from INTERACTION_CREATE to the last request it caused (the bench).
        self.last_click_ms = 0.0

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
        start = time.perf_counter()
        calls = await self.fd.interact(self.bot, payload)
        self.last_click_ms = (time.perf_counter() - start) * 1000
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
            if not self.service.busy():
                break
        self.fd.check()

    # -- finding --------------------------------------------------------------------------------
    def thread_of(self, live: LiveMatch) -> JSON:
        assert live.rec.thread_id is not None, "the match has no thread"
        return self.fd.channels[live.rec.thread_id]

    def last_with(self, channel: JSON | int, prefix: str | tuple[str, ...]) -> JSON:
        for message in reversed(self.fd.messages(channel)):
            if any(cid.startswith(prefix) for cid in custom_ids(message)):
                return message
        raise AssertionError(f"no message with a {prefix} component")

    def live_matches(self) -> list[LiveMatch]:
        return self.service.loaded()

    # -- playing a seat with a policy -----------------------------------------------------------
    def policy_move(self, live: LiveMatch, seat: int, rng: Rng) -> Any:
        """The move a simulated person plays for this seat (the greedy player), from that seat's view."""
        return fallback_agent(live.game, "easy").choose(live.game, live.game.view(live.state, seat), seat, rng)

    async def play_turn(self, who: str, live: LiveMatch, rng: Rng) -> Any:
        """Open the private menu from the thread and play the policy's move through it."""
        seat = live.seat_of(int(self.people[who]["id"]))
        assert seat is not None
        wanted = self.policy_move(live, seat.seat, rng)
        thread = self.thread_of(live)
        await self.click(who, self.last_with(thread, f"tv:act:{live.id}"), f"tv:act:{live.id}")
        return await self.choose_in_menu(who, live, seat.seat, wanted)

    async def choose_in_menu(self, who: str, live: LiveMatch, seat: int, wanted: Any) -> Any:
        """Follow the private menu to `wanted`: its group first, its button or option by value, Confirm."""
        menu = self.last_with(self.thread_of(live), MENU_PREFIXES)  # not a learning match's introduction after it
        code = live.game.encode_action(wanted)
        calls: Any = None
        for _ in range(6):
            menu = self.fd.message(menu["id"]) or menu
            ids = custom_ids(menu)
            if not any(c.startswith(MENU_PREFIXES) for c in ids):
                return calls  # the menu became the confirmation
            confirm = next((c for c in ids if c.startswith(f"tv:ok:{live.id}:")), None)
            target = confirm or next((c for c in ids if self._names(live, c, code, wanted)), None)
            if target is not None:
                calls = await self.click(who, menu, target)
                continue
            calls = await self._pick_option(who, live, seat, menu, wanted, code)
        raise AssertionError("the menu never reached the move")

    async def _pick_option(self, who: str, live: LiveMatch, seat: int, menu: JSON, wanted: Any, code: str) -> Any:
        for component in walk_components(menu.get("components") or []):
            cid = component.get("custom_id", "")
            values = [o["value"] for o in component.get("options") or []]
            if cid.startswith(f"tv:m:{live.id}:"):
                value = next((v for v in values if self._token_names(live, v, code, wanted)), None)
                if value is not None:
                    return await self.click(who, menu, cid, values=[value])
            if cid.startswith(f"tv:g:{live.id}:"):
                return await self.click(who, menu, cid, values=[self._group_key(live, seat, wanted, values, code)])
        raise AssertionError(f"the menu does not offer {code}: {custom_ids(menu)}")

    def _names(self, live: LiveMatch, custom_id: str, code: str, wanted: Any) -> bool:
        """Whether a button stands for `wanted` (by value, or by a draft holding it)."""
        if custom_id.startswith((f"tv:x:{live.id}:", f"tv:v:{live.id}:")):
            return custom_id.split(":", 4)[4] == code
        if custom_id.startswith(f"tv:d:{live.id}:"):
            draft = self.service.drafts.get(custom_id.rsplit(":", 1)[1])
            return draft is not None and draft.action == wanted
        return False

    def _token_names(self, live: LiveMatch, token: str, code: str, wanted: Any) -> bool:
        if token.startswith("@"):
            draft = self.service.drafts.get(token[1:])
            return draft is not None and draft.action == wanted
        return token.lstrip("!") == code

    def _group_key(self, live: LiveMatch, seat: int, wanted: Any, values: list[str], code: str) -> str:
        for value in values:
            if value.startswith("=") and self._token_names(live, value[1:], code, wanted):
                return value
        choice = next(c for c in self.service.choices(live, seat, ANY) if c.action == wanted)
        assert choice.group_key in values, (choice.group_key, values)
        return choice.group_key

    async def new_match_against_ai(self, who: str, game: str) -> LiveMatch:
        """`/partie nouvelle jeu:<game> ia:True`, then Start: a match against the AI, under way."""
        await self.slash(who, "partie", "nouvelle", jeu=game, ia=True)
        live = self.live_matches()[-1]
        start = f"tv:start:{live.id}"
        await self.click(who, self.last_with(self.thread_of(live), start), start)
        return live

    async def play_against_ai(
        self, who: str, live: LiveMatch, rng: Rng, *, moves: int, after_move: Callable[[], None] | None = None
    ) -> int:
        """Play `who`'s turns (seat 0) with the game's agent while the AI answers, up to `moves` moves;
        returns how many were played (fewer when the match ends or nobody can act)."""
        done = 0
        while live.rec.status == "active" and done < moves:
            if 0 not in live.to_act():
                await self.idle()
                if 0 not in live.to_act():
                    break  # the end, or a stuck match
                continue
            await self.play_turn(who, live, rng)
            done += 1
            if after_move is not None:
                after_move()
        return done

    async def play_turn_by_command(self, who: str, live: LiveMatch, rng: Rng) -> Any:
        """Play the policy's move with `/<game> <family> choix:`, picking it from the autocomplete."""
        from bot.i18n import localize

        seat = live.seat_of(int(self.people[who]["id"]))
        assert seat is not None
        game = live.game
        wanted = self.policy_move(live, seat.seat, rng)
        slug = next(s for s, kinds in game.families.items() if wanted.kind in kinds)
        label = localize(game.describe_action(live.state, seat.seat, wanted), "fr", live.seat_name)
        thread = self.thread_of(live)
        command = game_def(game.key).command
        payload = self.fd.autocomplete(
            command, self.people[who], self.guild, channel=thread, subcommand=slug, focused="choix", choix=label[:90]
        )
        await self.fd.interact(self.bot, payload)
        choices = self.fd.interaction_state(payload).choices or []
        code = game.encode_action(wanted)
        value = next(
            (c["value"] for c in choices if self._token_names(live, c["value"].split(":", 1)[1], code, wanted)), None
        )
        assert value is not None, (label, choices)
        calls = await self.slash(who, command, slug, channel=thread, choix=value)
        preview = self._last_preview(live)
        if preview is not None:
            return await self.click(who, preview, next(c for c in custom_ids(preview) if c.startswith("tv:ok:")))
        return calls

    def _last_preview(self, live: LiveMatch) -> JSON | None:
        try:
            message = self.last_with(self.thread_of(live), f"tv:ok:{live.id}:")
        except AssertionError:
            return None
        return message if self.service.drafts.get(custom_ids(message)[0].rsplit(":", 1)[1]) else None


def on_given_database(db_path: str | Path, store_options: dict[str, Any] | None) -> tuple[str, dict[str, Any] | None]:
    """Where a table's bot keeps its matches: the database it was given. The Discord tests replace this
    to run a module's tables on PostgreSQL too (tests/discord/conftest.py), the same path always
    reaching the same database (a bot started again finds its matches)."""
    return str(db_path), store_options


database_of_table = on_given_database


def table_bot(db_path: str | Path, store_options: dict[str, Any] | None = None, **kwargs: Any) -> TavernierBot:
    """The bot of a table (or the same bot started again) on the table's database."""
    database, options = database_of_table(db_path, store_options)
    return TavernierBot(database_path=database, store_options=options, **kwargs)


@contextlib.asynccontextmanager
async def open_table(
    db_path: str | Path,
    names: tuple[str, ...] = ("Alice", "Bob"),
    *,
    transport: Literal["inproc", "http"] = "inproc",
    locale: str = "fr",
    first_seed: int = 1,
    app_permissions: int | None = None,
    pace: Any = None,
    clock: Any = None,
    ai_level: str | None = "easy",
    store_options: dict[str, Any] | None = None,
) -> AsyncIterator[Table]:
    """A fake Discord with a guild of these people and a logged-in bot on a fresh database: a SQLite
    file's path, or a PostgreSQL URL with `store_options={"schema": ...}` of its own.

    Match seeds count up from `first_seed`, so what a test, the demo or the bench plays is reproducible.
    People here click far faster than anyone does: Discord's posting pace is lifted unless `pace` is given.
    AI seats play `ai_level` (easy, the greedy player, keeps tests quick; None: each seat's own level).
    """
    from cogs.pacing import NoPace

    fake_options: dict[str, Any] = {} if app_permissions is None else {"app_permissions": app_permissions}
    async with FakeDiscord(transport, **fake_options) as fd:
        people = {n: fd.add_user(n, locale) for n in names}
        guild = fd.add_guild(members=list(people.values()), name="Taverne", locale=locale)
        seeds = itertools.count(first_seed)
        bot = table_bot(
            db_path,
            store_options,
            ai_delay=0.0,
            ai_level=ai_level,
            seed_source=lambda: next(seeds),
            thread_pace=pace or NoPace(),
            **({"clock": clock} if clock is not None else {}),
        )
        await start_bot(fd, bot, [guild])
        try:
            yield Table(fd, bot, guild, people)
        finally:
            await bot.close()
