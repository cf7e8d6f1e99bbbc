"""Private action menus, built for thumbs (issue: ≤ 25 choices fit one select; more are grouped).

- up to `BUTTONS_MAX` choices: one button each;
- up to 25: one select menu;
- more: a select of groups (the card to play, the unit that acts…), then the group's own choices.

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
        options = [discord.SelectOption(label=p.clip(e.label, 100), value=e.token) for e in entries[:SELECT_MAX]]
        view.add_item(ChoiceSelect(live.id, version, options=options, placeholder=t("menu.placeholder", locale)))
    if back:
        view.add_item(GroupsButton(live.id, version, label=t("button.back", locale)))
    return view


def groups_view(live: LiveMatch, version: int, groups: list[Group], locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    options = [
        discord.SelectOption(
            label=p.clip(g.label, 100), value=g.key, description=t("menu.group_size", locale, n=g.size)
        )
        for g in groups[:SELECT_MAX]
    ]
    view.add_item(GroupSelect(live.id, version, options=options, placeholder=t("menu.group_placeholder", locale)))
    return view


def preview_view(live: LiveMatch, draft_id: str, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmButton(live.id, draft_id, label=t("button.confirm", locale)))
    view.add_item(CancelButton(live.id, draft_id, label=t("button.cancel", locale)))
    return view
