"""`tea-tui new --game sencha`: house rules by --variant reach the saved setup; a wrong one is
named, with nothing started."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tea_tui.cli import main
from tests.tui.pilot_tools import store_in


def test_variants_reach_the_saved_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    argv = ["new", "--game", "sencha", "--seat", "human@Ann", "--seat", "random", "--seed", "5"]
    argv += ["--variant", "no_money_cap", "--variant", "initial_donkey", "--plain"]
    assert main([*argv, "--data-dir", str(tmp_path)]) == 0
    saved = store_in(tmp_path).resume()
    assert saved is not None
    assert saved.save.setup.options == {"money_cap": None, "initial_worker": "donkey"}
    assert saved.save.setup.game == "sencha"


def test_a_wrong_variant_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    argv = ["new", "--game", "sencha", "--seat", "human", "--seat", "random", "--plain"]
    for bad, words in (
        ("frobnicate", "unknown house rule 'frobnicate'"),
        ("initial_collector", "cannot both be on"),
    ):
        extra = ["--variant", "initial_donkey"] if bad == "initial_collector" else []
        status = main([*argv, *extra, "--variant", bad, "--data-dir", str(tmp_path)])
        assert status != 0
        assert words in capsys.readouterr().err
    assert store_in(tmp_path).resume() is None
