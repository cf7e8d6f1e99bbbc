"""Fixtures for the rules reference tests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

#: The rules documents live next to the repository (``../shared/seeds``); CI has them.
SEEDS_DIR = Path(os.environ.get("TAVERNIER_SEEDS", Path(__file__).resolve().parents[2].parent / "shared" / "seeds"))


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    if not (SEEDS_DIR / "README.md").exists():
        pytest.skip(f"rules documents not found in {SEEDS_DIR}")
    return SEEDS_DIR
