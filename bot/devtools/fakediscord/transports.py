"""How the bot's requests reach the router: patched methods ("inproc") or a loopback server ("http").

Both seams of discord.py 2.7.1 are covered: ``HTTPClient.request`` (bot REST) and
``AsyncWebhookAdapter.request`` (every interaction callback and followup), see research §3.
"""

from __future__ import annotations

import asyncio
import http
import json
import mimetypes
import re
import urllib.parse
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, cast

import aiohttp
import discord
import discord.gateway
import discord.http
import yarl
from aiohttp import BodyPartReader, WSMsgType, web
from discord.webhook.async_ import AsyncWebhookAdapter

from .records import SentFile

if TYPE_CHECKING:
    from .core import FakeDiscord

API_PREFIX = "/api/v10"
JSON_HEADERS = {"Content-Type": "application/json"}  # exactly this: discord.py compares for equality


class _FakeResponse:
    """Just what discord.HTTPException reads from an aiohttp response."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = http.HTTPStatus(status).phrase
        self.headers: dict[str, str] = {}


def raise_for(status: int, body: Any) -> None:
    """Raise what discord.py raises for this non-2xx answer (never 5xx: the fake does not send them)."""
    response = cast(aiohttp.ClientResponse, _FakeResponse(status))  # the attributes discord.py reads
    if status == 403:
        raise discord.Forbidden(response, body)
    if status == 404:
        raise discord.NotFound(response, body)
    exc = discord.HTTPException(response, body)
    if isinstance(body, dict) and "retry_after" in body:
        setattr(exc, "retry_after", float(body["retry_after"]))  # noqa: B010 - as a 429 answer says
    raise exc


def _read_form(parts: Any, body: Any) -> tuple[Any, list[SentFile]]:
    """Decode discord.py's own multipart list: ``payload_json`` plus ``files[n]`` parts."""
    files: list[tuple[int, SentFile]] = []
    for part in parts or []:
        if part["name"] == "payload_json":
            body = json.loads(part["value"])
        elif "filename" in part:
            value = part["value"]
            data = value.read() if hasattr(value, "read") else bytes(value)
            index = re.search(r"\d+", part["name"])
            files.append(
                (
                    int(index.group()) if index else len(files),
                    SentFile(part["filename"], data, part.get("content_type") or "application/octet-stream"),
                )
            )
    return body, [f for _, f in sorted(files, key=lambda x: x[0])]


class Patches:
    """Remembers class attributes it replaced, to put them all back on exit."""

    def __init__(self) -> None:
        self._saved: list[tuple[Any, str, Any]] = []

    def set(self, owner: Any, name: str, value: Any) -> None:
        self._saved.append((owner, name, owner.__dict__[name]))
        setattr(owner, name, value)

    def restore(self) -> None:
        for owner, name, value in reversed(self._saved):
            setattr(owner, name, value)
        self._saved.clear()


def install_counting_wrappers(fake: FakeDiscord, patches: Patches) -> None:
    """In http mode, count requests in flight client-side so ``settle`` knows the bot is still talking."""
    for owner in (discord.http.HTTPClient, AsyncWebhookAdapter):
        original: Callable[..., Awaitable[Any]] = owner.request

        async def counted(*args: Any, __original: Callable[..., Awaitable[Any]] = original, **kwargs: Any) -> Any:
            fake._inflight += 1
            try:
                return await __original(*args, **kwargs)
            finally:
                fake._inflight -= 1

        patches.set(owner, "request", counted)


def install_inproc(fake: FakeDiscord, patches: Patches) -> None:
    """Replace the two request functions and the CDN fetch by calls into the router (no sockets)."""

    async def http_request(
        _http: Any, route: discord.http.Route, *, files: Any = None, form: Any = None, **kwargs: Any
    ) -> Any:
        return await fake._inproc_request(route, kwargs.get("json"), form, kwargs.get("params"))

    async def webhook_request(
        _adapter: Any,
        route: discord.http.Route,
        session: Any,
        *,
        payload: Any = None,
        multipart: Any = None,
        params: Any = None,
        **_: Any,
    ) -> Any:
        return await fake._inproc_request(route, payload, multipart, params)

    async def get_from_cdn(_http: Any, url: str) -> bytes:
        await asyncio.sleep(0)
        data = fake.world.cdn.get(url.split("?", 1)[0])
        if data is None:
            raise discord.NotFound(cast(aiohttp.ClientResponse, _FakeResponse(404)), "asset not found")
        return data

    patches.set(discord.http.HTTPClient, "request", http_request)
    patches.set(AsyncWebhookAdapter, "request", webhook_request)
    patches.set(discord.http.HTTPClient, "get_from_cdn", get_from_cdn)


def decode_inproc(
    route: discord.http.Route, payload: Any, form: Any, params: Any
) -> tuple[str, dict[str, str], Any, list[SentFile]]:
    """(path, query, json, files) of a request discord.py was about to send."""
    path = urllib.parse.unquote(route.url[len(discord.http.Route.BASE) :])
    # serialise like discord.py would: a payload that is not JSON-able must fail here too
    body = json.loads(discord.utils._to_json(payload)) if payload is not None else None
    body, files = _read_form(form, body)
    query = {k: str(v) for k, v in (params or {}).items()}
    return path, query, body, files


class GatewayConnection:
    """One bot connected to the fake gateway; sends plain-text frames (discord.py inflates binary only)."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.seq = 0
        self.shard = (0, 1)  # (shard id, shard count) it identified with

    def owns(self, guild_id: int | str | None) -> bool:
        """Whether Discord sends this guild's events to this connection: shard (guild_id >> 22) % count;
        events of no guild (DMs) go to shard 0."""
        shard_id, count = self.shard
        return (0 if guild_id is None else (int(guild_id) >> 22) % count) == shard_id

    async def send(self, payload: dict[str, Any]) -> None:
        await self.ws.send_str(json.dumps(payload))

    async def dispatch(self, event: str, data: Any) -> int:
        self.seq += 1
        await self.send({"op": 0, "t": event, "s": self.seq, "d": data})
        return self.seq


class HttpServer:
    """REST + CDN + gateway on 127.0.0.1:<random port>, all answered from the shared router."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.runner: web.AppRunner | None = None
        self.base = ""
        self.connections: list[GatewayConnection] = []

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self.handle)
        self.runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        port = self.runner.addresses[0][1]
        self.base = f"http://127.0.0.1:{port}"

    async def stop(self) -> None:
        for conn in list(self.connections):
            await conn.ws.close()
        if self.runner is not None:
            await self.runner.cleanup()

    @property
    def gateway_url(self) -> yarl.URL:
        return yarl.URL(self.base.replace("http://", "ws://") + "/gateway")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/gateway":
            return await self.gateway(request)
        if path.startswith("/cdn/"):
            data = self.fake.world.cdn.get(self.base + path)
            if data is None:
                return web.Response(status=404, text="not found")
            return web.Response(body=data, content_type=mimetypes.guess_type(path)[0] or "application/octet-stream")
        if not path.startswith(API_PREFIX):
            return self._json(404, {"code": 0, "message": f"FakeDiscord: not an API path {path}"})
        body: Any = None
        files: list[SentFile] = []
        try:
            if request.content_type == "multipart/form-data":
                body, files = await self._multipart(request)
            elif request.can_read_body:
                raw = await request.read()
                body = json.loads(raw) if raw else None
        except Exception as exc:  # a malformed body: Discord says 400, and the test must fail
            self.fake.errors.append(f"FakeDiscord: bad request body {request.method} {path}: {exc!r}")
            return self._json(400, {"code": 50109, "message": f"The request body contains invalid JSON: {exc}"})
        status, answer = self.fake.handle(request.method, path[len(API_PREFIX) :], dict(request.query), body, files)
        if status == 204 or answer is None:
            return web.Response(status=204)
        return self._json(status, answer)

    @staticmethod
    def _json(status: int, body: Any) -> web.Response:
        return web.Response(status=status, body=json.dumps(body).encode(), headers=JSON_HEADERS)

    @staticmethod
    async def _multipart(request: web.Request) -> tuple[Any, list[SentFile]]:
        reader = await request.multipart()
        body: Any = None
        files: list[tuple[int, SentFile]] = []
        async for part in reader:
            if not isinstance(part, BodyPartReader) or part.name is None:
                continue
            if part.name == "payload_json":
                body = json.loads(await part.text())
            elif part.filename:
                data = bytes(await part.read())
                index = re.search(r"\d+", part.name)
                content_type = part.headers.get("Content-Type", "application/octet-stream")
                files.append((int(index.group()) if index else len(files), SentFile(part.filename, data, content_type)))
        return body, [f for _, f in sorted(files, key=lambda x: x[0])]

    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = GatewayConnection(ws)
        self.connections.append(conn)
        try:
            await conn.send({"op": 10, "d": {"heartbeat_interval": 41250}})
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op = frame.get("op")
                self.fake.gateway_frames.append(frame)
                if op == 1:
                    await conn.send({"op": 11})
                elif op == 2:
                    self.fake.identify_payloads.append(frame["d"])
                    conn.shard = tuple(frame["d"].get("shard") or (0, 1))
                    await self._ready(conn)
                elif op == 6:
                    await conn.dispatch("RESUMED", {})
        finally:
            self.connections.remove(conn)
        return ws

    def connection_for(self, guild_id: int | str | None) -> GatewayConnection | None:
        """The newest connection that holds this guild's shard (a restarted process replaces its old one)."""
        return next((c for c in reversed(self.connections) if c.owns(guild_id)), None)

    async def _ready(self, conn: GatewayConnection) -> None:
        """READY (with the shard the bot identified as: AutoShardedBot reads it), then the guilds of that
        shard alone, as Discord does."""
        w = self.fake.world
        guilds = [g for g in w.guilds.values() if conn.owns(g["id"])]
        await conn.dispatch(
            "READY",
            {
                "v": 10,
                "user": w.bot_user,
                "guilds": [{"id": g["id"], "unavailable": True} for g in guilds],
                "session_id": "fakesession",
                "shard": list(conn.shard),
                "resume_gateway_url": str(self.gateway_url),
                "application": {"id": str(w.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "geo_ordered_rtc_regions": [],
            },
        )
        for guild in guilds:
            await conn.dispatch("GUILD_CREATE", guild)
