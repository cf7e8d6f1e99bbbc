"""The bot as its own process, on the loopback fake Discord: the crash campaign kills it and restarts it.

python -m bot.devtools.crashbot --db PATH --base http://127.0.0.1:PORT [--test-games]
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
        from bot.testgames import register_test_games

        register_test_games()
    bot = TavernierBot(
        database_path=args.db, ai_delay=0.0, ai_level="easy", guild_ready_timeout=0.05, thread_pace=NoPace()
    )
    bot.run("fake-token", log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
