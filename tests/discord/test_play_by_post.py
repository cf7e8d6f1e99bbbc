"""Play-by-post: the language of a match, what its players receive and how often."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from bot.devtools.fakediscord import start_bot
from bot.devtools.table import Table, open_table, table_bot
from bot.devtools.traffic import match_traffic
from bot.engine import Rng
from cogs.pacing import NoPace, Pace

from .conftest import new_match, private_text, started_match

pytestmark = pytest.mark.both_backends  # the matches they play go through either database


async def test_a_match_speaks_its_creators_language_not_the_servers(tmp_path: Path) -> None:
    """A French player on a server whose default is English (most non-Community servers) reads French;
    `langue:` chooses otherwise."""
    async with open_table(tmp_path / "db.sqlite3", ("Alice", "Bob"), locale="fr") as table:
        table.guild["preferred_locale"] = "en-US"
        live = await new_match(table)
        assert live.rec.locale == "fr"
        lobby = table.fd.messages(table.thread_of(live))[0]
        assert "Rejoindre" in str(lobby["components"])

        english = await new_match(table, langue="en")
        assert english.rec.locale == "en"
        lobby = table.fd.messages(table.thread_of(english))[0]
        assert "Join" in str(lobby["components"]) and "Rejoindre" not in str(lobby["components"])


def _dms(table: Any, who: str) -> list[dict[str, Any]]:
    channel = table.fd.dm_channel_of(table.people[who])
    return table.fd.messages(channel) if channel else []


async def test_a_liber_match_keeps_to_the_play_by_post_targets() -> None:
    """A whole two-player Liber match: one DM per wait (the issue's "≤ 30 DMs per player" was measured
    on a 50-turn match; since the content was balanced this seed plays 78), ≤ 1 mention per turn,
    ≤ 1.5 REST calls per move, and never a user looked up to send a DM (issue: play-by-post)."""
    traffic = await match_traffic("liber", seed=1)
    assert traffic.moves > 60  # a real match, not one cut short
    for who in ("Alice", "Bob"):
        # one DM per turn of the other player (the wait), and the result
        assert traffic.dms_per_player[who] <= traffic.turns // 2 + 2, traffic.summary()
        assert traffic.mentions_per_player[who] <= traffic.turns, traffic.summary()
    assert traffic.thread_messages <= traffic.turns + 5  # one post per turn (and the end's log)
    assert traffic.user_lookups == 0 and traffic.dm_channel_opens == 0
    assert traffic.rest_per_move <= 1.5, traffic.summary()


async def test_the_dm_of_a_waiting_player_is_edited_not_repeated(table: Table) -> None:
    """Both pick at once in Duel: Alice's pick changes what Bob missed, so his DM is edited in place."""
    live = await started_match(table)
    bob_dm = table.fd.dm_channel_of(table.people["Bob"])
    assert bob_dm is not None
    sent, alice_sent = len(_dms(table, "Bob")), len(_dms(table, "Alice"))
    edits = len(table.fd.find("PATCH", rf"/channels/{bob_dm['id']}/messages/\d+"))
    await table.play_turn("Alice", live, Rng(1))
    assert 1 in live.to_act()
    assert len(_dms(table, "Bob")) == sent  # no new DM while he has not acted
    assert len(table.fd.find("PATCH", rf"/channels/{bob_dm['id']}/messages/\d+")) == edits + 1
    latest = _dms(table, "Bob")[-1]["content"]
    assert "Depuis votre dernier coup" in latest and "Alice" in latest and "À vous de jouer" in latest
    assert len(_dms(table, "Alice")) == alice_sent  # her own move tells her nothing new


async def test_a_player_may_ask_for_a_dm_at_every_move(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    async with open_table(db, ("Alice", "Bob")) as table:
        calls = await table.slash("Bob", "preferences", notifications="every")
        assert "C'est noté" in private_text(calls)
        live = await started_match(table)
        rng = Rng(5)
        while live.rec.status == "active":
            await table.play_turn(("Alice", "Bob")[min(live.to_act())], live, rng)
        assert len(_dms(table, "Bob")) > len(_dms(table, "Alice"))
        assert (await table.service.store.preferences(int(table.people["Bob"]["id"])))["notify"] == "every"
        calls = await table.slash("Alice", "preferences")
        assert "un seul message privé" in private_text(calls)


async def test_a_turn_held_when_the_bot_died_is_posted_after_the_restart(tmp_path: Path) -> None:
    """A seat that plays on has its steps held (one post per turn); they stay in the outbox until posted."""
    db = tmp_path / "db.sqlite3"
    async with open_table(db, ("Alice", "Bob")) as table:
        live = await started_match(table)
        rng = Rng(3)
        notifier = table.bot.service.notifier
        for _ in range(40):  # play until a round winner must still answer: their pick is held
            await table.play_turn(("Alice", "Bob")[min(live.to_act())], live, rng)
            if notifier._held.get(live.id):
                break
        held = notifier._held[live.id]
        assert held and await table.service.store.undelivered()
        lines = list(held.lines)
        notifier._held.clear()  # the process dies: nothing held survives in memory
        await table.bot.close()
        bot = table_bot(db, ai_delay=0.0, ai_level="easy", thread_pace=NoPace())
        await start_bot(table.fd, bot, [table.guild])
        table.bot = bot
        posted = "\n".join(m["content"] for m in table.fd.messages(table.thread_of(live), include_ephemeral=False))
        assert all(line in posted for line in lines)
        assert await bot.service.store.undelivered() == []


def test_the_pace_keeps_under_discords_channel_limit() -> None:
    now = [100.0]
    pace = Pace(posts=2, window=5.0, clock=lambda: now[0], margin=0.0)
    assert pace.delay(1) == 0.0
    pace.take(1)
    pace.take(1)
    assert pace.delay(1) == 5.0 and pace.delay(2) == 0.0  # per channel
    now[0] += 3.0
    assert pace.delay(1) == 2.0
    now[0] += 2.0
    assert pace.delay(1) == 0.0


async def _play_against_the_ai(path: Path, pace: Pace) -> tuple[int, str, list[Any]]:
    """Alice plays a whole Duel against the AI as fast as the bot answers: (thread posts, their text, outbox)."""
    async with open_table(path, ("Alice", "Bob"), pace=pace) as table:
        live = await started_match(table, ai=True)
        rng = Rng(9)
        while live.rec.status == "active":
            await table.play_turn("Alice", live, rng)
        posts = table.fd.messages(table.thread_of(live), include_ephemeral=False)
        return len(posts), "\n".join(m["content"] for m in posts), await table.service.store.undelivered()


async def test_fast_play_is_batched_under_the_pace_and_nothing_is_lost(tmp_path: Path) -> None:
    """Moves far faster than Discord lets a channel take posts: turns wait and go out together."""
    times: list[float] = []
    pace = Pace(posts=2, window=0.3, margin=0.05)
    original = pace.take

    def take(channel_id: int) -> None:
        times.append(pace.clock())
        original(channel_id)

    pace.take = take  # type: ignore[method-assign]
    paced, paced_text, outbox = await _play_against_the_ai(tmp_path / "paced.sqlite3", pace)
    free, free_text, _ = await _play_against_the_ai(tmp_path / "free.sqlite3", NoPace())
    assert all(later - earlier >= 0.3 - 1e-3 for earlier, later in zip(times, times[2:], strict=False))
    assert paced < free  # batched, not dropped:
    assert outbox == []
    for line in free_text.splitlines():  # the same match (same seeds), told in full; salts differ
        if line and "`" not in line and not line.startswith("À jouer"):
            assert line in paced_text


async def test_my_matches_lists_those_waiting_for_me_first_longest_wait_first(tmp_path: Path) -> None:
    now = [1_800_000_000.0]
    async with open_table(tmp_path / "db.sqlite3", ("Alice", "Bob"), clock=lambda: now[0]) as table:
        first = await started_match(table)  # Duel: both must pick, the game waits for Alice
        now[0] += 3600
        second = await started_match(table)
        now[0] += 3600
        third = await started_match(table)
        await table.play_turn("Alice", third, Rng(1))  # this one waits for Bob only
        text = private_text(await table.slash("Alice", "partie", "mes-parties"))
        lines = [line for line in text.splitlines() if "`" in line]
        assert [line.split("`")[1] for line in lines] == [first.id, second.id, third.id]
        assert lines[0].startswith("🔔") and f"depuis <t:{int(now[0] - 7200)}:R>" in lines[0]
        assert lines[2].startswith("·")


async def test_the_board_again_shows_a_player_what_happened_since_their_last_move(table: Table) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    await table.play_turn("Alice", live, Rng(1))
    await table.play_turn("Bob", live, Rng(2))
    calls = await table.slash("Alice", "partie", "etat", channel=thread)
    board, news = (c.json for c in calls.find("POST", r"/webhooks/\d+/[^/]+"))
    assert board["embeds"] and not board.get("flags") and "Depuis votre dernier coup" not in board["content"]
    assert news["flags"] & 64  # « since your last move », addressed to Alice, is hers alone
    assert "Depuis votre dernier coup" in news["content"] and "Bob a choisi" in news["content"]
    assert "Alice a choisi" not in news["content"]  # her own move is not news to her


async def test_a_turn_left_half_played_is_posted_after_a_while(tmp_path: Path) -> None:
    async with open_table(tmp_path / "db.sqlite3", ("Alice", "Bob")) as table:
        live = await started_match(table)
        rng = Rng(3)
        notifier = table.bot.service.notifier
        for _ in range(40):  # until a round winner must still answer: their pick is held
            await table.play_turn(("Alice", "Bob")[min(live.to_act())], live, rng)
            if notifier._held.get(live.id):
                break
        held = notifier._held[live.id]
        lines = list(held.lines)
        await notifier.flush_held(older_than=600)
        assert notifier._held[live.id]  # not yet
        held.since -= 601  # ten minutes pass
        await notifier.flush_held(older_than=600)
        await table.idle()
        assert not notifier._held[live.id]
        posted = "\n".join(m["content"] for m in table.fd.messages(table.thread_of(live), include_ephemeral=False))
        assert all(line in posted for line in lines)
        assert await table.service.store.undelivered() == []


async def test_a_turn_longer_than_a_message_is_posted_whole_and_the_result_comes_first(table: Table) -> None:
    """A long last turn (Confrontation's and WarCry's reveals and combats) was clipped at 2,000 characters:
    it ended with « … » and had lost its 🏆 line, and a 🔒 line cut off could not be read back by
    `/partie verifier`. Now the turn goes as several posts, cut between lines; the board, the mention and
    the buttons go with the last; each seal is recorded with the post that carries its chain line; the
    result opens the post of the match's last turn."""
    from cogs.turns import HeldTurn, Seal

    live = await started_match(table)
    thread = table.thread_of(live)
    notifier = table.bot.service.notifier
    before = len(table.fd.messages(thread, include_ephemeral=False))
    lines = [f"Ligne {n:02d} : " + "une longue phrase de combat " * 2 for n in range(70)]
    chain = "🔗 chaîne après le coup n° 1 : " + "ab" * 32
    held = HeldTurn()
    held.lines, held.last_seq = [*lines[:60], chain, *lines[60:]], 1
    held.seals = [Seal(1, "ab" * 32, (chain,))]
    assert sum(len(line) + 1 for line in held.lines) > 4000  # the position: more than two messages' worth
    assert await notifier._post_turn(live, held, mention=True, wait=True)
    posts = table.fd.messages(thread, include_ephemeral=False)[before:]
    assert len(posts) == 3 and all(len(m["content"]) <= 2000 for m in posts)
    assert "\n".join(m["content"] for m in posts).splitlines()[:71] == [*lines[:60], chain, *lines[60:]]
    assert not any(m.get("components") for m in posts[:-1]) and posts[-1]["components"]
    published = await table.bot.service.store.published(live.id)
    carrier = next(m for m in posts if chain in m["content"])
    assert [r.message_id for r in published if r.seq == 1] == [int(carrier["id"])]

    rng = Rng(5)
    while live.rec.status == "active":
        await table.play_turn(("Alice", "Bob")[min(live.to_act())], live, rng)
    ended = [m["content"] for m in table.fd.messages(thread, include_ephemeral=False) if "🏆" in m["content"]]
    assert len(ended) == 1 and ended[0].startswith("🏆 Victoire de **") and len(ended[0].splitlines()) > 1


async def test_a_card_your_own_move_draws_is_named_in_the_answer_to_your_click(table: Table) -> None:
    """In Liber, passing the response window draws a card; the answer said only « ✅ Action jouée :
    Passer », and one's own moves send no DM: the card was never named. The answer to the click now says
    what the move showed that player alone (here: Duel's bonus draw)."""
    from bot.testgames.duel.game import Draw

    live = await started_match(table)
    rng = Rng(2)
    for _ in range(40):
        top = live.state.stack[-1] if live.state.stack else None
        if top is not None and top.kind == "draw":
            break
        await table.play_turn(("Alice", "Bob")[min(live.to_act())], live, rng)
    top = live.state.stack[-1]
    assert top.kind == "draw"  # the position: a round winner may draw a bonus card
    (seat,) = top.seats
    who = ("Alice", "Bob")[seat]
    drawn = live.state.deck[0]
    await table.click(who, table.last_with(table.thread_of(live), f"tv:act:{live.id}"), f"tv:act:{live.id}")
    calls = await table.choose_in_menu(who, live, seat, Draw(take=True))
    answer = next(c.json for c in calls if c.json and "Action jouée" in str(c.json))
    text = str(answer)
    assert f"Vous piochez le {drawn}." in text
    public = "\n".join(m["content"] for m in table.fd.messages(table.thread_of(live), include_ephemeral=False))
    assert "Vous piochez" not in public


async def test_every_post_in_a_thread_counts_in_its_pace(tmp_path: Path) -> None:
    """The lobby post was not counted: a new match against the AI, with no delay, posted 6 messages in
    about 3 s and Discord refused the sixth. Every post the bot makes in the thread (lobby, invitation,
    turns) now goes through one count, and no window of the pace holds more than it allows."""
    taken: list[tuple[int, float]] = []
    pace = Pace(posts=2, window=0.3, margin=0.05)
    original = pace.take

    def take(channel_id: int) -> None:
        taken.append((channel_id, pace.clock()))
        original(channel_id)

    pace.take = take  # type: ignore[method-assign]
    async with open_table(tmp_path / "db.sqlite3", ("Alice", "Bob"), pace=pace) as table:
        live = await started_match(table, ai=True)
        rng = Rng(9)
        for _ in range(3):
            await table.play_turn("Alice", live, rng)
        thread = table.thread_of(live)
        posts = [m for m in table.fd.messages(thread, include_ephemeral=False) if m["author"].get("bot")]
        times = [at for channel, at in taken if channel == int(thread["id"])]
        assert posts and len(times) == len(posts)  # the lobby included
        assert all(later - earlier >= 0.3 - 1e-3 for earlier, later in zip(times, times[2:], strict=False))


async def test_a_turn_cut_by_a_crash_is_one_post_and_one_ping_after_the_restart(tmp_path: Path) -> None:
    """A turn of several steps whose last step was saved but not delivered when the bot died: at the
    restart each step was judged against who acts *now*, so each came out as its own post ending with
    « À jouer », one ping per step. Each step is now judged by who acted after it: one post, one ping."""
    from bot.testgames.duel.game import Draw

    db = tmp_path / "db.sqlite3"
    async with open_table(db, ("Alice", "Bob")) as table:
        live = await started_match(table)
        thread = table.thread_of(live)
        rng = Rng(3)
        notifier = table.bot.service.notifier
        for _ in range(40):  # until a round winner must still answer: their pick is held
            await table.play_turn(("Alice", "Bob")[min(live.to_act())], live, rng)
            if notifier._held.get(live.id):
                break
        (seat,) = live.state.stack[-1].seats
        assert live.state.stack[-1].kind == "draw" and notifier._held[live.id]  # the position

        async def dies_before_delivering(*_: Any) -> bool:
            return False

        notifier.applied = dies_before_delivering  # the draw is saved; the process dies before telling anyone
        who = ("Alice", "Bob")[seat]
        await table.click(who, table.last_with(thread, f"tv:act:{live.id}"), f"tv:act:{live.id}")
        await table.choose_in_menu(who, live, seat, Draw(take=False))
        assert len(await table.service.store.undelivered()) >= 2  # the held pick and the draw
        notifier._held.clear()
        await table.bot.close()
        before = len(table.fd.messages(thread, include_ephemeral=False))
        bot = table_bot(db, ai_delay=0.0, ai_level="easy", thread_pace=NoPace())
        await start_bot(table.fd, bot, [table.guild])
        table.bot = bot
        after = table.fd.messages(thread, include_ephemeral=False)[before:]
        assert len(after) == 1 and after[0]["content"].count("À jouer") == 1
        assert await bot.service.store.undelivered() == []


def _text(call: Any) -> str:
    return json.dumps(call.json or {}, ensure_ascii=False)


async def test_the_last_move_is_acknowledged_before_the_end_is_posted(tmp_path: Path) -> None:
    """The last move's « ✅ » waited for the end's post and the whole log, which wait for the channel's
    pace (3.5 s after the click, #26). Here the thread holds every post of the finished match until the
    player's « ✅ » has reached Discord: the click is answered, then the end goes out (waiting for the
    end before answering, the click would never be answered)."""
    async with open_table(tmp_path / "db.sqlite3", ("Alice", "Bob")) as table:
        live = await started_match(table)
        fd, notifier = table.fd, table.bot.service.notifier
        real = notifier._to_thread
        asked: list[int] = []
        turn = [0]  # where the calls of the turn being played begin

        def acknowledged(start: int) -> int | None:
            return next(
                (i for i, c in enumerate(fd.calls[start:], start) if "✅ Action jouée" in _text(c)),
                None,
            )

        async def paced(match: Any, **kwargs: Any) -> Any:
            if match.rec.status == "finished":  # the end: held until the last click was answered
                asked.append(len(fd.calls))
                async with asyncio.timeout(5):  # a test that fails, never one that hangs
                    while acknowledged(turn[0]) is None:
                        await fd._call_event.wait()
            return await real(match, **kwargs)

        notifier._to_thread = paced
        rng = Rng(6)
        while live.rec.status == "active":
            turn[0] = len(fd.calls)
            await table.play_turn(("Alice", "Bob")[min(live.to_act())], live, rng)
        await table.idle()
        assert asked, "the end was posted through the thread"
        ack = acknowledged(turn[0])
        thread = f"/channels/{live.rec.thread_id}/messages"
        ends = [i for i, c in enumerate(fd.calls) if (c.method, c.path) == ("POST", thread) and "🏆" in _text(c)]
        assert ack is not None and ends and ack < ends[0]
        posts = table.fd.messages(table.thread_of(live), include_ephemeral=False)
        assert any("🏆" in m["content"] for m in posts)  # the end did go out, after the answer
