"""Altered's figures for the bench: the generic seeded loops of `bot.ai.arena`, with card
conservation checked at every step."""

from __future__ import annotations

from typing import Any

from bot.ai import arena

from .game import ALTERED, CURRENT, card_counts
from .state import AlteredState


def conservation() -> Any:
    """An invariant for `bot.ai.arena`: every player keeps exactly the cards it started with."""
    seen: dict[str, Any] = {}

    def check(state: AlteredState) -> None:
        counts = card_counts(state)
        start = seen.setdefault("start", counts)
        if counts != start:
            raise AssertionError("card conservation broken")
        uids = [x.uid for p in state.players for x in p.all_cards()]
        if len(uids) != len(set(uids)):
            raise AssertionError("a card is in two zones")

    return check


def ai_vs_random(n: int, seed: int = 0, level: str = "normal") -> float:
    """The AI's win rate against a uniformly random player, alternating seats (draws count as losses)."""
    return arena.ai_vs_random(ALTERED, n, seed, level)


def playout_stats(n: int, seed: int = 0) -> dict[str, Any]:
    """Random-vs-random games: end reasons, length, and speed (actions and games per second)."""
    return arena.playout_stats(ALTERED, n, seed, conservation())


def ai_vs_ai(n: int, seed: int = 0, level: str = "normal") -> dict[str, Any]:
    """AI against AI, card conservation checked at every step: how games end, and how fast."""
    return arena.ai_vs_ai(ALTERED, n, seed, conservation(), level)


def balance_decks() -> list[str]:
    """The starter decks whose balance the bench measures."""
    return list(CURRENT.decks)
