"""Each player's preferences: how they want to be told that a game waits for them."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from .core import ServiceCore

#: "turn": one DM when a game waits for you (edited while you have not acted); "every": a DM at every
#: move that changes what you see, as a table-top player following closely may prefer.
Notify = Literal["turn", "every"]


class Preferences(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    notify: Notify = "turn"


class PreferenceOps(ServiceCore):
    async def preferences(self, user_id: int) -> Preferences:
        """A player's preferences (read once, then from memory); unknown or damaged data reads as defaults."""
        cached: Preferences | None = self._prefs.get(user_id)
        if cached is not None:
            return cached
        try:
            prefs = Preferences.model_validate(await self.store.preferences(user_id))
        except ValidationError:
            prefs = Preferences()
        self._prefs[user_id] = prefs
        return prefs

    async def set_preferences(self, user_id: int, **changes: str) -> Preferences:
        prefs = (await self.preferences(user_id)).model_copy(update=changes)
        prefs = Preferences.model_validate(prefs.model_dump())
        await self.store.set_preferences(user_id, prefs.model_dump())
        self._prefs[user_id] = prefs  # memory changes once the write succeeded
        return prefs
