"""What is hidden in WarCry, and from whom: nothing (kernel.md, "Hidden information"). The dice are
rolled in the open and the solo warband's choices follow the booklet, so no seat knows anything the
others do not: `private_info` is empty and no message offers "show my hand"."""

from __future__ import annotations

from bot.engine import Hidden

from .state import WarState

SPEC: Hidden[WarState] = Hidden(zones=())
