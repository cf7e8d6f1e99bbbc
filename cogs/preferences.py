"""`/preferences` (EN `/preferences`): how a player wants to be told that a game waits for them.

Works in a server and in the bot's DMs; the answer is private and in the player's language.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from .answers import Answering, say
from .host import Host
from .i18n import ls


class PreferencesCog(commands.Cog):
    def __init__(self, bot: commands.Bot, host: Host) -> None:
        self.bot = bot
        self.host = host

    @app_commands.command(
        name=ls("preferences", "cmd.preferences.name"),
        description=ls("Vos préférences de notification", "cmd.preferences.desc"),
    )
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.rename(notify=ls("notifications", "opt.notifications.name"))
    @app_commands.describe(notify=ls("Quand recevoir un message privé", "opt.notifications.desc"))
    @app_commands.choices(
        notify=[
            app_commands.Choice(name=ls("Quand c'est à moi de jouer (un seul MP)", "choice.notify.turn"), value="turn"),
            app_commands.Choice(name=ls("À chaque coup", "choice.notify.every"), value="every"),
        ]
    )
    async def preferences(self, interaction: discord.Interaction, notify: str | None = None) -> None:
        async with Answering(self.host, interaction) as a:
            service = self.host.service
            if notify is None:
                prefs = await service.preferences(interaction.user.id)
            else:
                prefs = await service.set_preferences(interaction.user.id, notify=notify)
            key = "pref.saved" if notify is not None else "pref.current"
            await say(interaction, a.t(key, notify=a.t(f"pref.notify.{prefs.notify}")))
