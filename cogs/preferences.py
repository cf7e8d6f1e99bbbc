"""`/preferences` (EN `/preferences`): how a player wants to be told that a game waits for them.

Works in a server and in the bot's DMs; the answer is private and in the player's language.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.services.preferences import AWAY_MINUTES

from .answers import Answering, say
from .host import Host
from .i18n import ls

#: The French names of the `mp_apres:` choices (the English ones are in the catalog).
AWAY_FR = {0: "Tout de suite", 5: "5 minutes", 30: "30 minutes", 120: "2 heures"}
AWAY_CHOICES: list[app_commands.Choice[str]] = [
    app_commands.Choice(name=ls(AWAY_FR[n], f"choice.away.{n}"), value=str(n)) for n in AWAY_MINUTES
]


class PreferencesCog(commands.Cog):
    def __init__(self, bot: commands.Bot, host: Host) -> None:
        self.bot = bot
        self.host = host

    @app_commands.command(
        name=ls("preferences", "cmd.preferences.name"),
        description=ls("Vos préférences de notification", "cmd.preferences.desc"),
    )
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.rename(
        notify=ls("notifications", "opt.notifications.name"),
        forced=ls("choix_uniques", "opt.forced.name"),
        away=ls("mp_apres", "opt.away.name"),
        learn=ls("presentations", "opt.presentations.name"),
        pile=ls("pile", "opt.pile.name"),
    )
    @app_commands.describe(
        notify=ls("Quand recevoir un message privé", "opt.notifications.desc"),
        forced=ls("Les décisions sans autre choix possible", "opt.forced.desc"),
        away=ls("Quand vous venez de jouer, combien de temps le message privé attend", "opt.away.desc"),
        learn=ls("Les présentations des parties d'apprentissage (/partie apprendre)", "opt.presentations.desc"),
        pile=ls("Les pauses pour répondre quand vous n'avez rien à y jouer", "opt.pile.desc"),
    )
    @app_commands.choices(
        notify=[
            app_commands.Choice(name=ls("Quand c'est à moi de jouer (un seul MP)", "choice.notify.turn"), value="turn"),
            app_commands.Choice(name=ls("À chaque coup", "choice.notify.every"), value="every"),
        ],
        forced=[
            app_commands.Choice(name=ls("Jouées pour moi", "choice.forced.auto"), value="auto"),
            app_commands.Choice(name=ls("Me les demander", "choice.forced.ask"), value="ask"),
        ],
        away=AWAY_CHOICES,
        learn=[
            app_commands.Choice(name=ls("Les afficher", "choice.presentations.on"), value="on"),
            app_commands.Choice(name=ls("Ne plus les afficher", "choice.presentations.off"), value="off"),
        ],
        pile=[
            app_commands.Choice(name=ls("Passer pour moi", "choice.pile.auto"), value="auto"),
            app_commands.Choice(name=ls("Toujours me demander", "choice.pile.ask"), value="ask"),
        ],
    )
    async def preferences(
        self,
        interaction: discord.Interaction,
        notify: str | None = None,
        forced: str | None = None,
        away: str | None = None,
        learn: str | None = None,
        pile: str | None = None,
    ) -> None:
        async with Answering(self.host, interaction) as a:
            service = self.host.service
            on = None if learn is None else learn == "on"
            given = (
                ("notify", notify),
                ("forced", forced),
                ("pile", pile),
                ("away", away and int(away)),
                ("learn", on),
            )
            asked: dict[str, str | int] = {k: v for k, v in given if v is not None}
            if asked:
                prefs = await service.set_preferences(interaction.user.id, **asked)
            else:
                prefs = await service.preferences(interaction.user.id)
            key = "pref.saved" if asked else "pref.current"
            away_text = a.t("pref.away", n=prefs.away) if prefs.away else a.t("pref.away.none")
            notify_text, forced_text = a.t(f"pref.notify.{prefs.notify}"), a.t(f"pref.forced.{prefs.forced}")
            text = a.t(key, notify=notify_text, forced=forced_text, away=away_text)
            lines = (text, a.t(f"pref.pile.{prefs.pile}"), a.t(f"pref.learn.{'on' if prefs.learn else 'off'}"))
            await say(interaction, "\n".join(lines))
