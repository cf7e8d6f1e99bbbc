"""A player's preferences and a server's settings: one JSON object per key, read and written whole, the
same on both backends. Each backend stores the object (`_put_object`, `_object`); this says which."""

from __future__ import annotations

from typing import Any


class KeyedObjects:
    async def _put_object(self, table: str, key: str, value: int, data: dict[str, Any]) -> None:
        raise NotImplementedError

    async def _object(self, table: str, key: str, value: int) -> dict[str, Any]:
        raise NotImplementedError

    async def set_preferences(self, user_id: int, data: dict[str, Any]) -> None:
        """One player's preferences, whole (a per-user setting: the last writer wins)."""
        await self._put_object("preferences", "user_id", user_id, data)

    async def preferences(self, user_id: int) -> dict[str, Any]:
        return await self._object("preferences", "user_id", user_id)

    async def set_guild_settings(self, guild_id: int, data: dict[str, Any]) -> None:
        """One server's settings, whole (its administrators' choice: the last writer wins)."""
        await self._put_object("guild_settings", "guild_id", guild_id, data)

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        return await self._object("guild_settings", "guild_id", guild_id)
