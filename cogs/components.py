"""Restart-safe components: every custom_id is public data (match id, version, slot or page).

They are `DynamicItem`s registered once on the bot, so buttons posted before a restart keep
working; each callback hands the click to the `Host`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from .host import Host

MID = r"(?P<m>[0-9a-f]{8})"


def host_of(interaction: discord.Interaction[Any]) -> Host:
    return interaction.client.host  # type: ignore[attr-defined, no-any-return]


class _MatchButton:
    """Mixin of the buttons that only carry the match id (DynamicItem subclasses need a template each)."""

    prefix = ""
    style = discord.ButtonStyle.secondary

    def __init__(self, match_id: str, *, label: str = "…") -> None:
        self.match_id = match_id
        super().__init__(  # type: ignore[call-arg]
            discord.ui.Button(label=label, style=self.style, custom_id=f"tv:{self.prefix}:{match_id}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Button[Any], match: re.Match[str]
    ) -> Any:
        return cls(match["m"], label=item.label or "…")


class ActButton(_MatchButton, discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"tv:act:{MID}"):
    prefix = "act"
    style = discord.ButtonStyle.primary

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await host_of(interaction).open_menu(interaction, self.match_id)


class HandButton(_MatchButton, discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"tv:hand:{MID}"):
    prefix = "hand"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await host_of(interaction).show_hand(interaction, self.match_id)


class JoinButton(_MatchButton, discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"tv:join:{MID}"):
    prefix = "join"
    style = discord.ButtonStyle.success

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await host_of(interaction).join(interaction, self.match_id)


class AddAiButton(_MatchButton, discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"tv:ai:{MID}"):
    prefix = "ai"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await host_of(interaction).add_ai(interaction, self.match_id)


class StartButton(_MatchButton, discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"tv:start:{MID}"):
    prefix = "start"
    style = discord.ButtonStyle.primary

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await host_of(interaction).start(interaction, self.match_id)


class ActionButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"tv:a:{MID}:(?P<v>\d+):(?P<s>\d+)"):
    """One legal action, by its slot in `legal_actions` at that version."""

    def __init__(self, match_id: str, version: int, slot: int, *, label: str = "…") -> None:
        self.match_id, self.version, self.slot = match_id, version, slot
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, custom_id=f"tv:a:{match_id}:{version}:{slot}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Button[Any], match: re.Match[str]
    ) -> ActionButton:
        return cls(match["m"], int(match["v"]), int(match["s"]), label=item.label or "…")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await host_of(interaction).act(interaction, self.match_id, self.version, self.slot)


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"tv:s:{MID}:(?P<v>\d+):(?P<p>\d+)"):
    """A page of legal actions in a select menu (values are slots)."""

    def __init__(
        self,
        match_id: str,
        version: int,
        page: int,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        self.match_id, self.version, self.page = match_id, version, page
        super().__init__(
            discord.ui.Select(
                custom_id=f"tv:s:{match_id}:{version}:{page}",
                options=options or [],
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Select[Any], match: re.Match[str]
    ) -> ActionSelect:
        return cls(match["m"], int(match["v"]), int(match["p"]), options=item.options)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        await host_of(interaction).act(interaction, self.match_id, self.version, int(values[0]) if values else -1)


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"tv:p:{MID}:(?P<v>\d+):(?P<p>\d+)"):
    def __init__(self, match_id: str, version: int, page: int, *, label: str = "…") -> None:
        self.match_id, self.version, self.page = match_id, version, page
        super().__init__(discord.ui.Button(label=label, custom_id=f"tv:p:{match_id}:{version}:{page}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Button[Any], match: re.Match[str]
    ) -> PageButton:
        return cls(match["m"], int(match["v"]), int(match["p"]), label=item.label or "…")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await host_of(interaction).page_menu(interaction, self.match_id, self.version, self.page)


class LogPageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"tv:log:{MID}:(?P<p>\d+)"):
    def __init__(self, match_id: str, page: int, *, label: str = "…") -> None:
        self.match_id, self.page = match_id, page
        super().__init__(discord.ui.Button(label=label, custom_id=f"tv:log:{match_id}:{page}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Button[Any], match: re.Match[str]
    ) -> LogPageButton:
        return cls(match["m"], int(match["p"]), label=item.label or "…")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await host_of(interaction).journal(interaction, self.match_id, self.page, edit=True)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ActButton,
    HandButton,
    JoinButton,
    AddAiButton,
    StartButton,
    ActionButton,
    ActionSelect,
    PageButton,
    LogPageButton,
)
