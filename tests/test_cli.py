"""The command line: no token explains itself; the demo completes a match; the bench runs."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.__main__ import main


def test_no_token_says_how_to_get_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.setenv("DISCORD_TOKEN", "")
    assert main(["run"]) == 1
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN" in err and "python -m bot demo" in err


def test_unknown_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["frobnicate"]) == 2
    assert "unknown command: frobnicate" in capsys.readouterr().err


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    """A newcomer's first `python -m bot --help` names what they can run (it used to print the options of
    `run` alone)."""
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in ("run", "demo", "regle", "bench", "migrate-db", "screens"):
        assert f"\n  {command} " in out, command
    assert "--help" in out


def test_secrets_never_reach_a_repr_or_an_error() -> None:
    """The token and the database password are secrets: a settings object printed in a log line or a
    traceback, or a settings error, shows neither."""
    from pydantic import ValidationError

    from bot.config import Settings

    url = "postgresql://tav:hunter2@db/tavernier"
    settings = Settings(_env_file=None, DISCORD_TOKEN="MTIz.secret-token", DATABASE_URL=url)
    assert settings.discord_token.get_secret_value() == "MTIz.secret-token" and settings.database == url
    for shown in (repr(settings), str(settings), f"{settings.model_dump()}"):
        assert "secret-token" not in shown and "hunter2" not in shown
    with pytest.raises(ValidationError) as caught:
        Settings(_env_file=None, DISCORD_TOKEN="MTIz.secret-token", DATABASE_URL=url, AI_DELAY="-1")
    assert "secret-token" not in str(caught.value) and "hunter2" not in str(caught.value)


def test_demo_completes_a_match_and_writes_images(tmp_path: Path) -> None:
    from bot.devtools.demo import play_one

    assert asyncio.run(play_one("duel", tmp_path, seed=3, quiet=True))
    images = sorted((tmp_path / "duel").glob("*.png"))
    assert any(p.name.endswith("board.png") for p in images) and any(p.name.endswith("hand.png") for p in images)


def test_bench_measures_through_the_fake_discord() -> None:
    from bot.devtools.bench import interaction_latency, persist_concurrent, persist_rate, render_figures

    lat = asyncio.run(interaction_latency("duel", 5))
    assert lat["n"] == 5 and 0 < lat["p50"] <= lat["p99"]
    assert lat["ai_wait_max_s"] > 0  # the longest AI turn of the game
    assert asyncio.run(persist_rate("duel", 20)) > 0
    together = asyncio.run(persist_concurrent("duel", 4, 20))
    assert together["actions"] > 0 and together["actions_per_s"] > 0 and together["ack_ms_p99"] > 0
    assert together["cpu_us_per_action"] > 0
    assert render_figures("duel", 2)["png_kb_mean"] > 0


def test_concurrent_persistence_plans_around_the_decisions_the_service_answers_at_once() -> None:
    """The bench plans each match's moves on a copy of its state; a decision with one answer is played by
    the service itself (#26), so a plan that held it submitted it again and was refused (wrong_phase)."""
    from bot.devtools.bench import persist_concurrent

    together = asyncio.run(persist_concurrent("liber", 16, 192))  # failed so before
    assert together["actions"] > 0 and together["ack_ms_p99"] > 0


def test_the_bench_skips_the_concurrent_figure_when_asked_for_no_matches(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--concurrent-matches 0` divided by zero instead of skipping the section, as other sections do at 0."""
    import json

    from bot.devtools import bench

    memory = dict.fromkeys(("rss_mb", "rss_mb_matches_only", "resident_after", "startup_s", "loaded_at_start"), 1)
    memory |= dict.fromkeys(("tick_ms", "loop_pause_max_ms"), 1)
    monkeypatch.setattr(bench, "rss_figures", lambda *_: memory)  # a process of its own: not this test's
    monkeypatch.setattr(bench, "rules_figures", dict)
    zero = ("--concurrent-matches", "--playouts", "--ai-games", "--balance-games", "--crash-kills", "--pace-matches")
    zero += ("--table-games", "--load-guilds", "--discord-load-servers")
    args = ["--json", "--game", "duel", "--clicks", "2", "--actions", "2", *(a for z in zero for a in (z, "0"))]
    assert bench.main(args) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert "persist_concurrent" not in report["games"]["duel"] and report["persist_actions_per_s"] > 0


def test_a_failed_concurrent_run_closes_its_store(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run that raised left the store's thread running, and the bench never exited."""
    import threading

    from bot.devtools import bench
    from bot.services import MatchService

    async def broken(*_: object) -> None:
        raise RuntimeError("broken run")

    monkeypatch.setattr(MatchService, "submit", broken)
    before = threading.active_count()
    with pytest.raises(RuntimeError, match="broken run"):
        asyncio.run(bench.persist_concurrent("duel", 2, 4))
    assert threading.active_count() == before


def test_logging_set_up_by_the_cli_does_not_leak_into_later_output(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`run` installs its log handler; a line logged after that test's captured stderr is gone must
    still be written (it used to go to the closed stream of the earlier test: "Logging error")."""
    import io
    import logging
    import sys

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "")
    main(["run"])
    later = io.StringIO()
    monkeypatch.setattr(sys, "stderr", later)
    logging.getLogger("tavernier.test").warning("after the CLI test key=value")
    assert "after the CLI test key=value" in later.getvalue()


def test_a_database_that_cannot_be_opened_stops_the_bot_with_one_clear_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "db").mkdir()  # a folder where the database file should be
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "db"))
    assert main(["run"]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot use its database" in err[0] and str(tmp_path / "db") in err[0]


def test_the_demo_refuses_an_unknown_game_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from bot.devtools.demo import main as demo_main

    assert demo_main(["--game", "nosuch", "--out", ""]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "nosuch" in err[0] and "liber" in err[0]


def test_the_demo_lists_its_games_and_takes_a_games_command_for_its_key(capsys: pytest.CaptureFixture[str]) -> None:
    """`demo --help` names the games it plays, and a game answers to its key and its slash command alike
    (`confrontation` / `conf`): a newcomer who just typed `/conf` in Discord is not told « unknown game »."""
    from bot.devtools.demo import _names
    from bot.devtools.demo import main as demo_main

    with pytest.raises(SystemExit):
        demo_main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    for key in ("liber", "altered", "colors", "confrontation (or conf)", "warcry"):
        assert key in out, key
    assert _names()["conf"] == _names()["confrontation"] == "confrontation"


def test_each_demo_seed_deals_a_different_match(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m bot demo --seed N`: the seed reaches the match's own deal, not only the player's choices."""
    from bot import games as game_folders
    from bot.devtools.demo import play_one
    from bot.engine import load_games

    load_games(game_folders)
    summaries = []
    for seed in (1, 2):
        assert asyncio.run(play_one("altered", None, seed=seed, quiet=False))
        summaries.append(next(line for line in capsys.readouterr().out.splitlines() if line.startswith("-----")))
    assert summaries[0] != summaries[1]


def test_screens_writes_the_board_as_a_phone_shows_it(tmp_path: Path) -> None:
    from PIL import Image

    assert main(["screens", "--out", str(tmp_path), "--game", "liber"]) == 0
    board = Image.open(tmp_path / "liber-board.png")
    phone = Image.open(tmp_path / "liber-board-phone.png")
    assert board.width == 640 and phone.width == 390
    assert abs(phone.height / phone.width - board.height / board.width) < 0.01
    assert (tmp_path / "liber-hand.png").exists()
    assert "King of Liber" in (tmp_path / "liber-board.txt").read_text(encoding="utf-8")


def test_shards_come_from_the_settings_and_are_checked() -> None:
    from bot.config import Settings

    assert Settings(_env_file=None).shards() == {}
    shards = Settings(_env_file=None, SHARD_ID="1", SHARD_COUNT="4").shards()
    assert shards == {"shard_ids": [1], "shard_count": 4}
    import pytest

    from bot.app import TavernierBot

    # Found by the load test: the bot is an AutoShardedBot, which ignores `shard_id` and connected every
    # shard in every process. Given the settings, it connects this process's shard alone.
    bot = TavernierBot(database_path=":memory:", **shards)
    assert bot.shard_ids == [1] and bot.shard_count == 4

    with pytest.raises(ValueError):
        Settings(_env_file=None, SHARD_ID="4", SHARD_COUNT="4").shards()
