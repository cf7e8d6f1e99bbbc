"""The bot as its own process, on the loopback fake Discord: the crash campaign kills it and restarts it,
and the load test runs several of them, one shard each, on one PostgreSQL.

python -m bot.devtools.crashbot --db PATH|URL --base http://127.0.0.1:PORT [--test-games]
    [--schema NAME] [--shard K --shards N]
"""

from __future__ import annotations

import argparse
import logging
import sys


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.devtools.crashbot")
    parser.add_argument("--db", required=True)
    parser.add_argument("--base", required=True, help="the fake Discord's loopback address")
    parser.add_argument("--test-games", action="store_true")
    parser.add_argument("--schema", help="a PostgreSQL schema of its own (the load test)")
    parser.add_argument("--shard", type=int, help="this process's shard (with --shards)")
    parser.add_argument("--shards", type=int, help="how many shards the bot has")
    args = parser.parse_args(argv)
    import discord.gateway
    import discord.http
    import yarl

    from bot.app import TavernierBot
    from bot.logs import setup_logging
    from cogs.pacing import NoPace

    setup_logging("WARNING")
    logging.getLogger("discord").setLevel(logging.ERROR)
    discord.http.Route.BASE = args.base + "/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(args.base.replace("http://", "ws://") + "/gateway")
    if args.test_games:
        from bot import testgames
        from bot.engine import load_games

        load_games(testgames)
    shards = {} if args.shards is None else {"shard_ids": [args.shard or 0], "shard_count": args.shards}
    bot = TavernierBot(
        database_path=args.db,
        ai_delay=0.0,
        ai_level="easy",
        guild_ready_timeout=0.05,
        thread_pace=NoPace(),
        store_options={"schema": args.schema} if args.schema else None,
        **shards,
    )
    bot.run("fake-token", log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
