"""Discord adapters: thin cogs that parse, call the match service and present."""

from __future__ import annotations

import time
from typing import Any

from bot.engine import game_defs
from bot.services import MatchService

from .advice import ADVICE_ITEMS
from .answers import drop_unacknowledged
from .cards import CardsCog
from .components import DYNAMIC_ITEMS
from .delivery import DiscordNotifier
from .game_commands import build_game_group
from .host import Host
from .i18n import Translator
from .judge import JudgeCog
from .learn import LearnOffButton
from .match import MatchCog
from .preferences import PreferencesCog
from .ratings import RatingsCog
from .rules import RULE_ITEMS, RulesCog


async def setup_cogs(bot: Any) -> None:
    """Create the host and service wiring, register components, cogs and the translator."""
    service = MatchService(
        bot.store,
        ai_delay=bot.ai_delay,
        ai_level=getattr(bot, "ai_level", None),
        seed_source=getattr(bot, "seed_source", None),
        clock=getattr(bot, "clock", time.time),
    )
    service.holder = bot.lease_holder
    hours = getattr(bot, "lobby_expiry_hours", 72.0)
    service.lobby_ttl = hours * 3600 if hours else None
    if getattr(bot, "shard_ids", None) and bot.shard_count:
        service.shards = (frozenset(bot.shard_ids), bot.shard_count)
    host = Host(bot, service, bot.default_locale, pace=getattr(bot, "thread_pace", None))
    service.notifier = DiscordNotifier(host, pace=host.pace)
    bot.service, bot.host = service, host
    bot.add_dynamic_items(*DYNAMIC_ITEMS, *RULE_ITEMS, LearnOffButton, *ADVICE_ITEMS)
    drop_unacknowledged(bot.tree)
    await bot.tree.set_translator(Translator(bot.default_locale))
    await bot.add_cog(MatchCog(bot, host))
    await bot.add_cog(RulesCog(bot, host))
    await bot.add_cog(CardsCog(bot, host))
    await bot.add_cog(PreferencesCog(bot, host))
    await bot.add_cog(RatingsCog(bot, host))
    await bot.add_cog(JudgeCog(bot, host))
    for game in game_defs():
        group = build_game_group(game, host)
        if group is not None:
            bot.tree.add_command(group)
