"""A whole WarCry solo battle through the real cogs (issue #15, "Done means"): Alice plays by slash
command and menu against the booklet's procedure; every choice of the solo warband is posted in the
thread with the step that made it; the event log replays to the same state."""

from __future__ import annotations

from pathlib import Path

from bot.devtools.table import custom_ids, open_table
from bot.engine import Rng
from bot.services.replay import replay_from_seed


async def test_alice_plays_a_solo_battle_and_every_choice_of_the_procedure_is_explained(tmp_path: Path) -> None:
    async with open_table(tmp_path / "warcry.sqlite3") as table:
        await table.slash("Alice", "partie", "nouvelle", jeu="warcry", ia=True)
        live = table.live_matches()[-1]
        thread = table.thread_of(live)
        await table.click("Alice", table.last_with(thread, f"tv:start:{live.id}"), f"tv:start:{live.id}")
        rng = Rng(5)
        steps = 0
        while live.rec.status == "active" and steps < 800:
            assert 0 in live.to_act(), "the solo warband left Alice waiting"
            if steps % 5 == 2:
                await table.play_turn("Alice", live, rng)
            else:
                await table.play_turn_by_command("Alice", live, rng)
            steps += 1
        await table.idle()
        assert live.rec.status == "finished", steps
        entries = await table.bot.service.history(live.id)
        solo_moves = [e for e in entries if e.kind == "action" and e.seat == 1]
        explained = [e for e in solo_moves if (e.action or {}).get("why")]
        assert solo_moves and len(explained) == len(solo_moves)  # the solo side never acts unexplained
        public = "\n".join(m["content"] or "" for m in table.fd.messages(thread, include_ephemeral=False))
        for step in ("B :", "C6 :", "C4 :"):
            assert f"🤖 {step}" in public, step
        assert "warcry.why" not in public and "c6_full" not in public  # no internal reference shown
        thread_ids = {c for m in table.fd.messages(thread, include_ephemeral=False) for c in custom_ids(m)}
        assert not any(c.startswith("tv:hand:") for c in thread_ids)  # nothing private: no hand button
        state, _ = replay_from_seed(live.game, live.rec.seed, live.seats, live.rec.options, entries)
        assert state == live.state


async def test_the_solo_warband_sits_at_once_and_the_lobby_offers_only_start(tmp_path: Path) -> None:
    """« Pièges du destin »: the player faces a warband the procedure plays. Created without asking for
    the AI, the lobby already holds it at the level chosen (its difficulty, D-WAR-23); it never says
    « 2 joueurs. Rejoignez… » nor points at « Voir ma main » (nothing is hidden), offers no Join nor
    AI button, and a rematch keeps Alice on the player's side."""
    async with open_table(tmp_path / "warcry.sqlite3") as table:
        await table.slash("Alice", "partie", "nouvelle", jeu="warcry", niveau="hard")
        live = table.live_matches()[-1]
        assert [(s.is_ai, s.seat) for s in live.seats] == [(False, 0), (True, 1)]
        assert live.seats[1].options == {"difficulty": "difficile"}
        lobby = table.fd.message(live.rec.lobby_message_id)
        assert lobby is not None
        text = lobby["embeds"][0]["description"]
        assert text.startswith("Partie en solo : Tavernier (IA) joue contre vous.")
        assert "Rejoignez" not in text and "Voir ma main" not in text and "joueurs" not in text
        assert [c.split(":")[1] for c in custom_ids(lobby)] == ["start"]
        await table.click("Alice", lobby, f"tv:start:{live.id}")
        assert live.rec.status == "active"
        # Alice concedes; her rematch keeps her on seat 0, the solo warband on seat 1
        await table.bot.service.concede(live.id, live.seats[0].user_id or 0)
        await table.idle()
        assert live.rec.status == "finished"
        rematch = await table.bot.service.rematch(live.id, live.seats[0].user_id or 0)
        assert [s.is_ai for s in rematch.seats] == [False, True]


async def test_a_typed_split_against_the_rule_is_refused_with_the_rules_reason(tmp_path: Path) -> None:
    """#29: Alice types her own groups, one of them over half her warband: the answer is the rule's
    reason (« pas plus de la moitié de la bande »), not « Ce choix n'existe pas »; a legal split typed
    the same way is played."""
    from tests.discord.conftest import private_text

    async with open_table(tmp_path / "warcry.sqlite3") as table:
        await table.slash("Alice", "partie", "nouvelle", jeu="warcry")
        live = table.live_matches()[-1]
        await table.click("Alice", table.fd.message(live.rec.lobby_message_id), f"tv:start:{live.id}")
        thread = table.thread_of(live)
        mine = sorted((f.id for f in live.state.fighters if f.owner == 0), key=lambda i: int(i[1:]))
        assert live.state.stack[-1].kind == "split" and len(mine) == 10
        over = f"{mine[0]} / {' '.join(mine[1:8])} / {' '.join(mine[8:])}"  # a Shield of 7 out of 10
        calls = await table.slash("Alice", "warcry", "groupes", channel=thread, choix=over)
        text = private_text(calls)
        assert "pas plus de la moitié de la bande" in text and "n'existe pas" not in text
        assert live.state.stack[-1].kind == "split"
        legal = f"{' '.join(mine[:3])} / {' '.join(mine[3:7])} / {' '.join(mine[7:])}"
        await table.slash("Alice", "warcry", "groupes", channel=thread, choix=legal)
        assert {f.group for f in live.state.fighters if f.owner == 0} == {"dagger", "shield", "hammer"}


async def test_alice_chooses_the_battleplan_in_partie_nouvelle_and_the_lobby_and_the_battle_say_it(
    tmp_path: Path,
) -> None:
    """#29 item 3, D-WAR-33: `/partie nouvelle jeu:warcry scenario:` offers « Au hasard » first and the
    cards named by what Alice types; the lobby says the battleplan chosen and that the rest is drawn, the
    battle's first line names every card, the chosen ones among them. Without the option the lobby says
    it is drawn; another game refuses the option with a reason."""
    async with open_table(tmp_path / "warcry.sqlite3") as table:
        payload = table.fd.autocomplete(
            "partie", table.people["Alice"], table.guild, subcommand="nouvelle", focused="scenario",
            jeu="warcry", scenario="butin brume",
        )  # fmt: skip
        await table.fd.interact(table.bot, payload)
        choices = table.fd.interaction_state(payload).choices or []
        assert choices[0] == {"name": "Au hasard : tout le plan de bataille tiré au sort", "value": "random"}
        assert choices[1] == {
            "name": "Le butin · Brume épaisse (le reste au hasard)",
            "value": "victory:butin,twist:brume",
        }
        assert len(choices) <= 25 and all(1 <= len(c["name"]) <= 100 for c in choices)
        await table.slash("Alice", "partie", "nouvelle", jeu="warcry", scenario=choices[1]["value"])
        live = table.live_matches()[-1]
        assert (live.rec.options["victory"], live.rec.options["twist"]) == ("butin", "brume")
        lobby = table.fd.message(live.rec.lobby_message_id)
        assert lobby is not None
        settings = "\n".join(f["value"] for f in lobby["embeds"][0]["fields"])
        assert "Plan de bataille choisi : Le butin et Brume épaisse ; le reste est tiré au sort" in settings
        await table.click("Alice", lobby, f"tv:start:{live.id}")
        assert live.state is not None and (live.state.victory, live.state.twist) == ("butin", "brume")
        public = "\n".join(m["content"] or "" for m in table.fd.messages(table.thread_of(live)))
        assert "victoire « Le butin », rebondissement « Brume épaisse »" in public

        await table.slash("Alice", "partie", "nouvelle", jeu="warcry")
        drawn = table.live_matches()[-1]
        lobby = table.fd.message(drawn.rec.lobby_message_id)
        assert lobby is not None
        settings = "\n".join(f["value"] for f in lobby["embeds"][0]["fields"])
        assert "Plan de bataille : tiré au sort à la mise en place" in settings

        before = len(table.live_matches())
        calls = await table.slash("Alice", "partie", "nouvelle", jeu="duel", scenario="butin")
        assert len(table.live_matches()) == before
        from tests.discord.conftest import private_text

        said = private_text(calls)
        assert "n'a pas de plan de bataille à choisir" in said and "error." not in said
