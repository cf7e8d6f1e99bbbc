"""The fake Discord's world: users, guilds, channels, messages, commands and their JSON payloads.

Payloads are shaped like Discord's API v10 answers, with every key discord.py 2.7.1 reads
unconditionally (e.g. member ``flags``, message ``components``), so the bot's real parsing runs.
"""

from __future__ import annotations

import copy
import datetime as dt
import mimetypes
import re
import struct
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

JSON = dict[str, Any]

#: Permissions the bot is given in interactions (what the project's README asks for).
DEFAULT_APP_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    add_reactions=True,
    use_external_emojis=True,
)
#: Permissions of an ordinary member (the @everyone role of a typical server): no moderation rights.
DEFAULT_MEMBER_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    add_reactions=True,
    use_external_emojis=True,
    use_application_commands=True,
)
#: A moderator: an ordinary member who may also manage threads and messages.
MODERATOR_PERMISSIONS = DEFAULT_MEMBER_PERMISSIONS | discord.Permissions(manage_threads=True, manage_messages=True)
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
MENTION_RE = re.compile(r"<@!?(\d+)>")
EMBED_URL_KEYS = (("image", "url"), ("thumbnail", "url"), ("author", "icon_url"), ("footer", "icon_url"))


def image_size(data: bytes) -> tuple[int, int] | None:
    """Width and height of a PNG or GIF, read from its header (Discord reports them for images).

    No Pillow here: the architecture keeps PIL in renderers/.
    """
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return int(width), int(height)
    if data[:4] == b"GIF8" and len(data) >= 10:
        width, height = struct.unpack("<HH", data[6:10])
        return int(width), int(height)
    return None


def now_iso() -> str:
    """Discord's ISO-8601 timestamp format."""
    return dt.datetime.now(dt.UTC).isoformat()


@dataclass
class InteractionRecord:
    """What the fake remembers about an interaction it sent, to answer its token's webhooks."""

    id: int
    token: str
    type: int
    channel_id: int
    guild_id: int | None
    user: JSON
    message_id: int | None = None  # the message a component belongs to
    response_type: int | None = None  # callback type, once acknowledged
    original_id: int | None = None  # message behind @original
    loading: bool = False  # deferred "thinking" message not yet replaced
    followup_ids: list[int] = field(default_factory=list)
    choices: list[JSON] | None = None  # autocomplete answer
    modal: JSON | None = None  # modal sent in answer
    responded_at: float | None = None  # time.perf_counter() when its callback arrived (the load test)
    said: list[str] = field(default_factory=list)  # the text of its answer, followups and edits, in order


class World:
    """All the state of the fake, shared by the REST router and the interaction builders."""

    def __init__(self, *, bot_name: str = "Tavernier", cdn_base: str = "https://cdn.fakediscord.invalid") -> None:
        self._next_id = discord.utils.time_snowflake(dt.datetime.now(dt.UTC))
        self.cdn_base = cdn_base
        self.gateway_url = "wss://gateway.fakediscord.invalid"
        self.cdn: dict[str, bytes] = {}
        self.users: dict[int, JSON] = {}
        self.user_locales: dict[int, str] = {}
        #: Members' permissions in interactions, when not an ordinary member's.
        self.member_permissions: dict[int, int] = {}
        self.guilds: dict[int, JSON] = {}
        self.channels: dict[int, JSON] = {}
        self.messages: dict[int, dict[int, JSON]] = {}  # channel id -> message id -> message
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self.closed_dms: set[int] = set()
        self.commands: dict[int | None, list[JSON]] = {}  # guild id (None: global) -> commands
        self.interactions: dict[int, InteractionRecord] = {}
        self.interactions_by_token: dict[str, InteractionRecord] = {}
        app_id = self.snowflake()
        self.bot_user: JSON = {
            **self._user_payload(app_id, bot_name),
            "bot": True,
            "verified": True,
            "mfa_enabled": False,
            "email": None,
        }
        self.application_id = app_id
        self.application: JSON = {
            "id": str(app_id),
            "name": bot_name,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "owner": self._user_payload(self.snowflake(), "owner"),
            "team": None,
            "flags": 0,
            "hook": True,
            "bot": self.bot_user,
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "tags": [],
            "approximate_guild_count": 0,
        }
        self.users[app_id] = self.bot_user

    # ids ---------------------------------------------------------------------------------
    def snowflake(self) -> int:
        """A fresh id whose timestamp is "now", so discord.py's created_at looks sane."""
        self._next_id += 1
        return self._next_id

    # users, guilds, channels -------------------------------------------------------------
    @staticmethod
    def _user_payload(user_id: int, name: str) -> JSON:
        return {
            "id": str(user_id),
            "username": name,
            "global_name": name.capitalize(),
            "discriminator": "0",
            "avatar": None,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
            "bot": False,
            "system": False,
            "public_flags": 0,
            "flags": 0,
        }

    def add_user(self, name: str, locale: str = "fr", permissions: int | None = None) -> JSON:
        user = self._user_payload(self.snowflake(), name)
        self.users[int(user["id"])] = user
        self.user_locales[int(user["id"])] = locale
        if permissions is not None:
            self.member_permissions[int(user["id"])] = permissions
        return user

    @staticmethod
    def member_payload(user: JSON, *, permissions: int | None = None) -> JSON:
        member: JSON = {
            "user": user,
            "nick": None,
            "avatar": None,
            "banner": None,
            "roles": [],
            "joined_at": now_iso(),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if permissions is not None:
            member["permissions"] = str(permissions)
        return member

    def add_guild(
        self,
        members: list[JSON] | tuple[JSON, ...] = (),
        name: str = "Taverne",
        locale: str = "fr",
        channels: list[str] | tuple[str, ...] = ("general",),
    ) -> JSON:
        """A GUILD_CREATE payload kept live: channels and threads created later are added to it. Each
        guild is created a millisecond after the last, so that guilds spread over shards as real ones do
        (a guild's shard is its id's creation millisecond modulo the shard count)."""
        self._next_id += 1 << 22
        gid = self.snowflake()
        all_members = [self.member_payload(self.bot_user)] + [self.member_payload(u) for u in members]
        guild: JSON = {
            "id": str(gid),
            "name": name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": members[0]["id"] if members else self.bot_user["id"],
            "region": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "preferred_locale": locale,
            "features": [],
            "application_id": None,
            "max_members": 500000,
            "max_video_channel_users": 25,
            "roles": [
                {
                    "id": str(gid),
                    "name": "@everyone",
                    "color": 0,
                    "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
                    "hoist": False,
                    "icon": None,
                    "unicode_emoji": None,
                    "position": 0,
                    "permissions": str(DEFAULT_MEMBER_PERMISSIONS.value),
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "emojis": [],
            "stickers": [],
            "soundboard_sounds": [],
            "joined_at": now_iso(),
            "large": False,
            "unavailable": False,
            "lazy": True,
            "member_count": len(all_members),
            "members": all_members,
            "channels": [],
            "threads": [],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
        }
        self.guilds[gid] = guild
        for position, channel_name in enumerate(channels):
            self.add_text_channel(guild, channel_name, position=position)
        return guild

    def add_text_channel(self, guild: JSON, name: str, *, position: int = 0) -> JSON:
        cid = self.snowflake()
        channel = {
            "id": str(cid),
            "type": 0,
            "guild_id": guild["id"],
            "name": name,
            "position": position,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "default_auto_archive_duration": 1440,
            "default_thread_rate_limit_per_user": 0,
            "flags": 0,
        }
        guild["channels"].append(channel)
        self.channels[cid] = channel
        self.messages[cid] = {}
        return channel

    def add_thread(self, parent: JSON, body: JSON, *, thread_id: int | None = None) -> JSON:
        """A thread as POST /channels/{id}/threads returns it (type 11 unless asked otherwise)."""
        tid = thread_id or self.snowflake()
        created = now_iso()
        thread = {
            "id": str(tid),
            "type": int(body.get("type") or 11),
            "guild_id": parent["guild_id"],
            "parent_id": parent["id"],
            "owner_id": self.bot_user["id"],
            "name": body["name"],
            "last_message_id": None,
            "rate_limit_per_user": int(body.get("rate_limit_per_user") or 0),
            "message_count": 0,
            "member_count": 1,
            "total_message_sent": 0,
            "flags": 0,
            "applied_tags": [],
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": int(body.get("auto_archive_duration") or 1440),
                "archive_timestamp": created,
                "locked": False,
                "invitable": bool(body.get("invitable", True)),
                "create_timestamp": created,
            },
            "member": {"id": str(tid), "user_id": self.bot_user["id"], "join_timestamp": created, "flags": 1},
        }
        self.channels[tid] = thread
        self.messages[tid] = {}
        guild = self.guilds.get(int(parent["guild_id"]))
        if guild is not None:
            guild["threads"].append(thread)
        return thread

    def dm_channel(self, user: JSON) -> JSON:
        """The DM channel with a user, created on first use like POST /users/@me/channels."""
        uid = int(user["id"])
        cid = self.dm_channels.get(uid)
        if cid is None:
            cid = self.snowflake()
            self.dm_channels[uid] = cid
            self.channels[cid] = {
                "id": str(cid),
                "type": 1,
                "last_message_id": None,
                "flags": 0,
                "recipients": [self.users.get(uid, user)],
            }
            self.messages[cid] = {}
        return self.channels[cid]

    def member_of(self, guild: JSON, user: JSON) -> JSON | None:
        return next((m for m in guild["members"] if m["user"]["id"] == user["id"]), None)

    # messages ----------------------------------------------------------------------------
    def find_message(self, message_id: int) -> JSON | None:
        for by_id in self.messages.values():
            if message_id in by_id:
                return by_id[message_id]
        return None

    def _attachments(self, channel_id: int, body: JSON, files: list[Any], existing: list[JSON]) -> list[JSON]:
        """Apply the request's ``attachments`` list: keep known ids, upload ``files[n]`` for index ids."""
        if "attachments" not in body:
            wanted: list[JSON] = [{"id": i} for i in range(len(files))]
            keep = [] if files else existing
        else:
            wanted, keep = body["attachments"] or [], []
        by_id = {a["id"]: a for a in existing}
        out = list(keep)
        for spec in wanted:
            if str(spec.get("id")) in by_id:
                out.append(by_id[str(spec["id"])])
                continue
            index = int(spec["id"])
            if not 0 <= index < len(files):
                raise ValueError(f"attachment id {spec['id']} refers to no uploaded file")
            filename, data, _ = files[index]
            filename = spec.get("filename") or filename
            out.append(self.store_attachment(channel_id, filename, data, spec.get("description")))
        return out

    def store_attachment(self, channel_id: int, filename: str, data: bytes, description: str | None) -> JSON:
        aid = self.snowflake()
        url = f"{self.cdn_base}/attachments/{channel_id}/{aid}/{filename}"
        self.cdn[url] = data
        attachment = {
            "id": str(aid),
            "filename": filename,
            "size": len(data),
            "url": url,
            "proxy_url": url,
            "content_type": mimetypes.guess_type(filename)[0] or "application/octet-stream",
        }
        if description:
            attachment["description"] = description
        size = image_size(data)
        if size is not None:
            attachment["width"], attachment["height"] = size
        return attachment

    def _embeds(self, embeds: list[JSON], attachments: list[JSON]) -> list[JSON]:
        """Discord marks embeds "rich" and resolves attachment:// URLs to CDN URLs."""
        urls = {a["filename"]: a["url"] for a in attachments}
        out = []
        for embed in copy.deepcopy(embeds):
            embed.setdefault("type", "rich")
            for key, url_key in EMBED_URL_KEYS:
                part = embed.get(key)
                if part and str(part.get(url_key, "")).startswith("attachment://"):
                    resolved = urls.get(part[url_key][len("attachment://") :])
                    if resolved:
                        part[url_key] = resolved
                        part["proxy_" + url_key] = resolved
            out.append(embed)
        return out

    def _mentions(self, content: str) -> list[JSON]:
        return [self.users[int(m)] for m in MENTION_RE.findall(content) if int(m) in self.users]

    def create_message(
        self,
        channel_id: int,
        body: JSON,
        files: Sequence[Any] = (),
        *,
        message_type: int = 0,
        interaction: InteractionRecord | None = None,
        flags: int | None = None,
    ) -> JSON:
        mid = self.snowflake()
        attachments = self._attachments(channel_id, body, list(files), [])
        content = body.get("content") or ""
        message: JSON = {
            "id": str(mid),
            "channel_id": str(channel_id),
            "type": message_type,
            "author": self.bot_user,
            "content": content,
            "tts": bool(body.get("tts")),
            "timestamp": now_iso(),
            "edited_timestamp": None,
            "mention_everyone": False,
            "mentions": self._mentions(content),
            "mention_roles": [],
            "attachments": attachments,
            "embeds": self._embeds(body.get("embeds") or [], attachments),
            "components": copy.deepcopy(body.get("components") or []),
            "pinned": False,
            "flags": int(body.get("flags") or 0) if flags is None else flags,
            "reactions": [],
        }
        if body.get("message_reference"):
            message["message_reference"] = {**body["message_reference"], "channel_id": str(channel_id)}
            message["type"] = 19
        if body.get("nonce") is not None:
            message["nonce"] = body["nonce"]
        if interaction is not None:
            message["application_id"] = str(self.application_id)
            message["webhook_id"] = str(self.application_id)
            message["interaction_metadata"] = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": interaction.user,
                "authorizing_integration_owners": {"0": str(interaction.guild_id or 0)},
            }
        self.messages[channel_id][mid] = message
        channel = self.channels[channel_id]
        channel["last_message_id"] = str(mid)
        if "message_count" in channel:
            channel["message_count"] += 1
            channel["total_message_sent"] += 1
        return message

    def edit_message(self, message: JSON, body: JSON, files: Sequence[Any] = ()) -> JSON:
        channel_id = int(message["channel_id"])
        if "attachments" in body or files:
            message["attachments"] = self._attachments(channel_id, body, list(files), message["attachments"])
        if "content" in body:
            message["content"] = body["content"] or ""
            message["mentions"] = self._mentions(message["content"])
        if "embeds" in body:
            message["embeds"] = self._embeds(body["embeds"] or [], message["attachments"])
        if "components" in body:
            message["components"] = copy.deepcopy(body["components"] or [])
        if body.get("flags") is not None:
            # only SUPPRESS_EMBEDS may change on edit; IS_COMPONENTS_V2 may be set
            message["flags"] = (message["flags"] & ~4) | (int(body["flags"]) & (4 | 32768))
        message["edited_timestamp"] = now_iso()
        return message

    def delete_message(self, message: JSON) -> None:
        self.messages[int(message["channel_id"])].pop(int(message["id"]), None)

    # commands ----------------------------------------------------------------------------
    def overwrite_commands(self, guild_id: int | None, commands: list[JSON]) -> list[JSON]:
        """Bulk overwrite: ids are kept for (name, type) already known, as Discord does."""
        old = {(c["name"], c.get("type", 1)): c["id"] for c in self.commands.get(guild_id, [])}
        stored = []
        for cmd in commands:
            ctype = int(cmd.get("type") or 1)
            obj = {
                "id": old.get((cmd["name"], ctype)) or str(self.snowflake()),
                "application_id": str(self.application_id),
                "version": str(self.snowflake()),
                "type": ctype,
                "name": cmd["name"],
                "name_localizations": cmd.get("name_localizations"),
                "description": cmd.get("description", ""),
                "description_localizations": cmd.get("description_localizations"),
                "options": copy.deepcopy(cmd.get("options") or []),
                "default_member_permissions": cmd.get("default_member_permissions"),
                "dm_permission": cmd.get("dm_permission", True),
                "nsfw": bool(cmd.get("nsfw", False)),
                "contexts": cmd.get("contexts"),
                "integration_types": cmd.get("integration_types") or [0],
            }
            if guild_id is not None:
                obj["guild_id"] = str(guild_id)
            stored.append(obj)
        self.commands[guild_id] = stored
        return stored

    def find_command(self, name: str, guild_id: int | None, ctype: int = 1) -> JSON | None:
        """A guild command shadows a global one of the same name, as in the Discord client."""
        for scope in (guild_id, None) if guild_id is not None else (None,):
            for cmd in self.commands.get(scope, []):
                if cmd["name"] == name and cmd["type"] == ctype:
                    return cmd
        return None
