"""King of Liber's figures for the bench: the generic seeded loops of `bot.ai.arena`, with card
conservation checked at every step."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.ai import arena

from .content import DECKS
from .game import LIBER
from .state import LiberState


def zone_uids(state: LiberState) -> Counter[int]:
    """How many times each card uid stands in a zone (decks, hands, cemeteries, board, items, god)."""
    seen: Counter[int] = Counter()
    for side in state.sides:
        seen.update(side.deck)
        seen.update(side.hand)
        seen.update(side.cemetery)
        seen.update(side.dropped)
        if side.god is not None:
            seen[side.god] += 1
        for p in side.grid:
            if p is not None:
                seen[p.uid] += 1
                seen.update(p.items)
    return seen


def check_conservation(state: LiberState, initial: set[int]) -> None:
    """Every original card is in exactly one zone; created pieces (tokens, faveurs) are in play or
    vanished; nothing else exists. Raises AssertionError otherwise."""
    seen = zone_uids(state)
    if any(n != 1 for n in seen.values()):
        raise AssertionError(f"cards in two zones: {[u for u, n in seen.items() if n > 1]}")
    created = set(range(1000, state.next_uid))
    if set(seen) | set(state.vanished) != initial | created:
        raise AssertionError("a card was created or lost outside the rules")
    if set(state.vanished) & set(seen) or not set(state.vanished) <= created:
        raise AssertionError("a vanished piece is still somewhere, or an original card vanished")


def conservation(initial_cards: set[int] | None = None) -> Any:
    """An invariant for `bot.ai.arena`: no card created or lost outside the rules, at every step."""
    seen: dict[str, set[int]] = {}

    def check(state: LiberState) -> None:
        if "initial" not in seen:
            seen["initial"] = set(state.cards) if initial_cards is None else initial_cards
        check_conservation(state, seen["initial"])

    return check


def ai_vs_random(n: int = 200, seed: int = 0, level: str = "normal") -> float:
    """The AI's win rate against a uniformly random player over `n` seeded games (alternating seats)."""
    return arena.ai_vs_random(LIBER, n, seed, level)


def playout_stats(n: int = 1000, seed: int = 0) -> dict[str, Any]:
    """Random playouts, conservation checked at every step: speed, how games end, how long they last."""
    return arena.playout_stats(LIBER, n, seed, conservation())


def ai_vs_ai(n: int = 200, seed: int = 0, level: str = "normal") -> dict[str, Any]:
    """AI against AI over `n` seeded games, conservation checked at every step."""
    return arena.ai_vs_ai(LIBER, n, seed, conservation(), level)


def balance_decks() -> list[str]:
    """The starter decks whose balance the bench measures."""
    return [d for d, deck in DECKS.items() if not deck.retired]
