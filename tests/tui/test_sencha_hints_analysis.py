"""Hints and the post-game analysis on a Sencha game (game-neutral code reached through the
registry; Sencha's screens may still be the fallback's)."""

from __future__ import annotations

from pathlib import Path

from ai.base import Budget
from core.rng import Rng
from core.setup import make_game, new_setup
from saves import LoadedGame
from tea_tui.analysis import analyse_game, format_report
from tea_tui.hints import Hinter
from tea_tui.persist import SaveKeeper
from tea_tui.session import GameSession
from tests.tui.pilot_tools import store_in

SEATS = ("human@Ann", "random@Bo")


def sencha_session(moves: int = 50) -> GameSession:
    """A Sencha game of ``moves`` random moves from deal 6."""
    game = make_game(new_setup(list(SEATS), game="sencha"))
    session = GameSession.new(game, SEATS, 6)
    rng = Rng.from_seed(6)
    while len(session.moves) < moves and not session.state.is_over():
        session.apply(rng.choice(list(session.legal_moves())))
    return session


def test_a_hint_on_a_sencha_decision() -> None:
    """The hint names legal moves, most visited first, with win chances in 0..1."""
    session = sencha_session(30)
    while len(session.legal_moves()) < 2:
        session.apply(session.legal_moves()[0])
    seat = session.state.current_seat()
    assert seat is not None
    legal = tuple(session.legal_moves())
    hinter = Hinter(session.game, Budget(iterations=60), processes=False)
    try:
        result = hinter.find(session.state.observation(seat), legal, seed=3)
    finally:
        hinter.close()
    assert result.iterations == 60 and result.suggestions
    assert all(s.move in legal and 0.0 <= s.chance <= 1.0 for s in result.suggestions)
    visits = [s.visits for s in result.suggestions]
    assert visits == sorted(visits, reverse=True)


def test_the_analysis_of_a_saved_sencha_game(tmp_path: Path) -> None:
    """A saved Sencha game is analysed decision by decision for the person's seat, and the
    report names the game and words every move."""
    session = sencha_session()
    SaveKeeper(store_in(tmp_path)).save(session, "sen")
    loaded: LoadedGame = store_in(tmp_path).load("sen")
    report = analyse_game(loaded, iterations=20)
    assert report.game == "Sencha" and report.decisions
    assert {d.seat for d in report.decisions} == {0}
    assert all(d.played and d.best for d in report.decisions)
    assert report.spread is not None and report.spread > 0
    text = format_report(report, 3)
    assert "Sencha" in text and "Ann" in text
