"""`/regle` through Discord: public and private answers, autocomplete, related rules, rule buttons."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.devtools.fakediscord import MODERATOR_PERMISSIONS
from bot.devtools.table import Table, custom_ids, open_table
from bot.rules import by_id
from bot.rules.search import default_index, game_label
from tests.discord.conftest import started_match


async def test_public_answer_for_the_table(table: Table) -> None:
    calls = await table.slash("Alice", "regle", question="riposte")
    data = calls.callback.json["data"]
    assert not (data.get("flags") or 0) & 64
    expected = default_index().search("riposte", limit=1)[0].entry
    embed = data["embeds"][0]
    assert embed["title"] == expected.title.fr and expected.id not in embed["footer"]["text"]  # no internal id
    related = [c for c in custom_ids(data) if c.startswith("tv:rule:")]
    assert related == [f"tv:rule:{r}" for r in expected.related[:9] if r in by_id()]
    assert "tv:pin" not in custom_ids(data)  # not in a match thread


async def test_private_answer_and_related_button(table: Table) -> None:
    calls = await table.slash("Bob", "regle", question="mana", prive=True)
    data = calls.callback.json["data"]
    assert data["flags"] & 64
    entry_with_related = next(e for e in by_id().values() if e.related)
    calls = await table.slash("Bob", "regle", question=entry_with_related.id)
    message = table.fd.messages(table.channel)[-1]
    target = entry_with_related.related[0]
    calls = await table.click("Eve", message, f"tv:rule:{target}")
    answer = calls.callback.json["data"]
    assert answer["flags"] & 64 and answer["embeds"][0]["title"] == by_id()[target].title.fr


async def test_autocomplete_respects_discord_limits(table: Table) -> None:
    for typed in ("", "rip", "mana orb", "zzzzzz"):
        payload = table.fd.autocomplete("regle", table.people["Alice"], table.guild, focused="question", question=typed)
        await table.fd.interact(table.bot, payload)
        choices = table.fd.interaction_state(payload).choices
        assert len(choices) <= 25 and all(1 <= len(c["name"]) <= 100 for c in choices)
        assert all(c["value"] in by_id() for c in choices)
        if typed == "":
            assert len(choices) == 25


async def test_in_a_match_thread_answers_can_be_pinned(table: Table) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    calls = await table.slash("Alice", "regle", channel=thread, question="riposte", jeu="liber")
    assert "tv:pin" in custom_ids(calls.callback.json["data"])
    message = table.fd.messages(thread, include_ephemeral=False)[-1]
    calls = await table.click("Bob", message, "tv:pin")  # an ordinary member may not pin
    assert "réservé" in calls.callback.json["data"]["content"]
    assert not table.fd.find("PUT", r"/channels/\d+/messages/pins/\d+")
    table.fd.grant(table.people["Bob"], MODERATOR_PERMISSIONS.value)  # a moderator may
    await table.click("Bob", message, "tv:pin")
    assert table.fd.find("PUT", r"/channels/\d+/messages/pins/\d+")


async def test_unknown_question_is_answered_clearly(table: Table) -> None:
    calls = await table.slash("Alice", "regle", question="qwxzkjvq")
    data = calls.callback.json["data"]
    assert data["flags"] & 64 and ("Aucune règle" in data["content"] or data.get("embeds"))


async def test_card_lookup_shows_an_image_with_its_text(table: Table) -> None:
    from bot.engine import games

    card = next(c for g in games() for c in g.cards() if g.key == "liber" and "é" in c.name["fr"])
    typo = card.name["fr"].replace("é", "e")[:-1]  # no accent, last letter missing
    payload = table.fd.autocomplete("carte", table.people["Alice"], table.guild, focused="nom", nom=typo)
    await table.fd.interact(table.bot, payload)
    choices = table.fd.interaction_state(payload).choices
    assert f"liber:{card.id}" in [c["value"] for c in choices]
    assert len(choices) <= 25 and all(len(c["name"]) <= 100 for c in choices)
    calls = await table.slash("Bob", "carte", nom=f"liber:{card.id}")
    followup = calls.find("POST", r"/webhooks/\d+/[^/]+")[-1]
    assert followup.files[0].filename == "card.png" and followup.files[0].data.startswith(b"\x89PNG")
    embed = followup.json["embeds"][0]
    assert embed["title"] == card.name["fr"] and card.lines["fr"][0] in embed["description"]
    calls = await table.slash("Bob", "carte", nom="zzqqxx")
    assert "Aucune carte" in calls.callback.json["data"]["content"]


async def test_a_refusal_carries_its_rule_and_a_button_to_show_it(table: Table) -> None:
    await table.slash("Alice", "partie", "nouvelle", jeu="liber", ia=True)
    live = table.live_matches()[-1]
    thread = table.thread_of(live)
    await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
    await table.idle()
    assert live.state.round == 1  # the first round has no attack phase
    while 0 not in live.to_act():
        await table.idle()
    calls = await table.slash("Alice", "liber", "attaquer", channel=thread, choix="Archer → général")
    answer = (calls.find("POST", r"/webhooks/\d+/[^/]+") or [calls.callback])[-1]
    body = answer.json.get("data", answer.json)
    assert body["flags"] & 64 and "liber.phase.attack" in body["content"]
    assert "tv:rule:liber.phase.attack" in custom_ids(body)
    rule_msg = next(m for m in reversed(table.fd.messages(thread)) if "tv:rule:liber.phase.attack" in custom_ids(m))
    calls = await table.click("Alice", rule_msg, "tv:rule:liber.phase.attack")
    shown = calls.callback.json["data"]
    assert shown["flags"] & 64 and shown["embeds"][0]["title"] == by_id()["liber.phase.attack"].title.fr


async def test_the_game_option_lists_the_registered_games_with_rules_and_narrows_the_search(table: Table) -> None:
    """`jeu:` lists the registered games that have rules entries, by name (not the test games), and a
    game typed by one of its words narrows the answer to that game."""
    payload = table.fd.autocomplete("regle", table.people["Alice"], table.guild, focused="jeu", question="", jeu="")
    await table.fd.interact(table.bot, payload)
    listed = {c["value"]: c["name"] for c in table.fd.interaction_state(payload).choices}
    assert listed == {
        "altered": "Altered",
        "colors": "Colors of Magic",
        "confrontation": "Confrontation",
        "liber": "King of Liber",
        "warcry": "WarCry (solo)",
    }
    for jeu, label in (("altered", "Altered"), ("conf", "Confrontation")):  # a key, a word of the game
        calls = await table.slash("Alice", "regle", question="réserve", jeu=jeu)
        footer = calls.callback.json["data"]["embeds"][0]["footer"]["text"]
        assert label in footer, footer


#: What a Colors player asks mid-match (#27 §4), French and English, and the entry that answers it.
COLORS_QUESTIONS = {
    "puis-je répondre à un sort adverse": "colors.decision.stack",
    "pourquoi le jeu est en pause": "colors.decision.stack",
    "dans quel ordre se résout la pile": "colors.stack",
    "why is the game paused": "colors.decision.stack",
    "in what order does the stack resolve": "colors.stack.resolution",
    "payer un sort avec des points de vie": "colors.blood-pact",
    "mon magicien peut-il payer le pacte de sang": "colors.blood-pact",
    "pay a spell with life points": "colors.blood-pact",
    "à quelle distance est-on engagé": "colors.engagement",
    "une créature engagée peut-elle tirer": "colors.engagement",
    "can an engaged creature shoot": "colors.engagement",
    "se désengager": "colors.disengage",
    "que se passe-t-il quand je me désengage": "colors.disengage",
    "what happens when I disengage": "colors.disengage",
    "mes créatures bloquent-elles la ligne de vue": "colors.decision.sight-cover",
    "do creatures block line of sight": "colors.los.blocked",
}


async def test_a_colors_player_gets_colors_answers_inside_and_outside_the_match_thread(table: Table) -> None:
    """#27: mid-match questions on the stack, the Blood Pact, engagement, disengaging and line of sight
    get Colors' entry first without naming the game: in the match thread, and outside it for a player
    whose matches in progress are Colors ones; a question naming another game, or asked by someone
    playing nothing, is searched across every game."""
    await table.slash("Alice", "partie", "nouvelle", jeu="colors")
    live = table.live_matches()[-1]
    thread = table.thread_of(live)
    await table.click("Bob", table.last_with(thread, f"tv:join:{live.id}"), f"tv:join:{live.id}")
    await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")

    async def answer(who: str, question: str, channel: object = None) -> str:
        calls = await table.slash(who, "regle", channel=channel, question=question)
        return calls.callback.json["data"]["embeds"][0]["title"]

    for question, expected in COLORS_QUESTIONS.items():
        title = by_id()[expected].title.fr
        assert await answer("Bob", question, thread) == title, question
        assert await answer("Alice", question) == title, question  # outside the thread
    assert await answer("Alice", "désengagement warcry") == by_id()["warcry.rules.disengage"].title.fr
    anyone = default_index().search("se désengager", limit=1)[0].entry
    assert anyone.game != "colors" and await answer("Eve", "se désengager") == anyone.title.fr


#: Single words of Confrontation's vocabulary that name a rule of other games too (#28 §4), French and
#: English, and Confrontation's entry.
CONFRONTATION_WORDS = {
    "fr": {
        "réserve": "confrontation.reserve",
        "désengager": "confrontation.disengage",
        "couvert": "confrontation.cover-move",
    },
    "en-US": {
        "reserve": "confrontation.reserve",
        "disengage": "confrontation.disengage",
        "cover": "confrontation.cover-move",
    },
}


@pytest.mark.parametrize("locale", ["fr", "en-US"])
async def test_a_word_several_games_share_answers_confrontation_in_its_thread_and_names_each_game_elsewhere(
    tmp_path: Path, locale: str
) -> None:
    """#28 §4: « réserve », « désengager », « couvert » (reserve, disengage, cover) are rules of Altered,
    Colors or WarCry too. In a Confrontation thread, Confrontation's entry answers, alone; asked where
    nothing says which game (Eve plays nothing, in the server's channel), the closest name answers, the
    first game by its key on a tie, and a button labelled with its game opens each other game's rule."""
    lang = "fr" if locale == "fr" else "en"
    default_index()  # built before the table's clock runs: its first build is not what is timed here
    async with open_table(tmp_path / "db.sqlite3", ("Alice", "Bob", "Eve"), locale=locale) as table:
        await table.slash("Alice", "partie", "nouvelle", jeu="confrontation")
        live = table.live_matches()[-1]
        thread = table.thread_of(live)
        await table.click("Bob", table.last_with(thread, f"tv:join:{live.id}"), f"tv:join:{live.id}")
        await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
        for word, expected in CONFRONTATION_WORDS[locale].items():
            calls = await table.slash("Bob", "regle", channel=thread, question=word)
            data = calls.callback.json["data"]
            assert data["embeds"][0]["title"] == by_id()[expected].title_for(lang), word
            assert not any(b.get("label", "").endswith(" · Altered") for b in _buttons(data)), word

            calls = await table.slash("Eve", "regle", question=word)
            data = calls.callback.json["data"]
            hits = [h for h in default_index().search(word, limit=8) if h.exact]
            first = hits[0].entry
            assert len({h.entry.game for h in hits}) >= 2 and data["embeds"][0]["title"] == first.title_for(lang)
            others: dict[str, str] = {}
            for h in hits:
                if h.entry.game != first.game:
                    others.setdefault(h.entry.game, h.entry.id)
            assert expected in others.values() or first.id == expected, word
            shown = [(b["custom_id"], b["label"]) for b in _buttons(data) if b["custom_id"].startswith("tv:rule:")]
            ties = shown[: len(others)]
            assert [c for c, _label in ties] == [f"tv:rule:{rid}" for rid in others.values()], word
            for (_c, label), game in zip(ties, others, strict=True):
                assert label.endswith(" · " + game_label(game, lang)) and "." not in label.split(" · ")[0], label


def _buttons(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in data.get("components", []) for c in row.get("components", [])]
