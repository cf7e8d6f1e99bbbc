"""`/partie apprendre jeu:` (EN `/match learn`): a match against the easy AI in which each kind of decision
is introduced the first time the learner meets it (bot/services/learn.py says when).

Where an introduction shows: right after the learner's private menu of choices, when they open it on a
decision of a kind they never answered, or right after their move when they typed it instead (the
decision is read as new before the move answers it). It is read where the decision is made, next to the choices it
explains, and only by the learner (ephemeral): a thread post would be read by the whole table and would
come at the thread's pace, a DM only comes once the player has been away for a while. The menu goes
first so that a slow first reading of the log (after a restart) never delays the answer to the click
past Discord's three seconds. The introduction has a button for the /regle entry behind it (shown
privately, like every rule button) and one to stop the introductions (also `/preferences presentations:`).
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import game_name, t
from bot.rules import by_id
from bot.services import LiveMatch
from bot.services.learn import Syllabus, has_intro, intro_key, intro_rule, is_learning

from .answers import Answering, say
from .components import host_of
from .lobby import player_of
from .rules import RuleButton
from .threads import open_thread, parent_channel

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("tavernier.learn")

#: The AI a learner plays against.
LEVEL = "easy"


class LearnOffButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tv:learn:off"):
    """« Ne plus afficher » under an introduction: the clicker's preference, nothing of the match."""

    def __init__(self, *, label: str = "🔕") -> None:
        super().__init__(
            discord.ui.Button(label=label[:80], custom_id="tv:learn:off", style=discord.ButtonStyle.secondary)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LearnOffButton:
        return cls(label=(item.label if isinstance(item, discord.ui.Button) else None) or "🔕")

    async def callback(self, interaction: discord.Interaction) -> None:
        host = host_of(interaction)
        async with Answering(host, interaction) as a:
            await host.service.set_preferences(interaction.user.id, learn=False)
            await say(interaction, a.t("learn.off_done"))


class LearnDesk:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.syllabus = Syllabus()

    async def start(self, interaction: discord.Interaction, game: str) -> None:
        """Create, seat the easy AI (a solo game seats it at creation) and start, in a new thread; the
        interaction is already acknowledged and the channel's permissions checked."""
        host = self.host
        locale = host.locales.user(interaction)
        try:
            channel = await parent_channel(interaction)
            live = await host.service.create(
                game_key=game,
                creator=player_of(interaction, locale),
                guild_id=interaction.guild_id,
                channel_id=channel.id,
                locale=locale,
                ai_level=LEVEL,
                learning=True,
            )
            thread = await open_thread(host, interaction, live, channel, locale)
            if not live.game.solo:
                await host.service.add_ai(live.id, interaction.user.id, level=LEVEL)
            await host.service.start(live.id, interaction.user.id)
            name = game_name(live.game.key, locale)
            await host.say(interaction, t("learn.created", locale, game=name, thread=thread.mention, id=live.id))
        except Exception as exc:
            await host.fail(interaction, exc)

    async def introduce(self, interaction: discord.Interaction, live: LiveMatch, seat: int, locale: str) -> None:
        """After the menu: the introduction of the decision asked now, when it is new to this learner."""
        await self.show(interaction, live, await self.pending(interaction, live, seat, locale))

    async def pending(
        self, interaction: discord.Interaction, live: LiveMatch, seat: int, locale: str
    ) -> tuple[discord.Embed, discord.ui.View] | None:
        """`intro`, never raising: read before a typed move answers the decision (once answered, it is no
        longer new), shown after it (`show`), so that typing a move instead of opening the menu still
        introduces it."""
        try:
            return await self.intro(live, seat, interaction.user.id, locale)
        except Exception:  # the move comes first: a missing introduction must not turn into an error
            log.exception("introduction failed match=%s seat=%d", live.id, seat)
            return None

    async def show(
        self, interaction: discord.Interaction, live: LiveMatch, intro: tuple[discord.Embed, discord.ui.View] | None
    ) -> None:
        """Send an introduction privately after what answered the interaction."""
        if intro is None:
            return
        try:
            embed, view = intro
            await interaction.followup.send(embed=embed, view=view, ephemeral=True)
        except Exception:  # the menu or the move is already answered: never an error for this
            log.exception("introduction failed match=%s", live.id)

    async def intro(
        self, live: LiveMatch, seat: int, user_id: int, locale: str
    ) -> tuple[discord.Embed, discord.ui.View] | None:
        """The introduction (text, rule and off buttons) of the decision `seat` must answer now, if it is
        a learning match, the learner wants introductions, and they never answered a decision of its kind."""
        if not is_learning(live.rec.options) or not (await self.host.service.preferences(user_id)).learn:
            return None
        kind = self.syllabus.new_kind(live, seat, await self.host.service.history(live.id))
        if kind is None or not has_intro(live.game.key, kind, locale):
            return None
        embed = discord.Embed(
            title=t("learn.title", locale, game=game_name(live.game.key, locale)),
            description=t(intro_key(live.game.key, kind), locale),
            colour=discord.Colour.blurple(),
        )
        embed.set_footer(text=t("learn.footer", locale))
        view = discord.ui.View(timeout=None)
        rule = intro_rule(live.game, kind)
        if rule is not None and rule in by_id():
            view.add_item(RuleButton(rule, label=t("learn.rule", locale)))
        view.add_item(LearnOffButton(label=t("learn.off", locale)))
        return embed, view
