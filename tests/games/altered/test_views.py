"""Views (D-ALT-16): what each viewer sees, and the registry hook-up."""

from __future__ import annotations

import json

from bot.games.altered.actions import Expand
from bot.games.altered.game import ALTERED, AlteredGame

from .helpers import act, cards, hidden_regions, hidden_uids, leaked, new_game, o, player, scenario


def test_hands_are_private_and_counts_public() -> None:
    state = scenario(player(hand=cards("lancier_aube", "halte_camp")), player("B", "orvan", hand=cards("veille")))
    public, mine, theirs = ALTERED.view(state, None), ALTERED.view(state, 0), ALTERED.view(state, 1)
    assert public.players[0].hand is None and theirs.players[0].hand is None
    assert [c.card for c in mine.players[0].hand or []] == ["lancier_aube", "halte_camp"]
    assert public.players[0].hand_count == 2 and public.players[1].hand_count == 1
    for view, seat in ((public, 0), (public, 1), (theirs, 0), (mine, 1)):
        assert not leaked(view, hidden_uids(state, seat))
    assert "lancier_aube" not in public.model_dump_json() and "veille" not in mine.model_dump_json()


def test_deck_order_is_nowhere_and_face_down_regions_have_no_terrain() -> None:
    state = scenario(player(deck=cards("geant_plateaux", "lancier_aube")), regions=hidden_regions())
    for viewer in (None, 0, 1):
        data = json.loads(ALTERED.view(state, viewer).model_dump_json())
        assert data["players"][0]["deck_count"] == 2 and "geant_plateaux" not in json.dumps(data)
        assert [r["terrains"] is None for r in data["regions"]] == [False, *[True] * 6, False]


def test_private_events_reach_only_their_seat() -> None:
    card = o("geant_plateaux")
    t = act(scenario(player(hand=[card, o("veille")]), phase="morning"), 0, Expand(uid=card.uid))
    for e in t.events:
        if "geant_plateaux" in json.dumps(e.params):
            assert e.to == (0,)


def test_setup_view_and_registry() -> None:
    state = new_game(9)
    view = ALTERED.view(state, 1)
    assert len(view.players[1].hand or []) == 6 and view.players[0].hand is None
    assert view.to_act == [0, 1] and view.phase == "setup"
    assert ALTERED.key == "altered" and isinstance(ALTERED, AlteredGame) and ALTERED.phase(state) == "1:setup"
