"""The host's own test games (not among the five rule systems): small, but each exercises the kernel.

- `duel`: hidden hands, a secret simultaneous choice (committed, then revealed), a follow-up
  decision, phases and chance;
- `palet`: a continuous action (a puck placed anywhere on a 24"×24" board, integer coordinates),
  suggestions, typed coordinates, a preview before Confirm, and an AI over suggestions.

Each is a folder whose `__init__.py` builds `GAME`, exactly as a real game's: the tests and
`python -m bot demo --with-test-game` register them with `bot.engine.load_games(bot.testgames)`,
never production.
"""
