"""Every registered game plays in plain mode and in the app through the game-neutral shell: with
its own UI package where it has one, and through the fallback that lists its legal moves in words
(:data:`tea_tui.game_ui.FALLBACK`), which any game can use; the game is autosaved as it goes."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from core.games import all_games, find_game
from core.setup import new_setup
from saves import SavePaths, SaveStore
from tea_tui.game_ui import FALLBACK, ui_for
from tea_tui.layout import FALLBACK_LAYOUT
from tea_tui.persist import SaveKeeper
from tea_tui.plain import PlainGame
from tea_tui.session import GameSession
from tests.tui.pilot_tools import pilot_test, until

GAME_IDS = [g.id for g in all_games()]


class FirstMove(io.StringIO):
    """Standard input that always answers 1 (the first item of the menu)."""

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        return "1\n"


def _session(game_id: str, seats: list[str], seed: int) -> GameSession:
    return GameSession.start(new_setup(seats, game=game_id), seed)


def test_a_game_without_a_ui_package_gets_the_fallback() -> None:
    assert ui_for("tasting") is FALLBACK
    assert ui_for("tea_garden") is not FALLBACK


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_plain_game_through_the_fallback(game_id: str, tmp_path: Path) -> None:
    info = find_game(game_id)
    seats = ["human"] + ["random"] * (info.min_seats - 1)
    session = _session(game_id, seats, seed=8)
    store = SaveStore(SavePaths.under(tmp_path))
    out = io.StringIO()
    game = PlainGame(
        session, stdin=FirstMove(), stdout=out, keeper=SaveKeeper(store), confirm=False, ui=FALLBACK
    )
    assert game.run() == 0
    text = out.getvalue()
    assert f"{info.name}, plain mode. Seed 8." in text
    assert "  1 " in text or "  1. " in text
    assert "Final scores:" in text and ("wins" in text or "share the victory" in text)
    assert session.is_over()
    saved = store.resume()
    assert saved is not None and saved.meta.finished
    assert [str(m) for m in saved.replay.moves] == [str(m) for m in session.moves]


def test_bad_input_in_the_fallback_changes_nothing(tmp_path: Path) -> None:
    session = _session("tasting", ["human", "random"], seed=2)
    out = io.StringIO()
    lines = io.StringIO("9\nplay 99\nfrobnicate\nscores\nquit\ny\n")
    game = PlainGame(session, stdin=lines, stdout=out, confirm=False)
    assert game.run() == 0
    text = out.getvalue()
    assert session.moves == []
    assert text.count("is not one of the keys (1, 2, 3)") == 2
    assert "One key at a time here" in text
    assert "Points if the game ended now:" in text and "Seat 2: total 0" in text


@pytest.mark.parametrize("game_id", GAME_IDS)
@pilot_test
async def test_an_app_game_through_the_fallback(
    game_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tea_tui.app import TeaApp
    from tea_tui.screens.end import EndScreen
    from tea_tui.screens.game import GameScreen, screen_with

    info = find_game(game_id)
    human = info.id == "tasting"  # a person plays the short game; AIs play the long one
    seats = (["human"] if human else ["random"]) + ["random"] * (info.min_seats - 1)
    session = _session(game_id, seats, seed=5)
    app = TeaApp(session, data_dir=tmp_path, autosave=True, processes=False, pace=0.0)
    kind = screen_with(FALLBACK, FALLBACK_LAYOUT)
    monkeypatch.setattr("tea_tui.screens.game.game_screen", lambda _: kind)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen | EndScreen))
        assert isinstance(app.screen, GameScreen) and app.screen.ui is FALLBACK
        for _ in range(4000):
            if session.is_over():
                break
            if session.human_to_move:
                await pilot.press("1")
            await pilot.pause(0.01)
        await until(pilot, lambda: session.is_over(), limit=120)
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        await until(pilot, lambda: bool(app.screen.query("#end-scores")))
        await pilot.pause(0.2)
    saved = SaveStore(SavePaths.under(tmp_path)).resume()
    assert saved is not None and saved.meta.finished


def test_a_saved_game_without_screens_goes_on_from_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tea_tui.cli import main

    argv = ["new", "--game", "tasting", "--seat", "human", "--seat", "random", "--seed", "4"]
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    assert main([*argv, "--plain", "--data-dir", str(tmp_path)]) == 0
    first = SaveStore(SavePaths.under(tmp_path)).resume()
    assert first is not None and len(first.replay) == 2 and not first.meta.finished
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\n"))
    assert main(["continue", "--plain", "--data-dir", str(tmp_path)]) == 0
    assert "points" in capsys.readouterr().out
    done = SaveStore(SavePaths.under(tmp_path)).resume()
    assert done is not None and done.meta.finished
    assert [str(m) for m in done.replay.moves[:2]] == [str(m) for m in first.replay.moves]


@pilot_test
async def test_the_app_opens_a_saved_game_without_screens(tmp_path: Path) -> None:
    from tea_tui.app import make_title_app
    from tea_tui.persist import to_save
    from tea_tui.screens.game import GameScreen

    session = _session("tasting", ["human", "random"], seed=6)
    session.apply(session.legal_moves()[0])
    store = SaveStore(SavePaths.under(tmp_path))
    store.autosave(to_save(store, session))
    app = make_title_app(data_dir=tmp_path, processes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_save("autosave")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.ui is FALLBACK
        assert [str(m) for m in screen.session.moves][:1] == [str(session.moves[0])]
        await until(pilot, lambda: screen.session.human_to_move or screen.session.is_over())
