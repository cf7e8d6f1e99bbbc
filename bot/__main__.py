"""`python -m bot [run|demo|bench|regle|screens|migrate-db]`: the bot, the offline demo, the benchmark, the
rules CLI, the board images of the docs, and the move of a SQLite database into PostgreSQL."""

from __future__ import annotations

import importlib
import sys

#: Each command's module, which has a `main(argv) -> int`. A command imports its module alone, by
#: name, when it is chosen: `regle` starts without loading discord.py, `run` without the dev tools.
COMMANDS = {
    "run": "bot.app",
    "demo": "bot.devtools.demo",
    "bench": "bot.devtools.bench",
    "screens": "bot.devtools.screens",
    "migrate-db": "bot.devtools.migrate_db",
    "regle": "bot.rules.cli",
    "rules": "bot.rules.cli",
}


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    command = args.pop(0) if args and not args[0].startswith("-") else "run"
    if command not in COMMANDS:
        print(f"unknown command: {command} (run, demo, bench, regle, screens, migrate-db)", file=sys.stderr)
        return 2
    code: int = importlib.import_module(COMMANDS[command]).main(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
