"""Lobby operations: create, attach to a thread, join, add the AI, leave, cancel, start."""

from __future__ import annotations

import dataclasses
import logging
import secrets
from typing import Any

from bot.ai.search import LEVELS
from bot.engine import Rng, get_game
from bot.i18n import t
from bot.storage import MatchRecord, SeatRecord, VersionConflict

from .advice import ADVICE_OPTION
from .core import ACTIVE, ServiceCore
from .errors import ServiceError
from .learn import LEARN
from .model import Applied, LiveMatch, Player
from .replay import seat_specs
from .timers import Timers

log = logging.getLogger("tavernier.matches")


def ai_name(locale: str, n: int = 1) -> str:
    """The AI's seat name in the match's language, numbered from the second AI seat: « Tavernier (IA) »,
    "Tavernier (AI 2)". It needs no article in any template (« Tavernier (IA) joue… », « à Tavernier (IA) »)."""
    return t("seat.ai", locale) if n == 1 else t("seat.ai_n", locale, n=n)


class LobbyOps(ServiceCore):
    """Every write is conditional on the revision of the match it read; memory changes only after the
    commit. A match another instance changed meanwhile is read again and the player told to retry."""

    async def _save_lobby(self, live: LiveMatch, rec: MatchRecord, seats: list[SeatRecord]) -> None:
        try:
            await self.store.save_lobby(rec, seats)
        except VersionConflict:
            await self._reload(live.id)
            raise ServiceError("match_changed") from None
        live.rec, live.seats = rec, seats

    async def create(
        self,
        *,
        game_key: str,
        creator: Player,
        guild_id: int | None,
        channel_id: int | None,
        options: dict[str, Any] | None = None,
        seat_options: dict[str, Any] | None = None,
        locale: str = "fr",
        join: bool = True,
        timers: dict[str, Any] | None = None,
        ai_level: str | None = None,
        learning: bool = False,
        advice: bool = False,
    ) -> LiveMatch:
        """The match and its first seat in one transaction: a crash leaves nothing half-made. With
        `ai_level`, a solo game's AI takes the other seat in the same transaction (the players' way in).
        `learning` marks a learning match in its options (the host's mark, not one of the game's).
        `advice`: the creator allows advice even if the match is rated (the host's option, beside the
        game's own, which the game never sees validated)."""
        game = get_game(game_key)
        opts = game.validate_options(dict(options or {}))
        if learning:
            opts[LEARN] = True
        if advice:
            opts[ADVICE_OPTION] = True
        seats = []
        if join:
            so = game.validate_seat_options(dict(seat_options or {}))
            seats.append(
                SeatRecord(seat=0, name=creator.name, user_id=creator.user_id, options=so, locale=creator.locale)
            )
            if ai_level is not None and game.solo:
                seats.append(self._ai_seat(game, seats, ai_level, locale))
        rec = MatchRecord(
            id=secrets.token_hex(4),
            game=game.key,
            guild_id=guild_id,
            channel_id=channel_id,
            created_by=creator.user_id,
            seed=self._seed_source(),
            options=opts,
            locale=locale,
            timers=Timers.model_validate(timers or {}).model_dump(mode="json"),
        )
        return await self._create(rec, seats)

    async def _create(self, rec: MatchRecord, seats: list[SeatRecord]) -> LiveMatch:
        await self.store.create_match(rec, seats)
        live = LiveMatch(rec=rec, seats=seats, game=get_game(rec.game))
        self._adopt(live)
        self._touch(live)
        self._evict_idle()
        log.info("match created match=%s game=%s", rec.id, rec.game)
        return live

    async def rematch(self, match_id: str, user_id: int) -> LiveMatch:
        """A new lobby for the same seats with sides swapped, the same options, language and time
        settings; the player who asked starts it when the table is ready."""
        old = await self.get(match_id)
        if old.rec.status != "finished":
            raise ServiceError("not_finished")
        if old.seat_of(user_id) is None:
            raise ServiceError("not_seated")
        order = old.seats if old.game.solo else list(reversed(old.seats))  # the solo side stays
        seats = [dataclasses.replace(s, seat=n, dm_ok=None if s.is_ai else s.dm_ok) for n, s in enumerate(order)]
        settings = Timers.model_validate(old.rec.timers).model_dump(mode="json", exclude={"seats"})
        rec = self._record_like(old.rec, created_by=user_id, locale=old.rec.locale, timers=settings)
        return await self._create(rec, seats)

    async def attach(self, match_id: str, *, thread_id: int | None = None, lobby_message_id: int | None = None) -> None:
        live = await self.get(match_id)
        async with live.lock:
            rec = dataclasses.replace(live.rec)
            if thread_id is not None:
                rec.thread_id = thread_id
            if lobby_message_id is not None:
                rec.lobby_message_id = lobby_message_id
            await self._save_match(live, rec)

    async def join(self, match_id: str, player: Player, seat_options: dict[str, Any] | None = None) -> LiveMatch:
        live = await self.get(match_id)
        async with live.lock:
            self._require_lobby(live)
            if live.seat_of(player.user_id):
                raise ServiceError("already_joined")
            if len(live.seats) >= live.game.max_seats:
                raise ServiceError("lobby_full", max=live.game.max_seats)
            so = live.game.validate_seat_options(dict(seat_options or {}))
            seat = SeatRecord(
                seat=len(live.seats), name=player.name, user_id=player.user_id, options=so, locale=player.locale
            )
            await self._save_lobby(live, dataclasses.replace(live.rec), [*live.seats, seat])
        await self.notifier.lobby_changed(live)
        return live

    async def add_ai(
        self, match_id: str, by_user: int, seat_options: dict[str, Any] | None = None, level: str = "normal"
    ) -> LiveMatch:
        live = await self.get(match_id)
        async with live.lock:
            self._require_lobby(live)
            self._require_host(live, by_user)
            if len(live.seats) >= live.game.max_seats:
                raise ServiceError("lobby_full", max=live.game.max_seats)
            seat = self._ai_seat(live.game, live.seats, level, live.rec.locale, seat_options)
            await self._save_lobby(live, dataclasses.replace(live.rec), [*live.seats, seat])
        await self.notifier.lobby_changed(live)
        return live

    @staticmethod
    def _ai_seat(
        game: Any, seats: list[SeatRecord], level: str, locale: str, seat_options: dict[str, Any] | None = None
    ) -> SeatRecord:
        """The next seat, played by the AI at `level` with the options that level brings."""
        if level not in LEVELS:
            raise ServiceError("bad_level", levels=", ".join(LEVELS))
        so = game.validate_seat_options({**game.ai_seat_options(level), **(seat_options or {})})
        n = sum(1 for s in seats if s.is_ai) + 1
        name = ai_name(locale, n)
        return SeatRecord(seat=len(seats), name=name, is_ai=True, options=so, locale=locale, ai_level=level)

    async def leave(self, match_id: str, user_id: int) -> LiveMatch:
        live = await self.get(match_id)
        async with live.lock:
            self._require_lobby(live)
            if not live.seat_of(user_id):
                raise ServiceError("not_seated")
            kept = [s for s in live.seats if s.user_id != user_id]
            seats = [dataclasses.replace(s, seat=i) for i, s in enumerate(kept)]
            rec = dataclasses.replace(live.rec)
            cancelled = not any(not s.is_ai for s in seats)
            if cancelled:
                rec.status = "cancelled"
            await self._save_lobby(live, rec, seats)
        if cancelled:
            self._retire(live)
            await self.notifier.cancelled(live)
        else:
            await self.notifier.lobby_changed(live)
        return live

    async def set_dm_ok(self, match_id: str, user_id: int, ok: bool) -> None:
        """Record whether the bot can DM this player (checked at join, updated on failures)."""
        live = await self.get(match_id)
        seat = live.seat_of(user_id)
        if seat is None or seat.dm_ok == ok:
            return
        await self.store.set_dm_ok(live.id, seat.seat, ok)
        seat.dm_ok = ok

    async def cancel(
        self, match_id: str, user_id: int, *, guild_id: int | None, is_manager: bool = False
    ) -> LiveMatch | None:
        """The creator may cancel a lobby; moderators may cancel any unfinished match, a broken one too:
        of their own server only (`guild_id`: where the request comes from; another server's match is
        unknown there, whatever the caller checked before)."""
        await self.admit(match_id, guild_id=guild_id, user_id=user_id)
        try:
            live = await self.get(match_id)
        except Exception:
            rec = await self.store.get_match(match_id)
            if rec is None or not rec.broken:
                raise
            if not is_manager and user_id != rec.created_by:
                raise ServiceError("not_allowed") from None
            rec.status = "cancelled"
            await self.store.update_match(rec)
            return None
        async with live.lock:
            if live.rec.status not in ACTIVE:
                raise ServiceError("match_not_active")
            if not is_manager and not (live.rec.status == "lobby" and user_id == live.rec.created_by):
                raise ServiceError("not_allowed")
            await self._save_match(live, dataclasses.replace(live.rec, status="cancelled"))
        self._forget_ai(live.id)
        self._retire(live)
        await self.notifier.cancelled(live)
        return live

    async def thread_lost(self, match_id: str) -> LiveMatch:
        """Its thread was deleted or locked: the match waits for a new one (`move_thread`) or a cancel."""
        live = await self.get(match_id)
        async with live.lock:
            if live.rec.thread_id is not None:
                await self._save_match(live, dataclasses.replace(live.rec, thread_id=None, lobby_message_id=None))
        return live

    async def move_thread(
        self, match_id: str, user_id: int, thread_id: int, lobby_message_id: int | None, *, is_manager: bool = False
    ) -> LiveMatch:
        """Resume a match in a new thread: a seated player or a moderator, while it is not over."""
        live = await self.get(match_id)
        async with live.lock:
            if live.rec.status not in ACTIVE:
                raise ServiceError("match_not_active")
            if not is_manager and live.seat_of(user_id) is None:
                raise ServiceError("not_allowed")
            rec = dataclasses.replace(live.rec, thread_id=thread_id, lobby_message_id=lobby_message_id)
            await self._save_match(live, rec)
            for box in live.inbox.values():
                box.forget_dm()  # the DMs point to the old thread
        return live

    async def start(self, match_id: str, by_user: int) -> Applied:
        live = await self.get(match_id)
        async with live.lock:
            self._require_lobby(live)
            self._require_host(live, by_user)
            if len(live.seats) < live.game.min_seats:
                raise ServiceError("not_enough_players", min=live.game.min_seats)
            rng = Rng(live.rec.seed)
            transition = live.game.setup(seat_specs(live.seats), live.rec.options, rng)
            step, forced = await self._host_step(
                live,
                base=dataclasses.replace(live.rec, status="active"),
                state=transition.state,
                rng=rng,
                kind="setup",
                events=tuple(transition.events),
                sealed=transition.sealed,
                meta={"rules": live.game.rules_version},  # a match keeps the rules it began under
            )
        return await self._deliver(live, step, *forced)
