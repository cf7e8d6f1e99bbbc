"""`python -m bot [run|demo|bench|regle|screens|migrate-db]`: the bot, the offline demo, the benchmark, the
rules CLI, the board images of the docs, and the move of a SQLite database into PostgreSQL."""

from __future__ import annotations

import argparse
import asyncio
import sys


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    command = args.pop(0) if args and not args[0].startswith("-") else "run"
    if command == "run":
        return run(args)
    if command == "demo":
        from bot.devtools.demo import main as demo_main

        return demo_main(args)
    if command == "bench":
        from bot.devtools.bench import main as bench_main

        return bench_main(args)
    if command == "screens":
        from bot.devtools.screens import main as screens_main

        return screens_main(args)
    if command == "migrate-db":
        from bot.devtools.migrate_db import main as migrate_main

        return migrate_main(args)
    if command in ("regle", "rules"):
        from bot.rules.cli import main as rules_main

        return rules_main(args)
    print(f"unknown command: {command} (run, demo, bench, regle, screens, migrate-db)", file=sys.stderr)
    return 2


NO_TOKEN = """\
No DISCORD_TOKEN is set.

To run Tavernier on Discord:
  1. Create an application at https://discord.com/developers/applications, add a bot, copy its token.
  2. Copy .env.example to .env and set DISCORD_TOKEN (and DEV_GUILD_ID for instant command sync).
  3. Invite the bot with the link given in the README (scopes bot + applications.commands).

Without a token you can still watch complete matches, AI against AI, against a simulated Discord:
  python -m bot demo
"""


def run(args: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the Tavernier Discord bot.")
    parser.parse_args(args)
    from bot.config import Settings
    from bot.logs import setup_logging

    settings = Settings()
    setup_logging(settings.log_level)
    if not settings.discord_token:
        print(NO_TOKEN, file=sys.stderr)
        return 1
    from bot.storage import StorageUnavailable, Store, is_postgres

    try:  # fail now, clearly, rather than inside the gateway loop
        if is_postgres(settings.database):
            asyncio.run(_check_postgres(settings.database))
        else:
            Store.check(settings.database)
    except StorageUnavailable as exc:
        setting = "DATABASE_URL" if is_postgres(settings.database) else "DATABASE_PATH"
        print(f"Tavernier cannot use its database: {exc.message}. Check {setting}.", file=sys.stderr)
        return 3
    from bot.app import TavernierBot

    bot = TavernierBot(
        database_path=settings.database,
        dev_guild_id=settings.dev_guild_id,
        default_locale=settings.default_locale,
        ai_delay=settings.ai_delay,
        **settings.shards(),
    )
    bot.run(settings.discord_token, log_handler=None)
    return 0


async def _check_postgres(url: str) -> None:
    from bot.storage import open_store

    store = await open_store(url)
    await store.close()


if __name__ == "__main__":
    sys.exit(main())
