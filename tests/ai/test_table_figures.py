"""The bench's timed samples of the table games (bot/ai/table_figures.py): what a collector's pause does
to them, and the bench's own positions held out of its way."""

from __future__ import annotations

import gc

from bot.ai import table_figures


def test_a_timed_call_says_how_long_the_collector_paused_in_it() -> None:
    timings = table_figures.Timings()
    with timings.timed():
        sum(range(1000))
    with timings.timed():
        gc.collect()  # a full collection inside the call, as one may land in a suggestion's
    assert timings.collector[0] == 0.0 < timings.collector[1] <= timings.wall[1]
    assert timings.figures()["gc_ms_max"] == round(timings.collector[1], 2)
    assert not any(getattr(c, "__name__", "") == "collecting" for c in gc.callbacks)


def test_the_positions_are_held_apart_only_while_calls_are_timed() -> None:
    held = [[n] for n in range(1000)]  # a game's positions, built before the calls
    with table_figures.apart():
        assert gc.get_freeze_count() >= len(held)
    assert gc.get_freeze_count() == 0
