"""The animated replay of a finished table game (#31), through the real cogs: the thread gets it after
the result and the log, under Discord's upload limit, drawn from the public boards only; `/partie
revoir` offers it again; a card game gets none."""

from __future__ import annotations

import asyncio
import dataclasses
import io
from typing import Any

import pytest
from PIL import Image

from bot.devtools.fakediscord.model import ATTACHMENT_SIZE_LIMIT
from bot.devtools.table import Table, custom_ids
from bot.engine import Rng
from bot.services.replay import rebuild, states_along
from cogs.match import MatchCog
from renderers import replay as replay_module
from tests.discord.conftest import started_match
from tests.discord.test_undo import _palet

TABLE_GAMES = ["colors", "confrontation", "warcry"]
#: The longest attachment description (alt text) Discord accepts.
ALT_LIMIT = 1024


@pytest.fixture
def replayed(monkeypatch: pytest.MonkeyPatch) -> list[list[Any]]:
    """The views each replay the bot builds is drawn from."""
    seen: list[list[Any]] = []
    original = replay_module.build_replay

    def spy(game_key: str, views: Any, locale: str, **kwargs: Any) -> Any:
        seen.append(list(views))
        return original(game_key, views, locale, **kwargs)

    monkeypatch.setattr("cogs.replay.build_replay", spy)
    return seen


async def _played_then_conceded(table: Table, key: str, moves: int) -> Any:
    """Alice against the AI: `moves` of her moves, then she concedes."""
    live = await table.new_match_against_ai("Alice", key)
    await table.play_against_ai("Alice", live, Rng(5), moves=moves)
    assert live.rec.status == "active"
    await table.slash("Alice", "partie", "abandonner", channel=table.thread_of(live))
    assert live.rec.status == "finished"
    return live


def _attachments(messages: list[dict[str, Any]], filename: str) -> list[tuple[int, dict[str, Any]]]:
    return [(i, a) for i, m in enumerate(messages) for a in m["attachments"] if a["filename"] == filename]


@pytest.mark.parametrize("key", TABLE_GAMES)
async def test_a_finished_table_game_gets_its_replay_after_the_result(
    table: Table, key: str, replayed: list[list[Any]]
) -> None:
    live = await _played_then_conceded(table, key, moves=6)

    public = table.fd.messages(table.thread_of(live), include_ephemeral=False)
    gifs = _attachments(public, "replay.gif")
    logs = _attachments(public, f"journal-{live.id}.txt")
    assert len(gifs) == 1 and len(logs) == 1
    (at, gif), (log_at, _) = gifs[0], logs[0]
    assert at > log_at  # after the result and the log
    assert public[at]["content"].startswith("🎬 Le replay de la partie : ")
    assert gif["description"].startswith("Replay animé de la partie, ")  # its alt text, as long as Discord takes
    assert len(gif["description"]) <= ALT_LIMIT
    data = table.fd.world.cdn[gif["url"]]
    assert len(data) == gif["size"] <= replay_module.BUDGET < ATTACHMENT_SIZE_LIMIT
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF" and image.n_frames >= 3 and image.width == 640

    # drawn from the public board after each step, nothing else; the last one gives the result
    entries = await table.service.history(live.id)
    along = states_along(live.game, live.seats, live.rec.options, entries)
    boards = [live.game.view(state, None) for _, state in along]
    assert boards[-1].winners is None  # a concession leaves the engine's state as it was
    assert replayed == [[*boards[:-1], boards[-1].model_copy(update={"winners": (1,)})]]


async def test_the_replay_shows_nothing_of_a_hidden_sequence(table: Table, replayed: list[list[Any]]) -> None:
    """Confrontation's sequences are hidden until their cards are played: the replay's boards hold
    neither their order nor their reserve, even at the steps where a side had laid them."""
    live = await _played_then_conceded(table, "confrontation", moves=8)
    entries = await table.service.history(live.id)
    states = [state for _, state in states_along(live.game, live.seats, live.rec.options, entries)]
    hidden = [
        (k, seat) for k, state in enumerate(states) for seat in (0, 1) if live.game.view(state, seat).sides[seat].pile
    ]
    assert hidden, "the match must reach a sequence laid and not yet played"
    [views] = replayed
    for k, seat in hidden:
        assert views[k].viewer is None and views[k].my_order is None
        assert views[k].sides[seat].pile is None and views[k].sides[seat].reserve is None
        assert views[k].sides[seat].pile_count == len(live.game.view(states[k], seat).sides[seat].pile or ())


async def test_revoir_offers_the_replay_of_a_finished_table_game(table: Table, replayed: list[list[Any]]) -> None:
    live = await _played_then_conceded(table, "warcry", moves=2)
    posted = _attachments(table.fd.messages(table.thread_of(live), include_ephemeral=False), "replay.gif")

    await table.slash("Eve", "partie", "revoir", partie=live.id)

    answers = [m for m in table.fd.messages(table.channel) if m["flags"] & 64]
    offered = _attachments(answers, "replay.gif")
    assert len(offered) == 1 and "replay animé de la partie" in answers[offered[0][0]]["content"]
    same = table.fd.world.cdn[offered[0][1]["url"]] == table.fd.world.cdn[posted[0][1]["url"]]
    assert same and len(replayed) == 1  # the one built at the end, kept: not drawn again


async def test_a_card_game_gets_no_replay(table: Table, replayed: list[list[Any]]) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    await table.slash("Bob", "partie", "abandonner", channel=thread)
    assert live.rec.status == "finished"
    await table.slash("Eve", "partie", "revoir", channel=thread)

    everything = [*table.fd.messages(thread), *table.fd.messages(table.channel)]
    assert _attachments(everything, "board.png")  # the review answered
    assert not _attachments(everything, "replay.gif") and replayed == []


async def test_a_move_taken_back_leaves_no_board_in_the_replay(table: Table) -> None:
    """`states_along` follows the log as `rebuild` does: the undone move's board is not among them, the
    undo step shows the board before it again."""
    live: Any = await _palet(table)
    thread = table.thread_of(live)
    seat = min(live.to_act())
    mover, other = ("Alice", "Bob") if seat == 0 else ("Bob", "Alice")
    before = live.state
    await table.play_turn(mover, live, Rng(1))
    await table.slash(mover, "partie", "reprendre", channel=thread)
    question = table.last_with(thread, f"tv:undo:{live.id}:")
    await table.click(other, question, next(c for c in custom_ids(question) if c.endswith(":y")))
    entries = await table.service.history(live.id)
    assert [e.kind for e in entries[-2:]] == ["action", "undo"]

    along = states_along(live.game, live.seats, live.rec.options, entries)

    assert [seq for seq, _ in along] == [e.seq for e in entries if e.seq != entries[-2].seq]
    assert along[-1][1] == before == rebuild(live.game, live.seats, live.rec.options, entries)


async def test_a_long_alt_text_is_cut_to_what_discord_takes(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """A board's summary may run to 1,500 characters (`skirmish.alt_text`); an attachment's description
    takes 1,024: a longer one and Discord refuses the whole post."""
    original = replay_module.build_replay

    def wordy(game_key: str, views: Any, locale: str, **kwargs: Any) -> Any:
        made = original(game_key, views, locale, **kwargs)
        return dataclasses.replace(made, alt=made.alt + " Longtemps après." * 100)

    monkeypatch.setattr("cogs.replay.build_replay", wordy)
    live = await _played_then_conceded(table, "warcry", moves=1)

    [(_, gif)] = _attachments(table.fd.messages(table.thread_of(live), include_ephemeral=False), "replay.gif")
    assert gif["description"].startswith("Replay animé de la partie, ")
    assert len(gif["description"]) <= ALT_LIMIT and gif["description"].endswith("…")


async def test_a_replay_asked_while_it_is_built_is_built_once(table: Table, replayed: list[list[Any]]) -> None:
    """A `/partie revoir` just after the end asks for the replay the end is still building: it waits
    for that one rather than drawing the whole match a second time."""
    live = await _played_then_conceded(table, "warcry", moves=1)
    cog = table.bot.get_cog("MatchCog")
    assert isinstance(cog, MatchCog) and len(replayed) == 1
    replays = cog.host.review.replays
    replays._kept.clear()

    first, second = await asyncio.gather(replays.build(live.id, "fr"), replays.build(live.id, "fr"))

    assert first is second is not None and len(replayed) == 2
