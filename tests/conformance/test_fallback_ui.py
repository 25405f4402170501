"""Every registered game plays in plain mode and in the app through the fallback that lists its
legal moves in words, with no UI package of its own; the game is autosaved as it goes."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from core.games import all_games, find_game
from saves import SavePaths, SaveStore
from tea_tui.generic import GenericMatch
from tea_tui.plain.generic import play_generic_plain
from tests.tui.pilot_tools import pilot_test, until

GAME_IDS = [g.id for g in all_games()]


class FirstMove(io.StringIO):
    """Standard input that always answers 1 (the first legal move)."""

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        return "1\n"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_plain_game_through_the_fallback(game_id: str, tmp_path: Path) -> None:
    info = find_game(game_id)
    seats = ["human"] + ["random"] * (info.min_seats - 1)
    match = GenericMatch.new(game_id, seats, seed=8)
    store = SaveStore(SavePaths.under(tmp_path))
    out = io.StringIO()
    assert play_generic_plain(match, store=store, stdin=FirstMove(), stdout=out) == 0
    text = out.getvalue()
    assert f"{info.name}, plain mode. Seed 8." in text
    assert "  1. " in text and text.rstrip().endswith("points.")
    saved = store.resume()
    assert saved is not None and saved.meta.finished
    assert [str(m) for m in saved.replay.moves] == [str(m) for m in match.moves]


def test_bad_input_in_the_fallback_changes_nothing(tmp_path: Path) -> None:
    match = GenericMatch.new("tasting", ["human", "random"], seed=2)
    out = io.StringIO()
    lines = io.StringIO("9\nplay 99\nfrobnicate\nscores\nquit\n")
    assert play_generic_plain(match, stdin=lines, stdout=out) == 0
    text = out.getvalue()
    assert "the moves are numbered 1 to 3" in text
    assert text.count("Not a move now:") == 3
    assert match.moves == []


@pytest.mark.parametrize("game_id", GAME_IDS)
@pilot_test
async def test_an_app_game_through_the_fallback(game_id: str, tmp_path: Path) -> None:
    from tea_tui.screens.generic_game import GenericApp, GenericGameScreen

    info = find_game(game_id)
    human = info.id == "tasting"  # a person plays the short game; AIs play the long one
    seats = (["human"] if human else ["random"]) + ["random"] * (info.min_seats - 1)
    match = GenericMatch.new(game_id, seats, seed=5)
    store = SaveStore(SavePaths.under(tmp_path))
    app = GenericApp(match, store)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GenericGameScreen))
        for _ in range(4000):
            if match.to_move is None:
                break
            if match.human_to_move:
                await pilot.press("1")
            await pilot.pause(0.01)
        await until(pilot, lambda: match.to_move is None, limit=120)
        await pilot.pause(0.1)
        assert "wins" in str(app.screen.query_one("#generic-scores").render()) or "share" in str(
            app.screen.query_one("#generic-scores").render()
        )
        await pilot.press("q")
    saved = store.resume()
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
    assert capsys.readouterr().out.rstrip().endswith("points.")
    done = SaveStore(SavePaths.under(tmp_path)).resume()
    assert done is not None and done.meta.finished
    assert [str(m) for m in done.replay.moves[:2]] == [str(m) for m in first.replay.moves]


@pilot_test
async def test_the_app_opens_a_saved_game_without_screens(tmp_path: Path) -> None:
    from tea_tui.app import make_title_app
    from tea_tui.screens.generic_game import GenericGameScreen

    match = GenericMatch.new("tasting", ["human", "random"], seed=6)
    match.apply(match.legal_moves()[0])
    store = SaveStore(SavePaths.under(tmp_path))
    match.autosave(store)
    app = make_title_app(data_dir=tmp_path, processes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_save("autosave")
        await until(pilot, lambda: isinstance(app.screen, GenericGameScreen))
        screen = app.screen
        assert isinstance(screen, GenericGameScreen)
        assert [str(m) for m in screen.match.moves][:1] == [str(match.moves[0])]
        await until(pilot, lambda: screen.match.human_to_move or screen.match.to_move is None)
