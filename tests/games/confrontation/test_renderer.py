"""Confrontation's table drawn for a phone: every text legible, in the font, inside the image."""

from __future__ import annotations

from bot.ai import RandomAgent, arena
from bot.games.confrontation.game import CONFRONTATION
from renderers.confrontation import render_board, render_hand
from tests.support.phone import assert_reads_on_a_phone


def _states(seed: int) -> list:  # type: ignore[type-arg]
    states: list = []
    arena.play(CONFRONTATION, (CONFRONTATION.agent("easy"), RandomAgent()), seed, invariant=states.append)
    return states


def test_every_text_reads_on_a_phone_along_a_whole_match() -> None:
    """Along a whole match (losses in three digits, fighters taking cover): no text below phone size,
    no character the font lacks, nothing cut at the edge."""
    states = _states(4)
    covered = [s for s in states if any(f.covered for f in s.fighters)]
    assert covered
    last = states[-1]
    heavy = last.model_copy(
        update={
            "sides": tuple(
                side.model_copy(update={"name": "Tavernier (IA) et sa longue barbe", "lost": 188 + i})
                for i, side in enumerate(last.sides)
            )
        }
    )
    picked = states[::25] + covered[:2] + [heavy]
    assert assert_reads_on_a_phone(CONFRONTATION, picked, render_board, render_hand) > 20
