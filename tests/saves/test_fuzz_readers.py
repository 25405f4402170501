"""Every reader of saves, settings and components, fed arbitrary bytes and arbitrary JSON trees
(some of them a real save with a part replaced): only the project's own error classes ever
come out, and the file read is byte for byte what it was."""

from __future__ import annotations

import contextlib
import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.errors import ComponentError
from core.tea_garden.loader import load_components
from saves import SaveError, SavePaths, SaveStore, decode_save, encode_save
from tea_tui.settings import load_settings
from tests.saves.helpers import play, tasting_setup

_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
)
JSON_TREES = st.recursive(
    _LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=30,
)
FIELDS = [
    "format",
    "format_version",
    "app_version",
    "created",
    "updated",
    "meta",
    "setup",
    "seed",
    "state_sha256",
    "moves",
    "notes",
]


def _real_save() -> dict[str, Any]:
    state, moves = play(tasting_setup(), 7, 5)
    store = SaveStore(SavePaths.under("/nonexistent"))
    raw: dict[str, Any] = json.loads(encode_save(store.record(tasting_setup(), 7, moves, state)))
    return raw


REAL = _real_save()


def _deep(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def _every_reader(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        store = SaveStore(SavePaths.under(base / "data"))
        store.paths.saves_dir.mkdir(parents=True)
        store.paths.state_dir.mkdir(parents=True)
        target = store.paths.saves_dir / "fuzz.json"
        target.write_bytes(data)
        store.paths.autosave.write_bytes(data)
        with contextlib.suppress(SaveError):
            decode_save(data, target)
        for read in (
            lambda: store.load("fuzz"),
            lambda: store.load("fuzz", allow_mismatch=True),
            lambda: store.load_path(target),
            lambda: store.resume(),
            lambda: store.import_file(target, name="imported"),
        ):
            with contextlib.suppress(SaveError):
                read()
        store.list_saves()
        settings_file = base / "settings.json"
        settings_file.write_bytes(data)
        load_settings(settings_file)
        with contextlib.suppress(ComponentError):
            load_components(data.decode("utf-8", "replace"), "fuzz.toml")
        assert target.read_bytes() == data
        assert store.paths.autosave.read_bytes() == data
        assert settings_file.read_bytes() == data


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=600))
def test_arbitrary_bytes(data: bytes) -> None:
    _every_reader(data)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(JSON_TREES)
def test_arbitrary_json_trees(tree: Any) -> None:
    _every_reader(json.dumps(tree).encode())


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FIELDS), JSON_TREES)
def test_a_real_save_with_one_field_replaced(field: str, tree: Any) -> None:
    raw = dict(REAL)
    raw[field] = tree
    _every_reader(json.dumps(raw).encode())


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["meta", "setup", "notes"]), st.text(max_size=12), JSON_TREES)
def test_a_real_save_with_one_nested_field_replaced(part: str, key: str, tree: Any) -> None:
    raw = json.loads(json.dumps(REAL))
    node = raw.get(part)
    if not isinstance(node, dict):
        node = raw[part] = {}
    node[key or "x"] = tree
    _every_reader(json.dumps(raw).encode())


def test_nesting_deep_enough_to_break_a_recursive_reader() -> None:
    for depth in (600, 1_000, 5_000, 100_000):
        _every_reader(_deep(depth))
        _every_reader(b'{"format": "tea-tui-save", "format_version": ' + _deep(depth) + b"}")
    toml = "x = " + "[" * 5000 + "]" * 5000
    _every_reader(toml.encode())
