"""Saved games in the app, driven by Pilot: the load list (unreadable files included), saving
from the game, the replay viewer, hints, confirmations and the end screen."""

from __future__ import annotations

import os
from pathlib import Path

from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import ContentSwitcher, DataTable, Input, Sparkline, Static

from ai.base import Budget
from core.tea_garden import moves as mv
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.state import DecreeInPlay
from saves import SaveStore
from tea_tui.app import TeaApp, make_app, make_title_app
from tea_tui.games.tea_garden.layout import NO_COURT
from tea_tui.games.tea_garden.widgets.noble_court import NobleCourt, PuerhCakes
from tea_tui.persist import SaveKeeper, rebuild, session_from_save
from tea_tui.screens.end import EndScreen
from tea_tui.screens.game import GameScreen
from tea_tui.screens.hint import HintScreen
from tea_tui.screens.modals import ConfirmScreen, NameScreen
from tea_tui.screens.new_game import NewGameScreen
from tea_tui.screens.replay import ReplayScreen
from tea_tui.screens.saves_list import SavesScreen
from tea_tui.settings import Settings, save_settings, settings_path
from tea_tui.widgets.glyphs import seat_glyph
from tests.tui.pilot_tools import autosaved, pilot_test, played, store_in, until

BROKEN = b'{"format": "tea-tui-save", "forma'


def with_saves(base: Path) -> SaveStore:
    """A finished game, a game in progress and a broken file under ``base``."""
    store = store_in(base)
    keeper = SaveKeeper(store)
    keeper.save(played(to_end=True, seed=3), "finished")
    keeper.save(played(moves=60, seed=4), "midway")
    broken = base / "saves" / "broken.json"
    broken.write_bytes(BROKEN)
    os.utime(broken, (1_772_000_000, 1_772_000_000))
    return store


def saves_screen(app: TeaApp) -> SavesScreen:
    assert isinstance(app.screen, SavesScreen), app.screen
    return app.screen


# --- the load screen ----------------------------------------------------------------------------


@pilot_test
async def test_load_list_shows_metadata_and_unreadable_files_with_the_reason(
    tmp_path: Path,
) -> None:
    """Every save with how far it came in the game's words ("finished" once over), its
    scores; the broken one with why."""
    store = with_saves(tmp_path)
    app = make_title_app(data_dir=tmp_path, processes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, SavesScreen) and app.screen.entries)
        screen = saves_screen(app)
        table = screen.query_one(DataTable)
        names = [e.name for e in screen.entries]
        assert sorted(names) == ["broken", "finished", "midway"]
        rows = {e.name: [str(c) for c in table.get_row(e.name)] for e in screen.entries}
        assert [str(c.label) for c in table.columns.values()][2] == "Progress"
        assert rows["finished"][2] == "finished"
        midway = store.load("midway").meta
        assert rows["midway"][2] == f"Round {midway.round} of 5" and midway.round >= 1
        assert len(rows["midway"][3].split()) == 2
        assert rows["broken"][2] == "UNREADABLE"
        table.move_cursor(row=names.index("broken"))
        await pilot.pause()
        detail = str(screen.query_one("#saves-detail").render())
        assert "Cannot be read" in detail and "not valid JSON" in detail
        await pilot.press("enter")  # cannot be opened: says why
        assert any("cannot be read" in n.message for n in app._notifications)
        table.move_cursor(row=names.index("midway"))
        await pilot.pause()
        assert "Ann" in str(screen.query_one("#saves-detail").render())


@pilot_test
async def test_load_opens_a_save_to_play_on(tmp_path: Path) -> None:
    """saves-open: Enter on a save resumes it on the game screen."""
    store = with_saves(tmp_path)
    app = make_title_app(data_dir=tmp_path, processes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, SavesScreen) and app.screen.entries)
        screen = saves_screen(app)
        screen.query_one(DataTable).move_cursor(
            row=[e.name for e in screen.entries].index("midway")
        )
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        session = app.screen.session  # type: ignore[attr-defined]
        assert len(session.moves) >= 60 and session.save_name == "midway"
    midway = store.read("midway").moves
    assert store.read("autosave").moves[: len(midway)] == midway


@pilot_test
async def test_load_screen_deletes_and_exports(tmp_path: Path) -> None:
    """saves-delete asks, then moves the save to the trash; saves-export copies it."""
    store = with_saves(tmp_path)
    app = make_title_app(data_dir=tmp_path / "data", processes=False)
    app.data_dir = tmp_path
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, SavesScreen) and app.screen.entries)
        screen = saves_screen(app)
        screen.query_one(DataTable).move_cursor(
            row=[e.name for e in screen.entries].index("finished")
        )
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, NameScreen))
        app.screen.query_one(Input).value = str(tmp_path / "shared.json")
        await pilot.press("enter")
        await until(pilot, lambda: (tmp_path / "shared.json").exists())
        assert (tmp_path / "shared.json").read_bytes() == store.path_of("finished").read_bytes()
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await until(pilot, lambda: "finished" not in [e.name for e in saves_screen(app).entries])
    assert not store.exists("finished") and list(store.paths.trash_dir.iterdir())


# --- saving from the game ---------------------------------------------------------------------


@pilot_test
async def test_save_and_save_as_from_the_game(tmp_path: Path) -> None:
    """save / save-as: S asks for a name the first time, then saves under it; A asks again."""
    app = make_app(
        2, ["human", "random"], 2, pace=0, processes=False, data_dir=tmp_path, autosave=True
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("S")
        await until(pilot, lambda: isinstance(app.screen, NameScreen))
        app.screen.query_one(Input).value = "first try"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("p")
        await pilot.press("S")  # saved under its name, no question
        await pilot.pause()
        await pilot.press("A")
        await until(pilot, lambda: isinstance(app.screen, NameScreen))
        app.screen.query_one(Input).value = "first try"
        await pilot.press("enter")  # taken: asks before replacing
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("n")
    store = store_in(tmp_path)
    assert store.read("first try").moves[0] == "pass"
    assert store.read("autosave").moves[0] == "pass"


@pilot_test
async def test_a_new_game_keeps_the_previous_autosave(tmp_path: Path) -> None:
    """Starting a game never loses the one in the autosave slot: it becomes a named save."""
    old = played(moves=25, seed=8)
    autosaved(tmp_path, old)
    app = make_app(
        2, ["human", "random"], 2, pace=0, processes=False, data_dir=tmp_path, autosave=True
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert any("kept as the save" in n.message for n in app._notifications)
    store = store_in(tmp_path)
    kept = [e for e in store.list_saves() if e.name.startswith("game ")]
    assert len(kept) == 1 and kept[0].save is not None and kept[0].save.seed == 8


@pilot_test
async def test_pass_asks_first_when_confirmations_are_on(tmp_path: Path) -> None:
    """Confirmations: passing asks; n keeps the turn, y passes."""
    path = settings_path(tmp_path)
    save_settings(Settings(confirm=True), path)
    app = make_app(2, ["human", "random"], 2, pace=0, processes=False, settings_file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        assert isinstance(game, GameScreen)
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("n")
        assert game.session.moves == []
        await pilot.press("p", "y")
        await until(pilot, lambda: bool(game.session.moves))
        assert game.session.moves[0] == mv.Pass()


# --- hints ------------------------------------------------------------------------------------


@pilot_test
async def test_hint_shows_three_moves_is_logged_saved_and_playable(tmp_path: Path) -> None:
    """hint: H runs a small search off the event loop; the answer is logged and saved, and
    1 plays the best move."""
    app = make_app(
        2, ["human@Ann", "random"], 2, pace=0, processes=False, data_dir=tmp_path, autosave=True
    )
    app.hint_budget = Budget(iterations=30)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen
        assert isinstance(game, GameScreen)
        await pilot.press("H")
        await until(pilot, lambda: isinstance(app.screen, HintScreen) and app.screen.result)
        hint = app.screen
        assert isinstance(hint, HintScreen) and hint.result is not None
        assert 1 <= len(hint.result.suggestions) <= 3
        text = str(hint.query_one("#hint-moves").render())
        assert "% win chance" in text
        best = hint.result.suggestions[0].move
        await pilot.press("1")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        session = game.session
        if isinstance(best, mv.Select):  # a card is ticked, and Enter plays it on top
            assert game.selection == {best.card} and not session.moves
            await pilot.press("enter")
            await pilot.pause()
        assert session.moves[0] == best
        assert session.hints and session.hints[0].moves[0] == best
        assert any(e.hint and "Ann asked for a hint" in e.text for e in session.log)
    notes = store_in(tmp_path).read("autosave").game_notes
    assert notes.hints and notes.hints[0].at == 0 and notes.hints[0].moves[0] == str(best)


def test_hints_come_back_with_a_loaded_game(tmp_path: Path) -> None:
    """A save's hints return to the log at the move where they were asked."""
    session = played(moves=10)
    seat = session.current_seat
    assert seat is not None
    session.add_hint(seat, [session.legal_moves()[0]], [0.5], "Ann asked for a hint: x")
    SaveKeeper(store_in(tmp_path)).save(session, "hinted")
    loaded = store_in(tmp_path).load("hinted")
    back = session_from_save(loaded).session
    assert [h.at for h in back.hints] == [10]
    assert [e.text for e in back.log if e.hint] == [
        f"{back.names[seat]} asked for a hint: 1. " + e.text.split(": 1. ")[1]
        for e in back.log
        if e.hint
    ]
    assert back.log.index(next(e for e in back.log if e.hint)) == len(back.log) - 1


@pilot_test
async def test_escape_stops_a_hint_and_records_nothing() -> None:
    """hint-close: Esc while the search runs closes without a hint in the log."""
    app = make_app(2, ["human", "random"], 2, pace=0, processes=False)
    app.hint_budget = Budget(iterations=100_000, seconds=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("H")
        await until(pilot, lambda: isinstance(app.screen, HintScreen))
        await pilot.pause(0.2)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert not app.screen.session.hints  # type: ignore[attr-defined]


# --- the replay viewer ------------------------------------------------------------------------


@pilot_test
async def test_replay_steps_and_jumps_with_the_log_in_step(tmp_path: Path) -> None:
    """replay-back/forward/start/end/round-*: the board and the log follow the move shown."""
    store = with_saves(tmp_path)
    app = TeaApp(replay=store.load("finished"), data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        total = len(screen.replay)
        log = screen.query_one("#replay-log")
        assert screen.index == total and "the end" in str(
            screen.query_one("#replay-position").render()
        )
        at_end = len(log.shown)  # type: ignore[attr-defined]
        await pilot.press("home")
        assert screen.index == 0 and len(log.shown) < at_end  # type: ignore[attr-defined]
        assert "Move 0/" in str(screen.query_one("#replay-position").render())
        await pilot.press("right", "right", "right")
        assert screen.index == 3
        await pilot.press("left")
        assert screen.index == 2
        await pilot.press("pagedown")
        assert screen.rounds[screen.index] == 2 and screen.rounds[screen.index - 1] == 1
        assert "round 2/5" in str(screen.query_one("#replay-position").render())
        assert any("Round 2" in e.text for e in log.shown)  # type: ignore[attr-defined]
        await pilot.press("pageup")
        assert screen.rounds[screen.index] == 1
        await pilot.press("end")
        assert screen.index == total
        await pilot.press("v")
        assert screen.pinned == 0
        await pilot.press("t")
        assert screen.panel == "tracks"
        await pilot.press("escape")
    assert app.return_code == 0


@pilot_test
async def test_replay_from_the_saves_list_and_back(tmp_path: Path) -> None:
    """saves-replay: v opens the viewer; Esc comes back to the list."""
    with_saves(tmp_path)
    app = make_title_app(data_dir=tmp_path, processes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, SavesScreen) and app.screen.entries)
        screen = saves_screen(app)
        screen.query_one(DataTable).move_cursor(
            row=[e.name for e in screen.entries].index("midway")
        )
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert app.screen.index == 60  # type: ignore[attr-defined]
        await pilot.press("escape")
        assert isinstance(app.screen, SavesScreen)


def drawn(widget: Widget) -> str:
    """The text a mounted widget draws on screen."""
    width, height = widget.size
    return "\n".join(s.text for s in widget.render_lines(Region(0, 0, width, height)))


FaceUp = tuple[list[str], list[list[int]], list[str], list[str], list[DecreeInPlay]]


def face_up(state: TeaGardenState | TeaGardenObservation) -> FaceUp:
    """What everyone sees of the Noble Court: Halls, Courtiers, Market, Storage, Decrees."""
    court = state.board.court
    assert court is not None
    return court.halls, court.occupancy, court.market, court.storage, court.decrees


@pilot_test
async def test_replay_shows_the_noble_court_of_an_expansion_game(tmp_path: Path) -> None:
    """replay-panel-court: r shows the Noble Court and the Puerh cakes; stepping redraws them
    from the position shown."""
    store = store_in(tmp_path)
    SaveKeeper(store).save(played(moves=60, seed=5, puerh=True), "court")
    app = TeaApp(replay=store.load("court"), data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert "r Court" in str(screen.query_one("#replay-tabs", Static).render())
        states = [screen.replay.state_at(i) for i in range(len(screen.replay) + 1)]
        courts = [face_up(state) for state in states if isinstance(state, TeaGardenState)]
        assert len(courts) == len(states)
        placed = next(i for i, c in enumerate(courts) if any(s >= 0 for row in c[1] for s in row))
        await pilot.press("home", "r")
        assert screen.panel == "court"
        assert screen.query_one("#replay-panels", ContentSwitcher).current == "rpanel-court"
        court = screen.query_one("#noble-court", NobleCourt)
        cakes = screen.query_one("#puerh-cakes", PuerhCakes)
        assert court.view is not None and face_up(court.view) == courts[0]
        assert cakes.view is court.view
        assert "Noble Court" in drawn(court) and "Puerh cakes" in drawn(cakes)
        await pilot.press(*["right"] * placed)
        assert screen.index == placed
        assert face_up(court.view) == courts[placed] != courts[0]
        assert court.view.seat == screen.view_seat and cakes.view is court.view
        spaces = screen.session.ctx.components.court.hall_spaces  # type: ignore[union-attr]
        occupied = {
            f"{v}{seat_glyph(s)}"
            for row in courts[placed][1]
            for v, s in zip(spaces, row, strict=True)
            if s >= 0
        }
        assert occupied and all(mark in drawn(court) for mark in occupied)
        await pilot.press("v")  # pinned to seat 1: its view of the same position
        assert court.view.seat == 0 and face_up(court.view) == courts[placed]


@pilot_test
async def test_replay_of_a_base_game_has_no_court(tmp_path: Path) -> None:
    """Without the expansion the tabs leave the Court out and r only says why."""
    store = with_saves(tmp_path)
    app = TeaApp(replay=store.load("finished"), data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert "Court" not in str(screen.query_one("#replay-tabs", Static).render())
        await pilot.press("r")
        assert screen.panel == "map" and not screen.query("#rpanel-court")
        assert [n.message for n in app._notifications] == [NO_COURT]


def test_replay_log_marks_match_a_played_game() -> None:
    """After i moves the replay shows exactly the log the game had after i moves."""
    session = played(moves=50)
    rebuilt = rebuild(session.game, session.seed, session.seats, session.moves, names=session.names)
    assert rebuilt.session.log == session.log
    assert rebuilt.marks[-1] == len(session.log) and rebuilt.marks[0] < rebuilt.marks[10]


# --- the end screen ---------------------------------------------------------------------------


@pilot_test
async def test_end_screen_sparklines_rematch_and_replay(tmp_path: Path) -> None:
    """A sparkline of every seat's score by round; end-rematch and end-replay."""
    session = played(to_end=True, seed=6)
    app = make_app(session=session, pace=0, processes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        end = app.screen
        assert isinstance(end, EndScreen)
        sparks = list(end.query(Sparkline))
        assert len(sparks) == 2
        assert len(end.by_round) == 6 and end.by_round[-1] == session.outcome().scores
        assert list(sparks[0].data or [])[-1] == max(session.outcome().scores)
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("escape")
        assert isinstance(app.screen, EndScreen)
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        assert form.query_one("#new-seed", Input).value == str(session.seed)
        assert form.query_one("#name-0", Input).value == "Ann"
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        again = app.screen.session  # type: ignore[attr-defined]
        assert again is not session and again.seed == session.seed
        assert again.names == session.names and again.seats == session.seats
