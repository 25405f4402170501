"""Fixtures for the saves tests: a store in a temporary folder with a steady clock."""

from __future__ import annotations

from pathlib import Path

import pytest

from saves import SavePaths, SaveStore
from tests.saves.helpers import Clock


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    """An empty store under ``tmp_path/data`` whose clock ticks a second per reading."""
    return SaveStore(SavePaths.under(tmp_path / "data"), clock=Clock())
