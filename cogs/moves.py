"""Playing from Discord: private menus, actions by value, drafts, previews and typed choices.

Nothing here lists legal actions to decide legality: menus and autocomplete show the game's
suggestions, and whatever comes back (a code, a draft, typed text) is submitted to the service,
which checks it. A choice marked `preview` is first shown with its preview image and Confirm/Cancel.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.engine import ANY, Ask, Choice, EngineError, MalformedAction, Text
from bot.engine.choices import NO_LABEL
from bot.engine.names import fold
from bot.i18n import localize, t
from bot.services import Applied, LiveMatch, ServiceError, StaleVersion
from renderers import render_preview_png

from . import presenters as p
from .answers import Answering, say
from .menus import CODE_MAX, SELECT_MAX, Entry, Group, choices_view, groups_view, preview_view

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("tavernier.moves")

AUTOCOMPLETE_MAX = 25
#: A `choix:` value as the autocomplete gives it: "<version>:<token>".
VALUE = re.compile(r"(?P<v>\d{1,9}):(?P<t>.{1,90})")


class MoveDesk:
    def __init__(self, host: Host) -> None:
        self.host = host

    @property
    def service(self) -> Any:
        return self.host.service

    # -- reading a request ------------------------------------------------------------------------
    async def _live_seat(self, interaction: discord.Interaction, match_id: str) -> tuple[LiveMatch, int]:
        live = await self.service.get(match_id)
        seat = live.seat_of(interaction.user.id)
        if seat is None:
            raise ServiceError("not_seated")
        if live.rec.status != "active":
            raise ServiceError("match_not_active")
        return live, seat.seat

    @staticmethod
    def _current(live: LiveMatch, version: int) -> None:
        if version != live.version:
            raise StaleVersion(live.version)

    def _token(self, live: LiveMatch, user_id: int, choice: Choice[Any]) -> str:
        """What a component or option value carries for a choice: its code, or a draft id."""
        code = live.game.encode_action(choice.action)
        if len(code) < CODE_MAX:
            return f"!{code}" if choice.preview else code
        draft = self.service.new_draft(live, user_id, choice.action, preview=choice.preview)
        return f"@{draft.id}"

    def _entries(self, live: LiveMatch, user_id: int, choices: Sequence[Choice[Any]], locale: str) -> list[Entry]:
        return [Entry(localize(c.label, locale, live.seat_name), self._token(live, user_id, c)) for c in choices]

    # -- menus ------------------------------------------------------------------------------------
    async def open_menu(self, interaction: discord.Interaction, match_id: str) -> None:
        """The clicker's choices, privately: buttons, one select, or groups first when there are many."""
        async with Answering(self.host, interaction, defer="none") as a:
            a.match_id = match_id
            live, seat = await self._live_seat(interaction, match_id)
            if seat not in live.to_act():
                raise self._not_yours(live)
            choices = self.service.choices(live, seat, ANY)
            content, view = self._menu(live, interaction.user.id, choices, a.locale)
            self.host.advice.add_button(live, view, a.locale)
            await interaction.response.send_message(content, view=view, ephemeral=True)
            await self.host.learn.introduce(interaction, live, seat, a.locale)  # a learning match's new decision

    @staticmethod
    def _not_yours(live: LiveMatch) -> EngineError:
        """Whose turn it is as the game knows it: the thread's last « À jouer » line may lag behind while
        its posts wait for the channel's pace."""
        waited = sorted(live.to_act())
        if not waited:
            return EngineError("not_your_turn")
        return EngineError("waiting_for", who=", ".join(p.safe_name(live.seat_name(s)) for s in waited))

    def _menu(
        self, live: LiveMatch, user_id: int, choices: Sequence[Choice[Any]], locale: str
    ) -> tuple[str, discord.ui.View]:
        title = t("menu.title", locale, n=len(choices))
        if len(choices) <= SELECT_MAX:
            return title, choices_view(live, live.version, self._entries(live, user_id, choices, locale), locale)
        return title, groups_view(live, live.version, self._groups(live, user_id, choices, locale), locale)

    def _groups(self, live: LiveMatch, user_id: int, choices: Sequence[Choice[Any]], locale: str) -> list[Group]:
        """Groups in the order they first appear; an ungrouped choice is a group of its own (`=token`)."""
        groups: dict[str, Group] = {}
        for c in choices:
            if c.group_key is None:
                token = self._token(live, user_id, c)
                groups[f"={token}"] = Group(f"={token}", localize(c.label, locale, live.seat_name), 1)
            elif c.group_key in groups:
                g = groups[c.group_key]
                groups[c.group_key] = Group(g.key, g.label, g.size + 1)
            else:
                label = localize(c.group or c.label, locale, live.seat_name)
                groups[c.group_key] = Group(c.group_key, label, 1)
        return list(groups.values())

    def _group_menu(
        self, live: LiveMatch, user_id: int, choices: Sequence[Choice[Any]], key: str, locale: str
    ) -> tuple[str, discord.ui.View]:
        """One group's choices, with Back to the groups (what picking a group in the menu shows)."""
        members = [c for c in choices if c.group_key == key]
        if not members:
            raise ServiceError("unknown_choice")
        title = localize(members[0].group or members[0].label, locale, live.seat_name)
        view = choices_view(live, live.version, self._entries(live, user_id, members, locale), locale, back=True)
        return p.clip(t("menu.group_title", locale, group=title)), view

    async def show_groups(self, interaction: discord.Interaction, match_id: str, version: int) -> None:
        async with Answering(self.host, interaction, defer="none") as a:
            a.match_id = match_id
            live, seat = await self._live_seat(interaction, match_id)
            self._current(live, version)
            content, view = self._menu(live, interaction.user.id, self.service.choices(live, seat, ANY), a.locale)
            self.host.advice.add_button(live, view, a.locale)
            await interaction.response.edit_message(content=content, view=view)

    async def show_group(self, interaction: discord.Interaction, match_id: str, version: int, key: str) -> None:
        if key.startswith("="):
            await self.act_value(interaction, match_id, version, key[1:])
            return
        async with Answering(self.host, interaction, defer="none") as a:
            a.match_id = match_id
            live, seat = await self._live_seat(interaction, match_id)
            self._current(live, version)
            choices = self.service.choices(live, seat, ANY)
            content, view = self._group_menu(live, interaction.user.id, choices, key, a.locale)
            await interaction.response.edit_message(content=content, view=view)

    # -- acting -----------------------------------------------------------------------------------
    async def act_value(self, interaction: discord.Interaction, match_id: str, version: int, token: str) -> None:
        """A select's value: `code`, `!code` (preview first) or `@draft`."""
        if token.startswith("@"):
            await self.act_draft(interaction, match_id, token[1:])
        elif token.startswith("!"):
            await self.preview_code(interaction, match_id, version, token[1:])
        else:
            await self.act_code(interaction, match_id, version, token)

    async def act_code(self, interaction: discord.Interaction, match_id: str, version: int, code: str) -> None:
        async with Answering(self.host, interaction, defer=self._defer(interaction)) as a:
            a.match_id = match_id
            live, _seat = await self._live_seat(interaction, match_id)
            action = live.game.decode_action(code)
            await self._submit(interaction, live, action, version, a.locale)

    async def preview_code(self, interaction: discord.Interaction, match_id: str, version: int, code: str) -> None:
        async with Answering(self.host, interaction, defer=self._defer(interaction)) as a:
            a.match_id = match_id
            live, seat = await self._live_seat(interaction, match_id)
            self._current(live, version)
            await self._preview(interaction, live, seat, live.game.decode_action(code), a.locale)

    async def act_draft(self, interaction: discord.Interaction, match_id: str, draft_id: str) -> None:
        async with Answering(self.host, interaction, defer=self._defer(interaction)) as a:
            a.match_id = match_id
            draft = self.service.draft(draft_id, interaction.user.id, match_id)
            live, seat = await self._live_seat(interaction, match_id)
            if draft.preview:
                self._current(live, draft.version)
                await self._preview(interaction, live, seat, draft.action, a.locale)
            else:
                await self._submit(interaction, live, draft.action, draft.version, a.locale)

    async def act_slot(self, interaction: discord.Interaction, match_id: str, version: int, slot: int) -> None:
        """A menu posted before actions travelled by value: the slot in the full list of that version."""
        async with Answering(self.host, interaction, defer=self._defer(interaction)) as a:
            a.match_id = match_id
            live, seat = await self._live_seat(interaction, match_id)
            self._current(live, version)
            choices = self.service.choices(live, seat, ANY)
            if not 0 <= slot < len(choices):
                raise ServiceError("unknown_choice")
            await self._submit(interaction, live, choices[slot].action, version, a.locale)

    async def confirm(self, interaction: discord.Interaction, match_id: str, draft_id: str) -> None:
        """Confirm submits exactly the previewed action, at the version it was previewed on."""
        async with Answering(self.host, interaction, defer="update") as a:
            a.match_id = match_id
            draft = self.service.draft(draft_id, interaction.user.id, match_id)
            live, seat = await self._live_seat(interaction, match_id)
            label = localize(self.service.label(live, seat, draft.action), a.locale, live.seat_name)
            step = await self.service.submit_draft(draft_id, interaction.user.id, match_id)
            await self._confirm(interaction, self._done(live, step, seat, label, a.locale))

    async def cancel(self, interaction: discord.Interaction, match_id: str, draft_id: str) -> None:
        async with Answering(self.host, interaction, defer="none") as a:
            a.match_id = match_id
            self.service.drop_draft(draft_id, interaction.user.id, match_id)
            await interaction.response.edit_message(
                content=t("menu.cancelled", a.locale), view=None, attachments=[], embed=None
            )

    @staticmethod
    def _defer(interaction: discord.Interaction) -> Any:
        return "update" if interaction.type == discord.InteractionType.component else "private"

    async def _submit(
        self, interaction: discord.Interaction, live: LiveMatch, action: Any, version: int, locale: str
    ) -> None:
        """Submit; from a menu the menu becomes the confirmation, from a command a private followup."""
        seat = live.seat_of(interaction.user.id)
        assert seat is not None
        label = localize(self.service.label(live, seat.seat, action), locale, live.seat_name)
        step = await self.service.submit(live.id, interaction.user.id, action, version)
        await self._confirm(interaction, self._done(live, step, seat.seat, label, locale))

    @staticmethod
    def _done(live: LiveMatch, step: Applied, seat: int, label: str, locale: str) -> tuple[str, list[str]]:
        """« Action played », and whatever the move showed this player alone (the card it drew)."""
        return t("menu.done", locale, action=label), p.private_lines(live, step, locale, seat)

    @staticmethod
    async def _confirm(interaction: discord.Interaction, done: tuple[str, list[str]]) -> None:
        """Tell the player their move was played, and what it showed them alone when the answer is theirs
        alone (an ephemeral menu, a DM, a command's private answer; never a message others can read). The
        move is saved: if Discord refuses this message, it is logged, never answered with "nothing
        changed" (which would be false)."""
        text, secret = done
        try:
            if interaction.type == discord.InteractionType.component:
                message = interaction.message
                private = interaction.guild_id is None or (message is not None and message.flags.ephemeral)
                content = p.clip("\n".join([text, *secret])) if private else text
                await interaction.edit_original_response(content=content, view=None, attachments=[], embed=None)
            else:
                await say(interaction, "\n".join([text, *secret]))  # ephemeral
        except discord.HTTPException as exc:
            log.warning("move played, confirmation not shown status=%s code=%s", exc.status, exc.code)

    async def _preview(
        self,
        interaction: discord.Interaction,
        live: LiveMatch,
        seat: int,
        action: Any,
        locale: str,
        label_text: Text | None = None,
    ) -> None:
        """The preview image and lines, privately, with Confirm / Cancel (the draft holds the action).
        `label_text`: the choice's own label, when it says more than the action (why a typed point was
        answered with another one)."""
        preview = self.service.preview(live, seat, action)
        draft = self.service.new_draft(live, interaction.user.id, action)
        label = localize(label_text or self.service.label(live, seat, action), locale, live.seat_name)
        lines = [f"**{label}**", *(localize(x, locale, live.seat_name) for x in (preview.lines if preview else ()))]
        content, view = p.clip("\n".join(lines)), preview_view(live, draft.id, locale)
        file = None
        if preview is not None:
            seat_view = self.service.view(live, seat)
            rendered = await asyncio.to_thread(render_preview_png, live.game.key, seat_view, preview.overlay, locale)
            if rendered is not None:
                file = discord.File(io.BytesIO(rendered.png), filename="preview.png")
        if interaction.type == discord.InteractionType.component:
            await interaction.edit_original_response(content=content, view=view, attachments=[file] if file else [])
        elif file is not None:
            await interaction.followup.send(content, view=view, file=file, ephemeral=True)
        else:
            await interaction.followup.send(content, view=view, ephemeral=True)

    # -- typed choices (slash commands) -----------------------------------------------------------
    def autocomplete(
        self, interaction: discord.Interaction, live: LiveMatch, current: str, kinds: tuple[str, ...] = ()
    ) -> list[tuple[str, str]]:
        """Suggestions matching what was typed: (label, "version:token"), at most 25."""
        locale = self.host.locales.user(interaction)
        seat = live.seat_of(interaction.user.id)
        if seat is None or live.rec.status != "active" or seat.seat not in live.to_act():
            return []
        needle = fold(current)
        out = []
        for c in self.service.choices(live, seat.seat, Ask(kinds=kinds, text=current[:60])):
            label = localize(c.label, locale, live.seat_name)
            if c.matched or needle in fold(label):
                out.append((p.clip(label, 100), f"{live.version}:{self._token(live, interaction.user.id, c)}"))
            if len(out) >= AUTOCOMPLETE_MAX:
                break
        return out

    async def act_typed(
        self, interaction: discord.Interaction, live: LiveMatch, value: str, kinds: tuple[str, ...] = ()
    ) -> None:
        """`/<game> <family> choix:` and `/partie jouer coup:`: a value from the autocomplete, or text.

        Typed text (a coordinate, a card's name) is matched by the game's suggestions; anything else
        is "no such choice" — never "the board changed" and never a crash.
        """
        async with Answering(self.host, interaction, defer="private") as a:
            a.match_id = live.id
            seat = live.seat_of(interaction.user.id)
            if seat is None:
                raise ServiceError("not_seated")
            if live.rec.status != "active":
                raise ServiceError("match_not_active")
            if seat.seat not in live.to_act():
                raise live.game.unavailable(live.state, seat.seat, kinds)
            intro = await self.host.learn.pending(interaction, live, seat.seat, a.locale)  # new before it is answered
            await self._act_typed(interaction, live, seat.seat, value, kinds, a.locale)
            await self.host.learn.show(interaction, live, intro)  # a learning match's decision, typed not chosen

    async def _act_typed(
        self,
        interaction: discord.Interaction,
        live: LiveMatch,
        seat: int,
        value: str,
        kinds: tuple[str, ...],
        locale: str,
    ) -> None:
        m = VALUE.fullmatch(value.strip())
        if m is not None and not m["t"].isdigit() and not self._is_token(m["t"]):
            m = None
        if m is None:
            choice = self._typed_choice(live, seat, value, kinds)
            if choice.preview:
                said = choice.label if choice.label != NO_LABEL else None
                await self._preview(interaction, live, seat, choice.action, locale, said)
            else:
                await self._submit(interaction, live, choice.action, live.version, locale)
            return
        version, token = int(m["v"]), m["t"]
        if version > live.version:  # no suggestion ever carried a version the board has not reached
            raise ServiceError("unknown_choice")
        if token.isdigit():  # a schema-1 value: the slot in that version's list
            self._current(live, version)
            choices = self.service.choices(live, seat, ANY)
            if int(token) >= len(choices):
                raise ServiceError("unknown_choice")
            await self._submit(interaction, live, choices[int(token)].action, version, locale)
            return
        if token.startswith("@"):
            draft = self.service.draft(token[1:], interaction.user.id, live.id)
            action, version, preview = draft.action, draft.version, draft.preview
        else:
            preview = token.startswith("!")
            try:
                action = live.game.decode_action(token.lstrip("!"))
            except MalformedAction:
                raise ServiceError("unknown_choice") from None
        if kinds and getattr(action, "kind", "") not in kinds:
            raise ServiceError("unknown_choice")  # a value from another command's list
        self._current(live, version)
        if preview:
            await self._preview(interaction, live, seat, action, locale)
        else:
            await self._submit(interaction, live, action, version, locale)

    @staticmethod
    def _is_token(token: str) -> bool:
        return token.startswith("@") or "~" in token

    def _typed_choice(self, live: LiveMatch, seat: int, text: str, kinds: tuple[str, ...]) -> Choice[Any]:
        if seat not in live.to_act():
            raise live.game.unavailable(live.state, seat, kinds) if kinds else EngineError("not_your_turn")
        choices = self.service.choices(live, seat, Ask(kinds=kinds, text=text[:60]))
        if not choices and kinds:
            raise live.game.unavailable(live.state, seat, kinds)
        matched = [c for c in choices if c.matched]
        if matched:
            return matched[0]
        needle = fold(text)
        named = [c for c in choices if needle and needle == fold(localize(c.label, "fr", live.seat_name))]
        named = named or [c for c in choices if needle and needle == fold(localize(c.label, "en", live.seat_name))]
        if len(named) == 1:
            return named[0]
        raise ServiceError("unknown_choice")
