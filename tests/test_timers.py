"""The time of a match, pure: waits, clocks with increments, reminders, absences, durations."""

from __future__ import annotations

import pytest

from bot.services import ServiceError
from bot.services.timers import DAY, HOUR, MINUTE, Timers, parse_clock, parse_duration, parse_remind


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
    t = t.reminded(1, DAY)
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


def test_a_judges_pause_stops_every_clock_even_through_an_absence_or_a_move() -> None:
    t = Timers(clock=DAY).step(set(), {0, 1}, None, now=0.0, over=False)
    t = t.pause(HOUR)  # an hour ran for both
    assert t.left(0, 5 * DAY) == t.left(1, 5 * DAY) == DAY - HOUR and not t.reminder_due(0, 5 * DAY)
    t = t.go_away(0, 2 * HOUR, 3 * HOUR, ai=False)  # the paused hour is not charged either
    t = t.step({0, 1}, {0}, 1, now=3 * HOUR, over=False)  # seat 1 plays during the pause
    assert t.seat(1).bank == DAY - HOUR and t.seat(0).bank == DAY - HOUR
    t = t.resume(10 * HOUR)  # seat 0's absence is over by then: its clock runs from now
    assert t.left(0, 11 * HOUR) == DAY - 2 * HOUR
    with pytest.raises(ServiceError):
        t.resume(11 * HOUR)


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


@pytest.mark.parametrize(
    ("text", "code"),
    [("0,01m", "clock_range"), ("59min", "clock_range"), ("31j", "clock_range"), ("3j+30", "increment_range")],
)
def test_a_clock_nobody_could_notice_or_that_never_ends_is_refused(text: str, code: str) -> None:
    with pytest.raises(ServiceError) as refused:
        parse_clock(text)
    assert refused.value.code == code and refused.value.params["least"] > 0


def test_clock_bounds_and_an_increment_of_zero() -> None:
    assert parse_clock("1h") == (HOUR, 0.0) and parse_clock("30j") == (30 * DAY, 0.0)
    assert parse_clock("3j+0") == (3 * DAY, 0.0) and parse_clock("1h+1min") == (HOUR, MINUTE)
    with pytest.raises(ServiceError, match="increment_range"):
        parse_clock("3j+0,5m")


@pytest.mark.parametrize("text", ["1m", "30min", "0,5h", "31j"])
def test_reminders_more_often_than_hourly_or_rarer_than_monthly_are_refused(text: str) -> None:
    with pytest.raises(ServiceError) as refused:
        parse_remind(text)
    assert refused.value.code == "remind_range"
    assert parse_remind("1h") == HOUR and parse_remind("24h") == DAY


def test_an_absence_lasts_at_least_an_hour() -> None:
    t = Timers().step(set(), {0}, None, now=0.0, over=False)
    with pytest.raises(ServiceError, match="absence_length"):
        t.go_away(0, 0.0, 30 * MINUTE, ai=False)
    assert t.go_away(0, 0.0, HOUR, ai=False).absent(0, 30 * MINUTE)


def _reminders_in(t: Timers, start: float, minutes: int) -> list[float]:
    """Tick every minute like the bot does; the times reminders went out."""
    sent = []
    for m in range(minutes + 1):
        now = start + m * MINUTE
        if t.reminder_due(1, now):
            t, _ = t.reminded(1, now), sent.append(now)
    return sent


def test_a_row_saved_with_reminders_every_minute_reminds_hourly() -> None:
    old = {"remind_after": 60.0, "remind_every": 60.0}  # `rappel:1m`, accepted before the bounds
    t = Timers.model_validate(old).step(set(), {1}, None, now=0.0, over=False)
    sent = _reminders_in(t, 0.0, 180)
    assert sent == [HOUR, 2 * HOUR, 3 * HOUR]


def test_reminders_missed_while_the_bot_was_down_catch_up_once() -> None:
    t = Timers(remind_after=HOUR, remind_every=HOUR).step(set(), {1}, None, now=0.0, over=False)
    sent = _reminders_in(t, 10 * DAY, 90)  # back after ten days: one reminder, the next an hour later
    assert sent == [10 * DAY, 10 * DAY + HOUR]


def test_every_change_returns_new_timers_and_leaves_the_old_ones_as_they_were() -> None:
    """A loaded match reads its timers once per record (`LiveMatch.timers`) and shares that object: a
    change made in place would alter what the stored row says without a step."""
    t = Timers(clock=2 * DAY, increment=HOUR).step(set(), {0, 1}, None, 0.0, over=False)
    t = t.go_away(1, 10.0, 3 * DAY, ai=False)
    before = t.model_dump(mode="json")
    changed = [
        t.step({0, 1}, {1}, 0, 100.0, over=False),
        t.step({0, 1}, set(), 0, 100.0, over=True),
        t.reminded(0, 2 * DAY),
        t.nudge(0, 50.0),
        t.go_away(0, 60.0, 2 * DAY, ai=True),
        t.come_back(1, 70.0),
        t.pause(80.0),
        t.hand_to_ai(0),
    ]
    assert t.model_dump(mode="json") == before
    assert all(c is not t and c.model_dump(mode="json") != before for c in changed)
    assert (t.left(0, 500.0), t.reminder_due(1, 3 * DAY), t.ai_plays(1, 20.0)) == (2 * DAY - 500.0, False, False)
    assert t.model_dump(mode="json") == before
