"""Raw SQL behind the store's back, on either backend: what a disk fault or a hand edit would do."""

from __future__ import annotations

import re
import sqlite3
from typing import Any


async def tamper(store: Any, sql: str, *args: Any) -> None:
    """Run one statement written with `?` placeholders on the store's own database."""
    pool = getattr(store, "_pool", None)
    if pool is not None:  # PostgreSQL: $1, $2…
        numbered = iter(range(1, len(args) + 1))
        await pool.execute(re.sub(r"\?", lambda _: f"${next(numbered)}", sql), *args)
        return
    con = sqlite3.connect(store.path)
    try:
        con.execute(sql, args)
        con.commit()
    finally:
        con.close()
