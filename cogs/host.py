"""The Host: what commands and buttons share — finding the match, menus, hands, boards, errors.

Every handler acknowledges its interaction first (a defer or an immediate answer) and only then
does slow work; renders run in a worker thread.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord

from bot.engine import EngineError, Event
from bot.i18n import localize, t
from bot.services import LiveMatch, MatchService, Player, ServiceError, StaleVersion
from renderers import render_board_png, render_hand_png, summary_text

from . import presenters as p
from .errors import explain
from .i18n import Locales

log = logging.getLogger("tavernier.host")

LOG_PAGE = 15


def is_manager(interaction: discord.Interaction[Any]) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms and (perms.manage_guild or perms.manage_threads))


def player_of(interaction: discord.Interaction[Any], locale: str) -> Player:
    user = interaction.user
    return Player(user_id=user.id, name=user.display_name, locale=locale)


class Host:
    def __init__(self, bot: discord.Client, service: MatchService, default_locale: str = "fr") -> None:
        self.bot = bot
        self.service = service
        self.locales = Locales(default_locale)

    # -- answering --------------------------------------------------------------------------------
    async def say(
        self, interaction: discord.Interaction[Any], text: str, *, ephemeral: bool = True, **kwargs: Any
    ) -> None:
        """Answer whether or not the interaction was already acknowledged."""
        text = p.clip(text)
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=ephemeral, **kwargs)
        else:
            await interaction.response.send_message(text, ephemeral=ephemeral, **kwargs)

    async def fail(
        self, interaction: discord.Interaction[Any], exc: BaseException, match_id: str | None = None
    ) -> None:
        """The one place errors become answers (private, localized, with the rule id)."""
        locale = self.locales.user(interaction)
        answer = explain(exc, locale, match_id=match_id)
        try:
            from .rules import rule_view

            view = rule_view(answer.rule, locale)
            await self.say(interaction, answer.text, **({"view": view} if view else {}))
            if answer.stale and match_id:
                await self.send_current(interaction, match_id)
        except discord.HTTPException:
            log.exception("could not answer an error match=%s", match_id or "-")

    async def match_here(self, interaction: discord.Interaction[Any]) -> LiveMatch:
        """The match whose thread this is, else a clear refusal."""
        channel_id = interaction.channel_id
        live = await self.service.by_thread(channel_id) if channel_id else None
        if live is None:
            raise ServiceError("no_match_here")
        return live

    # -- rendering --------------------------------------------------------------------------------
    async def board_file(self, live: LiveMatch, viewer: int | None, locale: str) -> tuple[discord.File, str]:
        """The board image (public when viewer is None) and its text summary."""
        view = live.game.view(live.state, viewer)
        key = live.game.key
        rendered = await asyncio.to_thread(render_board_png, key, view, locale)
        summary = await asyncio.to_thread(summary_text, key, view, locale)
        return discord.File(io.BytesIO(rendered.png), filename="board.png"), summary

    async def hand_payload(self, live: LiveMatch, seat: int, locale: str) -> dict[str, Any]:
        view = live.game.view(live.state, seat)
        key = live.game.key
        summary = await asyncio.to_thread(summary_text, key, view, locale)
        rendered = await asyncio.to_thread(render_hand_png, key, view, locale)
        header = t("hand.header", locale, game=p.game_name(key, locale), id=live.id, link=p.thread_link(live))
        payload: dict[str, Any] = {"content": p.clip(f"{header}\n{summary}")}
        if rendered is not None:
            payload["file"] = discord.File(io.BytesIO(rendered.png), filename="hand.png")
        if seat in live.to_act():
            payload["view"] = p.play_buttons(live, locale)
        return payload

    def board_embed(self, live: LiveMatch, summary: str, locale: str) -> discord.Embed:
        embed = discord.Embed(
            title=p.phase_title(live, locale), description=p.clip(summary, 1500), colour=discord.Colour.blurple()
        )
        embed.set_image(url="attachment://board.png")
        embed.set_footer(text=t("board.footer", locale, id=live.id, version=live.version))
        return embed

    async def send_current(self, interaction: discord.Interaction[Any], match_id: str) -> None:
        """After a stale click: the current board, privately, and a fresh menu if it is their turn."""
        live = await self.service.get(match_id)
        locale = self.locales.user(interaction)
        if live.state is None:
            return
        seat = live.seat_of(interaction.user.id)
        file, summary = await self.board_file(live, seat.seat if seat else None, locale)
        kwargs: dict[str, Any] = {"embed": self.board_embed(live, summary, locale), "file": file}
        if seat is not None and seat.seat in live.to_act():
            kwargs["view"] = p.action_menu(live, seat.seat, live.game.legal_actions(live.state, seat.seat), locale)
        await interaction.followup.send(ephemeral=True, **kwargs)

    # -- lobby ------------------------------------------------------------------------------------
    async def join(
        self,
        interaction: discord.Interaction[Any],
        match_id: str,
        seat_options: dict[str, Any] | None = None,
    ) -> None:
        locale = self.locales.user(interaction)
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            live = await self.service.join(match_id, player_of(interaction, locale), seat_options)
            ok = await self.probe_dm(live, interaction.user, locale)
            await self.say(interaction, t("lobby.joined" if ok else "lobby.joined_no_dm", locale))
        except Exception as exc:
            await self.fail(interaction, exc, match_id)

    async def add_ai(
        self, interaction: discord.Interaction[Any], match_id: str, seat_options: dict[str, Any] | None = None
    ) -> None:
        locale = self.locales.user(interaction)
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.service.add_ai(match_id, interaction.user.id, seat_options)
            await self.say(interaction, t("lobby.ai_added", locale))
        except Exception as exc:
            await self.fail(interaction, exc, match_id)

    async def start(self, interaction: discord.Interaction[Any], match_id: str) -> None:
        locale = self.locales.user(interaction)
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.service.start(match_id, interaction.user.id)
            await self.say(interaction, t("lobby.started", locale))
        except Exception as exc:
            await self.fail(interaction, exc, match_id)

    async def probe_dm(self, live: LiveMatch, user: discord.abc.User, locale: str) -> bool:
        """DM the player once to prove the bot can reach them; record the answer."""
        try:
            await user.send(t("dm.welcome", locale, game=p.game_name(live.game.key, locale), link=p.thread_link(live)))
            ok = True
        except discord.Forbidden:
            ok = False
        except discord.HTTPException:
            log.warning("DM probe failed match=%s", live.id)
            ok = False
        await self.service.set_dm_ok(live.id, user.id, ok)
        await self.service.notifier.lobby_changed(live)
        return ok

    # -- play -------------------------------------------------------------------------------------
    async def open_menu(self, interaction: discord.Interaction[Any], match_id: str, page: int = 0) -> None:
        """The clicker's legal actions, privately (buttons, or a paginated menu)."""
        locale = self.locales.user(interaction)
        try:
            live = await self.service.get(match_id)
            seat = live.seat_of(interaction.user.id)
            if seat is None:
                raise ServiceError("not_seated")
            if live.rec.status != "active":
                raise ServiceError("match_not_active")
            if seat.seat not in live.to_act():
                raise EngineError("not_your_turn")
            actions = live.game.legal_actions(live.state, seat.seat)
            view = p.action_menu(live, seat.seat, actions, locale, page)
            await interaction.response.send_message(t("menu.title", locale, n=len(actions)), view=view, ephemeral=True)
        except Exception as exc:
            await self.fail(interaction, exc, match_id)

    def _seat_at(self, interaction: discord.Interaction[Any], live: LiveMatch, version: int) -> int:
        """The clicker's seat, if the board is still at `version` (else the board changed)."""
        seat = live.seat_of(interaction.user.id)
        if seat is None:
            raise ServiceError("not_seated")
        if version != live.version:
            raise StaleVersion(live.version)
        return seat.seat

    async def page_menu(self, interaction: discord.Interaction[Any], match_id: str, version: int, page: int) -> None:
        locale = self.locales.user(interaction)
        try:
            live = await self.service.get(match_id)
            seat = self._seat_at(interaction, live, version)
            view = p.action_menu(live, seat, live.game.legal_actions(live.state, seat), locale, page)
            await interaction.response.edit_message(view=view)
        except Exception as exc:
            await self.fail(interaction, exc, match_id)

    async def act(self, interaction: discord.Interaction[Any], match_id: str, version: int, slot: int) -> None:
        """Submit the action in `slot` of the clicker's legal actions at `version`.

        From a menu (component) the menu message is replaced by the confirmation; from a slash
        command the answer is a private followup.
        """
        locale = self.locales.user(interaction)
        from_component = interaction.type == discord.InteractionType.component
        try:
            if from_component:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
            live = await self.service.get(match_id)
            seat = self._seat_at(interaction, live, version)
            if seat not in live.to_act():
                raise EngineError("not_your_turn")
            actions = live.game.legal_actions(live.state, seat)
            if not 0 <= slot < len(actions):
                raise ServiceError("unknown_choice")
            action = actions[slot]
            label = localize(live.game.describe_action(live.state, seat, action), locale, live.seat_name)
            await self.service.submit(match_id, interaction.user.id, action, version)
            if from_component:
                await interaction.edit_original_response(content=t("menu.done", locale, action=label), view=None)
            else:
                await self.say(interaction, t("menu.done", locale, action=label))
        except Exception as exc:
            await self.fail(interaction, exc, match_id)

    def move_choices(
        self, interaction: discord.Interaction[Any], live: LiveMatch, current: str, kinds: tuple[str, ...] = ()
    ) -> list[tuple[str, str]]:
        """Autocomplete of legal moves: (label, "version:slot"), filtered by what was typed, at most 25."""
        locale = self.locales.user(interaction)
        seat = live.seat_of(interaction.user.id)
        if seat is None or seat.seat not in live.to_act():
            return []
        actions = live.game.legal_actions(live.state, seat.seat)
        labels = p.action_labels(live, seat.seat, actions, locale)
        needle = _fold(current)
        out = [
            (label[:100], f"{live.version}:{slot}")
            for slot, (label, action) in enumerate(zip(labels, actions, strict=True))
            if needle in _fold(label) and (not kinds or action.kind in kinds)
        ]
        return out[:25]

    async def submit_action(self, interaction: discord.Interaction[Any], live: LiveMatch, action: Any) -> None:
        """For game commands: submit a typed action at the current version and confirm privately."""
        locale = self.locales.user(interaction)
        try:
            if not interaction.response.is_done():
                await interaction.response.defer(ephemeral=True, thinking=True)
            seat = live.seat_of(interaction.user.id)
            if seat is None:
                raise ServiceError("not_seated")
            label = localize(live.game.describe_action(live.state, seat.seat, action), locale, live.seat_name)
            await self.service.submit(live.id, interaction.user.id, action, live.version)
            await self.say(interaction, t("menu.done", locale, action=label))
        except Exception as exc:
            await self.fail(interaction, exc, live.id)

    async def show_hand(self, interaction: discord.Interaction[Any], match_id: str) -> None:
        """The ephemeral path to private information (closed DMs, lost DMs, or just convenience)."""
        locale = self.locales.user(interaction)
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            live = await self.service.get(match_id)
            seat = live.seat_of(interaction.user.id)
            if seat is None:
                raise ServiceError("not_seated")
            if live.state is None:
                raise ServiceError("match_not_active")
            payload = await self.hand_payload(live, seat.seat, locale)
            await interaction.followup.send(ephemeral=True, **payload)
        except Exception as exc:
            await self.fail(interaction, exc, match_id)

    async def journal(
        self, interaction: discord.Interaction[Any], match_id: str, page: int, *, edit: bool = False
    ) -> None:
        """The public log, paginated (hidden events are never listed here)."""
        locale = self.locales.user(interaction)
        try:
            live = await self.service.get(match_id)
            lines = await self.public_log(live, locale)
            pages = max(1, (len(lines) + LOG_PAGE - 1) // LOG_PAGE)
            page = max(0, min(page, pages - 1))
            body = "\n".join(lines[page * LOG_PAGE : (page + 1) * LOG_PAGE]) or t("journal.empty", locale)
            text = p.clip(t("journal.title", locale, id=live.id, page=page + 1, pages=pages) + "\n" + body)
            from .components import LogPageButton

            view = discord.ui.View(timeout=None)
            if page > 0:
                view.add_item(LogPageButton(live.id, page - 1, label=t("button.prev", locale)))
            if page < pages - 1:
                view.add_item(LogPageButton(live.id, page + 1, label=t("button.next", locale)))
            if edit:
                await interaction.response.edit_message(content=text, view=view)
            else:
                await interaction.response.send_message(text, view=view, ephemeral=True)
        except Exception as exc:
            await self.fail(interaction, exc, match_id)

    async def public_log(self, live: LiveMatch, locale: str) -> list[str]:
        out = []
        for entry in await self.service.history(live.id):
            for raw in entry.events:
                event = Event.model_validate(raw)
                if event.public and (line := p.event_line(live, event, locale)):
                    out.append(f"`{entry.seq:>3}` {line}")
        return out


def _fold(text: str) -> str:
    """Case- and accent-insensitive matching for autocomplete."""
    import unicodedata

    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))
