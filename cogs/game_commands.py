"""One slash command group per game, named by its `GameDef.command`, built from the game's `decisions`.

`/<game> <family> choix:<autocomplete>`: the option suggests the caller's choices of that family only
(the value is `version:` and the action by value, public data), so every decision of every phase has
a command. A typed value the suggestions match (a coordinate, a card's name) is played too; anything
else gets a clear answer.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.engine import AnyGameDef
from bot.i18n import catalog
from bot.services import ServiceError

from .host import Host
from .i18n import ls


def _text(key: str, fallback: str) -> str:
    return catalog().get(key, "fr") or fallback


def build_game_group(game: AnyGameDef, host: Host) -> app_commands.Group | None:
    """The `/<command>` group of a game with declared decisions (None when it has none)."""
    families = game.rules.families
    if not families:
        return None
    key = game.key
    group = app_commands.Group(
        name=ls(game.command, f"{key}.cmd.name"),
        description=ls(_text(f"{key}.cmd.desc", key)[:100], f"{key}.cmd.desc"),
        guild_only=True,
    )
    for slug, kinds in families.items():
        group.add_command(_decision_command(key, slug, tuple(kinds), host))
    return group


def _decision_command(key: str, slug: str, kinds: tuple[str, ...], host: Host) -> app_commands.Command[Any, Any, Any]:
    async def callback(interaction: discord.Interaction, choix: str) -> None:
        try:
            live = await host.match_here(interaction)
            if live.game.key != key:
                raise ServiceError("wrong_game")
        except Exception as exc:
            await host.fail(interaction, exc)
            return
        await host.moves.act_typed(interaction, live, choix, kinds)

    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        live = await host.service.by_thread(interaction.channel_id) if interaction.channel_id else None
        if live is None or live.state is None or live.game.key != key:
            return []
        return [
            app_commands.Choice(name=n, value=v) for n, v in host.moves.autocomplete(interaction, live, current, kinds)
        ]

    callback = app_commands.rename(choix=ls("choix", "opt.choix.name"))(callback)
    callback = app_commands.describe(choix=ls("Votre choix (dans la liste)", "opt.choix.desc"))(callback)
    command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name=ls(slug, f"{key}.decision.{slug}"),
        description=ls(_text(f"{key}.decision.{slug}.desc", slug)[:100], f"{key}.decision.{slug}.desc"),
        callback=callback,
    )
    command.autocomplete("choix")(complete)
    return command
