"""`/regle` (EN `/rules`): the rules lookup for the whole table, in any channel.

Answers are public by default (the table argues, the bot settles it), private on request. The
related rules are buttons; in a match thread a button pins the answer to the thread. Refusals
from the games carry a button that shows the rule they cite (see `rule_view`).
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine.names import fold
from bot.i18n import SUPPORTED, t
from bot.rules import by_id
from bot.rules.loader import registered_files
from bot.rules.search import default_index, game_label, game_words, names_a_game
from bot.rules.sources import official, public_source

from . import presenters as p
from .components import host_of
from .i18n import ls

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("tavernier.cogs.rules")

#: Below this search score the best hit is a guess, not an answer (nonsense scores 10-30, real questions 80+).
MIN_SCORE = 45.0


def game_choices(current: str) -> list[app_commands.Choice[str]]:
    """`/regle jeu:`: the registered games that have rules entries, by name (a game registered after
    the cog loaded shows too, hence autocomplete rather than fixed choices)."""
    typed = fold(current)
    named = [(game_label(key), key) for key, _ in registered_files()]
    return [app_commands.Choice(name=n, value=k) for n, k in sorted(named) if typed in fold(n) or typed in k][:25]


def game_named(value: str | None) -> str | None:
    """The game a `jeu:` value names (a key from the list, or a name or word typed); None: every game."""
    if not value:
        return None
    keys = {key for key, _ in registered_files()}
    folded = fold(value)
    words, phrases = game_words()
    by_label = {fold(game_label(k, loc)): k for k in keys for loc in SUPPORTED}
    found = value if value in keys else words.get(folded) or phrases.get(folded) or by_label.get(folded)
    return found if found in keys else None


def rule_embed(entry: Any, locale: str) -> discord.Embed:
    embed = discord.Embed(
        title=entry.title_for(locale)[:256],
        description=entry.body_for(locale)[:4096],
        colour=discord.Colour.dark_teal(),
    )
    source = public_source(entry, locale)
    label = game_label(entry.game, locale)
    footer = label if source is None else t("rules.footer", locale, game=label, source=source)
    if official(entry):
        footer = t("rules.official", locale) + " · " + footer
    elif entry.decision:
        footer = t("rules.decision", locale) + " · " + footer
    embed.set_footer(text=footer[:2048])
    return embed


def _label(item: discord.ui.Item[Any], default: str) -> str:
    """The label of the button clicked (a DynamicItem is rebuilt from it)."""
    return (item.label if isinstance(item, discord.ui.Button) else None) or default


class RuleButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tv:rule:(?P<id>[a-z0-9_.-]{3,90})"):
    """Shows one rule privately to whoever clicks (the id is public data)."""

    def __init__(self, rule_id: str, *, label: str = "📖") -> None:
        self.rule_id = rule_id
        super().__init__(discord.ui.Button(label=label[:80], custom_id=f"tv:rule:{rule_id}"[:100]))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RuleButton:
        return cls(match["id"], label=_label(item, "📖"))

    async def callback(self, interaction: discord.Interaction) -> None:
        host = host_of(interaction)
        locale = host.locales.user(interaction)
        entry = by_id().get(self.rule_id)
        if entry is None:
            await host.say(interaction, t("rules.unknown", locale))
            return
        await interaction.response.send_message(
            embed=rule_embed(entry, locale), view=related_view(entry, locale, pin=False), ephemeral=True
        )


class PinButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tv:pin"):
    """Pins the rule answer it is attached to in the match thread."""

    def __init__(self, *, label: str = "📌") -> None:
        super().__init__(discord.ui.Button(label=label[:80], custom_id="tv:pin", style=discord.ButtonStyle.secondary))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PinButton:
        return cls(label=_label(item, "📌"))

    async def callback(self, interaction: discord.Interaction) -> None:
        host = host_of(interaction)
        locale = host.locales.user(interaction)
        message = interaction.message
        perms = getattr(interaction, "permissions", None)
        if not (perms and perms.manage_messages):  # pinning is a moderator's act
            await host.say(interaction, t("rules.pin_not_allowed", locale))
            return
        if message is None:
            await host.say(interaction, t("rules.pin_failed", locale))
            return
        try:
            await message.pin(reason="Tavernier: rule pinned to the match")
            await host.say(interaction, t("rules.pinned", locale))
        except discord.Forbidden:
            await host.say(interaction, t("rules.pin_forbidden", locale))
        except discord.HTTPException:
            await host.say(interaction, t("rules.pin_failed", locale))


def related_view(entry: Any, locale: str, *, pin: bool, also: tuple[Any, ...] = ()) -> discord.ui.View:
    """The related rules as buttons; first, `also`: the same word's rule in other games (`ties`)."""
    view = discord.ui.View(timeout=None)
    for other in also[:4]:
        view.add_item(RuleButton(other.id, label=f"📖 {other.title_for(locale)} · {game_label(other.game, locale)}"))
    known = by_id()
    for rid in entry.related[:9]:
        other = known.get(rid)
        if other is not None:
            view.add_item(RuleButton(rid, label="📖 " + other.title_for(locale)))
    if pin:
        view.add_item(PinButton(label=t("rules.pin", locale)))
    return view


def ties(question: str, entry: Any) -> tuple[Any, ...]:
    """The rules of other games that a question names exactly too (« réserve » is Altered's and
    Confrontation's, « désengager » three games'): when nothing says which game is meant, the closest
    name answers (on a tie, the first game by its key) and the others follow as buttons, one a game, in
    the same order."""
    hits = default_index().search(question, limit=8)
    if not any(h.exact and h.entry.id == entry.id for h in hits):
        return ()
    out: dict[str, Any] = {}
    for h in hits:
        if h.exact and h.entry.game != entry.game:
            out.setdefault(h.entry.game, h.entry)
    return tuple(out.values())


def rule_view(rule_id: str | None, locale: str) -> discord.ui.View | None:
    """A "show the rule" button for a refusal that cites a rule we have."""
    if not rule_id or rule_id not in by_id():
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(RuleButton(rule_id, label=t("rules.show", locale)))
    return view


class RulesCog(commands.Cog):
    def __init__(self, bot: commands.Bot, host: Host) -> None:
        self.bot = bot
        self.host = host

    async def _game_here(self, interaction: discord.Interaction, question: str) -> str | None:
        """A question that names no game defaults, inside a match thread, to that match's game;
        elsewhere, to the game of the asker's matches in progress when they are all of one game (a
        player asks « se désengager » mid-match, outside its thread, about the game they play)."""
        if names_a_game(question):
            return None
        keys = {key for key, _ in registered_files()}
        live = await self.host.service.by_thread(interaction.channel_id) if interaction.channel_id else None
        if live is not None:
            return live.game.key if live.game.key in keys else None
        mine = await self.host.service.matches_of(interaction.user.id, interaction.guild_id)
        games = {rec.game for rec, _ in mine} & keys
        return games.pop() if len(games) == 1 else None

    @app_commands.command(
        name=ls("regle", "cmd.regle.name"), description=ls("Chercher une règle pour la table", "cmd.regle.desc")
    )
    @app_commands.rename(
        question=ls("question", "opt.question.name"),
        game=ls("jeu", "opt.jeu.name"),
        private=ls("prive", "opt.prive.name"),
    )
    @app_commands.describe(
        question=ls("Votre question ou le nom de la règle", "opt.question.desc"),
        game=ls("Limiter à un jeu", "opt.regle_jeu.desc"),
        private=ls("Réponse visible de vous seul", "opt.prive.desc"),
    )
    async def rule(
        self, interaction: discord.Interaction, question: str, game: str | None = None, private: bool = False
    ) -> None:
        host = self.host
        locale = host.locales.user(interaction) if private else host.locales.guild(interaction)
        try:
            entry = by_id().get(question)  # an autocomplete choice is an id
            also: tuple[Any, ...] = ()
            if entry is None:
                named = game_named(game)
                key = named or await self._game_here(interaction, question)
                hits = default_index().search(question, game=key, limit=1)
                if key and not named and not (hits and hits[0].score >= MIN_SCORE):  # another game's rule
                    key, hits = None, default_index().search(question, limit=1)
                entry = hits[0].entry if hits and hits[0].score >= MIN_SCORE else None
                also = ties(question, entry) if entry is not None and key is None else ()
            if entry is None:
                await host.say(
                    interaction,
                    t("rules.nothing", host.locales.user(interaction), q=p.safe_name(p.clean_text(question, 100))),
                )
                return
            in_thread = isinstance(interaction.channel, discord.Thread) or bool(
                interaction.channel_id and await host.service.by_thread(interaction.channel_id)
            )
            await interaction.response.send_message(
                embed=rule_embed(entry, locale),
                view=related_view(entry, locale, pin=in_thread and not private, also=also),
                ephemeral=private,
            )
        except Exception as exc:
            await host.fail(interaction, exc)

    @rule.autocomplete("question")
    async def _rule_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        locale = self.host.locales.user(interaction)
        ns = interaction.namespace
        game = game_named(getattr(ns, "jeu", None) or getattr(ns, "game", None)) or await self._game_here(
            interaction, current
        )
        pairs = default_index().autocomplete(current, game=game, locale=locale)
        return [app_commands.Choice(name=name, value=rid) for name, rid in pairs[:25]]

    @rule.autocomplete("game")
    async def _rule_games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return game_choices(current)


RULE_ITEMS = (RuleButton, PinButton)
