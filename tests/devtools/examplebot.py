"""A tiny bot used only by the FakeDiscord tests: one of each thing a game bot does on Discord."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from PIL import Image, ImageOps

GAMES = ["belote", "liber", "tarot", "tarot-a-5", "whist"]


def png(color: tuple[int, int, int] = (255, 0, 0), size: tuple[int, int] = (8, 8)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, color).save(buf, "PNG")
    return buf.getvalue()


class HelloView(discord.ui.View):
    """Not persistent: it dies with the bot."""

    def __init__(self) -> None:
        super().__init__(timeout=600)

    @discord.ui.button(label="Encore", custom_id="hello:again")
    async def again(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.send_message(f"again by {interaction.user.name}", ephemeral=True)

    @discord.ui.select(custom_id="hello:color", options=[discord.SelectOption(label=c) for c in ("red", "blue")])
    async def color(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}", view=None)


class JoinButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"join:(?P<table>\d+)"):
    """Its state is in its custom_id, so it works after a restart."""

    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Button(label="Rejoindre", custom_id=f"join:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button[Any], match: re.Match[str]
    ) -> JoinButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"{interaction.user.name} joined table {self.table}")


class ProfileModal(discord.ui.Modal, title="Profil"):
    pseudo: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Pseudo", custom_id="profil:pseudo")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"bienvenue {self.pseudo.value}", ephemeral=True)


class Greeter(commands.Cog):
    def __init__(self, bot: ExampleBot) -> None:
        self.bot = bot

    @app_commands.command(name="hello", description=app_commands.locale_str("Dire bonjour"))
    async def hello(self, interaction: discord.Interaction, name: str) -> None:
        embed = discord.Embed(title=f"Hello {name}").set_image(url="attachment://card.png")
        await interaction.response.send_message(
            embed=embed, file=discord.File(io.BytesIO(png()), "card.png"), view=HelloView()
        )
        await interaction.user.send(f"psst {interaction.user.name}", file=discord.File(io.BytesIO(png()), "card.png"))

    @app_commands.command(name="secret", description="Only you")
    async def secret(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("top secret", ephemeral=True)

    @app_commands.command(name="slow", description="Takes time")
    async def slow(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True, ephemeral=True)
        await interaction.followup.send("done", file=discord.File(io.BytesIO(png((0, 0, 255))), "board.png"))
        await interaction.edit_original_response(content="done, edited")

    @app_commands.command(name="table", description="Open a table")
    async def table(self, interaction: discord.Interaction, number: int) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(JoinButton(number))
        await interaction.response.send_message(f"table {number}", view=view)

    @app_commands.command(name="invite", description="DM a player")
    async def invite(self, interaction: discord.Interaction, player: discord.User) -> None:
        try:
            await player.send(f"{interaction.user.name} invites you")
        except discord.Forbidden as exc:
            if exc.code != 50007:
                raise
            await interaction.response.send_message(f"DMs closed for {player.name}", ephemeral=True)
            return
        await interaction.response.send_message("invited", ephemeral=True)

    @app_commands.command(name="thread", description="Open a thread for a game")
    async def thread(self, interaction: discord.Interaction, title: str) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        thread = await interaction.channel.create_thread(name=title, type=discord.ChannelType.public_thread)
        board = await thread.send("board")
        await board.pin()
        await interaction.response.send_message(f"thread {thread.mention}", ephemeral=True)

    @app_commands.command(name="where", description="Where am I")
    async def where(self, interaction: discord.Interaction) -> None:
        channel = interaction.channel
        parent = getattr(channel, "parent_id", None)
        await interaction.response.send_message(f"{type(channel).__name__} parent={parent}", ephemeral=True)

    @app_commands.command(name="invert", description="Invert an image")
    async def invert(self, interaction: discord.Interaction, image: discord.Attachment) -> None:
        img = Image.open(io.BytesIO(await image.read())).convert("RGB")
        buf = io.BytesIO()
        ImageOps.invert(img).save(buf, "PNG")
        buf.seek(0)
        await interaction.response.send_message(file=discord.File(buf, "inverted.png"))

    @app_commands.command(name="boom", description="Crashes")
    async def boom(self, interaction: discord.Interaction) -> None:
        raise RuntimeError("kaboom")

    @app_commands.command(name="ban", description="Calls a route the fake does not know")
    async def ban(self, interaction: discord.Interaction, player: discord.Member) -> None:
        await player.ban()
        await interaction.response.send_message("banned")

    @app_commands.command(name="later", description="Answers now, posts later from a background task")
    async def later(self, interaction: discord.Interaction) -> None:
        channel = interaction.channel
        assert isinstance(channel, discord.abc.Messageable)
        self.bot.background.append(asyncio.create_task(self._post_later(channel)))
        await interaction.response.send_message("ok", ephemeral=True)

    async def _post_later(self, channel: discord.abc.Messageable) -> None:
        await asyncio.sleep(0.01)
        await channel.send("later")

    @app_commands.command(name="annonce", description="Posts, edits, starts a thread, cleans up")
    async def annonce(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.response.defer(thinking=True, ephemeral=True)
        channel = await self.bot.fetch_channel(interaction.channel_id or 0)
        assert isinstance(channel, discord.TextChannel)
        posted = await channel.send(text)
        fetched = await channel.fetch_message(posted.id)
        await fetched.edit(content=f"{text}!")
        thread = await fetched.create_thread(name="discussion")
        await thread.send("discussion ouverte")
        await interaction.followup.send("note", wait=True)
        extra = await interaction.followup.send("extra", wait=True, ephemeral=True)
        await extra.edit(content="extra edited")
        await interaction.delete_original_response()
        history = [m.content async for m in channel.history(limit=10)]
        await interaction.followup.send(f"history: {history}", ephemeral=True)

    @app_commands.command(name="profil", description="Opens a form")
    async def profil(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(ProfileModal())

    partie = app_commands.Group(name="partie", description="Parties")

    @partie.command(name="nouvelle", description="Nouvelle partie")
    async def nouvelle(self, interaction: discord.Interaction, jeu: str) -> None:
        await interaction.response.send_message(f"Nouvelle partie de {jeu} ({interaction.locale.value})")

    @nouvelle.autocomplete("jeu")
    async def jeu_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=g, value=g) for g in GAMES if current in g]


class Translator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContext[Any]
    ) -> str | None:
        if string.message == "Dire bonjour" and locale is discord.Locale.american_english:
            return "Say hello"
        return None


class ExampleBot(commands.Bot):
    def __init__(self, *, sync_on_setup: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("guild_ready_timeout", 0.01)
        kwargs.setdefault("intents", discord.Intents.default())
        super().__init__(command_prefix="!", **kwargs)
        self.sync_on_setup = sync_on_setup
        self.ready_seen = False
        self.background: list[asyncio.Task[None]] = []

    async def setup_hook(self) -> None:
        await self.tree.set_translator(Translator())
        await self.add_cog(Greeter(self))
        self.add_dynamic_items(JoinButton)
        if self.sync_on_setup:
            await self.tree.sync()

    async def on_ready(self) -> None:
        self.ready_seen = True
