"""A few kills of a real bot process in the middle of play (the benchmark runs a hundred): no move the
players were told was played is lost, no step is half applied, nothing is left undelivered."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.devtools.crash import Campaign, run


async def test_kills_lose_nothing(tmp_path: Path) -> None:
    report = await run(kills=3, seed=7, workdir=tmp_path)
    assert report.kills == 3 and report.restarts == 3
    assert report.acknowledged > 0 and report.matches_finished >= 2
    assert (report.lost, report.half_applied, report.undelivered_after_restart) == (0, 0, 0), report.problems


async def test_the_checks_can_fail(tmp_path: Path) -> None:
    """The campaign's checks see a lost move, a half-applied match and a stuck outbox."""
    await run(kills=1, seed=3, workdir=tmp_path)
    campaign = Campaign(tmp_path, seed=0)
    con = sqlite3.connect(campaign.db)
    mid, version = con.execute("SELECT id, version FROM matches WHERE version > 3 LIMIT 1").fetchone()
    assert con.execute("SELECT count(*) FROM log WHERE match_id=? AND seq=0 AND delivered=1", (mid,)).fetchone()[0]
    # the check counts the steps of a stuck outbox that `settled` names, or every one: name only this one
    stuck = {(mid, 0)}
    campaign.acknowledged[(mid, 1)] = "nothing~"  # a confirmation for a move that is not in the log
    con.execute("DELETE FROM log WHERE match_id=? AND seq=?", (mid, version - 1))
    con.execute("UPDATE log SET delivered=0 WHERE match_id=? AND seq=0", (mid,))
    con.commit()
    con.close()
    campaign.check_database(stuck)
    assert campaign.report.half_applied == 1 and campaign.report.undelivered_after_restart == 1
    campaign.acknowledged[(mid, 1)] = "nothing~"
    con = sqlite3.connect(campaign.db)
    con.execute("UPDATE matches SET version = version - 1 WHERE id=?", (mid,))
    con.commit()
    con.close()
    campaign.check_database(stuck)
    assert campaign.report.lost == 1


async def test_only_a_step_the_outbox_kept_through_the_settling_counts_as_undelivered(tmp_path: Path) -> None:
    """A step saved after the restarted bot settled (an AI seat playing on) is not one the crash left
    behind: `settled` names the steps still waiting when it gave up, and only those count."""
    campaign = Campaign(tmp_path, seed=0)
    con = sqlite3.connect(campaign.db)
    con.execute("CREATE TABLE log (match_id TEXT, seq INTEGER, delivered INTEGER)")
    con.execute("INSERT INTO log VALUES ('m', 0, 1), ('m', 1, 0)")
    con.commit()
    assert await campaign.settled(timeout=0.1) == {("m", 1)}
    con.execute("UPDATE log SET delivered = 1")
    con.commit()
    con.close()
    assert await campaign.settled(timeout=5) == set()
