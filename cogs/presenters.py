"""Builders of what Discord shows: embeds, component rows, log lines. Pure discord objects, no I/O."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import discord

from bot.engine import PHASE, REVEAL, Event, Text
from bot.i18n import catalog, game_name, localize, t
from bot.services import Applied, LiveMatch, MatchRecord
from bot.services.timers import Timers

from .components import ActButton, AddAiButton, HandButton, JoinButton, RematchButton, StartButton

CONTENT_LIMIT = 2000
#: Public posts ping nobody unless told whom (a display name may hold "<@id>" or "@everyone").
NO_MENTIONS = discord.AllowedMentions.none()

DM_MARK = {True: "✅", False: "❌", None: "⏳"}


def only(user_ids: list[int]) -> discord.AllowedMentions:
    """Ping exactly these users, nobody else (no role, no @everyone, no one named in the text)."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(id=u) for u in user_ids], replied_user=False
    )


def safe_name(name: str) -> str:
    """A display name as public text: no markdown, no mention, no masked link."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name, as_needed=False))


def thread_link(live: LiveMatch | MatchRecord) -> str:
    rec = live.rec if isinstance(live, LiveMatch) else live
    if rec.guild_id and rec.thread_id:
        return f"https://discord.com/channels/{rec.guild_id}/{rec.thread_id}"
    return f"#{rec.id}"


def thread_name(live: LiveMatch, creator_name: str, locale: str) -> str:
    """Public data only: the game, who created it, the match id."""
    return f"{game_name(live.game.key, locale)} · {clean_text(creator_name, 40)} · {live.id}"[:100]


def clean_text(text: str, limit: int) -> str:
    """Typed text made safe to show: no control, invisible or direction characters, spaces collapsed."""
    import unicodedata

    kept = "".join(c for c in text if unicodedata.category(c) not in ("Cc", "Cf", "Co", "Cs"))
    return " ".join(kept.split())[:limit]


def clip(text: str, limit: int = CONTENT_LIMIT) -> str:
    """At most `limit` characters, cut at a line or a word and marked with an ellipsis, never mid-word."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    for sep in ("\n", " "):
        at = cut.rfind(sep)
        if at >= limit // 2:
            return cut[:at].rstrip() + "…"
    return cut + "…"


def split(text: str, limit: int = CONTENT_LIMIT) -> list[str]:
    """Long text as several messages, each under `limit`, cut between lines (a line too long, at a word)."""
    chunks: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            piece = clip(line, limit)
            chunks.append(piece)
            line = line[len(piece) - 1 :].lstrip()
        if current and len(current) + 1 + len(line) > limit:
            chunks.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        chunks.append(current)
    return chunks


def seat_namer(live: LiveMatch) -> Callable[[int], str]:
    """Seat names as public text (escaped: a name cannot format a post or ping anyone)."""

    def name(seat: int) -> str:
        return safe_name(live.seat_name(seat))

    return name


def event_line(live: LiveMatch, event: Event, locale: str, *, log: bool = False) -> str | None:
    """The log line of one event; kernel markers and unknown kinds say nothing.

    `log=True` is the full log at the end, read in the third person: a private event's `…log.<kind>`
    wording is used when the game has one ("Main de départ d'Alice : …" rather than "Votre main").
    """
    if event.kind == REVEAL:
        return None
    keys = [f"{live.game.key}.log.{event.kind}"] if log and not event.public else []
    keys += [f"{live.game.key}.event.{event.kind}", f"event.{event.kind}"]
    key = next((k for k in keys if catalog().has(k, locale)), None)
    if key is None:
        return None
    params = dict(event.params)
    if log and not event.public and "seat" not in params and event.to:
        params["seat"] = event.to[0]
    return localize(Text(key=key, params=params), locale, seat_namer(live))


def public_lines(
    live: LiveMatch,
    step: Applied,
    locale: str,
    viewer: int | None = None,
    *,
    late: frozenset[int] = frozenset(),
    chain: bool = False,
) -> list[str]:
    """Everything the table (or, with `viewer`, one seat: its private events too) may read about one step.

    `late`: the steps whose seals never reached the thread before this step opened them; `chain`: the
    thread's post, which shows the log's chain after a step that seals something."""
    lines = [line for e in step.events if e.visible_to(viewer) and (line := event_line(live, e, locale))]
    lines += (
        seal_lines(live, step, locale)
        if chain
        else [commitment_line(live, s.seat, s.label, s.digest, locale) for s in step.sealed]
    )
    for r in step.reveals:
        lines.append(reveal_line(live, r, locale, late=r.seq in late))
    if not lines and step.seat is not None:
        ended = getattr(step.action, "kind", None) == "end"  # what happened, not just "X played"
        lines.append(t("log.ended" if ended else "log.acted", locale, seat=safe_name(live.seat_name(step.seat))))
    if step.outcome is not None:
        lines.append(outcome_line(live, step.outcome, locale))
    return lines


def private_lines(live: LiveMatch, step: Applied, locale: str, seat: int) -> list[str]:
    """What a step showed one seat alone (a card its own move drew): the answer to that seat's click says
    it, since the thread does not and their own moves send them no DM."""
    return [line for e in step.events if not e.public and e.visible_to(seat) and (line := event_line(live, e, locale))]


def _owner(live: LiveMatch, seat: int, locale: str) -> str:
    return safe_name(live.seat_name(seat)) if seat >= 0 else t("log.nobody", locale)


def commitment_line(live: LiveMatch, seat: int, label: str, digest: str, locale: str) -> str:
    """A commitment as the table reads it: whose, what, and the whole SHA-256 (anyone can check it)."""
    key = "log.commitment" if label == "answer" else "log.sealed_deck"
    return t(key, locale, seat=_owner(live, seat, locale), digest=digest)


def seal_lines(live: LiveMatch, step: Applied, locale: str) -> list[str]:
    """A step's commitments as the thread shows them, then the log's chain after that step (what
    `/partie verifier` compares the log with at the end)."""
    lines = [commitment_line(live, s.seat, s.label, s.digest, locale) for s in step.sealed]
    if lines and step.chain:
        lines.append(t("log.chain", locale, seq=step.seq, chain=step.chain))
    return lines


def reveal_line(live: LiveMatch, r: Any, locale: str, *, late: bool = False) -> str:
    """An opened commitment: the choice and its salt (a deck order is too long: the full log has it).
    `late`: its seal never reached the thread before it opened, so it proves nothing (⚠ then)."""
    ok = t("log.not_in_time", locale) if late else "✅" if r.verified else "⚠️"
    if r.label != "answer":
        return t("log.reveal_deck", locale, seat=_owner(live, r.seat, locale), digest=r.digest, ok=ok)
    label = r.payload
    try:
        action = live.game.parse_action(json.loads(r.payload))
        label = localize(live.game.describe_action(live.state, r.seat, action), locale, live.seat_name)
    except Exception:  # the raw payload still lets anyone verify the hash
        label = r.payload
    return t("log.reveal", locale, seat=_owner(live, r.seat, locale), choice=label, salt=r.salt, digest=r.digest, ok=ok)


def outcome_line(live: LiveMatch, outcome: Any, locale: str) -> str:
    reason = localize(outcome.reason, locale, seat_namer(live))
    if outcome.draw or not outcome.winners:
        return t("log.draw", locale, reason=reason)
    names = ", ".join(safe_name(live.seat_name(s)) for s in outcome.winners)
    return t("log.winner", locale, winners=names, reason=reason)


def mention(live: LiveMatch, locale: str) -> tuple[str | None, list[int]]:
    """Who acts now, and the users to ping for it (people only: the AI is named, never pinged)."""
    seats = sorted(live.to_act())
    if not seats:
        return None, []
    who, pinged = [], []
    for n in seats:
        s = live.seat(n)
        if s.user_id and not s.is_ai:
            who.append(f"<@{s.user_id}>")
            pinged.append(s.user_id)
        else:
            who.append(safe_name(s.name))
    return t("log.to_act", locale, who=", ".join(who)), pinged


def mention_line(live: LiveMatch, locale: str) -> str | None:
    return mention(live, locale)[0]


def sealed_record(live: LiveMatch, c: Any, locale: str) -> str:
    """One commitment in the full log, with the exact text to hash (`bot/services/commitments.py`), so a
    player recomputes SHA-256("<match>:<step>:<salt>:" + value) by hand and finds the digest."""
    owner = _owner(live, c.seat, locale)
    return t(
        "log.sealed_record",
        locale,
        match=live.id,
        seq=c.seq,
        seat=owner,
        label=c.label,
        salt=c.salt,
        digest=c.digest,
        value=c.payload,
    )


def play_buttons(live: LiveMatch, locale: str) -> discord.ui.View:
    """The buttons under every public match message: act, and see one's own hand."""
    view = discord.ui.View(timeout=None)
    view.add_item(ActButton(live.id, label=t("button.act", locale)))
    if not live.game.hides_nothing:
        view.add_item(HandButton(live.id, label=t("button.hand", locale)))
    return view


def rematch_view(live: LiveMatch, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(live.id, label=t("button.rematch", locale), style=discord.ButtonStyle.primary))
    return view


def lobby_embed(live: LiveMatch, locale: str) -> discord.Embed:
    game = live.game
    embed = discord.Embed(
        title=t("lobby.title", locale, game=game_name(game.key, locale)),
        description=_lobby_description(live, locale),
        colour=discord.Colour.gold(),
    )
    lines = []
    for s in live.seats:
        mark = "🤖 " + t(f"lobby.level.{s.ai_level or 'normal'}", locale) if s.is_ai else DM_MARK[s.dm_ok]
        who = s.name if s.is_ai or not s.user_id else f"<@{s.user_id}>"
        lines.append(f"{s.seat + 1}. {who} {mark}")
    embed.add_field(name=t("lobby.players_field", locale), value="\n".join(lines) or "—", inline=False)
    embed.add_field(name=t("lobby.status", locale), value=t(f"status.{live.rec.status}", locale), inline=True)
    embed.add_field(name=t("lobby.settings", locale), value="\n".join(lobby_settings(live, locale)), inline=False)
    embed.set_footer(text=t("lobby.footer", locale, id=live.id))
    return embed


def _lobby_description(live: LiveMatch, locale: str) -> str:
    """Who may still join and what the DM marks mean: a solo game's AI already sits (nobody joins), and a
    game that hides nothing has no hand to show."""
    game = live.game
    if game.solo:
        ai = next((s.name for s in live.seats if s.is_ai), "")
        return t("lobby.description_solo", locale, ai=ai)
    players = t(
        "lobby.players_exact" if game.min_seats == game.max_seats else "lobby.players",
        locale,
        min=game.min_seats,
        max=game.max_seats,
    )
    key = "lobby.description_open" if game.hides_nothing else "lobby.description"
    return t(key, locale, players=players)


def lobby_settings(live: LiveMatch, locale: str) -> list[str]:
    """Every setting of the table that can decide the match, shown before anyone joins (#23): the
    clock and its increment, what a clock running out does, the reminders, the public language,
    whether the AI's advice is allowed (#31), and the game's own (WarCry's battleplan, #29)."""
    timers = Timers.model_validate(live.rec.timers)
    lines = []
    if timers.clock is None:
        lines.append(t("lobby.no_clock", locale))
    else:
        key = "lobby.clock_increment" if timers.increment else "lobby.clock"
        lines.append(t(key, locale, bank=timers.clock, increment=timers.increment))
        lines.append(t(f"lobby.timeout.{timers.on_timeout}", locale))
    lines.append(t("lobby.reminders", locale, after=timers.remind_after, every=timers.remind_every))
    lines.append(t("lobby.language", locale, language=t(f"lobby.lang.{live.rec.locale}", locale)))
    if live.rec.options.get("advice"):
        lines.append(t("lobby.advice", locale))
    lines += [localize(line, locale) for line in live.game.option_lines(live.rec.options)]  # WarCry's battleplan
    return lines


def lobby_view(live: LiveMatch, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if live.rec.status == "lobby":
        if not live.game.solo:  # a solo game's seats are all taken
            view.add_item(JoinButton(live.id, label=t("button.join", locale)))
            view.add_item(AddAiButton(live.id, label=t("button.add_ai", locale)))
        view.add_item(StartButton(live.id, label=t("button.start", locale)))
    return view


def phase_title(live: LiveMatch, locale: str) -> str:
    return t("board.title", locale, game=game_name(live.game.key, locale), version=live.version)


def is_phase_event(event: Event) -> bool:
    return event.kind == PHASE
