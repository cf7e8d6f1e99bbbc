"""Colors of Magic, the first table game (issue #13): not offered to players until its table renderer lands;
`bot.games.colors.game.COLORS` is the game."""
