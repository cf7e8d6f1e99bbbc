"""Each player's preferences: how they want to be told that a game waits for them."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .core import ServiceCore

#: "turn": one DM when a game waits for you (edited while you have not acted); "every": a DM at every
#: move that changes what you see, as a table-top player following closely may prefer.
Notify = Literal["turn", "every"]
#: "auto": a decision with one legal answer is played for you at once; "ask": you confirm it yourself.
Forced = Literal["auto", "ask"]
#: A pause for reactions (Colors' pile of instants) when your own hand holds nothing that could answer:
#: "auto", answered "nothing" for you at once; "ask", asked all the same, so that how soon you answer
#: tells nobody whether you held something (D-COL-38).
Pile = Literal["auto", "ask"]
#: Minutes since your last move during which you count as playing live: the thread and the answer to
#: your click are enough, and the DM comes only once you have been away that long. 0: a DM at once.
AWAY_MINUTES = (0, 5, 30, 120)
DEFAULT_AWAY = 5


class Preferences(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    notify: Notify = "turn"
    forced: Forced = "auto"
    pile: Pile = "auto"
    away: int = Field(default=DEFAULT_AWAY, ge=0, le=24 * 60)
    #: A learning match introduces each decision the first time it comes up (`/partie apprendre`).
    learn: bool = True


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

    async def set_preferences(self, user_id: int, **changes: str | int) -> Preferences:
        prefs = (await self.preferences(user_id)).model_copy(update=changes)
        prefs = Preferences.model_validate(prefs.model_dump())
        await self.store.set_preferences(user_id, prefs.model_dump())
        self._prefs[user_id] = prefs  # memory changes once the write succeeded
        return prefs
