"""Ratings per server and game, with openskill's Plackett-Luce model (a maintained library, not a
formula of our own). A finished match between people counts once; matches with an AI seat, cancelled
ones and matches outside a server do not count, nor one where the AI played half or more of a
person's moves (away with `ia:True`, or its clock ran out with the AI chosen), nor one where a player
asked the AI for advice (`/partie conseil`, allowed at creation): it is marked counted without moving
anyone, and the thread is told why (docs/play-by-post.md, "After the match")."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from openskill.models import PlackettLuce

from bot.engine import Outcome
from bot.storage import LogEntry, Rating

from .core import ServiceCore
from .model import LiveMatch
from .replay import ADVICE, standing

log = logging.getLogger("tavernier.ratings")
MODEL = PlackettLuce()


def rerate(players: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """New ratings after one match: `ranks[i]` is player i's place (1 = first; equal places tie)."""
    teams = [[MODEL.rating(mu=p.mu, sigma=p.sigma)] for p in players]
    rated = MODEL.rate(teams, ranks=list(ranks))
    best = min(ranks)
    return [
        Rating(
            p.user_id,
            p.name,
            team[0].mu,
            team[0].sigma,
            p.games + 1,
            p.wins + int(rank == best and ranks.count(best) == 1),
        )
        for p, team, rank in zip(players, rated, ranks, strict=True)
    ]


def ranks_of(outcome: Outcome, seats: Sequence[int]) -> list[int]:
    """Winners first, everyone else second; a draw puts everyone first."""
    if outcome.draw or not outcome.winners:
        return [1 for _ in seats]
    return [1 if s in outcome.winners else 2 for s in seats]


def ai_share(entries: Sequence[LogEntry], seat: int) -> tuple[int, int]:
    """(moves the AI chose, moves) of one seat, the moves taken back (an undo, a judge's rewind) left out;
    a concession is the person's. A forced answer (`meta.forced`: the game played a decision with one
    answer) is nobody's move: counted, it would let a person away all match, the AI playing for them, be
    rated on what the game answered."""
    mine = [
        e for e in standing(entries) if e.seat == seat and e.kind in ("action", "concede") and not e.meta.get("forced")
    ]
    return sum(1 for e in mine if e.meta.get("ai")), len(mine)


def played_by_ai(entries: Sequence[LogEntry], seats: Sequence[int]) -> tuple[int, int, int] | None:
    """The first seat whose person played half of its moves or fewer, as (seat, AI moves, moves)."""
    for seat in seats:
        ai, total = ai_share(entries, seat)
        if total and 2 * (total - ai) <= total:
            return seat, ai, total
    return None


def rated_table(live: LiveMatch) -> bool:
    """A table whose result would count: people only, at least two, on a server."""
    people = [s for s in live.seats if not s.is_ai and s.user_id]
    return live.rec.guild_id is not None and len(people) == len(live.seats) >= 2


def advised(entries: Sequence[LogEntry]) -> int | None:
    """The first seat that asked the AI for advice (`/partie conseil`), if any did."""
    return next((e.seat for e in entries if e.kind == ADVICE and e.seat is not None), None)


class RatingOps(ServiceCore):
    def ratable(self, live: LiveMatch) -> bool:
        return live.rec.status == "finished" and live.rec.outcome is not None and rated_table(live)

    async def rate(self, live: LiveMatch) -> bool:
        """Count a finished match in its server's ratings (once; False when it does not count)."""
        if not self.ratable(live) or live.rec.outcome is None or live.rec.guild_id is None:
            return False
        entries = await self.store.log(live.id)
        asked = advised(entries)
        if asked is not None:
            if await self.store.rate_match(live.id, live.rec.guild_id, live.game.key, []):
                log.info("match not rated, advice was asked match=%s seat=%d", live.id, asked)
                await self.notifier.timer_news(live, "rating.advised", asked)
            return False
        by_ai = played_by_ai(entries, [s.seat for s in live.seats])
        if by_ai is not None:
            seat, ai, total = by_ai
            if await self.store.rate_match(live.id, live.rec.guild_id, live.game.key, []):
                log.info("match not rated, the AI played for a person match=%s seat=%d", live.id, seat)
                await self.notifier.timer_news(live, "rating.ai_played", seat, n=ai, total=total)
            return False
        outcome = Outcome.model_validate(live.rec.outcome)
        known = {
            r.user_id: r
            for r in await self.store.ratings(live.rec.guild_id, live.game.key, [s.user_id or 0 for s in live.seats])
        }
        players = [
            known.get(s.user_id or 0) or Rating(s.user_id or 0, s.name, MODEL.mu, MODEL.sigma) for s in live.seats
        ]
        for p, s in zip(players, live.seats, strict=True):
            p.name = s.name
        new = rerate(players, ranks_of(outcome, [s.seat for s in live.seats]))
        counted = await self.store.rate_match(live.id, live.rec.guild_id, live.game.key, new)
        if counted:
            log.info("match rated match=%s", live.id)
        return counted

    async def rate_pending(self) -> int:
        """At start-up: matches that finished but were not counted (a crash in between)."""
        done = 0
        for match_id in await self.store.unrated_finished():
            try:
                done += await self.rate(await self.get(match_id))
            except Exception:
                log.exception("cannot rate match=%s", match_id)
        return done

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[Rating]:
        return (await self.store.ratings(guild_id, game))[:limit]
