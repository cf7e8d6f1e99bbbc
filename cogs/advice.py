"""« Conseil » (#31): the game's AI proposes a move to the player who asks, and says why.

The button sits in a player's Play menu (only where advice is allowed: `AdviceOps`), `/partie conseil` in
the match's thread. The answer is private (the advice may come from the asker's hand), with a button to
play the move, first in the menu it was asked from; the thread only reads « X a demandé un conseil »
with the asker's next post.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import discord

from bot.engine import ANY, Choice
from bot.i18n import localize, t
from bot.services import LiveMatch
from bot.services.advice import Advised
from bot.services.ratings import rated_table

from . import presenters as p
from .answers import Answering
from .components import MID, _button
from .menus import Entry
from .menus import _button as move_button

if TYPE_CHECKING:
    from .host import Host

AdviceButton = _button(
    "AdviceButton", "adv", MID, lambda h, i, m: h.advice.ask(i, m), discord.ButtonStyle.success, "server"
)
ADVICE_ITEMS: tuple[type[Any], ...] = (AdviceButton,)


def advice_button(live: LiveMatch, locale: str) -> Any:
    return AdviceButton(live.id, label=t("button.advice", locale))


class AdviceDesk:
    def __init__(self, host: Host) -> None:
        self.host = host

    def add_button(self, live: LiveMatch, view: discord.ui.View, locale: str) -> None:
        """The « Conseil » button under a Play menu, where advice is allowed (a full menu has no room)."""
        if self.host.service.advice_allowed(live):
            with contextlib.suppress(ValueError):  # five rows already: the command still answers
                view.add_item(advice_button(live, locale))

    async def ask(self, interaction: discord.Interaction, match_id: str) -> None:
        """The advice, to the asker alone, with a button to play it. From the Play menu, the menu itself shows
        it, rebuilt on the board as it now is (the request is a step: the menu's moves would be stale);
        from the command, a private answer."""
        from_menu = interaction.type == discord.InteractionType.component
        async with Answering(self.host, interaction, defer="update" if from_menu else "private") as a:
            a.match_id = match_id
            advised = await self.host.service.advise(match_id, interaction.user.id)
            lines, play = self.advice(advised, interaction.user.id, a.locale)
            view = discord.ui.View(timeout=None)
            view.add_item(play)
            if not from_menu:
                await interaction.followup.send(p.clip("\n".join(lines)), view=view, ephemeral=True)
                return
            live, seat = advised.live, advised.seat
            choices = self.host.service.choices(live, seat, ANY)
            title, menu = self.host.moves._menu(live, interaction.user.id, choices, a.locale)
            for item in menu.children:
                with contextlib.suppress(ValueError):  # a full menu keeps its first rows
                    view.add_item(item)
            await interaction.edit_original_response(content=p.clip("\n".join([*lines, "", title])), view=view)

    def advice(self, advised: Advised, user_id: int, locale: str) -> tuple[list[str], Any]:
        """What to play and why, and the button that plays it; a game with no sentence of its own for the move
        says what it does (its label and preview lines)."""
        live, seat, advice = advised.live, advised.seat, advised.advice
        service = self.host.service
        named = service.label(live, seat, advice.action)
        label = localize(named, locale, live.seat_name)
        lines = [t("advice.title", locale, action=label)]
        if advice.reason is not None:
            lines.append(t("advice.why", locale, reason=localize(advice.reason, locale, live.seat_name)))
        else:
            preview = service.preview(live, seat, advice.action)
            lines.append(t("advice.generic", locale))
            lines += [f"• {localize(x, locale, live.seat_name)}" for x in (preview.lines if preview else ())]
        if rated_table(live):  # allowed by its creator: the match will not count
            lines.append(t("advice.unrated", locale))
        token = self.host.moves._token(live, user_id, Choice(action=advice.action, label=named))
        play = move_button(live, live.version, Entry(t("advice.play", locale), token))
        play.item.style = discord.ButtonStyle.success
        return lines, play
