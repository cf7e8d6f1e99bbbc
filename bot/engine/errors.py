"""Errors with stable codes: the edge maps a code to a localized message, the rule id to an entry."""

from __future__ import annotations

from typing import Any


class EngineError(Exception):
    """Base of every error an engine or the match service raises on purpose.

    `code` is stable (it names the message in the catalogs: `error.<code>`), `rule` is the id of
    the rules entry that explains the refusal, `params` fill the message.
    """

    def __init__(self, code: str, /, *, rule: str | None = None, **params: Any) -> None:
        super().__init__(code if not params else f"{code} {params}")
        self.code = code
        self.rule = rule
        self.params = params


class IllegalAction(EngineError):
    """The action breaks a rule: nothing was applied."""


class MalformedAction(EngineError):
    """The action could not be parsed or does not belong to this game."""


class Refusals:
    """A game's refusals: `refuse(code, area)` is the `IllegalAction` named `<game>.<code>` that cites
    the /regle entry of that area of the rules (`rules`, which a test checks exist)."""

    def __init__(self, game: str, rules: dict[str, str]) -> None:
        self.game = game
        self.rules = rules

    def __call__(self, code: str, area: str, **params: Any) -> IllegalAction:
        return IllegalAction(f"{self.game}.{code}", rule=self.rules[area], **params)
