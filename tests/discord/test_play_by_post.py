"""Play-by-post: the language of a match, what its players receive and how often."""

from __future__ import annotations

from pathlib import Path

from bot.devtools.table import open_table

from .conftest import new_match


async def test_a_match_speaks_its_creators_language_not_the_servers(tmp_path: Path) -> None:
    """A French player on a server whose default is English (most non-Community servers) reads French;
    `langue:` chooses otherwise."""
    async with open_table(tmp_path / "db.sqlite3", ("Alice", "Bob"), locale="fr") as table:
        table.guild["preferred_locale"] = "en-US"
        live = await new_match(table)
        assert live.rec.locale == "fr"
        lobby = table.fd.messages(table.thread_of(live))[0]
        assert "Rejoindre" in str(lobby["components"])

        english = await new_match(table, langue="en")
        assert english.rec.locale == "en"
        lobby = table.fd.messages(table.thread_of(english))[0]
        assert "Join" in str(lobby["components"]) and "Rejoindre" not in str(lobby["components"])
