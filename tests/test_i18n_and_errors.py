"""Every player-facing string exists in French and English; every refusal code has a message."""

from __future__ import annotations

import ast
import logging
from pathlib import Path

import pytest
import yaml

from bot.engine import EngineError, IllegalAction, Text, txt
from bot.i18n import catalog, localize, normalize_locale, t
from bot.services import StaleVersion
from cogs.errors import explain

ROOT = Path(__file__).resolve().parents[1]
HOST = yaml.safe_load((ROOT / "bot/i18n/host.yaml").read_text(encoding="utf-8"))
FR_ONLY_DEFAULTS = ("cmd.", "opt.", "choice.")  # French command names and choices are the defaults in the code


def test_host_catalog_is_bilingual() -> None:
    fr, en = set(HOST["fr"]), set(HOST["en"])
    assert fr - en == set()
    assert {k for k in en - fr if not k.startswith(FR_ONLY_DEFAULTS)} == set()


def _raised_codes() -> set[str]:
    """Literal codes of `ServiceError(...)`, `EngineError(...)`, `IllegalAction(...)` in host code."""
    codes = set()
    for path in [*ROOT.joinpath("bot/services").rglob("*.py"), *ROOT.joinpath("cogs").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in {"ServiceError", "EngineError", "IllegalAction"}
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                codes.add(node.args[0].value)
    return codes


def test_every_host_refusal_has_a_message_in_both_languages() -> None:
    codes = _raised_codes()
    assert {"not_seated", "not_your_turn", "unknown_choice", "match_not_active"} <= codes
    for code in codes | {"stale_version", "malformed_action", "unknown_game"}:
        for loc in ("fr", "en"):
            assert catalog().has(f"error.{code}", loc), (code, loc)


def test_locales_fold_and_fall_back() -> None:
    assert normalize_locale("en-US") == "en" and normalize_locale("en-GB") == "en"
    assert normalize_locale("fr") == "fr" and normalize_locale("de") == "fr" and normalize_locale(None) == "fr"
    assert t("button.act", "en-GB") == "Play" and t("button.act", "de") == "Jouer"
    assert t("no.such.key", "fr") == "no.such.key"


def test_localize_names_seats_and_nests_texts() -> None:
    text = Text(key="log.winner", params={"winners": "Alice", "reason": txt("outcome.concede", seat=1)})
    assert localize(text, "fr", {0: "Alice", 1: "Bob"}.__getitem__) == "🏆 Victoire de **Alice** : Bob abandonne."


def test_error_mapper() -> None:
    answer = explain(IllegalAction("not_your_turn", rule="duel.pick"), "en")
    assert answer.text.startswith("It is not your turn.") and "duel.pick" in answer.text
    assert answer.rule == "duel.pick"
    assert explain(StaleVersion(4), "fr").stale
    assert "Action refusée (weird_code)" in explain(EngineError("weird_code"), "fr").text


def test_unexpected_error_is_logged_with_the_match_and_apologized(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, logger="tavernier.errors"):
        answer = explain(RuntimeError("boom"), "fr", match_id="abcd1234")
    assert answer.text.startswith("Désolé")
    assert any("match=abcd1234" in r.getMessage() for r in caplog.records)


def test_catalog_specs_plural_elision_and_lengths() -> None:
    """Real plurals (Babel's CLDR rules), French elision, lengths in the game's unit."""
    from bot.i18n.catalog import _format

    assert _format("{n} {n:p:carte|cartes}", {"n": 0}, "fr") == "0 carte"
    assert _format("{n} {n:p:carte|cartes}", {"n": 1}, "fr") == "1 carte"
    assert _format("{n} {n:p:carte|cartes}", {"n": 3}, "fr") == "3 cartes"
    assert _format("{n} {n:p:card|cards}", {"n": 0}, "en") == "0 cards"
    assert _format("{n} {n:p:card|cards}", {"n": 1}, "en") == "1 card"
    assert _format("Partie {g:de}", {"g": "Altered"}, "fr") == "Partie d'Altered"
    assert _format("Partie {g:de}", {"g": "King of Liber"}, "fr") == "Partie de King of Liber"
    assert _format("{who:le} tour", {"who": "IA"}, "fr") == "l'IA tour"
    assert _format("{d:in}", {"d": 3175}, "fr") == "12,5" and _format("{d:in}", {"d": 3175}, "en") == "12.5"
    assert _format("{d:cm}", {"d": 750}, "fr") == "7,5"


def test_no_template_writes_a_plural_with_parentheses_or_a_range_from_n_to_n() -> None:
    """Real plurals come from the catalog's `{n:p:…}` (Babel); « carte(s) » and « De 2 à 2 joueurs » read
    machine-made."""
    import re

    from bot import games as game_folders
    from bot.engine import load_games

    load_games(game_folders)
    for locale in ("fr", "en"):
        for key in catalog().keys(locale):
            text = catalog().get(key, locale) or ""
            assert "(s)" not in text, (locale, key, text)
    assert t("altered.event.drew", "fr", seat="Alice", count=1) == "Alice pioche 1 carte."
    assert t("altered.event.drew", "fr", seat="Alice", count=0) == "Alice pioche 0 carte."
    assert t("altered.event.drew", "fr", seat="Alice", count=3) == "Alice pioche 3 cartes."
    assert t("liber.event.wounded", "en", card="Brute", seat="AI", amount=2, pv=1).startswith(
        "Brute (AI) takes 2 wounds"
    )
    assert t("lobby.title", "fr", game="Altered") == "Partie d'Altered"
    exact = t("lobby.players_exact", "fr", min=2, max=2)
    assert exact == "2 joueurs." and not re.search(r"De (\d+) à \1\b", exact)


def test_a_player_name_after_de_is_elided() -> None:
    """« Choix d'Alice », « La pendule d'Émile », « au contact d'Éclaireur », never « Choix de Alice »: every
    French template that puts a seat or a name (a player's, a card's, a fighter's) after « de » elides it."""
    import re
    from pathlib import Path

    from bot import games as game_folders
    from bot.engine import load_games

    load_games(game_folders)
    root = Path(__file__).resolve().parents[1] / "bot"
    bare = re.compile(r"\bde \{(seat|who|whom|name|player|owner|winner|card|item|source|target|bearer|[a-z_]+_seat)\}")
    offenders = [
        f"{path.relative_to(root)}:{n}"
        for path in root.rglob("*.yaml")
        if path.name in ("fr.yaml", "host.yaml")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if bare.search(line)
    ]
    assert offenders == []
    assert t("log.reveal", "fr", seat="Alice", choice="x", salt="s", digest="d", ok="").startswith("🔓 Choix d'Alice")
    assert t("event.timed_out", "fr", seat="Bob") == "⏱️ La pendule de Bob est tombée."
    assert t("liber.event.equipped", "fr", seat="Alice", bearer="Brute", card="Épée bénie") == (
        "Alice équipe Brute d'Épée bénie."
    )
    assert t("confrontation.preview.contact", "fr", whom="Éclaireur (L7)") == "Au contact d'Éclaireur (L7)."


def test_a_sentence_about_a_piece_agrees_with_its_name_in_french() -> None:
    """« Hurleuse (B2) est mise hors de combat », « Bête de guerre (G6) est éliminée », « Représailles sont
    annulées »: a name's gender and number come from the content (`Names.form`), a name built round
    another (« {profile} ({id}) ») takes that one's, and `{x:a:…}` picks the word that agrees. English
    has nothing to agree; a name without a form is masculine singular."""
    from bot import games as game_folders
    from bot.engine import load_games

    load_games(game_folders)

    def fighter(game: str, profile: str, fid: str) -> dict[str, object]:
        inner = {"key": f"{game}.profile.{profile}", "params": {}}
        return {"key": f"{game}.fighter.name", "params": {"profile": inner, "id": fid}}

    def said(key: str, locale: str = "fr", **params: object) -> str:
        return localize(Text(key=key, params=params), locale)

    assert said("warcry.event.taken_down", who=fighter("warcry", "hurleuse", "B2")) == (
        "Hurleuse (B2) est mise hors de combat."
    )
    assert said("warcry.event.taken_down", who=fighter("warcry", "maraudeur", "B5")) == (
        "Maraudeur (B5) est mis hors de combat."
    )
    assert said("warcry.event.waits", who=fighter("warcry", "hurleuse", "B2")).startswith("Hurleuse (B2) attend : elle")
    assert (
        said("warcry.event.taken_down", "en", who=fighter("warcry", "hurleuse", "B2")) == "Howler (B2) is taken down."
    )
    assert said("confrontation.event.killed", who=fighter("confrontation", "bete", "G6")) == (
        "Bête de guerre (G6) est éliminée."
    )
    assert (
        said("confrontation.event.killed", who=fighter("confrontation", "epeiste", "L2")) == "Épéiste (L2) est éliminé."
    )
    for card, sentence in (
        ("lame_ardente", "Lame ardente est annulée."),
        ("represailles", "Représailles sont annulées."),
        ("renforts", "Renforts sont annulés."),
        ("trait_feu", "Trait de feu est annulé."),
    ):
        assert said("colors.event.countered", card={"key": f"colors.card.{card}", "params": {}}) == sentence
    assert said("colors.event.countered", card="Nom inconnu") == "Nom inconnu est annulé."


def test_no_french_template_leaves_a_participle_after_a_name_unagreed() -> None:
    """« {who} est éliminé » reads wrong for « Bête de guerre »: a French template whose subject is a
    name (not « la carte {card} ») and whose verb is « est », « s'est » or « sont » followed by a
    participle writes it `{who:a:éliminé|éliminée}`."""
    import re

    root = Path(__file__).resolve().parents[1] / "bot"
    bare = re.compile(r"(?<![a-zé] )\{\w+\} (?:est|s'est|sont)(?: déjà)? [a-zéèêàç]+ée?s?\b")
    offenders = [
        f"{path.relative_to(root)}:{n}"
        for path in root.rglob("fr.yaml")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if bare.search(line)
    ]
    assert offenders == []


def test_the_final_log_tells_private_events_in_the_third_person() -> None:
    """The end's public log reveals private events: « Main de départ d'Alice », not « Votre main »."""
    from types import SimpleNamespace

    from bot import games as game_folders
    from bot.engine import Event, load_games
    from cogs.presenters import event_line

    load_games(game_folders)
    for key, kind, params in (
        ("liber", "opening_hand", {"cards": "Brute, Goule"}),
        ("liber", "you_drew", {"card": "Brute"}),
        ("altered", "you_drew", {"cards": "Veille"}),
        ("altered", "your_orb", {"card": "Veille"}),
    ):
        live = SimpleNamespace(game=SimpleNamespace(key=key), seat_name=lambda n: ("Alice", "Bob")[n])
        line = event_line(live, Event(kind=kind, params=params, to=(0,)), "fr", log=True)  # type: ignore[arg-type]
        assert line and "Alice" in line and "Vous" not in line and "Votre" not in line, line
        private = event_line(live, Event(kind=kind, params=params, to=(0,)), "fr")  # type: ignore[arg-type]
        assert private and ("Vous" in private or "Votre" in private)


def test_no_data_file_writes_a_key_twice() -> None:
    """PyYAML keeps the last of two equal keys silently: `lobby.players` written twice made every lobby
    of a game for 2 to 4 players read « Joueurs » where « De 2 à 4 joueurs. » was meant. Every data file
    is read by a loader that refuses a repeated key."""
    from pathlib import Path

    import pytest
    import yaml

    from bot.engine.content import load_yaml

    root = Path(__file__).resolve().parents[1] / "bot"
    for path in sorted(root.rglob("*.yaml")):
        load_yaml(path.read_text(encoding="utf-8"))
    with pytest.raises(yaml.YAMLError, match="written twice"):
        load_yaml("fr:\n  a: 1\n  b: 2\n  a: 3\n")
    assert t("lobby.players", "fr", min=2, max=4) == "De 2 à 4 joueurs."
    assert t("lobby.players", "en", min=2, max=4) == "2 to 4 players."
    assert t("lobby.players_field", "fr") == "Joueurs"
