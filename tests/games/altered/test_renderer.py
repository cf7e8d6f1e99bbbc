"""Renderer smoke tests: sizes, PNG weight, every phase, both locales, no hidden faces drawn."""

from __future__ import annotations

import io

import pytest

from bot.engine import Rng, SeatSpec
from bot.games.altered.game import ALTERED
from renderers.altered import RENDERER, render_board, render_hand, summarize
from tests.support.agents import ai_move
from tests.support.phone import assert_reads_on_a_phone


def _states() -> list:  # type: ignore[type-arg]
    rng = Rng(21)
    state = ALTERED.setup([SeatSpec(seat=0, name="Aïcha"), SeatSpec(seat=1, name="Bérénice")], {}, rng).state
    seen, out = set(), [state]
    while ALTERED.outcome(state) is None:
        seat = min(ALTERED.to_act(state))
        state = ALTERED.apply(state, seat, ai_move(ALTERED, state, seat, rng), rng).state
        if state.phase not in seen:
            seen.add(state.phase)
            out.append(state)
    return [*out, state]


STATES = _states()


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_board_for_every_viewer_and_phase(locale: str) -> None:
    for state in STATES:
        for viewer in (None, 0, 1):
            img = render_board(ALTERED.view(state, viewer), locale=locale)
            assert img.size[0] <= 720 and img.size[1] <= 2 * img.size[0]
    buf = io.BytesIO()
    render_board(ALTERED.view(STATES[-2], None), locale=locale).save(buf, format="PNG")
    assert len(buf.getvalue()) < 1024 * 1024


def test_hand_only_for_a_seat() -> None:
    state = STATES[1]
    assert render_hand(ALTERED.view(state, None), locale="fr") is None
    img = render_hand(ALTERED.view(state, 0), locale="fr")
    assert img is not None and img.size[0] <= 720 and img.size[1] <= 2 * img.size[0]


def test_summary_is_short_and_public_safe() -> None:
    for state in STATES:
        for locale in ("fr", "en"):
            text = summarize(ALTERED.view(state, None), locale=locale)
            assert 0 < len(text) <= 1500
            for card in state.players[0].hand:
                # a name may also be public elsewhere; only check cards that are nowhere public
                public = {
                    o.card
                    for p in state.players
                    for o in (*p.reserve, *p.landmarks, *p.discard, *p.exp_hero, *p.exp_companion)
                }
                if card.card not in public:
                    from bot.games.altered.content import CONTENT

                    assert CONTENT.cards[card.card].name.get(locale) not in text
    assert "Jour" in summarize(ALTERED.view(STATES[0], None), locale="fr")
    assert "Day" in summarize(ALTERED.view(STATES[0], None), locale="en")


def test_registry_shape() -> None:
    assert (RENDERER.board, RENDERER.hand, RENDERER.summary) == (render_board, render_hand, summarize)


def _whole_match(seed: int) -> list:  # type: ignore[type-arg]
    rng = Rng(seed)
    state = ALTERED.setup([SeatSpec(seat=0, name="Aïcha"), SeatSpec(seat=1, name="Bérénice")], {}, rng).state
    out = [state]
    while ALTERED.outcome(state) is None:
        seat = min(ALTERED.to_act(state))
        state = ALTERED.apply(state, seat, ai_move(ALTERED, state, seat, rng), rng).state
        out.append(state)
    return out


@pytest.mark.parametrize("seed", [3, 8])
def test_every_text_reads_on_a_phone_along_a_whole_match(seed: int) -> None:
    """Issue #12 §5: at 390 px wide (a phone in portrait) no text of the board or hand is under 12 px."""
    states = _whole_match(seed)
    assert assert_reads_on_a_phone(ALTERED, states[::9] + states[-1:], render_board, render_hand) > 20


def test_the_card_just_played_and_the_expeditions_just_moved_are_marked() -> None:
    """Issue #12 §5: the last action is highlighted (what was played, what moved at Dusk)."""
    from renderers.theme import DEFAULT

    states = _whole_match(3)
    played = next(s for s in states if s.last)
    view = ALTERED.view(played, None)
    assert view.last == played.last
    moved = next(s for s in states if s.advanced)
    assert ALTERED.view(moved, 1).advanced == moved.advanced

    def accent(image) -> int:  # type: ignore[no-untyped-def]
        return sum(n for n, c in image.getcolors(1 << 20) or [] if c == DEFAULT.accent)

    for state in (played, moved):
        view = ALTERED.view(state, None)
        plain = view.model_copy(update={"last": [], "advanced": []})
        assert accent(render_board(view, locale="fr")) > accent(render_board(plain, locale="fr")) + 50


def test_a_seat_reads_its_hand_and_mana_zone_in_words_too() -> None:
    """Altered hands were images only, in DMs and « Voir ma main »: a screen reader, a search or a copy
    had nothing. The seat's text summary lists its hand and Mana zone; the public one lists neither."""
    state = STATES[1]
    me = ALTERED.view(state, 0).players[0]
    assert me.hand  # the position: a hand to read
    for locale, heading in (("fr", "Votre main"), ("en", "Your hand")):
        text = summarize(ALTERED.view(state, 0), locale=locale)
        line = next(line for line in text.splitlines() if line.startswith(f"{heading} ({len(me.hand)})"))
        for card in me.hand:
            assert card.name[locale] in line
        assert len(line.split(";")) == len(me.hand)
        assert heading not in summarize(ALTERED.view(state, None), locale=locale)
