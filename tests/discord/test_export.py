"""`/partie exporter` (#31): the match's log as a file, to keep or to share.

While the match is played it holds only what the thread was shown (a hand or a sealed value must not
leave before the end); once it is over, the whole log the thread got at the end, hidden information
revealed and every sealed value opened.
"""

from __future__ import annotations

from typing import Any

from bot.devtools.table import Table
from bot.engine import Rng
from cogs.match import MatchCog
from tests.discord.conftest import started_match
from tests.discord.test_fairness import RECIPE_FR, _finished, _full_log


def _exported(table: Table, live: Any) -> tuple[dict[str, Any], str]:
    """The last exported file of this match, in its thread or the channel (the message carrying it, its text)."""
    messages = [*table.fd.messages(table.thread_of(live)), *table.fd.messages(table.channel)]
    found = [(m, a) for m in messages for a in m["attachments"] if a["filename"] == f"journal-{live.id}.txt"]
    assert found, "no log file was sent"
    message, attachment = found[-1]
    return message, table.fd.world.cdn[attachment["url"]].decode()


async def test_an_export_during_the_match_holds_only_what_the_thread_was_shown(table: Table) -> None:
    live = await started_match(table)
    rng = Rng(3)
    for _ in range(3):
        await table.play_turn(("Alice", "Bob")[min(live.to_act())], live, rng)
    assert live.rec.status == "active"
    assert await table.service.store.commitments(live.id), "the position must hold a sealed value to keep"

    await table.slash("Bob", "partie", "exporter", channel=table.thread_of(live))

    message, text = _exported(table, live)
    assert message["flags"] & 64  # to whoever asked, not to the thread
    head, blank, *lines = text.splitlines()
    assert live.id in head and blank == ""
    cog = table.bot.get_cog("MatchCog")
    assert isinstance(cog, MatchCog)
    public = [line.replace("`", "") for line in await cog.host.boards.public_log(live, "fr")]
    assert lines == public and len(lines) >= 3
    assert "🔒" not in text and not any(RECIPE_FR.search(line) for line in lines)


async def test_an_export_of_a_finished_match_is_the_full_log_the_thread_got(table: Table) -> None:
    live = await _finished(table)
    full = _full_log(table, live)

    await table.slash("Eve", "partie", "exporter", partie=live.id)

    message, text = _exported(table, live)
    assert message["flags"] & 64 and text == full
    assert any(RECIPE_FR.search(line) for line in text.splitlines())  # every sealed value opened
