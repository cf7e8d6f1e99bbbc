"""The play-by-post targets of #26, on a whole seeded match of each game between two people through the
real bot (bot/devtools/traffic.py; `python -m bot bench` prints the same figures): ≤ 30 DMs per player
when both play live, at most one DM per wait (and the result) when they do not, ≤ 1 mention per turn,
≤ 1.5 REST calls per move besides the answers to a player's own clicks."""

from __future__ import annotations

import pytest

from bot import games as game_folders
from bot.devtools.traffic import Traffic, match_traffic
from bot.engine import load_games

KEYS = sorted(g.key for g in load_games(game_folders))


def _common(traffic: Traffic) -> None:
    assert traffic.moves > 40, traffic.summary()  # a real match, played to its end
    for who in traffic.dms_per_player:  # Alice and Bob; Alice alone against WarCry's solo warband
        assert traffic.mentions_per_player[who] <= traffic.waits_per_player[who], traffic.summary()
    assert traffic.user_lookups == 0 and traffic.dm_channel_opens == 0
    assert traffic.rest_per_move <= 1.5, traffic.summary()
    # a board as phases change (#26 item 5: Colors showed one about once a round): two phases often end in
    # one post, which carries one board, so at least two boards for five phases
    assert traffic.phases > 0 and traffic.thread_boards * 5 >= traffic.phases * 2, traffic.summary()


@pytest.mark.timeout(1800)  # a Colors match is some 300 moves through the fake Discord
@pytest.mark.parametrize("key", KEYS)
async def test_a_whole_match_keeps_to_the_play_by_post_targets(key: str) -> None:
    live = await match_traffic(key, seed=1, pace="live")
    _common(live)
    assert set(live.dms_per_player) == ({"Alice"} if key == "warcry" else {"Alice", "Bob"})
    for who in live.dms_per_player:
        assert live.dms_per_player[who] <= 30, live.summary()

    away = await match_traffic(key, seed=1, pace="away")
    _common(away)
    for who in away.dms_per_player:
        assert away.dms_per_player[who] <= away.waits_per_player[who] + 1, away.summary()  # and the result
