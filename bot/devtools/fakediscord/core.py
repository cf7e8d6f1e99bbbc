"""``FakeDiscord``: an in-process fake of Discord that drives discord.py's real code paths.

Tests build a world (users, guilds), log a real ``commands.Bot`` in, feed it interactions and
assert on the REST calls it made. Errors that discord.py would only log (a crashing command,
a view callback) and calls to routes the fake does not know make the test fail.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Literal, cast

import discord
import discord.gateway
import discord.http

from .interactions import InteractionBuilders
from .model import DEFAULT_APP_PERMISSIONS, JSON, InteractionRecord, World
from .records import Call, CallList, ErrorCollector, SentFile, append_record
from .router import Router
from .transports import HttpServer, Patches, decode_inproc, install_counting_wrappers, install_inproc, raise_for

INPROC_BASE = "https://fakediscord.invalid/api/v10"
#: Tasks discord.py starts to run an interaction or an event; settle() awaits them.
DISPATCH_TASK_PREFIXES = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-modal-dispatch-",
    "discord-ui-dynamic-item-",
    "discord.py: on_",
)


@dataclass(slots=True)
class Fault:
    """A Discord error the fake answers instead of serving a request (see `FakeDiscord.fail`)."""

    method: str
    path: re.Pattern[str]
    status: int
    code: int
    message: str
    times: int | None
    retry_after: float | None = None
    hits: int = 0


class FakeDiscord(InteractionBuilders):
    """A fake Discord (REST, webhooks, CDN and, over HTTP, the gateway) for one test.

    ``transport="inproc"`` patches discord.py's request functions (fast, no sockets);
    ``transport="http"`` serves everything on 127.0.0.1 (real multipart, real websocket).
    Both patch process-global state: use one FakeDiscord at a time per process.
    """

    def __init__(
        self,
        transport: Literal["inproc", "http"] = "inproc",
        *,
        bot_name: str = "Tavernier",
        strict_sync: bool = True,
        app_permissions: int = DEFAULT_APP_PERMISSIONS.value,
        error_loggers: tuple[str, ...] = ("discord", "tavernier"),
        settle_timeout: float = 5.0,
    ) -> None:
        if transport not in ("inproc", "http"):
            raise ValueError(f"unknown transport {transport!r}")
        self.transport = transport
        self.strict_sync = strict_sync
        self.app_permissions = app_permissions
        self.settle_timeout = settle_timeout
        self.world = World(bot_name=bot_name)
        self.router = Router(self.world)
        self.calls: list[Call] = []
        self._collector = ErrorCollector(error_loggers)
        self.errors: list[str] = self._collector.errors
        self.identify_payloads: list[JSON] = []
        self.gateway_frames: list[JSON] = []
        self._allowed_errors: list[re.Pattern[str]] = []
        self.faults: list[Fault] = []
        #: Discord's per-channel posting limit, when a test or the bench asks for it: (posts, seconds).
        self.channel_rate: tuple[int, float] | None = None
        self._channel_posts: dict[str, list[float]] = {}
        self._inflight = 0
        self._bots: list[discord.Client] = []  # login-mode bots: gateway events are parsed in-process
        self._patches = Patches()
        self._server: HttpServer | None = None
        self._call_event = asyncio.Event()
        self._saved_globals: tuple[str, Any] | None = None

    # lifecycle ------------------------------------------------------------------------------
    async def __aenter__(self) -> FakeDiscord:
        self._saved_globals = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        self._collector.install()
        try:
            if self.transport == "http":
                self._server = HttpServer(self)
                await self._server.start()
                discord.http.Route.BASE = self._server.base + "/api/v10"
                discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._server.gateway_url
                self.world.cdn_base = self._server.base + "/cdn"
                self.world.gateway_url = str(self._server.gateway_url)
                install_counting_wrappers(self, self._patches)
            else:
                discord.http.Route.BASE = INPROC_BASE
                install_inproc(self, self._patches)
        except BaseException:
            await self._restore()
            raise
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        try:
            await self._close_bots()
        finally:
            await self._restore()
        if exc_type is None:
            self.check()

    async def _close_bots(self) -> None:
        """Close every bot logged in here that is still open (a bot a test started again and left):
        an open bot keeps its database's threads alive, and the test process would never exit."""
        for bot in self._bots:
            if not bot.is_closed():
                await bot.close()

    async def _restore(self) -> None:
        try:
            if self._server is not None:
                await self._server.stop()
        finally:
            self._patches.restore()
            if self._saved_globals is not None:
                discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved_globals
            self._collector.uninstall()

    # the world ------------------------------------------------------------------------------
    def add_user(self, name: str, locale: str = "fr", permissions: int | None = None) -> JSON:
        """A user (JSON as Discord sends it); ``locale`` is what their interactions will carry;
        ``permissions`` theirs in a guild (default: an ordinary member's, no moderation right)."""
        return self.world.add_user(name, locale, permissions)

    def grant(self, user: JSON, permissions: int) -> None:
        """Give a member these permissions in every guild (e.g. MODERATOR_PERMISSIONS)."""
        self.world.member_permissions[int(user["id"])] = permissions

    def add_role(self, guild: JSON, name: str) -> JSON:
        """A role of the guild (no permission of its own), told to the running bots (GUILD_ROLE_CREATE)."""
        role: JSON = {
            **guild["roles"][0],
            "id": str(self.world.snowflake()),
            "name": name,
            "position": len(guild["roles"]),
            "permissions": "0",
        }
        guild["roles"].append(role)
        self.emit("GUILD_ROLE_CREATE", {"guild_id": guild["id"], "role": role})
        return role

    def give_role(self, guild: JSON, user: JSON, role: JSON) -> None:
        """The member has this role from their next interaction on (its payload lists their roles)."""
        member = self.world.member_of(guild, user)
        assert member is not None, f"{user['username']} is not a member of guild {guild['name']}"
        member["roles"] = [*member["roles"], role["id"]]

    # faults ---------------------------------------------------------------------------------
    def fail(
        self,
        method: str,
        path_regex: str,
        status: int,
        code: int,
        message: str = "",
        *,
        times: int | None = None,
        retry_after: float | None = None,
    ) -> Fault:
        """Answer matching requests with a Discord error (e.g. 403 50013, 404 10003, 429) instead of
        serving them; `times=None` until `clear_faults`. A 429 carries `retry_after` (keep it tiny)."""
        fault = Fault(method, re.compile(path_regex), status, code, message or f"fault {code}", times, retry_after)
        self.faults.append(fault)
        return fault

    def clear_faults(self) -> None:
        self.faults.clear()

    def add_guild(
        self,
        members: list[JSON] | tuple[JSON, ...] = (),
        name: str = "Taverne",
        locale: str = "fr",
        channels: list[str] | tuple[str, ...] = ("general",),
    ) -> JSON:
        """A guild with these members (plus the bot) and text channels; the dict is its GUILD_CREATE."""
        return self.world.add_guild(members, name=name, locale=locale, channels=channels)

    def add_text_channel(self, guild: JSON, name: str) -> JSON:
        return self.world.add_text_channel(guild, name, position=len(guild["channels"]))

    def text_channel(self, guild: JSON, name: str | None = None) -> JSON:
        """The guild's first text channel, or the one with that name."""
        return next(c for c in guild["channels"] if c["type"] == 0 and name in (None, c["name"]))

    @property
    def bot_user(self) -> JSON:
        return self.world.bot_user

    @property
    def application_id(self) -> int:
        return self.world.application_id

    @property
    def guilds(self) -> list[JSON]:
        return list(self.world.guilds.values())

    @property
    def channels(self) -> dict[int, JSON]:
        """Every channel by id: guild text channels, threads and DM channels."""
        return self.world.channels

    def close_dms(self, user: JSON) -> None:
        """The user refuses DMs: sending to their DM channel answers 403 code 50007."""
        self.world.closed_dms.add(int(user["id"]))

    def open_dms(self, user: JSON) -> None:
        self.world.closed_dms.discard(int(user["id"]))

    def dm_channel_of(self, user: JSON) -> JSON | None:
        """The DM channel the bot opened with this user, if any."""
        cid = self.world.dm_channels.get(int(user["id"]))
        return self.world.channels[cid] if cid else None

    def messages(self, channel: JSON | int | str, *, include_ephemeral: bool = True) -> list[JSON]:
        """Current messages of a channel (guild, thread or DM), oldest first."""
        cid = int(channel["id"]) if isinstance(channel, dict) else int(channel)
        found = list(self.world.messages.get(cid, {}).values())
        return found if include_ephemeral else [m for m in found if not m["flags"] & 64]

    def message(self, message_id: int | str) -> JSON | None:
        return self.world.find_message(int(message_id))

    def interaction_state(self, payload: JSON) -> InteractionRecord:
        """What the fake knows of a built interaction: response type, autocomplete choices, modal."""
        return self.world.interactions[int(payload["id"])]

    def commands(self, guild: JSON | None = None) -> list[JSON]:
        """The commands synced globally, or for that guild."""
        return self.world.commands.get(int(guild["id"]) if guild else None, [])

    # requests -------------------------------------------------------------------------------
    def handle(
        self, method: str, path: str, query: dict[str, str], body: Any, files: list[SentFile]
    ) -> tuple[int, Any]:
        """Answer one REST request (both transports come here) and record it."""
        call = Call(method, path, query, body, files)
        try:
            answer = (
                self._fault(method, path)
                or self._rate_limited(method, path)
                or self.router.dispatch(method, path, query, body, files)
            )
            if answer is None:
                message = f"FakeDiscord: unhandled route {method} {path}"
                self.errors.append(message)
                answer = (404, {"code": 0, "message": message})
        except Exception as exc:  # never a 5xx: discord.py would retry it for seconds
            message = f"FakeDiscord: {method} {path} failed: {type(exc).__name__}: {exc}"
            self.errors.append(message)
            answer = (400, {"code": 0, "message": message})
        call.status, body_out = answer
        if call.status == 201 and re.fullmatch(r"/channels/\d+(/messages/\d+)?/threads", path):
            self.emit("THREAD_CREATE", {**body_out, "newly_created": True})  # Discord tells the bot too
        call.response = json.loads(json.dumps(body_out)) if body_out is not None else None
        self.calls.append(call)
        append_record(call)
        self._call_event.set()
        self._call_event = asyncio.Event()
        return call.status, body_out

    def _fault(self, method: str, path: str) -> tuple[int, Any] | None:
        for fault in self.faults:
            if fault.method == method and fault.path.fullmatch(path) and fault.times != 0:
                if fault.times is not None:
                    fault.times -= 1
                fault.hits += 1
                body: JSON = {"code": fault.code, "message": fault.message}
                if fault.retry_after is not None:
                    body.update(retry_after=fault.retry_after, global_=False)
                return fault.status, body
        return None

    def _rate_limited(self, method: str, path: str) -> tuple[int, Any] | None:
        """Discord's per-channel limit on new messages (when `channel_rate` is set): 429 with retry_after."""
        match = re.fullmatch(r"/channels/(\d+)/messages", path)
        if self.channel_rate is None or method != "POST" or match is None:
            return None
        posts, window = self.channel_rate
        now = time.monotonic()
        recent = [t for t in self._channel_posts.get(match[1], []) if t > now - window]
        if len(recent) >= posts:
            self._channel_posts[match[1]] = recent
            retry = round(recent[0] + window - now, 3)
            return 429, {"message": "You are being rate limited.", "retry_after": retry, "global": False}
        self._channel_posts[match[1]] = [*recent, now]
        return None

    async def _inproc_request(self, route: discord.http.Route, payload: Any, form: Any, params: Any) -> Any:
        self._inflight += 1
        try:
            await asyncio.sleep(0)  # a real request yields to the loop too
            path, query, body, files = decode_inproc(route, payload, form, params)
            status, answer = self.handle(route.method, path, query, body, files)
            answer = json.loads(json.dumps(answer)) if answer is not None else ""
            if 200 <= status < 300:
                return answer
            raise_for(status, answer)
        finally:
            self._inflight -= 1

    # finding calls --------------------------------------------------------------------------
    def find(self, method: str, path_regex: str) -> list[Call]:
        """Calls with this method whose path fully matches the regex."""
        return CallList(self.calls).find(method, path_regex)

    def one(self, method: str, path_regex: str) -> Call:
        """The only matching call (AssertionError otherwise)."""
        return CallList(self.calls).one(method, path_regex)

    async def wait_call(self, method: str, path_regex: str, *, timeout: float = 1.0, count: int = 1) -> Call:
        """Wait until ``count`` matching calls were made (for work the bot does in its own tasks)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            found = self.find(method, path_regex)
            if len(found) >= count:
                return found[count - 1]
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(f"no {method} {path_regex} (x{count}) within {timeout}s; calls: {self.calls}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._call_event.wait(), remaining)

    # driving --------------------------------------------------------------------------------
    def allow_errors(self, pattern: str) -> None:
        """Logged errors matching this regex do not fail the test (e.g. testing the bot's error handler)."""
        self._allowed_errors.append(re.compile(pattern))

    def check(self) -> None:
        """Fail if discord.py (or the bot) logged an ERROR, or the bot called an unknown route."""
        errors = [e for e in self.errors if not any(p.search(e) for p in self._allowed_errors)]
        self.errors.clear()
        if errors:
            raise AssertionError(
                "FakeDiscord caught errors (logged ERRORs / unhandled routes):\n  " + "\n  ".join(errors)
            )

    async def settle(self, timeout: float | None = None) -> None:
        """Run the loop until discord.py's dispatch tasks are done and no request is in flight."""
        timeout = timeout or self.settle_timeout
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        me = asyncio.current_task()
        quiet_needed = 3 if self.transport == "inproc" else 6
        quiet = 0
        while quiet < quiet_needed:
            pending = [
                t
                for t in asyncio.all_tasks()
                if t is not me and not t.done() and t.get_name().startswith(DISPATCH_TASK_PREFIXES)
            ]
            if loop.time() > deadline:
                names = [t.get_name() for t in pending]
                raise AssertionError(
                    f"FakeDiscord.settle: still busy after {timeout}s "
                    f"(tasks {names}, {self._inflight} requests in flight)"
                )
            if pending:
                await asyncio.wait(pending, timeout=max(0.0, deadline - loop.time()))
                quiet = 0
                continue
            before = len(self.calls)
            await asyncio.sleep(0)
            quiet = 0 if self._inflight or len(self.calls) != before else quiet + 1

    async def _wait_until(self, predicate: Callable[[], bool], timeout: float, what: str) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        spins = 0
        while not predicate():
            if loop.time() > deadline:
                raise AssertionError(f"FakeDiscord: timed out waiting for {what}")
            spins += 1
            await asyncio.sleep(0 if spins < 100 else 0.001)

    async def gateway_dispatch(self, event: str, data: JSON) -> int:
        """Send a DISPATCH event to the connected bot that holds its guild's shard (the most recent one);
        returns its sequence number. With several processes, a guild whose shard is down raises."""
        if self._server is None or not self._server.connections:
            raise RuntimeError("no bot is connected to the fake gateway (transport='http' and connect_bot())")
        conn = self._server.connection_for(data.get("guild_id"))
        if conn is None:
            raise RuntimeError(f"no bot holds the shard of guild {data.get('guild_id')}")
        return await conn.dispatch(event, data)

    def emit(self, event: str, data: JSON) -> None:
        """Deliver a gateway DISPATCH event to the running bots, as Discord does after some REST calls.

        Bots logged in with ``start_bot`` parse it in-process; bots on the fake gateway get a frame.
        """
        for bot in self._bots:
            if not bot.is_closed():
                bot._connection.parsers[event](json.loads(json.dumps(data)))
        if self._server is not None and self._server.connections:
            self._inflight += 1  # settle() waits until it is sent
            asyncio.get_running_loop().create_task(self._broadcast(event, data), name="fakediscord-gateway-event")

    async def _broadcast(self, event: str, data: JSON) -> None:
        try:
            assert self._server is not None
            whole_guild = event in ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE")
            guild_id = data.get("id") if whole_guild else data.get("guild_id")
            for conn in list(self._server.connections):
                if guild_id is None or conn.owns(guild_id):
                    await conn.dispatch(event, data)
        finally:
            self._inflight -= 1

    async def interact(self, bot: discord.Client, payload: JSON, *, via_gateway: bool = False) -> CallList:
        """Deliver an interaction, let the bot answer, fail on errors; returns the calls it made."""
        start = len(self.calls)
        if via_gateway:
            seq = await self.gateway_dispatch("INTERACTION_CREATE", payload)
            await self._wait_until(
                lambda: _sequence(bot) >= seq,
                self.settle_timeout,
                "the bot to receive the interaction",
            )
        else:
            bot._connection.parse_interaction_create(cast(Any, json.loads(json.dumps(payload))))
        await self.settle()
        self.check()
        return CallList(self.calls[start:])

    def guild_create(self, guild: JSON) -> JSON:
        """A copy of the guild's current GUILD_CREATE payload (with threads created since)."""
        return copy.deepcopy(guild)


async def start_bot(fd: FakeDiscord, bot: discord.Client, guilds: list[JSON] | None = None) -> discord.Client:
    """Real ``login`` (bot.user, application_id, setup_hook, tree.sync) then GUILD_CREATE for each guild.

    No gateway: fast, works with both transports. The guilds default to all the fake's guilds.
    """
    await bot.login("fake-token")
    fd._bots.append(bot)
    for guild in fd.guilds if guilds is None else guilds:
        bot._connection.parse_guild_create(cast(Any, fd.guild_create(guild)))
    await fd.settle()
    fd.check()
    return bot


async def connect_bot(fd: FakeDiscord, bot: discord.Client, *, timeout: float = 5.0) -> asyncio.Task[None]:
    """``bot.start()`` against the fake gateway (http transport) until on_ready; returns the task.

    Create the bot with a small ``guild_ready_timeout`` or on_ready waits 2 s. Stop with ``bot.close()``.
    """
    if fd.transport != "http":
        raise RuntimeError("connect_bot needs FakeDiscord('http'): the gateway is a real websocket")
    task = asyncio.create_task(bot.start("fake-token"), name="fakediscord-bot-start")
    await fd._wait_until(lambda: bot.is_ready() or task.done(), timeout, "on_ready")
    if task.done():
        task.result()
        raise AssertionError("bot.start() returned before the bot was ready")
    await fd.settle()
    fd.check()
    return task


def _sequence(bot: discord.Client) -> int:
    """The last gateway sequence the bot saw (AutoShardedClient keeps its sockets per shard)."""
    ws = getattr(bot, "ws", None)
    if ws is None:
        shards = getattr(bot, "_AutoShardedClient__shards", {}) or {}
        ws = next((s.ws for s in shards.values()), None)
    return int(getattr(ws, "sequence", 0) or 0) if ws is not None else 0
