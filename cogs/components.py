"""Restart-safe components. Every custom_id is public data: the match id, the version, an action by
value (its compact code, kernel.md §1) or the id of a draft the service holds for the clicker.

They are `DynamicItem`s registered once on the bot, so buttons posted before a restart keep working.
discord.py needs one class per template: `_button` and `_select` build them from a short table
instead of repeating the same class nine times. Each callback hands the click to the `Host`.

A custom_id comes from the person's client, which can send any text: every click passes the Host's one
gate (`Host.match_for`) with the match id it names before its handler runs: a match of this server
(or, from a DM, one where the clicker sits or that they created); the lobby's buttons, the take-back
answers and the rematch from the match's own thread only. What the handler then checks (a seat, the
creator, a draft's owner) is in docs/reliability.md, "What is checked per command".

| prefix | what | fields |
|---|---|---|
| act / hand | open one's menu / show one's hand | match |
| join / ai / start | lobby buttons | match |
| rematch | a new match, same seats, sides swapped | match |
| rv / try | review a finished match at a step / try another line from it against the AI | match, step |
| x / v | submit / preview an action by value | match, version, code |
| d | an action by draft (too long for a custom_id) | match, draft |
| m | a select of actions by value (values: code, `!code` to preview, `@draft`) | match, version[, part] |
| g / gb | a select of menu groups / back to the groups | match, version[, part] / match, version |
| ok / no | confirm / cancel a previewed draft | match, draft |
| log | a page of the public log | match, page |
| undo | accept (y) or refuse (n) to take back a move | match, its seq, y/n |
| a / s / p | schema-1 menus: an action by its slot in the list (still answered) | match, version, slot/page |
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, cast

import discord

from .errors import Unacknowledged

if TYPE_CHECKING:
    from .host import Host, Where

MID = r"(?P<m>[0-9a-f]{8})"
VER = r"(?P<v>\d{1,9})"
DRAFT = r"(?P<d>[0-9a-f]{10})"
CODE = r"(?P<c>[a-z_]+~.*)"

Handler = Callable[..., Awaitable[None]]


def host_of(interaction: discord.Interaction) -> Host:
    """The Host the bot carries (set by `setup_cogs`)."""
    return cast("Host", getattr(interaction.client, "host"))  # noqa: B009 - the client's type does not declare it


def _groups(match: re.Match[str]) -> tuple[str, ...]:
    return tuple(v for v in match.groups() if v is not None)


async def _run(
    handler: Handler, interaction: discord.Interaction, where: Where, fields: tuple[str, ...], *extra: str
) -> None:
    """Every click: the gate on the match it names (its first field), then its handler. An interaction
    Discord no longer knows was logged in one line by `Answering`: nothing more to do."""
    host = host_of(interaction)
    try:
        if await host.admits(interaction, fields[0], where=where):
            await handler(host, interaction, *fields, *extra)
    except Unacknowledged:
        pass


def _button(
    name: str, prefix: str, pattern: str, handler: Handler, style: discord.ButtonStyle, where: Where = "server"
) -> type[Any]:
    """A DynamicItem button class for `tv:<prefix>:<pattern>`: `handler(host, interaction, *fields)`, once
    the match named by its first field may be reached from `where` the click comes from."""

    class Button(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"tv:{prefix}:{pattern}"):
        def __init__(self, *fields: str | int, label: str = "…", style: discord.ButtonStyle = style) -> None:
            self.fields = tuple(str(f) for f in fields)
            custom_id = ":".join(("tv", prefix, *self.fields))
            super().__init__(discord.ui.Button(label=label[:80] or "…", style=style, custom_id=custom_id))

        @classmethod
        async def from_custom_id(
            cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
        ) -> Any:
            assert isinstance(item, discord.ui.Button)
            return cls(*_groups(match), label=item.label or "…", style=item.style)

        async def callback(self, interaction: discord.Interaction) -> None:
            await _run(handler, interaction, where, self.fields)

    Button.__name__ = Button.__qualname__ = name
    return Button


def _select(name: str, prefix: str, pattern: str, handler: Handler) -> type[Any]:
    """A DynamicItem select class: `handler(host, interaction, *fields, value)`, past the same gate (selects
    are private menus: anywhere on the match's server, or a DM of its player)."""

    class Select(discord.ui.DynamicItem[discord.ui.Select[Any]], template=rf"tv:{prefix}:{pattern}"):
        def __init__(
            self,
            *fields: str | int,
            options: list[discord.SelectOption] | None = None,
            placeholder: str | None = None,
        ) -> None:
            self.fields = tuple(str(f) for f in fields)
            custom_id = ":".join(("tv", prefix, *self.fields))
            super().__init__(
                discord.ui.Select(
                    custom_id=custom_id, options=options or [], placeholder=placeholder, min_values=1, max_values=1
                )
            )

        @classmethod
        async def from_custom_id(
            cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
        ) -> Any:
            assert isinstance(item, discord.ui.Select)
            return cls(*_groups(match), options=item.options)

        async def callback(self, interaction: discord.Interaction) -> None:
            data: Any = interaction.data or {}
            values = data.get("values") or [""]
            await _run(handler, interaction, "server", self.fields, str(values[0]))

    Select.__name__ = Select.__qualname__ = name
    return Select


_PRIMARY, _SECONDARY, _SUCCESS, _DANGER = (
    discord.ButtonStyle.primary,
    discord.ButtonStyle.secondary,
    discord.ButtonStyle.success,
    discord.ButtonStyle.danger,
)

ActButton = _button("ActButton", "act", MID, lambda h, i, m: h.moves.open_menu(i, m), _PRIMARY)
HandButton = _button("HandButton", "hand", MID, lambda h, i, m: h.boards.show_hand(i, m), _SECONDARY)
JoinButton = _button("JoinButton", "join", MID, lambda h, i, m: h.lobby.join(i, m), _SUCCESS, "thread")
AddAiButton = _button("AddAiButton", "ai", MID, lambda h, i, m: h.lobby.add_ai(i, m), _SECONDARY, "thread")
StartButton = _button("StartButton", "start", MID, lambda h, i, m: h.lobby.start(i, m), _PRIMARY, "thread")
CodeButton = _button(
    "CodeButton", "x", rf"{MID}:{VER}:{CODE}", lambda h, i, m, v, c: h.moves.act_code(i, m, int(v), c), _SECONDARY
)
PreviewButton = _button(
    "PreviewButton",
    "v",
    rf"{MID}:{VER}:{CODE}",
    lambda h, i, m, v, c: h.moves.preview_code(i, m, int(v), c),
    _SECONDARY,
)
DraftButton = _button("DraftButton", "d", rf"{MID}:{DRAFT}", lambda h, i, m, d: h.moves.act_draft(i, m, d), _SECONDARY)
ConfirmButton = _button("ConfirmButton", "ok", rf"{MID}:{DRAFT}", lambda h, i, m, d: h.moves.confirm(i, m, d), _SUCCESS)
CancelButton = _button("CancelButton", "no", rf"{MID}:{DRAFT}", lambda h, i, m, d: h.moves.cancel(i, m, d), _DANGER)
GroupsButton = _button(
    "GroupsButton", "gb", rf"{MID}:{VER}", lambda h, i, m, v: h.moves.show_groups(i, m, int(v)), _SECONDARY
)
LogPageButton = _button(
    "LogPageButton",
    "log",
    rf"{MID}:(?P<p>\d{{1,5}})",
    lambda h, i, m, p: h.boards.journal(i, m, int(p), edit=True),
    _SECONDARY,
)
#: A long list is shown in several selects of one message (never a blind page): `part` keeps their ids apart.
PART = r"(?::(?P<part>[1-4]))?"
ChoiceSelect = _select(
    "ChoiceSelect", "m", rf"{MID}:{VER}{PART}", lambda h, i, m, v, *rest: h.moves.act_value(i, m, int(v), rest[-1])
)
GroupSelect = _select(
    "GroupSelect", "g", rf"{MID}:{VER}{PART}", lambda h, i, m, v, *rest: h.moves.show_group(i, m, int(v), rest[-1])
)
ReviewButton = _button(
    "ReviewButton",
    "rv",
    rf"{MID}:(?P<s>\d{{1,6}})",
    lambda h, i, m, s: h.review.show(i, m, int(s), edit=True),
    _SECONDARY,
)
TryButton = _button(
    "TryButton", "try", rf"{MID}:(?P<s>\d{{1,6}})", lambda h, i, m, s: h.review.try_from(i, m, int(s)), _SUCCESS
)
RematchButton = _button("RematchButton", "rematch", MID, lambda h, i, m: h.lobby.rematch(i, m), _PRIMARY, "thread")
UndoButton = _button(
    "UndoButton",
    "undo",
    rf"{MID}:(?P<s>\d{{1,9}}):(?P<a>[yn])",
    lambda h, i, m, s, a: h.undo.answer(i, m, int(s), a == "y"),
    _SECONDARY,
    "thread",
)
# schema-1 menus (messages posted before actions travelled by value): still answered
LegacyActionButton = _button(
    "LegacyActionButton",
    "a",
    rf"{MID}:{VER}:(?P<s>\d{{1,4}})",
    lambda h, i, m, v, s: h.moves.act_slot(i, m, int(v), int(s)),
    _SECONDARY,
)
LegacyActionSelect = _select(
    "LegacyActionSelect",
    "s",
    rf"{MID}:{VER}:(?P<p>\d{{1,4}})",
    lambda h, i, m, v, p, value: h.moves.act_slot(i, m, int(v), int(value) if value.isdigit() else -1),
)
LegacyPageButton = _button(
    "LegacyPageButton", "p", rf"{MID}:{VER}:(?P<p>\d{{1,4}})", lambda h, i, m, v, p: h.moves.open_menu(i, m), _SECONDARY
)

DYNAMIC_ITEMS: tuple[type[Any], ...] = (
    ActButton,
    HandButton,
    JoinButton,
    AddAiButton,
    StartButton,
    CodeButton,
    PreviewButton,
    DraftButton,
    ConfirmButton,
    CancelButton,
    GroupsButton,
    LogPageButton,
    UndoButton,
    RematchButton,
    ReviewButton,
    TryButton,
    ChoiceSelect,
    GroupSelect,
    LegacyActionButton,
    LegacyActionSelect,
    LegacyPageButton,
)
