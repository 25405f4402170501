"""The post-game analysis of a Sencha save: the person's decisions, in the menu's words."""

from __future__ import annotations

from pathlib import Path

from tea_tui.analysis import analyse_game, format_report
from tea_tui.persist import SaveKeeper
from tests.tui.pilot_tools import store_in
from tests.tui.sencha.helpers import play_until, sencha


def test_the_analysis_reports_senchas_decisions_in_words(tmp_path: Path) -> None:
    s = play_until(sencha(("human@Ann", "random@Bo"), seed=5), lambda x: len(x.moves) >= 30)
    store = store_in(tmp_path)
    SaveKeeper(store).save(s, "mine")
    report = analyse_game(store.load("mine"), iterations=20)
    assert report.decisions and all(d.seat == 0 for d in report.decisions)
    text = format_report(report)
    assert "Sencha" in text and "Round" not in text
    words = {d.played for d in report.decisions} | {d.best for d in report.decisions}
    assert not any(w.startswith(("buy", "build ", "recruit ", "take ", "sale ")) for w in words)
