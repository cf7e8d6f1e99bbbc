"""`AlteredGame`: the Game protocol for Altered, wiring state, rules, views, content and AI."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from bot.ai.search import level_agent
from bot.engine import (
    Agent,
    CardInfo,
    EngineError,
    FiniteGame,
    Outcome,
    RandomSource,
    Sealed,
    Seat,
    SeatSpec,
    Text,
    Transition,
    public,
    shuffled,
    txt,
)
from bot.engine.content import game_catalog

from .actions import AlteredAction, PlayCard
from .ai import AlteredSearch, GreedyAltered
from .content import CONTENT
from .decks import deck_problems, parse_decklist
from .effects import draw_cards
from .expeditions import build_adventure
from .hidden import SPEC
from .labels import card_ref, ref
from .rules import apply_action, check, legal_actions, sync_stack, to_act
from .state import MAX_DAYS, SETUP_DRAW, AlteredState, Obj, PlayerState
from .views import AlteredView, build_view

DEFAULT_DECKS = ("aube", "seuil")
#: Two anonymous seats with the default decks (bench and tests).
GAME_CLASS_SEATS = (SeatSpec(seat=0, name="A"), SeatSpec(seat=1, name="B"))
UIDS_PER_SEAT = 1000


def _load_catalog() -> dict[str, dict[str, str]]:
    """The i18n files plus the card, hero and deck names from the content."""

    def names(locale: str) -> dict[str, str]:
        out = {f"altered.card.{cid}": card.name.get(locale) for cid, card in CONTENT.cards.items()}
        out |= {f"altered.card.{hid}": hero.name.get(locale) for hid, hero in CONTENT.heroes.items()}
        return out | {f"altered.deck.name.{did}": deck.name.get(locale) for did, deck in CONTENT.decks.items()}

    return game_catalog(Path(__file__).with_name("i18n"), names)


#: The content's edition (D-ALT-23, D-ALT-24): a match plays the edition it was created in; matches
#: saved before editions existed have none in their options and play the first.
EDITION = 3
CURRENT = CONTENT.edition(EDITION)


def resolve_deck(options: dict[str, Any], edition: int = EDITION) -> tuple[str, str, dict[str, int]]:
    """(deck label, hero id, card counts) for validated seat options, in the match's edition: an
    earlier edition's match deals a ready-made deck's list of then (`<id>_e1`, `<id>_e2`) under the id
    players know, and reads a pasted list with that edition's printings."""
    if "decklist" in options:
        hero, cards, _ = parse_decklist(CONTENT.edition(edition), options["decklist"])
        assert hero is not None
        return "custom", hero, cards
    deck_id = options["deck"]
    deck = CONTENT.deck_list(deck_id, edition)
    return deck_id, deck.hero, dict(deck.cards)


class AlteredGame(FiniteGame[AlteredState, Any, AlteredView]):
    """Altered TCG for two players (Complete Rules v3.0 read with the FR glossary; docs/rules/altered.md)."""

    key = "altered"
    #: 2: the open question is kept on the kernel decision stack (older snapshots are rebuilt from the log).
    state_version = 2
    state_type = AlteredState
    action_type = AlteredAction
    hidden = SPEC
    catalog: ClassVar[dict[str, dict[str, str]]] = _load_catalog()
    kind_rules: ClassVar[dict[str, str]] = {
        "setup_mana": "altered.cost.mana",
        "expand": "altered.phase.morning",
        "skip_expand": "altered.phase.morning",
        "play": "altered.afternoon.play-card",
        "pass": "altered.afternoon.pass",
        "hero_ability": "altered.afternoon.quick-actions",
        "cycle_orb": "altered.afternoon.quick-actions",
        "cleanup_discard": "altered.phase.night",
        "cleanup_sacrifice": "altered.phase.night",
    }
    #: Mana, Expand and the Afternoon's turn are asked even with one answer: the hand decides it, and a
    #: pass played at once would tell the table what the hand holds (Clean-up reads the public reserve).
    always_ask: ClassVar[frozenset[str]] = frozenset({"setup_mana", "expand", "turn"})
    #: The decision of each phase that stops for a choice (`rules.PHASE_DECISIONS`).
    answers: ClassVar[dict[str, tuple[str, ...]]] = {
        "setup_mana": ("setup_mana",),
        "expand": ("expand", "skip_expand"),
        "turn": ("play", "pass", "hero_ability", "cycle_orb"),
        "cleanup": ("cleanup_discard", "cleanup_sacrifice"),
    }
    asks: ClassVar[dict[str, str]] = {kind: f"error.altered.asks.{kind}" for kind in answers}
    #: The entry a learning match shows with each decision met first.
    learn_rules: ClassVar[dict[str, str]] = {
        "setup_mana": "altered.setup",
        "expand": "altered.morning.expand",
        "turn": "altered.phase.afternoon",
        "cleanup": "altered.night.cleanup",
    }
    #: `/altered <decision> choix:` families (the edge builds the commands; names in the catalogs).
    families: ClassVar[dict[str, tuple[str, ...]]] = {
        "mana": ("setup_mana", "expand", "skip_expand"),
        "jouer": ("play",),
        "action-rapide": ("hero_ability", "cycle_orb"),
        "passer": ("pass",),
        "nettoyage": ("cleanup_discard", "cleanup_sacrifice"),
    }

    # -- options ----------------------------------------------------------------------------------
    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        unknown = set(options) - {"max_days", "edition"}
        if unknown:
            raise EngineError("altered.unknown_option", option=sorted(unknown)[0])
        # a new match records the current edition, so an errata never changes a match under way
        out: dict[str, Any] = {"edition": options.get("edition", EDITION)}
        if type(out["edition"]) is not int or not 1 <= out["edition"] <= EDITION:
            raise EngineError("altered.unknown_option", option="edition")
        if "max_days" in options:
            days = options["max_days"]
            if not isinstance(days, int) or not 3 <= days <= 60:
                raise EngineError("altered.bad_max_days", value=str(days))
            out["max_days"] = days
        return out

    def validate_seat_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """A ready-made deck id or a pasted list, checked against the deck-building rules."""
        if not options:
            return {}
        if set(options) == {"deck"}:
            if options["deck"] not in CURRENT.decks:
                raise EngineError(
                    "altered.invalid_deck", problems=[txt("altered.deck.unknown_deck", name=str(options["deck"]))]
                )
            return {"deck": options["deck"]}
        if set(options) == {"decklist"} and isinstance(options["decklist"], str):
            hero, cards, problems = parse_decklist(CURRENT, options["decklist"])
            problems += deck_problems(CURRENT, hero, cards)
            if problems:
                raise EngineError("altered.invalid_deck", problems=problems)
            return {"decklist": options["decklist"]}
        raise EngineError("altered.invalid_deck", problems=[txt("altered.deck.bad_options")])

    # -- protocol ---------------------------------------------------------------------------------
    def setup(self, seats: Sequence[SeatSpec], options: dict[str, Any], rng: RandomSource) -> Transition[AlteredState]:
        """Beginning of the game (v3.0 4.1; D-ALT-02): Adventure, random first player, shuffle, draw six."""
        players = []
        for i, spec in enumerate(seats):
            seat_opts = spec.options or {"deck": DEFAULT_DECKS[i % 2]}
            edition = int(options.get("edition", 1))
            deck_id, hero, cards = resolve_deck(self.validate_seat_options(seat_opts), edition)
            pile = shuffled(rng, [cid for cid, n in sorted(cards.items()) for _ in range(n)])
            deck = [Obj(uid=i * UIDS_PER_SEAT + j, card=cid) for j, cid in enumerate(pile)]
            players.append(PlayerState(name=spec.name, deck_id=deck_id, hero=hero, deck=deck))
        regions = build_adventure(rng)
        state = AlteredState(
            players=players,
            regions=regions,
            first=rng.below(2),
            max_days=int(options.get("max_days", MAX_DAYS)),
            next_uid=2 * UIDS_PER_SEAT,
        )
        events = [public("setup", first_seat=state.first, heroes=[card_ref(p.hero) for p in players])]
        for seat in (0, 1):
            draw_cards(state, seat, SETUP_DRAW, rng, events)
        events.append(public("phase", phase=ref("altered.phase.setup"), day=1))
        sync_stack(state)
        # each shuffled deck is sealed now and opened at the end: nobody, the bot included, stacked it
        sealed = tuple(
            Sealed(label="deck", seat=i, payload=[o.card for o in p.deck]) for i, p in enumerate(state.players)
        )
        return Transition(state=state, events=tuple(events), sealed=sealed)

    def to_act(self, state: AlteredState) -> frozenset[Seat]:
        return to_act(state)

    def check_rules(self, state: AlteredState, seat: Seat, action: Any) -> None:
        check(state, seat, action)

    def legal_actions(self, state: AlteredState, seat: Seat) -> list[Any]:
        return legal_actions(state, seat)

    def group_of(self, state: AlteredState, seat: Seat, action: Any) -> tuple[str, Text] | None:
        if isinstance(action, PlayCard):
            found = state.find(seat, action.uid)
            if found is not None:
                zone, card = found[0], found[1].card  # a label is a Text (a dict is only a parameter's shape)
                return f"play:{zone}:{card}", txt(
                    "altered.action.play", card=card_ref(card), zone=ref(f"altered.zone.{zone}")
                )
        return None

    def apply(self, state: AlteredState, seat: Seat, action: Any, rng: RandomSource) -> Transition[AlteredState]:
        work = state.clone()
        events = apply_action(work, seat, action, rng)
        return Transition(state=work, events=tuple(events))

    show = staticmethod(build_view)

    def outcome(self, state: AlteredState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = {str(i): p.score() for i, p in enumerate(state.players)}
        reason = txt(f"altered.outcome.{state.end_reason}")
        if state.winner is None:
            return Outcome(draw=True, reason=reason, scores=scores)
        return Outcome(winners=(state.winner,), reason=reason, scores=scores)

    # -- presentation -----------------------------------------------------------------------------
    def phase(self, state: AlteredState) -> str:
        return f"{state.day}:{state.phase}"

    def describe_action(self, state: AlteredState, seat: Seat, action: Any) -> Text:
        if isinstance(action, PlayCard):
            found = state.find(seat, action.uid)
            card_id = found[1].card if found else "?"
            zone = found[0] if found else "hand"
            params: dict[str, Any] = {"card": card_ref(card_id), "zone": ref(f"altered.zone.{zone}")}
            if action.expedition:
                params["expedition"] = ref(f"altered.expedition.{action.expedition}")
                return txt("altered.action.play_character", **params)
            if action.target is not None:
                target = state.find(1 - seat, action.target) or state.find(seat, action.target)
                params["target"] = card_ref(target[1].card) if target else "?"
                return txt("altered.action.play_target", **params)
            return txt("altered.action.play", **params)
        uid = getattr(action, "uid", None)
        if uid is not None:
            found = state.find(seat, uid)
            return txt(f"altered.action.{action.kind}", card=card_ref(found[1].card) if found else "?")
        if action.kind == "hero_ability":
            return txt("altered.action.hero_ability", hero=card_ref(state.players[seat].hero))
        return txt(f"altered.action.{action.kind}")

    def cards(self) -> list[CardInfo]:
        """Every hero and card of the content, as `/carte` shows them."""
        return _CARDS

    def agent(self, level: str = "normal") -> Agent:
        return level_agent(level, GreedyAltered(), AlteredSearch(self))


def card_counts(state: AlteredState) -> list[Counter[str]]:
    """Every card each player owns, wherever it is (used by conservation checks)."""
    return [Counter(o.card for o in p.all_cards()) for p in state.players]


def _card_lines(card: Any, locale: str) -> tuple[str, ...]:
    """Type line, costs, statistics, keywords and abilities of an Altered card, localized."""
    t = AlteredGame.catalog.get(locale) or AlteredGame.catalog["fr"]
    kind = t.get(f"altered.card_type.{card.type}", card.type)
    subtype = t.get(f"altered.subtype.{card.subtype}", card.subtype.capitalize())
    faction = t.get(f"altered.faction.{card.faction}", card.faction.capitalize())
    lines = [f"{kind} — {subtype} — {faction}"]
    lines.append(t.get("altered.card.costs", "{hand}/{reserve}").format(hand=card.cost[0], reserve=card.cost[1]))
    if card.type == "character":
        lines.append(
            t.get("altered.card.stats", "{forest}/{mountain}/{water}").format(
                forest=card.stats[0], mountain=card.stats[1], water=card.stats[2]
            )
        )
    if card.keywords:
        lines.append(", ".join(t.get(f"altered.keyword.{k}", k) for k in card.keywords))
    lines += [getattr(a.text, locale, a.text.fr) for a in card.abilities]
    return tuple(lines)


def _cards() -> list[Any]:
    out = []
    current = CONTENT.edition(EDITION)
    for hero in current.heroes.values():
        lines = {
            loc: (
                AlteredGame.catalog[loc].get("altered.card_type.hero", "Hero"),
                *(getattr(a.text, loc, a.text.fr) for a in hero.abilities),
            )
            for loc in ("fr", "en")
        }
        out.append(CardInfo(id=hero.id, game="altered", name={"fr": hero.name.fr, "en": hero.name.en}, lines=lines))
    for card in current.cards.values():
        out.append(
            CardInfo(
                id=card.id,
                game="altered",
                name={"fr": card.name.fr, "en": card.name.en},
                lines={loc: _card_lines(card, loc) for loc in ("fr", "en")},
            )
        )
    return out


_CARDS = _cards()

#: The rules object the package's GameDef wraps (bot/games/altered/__init__.py).
ALTERED = AlteredGame()
