"""Drafts: an action a player is about to submit, held by the service under a short id.

A component's custom_id carries an action by value when it fits in Discord's 100 characters; a longer
action, or one shown in a preview waiting for Confirm, travels as the id of a draft instead. A draft
belongs to one user and one match version: the service re-checks it on submit like any action, and a
draft that is gone (the bot restarted, or too many newer drafts) is answered clearly, never guessed.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

DRAFT_ID_LENGTH = 10


@dataclass(frozen=True, slots=True)
class Draft:
    id: str
    match_id: str
    user_id: int
    version: int
    action: Any
    preview: bool = False


class Drafts:
    """A bounded, in-memory map of drafts (the oldest are forgotten first)."""

    def __init__(self, capacity: int = 20_000) -> None:
        self.capacity = capacity
        self._drafts: OrderedDict[str, Draft] = OrderedDict()

    def put(self, match_id: str, user_id: int, version: int, action: Any, *, preview: bool = False) -> Draft:
        draft = Draft(secrets.token_hex(DRAFT_ID_LENGTH // 2), match_id, user_id, version, action, preview)
        self._drafts[draft.id] = draft
        while len(self._drafts) > self.capacity:
            self._drafts.popitem(last=False)
        return draft

    def get(self, draft_id: str) -> Draft | None:
        return self._drafts.get(draft_id)

    def drop(self, draft_id: str) -> None:
        self._drafts.pop(draft_id, None)
