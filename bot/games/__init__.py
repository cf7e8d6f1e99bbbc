"""The five rule systems, one folder each; each folder's `__init__.py` builds `GAME` (a `bot.engine.GameDef`).

`bot.engine.load_games(bot.games)` finds and registers them (docs/adding-a-game.md).
"""
