"""`python -m bot [run|demo|bench|regle|screens|migrate-db]`: the bot, the offline demo, the benchmark, the
rules CLI, the board images of the docs, and the move of a SQLite database into PostgreSQL."""

from __future__ import annotations

import importlib
import sys

#: Each command's module, which has a `main(argv) -> int`, and what it does. A command imports its module
#: alone, by name, when it is chosen: `regle` starts without loading discord.py, `run` without the dev tools.
COMMANDS = {
    "run": ("bot.app", "run the bot on Discord (the default; needs DISCORD_TOKEN)"),
    "demo": ("bot.devtools.demo", "play whole matches AI against AI on a simulated Discord, no token needed"),
    "regle": ("bot.rules.cli", "look up a rule of a game (also: rules)"),
    "rules": ("bot.rules.cli", ""),
    "bench": ("bot.devtools.bench", "measure speed and memory (--json for tools)"),
    "migrate-db": ("bot.devtools.migrate_db", "copy a SQLite database into PostgreSQL"),
    "screens": ("bot.devtools.screens", "draw the board images of the documentation"),
}

USAGE = "usage: python -m bot [command] [options]   (python -m bot <command> --help for its options)"


def usage() -> str:
    """The commands, one a line: what `python -m bot --help` prints."""
    lines = [USAGE, "", "commands:"]
    lines += [f"  {name:<11} {what}" for name, (_, what) in COMMANDS.items() if what]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    command = args.pop(0) if args and not args[0].startswith("-") else "run"
    if command not in COMMANDS:
        print(f"unknown command: {command}\n{usage()}", file=sys.stderr)
        return 2
    code: int = importlib.import_module(COMMANDS[command][0]).main(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
