"""Fairness a player can check (#23): the full log's recipe recomputes every digest by hand, /partie
verifier compares the log with what the thread was shown (not with rows the database can rewrite), and
a commitment the thread refused is posted again and its reveal says it was not posted in time."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

import pytest

from bot.devtools.table import Table
from bot.engine import Rng
from bot.services import commitments
from tests.discord.conftest import private_text, started_match
from tests.support.db import tamper

#: The full log's line for one commitment, as printed in French (bot/i18n/host.yaml log.sealed_record).
RECIPE_FR = re.compile(r"SHA-256 du texte « (.*?) » suivi de la valeur, en UTF-8 = ([0-9a-f]{64}) ; valeur = (.*)$")
RECIPE_EN = re.compile(r'SHA-256 of the text "(.*?)" followed by the value, in UTF-8 = ([0-9a-f]{64}); value = (.*)$')


async def _finished(table: Table, seed: int = 11) -> Any:
    live = await started_match(table)
    rng = Rng(seed)
    while live.rec.status == "active":
        await table.play_turn(("Alice", "Bob")[min(live.to_act())], live, rng)
    assert live.rec.status == "finished"
    return live


def _full_log(table: Table, live: Any) -> str:
    thread = table.thread_of(live)
    files = [a for m in table.fd.messages(thread, include_ephemeral=False) for a in m["attachments"]]
    journal = [a for a in files if a["filename"] == f"journal-{live.id}.txt"]
    assert len(journal) == 1
    data: bytes = table.fd.world.cdn[journal[0]["url"]]
    return data.decode()


def _by_hand(text: str, recipe: re.Pattern[str]) -> list[tuple[str, str, str]]:
    """(text to hash, printed digest, SHA-256 recomputed with hashlib) for every commitment line."""
    out = []
    for line in text.splitlines():
        m = recipe.search(line)
        if m:
            prefix, printed, value = m.groups()
            out.append((prefix, printed, hashlib.sha256((prefix + value).encode()).hexdigest()))
    return out


async def test_every_digest_recomputes_by_hand_from_the_printed_full_log(table: Table) -> None:
    live = await _finished(table)
    sealed = await table.service.store.commitments(live.id)
    checks = _by_hand(_full_log(table, live), RECIPE_FR)
    assert len(checks) == len(sealed) >= 3
    assert all(printed == recomputed for _, printed, recomputed in checks)
    assert all(prefix.startswith(f"{live.id}:") for prefix, _, _ in checks)
    # the English recipe says the same
    from bot.i18n import t

    c = sealed[0]
    line = t(
        "log.sealed_record",
        "en",
        match=live.id,
        seq=c.seq,
        seat="Alice",
        label=c.label,
        salt=c.salt,
        digest=c.digest,
        value=c.payload,
    )
    assert [(p, d) for p, d, r in _by_hand(line, RECIPE_EN) if d == r] == [(f"{live.id}:{c.seq}:{c.salt}:", c.digest)]


@pytest.mark.both_backends
async def test_a_commitment_rewritten_with_its_digest_is_caught_against_the_thread(table: Table) -> None:
    live = await _finished(table)
    calls = await table.slash("Eve", "partie", "verifier", partie=live.id)
    before = private_text(calls)
    assert before.startswith("✅")
    answers = [c for c in await table.service.store.commitments(live.id) if c.label == "answer"]
    victim = answers[0]
    payload = commitments.canonical({**json.loads(victim.payload), "card": 99})  # another card than the one locked
    assert payload != victim.payload
    forged = hashlib.sha256(f"{live.id}:{victim.seq}:{victim.salt}:{payload}".encode()).hexdigest()
    await tamper(
        table.service.store,
        "UPDATE commitments SET payload=?, digest=? WHERE match_id=? AND seq=? AND seat=? AND label='answer'",
        payload,
        forged,
        live.id,
        victim.seq,
        victim.seat,
    )
    calls = await table.slash("Eve", "partie", "verifier", partie=live.id)
    after = private_text(calls)
    assert "✅" not in after
    assert "ne correspond plus à ce que le fil a montré" in after and f"dès le coup n° {victim.seq}" in after
    # what the first answer said it checked against: the thread's posts, read back from Discord
    posted = len(await table.service.store.published(live.id))
    assert f"correspond aux {posted} empreintes du journal publiées dans le fil ({posted} relues sur Discord)" in before


async def test_rewriting_the_record_of_what_was_posted_too_is_caught_by_reading_the_thread(table: Table) -> None:
    live = await _finished(table)
    store = table.service.store
    victim = next(c for c in await store.commitments(live.id) if c.label == "answer")
    payload = victim.payload.replace('"kind"', '"kind" ', 1)  # another value, same meaning to a parser
    forged = hashlib.sha256(f"{live.id}:{victim.seq}:{victim.salt}:{payload}".encode()).hexdigest()
    sql = "UPDATE commitments SET payload=?, digest=? WHERE match_id=? AND seq=? AND seat=? AND label=?"
    await tamper(store, sql, payload, forged, live.id, victim.seq, victim.seat, victim.label)
    # the attacker also rewrites every recorded chain value to the one the rewritten log gives
    chain = commitments.chain_of(live.id, await store.log(live.id), await store.commitments(live.id))
    for row in await store.published(live.id):
        await tamper(store, "UPDATE published SET chain=? WHERE match_id=? AND seq=?", chain[row.seq], live.id, row.seq)
    assert all(row.chain == chain[row.seq] for row in await store.published(live.id))
    after = private_text(await table.slash("Eve", "partie", "verifier", partie=live.id))
    assert "✅" not in after and "ne correspond plus à ce que le fil a montré" in after


async def test_a_commitment_the_thread_refused_is_posted_again_and_its_reveal_says_it_was_late(table: Table) -> None:
    live = await started_match(table)
    thread = table.thread_of(live)
    rng = Rng(11)
    await table.play_turn("Alice", live, rng)  # Alice locks a secret choice: the next thread post carries it
    sealed = await table.service.store.commitments(live.id)
    alice = next(c for c in sealed if c.label == "answer" and c.seat == 0)
    assert alice.revealed_seq is None
    assert any(alice.digest in m["content"] for m in table.fd.messages(thread, include_ephemeral=False))
    seen_before = {m["id"] for m in table.fd.messages(thread, include_ephemeral=False)}
    while live.rec.status == "active" and live.to_act() != {0, 1}:
        await table.play_turn(("Alice", "Bob")[min(live.to_act())], live, rng)
    assert live.to_act() == {0, 1}
    # Alice's next lock: the thread refuses its post (missing permission), once
    fault = table.fd.fail("POST", rf"/channels/{thread['id']}/messages", 403, 50013, "Missing Permissions", times=1)
    table.fd.allow_errors("thread post failed")
    await table.play_turn("Alice", live, rng)
    assert fault.hits == 1
    refused = next(c for c in await table.service.store.commitments(live.id) if c.seat == 0 and c.revealed_seq is None)
    posts = [m for m in table.fd.messages(thread, include_ephemeral=False) if m["id"] not in seen_before]
    assert not any(refused.digest in m["content"] for m in posts)  # the refused post never arrived
    await table.play_turn("Bob", live, rng)  # Bob's lock opens both: the next post carries Alice's too
    posts = [m for m in table.fd.messages(thread, include_ephemeral=False) if m["id"] not in seen_before]
    carrying = [
        m
        for m in posts
        if f"🔒 Alice a verrouillé un choix secret (empreinte SHA-256 `{refused.digest}`)" in m["content"]
    ]
    assert len(carrying) == 1
    reveal = next(line for line in carrying[0]["content"].splitlines() if "🔓 Choix d'Alice" in line)
    assert refused.salt in reveal and "✅" not in reveal and "pas publiée dans le fil à temps" in reveal
    while live.rec.status == "active":
        await table.play_turn(("Alice", "Bob")[min(live.to_act())], live, rng)
    answer = private_text(await table.slash("Eve", "partie", "verifier", partie=live.id))
    assert (
        f"Publiés en retard, le fil ayant refusé le message de leur coup : les scellés du coup n° {refused.seq}"
        in answer
    )


async def _as_saved_before_the_chain(table: Table, live: Any) -> None:
    """The rows a match saved before the chain has: no chain value in its steps, nothing posted."""
    await tamper(table.service.store, "UPDATE log SET meta='{}' WHERE match_id=?", live.id)
    await tamper(table.service.store, "DELETE FROM published WHERE match_id=?", live.id)


async def test_a_match_saved_before_the_chain_verifies_its_digests_and_says_against_what(table: Table) -> None:
    live = await _finished(table)
    await _as_saved_before_the_chain(table, live)
    answer = private_text(await table.slash("Eve", "partie", "verifier", partie=live.id))
    n = len(await table.service.store.commitments(live.id))
    assert answer.startswith(f"✅ Partie `{live.id}` : {n} empreintes vérifiées, contre la base de données seulement")


async def test_a_match_in_play_before_the_chain_chains_its_whole_log_from_then_on(table: Table) -> None:
    live = await started_match(table)
    rng = Rng(11)
    for _ in range(3):
        await table.play_turn(("Alice", "Bob")[min(live.to_act())], live, rng)
    await _as_saved_before_the_chain(table, live)
    await table.service._reread(live)  # read again from its rows, as after an upgrade
    assert live.chain is None
    while live.rec.status == "active":
        await table.play_turn(("Alice", "Bob")[min(live.to_act())], live, rng)
    report = await table.service.fairness(live.id)
    assert report.ok and report.chained and report.posted >= 2 and report.mismatched == []
    first = min(row.seq for row in await table.service.store.published(live.id))
    assert first >= 3  # only steps after the upgrade were posted with a chain, over the whole log
