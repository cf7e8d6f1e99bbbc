"""The fake REST API: maps (method, path) to handlers that answer as Discord API v10 does.

Both transports feed this one router, so a test sees the same answers in-process and over HTTP.
Discord's own error answers (403 50007, 404 10008, 400 40060, ...) are returned as Discord would;
an unknown route is a 404 *and* a test failure (see ``FakeDiscord``).
"""

from __future__ import annotations

import copy
import re
import time
from collections.abc import Callable
from typing import Any

from .model import JSON, InteractionRecord, World
from .records import SentFile

Answer = tuple[int, Any]  # (HTTP status, JSON body or None for 204)
Handler = Callable[..., Answer]

# Discord error answers, as (status, code, message)
UNKNOWN_CHANNEL = (404, 10003, "Unknown Channel")
UNKNOWN_MESSAGE = (404, 10008, "Unknown Message")
UNKNOWN_USER = (404, 10013, "Unknown User")
UNKNOWN_WEBHOOK = (404, 10015, "Unknown Webhook")
UNKNOWN_INTERACTION = (404, 10062, "Unknown interaction")
ALREADY_ACKNOWLEDGED = (400, 40060, "Interaction has already been acknowledged.")
CANNOT_DM = (403, 50007, "Cannot send messages to this user")
NOT_AUTHOR = (403, 50005, "Cannot edit a message authored by another user")


def discord_error(error: tuple[int, int, str], **errors: str) -> Answer:
    status, code, message = error
    body: JSON = {"code": code, "message": message}
    if errors:
        body["errors"] = {k: {"_errors": [{"code": "BASE_TYPE_INVALID", "message": v}]} for k, v in errors.items()}
    return status, body


def invalid_form(**errors: str) -> Answer:
    return discord_error((400, 50035, "Invalid Form Body"), **errors)


def check_message_body(body: JSON) -> Answer | None:
    """The message limits Discord enforces (docs/discord-limits.md), answered as 400 50035."""
    if len(body.get("content") or "") > 2000:
        return invalid_form(content="Must be 2000 or fewer in length.")
    embeds = body.get("embeds") or []
    if len(embeds) > 10:
        return invalid_form(embeds="Must be 10 or fewer in length.")
    total = 0
    for embed in embeds:
        if len(embed.get("title") or "") > 256 or len(embed.get("description") or "") > 4096:
            return invalid_form(embeds="Embed title or description too long.")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            return invalid_form(embeds="Must be 25 or fewer fields.")
        total += len(embed.get("title") or "") + len(embed.get("description") or "")
        total += sum(len(f.get("name", "")) + len(f.get("value", "")) for f in fields)
    if total > 6000:
        return invalid_form(embeds="Embed size exceeds maximum size of 6000")
    if not int(body.get("flags") or 0) & 32768 and len(body.get("components") or []) > 5:
        return invalid_form(components="Must be 5 or fewer in length.")
    if len(body.get("attachments") or []) > 10:
        return invalid_form(attachments="Must be 10 or fewer in length.")
    return None


class Router:
    """Dispatches a request to the matching handler; ``None`` means "unhandled route"."""

    def __init__(self, world: World) -> None:
        self.w = world
        snowflake, token = r"(\d+)", r"([^/]+)"
        table: list[tuple[str, str, Handler]] = [
            ("GET", r"/users/@me", self.get_me),
            ("GET", r"/oauth2/applications/@me", self.get_application),
            ("GET", rf"/users/{snowflake}", self.get_user),
            ("GET", r"/gateway", self.get_gateway),
            ("GET", r"/gateway/bot", self.get_gateway),
            ("POST", r"/users/@me/channels", self.create_dm),
            ("GET", rf"/applications/{snowflake}/commands", self.get_commands),
            ("PUT", rf"/applications/{snowflake}/commands", self.put_commands),
            ("GET", rf"/applications/{snowflake}/guilds/{snowflake}/commands", self.get_commands),
            ("PUT", rf"/applications/{snowflake}/guilds/{snowflake}/commands", self.put_commands),
            ("GET", rf"/channels/{snowflake}", self.get_channel),
            ("PATCH", rf"/channels/{snowflake}", self.patch_channel),
            ("GET", rf"/channels/{snowflake}/messages", self.get_history),
            ("POST", rf"/channels/{snowflake}/messages", self.post_message),
            ("GET", rf"/channels/{snowflake}/messages/{snowflake}", self.get_message),
            ("PATCH", rf"/channels/{snowflake}/messages/{snowflake}", self.patch_message),
            ("DELETE", rf"/channels/{snowflake}/messages/{snowflake}", self.delete_message),
            ("POST", rf"/channels/{snowflake}/threads", self.create_thread),
            ("POST", rf"/channels/{snowflake}/messages/{snowflake}/threads", self.create_thread),
            ("PUT", rf"/channels/{snowflake}/messages/pins/{snowflake}", self.pin),
            ("DELETE", rf"/channels/{snowflake}/messages/pins/{snowflake}", self.unpin),
            ("PUT", rf"/channels/{snowflake}/pins/{snowflake}", self.pin),
            ("DELETE", rf"/channels/{snowflake}/pins/{snowflake}", self.unpin),
            ("POST", rf"/interactions/{snowflake}/{token}/callback", self.callback),
            ("POST", rf"/webhooks/{snowflake}/{token}", self.followup),
            ("GET", rf"/webhooks/{snowflake}/{token}/messages/([^/]+)", self.get_webhook_message),
            ("PATCH", rf"/webhooks/{snowflake}/{token}/messages/([^/]+)", self.patch_webhook_message),
            ("DELETE", rf"/webhooks/{snowflake}/{token}/messages/([^/]+)", self.delete_webhook_message),
        ]
        self.routes = [(m, re.compile(p), h) for m, p, h in table]

    def dispatch(
        self, method: str, path: str, query: dict[str, str], body: Any, files: list[SentFile]
    ) -> Answer | None:
        for route_method, pattern, handler in self.routes:
            if route_method == method:
                match = pattern.fullmatch(path)
                if match:
                    return handler(*match.groups(), query=query, body=body, files=files)
        return None

    # users & application ------------------------------------------------------------------
    def get_me(self, **_: Any) -> Answer:
        return 200, self.w.bot_user

    def get_application(self, **_: Any) -> Answer:
        return 200, self.w.application

    def get_user(self, user_id: str, **_: Any) -> Answer:
        user = self.w.users.get(int(user_id))
        return (200, user) if user else discord_error(UNKNOWN_USER)

    def get_gateway(self, **_: Any) -> Answer:
        return 200, {
            "url": self.w.gateway_url,
            "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
        }

    def create_dm(self, *, body: JSON, **_: Any) -> Answer:
        user = self.w.users.get(int(body["recipient_id"]))
        if user is None:
            return invalid_form(recipient_id="Invalid Recipient(s)")
        return 200, self.w.dm_channel(user)

    # commands -----------------------------------------------------------------------------
    def get_commands(self, app_id: str, guild_id: str | None = None, **_: Any) -> Answer:
        return 200, self.w.commands.get(int(guild_id) if guild_id else None, [])

    def put_commands(self, app_id: str, guild_id: str | None = None, *, body: list[JSON], **_: Any) -> Answer:
        if int(app_id) != self.w.application_id:
            return discord_error((403, 50001, "Missing Access"))
        for cmd in body:
            if not re.fullmatch(r"[-_\w]{1,32}", cmd["name"]) or cmd["name"].lower() != cmd["name"]:
                return invalid_form(name=f"Invalid command name {cmd['name']!r}")
        return 200, self.w.overwrite_commands(int(guild_id) if guild_id else None, body)

    # channels & messages ------------------------------------------------------------------
    def _channel(self, channel_id: str) -> JSON | None:
        return self.w.channels.get(int(channel_id))

    def get_channel(self, channel_id: str, **_: Any) -> Answer:
        channel = self._channel(channel_id)
        return (200, channel) if channel else discord_error(UNKNOWN_CHANNEL)

    def patch_channel(self, channel_id: str, *, body: JSON, **_: Any) -> Answer:
        """A thread archived, locked or renamed (what the bot changes of a channel)."""
        channel = self._channel(channel_id)
        if channel is None:
            return discord_error(UNKNOWN_CHANNEL)
        if "name" in body:
            channel["name"] = body["name"]
        meta = channel.get("thread_metadata")
        if meta is not None:
            meta.update({k: bool(body[k]) for k in ("archived", "locked") if k in body})
        return 200, channel

    def get_history(self, channel_id: str, *, query: dict[str, str], **_: Any) -> Answer:
        if self._channel(channel_id) is None:
            return discord_error(UNKNOWN_CHANNEL)
        # newest first; ephemeral messages exist only for their interaction's webhook
        messages = [m for m in reversed(self.w.messages[int(channel_id)].values()) if not m["flags"] & 64]
        if "before" in query:
            messages = [m for m in messages if int(m["id"]) < int(query["before"])]
        if "after" in query:
            messages = [m for m in messages if int(m["id"]) > int(query["after"])]
        return 200, messages[: int(query.get("limit", 50))]

    def post_message(self, channel_id: str, *, body: JSON, files: list[SentFile], **_: Any) -> Answer:
        channel = self._channel(channel_id)
        if channel is None:
            return discord_error(UNKNOWN_CHANNEL)
        if channel["type"] == 1 and int(channel["recipients"][0]["id"]) in self.w.closed_dms:
            return discord_error(CANNOT_DM)
        problem = check_message_body(body)
        if problem:
            return problem
        return 200, self.w.create_message(int(channel_id), body, files)

    def _message(self, channel_id: str, message_id: str) -> JSON | None:
        """A channel message; ephemeral ones are unknown to the channel routes, as on Discord."""
        message = self.w.messages.get(int(channel_id), {}).get(int(message_id))
        return None if message is None or message["flags"] & 64 else message

    def get_message(self, channel_id: str, message_id: str, **_: Any) -> Answer:
        message = self._message(channel_id, message_id)
        return (200, message) if message else discord_error(UNKNOWN_MESSAGE)

    def patch_message(self, channel_id: str, message_id: str, *, body: JSON, files: list[SentFile], **_: Any) -> Answer:
        message = self._message(channel_id, message_id)
        if message is None:
            return discord_error(UNKNOWN_MESSAGE)
        if message["author"]["id"] != self.w.bot_user["id"]:
            return discord_error(NOT_AUTHOR)
        return check_message_body(body) or (200, self.w.edit_message(message, body, files))

    def delete_message(self, channel_id: str, message_id: str, **_: Any) -> Answer:
        message = self._message(channel_id, message_id)
        if message is None:
            return discord_error(UNKNOWN_MESSAGE)
        self.w.delete_message(message)
        return 204, None

    def create_thread(self, channel_id: str, message_id: str | None = None, *, body: JSON, **_: Any) -> Answer:
        parent = self._channel(channel_id)
        if parent is None:
            return discord_error(UNKNOWN_CHANNEL)
        if parent["type"] not in (0, 5, 15, 16):
            return invalid_form(type="Cannot create a thread in this channel")
        if not 1 <= len(body.get("name") or "") <= 100:
            return invalid_form(name="Must be between 1 and 100 in length.")
        if message_id is None:
            return 201, self.w.add_thread(parent, body)
        message = self._message(channel_id, message_id)
        if message is None:
            return discord_error(UNKNOWN_MESSAGE)
        # a thread started from a message has the message's id and is public (type 11)
        thread = self.w.add_thread(parent, {**body, "type": 11}, thread_id=int(message_id))
        message["thread"] = thread
        message["flags"] |= 32  # HAS_THREAD
        return 201, thread

    def pin(self, channel_id: str, message_id: str, **_: Any) -> Answer:
        message = self._message(channel_id, message_id)
        if message is None:
            return discord_error(UNKNOWN_MESSAGE)
        message["pinned"] = True
        return 204, None

    def unpin(self, channel_id: str, message_id: str, **_: Any) -> Answer:
        message = self._message(channel_id, message_id)
        if message is None:
            return discord_error(UNKNOWN_MESSAGE)
        message["pinned"] = False
        return 204, None

    # interactions -------------------------------------------------------------------------
    def callback(self, interaction_id: str, token: str, *, body: JSON, files: list[SentFile], **_: Any) -> Answer:
        it = self.w.interactions.get(int(interaction_id))
        if it is None or it.token != token:
            return discord_error(UNKNOWN_INTERACTION)
        if it.response_type is not None:
            return discord_error(ALREADY_ACKNOWLEDGED)
        kind, data = int(body["type"]), body.get("data") or {}
        allowed = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}, 1: {1}}.get(it.type, set())
        if kind not in allowed:
            return invalid_form(type=f"Interaction response type {kind} is invalid for interaction type {it.type}")
        resource: JSON = {"type": kind}
        ephemeral = bool(int(data.get("flags") or 0) & 64)
        if kind == 4:
            problem = check_message_body(data)
            if problem:
                return problem
            mtype = 20 if it.type == 2 else 0
            message = self.w.create_message(it.channel_id, data, files, message_type=mtype, interaction=it)
            it.original_id = int(message["id"])
            resource["message"] = message
        elif kind == 5:
            flags = 128 | (64 if ephemeral else 0)  # LOADING (+ EPHEMERAL)
            message = self.w.create_message(
                it.channel_id, {}, message_type=20 if it.type == 2 else 0, interaction=it, flags=flags
            )
            it.original_id, it.loading = int(message["id"]), True
            resource["message"] = message
        elif kind in (6, 7):
            clicked = self.w.find_message(it.message_id) if it.message_id else None
            if clicked is None:
                return discord_error(UNKNOWN_MESSAGE)
            it.original_id = int(clicked["id"])
            if kind == 7:
                problem = check_message_body(data)
                if problem:
                    return problem
                resource["message"] = self.w.edit_message(clicked, data, files)
        elif kind == 8:
            choices = data.get("choices") or []
            if len(choices) > 25:
                return invalid_form(choices="Must be 25 or fewer in length.")
            if any(not 1 <= len(c.get("name", "")) <= 100 for c in choices):
                return invalid_form(choices="Choice names must be 1-100 characters.")
            it.choices = choices
        elif kind == 9:
            it.modal = data
        it.response_type = kind
        it.responded_at = time.perf_counter()
        it.said.append(str((data or {}).get("content") or ""))
        answer: JSON = {
            "id": str(it.id),
            "type": it.type,
            "response_message_loading": kind == 5,
            "response_message_ephemeral": ephemeral,
        }
        if it.original_id is not None and kind in (4, 5, 7):
            answer["response_message_id"] = str(it.original_id)
        return 200, {"interaction": answer, "resource": resource}

    def _webhook_interaction(self, app_id: str, token: str) -> InteractionRecord | None:
        it = self.w.interactions_by_token.get(token)
        if it is None or int(app_id) != self.w.application_id or it.response_type is None:
            return None
        return it

    def followup(
        self, app_id: str, token: str, *, query: dict[str, str], body: JSON, files: list[SentFile], **_: Any
    ) -> Answer:
        it = self._webhook_interaction(app_id, token)
        if it is None:
            return discord_error(UNKNOWN_WEBHOOK)
        problem = check_message_body(body)
        if problem:
            return problem
        it.said.append(str(body.get("content") or ""))
        if it.loading and it.original_id is not None:
            # the first followup after a "thinking" defer replaces that message (keeping its ephemerality)
            message = self.w.find_message(it.original_id)
            assert message is not None
            self.w.edit_message(message, {"embeds": [], "components": [], "content": "", **body}, files)
            message["flags"] &= ~128
            it.loading = False
        else:
            flags = int(body.get("flags") or 0)
            message = self.w.create_message(it.channel_id, body, files, message_type=0, interaction=it, flags=flags)
            it.followup_ids.append(int(message["id"]))
        return (200, message) if query.get("wait") in ("1", "true", "True") else (204, None)

    def _webhook_message(self, it: InteractionRecord, message_id: str) -> JSON | None:
        if message_id == "@original":
            return self.w.find_message(it.original_id) if it.original_id else None
        if int(message_id) not in [*it.followup_ids, it.original_id]:
            return None
        return self.w.find_message(int(message_id))

    def get_webhook_message(self, app_id: str, token: str, message_id: str, **_: Any) -> Answer:
        it = self._webhook_interaction(app_id, token)
        if it is None:
            return discord_error(UNKNOWN_WEBHOOK)
        message = self._webhook_message(it, message_id)
        return (200, message) if message else discord_error(UNKNOWN_MESSAGE)

    def patch_webhook_message(
        self, app_id: str, token: str, message_id: str, *, body: JSON, files: list[SentFile], **_: Any
    ) -> Answer:
        it = self._webhook_interaction(app_id, token)
        if it is None:
            return discord_error(UNKNOWN_WEBHOOK)
        message = self._webhook_message(it, message_id)
        if message is None:
            return discord_error(UNKNOWN_MESSAGE)
        problem = check_message_body(body)
        if problem:
            return problem
        it.said.append(str(body.get("content") or ""))
        self.w.edit_message(message, body, files)
        if message_id == "@original" and it.loading:
            message["flags"] &= ~128
            it.loading = False
        return 200, message

    def delete_webhook_message(self, app_id: str, token: str, message_id: str, **_: Any) -> Answer:
        it = self._webhook_interaction(app_id, token)
        if it is None:
            return discord_error(UNKNOWN_WEBHOOK)
        message = self._webhook_message(it, message_id)
        if message is None:
            return discord_error(UNKNOWN_MESSAGE)
        self.w.delete_message(message)
        return 204, None


def copy_answer(body: Any) -> Any:
    """discord.py may keep or mutate what it receives: never hand it the fake's own state."""
    return copy.deepcopy(body)
