"""Undo by consent: the mover asks, the opponent's button answers, the log keeps both steps."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.devtools.fakediscord import start_bot
from bot.devtools.table import Table, custom_ids, open_table, table_bot
from bot.engine import ANY, Rng
from bot.services.replay import rebuild
from cogs.pacing import NoPace

from .conftest import private_text, started_match

pytestmark = pytest.mark.both_backends  # the matches they play go through either database


async def _palet(table: Table) -> object:
    await table.slash("Alice", "partie", "nouvelle", jeu="palet")
    live = table.live_matches()[-1]
    thread = table.thread_of(live)
    await table.click("Bob", table.last_with(thread, f"tv:join:{live.id}"), f"tv:join:{live.id}")
    await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
    return live


async def test_a_move_taken_back_with_the_opponents_consent(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    async with open_table(db, ("Alice", "Bob")) as table:
        live = await _palet(table)
        thread = table.thread_of(live)
        before = live.game.dump_state(live.state)
        seat = min(live.to_act())
        mover, other = ("Alice", "Bob") if seat == 0 else ("Bob", "Alice")
        await table.play_turn(mover, live, Rng(1))
        played = live.version
        calls = await table.slash(mover, "partie", "reprendre", channel=thread)
        assert "Demande envoyée" in private_text(calls)
        question = table.last_with(thread, f"tv:undo:{live.id}:")
        assert f"<@{table.people[other]['id']}>" in question["content"]
        accept = next(c for c in custom_ids(question) if c.endswith(":y"))
        calls = await table.click(mover, question, accept)  # not theirs to answer
        assert "C'est à l'adversaire" in private_text(calls)
        await table.click(other, question, accept)
        assert live.version == played + 1 and live.to_act() == {seat}
        assert live.game.dump_state(live.state) == before
        kinds = [e.kind for e in await table.service.history(live.id)]
        assert kinds[-2:] == ["action", "undo"]  # the log keeps the move and its undo
        answered = table.fd.message(question["id"]) or {}
        assert not custom_ids(answered) and "le coup est repris" in answered["content"]  # answered once
        await table.bot.close()
        bot = table_bot(db, ai_delay=0.0, ai_level="easy", thread_pace=NoPace())
        await start_bot(table.fd, bot, [table.guild])
        reloaded = await bot.service.get(live.id)
        assert reloaded.game.dump_state(reloaded.state) == before  # the undo replays after a restart
        table.bot = bot
        await table.play_turn(mover, reloaded, Rng(2))  # and the match goes on
        assert reloaded.version == played + 2


async def test_a_refused_undo_leaves_the_move_and_a_secret_move_cannot_be_taken_back(tmp_path: Path) -> None:
    async with open_table(tmp_path / "db.sqlite3", ("Alice", "Bob")) as table:
        live = await _palet(table)
        thread = table.thread_of(live)
        seat = min(live.to_act())
        mover, other = ("Alice", "Bob") if seat == 0 else ("Bob", "Alice")
        await table.play_turn(mover, live, Rng(1))
        played = live.version
        await table.slash(mover, "partie", "reprendre", channel=thread)
        question = table.last_with(thread, f"tv:undo:{live.id}:")
        await table.click(other, question, next(c for c in custom_ids(question) if c.endswith(":n")))
        assert live.version == played
        calls = await table.slash(other, "partie", "reprendre", channel=thread)
        assert "votre propre coup" in private_text(calls)

    async with open_table(tmp_path / "duel.sqlite3", ("Alice", "Bob")) as table:
        live = await started_match(table)
        await table.play_turn("Alice", live, Rng(1))  # a hidden pick, sealed
        calls = await table.slash("Alice", "partie", "reprendre", channel=table.thread_of(live))
        assert "information cachée" in private_text(calls)


async def test_a_card_drawn_from_the_sealed_deck_cannot_be_taken_back(tmp_path: Path) -> None:
    """The round's winner draws from the deck shuffled at set-up: no chance is drawn, and the only
    private event goes to the drawer. Taken back, the card would go back on top and they would know it."""
    from bot.testgames.duel.game import Draw

    async with open_table(tmp_path / "db.sqlite3", ("Alice", "Bob")) as table:
        live = await started_match(table)
        names = {0: "Alice", 1: "Bob"}
        for turn in range(12):  # pick until a round has a winner and it is asked whether to draw
            top = live.game.pending(live.state)
            if top is not None and top.kind == "draw":
                break
            seat = min(live.to_act())
            await table.play_turn(names[seat], live, Rng(turn))
        top = live.game.pending(live.state)
        assert top is not None and top.kind == "draw" and live.state.deck
        winner = next(iter(top.seats))
        thread = table.thread_of(live)
        await table.click(names[winner], table.last_with(thread, f"tv:act:{live.id}"), f"tv:act:{live.id}")
        await table.choose_in_menu(names[winner], live, winner, Draw(take=True))
        last = (await table.service.history(live.id))[-1]
        assert last.kind == "action" and last.action == {"kind": "draw", "take": True} and not last.draws
        played = live.version
        calls = await table.slash(names[winner], "partie", "reprendre", channel=thread)
        assert "information cachée" in private_text(calls)
        assert live.undo_request is None and live.version == played
        assert not any(f"tv:undo:{live.id}:" in c for m in table.fd.messages(thread) for c in custom_ids(m))


async def test_a_move_is_taken_back_with_the_forced_answer_it_caused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move the game answered at once for the other side (a decision with one answer, #26) is no longer
    the last step: it could not be taken back. It now goes back with the forced answers it caused, in one
    undo, and the log replays to the state before the move. Palet is made to leave the other side one
    answer (its suggestions' first), as Confrontation's « Fin des annonces » does."""
    from bot.services.replay import replay_from_seed, replay_recorded
    from bot.testgames.palet.game import PaletGame

    db = tmp_path / "db.sqlite3"
    async with open_table(db, ("Alice", "Bob")) as table:
        live = await _palet(table)
        thread = table.thread_of(live)
        seat = min(live.to_act())
        mover, other = ("Alice", "Bob") if seat == 0 else ("Bob", "Alice")

        def one_answer(game: PaletGame, state: object, who: int) -> object:
            if who != 1 - seat or who not in game.to_act(state):
                return None
            return game.suggest(state, who, ANY)[0].action

        monkeypatch.setattr(PaletGame, "forced", one_answer)
        before = live.game.dump_state(live.state)
        await table.play_turn(mover, live, Rng(1))
        entries = await table.service.history(live.id)
        assert [(e.seat, bool(e.meta.get("forced"))) for e in entries[-2:]] == [(seat, False), (1 - seat, True)]
        assert live.to_act() == {seat}  # the position: the other side was answered for, the mover plays again
        played = live.version
        calls = await table.slash(mover, "partie", "reprendre", channel=thread)
        assert "Demande envoyée" in private_text(calls)
        question = table.last_with(thread, f"tv:undo:{live.id}:")
        await table.click(other, question, next(c for c in custom_ids(question) if c.endswith(":y")))
        assert live.version == played + 1 and live.to_act() == {seat}
        assert live.game.dump_state(live.state) == before  # the move and its forced answer, both taken back
        entries = await table.service.history(live.id)
        assert [e.kind for e in entries[-3:]] == ["action", "action", "undo"]
        assert entries[-1].meta["undoes"] == entries[-3].seq
        assert live.game.dump_state(rebuild(live.game, live.seats, live.rec.options, entries)) == before
        state, _ = replay_from_seed(live.game, live.rec.seed, live.seats, live.rec.options, entries)
        assert live.game.dump_state(state) == before
        start = rebuild(live.game, live.seats, live.rec.options, entries[:1])
        assert live.game.dump_state(replay_recorded(live.game, start, entries[1:])) == before
