"""Direct messages: each player's DM channel is opened once and kept, by id.

discord.py's `User.send` looks the user up (`GET /users/{id}` when not cached) and may reopen the
channel; a player in a long match would cost two requests per DM. We keep the channel id per user
(bounded, least recently used first out) and post to it directly.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import discord

CAPACITY = 50_000


class DirectMessages:
    def __init__(self, bot: discord.Client, capacity: int = CAPACITY) -> None:
        self.bot = bot
        self.capacity = capacity
        self._channels: OrderedDict[int, int] = OrderedDict()

    async def channel(self, user_id: int) -> discord.PartialMessageable:
        channel_id = self._channels.get(user_id)
        if channel_id is None:
            channel_id = (await self.bot.create_dm(discord.Object(user_id))).id
            self._channels[user_id] = channel_id
            while len(self._channels) > self.capacity:
                self._channels.popitem(last=False)
        else:
            self._channels.move_to_end(user_id)
        return self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    async def send(self, user_id: int, **payload: Any) -> discord.Message:
        return await (await self.channel(user_id)).send(**payload)

    async def edit(self, user_id: int, message_id: int, **payload: Any) -> None:
        channel = await self.channel(user_id)
        await channel.get_partial_message(message_id).edit(**payload)
