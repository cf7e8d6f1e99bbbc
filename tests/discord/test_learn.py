"""Learning matches through the real cogs (#31, "Learn"): `/partie apprendre jeu:` starts a match against
the easy AI in which each decision kind is introduced to the learner, privately, the first time they
meet it, and never again; the introductions can be turned off; their rule button answers."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.devtools.table import JSON, Table, custom_ids, open_table
from bot.engine import Rng, game_defs
from bot.i18n import t
from bot.rules import by_id
from bot.services import LiveMatch
from bot.services.learn import LEARN, Syllabus, has_intro, intro_key, intro_rule

from .conftest import private_text

GAMES = ("liber", "altered", "colors", "confrontation", "warcry")


def intros(table: Table, live: LiveMatch) -> list[JSON]:
    """The introductions the learner was shown in the match's thread (all of them: public or not)."""
    footers = {t("learn.footer", loc) for loc in ("fr", "en")}
    return [
        m
        for m in table.fd.messages(table.thread_of(live))
        if any((e.get("footer") or {}).get("text") in footers for e in m.get("embeds") or [])
    ]


def kind_of(live: LiveMatch, message: JSON) -> str:
    """The decision kind an introduction presents, read back from its text."""
    text = message["embeds"][0]["description"]
    kinds = [k for k in live.game.answers if t(intro_key(live.game.key, k), "fr") == text]
    assert len(kinds) == 1, text
    return kinds[0]


async def learning_match(table: Table, game: str) -> LiveMatch:
    await table.slash("Alice", "partie", "apprendre", jeu=game)
    live = table.live_matches()[-1]
    assert live.rec.status == "active" and live.rec.options.get(LEARN) is True
    assert [s.is_ai for s in live.seats] == [False, True] and live.seats[1].ai_level == "easy"
    return live


async def play(table: Table, live: LiveMatch, rng: Rng, moves: int) -> list[str]:
    """Alice plays the suggested move `moves` times through her menu; the decision kinds she met, in order."""
    met: list[str] = []
    while live.rec.status == "active" and len(met) < moves:
        if 0 not in live.to_act():
            await table.idle()
            assert 0 in live.to_act() or live.rec.status != "active", "the AI left Alice waiting"
            continue
        kind = live.game.asking(live.state)
        assert kind is not None
        met.append(kind)
        await table.play_turn("Alice", live, rng)
    return met


def test_every_decision_kind_of_every_game_has_an_introduction_in_both_languages() -> None:
    by_game = {d.rules.key: d.rules for d in game_defs() if type(d.rules).__module__.startswith("bot.games.")}
    assert set(GAMES) <= set(by_game)  # and a new game is checked as soon as it is registered
    rules = by_id()
    for key, game in by_game.items():
        assert game.answers, key
        for kind in game.answers:
            for locale in ("fr", "en"):
                assert has_intro(key, kind, locale), (key, kind, locale)
                text = t(intro_key(key, kind), locale)
                assert 1 <= text.count(". ") + text.count(" : ") <= 6 and "{" not in text, (key, kind, text)
            assert t(intro_key(key, kind), "fr") != t(intro_key(key, kind), "en")
            assert intro_rule(game, kind) in rules, (key, kind)


@pytest.mark.parametrize("game", GAMES)
async def test_a_learning_match_introduces_each_decision_met_once(tmp_path: Path, game: str) -> None:
    async with open_table(tmp_path / "learn.sqlite3") as table:
        live = await learning_match(table, game)
        assert not table.service.ratable(live)  # an AI sits at the table: never rated
        met = await play(table, live, Rng(3), moves=14)
        shown = intros(table, live)
        assert shown, "no introduction at all"
        assert all(m["flags"] & 64 for m in shown)  # to the learner only
        assert Counter(kind_of(live, m) for m in shown) == Counter(dict.fromkeys(met, 1))


@pytest.mark.parametrize("game", ["liber", "colors"])
async def test_a_decision_answered_by_a_typed_command_is_introduced_too(tmp_path: Path, game: str) -> None:
    """A learner who types their move (`/<jeu> <famille> choix:`) never opens the menu that showed the
    introduction, and once answered the decision is no longer new: it was never introduced. It is now
    shown after the typed move, once per kind as from the menu."""
    async with open_table(tmp_path / "learn.sqlite3") as table:
        live = await learning_match(table, game)
        rng, met = Rng(3), []
        while live.rec.status == "active" and len(met) < 6:
            if 0 not in live.to_act():
                await table.idle()
                continue
            kind = live.game.asking(live.state)
            assert kind is not None
            met.append(kind)
            await table.play_turn_by_command("Alice", live, rng)
        assert len(met) == 6
        shown = intros(table, live)
        assert shown and all(m["flags"] & 64 for m in shown)
        assert Counter(kind_of(live, m) for m in shown) == Counter(dict.fromkeys(met, 1))


async def test_introductions_are_read_from_the_log_not_memory_and_can_be_turned_off(tmp_path: Path) -> None:
    async with open_table(tmp_path / "learn.sqlite3") as table:
        live = await learning_match(table, "liber")
        rng = Rng(3)
        met = await play(table, live, rng, moves=3)
        assert intros(table, live) and set(met) == {kind_of(live, m) for m in intros(table, live)}
        # a restart forgets what was shown: the match's row still says it is a learning match, and the log
        # which decisions Alice has answered
        stored = await table.service.store.get_match(live.id)
        assert stored is not None and stored.options.get(LEARN) is True
        table.bot.host.learn.syllabus = Syllabus()
        met += await play(table, live, rng, moves=6)
        assert Counter(kind_of(live, m) for m in intros(table, live)) == Counter(dict.fromkeys(met, 1))
        # « Ne plus afficher »: no introduction afterwards, even for a decision never met
        last = intros(table, live)[-1]
        await table.click("Alice", last, "tv:learn:off")
        answer = table.fd.messages(table.thread_of(live))[-1]
        assert "/preferences presentations:" in answer["content"] and answer["flags"] & 64
        assert not (await table.service.preferences(live.seats[0].user_id or 0)).learn
        before = len(intros(table, live))
        later = await play(table, live, rng, moves=40)
        assert set(later) - set(met), "no new decision came up after the introductions were turned off"
        assert len(intros(table, live)) == before
        # `/preferences presentations:` turns them back on
        calls = await table.slash("Alice", "preferences", presentations="on")
        assert (await table.service.preferences(live.seats[0].user_id or 0)).learn
        assert t("pref.learn.on", "fr") in private_text(calls)


async def test_the_rule_button_of_an_introduction_answers_privately(tmp_path: Path) -> None:
    async with open_table(tmp_path / "learn.sqlite3") as table:
        live = await learning_match(table, "colors")
        await play(table, live, Rng(3), moves=1)
        intro = intros(table, live)[0]
        rule_id = next(c for c in custom_ids(intro) if c.startswith("tv:rule:")).removeprefix("tv:rule:")
        assert rule_id == intro_rule(live.game, kind_of(live, intro))
        await table.click("Alice", intro, f"tv:rule:{rule_id}")
        answer: Any = table.fd.messages(table.thread_of(live))[-1]
        assert answer["flags"] & 64
        assert answer["embeds"][0]["title"] == by_id()[rule_id].title_for("fr")
