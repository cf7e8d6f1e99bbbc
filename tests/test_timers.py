"""The time of a match, pure: waits, clocks with increments, reminders, absences, durations."""

from __future__ import annotations

import pytest

from bot.services import ServiceError
from bot.services.timers import DAY, HOUR, Timers, parse_clock, parse_duration


def test_a_wait_charges_the_clock_and_the_increment_comes_when_it_ends() -> None:
    t = Timers(clock=3 * DAY, increment=DAY)
    t = t.step(set(), {0}, None, now=0.0, over=False)  # the game begins, waiting for seat 0
    assert t.left(0, 2 * HOUR) == 3 * DAY - 2 * HOUR
    t = t.step({0}, {1}, 0, now=10 * HOUR, over=False)
    assert t.seat(0).bank == 3 * DAY - 10 * HOUR + DAY and t.seat(0).waiting_since is None
    assert t.seat(1).waiting_since == 10 * HOUR
    assert t.left(1, 10 * HOUR + 4 * DAY) is not None and t.left(1, 10 * HOUR + 4 * DAY) < 0


def test_reminders_fall_due_after_the_first_delay_then_every_period() -> None:
    t = Timers(remind_after=DAY, remind_every=12 * HOUR).step(set(), {1}, None, now=0.0, over=False)
    assert not t.reminder_due(1, DAY - 1)
    assert t.reminder_due(1, DAY)
    t = t.reminded(1)
    assert not t.reminder_due(1, DAY + 11 * HOUR) and t.reminder_due(1, DAY + 12 * HOUR)
    t = t.step({1}, {0}, 1, now=2 * DAY, over=False)  # they played: the count starts again
    assert t.seat(1).reminded == 0


def test_an_absence_pauses_the_clock_and_reminders_and_is_limited() -> None:
    t = Timers(clock=DAY).step(set(), {0}, None, now=0.0, over=False)
    t = t.go_away(0, 6 * HOUR, 3 * DAY, ai=False)
    assert t.seat(0).bank == 18 * HOUR
    assert t.left(0, 2 * DAY) == 18 * HOUR and not t.reminder_due(0, 2 * DAY)
    assert t.left(0, 3 * DAY + 6 * HOUR + 2 * HOUR) == 16 * HOUR  # counting again after it
    for n in range(2):
        t = t.go_away(0, (n + 1) * 5 * DAY, DAY, ai=True)
    with pytest.raises(ServiceError) as refused:
        t.go_away(0, 16 * DAY, DAY, ai=False)
    assert refused.value.code == "absence_limit"
    with pytest.raises(ServiceError):
        t.go_away(0, 0.0, 30 * DAY, ai=False)
    assert t.ai_plays(0, 10 * DAY + HOUR) and not t.ai_plays(0, 12 * DAY)


def test_a_nudge_is_once_a_day() -> None:
    t = Timers().nudge(1, 0.0)
    with pytest.raises(ServiceError) as refused:
        t.nudge(1, 20 * HOUR)
    assert refused.value.code == "nudge_too_soon" and refused.value.params["hours"] == 4
    t.nudge(1, DAY)


@pytest.mark.parametrize(
    ("text", "seconds"), [("3j", 3 * DAY), ("3d", 3 * DAY), ("12h", 12 * HOUR), ("1,5j", 1.5 * DAY), ("2", 2 * DAY)]
)
def test_durations_read_as_players_write_them(text: str, seconds: float) -> None:
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["", "trois jours", "-1j", "0", "1e9", "5y", "9999j"])
def test_bad_durations_are_refused_clearly(text: str) -> None:
    with pytest.raises(ServiceError) as refused:
        parse_duration(text)
    assert refused.value.code == "bad_duration"


def test_clock_with_and_without_increment() -> None:
    assert parse_clock("3j+1j") == (3 * DAY, DAY)
    assert parse_clock("2j") == (2 * DAY, 0.0)
