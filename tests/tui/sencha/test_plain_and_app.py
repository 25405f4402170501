"""A whole Sencha game in plain mode and in the app against an AI, played by keys as a person
would: the first item the decision panel offers, sub-menus included; the game is saved, the
log tells the draws and the end screen follows."""

from __future__ import annotations

import io
from pathlib import Path

from core.sencha import moves as mv
from saves import SavePaths, SaveStore
from tea_tui.games.sencha import UI
from tea_tui.persist import SaveKeeper
from tea_tui.plain import PlainGame
from tests.tui.pilot_tools import pilot_test, until
from tests.tui.sencha.helpers import first_choice, menu_of, sencha


class KeysOfTheMenu(io.StringIO):
    """Standard input that answers like a person reading the menu: first a look and me, then
    the key of the first item that can be chosen (opening sub-menus as they come)."""

    def __init__(self) -> None:
        super().__init__()
        self.game: PlainGame | None = None
        self.asked = 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        assert self.game is not None
        self.asked += 1
        if self.asked == 1:
            return "look\n"
        if self.asked == 2:
            return "me\n"
        item = first_choice(menu_of(self.game.session, self.game.submenu))
        return f"{item.key}\n"


def test_a_whole_plain_game_against_mcts(tmp_path: Path) -> None:
    session = sencha(("human@Ann", "mcts:iters=20@Bo"), seed=11)
    store = SaveStore(SavePaths.under(tmp_path))
    out = io.StringIO()
    stdin = KeysOfTheMenu()
    game = PlainGame(session, stdin=stdin, stdout=out, keeper=SaveKeeper(store), confirm=False)
    stdin.game = game
    assert game.ui is UI
    assert game.run() == 0
    text = out.getvalue()
    assert "Sencha, plain mode. Seed 11." in text
    assert "Plantations:" in text and "The Emperor asks" in text and "Workers:" in text
    assert not set(text) & set("●▲■◆○·━"), "plain mode says the table in words, not glyphs"
    assert "drawn onto" in text
    assert "Card 1 of 7" in text and "Ann to move" in text
    assert "Final scores:" in text and ("wins" in text or "share the victory" in text)
    assert session.is_over()
    saved = store.resume()
    assert saved is not None and saved.meta.finished
    assert [str(m) for m in saved.replay.moves] == [str(m) for m in session.moves]


@pilot_test
async def test_a_whole_app_game_against_mcts(tmp_path: Path) -> None:
    from tea_tui.app import TeaApp
    from tea_tui.screens.end import EndScreen
    from tea_tui.screens.game import GameScreen

    session = sencha(("human@Ann", "mcts:iters=20@Bo"), seed=12)
    app = TeaApp(session, data_dir=tmp_path, autosave=True, processes=False, pace=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.ui is UI
        for key in ("m", "o", "l", "b"):  # every panel opens
            await pilot.press(key)
            assert screen.panel == {"m": "market", "o": "players", "l": "log", "b": "board"}[key]
        undone = False
        for _ in range(3000):
            if session.is_over() or not isinstance(app.screen, GameScreen):
                break
            if not session.human_to_move or screen.menu.kind == "wait":
                await pilot.pause(0.02)
                continue
            if not undone and session.state.pub.turn.phase == "action":
                collect = next((it for it in screen.menu.items if it.key == "4"), None)
                if collect is not None and collect.enabled:
                    await pilot.press("4")  # Collect, then take it back: nothing came out
                    await until(pilot, lambda: session.state.pub.turn.phase == "collect")
                    await pilot.press("escape")
                    await until(pilot, lambda: session.state.pub.turn.phase == "action")
                    undone = True
                    continue
            before = (len(session.moves), screen.submenu)
            await pilot.press(first_choice(screen.menu).key)

            def moved(b: tuple[int, str] = before) -> bool:
                return (len(session.moves), screen.submenu) != b

            await until(pilot, moved)
        assert undone, (type(app.screen).__name__, len(session.moves), session.is_over())
        await until(pilot, lambda: session.is_over(), limit=120)
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        await until(pilot, lambda: bool(app.screen.query("#end-scores")))
        await pilot.pause(0.1)
    assert any(isinstance(m, mv.Sell) for m in session.moves)
    text = "\n".join(e.text for e in session.log)
    assert "drawn onto" in text and "Tea Market card 2 of 7" in text
    saved = SaveStore(SavePaths.under(tmp_path)).resume()
    assert saved is not None and saved.meta.finished


def test_a_plain_sencha_game_runs_without_the_ui_toolkit(tmp_path: Path) -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from tea_tui.cli import main\n"
        "status = main(['new', '--game', 'sencha', '--seat', 'human', '--seat', 'random',"
        f" '--seed', '3', '--plain', '--data-dir', {str(tmp_path)!r}])\n"
        "print('toolkit', 'textual' in sys.modules or 'rich' in sys.modules, status)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        input="look\nme\n1\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert "Plantations:" in done.stdout and "Workers:" in done.stdout
    assert done.stdout.strip().endswith("toolkit False 0"), done.stdout[-400:] + done.stderr
