"""Builders of INTERACTION_CREATE payloads as Discord sends them (slash, autocomplete, component, modal).

Each built interaction is registered in the world, so the fake can answer its callback and its
token's webhooks (followups, @original) like Discord does.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .model import ATTACHMENT_SIZE_LIMIT, DEFAULT_MEMBER_PERMISSIONS, JSON, InteractionRecord, World

PY_OPTION_TYPES: tuple[tuple[type, int], ...] = ((bool, 5), (int, 4), (float, 10), (str, 3))


@dataclass(frozen=True)
class OptionValue:
    """An option whose value Discord sends with ``resolved`` data (user, channel, attachment)."""

    type: int
    value: str
    resolved_kind: str  # key in data.resolved: "users", "channels", "roles", "attachments"
    resolved: JSON


def _walk_components(components: Sequence[JSON]) -> Iterator[JSON]:
    for comp in components:
        yield comp
        yield from _walk_components(comp.get("components") or [])
        for key in ("accessory", "component"):
            if comp.get(key):
                yield from _walk_components([comp[key]])


class InteractionBuilders:
    """Mixin of ``FakeDiscord``: needs ``self.world``, ``self.strict_sync`` and ``self.app_permissions``."""

    world: World
    strict_sync: bool
    app_permissions: int

    # option values --------------------------------------------------------------------------
    def user_option(self, user: JSON) -> OptionValue:
        """A USER (type 6) option value, sent with the user (and member) in ``resolved``."""
        return OptionValue(6, user["id"], "users", user)

    def channel_option(self, channel: JSON) -> OptionValue:
        """A CHANNEL (type 7) option value."""
        return OptionValue(7, channel["id"], "channels", {**channel, "permissions": str(self.app_permissions)})

    def role_option(self, role: JSON) -> OptionValue:
        """A ROLE (type 8) option value."""
        return OptionValue(8, role["id"], "roles", role)

    def upload(self, filename: str, data: bytes, content_type: str | None = None) -> OptionValue:
        """An ATTACHMENT (type 11) option: the file is put on the fake CDN so ``Attachment.read()`` works."""
        attachment = self.world.store_attachment(0, filename, data, None)
        if content_type:
            attachment["content_type"] = content_type
        attachment["ephemeral"] = True
        return OptionValue(11, attachment["id"], "attachments", attachment)

    # payloads -------------------------------------------------------------------------------
    def default_channel(self, guild: JSON | None, invoker: JSON) -> JSON:
        """The guild's first text channel, or the invoker's DM channel when there is no guild."""
        if guild is None:
            return self.world.dm_channel(invoker)
        return next(c for c in guild["channels"] if c["type"] == 0)

    def _base(
        self,
        itype: int,
        data: JSON,
        invoker: JSON,
        guild: JSON | None,
        channel: JSON | None,
        locale: str | None,
        message: JSON | None = None,
    ) -> JSON:
        w = self.world
        channel = channel or self.default_channel(guild, invoker)
        iid = w.snowflake()
        token = f"itok{iid}"
        payload: JSON = {
            "id": str(iid),
            "application_id": str(w.application_id),
            "type": itype,
            "data": data,
            "token": token,
            "version": 1,
            "locale": locale or w.user_locales.get(int(invoker["id"]), "en-US"),
            "app_permissions": str(self.app_permissions),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "channel_id": channel["id"],
        }
        if guild is not None:
            member = w.member_of(guild, invoker)
            if member is None:
                raise ValueError(f"{invoker['username']} is not a member of guild {guild['name']}")
            payload.update(
                guild_id=guild["id"],
                guild={"id": guild["id"], "locale": guild["preferred_locale"], "features": guild["features"]},
                guild_locale=guild["preferred_locale"],
                member={
                    **member,
                    "permissions": str(w.member_permissions.get(int(invoker["id"]), DEFAULT_MEMBER_PERMISSIONS.value)),
                },
                channel={**channel, "permissions": str(self.app_permissions)},
                authorizing_integration_owners={"0": guild["id"]},
                context=0,
            )
        else:
            payload.update(user=invoker, channel=channel, authorizing_integration_owners={"0": "0"}, context=1)
        if message is not None:
            payload["message"] = copy.deepcopy(message)
        record = InteractionRecord(
            id=iid,
            token=token,
            type=itype,
            channel_id=int(channel["id"]),
            guild_id=int(guild["id"]) if guild else None,
            user=invoker,
            message_id=int(message["id"]) if message else None,
        )
        w.interactions[iid] = record
        w.interactions_by_token[token] = record
        return payload

    def _permissions_of(self, user: JSON) -> int:
        return self.world.member_permissions.get(int(user["id"]), DEFAULT_MEMBER_PERMISSIONS.value)

    def _command_data(
        self,
        command: str,
        guild: JSON | None,
        subcommand: str | Sequence[str] | None,
        options: dict[str, Any],
        focused: str | None = None,
    ) -> JSON:
        w = self.world
        cmd = w.find_command(command, int(guild["id"]) if guild else None)
        if cmd is None:
            if self.strict_sync:
                raise LookupError(f"/{command} was never synced (did the bot run tree.sync()?)")
            cmd = {"id": str(w.snowflake()), "name": command, "type": 1, "options": []}
        path = subcommand.split() if isinstance(subcommand, str) else list(subcommand or [])
        schema: list[JSON] = cmd.get("options") or []
        kinds: list[int] = []
        for name in path:
            sub = next((o for o in schema if o["name"] == name and o["type"] in (1, 2)), None)
            if sub is None and self.strict_sync:
                raise LookupError(f"/{command} has no subcommand or group {name!r}")
            kinds.append(sub["type"] if sub else 1)
            schema = (sub or {}).get("options") or []
        if path and not cmd.get("options"):
            kinds = [2] * (len(path) - 1) + [1]
        resolved: JSON = {}
        leaf = []
        if focused is not None and focused not in options:
            options = {**options, focused: ""}
        for name, value in options.items():
            declared = next((o["type"] for o in schema if o["name"] == name), None)
            option = self._option(name, value, declared, guild, resolved)
            if name == focused:
                option["focused"] = True
            leaf.append(option)
        nested: list[JSON] = leaf
        for name, kind in reversed(list(zip(path, kinds, strict=True))):
            nested = [{"type": kind, "name": name, "options": nested}]
        data: JSON = {"id": cmd["id"], "name": command, "type": 1, "options": nested}
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    def _option(self, name: str, value: Any, declared: int | None, guild: JSON | None, resolved: JSON) -> JSON:
        if isinstance(value, dict) and "username" in value:  # a user dict passed directly
            value = self.user_option(value)
        if isinstance(value, OptionValue):
            resolved.setdefault(value.resolved_kind, {})[value.value] = value.resolved
            if value.resolved_kind == "users" and guild is not None:
                member = self.world.member_of(guild, value.resolved)
                if member is not None:
                    partial = {k: v for k, v in member.items() if k != "user"}
                    partial["permissions"] = str(DEFAULT_MEMBER_PERMISSIONS.value)
                    resolved.setdefault("members", {})[value.value] = partial
            return {"name": name, "type": value.type, "value": value.value}
        if declared is None:
            declared = next(t for py, t in PY_OPTION_TYPES if isinstance(value, py))
        return {"name": name, "type": declared, "value": value}

    def slash(
        self,
        command: str,
        invoker: JSON,
        guild: JSON | None = None,
        /,
        *,
        channel: JSON | None = None,
        subcommand: str | Sequence[str] | None = None,
        locale: str | None = None,
        options: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> JSON:
        """A slash command (type 2). ``subcommand="nouvelle"`` or ``"group sub"``; options as keywords
        (or ``options={...}`` for names clashing with these parameters)."""
        data = self._command_data(command, guild, subcommand, {**kwargs, **(options or {})})
        return self._base(2, data, invoker, guild, channel, locale)

    def autocomplete(
        self,
        command: str,
        invoker: JSON,
        guild: JSON | None = None,
        /,
        *,
        focused: str,
        channel: JSON | None = None,
        subcommand: str | Sequence[str] | None = None,
        locale: str | None = None,
        options: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> JSON:
        """An autocomplete request (type 4) while the user types in option ``focused``."""
        data = self._command_data(command, guild, subcommand, {**kwargs, **(options or {})}, focused=focused)
        return self._base(4, data, invoker, guild, channel, locale)

    def component(
        self,
        message: JSON,
        custom_id: str,
        invoker: JSON,
        guild: JSON | None = None,
        /,
        *,
        values: list[str] | None = None,
        locale: str | None = None,
    ) -> JSON:
        """A click on a button, or a choice in a select when ``values`` is given (type 3).

        The guild is the message's: a message in a DM gives a DM interaction (``user``, no ``member``).
        """
        w = self.world
        channel = w.channels[int(message["channel_id"])]
        message_guild = w.guilds.get(int(channel["guild_id"])) if channel.get("guild_id") else None
        if guild is not None and message_guild is not None and guild["id"] != message_guild["id"]:
            raise ValueError("the message is not in that guild")
        found = next(
            (c for c in _walk_components(message.get("components") or []) if c.get("custom_id") == custom_id), None
        )
        component_type = found["type"] if found else (3 if values is not None else 2)
        data: JSON = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = list(values)
        current = w.find_message(int(message["id"])) or message
        return self._base(3, data, invoker, message_guild, channel, locale, message=current)

    def modal_submit(
        self,
        custom_id: str,
        invoker: JSON,
        guild: JSON | None = None,
        /,
        *,
        fields: dict[str, str],
        channel: JSON | None = None,
        message: JSON | None = None,
        locale: str | None = None,
    ) -> JSON:
        """A modal submission (type 5): ``fields`` maps text input custom_ids to the typed values."""
        rows = [{"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]} for k, v in fields.items()]
        data = {"custom_id": custom_id, "components": rows}
        return self._base(5, data, invoker, guild, channel, locale, message=message)
