"""A whole match through slash commands and buttons, and what went public, by DM or ephemeral."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from bot.devtools.table import Table, custom_ids
from bot.engine import Rng
from tests.discord.conftest import PRIVATE_MARK, public_calls, started_match

pytestmark = pytest.mark.both_backends  # the matches they play go through either database

PUBLIC_IDS = re.compile(
    r"^tv:(act|hand|join|ai|start|rematch):[0-9a-f]{8}$|^tv:(rv|try):[0-9a-f]{8}:\d+$|^tv:undo:[0-9a-f]{8}:\d+:[yn]$|^tv:log:[0-9a-f]{8}:\d+$"
)


def assert_nothing_secret_public(table: Table, viewers: dict[bytes, Any]) -> int:
    """Over every recorded request: no private mark, no private board image, only public custom_ids."""
    checked = 0
    for call in public_calls(table):
        checked += 1
        text = json.dumps(call.json, ensure_ascii=False)
        assert PRIVATE_MARK not in text, f"private content in public {call.method} {call.path}"
        for f in call.files:
            if f.filename.endswith(".png"):
                assert f.filename != "hand.png"
                assert viewers.get(f.data) is None, "a seat's board went public"
        message = call.json.get("data", call.json) if isinstance(call.json, dict) else {}
        for cid in custom_ids(message if isinstance(message, dict) else {}):
            assert PUBLIC_IDS.match(cid), f"non-public custom_id {cid} in a public message"
    return checked


async def test_full_match_two_people(table: Table, rendered_viewers: dict[bytes, Any]) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    rng = Rng(11)
    people = {0: "Alice", 1: "Bob"}
    while live.rec.status == "active":
        seat = min(live.to_act())
        await table.play_turn(people[seat], live, rng)
    assert live.rec.status == "finished"
    public = table.fd.messages(thread, include_ephemeral=False)
    texts = "\n".join(m["content"] for m in public)
    assert "🏆" in texts or "🤝" in texts
    assert any(a["filename"] == "board.png" for m in public for a in m["attachments"])
    assert any(a["filename"].startswith("journal-") for m in public for a in m["attachments"])
    # each player got their hand by DM, with the private mark, and nobody else's
    for name, other in (("Alice", "Bob"), ("Bob", "Alice")):
        dms = table.fd.messages(table.fd.dm_channel_of(table.people[name]))
        assert any(PRIVATE_MARK in m["content"] for m in dms)
        assert all(m["content"].count(PRIVATE_MARK) <= 1 for m in dms)  # one hand: their own
        assert not any(f"{other}: " in line and PRIVATE_MARK in line for m in dms for line in m["content"].splitlines())
    assert assert_nothing_secret_public(table, rendered_viewers) > 10
    assert all(viewer is None or viewer in (0, 1) for viewer in rendered_viewers.values())


async def test_thread_name_and_lobby_show_only_public_data(table: Table) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    assert thread["name"] == f"Duel (jeu de test) · Alice · {live.id}"
    lobby = table.fd.message(live.rec.lobby_message_id)
    assert lobby is not None and lobby["channel_id"] == thread["id"]
    assert lobby["embeds"][0]["title"] == "Partie de Duel (jeu de test)"
    players = lobby["embeds"][0]["fields"][0]["value"]
    assert players.count("✅") == 2 and "en cours" in lobby["embeds"][0]["fields"][1]["value"]
    assert custom_ids(lobby) == []  # started: no Join/Start any more


async def test_hand_button_answers_privately(table: Table, rendered_viewers: dict[bytes, Any]) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    calls = await table.click("Bob", table.last_with(thread, f"tv:hand:{live.id}"), f"tv:hand:{live.id}")
    followup = calls.find("POST", r"/webhooks/\d+/[^/]+")[-1]
    assert followup.json["flags"] & 64
    assert PRIVATE_MARK in followup.json["content"]
    assert str(list(live.state.hands[1])).strip("[]") in followup.json["content"]
    assert assert_nothing_secret_public(table, rendered_viewers) > 0


async def test_command_sync_payload(table: Table) -> None:
    sync = table.fd.one("PUT", r"/applications/\d+/commands")
    partie = next(c for c in sync.json if c["name"] == "partie")
    assert partie["name_localizations"] == {"en-US": "match", "en-GB": "match"}
    assert partie["description"] == "Gérer les parties"
    subs = {o["name"]: o for o in partie["options"]}
    assert set(subs) == {
        "nouvelle",
        "rejoindre",
        "quitter",
        "lancer",
        "etat",
        "jouer",
        "abandonner",
        "annuler",
        "journal",
        "exporter",
        "mes-parties",
        "deplacer",
        "verifier",
        "rappel",
        "absence",
        "reprendre",
        "revoir",
        "essayer",
        "conseil",
        "apprendre",
        "arbitre",
        "trancher",
    }
    assert subs["nouvelle"]["name_localizations"]["en-US"] == "new"
    options = {o["name"]: o for o in subs["nouvelle"]["options"]}
    assert options["jeu"]["required"] and options["jeu"]["autocomplete"]
    assert options["jeu"]["name_localizations"]["en-GB"] == "game"
    assert options["adversaire"]["type"] == 6 and options["ia"]["type"] == 5
    assert options["rappel"]["name_localizations"]["en-US"] == "reminder"
    assert {c["value"] for c in options["temps_ecoule"]["choices"]} == {"lose", "ai"}
    assert options["conseil"]["type"] == 5 and options["conseil"]["name_localizations"]["en-US"] == "advice"
    for c in sync.json:
        assert len(c["name"]) <= 32 and len(c["description"]) <= 100
        for option in c.get("options") or []:
            assert len(option["description"]) <= 100
            for sub in option.get("options") or []:
                assert len(sub["description"]) <= 100, sub["name"]
                for choice in sub.get("choices") or []:
                    assert len(choice["name"]) <= 100


async def test_game_autocomplete(table: Table) -> None:
    payload = table.fd.autocomplete(
        "partie", table.people["Alice"], table.guild, subcommand="nouvelle", focused="jeu", jeu="du"
    )
    await table.fd.interact(table.bot, payload)
    choices = table.fd.interaction_state(payload).choices
    assert choices and {"name": "Duel (jeu de test)", "value": "duel"} in choices
    assert len(choices) <= 25 and all(1 <= len(c["name"]) <= 100 for c in choices)


async def test_board_again_journal_and_my_matches(table: Table) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    calls = await table.slash("Alice", "partie", "etat", channel=thread)
    board = calls.find("POST", r"/webhooks/\d+/[^/]+")[0]  # the board; then, to Alice alone, what is new
    assert board.files and board.files[0].filename == "board.png" and not (board.json.get("flags") or 0) & 64
    calls = await table.slash("Bob", "partie", "journal", channel=thread)
    log = calls.callback.json["data"]
    assert log["flags"] & 64 and "Chaque joueur reçoit 4 cartes." in log["content"]
    calls = await table.slash("Alice", "partie", "mes-parties")
    mine = calls.callback.json["data"]["content"]
    assert live.id in mine and "🔔" in mine


async def test_log_lines_carry_no_hidden_information(table: Table, caplog: Any) -> None:
    import logging

    with caplog.at_level(logging.DEBUG):
        live = await started_match(table)
        rng = Rng(21)
        hands_seen = set()
        while live.rec.status == "active":
            hands_seen.update(str(list(h)) for h in live.state.hands if len(h) > 1)
            await table.play_turn(("Alice", "Bob")[min(live.to_act())], live, rng)
    compact = {h.replace(" ", "") for h in hands_seen}  # JSON as the store writes it
    assert len(caplog.records) > 5
    for record in caplog.records:
        message = record.getMessage()
        assert PRIVATE_MARK not in message
        assert not any(h in message for h in hands_seen | compact), message


async def test_these_tables_run_on_the_database_under_test(table: Table, backend: str) -> None:
    """The module runs twice (`both_backends`): its bots keep their matches in SQLite, then PostgreSQL."""
    assert type(table.service.store).__name__ == {"sqlite": "Store", "postgresql": "PgStore"}[backend]
