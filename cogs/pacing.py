"""Posting pace: Discord lets a bot post about 5 messages per 5 seconds in one channel.

We keep under it ourselves rather than collect 429s: a turn that would go over waits, and what happens
meanwhile is posted with it (bot vs bot matches, fast players, several matches in one channel).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

POSTS = 5
WINDOW = 5.0
#: Our clock and Discord's do not tick together: a post counted by us at t may reach Discord a little
#: later, so we leave the window this much longer (the bench saw a stray 429 without it).
MARGIN = 0.25


class Pace:
    """A sliding window of the posts made in each channel."""

    def __init__(
        self,
        posts: int = POSTS,
        window: float = WINDOW,
        clock: Callable[[], float] = time.monotonic,
        margin: float = MARGIN,
    ) -> None:
        self.posts, self.window, self.clock, self.margin = posts, window, clock, margin
        self._sent: dict[int, deque[float]] = {}

    def delay(self, channel_id: int) -> float:
        """Seconds to wait before the next post in this channel keeps under the limit (0: now)."""
        sent = self._recent(channel_id)
        if len(sent) < self.posts:
            return 0.0
        return max(0.0, sent[0] + self.window + self.margin - self.clock())

    def take(self, channel_id: int) -> None:
        """A post is being made in this channel now."""
        self._sent.setdefault(channel_id, deque()).append(self.clock())

    def _recent(self, channel_id: int) -> deque[float]:
        sent = self._sent.get(channel_id)
        if sent is None:
            return deque()
        horizon = self.clock() - self.window - self.margin
        while sent and sent[0] <= horizon:
            sent.popleft()
        if not sent:
            del self._sent[channel_id]  # quiet channels cost no memory
        return sent


class NoPace(Pace):
    """For tests that post faster than any person would and do not test pacing."""

    def delay(self, channel_id: int) -> float:
        return 0.0

    def take(self, channel_id: int) -> None:
        return None
