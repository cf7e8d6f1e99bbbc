"""FakeDiscord drives discord.py's real code: these tests pin what it records and answers."""

from __future__ import annotations

import asyncio
import io
import json
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import discord
import discord.gateway
import discord.http
import pytest
from discord.webhook.async_ import AsyncWebhookAdapter
from PIL import Image

from bot.devtools.fakediscord import FakeDiscord, connect_bot, start_bot
from bot.devtools.fakediscord.model import JSON

from .examplebot import ExampleBot, png

CALLBACK = r"/interactions/\d+/[^/]+/callback"
SHARED = Path(__file__).resolve().parents[2].parent / "shared"
BOTH = pytest.mark.parametrize("transport", ["inproc", "http"])


@dataclass
class World:
    fd: FakeDiscord
    bot: ExampleBot
    alice: JSON
    bob: JSON
    guild: JSON

    @property
    def channel(self) -> JSON:
        return self.fd.text_channel(self.guild)


@pytest.fixture
def transport() -> str:
    return "inproc"


@pytest.fixture
async def world(transport: str) -> AsyncIterator[World]:
    async with FakeDiscord(transport) as fd:
        alice = fd.add_user("alice")
        bob = fd.add_user("bob", locale="en-US")
        guild = fd.add_guild(members=[alice, bob])
        bot = ExampleBot()
        await start_bot(fd, bot)
        yield World(fd, bot, alice, bob, guild)
        await bot.close()


def pixel(data: bytes) -> tuple[int, ...]:
    return Image.open(io.BytesIO(data)).convert("RGB").getpixel((0, 0))  # type: ignore[return-value]


@BOTH
async def test_hello_embed_png_view_and_dm(world: World) -> None:
    fd, w = world.fd, world
    calls = await fd.interact(w.bot, fd.slash("hello", w.alice, w.guild, name="Bob"))
    cb = calls.one("POST", CALLBACK)
    assert cb.query == {"with_response": "1"}
    assert cb.json["type"] == 4
    assert cb.json["data"]["embeds"][0]["title"] == "Hello Bob"
    assert cb.json["data"]["attachments"] == [{"id": 0, "filename": "card.png"}]
    assert [f.filename for f in cb.files] == ["card.png"] and pixel(cb.files[0].data) == (255, 0, 0)
    assert [c["type"] for c in cb.json["data"]["components"]] == [1, 1]
    message = cb.response["resource"]["message"]
    assert cb.response["interaction"]["response_message_id"] == message["id"]
    assert message["author"]["id"] == fd.bot_user["id"] and message["type"] == 20
    assert message["embeds"][0]["image"]["url"] == message["attachments"][0]["url"]
    assert message["attachments"][0]["content_type"] == "image/png" and message["attachments"][0]["width"] == 8
    assert fd.messages(w.channel) == [message]
    dm = fd.one("POST", r"/users/@me/channels")
    assert dm.json == {"recipient_id": int(w.alice["id"])}
    dm_channel = fd.dm_channel_of(w.alice)
    assert dm_channel is not None
    sent = calls.one("POST", rf"/channels/{dm_channel['id']}/messages")
    assert sent.json["content"] == "psst alice" and pixel(sent.files[0].data) == (255, 0, 0)
    assert [m["content"] for m in fd.messages(dm_channel)] == ["psst alice"]


@BOTH
async def test_button_and_select_dispatch_to_the_stored_view(world: World) -> None:
    fd, w = world.fd, world
    await fd.interact(w.bot, fd.slash("hello", w.alice, w.guild, name="Bob"))
    message = fd.messages(w.channel)[-1]
    click = await fd.interact(w.bot, fd.component(message, "hello:again", w.bob))
    assert click.callback is not None
    assert click.callback.json["type"] == 4
    assert click.callback.json["data"]["content"] == "again by bob" and click.callback.json["data"]["flags"] == 64
    select = await fd.interact(w.bot, fd.component(message, "hello:color", w.alice, values=["blue"]))
    assert select.callback is not None
    assert select.callback.json["type"] == 7
    assert select.callback.json["data"]["content"] == "picked blue"
    assert fd.message(message["id"])["components"] == []  # type: ignore[index]


async def test_unknown_custom_id_is_dropped_like_on_discord(world: World) -> None:
    fd, w = world.fd, world
    await fd.interact(w.bot, fd.slash("hello", w.alice, w.guild, name="Bob"))
    calls = await fd.interact(w.bot, fd.component(fd.messages(w.channel)[-1], "nope", w.alice))
    assert list(calls) == []


async def test_secret_is_ephemeral(world: World) -> None:
    fd, w = world.fd, world
    calls = await fd.interact(w.bot, fd.slash("secret", w.alice, w.guild))
    assert calls.callback is not None
    assert calls.callback.json["data"]["flags"] == 64
    assert calls.callback.response["interaction"]["response_message_ephemeral"] is True
    assert fd.messages(w.channel, include_ephemeral=False) == []


@BOTH
async def test_defer_followup_with_file_then_edit_original(world: World) -> None:
    fd, w = world.fd, world
    calls = await fd.interact(w.bot, fd.slash("slow", w.alice, w.guild))
    assert calls.callback is not None and calls.callback.json == {"type": 5, "data": {"flags": 64}}
    follow = calls.one("POST", rf"/webhooks/{fd.application_id}/[^/]+")
    assert follow.query["wait"] == "1" and follow.json["content"] == "done"
    assert pixel(follow.files[0].data) == (0, 0, 255)
    edit = calls.one("PATCH", rf"/webhooks/{fd.application_id}/[^/]+/messages/@original")
    assert edit.json["content"] == "done, edited"
    # the first followup after a "thinking" defer replaces that message, ephemeral like the defer
    [message] = fd.messages(w.channel)
    assert message["content"] == "done, edited" and message["flags"] == 64
    assert [a["filename"] for a in message["attachments"]] == ["board.png"]


async def test_subcommand_uses_synced_command_and_locale(world: World) -> None:
    fd, w = world.fd, world
    payload = fd.slash("partie", w.alice, w.guild, subcommand="nouvelle", jeu="liber")
    assert payload["data"]["id"] == next(c["id"] for c in fd.commands() if c["name"] == "partie")
    assert payload["data"]["options"] == [
        {"type": 1, "name": "nouvelle", "options": [{"name": "jeu", "type": 3, "value": "liber"}]}
    ]
    assert payload["locale"] == "fr" and payload["guild_locale"] == "fr" and payload["member"]["flags"] == 0
    calls = await fd.interact(w.bot, payload)
    assert calls.callback is not None and calls.callback.json["data"]["content"] == "Nouvelle partie de liber (fr)"
    calls = await fd.interact(w.bot, fd.slash("partie", w.bob, w.guild, subcommand="nouvelle", jeu="tarot"))
    assert calls.callback is not None and calls.callback.json["data"]["content"].endswith("(en-US)")
    with pytest.raises(LookupError, match="never synced"):
        fd.slash("nothing", w.alice, w.guild)


@BOTH
async def test_autocomplete_answers_choices(world: World) -> None:
    fd, w = world.fd, world
    payload = fd.autocomplete("partie", w.alice, w.guild, subcommand="nouvelle", focused="jeu", jeu="ta")
    calls = await fd.interact(w.bot, payload)
    assert calls.callback is not None and calls.callback.json["type"] == 8
    names = [c["name"] for c in calls.callback.json["data"]["choices"]]
    assert names == ["tarot", "tarot-a-5"]
    assert fd.interaction_state(payload).choices == calls.callback.json["data"]["choices"]


async def test_dynamic_item_survives_a_restart_but_not_a_plain_view(world: World) -> None:
    fd, w = world.fd, world
    await fd.interact(w.bot, fd.slash("table", w.alice, w.guild, number=7))
    table = fd.messages(w.channel)[-1]
    await fd.interact(w.bot, fd.slash("hello", w.alice, w.guild, name="Bob"))
    hello = fd.messages(w.channel)[-1]
    await w.bot.close()

    bot2 = ExampleBot()
    await start_bot(fd, bot2)
    try:
        assert len(fd.find("PUT", r"/applications/\d+/commands")) == 2
        calls = await fd.interact(bot2, fd.component(table, "join:7", w.bob))
        assert calls.callback is not None and calls.callback.json["data"]["content"] == "bob joined table 7"
        assert list(await fd.interact(bot2, fd.component(hello, "hello:again", w.bob))) == []
    finally:
        await bot2.close()


@BOTH
async def test_closed_dms_answer_403_50007_and_the_bot_falls_back(world: World) -> None:
    fd, w = world.fd, world
    fd.close_dms(w.bob)
    calls = await fd.interact(w.bot, fd.slash("invite", w.alice, w.guild, player=fd.user_option(w.bob)))
    refused = calls.one("POST", r"/channels/\d+/messages")
    assert refused.status == 403 and refused.response == {"code": 50007, "message": "Cannot send messages to this user"}
    assert calls.callback is not None and calls.callback.json["data"]["content"] == "DMs closed for bob"
    fd.open_dms(w.bob)
    calls = await fd.interact(w.bot, fd.slash("invite", w.alice, w.guild, player=w.bob))
    assert calls.callback is not None and calls.callback.json["data"]["content"] == "invited"


@BOTH
async def test_thread_creation_pin_and_interaction_in_the_thread(world: World) -> None:
    fd, w = world.fd, world
    calls = await fd.interact(w.bot, fd.slash("thread", w.alice, w.guild, title="Partie 1"))
    created = calls.one("POST", rf"/channels/{w.channel['id']}/threads")
    assert created.json["name"] == "Partie 1" and created.json["type"] == 11 and created.status == 201
    thread = fd.channels[int(created.response["id"])]
    assert thread["parent_id"] == w.channel["id"] and thread["guild_id"] == w.guild["id"]
    [board] = fd.messages(thread)
    assert board["content"] == "board" and board["pinned"] is True
    calls.one("PUT", rf"/channels/{thread['id']}/messages/pins/{board['id']}")
    assert thread in w.guild["threads"]
    assert isinstance(w.bot.get_channel(int(thread["id"])), discord.Thread)  # THREAD_CREATE reached the bot
    calls = await fd.interact(w.bot, fd.slash("where", w.bob, w.guild, channel=thread))
    assert calls.callback is not None and calls.callback.json["data"]["content"] == f"Thread parent={w.channel['id']}"


@BOTH
async def test_message_routes_thread_from_message_and_webhook_messages(world: World) -> None:
    fd, w = world.fd, world
    calls = await fd.interact(w.bot, fd.slash("annonce", w.alice, w.guild, text="Tournoi"))
    cid, app = w.channel["id"], fd.application_id
    assert [(c.method, c.path.replace(cid, "C").replace(str(app), "A"), c.status) for c in calls][1:4] == [
        ("GET", "/channels/C", 200),
        ("POST", "/channels/C/messages", 200),
        ("GET", f"/channels/C/messages/{calls[2].response['id']}", 200),
    ]
    [posted] = fd.messages(w.channel, include_ephemeral=False)
    assert posted["content"] == "Tournoi!" and posted["edited_timestamp"] is not None
    created = calls.one("POST", rf"/channels/{cid}/messages/{posted['id']}/threads")
    assert created.response["id"] == posted["id"] and posted["thread"]["name"] == "discussion"
    assert [m["content"] for m in fd.messages(posted["id"])] == ["discussion ouverte"]
    calls.one("PATCH", rf"/webhooks/{app}/[^/]+/messages/\d+")
    calls.one("DELETE", rf"/webhooks/{app}/[^/]+/messages/@original")
    ephemeral = [m["content"] for m in fd.messages(w.channel) if m["flags"] & 64]
    assert ephemeral == ["extra edited", "history: ['Tournoi!']"]  # "note" replaced the defer, then was deleted


async def test_slash_in_dm_and_component_in_dm_carry_user_not_member(world: World) -> None:
    fd, w = world.fd, world
    payload = fd.slash("secret", w.alice)
    assert "member" not in payload and payload["user"] == w.alice and payload["context"] == 1
    calls = await fd.interact(w.bot, payload)
    assert calls.callback is not None and calls.callback.json["data"]["content"] == "top secret"
    await fd.interact(w.bot, fd.slash("hello", w.alice, w.guild, name="Bob"))
    dm_message = fd.messages(fd.dm_channel_of(w.alice))[-1]  # type: ignore[arg-type]
    click = fd.component(dm_message, "anything", w.alice)
    assert "member" not in click and "guild_id" not in click and click["channel"]["type"] == 1


async def test_unhandled_route_fails_the_test(world: World) -> None:
    fd, w = world.fd, world
    with pytest.raises(AssertionError, match=r"unhandled route PUT /guilds/\d+/bans/\d+"):
        await fd.interact(w.bot, fd.slash("ban", w.alice, w.guild, player=fd.user_option(w.bob)))


async def test_logged_error_fails_the_test(world: World) -> None:
    fd, w = world.fd, world
    with pytest.raises(AssertionError, match="kaboom"):
        await fd.interact(w.bot, fd.slash("boom", w.alice, w.guild))
    assert fd.errors == []


async def test_allowed_errors_do_not_fail(world: World) -> None:
    fd, w = world.fd, world
    fd.allow_errors("kaboom")
    calls = await fd.interact(w.bot, fd.slash("boom", w.alice, w.guild))
    assert calls.callback is None


async def test_handler_exception_is_a_400_never_a_5xx(world: World) -> None:
    fd, w = world.fd, world
    status, body = fd.handle("POST", f"/channels/{w.channel['id']}/messages", {}, None, [])
    assert status == 400 and "FakeDiscord" in body["message"]
    with pytest.raises(AssertionError, match="failed"):
        fd.check()


async def test_tree_sync_payload_and_guild_sync(world: World) -> None:
    fd, w = world.fd, world
    sync = fd.one("PUT", rf"/applications/{fd.application_id}/commands")
    names = sorted(c["name"] for c in sync.json)
    assert "hello" in names and "partie" in names
    hello = next(c for c in sync.json if c["name"] == "hello")
    assert hello["description"] == "Dire bonjour" and hello["description_localizations"] == {"en-US": "Say hello"}
    assert hello["options"][0]["name"] == "name" and hello["options"][0]["required"] is True
    stored = next(c for c in fd.commands() if c["name"] == "hello")
    assert stored["description_localizations"] == {"en-US": "Say hello"} and int(stored["id"]) > 0
    partie = next(c for c in sync.json if c["name"] == "partie")
    assert partie["options"][0]["type"] == 1 and partie["options"][0]["options"][0]["autocomplete"] is True

    guild = discord.Object(int(w.guild["id"]))
    w.bot.tree.copy_global_to(guild=guild)
    await w.bot.tree.sync(guild=guild)
    fd.one("PUT", rf"/applications/{fd.application_id}/guilds/{w.guild['id']}/commands")
    payload = fd.slash("secret", w.alice, w.guild)
    assert payload["data"]["guild_id"] == w.guild["id"]
    assert payload["data"]["id"] == next(c["id"] for c in fd.commands(w.guild) if c["name"] == "secret")
    calls = await fd.interact(w.bot, payload)
    assert calls.callback is not None


@BOTH
async def test_attachment_option_is_read_from_the_fake_cdn(world: World) -> None:
    fd, w = world.fd, world
    upload = fd.upload("in.png", png((255, 0, 0)))
    calls = await fd.interact(w.bot, fd.slash("invert", w.alice, w.guild, image=upload))
    assert calls.callback is not None and pixel(calls.callback.files[0].data) == (0, 255, 255)


async def test_background_task_with_wait_call(world: World) -> None:
    fd, w = world.fd, world
    await fd.interact(w.bot, fd.slash("later", w.alice, w.guild))
    call = await fd.wait_call("POST", rf"/channels/{w.channel['id']}/messages", timeout=2)
    assert call.json["content"] == "later"
    await asyncio.gather(*w.bot.background)


async def test_modal_then_submit(world: World) -> None:
    fd, w = world.fd, world
    opened = await fd.interact(w.bot, fd.slash("profil", w.alice, w.guild))
    assert opened.callback is not None and opened.callback.json["type"] == 9
    custom_id = opened.callback.json["data"]["custom_id"]
    calls = await fd.interact(w.bot, fd.modal_submit(custom_id, w.alice, w.guild, fields={"profil:pseudo": "Ali"}))
    assert calls.callback is not None and calls.callback.json["data"]["content"] == "bienvenue Ali"


async def test_acknowledging_twice_is_refused_like_discord(world: World) -> None:
    fd, w = world.fd, world
    payload = fd.slash("secret", w.alice, w.guild)
    await fd.interact(w.bot, payload)
    with pytest.raises(AssertionError, match="40060"):
        await fd.interact(w.bot, payload)


async def test_everything_is_restored_on_exit() -> None:
    saved = (
        discord.http.Route.BASE,
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
        discord.http.HTTPClient.request,
        AsyncWebhookAdapter.request,
        discord.http.HTTPClient.get_from_cdn,
    )
    for transport in ("inproc", "http"):
        async with FakeDiscord(transport):  # type: ignore[arg-type]
            assert saved[0] != discord.http.Route.BASE
        assert (
            discord.http.Route.BASE,
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
            discord.http.HTTPClient.request,
            AsyncWebhookAdapter.request,
            discord.http.HTTPClient.get_from_cdn,
        ) == saved


async def test_gateway_smoke_start_identify_ready_and_interaction() -> None:
    async with FakeDiscord("http") as fd:
        alice = fd.add_user("alice")
        guild = fd.add_guild(members=[alice])
        intents = discord.Intents.default()
        intents.members = True
        bot = ExampleBot(intents=intents)
        task = await connect_bot(fd, bot)
        try:
            [identify] = fd.identify_payloads
            assert identify["intents"] == intents.value and identify["token"] == "fake-token"
            assert bot.ready_seen and [g.id for g in bot.guilds] == [int(guild["id"])]
            # the full member list is in GUILD_CREATE, so the bot has no reason to request chunks (op 8)
            assert bot.guilds[0].chunked and bot.guilds[0].get_member(int(alice["id"])) is not None
            assert bot.guilds[0].me is not None and not [f for f in fd.gateway_frames if f["op"] == 8]
            calls = await fd.interact(bot, fd.slash("secret", alice, guild), via_gateway=True)
            assert calls.callback is not None and calls.callback.json["data"]["content"] == "top secret"
        finally:
            await bot.close()
            await asyncio.wait_for(task, 2)


async def test_recording_passes_the_conformance_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tool = SHARED / "tools" / "discord_conformance.py"
    if not tool.exists():
        pytest.skip("../shared is not there (fresh clone)")
    pytest.importorskip("jsonschema")
    record = tmp_path / "rest.jsonl"
    monkeypatch.setenv("TAVERNIER_RECORD_REST", str(record))
    async with FakeDiscord("inproc") as fd:
        alice, bob = fd.add_user("alice"), fd.add_user("bob")
        guild = fd.add_guild(members=[alice, bob])
        bot = ExampleBot()
        await start_bot(fd, bot)
        try:
            await fd.interact(bot, fd.slash("hello", alice, guild, name="Bob"))
            hello = fd.messages(fd.text_channel(guild))[-1]
            await fd.interact(bot, fd.component(hello, "hello:again", bob))
            await fd.interact(bot, fd.component(hello, "hello:color", alice, values=["red"]))
            await fd.interact(bot, fd.slash("slow", alice, guild))
            await fd.interact(bot, fd.slash("thread", alice, guild, title="Partie"))
            await fd.interact(bot, fd.slash("annonce", alice, guild, text="Tournoi"))
            await fd.interact(bot, fd.slash("profil", alice, guild))
            await fd.interact(bot, fd.autocomplete("partie", alice, guild, subcommand="nouvelle", focused="jeu"))
            fd.close_dms(bob)
            await fd.interact(bot, fd.slash("invite", alice, guild, player=bob))
        finally:
            await bot.close()
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert len(lines) == len(fd.calls) and all(line["path"].startswith("/") for line in lines)
    assert {"method", "path", "json", "files"} <= set(lines[0])
    result = subprocess.run([sys.executable, str(tool), str(record)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().endswith(" 0 problems")
