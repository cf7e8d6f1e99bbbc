"""Private action menus, built for thumbs (issue: ≤ 25 choices fit one select; more are grouped).

- up to `BUTTONS_MAX` choices: one button each;
- up to 25: one select menu;
- more: a select of groups (the card to play, the unit that acts…), then the group's own choices;
- a list longer than 25 (a group with many places, many groups) is shown whole in up to 4 selects of
  one message, each saying which part it holds; beyond 100, the last option says how to type the rest.

Each entry carries a *token*: the action's compact code (`code`), `!code` when it is shown in a
preview before it is submitted, or `@draft` when it is too long for a custom_id.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from bot.i18n import t
from bot.services import LiveMatch

from . import presenters as p
from .components import (
    CancelButton,
    ChoiceSelect,
    CodeButton,
    ConfirmButton,
    DraftButton,
    GroupsButton,
    GroupSelect,
    PreviewButton,
)

BUTTONS_MAX = 5
SELECT_MAX = 25
SELECTS_MAX = 4  # a message has 5 rows; one is kept for the Back button
#: Room left for the code in a 100-character custom_id after "tv:x:<match>:<version>:".
CODE_MAX = 78


@dataclass(frozen=True, slots=True)
class Entry:
    label: str
    token: str


@dataclass(frozen=True, slots=True)
class Group:
    key: str
    label: str
    size: int


def _button(live: LiveMatch, version: int, entry: Entry) -> Any:
    label = p.clip(entry.label, 80)
    if entry.token.startswith("@"):
        return DraftButton(live.id, entry.token[1:], label=label)
    if entry.token.startswith("!"):
        return PreviewButton(live.id, version, entry.token[1:], label=label)
    return CodeButton(live.id, version, entry.token, label=label)


def choices_view(
    live: LiveMatch, version: int, entries: list[Entry], locale: str, *, back: bool = False
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if len(entries) <= BUTTONS_MAX:
        for entry in entries:
            view.add_item(_button(live, version, entry))
    else:
        options = [discord.SelectOption(label=p.clip(e.label, 100), value=e.token) for e in entries]
        for fields, chunk, placeholder in _parts(live, version, options, t("menu.placeholder", locale), locale):
            view.add_item(ChoiceSelect(*fields, options=chunk, placeholder=placeholder))
    if back:
        view.add_item(GroupsButton(live.id, version, label=t("button.back", locale)))
    return view


def groups_view(live: LiveMatch, version: int, groups: list[Group], locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    options = [
        discord.SelectOption(
            label=p.clip(g.label, 100), value=g.key, description=t("menu.group_size", locale, n=g.size)
        )
        for g in groups
    ]
    for fields, chunk, placeholder in _parts(live, version, options, t("menu.group_placeholder", locale), locale):
        view.add_item(GroupSelect(*fields, options=chunk, placeholder=placeholder))
    return view


def _parts(
    live: LiveMatch, version: int, options: list[discord.SelectOption], placeholder: str, locale: str
) -> list[tuple[tuple[Any, ...], list[discord.SelectOption], str]]:
    """Options cut into selects of 25 (ids told apart by a part number), each saying what it holds."""
    if len(options) <= SELECT_MAX:
        return [((live.id, version), options, placeholder)]
    chunks = [options[i : i + SELECT_MAX] for i in range(0, len(options), SELECT_MAX)][:SELECTS_MAX]
    out = []
    for n, chunk in enumerate(chunks, start=1):
        first, last = (n - 1) * SELECT_MAX + 1, (n - 1) * SELECT_MAX + len(chunk)
        out.append(((live.id, version, n), chunk, t("menu.part", locale, first=first, last=last, total=len(options))))
    hidden = len(options) - SELECTS_MAX * SELECT_MAX
    if hidden > 0:  # said, never silently dropped: the game's command autocompletes every choice
        fields, chunk, _ = out[-1]
        out[-1] = (fields, chunk, t("menu.part_more", locale, n=hidden))
    return out


def preview_view(live: LiveMatch, draft_id: str, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmButton(live.id, draft_id, label=t("button.confirm", locale)))
    view.add_item(CancelButton(live.id, draft_id, label=t("button.cancel", locale)))
    return view
