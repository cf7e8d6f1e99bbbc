"""The load test through the offline Discord (#16), small: two bot processes, one shard each, on one
PostgreSQL; people click the bots' buttons on four servers while one process is killed and started
again. Every shard is connected by one process, every match started ends, no confirmed move is lost,
none is applied twice, no log has a gap."""

from __future__ import annotations

from bot.devtools.load_discord import run


async def test_two_processes_through_discord_lose_nothing_when_one_is_killed(postgres_url: str) -> None:
    fig = await run(postgres_url, 2, guilds=4, rounds=1, kill=True)
    assert fig["shards_identified"] == [[0, 2], [1, 2]]  # each process connected its own shard alone
    assert (fig["lost"], fig["duplicated"], fig["log_gaps"]) == (0, 0, 0)
    # every match started is played to its end (a creation whose answer died with the process may stay
    # in its lobby: its creator made another)
    assert fig["finished"] == fig["started"] >= 6 and fig["started"] + fig["left_in_lobby"] == fig["matches"]
    assert fig["acknowledged"] > 10
