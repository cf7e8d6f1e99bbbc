"""`/carte` (EN `/card`): any card of any game's content, as an image with its text."""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands
from discord.ext import commands
from rapidfuzz import fuzz

from bot.engine import CardInfo, games
from bot.engine.names import fold
from bot.i18n import game_name, t
from renderers import to_png
from renderers.cards import render_card
from renderers.registry import renderer_for

from . import presenters as p
from .host import Host
from .i18n import ls


def all_cards(game: str | None = None) -> list[CardInfo]:
    return [c for g in games() if game in (None, g.key) for c in g.cards()]


def find_cards(query: str, game: str | None, locale: str, limit: int = 25) -> list[CardInfo]:
    """Accent- and case-insensitive, typo-tolerant: both languages' names are searched."""
    needle = fold(query.strip())
    cards = all_cards(game)
    if not needle:
        return sorted(cards, key=lambda c: (c.game, fold(c.name_for(locale))))[:limit]
    scored = []
    for c in cards:
        names = [fold(n) for n in c.name.values()]
        score = max(100.0 if needle in n else fuzz.WRatio(needle, n) for n in names)
        if score >= 60:
            scored.append((score, c))
    scored.sort(key=lambda sc: (-sc[0], sc[1].name_for(locale)))
    return [c for _, c in scored[:limit]]


def render_card_png(card: CardInfo, locale: str) -> bytes:
    fn = renderer_for(card.game).card or render_card
    return to_png(fn(card, locale=locale))


class CardsCog(commands.Cog):
    def __init__(self, bot: commands.Bot, host: Host) -> None:
        self.bot = bot
        self.host = host

    @app_commands.command(name=ls("carte", "cmd.carte.name"), description=ls("Montrer une carte", "cmd.carte.desc"))
    @app_commands.rename(name=ls("nom", "opt.nom.name"), game=ls("jeu", "opt.jeu.name"))
    @app_commands.describe(
        name=ls("Le nom de la carte", "opt.nom.desc"), game=ls("Limiter à un jeu", "opt.regle_jeu.desc")
    )
    async def card(self, interaction: discord.Interaction, name: str, game: str | None = None) -> None:
        host = self.host
        locale = host.locales.guild(interaction)
        try:
            key, _, card_id = name.partition(":")
            card = next((c for c in all_cards(key) if c.id == card_id), None) if card_id else None
            if card is None:
                found = find_cards(name, game, locale, 1)
                card = found[0] if found else None
            if card is None:
                await host.say(
                    interaction,
                    t("cards.nothing", host.locales.user(interaction), q=p.safe_name(p.clean_text(name, 100))),
                )
                return
            await interaction.response.defer(thinking=True)
            png = await asyncio.to_thread(render_card_png, card, locale)
            embed = discord.Embed(
                title=card.name_for(locale)[:256],
                description="\n".join(card.lines_for(locale))[:4096],
                colour=discord.Colour.dark_gold(),
            )
            embed.set_image(url="attachment://card.png")
            embed.set_footer(text=f"{game_name(card.game, locale)} · {card.id}")
            await interaction.followup.send(embed=embed, file=discord.File(io.BytesIO(png), filename="card.png"))
        except Exception as exc:
            await host.fail(interaction, exc)

    @card.autocomplete("name")
    async def _names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        locale = self.host.locales.user(interaction)
        ns = interaction.namespace
        game = getattr(ns, "jeu", None) or getattr(ns, "game", None)
        out = []
        for c in find_cards(current, game, locale):
            label = f"{c.name_for(locale)} · {game_name(c.game, locale)}"
            out.append(app_commands.Choice(name=label[:100], value=f"{c.game}:{c.id}"[:100]))
        return out

    @card.autocomplete("game")
    async def _games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        locale = self.host.locales.user(interaction)
        return [app_commands.Choice(name=game_name(g.key, locale)[:100], value=g.key) for g in games() if g.cards()][
            :25
        ]
