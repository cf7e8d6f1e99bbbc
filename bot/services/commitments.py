"""Commitments for hidden choices: publish a hash when the choice is locked, the choice at reveal.

digest = SHA-256 of "<match>:<seq>:<salt>:<canonical JSON of the action>". The salt (128 random
bits) stops anyone from guessing the choice from the hash; publishing salt and JSON at the reveal
lets every player recompute the digest, so nobody, the bot included, can change a locked choice.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(match_id: str, seq: int, salt: str, payload: str) -> str:
    return hashlib.sha256(f"{match_id}:{seq}:{salt}:{payload}".encode()).hexdigest()


def commit(match_id: str, seq: int, value: Any) -> tuple[str, str, str]:
    """Return (digest, salt, payload) for a hidden value (an answer's action, a deck's order)."""
    salt = secrets.token_hex(16)
    payload = canonical(value)
    return digest(match_id, seq, salt, payload), salt, payload


def verify(match_id: str, seq: int, salt: str, payload: str, expected: str) -> bool:
    return secrets.compare_digest(digest(match_id, seq, salt, payload), expected)


# -- the chain: what the thread was shown, step by step ----------------------------------------------


def step_content(seq: int, kind: str, seat: int | None, events: list[dict[str, Any]], sealed: list[Any]) -> str:
    """What one step showed the table, canonical: its number, kind and seat, its public events, and the
    digests it sealed (seat, label, digest). Never a hidden value: a hash of a small hidden choice could
    be found by trying every choice, so hidden values enter the chain only through their salted digests."""
    shown = [e for e in events if e.get("to") is None]
    seals = sorted([c.seat, c.label, c.digest] for c in sealed)
    return canonical({"seq": seq, "kind": kind, "seat": seat, "events": shown, "sealed": seals})


def chain_link(previous: str, content: str) -> str:
    """The chain's value after a step: SHA-256 of "<previous value>:<step content>"; before the first
    step the previous value is the match id."""
    return hashlib.sha256(f"{previous}:{content}".encode()).hexdigest()


def chain_of(match_id: str, entries: list[Any], sealed: list[Any]) -> dict[int, str]:
    """The chain's value after every step of a log (rows with seq, kind, seat, events), in order."""
    by_seq: dict[int, list[Any]] = {}
    for c in sealed:
        by_seq.setdefault(c.seq, []).append(c)
    out: dict[int, str] = {}
    value = match_id
    for e in entries:
        value = chain_link(value, step_content(e.seq, e.kind, e.seat, e.events, by_seq.get(e.seq, [])))
        out[e.seq] = value
    return out
