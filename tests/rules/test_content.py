"""Every entry of the corpus is valid, bilingual, cross-linked and written in our own words."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from bot.engine import game_defs
from bot.rules.loader import RulesDataError, corpus, load_entries, registered_files
from bot.rules.text import fold

ROOT = Path(__file__).resolve().parents[2]
#: The five rule systems (the test games have no rules entries).
GAMES = ("altered", "colors", "confrontation", "liber", "warcry")


def test_corpus_loads_and_covers_every_game() -> None:
    entries = corpus()
    counts = Counter(e.game for e in entries)
    print("entries per game:", dict(counts), "total", len(entries))
    assert set(counts) == set(GAMES)
    assert len(entries) >= 250
    assert all(counts[g] >= 40 for g in GAMES)


def test_ids_unique_and_related_resolve() -> None:
    entries = corpus()
    ids = [e.id for e in entries]
    assert len(ids) == len(set(ids))
    known = set(ids)
    for e in entries:
        assert set(e.related) <= known, e.id
        assert all(r.split(".")[0] == e.game for r in e.related), f"{e.id} links another game"


def test_bilingual_texts_are_filled_and_french_is_accented() -> None:
    for e in corpus():
        for field in (e.title, e.body):
            assert field.fr.strip() and field.en.strip(), e.id
        assert e.aliases.fr and e.aliases.en, f"{e.id} needs aliases in both languages"
        assert e.body.fr != e.body.en, e.id
        assert len(e.body.fr) <= 4096 and len(e.body.en) <= 4096
    french = " ".join(e.body.fr for e in corpus())
    assert re.search(r"[éèàêç]", french), "French text must keep its accents"


def test_decisions_are_marked_and_sourced() -> None:
    decisions = [e for e in corpus() if e.decision]
    print("decision entries:", len(decisions))
    assert len(decisions) >= 40
    assert {e.game for e in decisions} == set(GAMES)
    for e in decisions:
        # Our rulings come from the research reports' proposals or fill a seed gap.
        assert "research" in e.source or re.match(r"00\d", e.source), e.id


def test_every_game_folder_brings_its_corpus() -> None:
    """Each game's entries live in its own folder (GameDef.corpus), next to its code."""
    files = dict(registered_files())
    assert set(GAMES) <= set(files)
    for d in game_defs():
        if d.key in GAMES:
            assert files[d.key] == ROOT / "bot" / "games" / d.key / "rules.yaml" and files[d.key].is_file()


def test_a_game_folders_gamedef_holds_its_corpus_without_the_scanner() -> None:
    """The corpus is the GameDef's own (the `rules.yaml` beside its rules' module), so a test registering
    a folder's GAME directly keeps its entries: it lost them when the scanner filled the corpus in."""
    import importlib

    for key in GAMES:
        built = importlib.import_module(f"bot.games.{key}").GAME
        assert built.corpus == ROOT / "bot" / "games" / key / "rules.yaml"
    assert importlib.import_module("bot.testgames.duel").GAME.corpus is None  # a folder without one


def test_an_entry_belongs_to_the_game_whose_corpus_holds_it(tmp_path: Path) -> None:
    body = "  body: {fr: " + "x" * 100 + ", en: " + "y" * 100 + "}\n  source: test\n"
    (tmp_path / "a.yaml").write_text("- id: liber.x\n  title: {fr: X, en: X}\n" + body, encoding="utf-8")
    (tmp_path / "b.yaml").write_text("game: liber\nentries: []\n", encoding="utf-8")
    assert [e.game for e in load_entries({"liber": tmp_path / "a.yaml"})] == ["liber"]  # the file's game
    with pytest.raises(RulesDataError) as info:
        load_entries({"altered": tmp_path / "a.yaml", "warcry": tmp_path / "b.yaml"})
    assert any("liber.x" in e and "'altered'" in e for e in info.value.errors)  # its id names another game
    assert any("b.yaml" in e and "'warcry'" in e for e in info.value.errors)


def test_loader_reports_all_errors_at_once(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(
        "game: liber\nentries:\n- id: liber.x\n  title: {fr: X, en: X}\n  body: {fr: court, en: short}\n"
        "  source: test\n  related: [liber.nope]\n",
        encoding="utf-8",
    )
    (tmp_path / "b.yaml").write_text("- id: BAD id\n  game: liber\n", encoding="utf-8")
    (tmp_path / "c.yaml").write_text("game: [unclosed\n", encoding="utf-8")
    with pytest.raises(RulesDataError) as info:
        load_entries({"liber": tmp_path / "a.yaml", "colors": tmp_path / "b.yaml", "warcry": tmp_path / "c.yaml"})
    text = str(info.value)
    assert "a.yaml" in text and "b.yaml" in text and "c.yaml" in text
    assert "liber.x" in text
    assert len(info.value.errors) >= 3


def test_duplicate_ids_are_rejected(tmp_path: Path) -> None:
    entry = (
        "- id: warcry.dup\n  game: warcry\n  title: {fr: Titre, en: Title}\n  source: test\n"
        "  aliases: {fr: [a], en: [a]}\n"
        "  body: {fr: " + "x" * 100 + ", en: " + "y" * 100 + "}\n"
    )
    (tmp_path / "one.yaml").write_text(entry + entry, encoding="utf-8")  # an entry belongs to one game's file
    with pytest.raises(RulesDataError, match="duplicate id"):
        load_entries({"warcry": tmp_path / "one.yaml"})


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"[.!?;:\n()«»\"]+", text) if s.strip()]


def test_no_sentence_copied_from_the_rules_documents(seeds_dir: Path) -> None:
    seed = " " + " ".join(fold(p.read_text(encoding="utf-8")) for p in sorted(seeds_dir.glob("*.txt"))) + " "
    copied = []
    for e in corpus():
        for lang in ("fr", "en"):
            for sentence in _sentences(getattr(e.body, lang)):
                folded = fold(sentence)
                if len(folded.split()) >= 8 and f" {folded} " in seed:
                    copied.append(f"{e.id} [{lang}]: {sentence.strip()}")
    assert not copied, "sentences copied from the rules documents:\n" + "\n".join(copied)
