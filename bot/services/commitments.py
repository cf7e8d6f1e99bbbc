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
