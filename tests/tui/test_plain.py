"""The plain mode as a player meets it: whole conversations on scripted input, read back from
the printed lines (the test picks keys from the menus it is shown), the commands, autosave and
``continue --plain``, the end of a game, and the promise that no Textual is imported."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from ai.agents import make_agent
from saves import SavePaths, SaveStore
from tea_tui.ai_seats import ai_rng
from tea_tui.cli import main
from tea_tui.games.tea_garden.menu import Item, Menu, build_menu
from tea_tui.games.tea_garden.session import tea_game
from tea_tui.persist import SaveKeeper
from tea_tui.plain import PlainGame, run_plain, texts
from tea_tui.plain.texts import clean, item_line, keyed
from tea_tui.session import GameSession

ITEM = re.compile(r"^  (\S+)\. (.*)$")
"""A menu item as printed: two blanks, the key, a full stop, the label."""
STATUS = re.compile(r"^Round \d of 5, .+ to move, strength \d+\.")
Step = str | Callable[[str], str]
"""A line to type, or a function that picks it from everything printed so far."""


def menu_items(out: str) -> list[tuple[str, str]]:
    """The items (key, label) of the last menu printed."""
    lines = out.splitlines()
    starts = [i for i, line in enumerate(lines) if STATUS.match(line)]
    assert starts, "no menu printed yet"
    items = []
    for line in lines[starts[-1] :]:
        if line.startswith("> "):
            break
        match = ITEM.match(line)
        if match:
            items.append((match.group(1), match.group(2)))
    return items


def after_status(lines: list[str]) -> list[str]:
    """The lines after the last status (one line, or two in a narrow terminal)."""
    i = max(k for k, line in enumerate(lines) if STATUS.match(line)) + 1
    return lines[i + 1 :] if lines[i].startswith("Turns left:") else lines[i:]


def first(out: str) -> str:
    """Answer a yes/no question with yes, else choose the first choice that can be taken."""
    lines = out.splitlines()
    if len(lines) >= 2 and lines[-2].endswith("(y/n)"):
        return "y"
    if lines and lines[-1].startswith("Pass to"):
        return ""
    return next(key for key, label in menu_items(out) if "(not now:" not in label)


class Script(io.StringIO):
    """Standard input that types the steps one by one, then ends (end of file)."""

    def __init__(self, out: io.StringIO, steps: Sequence[Step]) -> None:
        super().__init__()
        self.out = out
        self.steps = list(steps)

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if not self.steps:
            return ""
        step = self.steps.pop(0)
        return (step if isinstance(step, str) else step(self.out.getvalue())) + "\n"


def converse(
    session: GameSession,
    steps: Sequence[Step],
    *,
    keeper: SaveKeeper | None = None,
    confirm: bool = True,
) -> tuple[int, str]:
    """Play ``steps`` into a plain game of ``session``; return the exit status and the text."""
    out = io.StringIO()
    game = PlainGame(session, stdin=Script(out, steps), stdout=out, keeper=keeper, confirm=confirm)
    return game.run(), out.getvalue()


def answer_to(out: str, typed: str) -> list[str]:
    """The lines printed in answer to the last time ``typed`` was typed (up to the next prompt)."""
    after = out[out.rindex(f"> {typed}\n") + len(typed) + 3 :]
    return after[: after.index("\n> ")].splitlines() if "\n> " in after else after.splitlines()


def new_session(
    seats: Sequence[str] = ("human", "random"),
    seed: int = 3,
    *,
    puerh: bool = False,
    start_seat: int | None = None,
) -> GameSession:
    game = tea_game(seats, puerh=puerh, start_seat=start_seat)
    return GameSession.new(game, seats, seed)


def advance(session: GameSession, until: Callable[[GameSession], bool], limit: int = 400) -> None:
    """Play on (a person's first choice, AI seats their own) until ``until`` holds."""
    agents = {
        i: (make_agent(spec, session.game), ai_rng(session.seed, i))
        for i, spec in enumerate(session.seats)
        if not spec.is_human
    }
    for _ in range(limit):
        if session.is_over() or (session.human_to_move and until(session)):
            return
        seat = session.current_seat
        assert seat is not None
        if seat in agents:
            player, rng = agents[seat]
            view = session.state.observation(seat)
            move = player.agent.choose(view, session.legal_moves(), player.budget, rng)
            session.apply(move)
            continue
        menu = build_menu(session.view(), session.legal_moves(), session.ctx)
        item = next(i for i in menu.items if i.enabled and i.moves)
        session.apply_step(item.moves)
    raise AssertionError("the position was never reached")


def store_at(base: Path) -> SaveStore:
    return SaveStore(SavePaths.under(base))


# --- a conversation ------------------------------------------------------------------------


def test_a_few_turns_against_random_by_the_printed_menus() -> None:
    session = new_session()
    status, out = converse(session, [first] * 30, confirm=True)
    assert status == 0
    assert "Seat 2 plays" in out and "Seat 2 ends the turn" in out  # the random seat's moves
    assert "Seat 1 plays" in out
    assert out.count("Round 1 of 5, Seat 1 to move") >= 5
    assert len(session.moves) > 20
    assert out.rstrip().endswith("End of input. This game was not saved.")


def test_every_log_line_is_printed_in_order() -> None:
    session = new_session()
    _, out = converse(session, [first] * 40)
    printed = [line.strip() for line in out.splitlines()]
    position = 0
    for entry in session.log:
        text = entry.text if not entry.header else entry.text + ("." if entry.seat < 0 else ":")
        position = printed.index(text, position) + 1  # ValueError if missing or out of order


def test_the_status_line_and_the_menu_with_reasons() -> None:
    session = new_session()
    _, out = converse(session, [])
    assert "Round 1 of 5, Seat 1 to move, strength 0." in out
    assert "Turns left: 4 for Seat 1, 3 for Seat 2." in out
    items = dict(menu_items(out))
    assert items["1"].startswith("Morning Pick (str 1")
    assert items["p"] == "Pass for the rest of the round"
    assert items["i"].endswith("(not now: needs 2 Emperor tokens (you have 0))")
    assert "Play cards:" in out and "Turn:" in out


def test_looking_changes_nothing() -> None:
    session = new_session()
    advance(session, lambda s: len(s.moves) > 25)
    moves, log = list(session.moves), len(session.log)
    steps = ["look", "me", "scores", "log 3", "log", "help", "menu", "", "/look map", "look x"]
    status, out = converse(session, steps)
    assert status == 0
    assert session.moves == moves and len(session.log) == log
    look = answer_to(out, "look")
    for heading in (
        "The map, Province by Province. Spaces say who built there, or free.",
        "River: each segment's bonus when the Boat arrives, and its VP at the end.",
        "Emperor track: what each row costs and gives; 10 VP at the top.",
        "Caravans (left in the deck: 4 basic, 15 advanced):",
        "Cup stacks, the top tile of each Province (left Cup, right Cup):",
        "The Noble Court is not in play.",
    ):
        assert heading in look or any(line.startswith(heading[:20]) for line in look), heading
    assert any(line.startswith("  Huangshan, quality 3: ") for line in look)
    assert any(line.startswith("Seat 1 (you): ") for line in look)
    assert any(line.startswith("Seat 2: ") for line in look)
    assert sum(line.startswith("  Hand, ") for line in look) == 1  # only the own hand is listed
    assert any(line.startswith("  Hand: ") and "cards" in line for line in look)
    me = answer_to(out, "me")
    assert me[0].startswith("Seat 1 (you): ") and any("Hand, " in line for line in me)
    scores = answer_to(out, "scores")
    assert scores[0] == "Points if the game ended now:"
    assert re.fullmatch(r"Seat 1: total \d+; .+\.", scores[1])
    assert re.fullmatch(r"Seat 2: total \d+; .+\.", scores[2])
    assert len(answer_to(out, "log 3")) == 3
    assert answer_to(out, "log 3") == [line for line in answer_to(out, "log")[-3:]]
    assert len(answer_to(out, "log")) == 10
    assert any("Commands are words" in line for line in answer_to(out, "help"))
    assert STATUS.match(answer_to(out, "menu")[1])
    assert answer_to(out, "/look map")[0].startswith("The map")
    assert answer_to(out, "look x") == [
        "look shows everything, or one of: map, tracks, cards, boards, court."
    ]


def test_bad_input_says_why_and_changes_nothing() -> None:
    session = new_session()
    status, out = converse(session, ["zz", "g", "1 1", "log x", "frobnicate", "/frobnicate", "i"])
    assert status == 0 and len(session.moves) == 5  # only Seat 2's first turn
    assert answer_to(out, "zz") == [
        "'zz' is not one of the keys (1, 2, 3, 4, p) or a command. Type help for more."
    ]
    assert answer_to(out, "g")[0].startswith("'g' is not one of the keys")
    assert answer_to(out, "1 1") == ["Card 1 is named twice."]
    assert answer_to(out, "log x") == ["log takes a number of lines, like log 5."]
    assert answer_to(out, "frobnicate")[0].startswith("'frobnicate' is not one of the keys")
    assert answer_to(out, "/frobnicate") == [
        "There is no command 'frobnicate'. Type help for the commands."
    ]
    assert answer_to(out, "i") == ["Not now: needs 2 Emperor tokens (you have 0)."]


def test_undo_takes_back_a_step_and_says_when_it_cannot() -> None:
    session = new_session()
    steps = ["undo", "1", "undo", "1", "f", "1", "undo", "undo", "undo", "undo"]
    status, out = converse(session, steps)
    assert status == 0
    assert answer_to(out, "undo") == ["Cannot undo: nothing left to undo this turn."]
    assert out.count("Step taken back.") == 4
    assert "Cannot undo: nothing to undo yet this turn." in out
    assert len(session.moves) == 5  # back to the start of Seat 1's turn


def test_playing_several_cards_at_once() -> None:
    session = new_session()
    _, out = converse(session, ["1 2"], confirm=False)
    assert "  Seat 1 plays Morning Pick and Clay Cup (strength 2), Clay Cup on top" in out
    assert "Round 1 of 5, Seat 1 to move, strength 2." in out


def test_a_key_opens_a_list_and_back_leaves_it() -> None:
    session = new_session()

    def has_list(s: GameSession) -> bool:
        menu = build_menu(s.view(), s.legal_moves(), s.ctx)
        return any(item.submenu and item.enabled for item in menu.items)

    advance(session, has_list)
    menu = build_menu(session.view(), session.legal_moves(), session.ctx)
    key = next(item.key for item in menu.items if item.submenu and item.enabled)
    moves = len(session.moves)
    status, out = converse(session, ["back", key, "back", key, first])
    assert status == 0
    assert answer_to(out, "back") != []
    first_back = out.index("> back\n")
    assert out[first_back:].startswith("> back\nThere is no list to go back from.")
    opened = after_status(answer_to(out, key))
    assert opened[-1] == "Type the key of a choice (a number or a letter), or back to return."
    assert all(ITEM.match(line) for line in opened[1:-1])
    back = after_status(answer_to(out, "back"))
    assert back[0] == menu.title.replace(" · ", "; ") + "."
    assert len(session.moves) > moves  # the last step chose from the list


def test_passing_asks_first() -> None:
    session = new_session()
    status, out = converse(session, ["p", "maybe", "n", "p", "y"])
    assert status == 0
    assert (
        "Pass for the rest of this round? You take no more turns until the next one. (y/n)" in out
    )
    assert "Please answer y or n." in out and "Nothing done." in out
    assert "  Seat 1 passes for the rest of the round" in out


def test_quit_asks_and_says_the_game_is_kept(tmp_path: Path) -> None:
    session = new_session()
    keeper = SaveKeeper(store_at(tmp_path))
    status, out = converse(session, ["quit", "n", "quit", "y", "1"], keeper=keeper)
    assert status == 0
    question = "Really quit? The game is saved: tea-tui continue --plain goes on with it. (y/n)"
    assert out.count(question) == 2 and "Playing on." in out
    assert out.rstrip().endswith(
        "Goodbye. The game is saved: tea-tui continue --plain goes on with it."
    )
    assert len(session.moves) == 5  # the "1" after quitting was never read


def test_save_by_name(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    session = new_session()
    status, out = converse(
        session, ["save", "save my game", "save my game", "y"], keeper=SaveKeeper(store)
    )
    assert status == 0
    assert answer_to(out, "save") == [
        "Give the save a name: save NAME (or save PATH/FILE.json for a file)."
    ]
    assert "Saved as 'my game'." in out
    assert store.exists("my game") and session.save_name == "my game"


def test_hot_seat_hands_over_between_people(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LINES", "30")
    session = new_session(("human@Ann", "human@Bo"), seed=4)
    status, out = converse(session, [first] * 40, confirm=False)
    assert status == 0
    lines = out.splitlines()
    passes = [i for i, line in enumerate(lines) if line.startswith("Pass to ")]
    assert [lines[i] for i in passes[:3]] == [
        "Pass to Ann, then press Enter.",
        "Pass to Bo, then press Enter.",
        "Pass to Ann, then press Enter.",
    ]
    assert lines[passes[0] - 1] == "Ann, turn 1:"  # nothing to hide at the start
    for i in passes[1:]:
        assert lines[i - 30 : i] == [""] * 30  # the last person's hand scrolls away
        assert STATUS.match(next(line for line in lines[i + 1 :] if line))  # then the menu


# --- autosave, the command line --------------------------------------------------------------


def test_autosave_and_continue_plain(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nf\n"))
    argv = ["new", "--plain", "--seat", "human", "--seat", "random", "--seed", "3", "--pace", "2"]
    assert main([*argv, "--data-dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert "End of input. The game is saved: tea-tui continue --plain goes on with it." in out
    assert "--seed 3 --plain" in err
    saved = store_at(tmp_path).resume()
    assert saved is not None and len(saved.replay.moves) == 8  # 5 of Seat 2, then 3 of ours
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["continue", "--plain", "--data-dir", str(tmp_path)]) == 0
    out, _ = capsys.readouterr()
    assert "Going on after 8 moves. The last lines of the log:" in out
    assert "  Seat 1 ferments as the main action (up to 1 leaf)" in out
    assert "Ferment up to 1 more fresh leaf." in out  # the decision left open
    resumed = store_at(tmp_path).resume()
    assert resumed is not None and len(resumed.replay.moves) == 8


def test_load_plain_and_the_environment_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tea_tui.app import TeaApp

    def no_app(self: TeaApp, **kw: object) -> None:
        raise AssertionError("the app must not start in plain mode")

    monkeypatch.setattr(TeaApp, "run", no_app)
    session = new_session()
    advance(session, lambda s: len(s.moves) > 12)
    SaveKeeper(store_at(tmp_path)).save(session, "mine")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["load", "mine", "--plain", "--data-dir", str(tmp_path)]) == 0
    assert f"Going on after {len(session.moves)} moves." in capsys.readouterr().out
    monkeypatch.setenv("TEA_TUI_PLAIN", "1")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["continue", "--data-dir", str(tmp_path)]) == 0
    assert "Tea Garden, plain mode." in capsys.readouterr().out


def test_replay_plain_tells_the_whole_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tea-tui replay NAME --plain` prints the log round by round, then the end (or that the
    game goes on), and never starts the app."""
    from tea_tui.app import TeaApp

    def no_app(self: TeaApp, **kw: object) -> None:
        raise AssertionError("the app must not start in plain mode")

    monkeypatch.setattr(TeaApp, "run", no_app)
    session = new_session()
    advance(session, lambda s: len(s.moves) > 12)
    SaveKeeper(store_at(tmp_path)).save(session, "story")
    assert main(["replay", "story", "--plain", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    moves = len(session.moves)
    assert out[0] == f"Tea Garden, seed {session.seed}: {', '.join(session.names)}; {moves} moves."
    body = [line for line in out[1:] if line]
    assert body[: len(session.log)] == [texts.log_text(e) for e in session.log]
    assert out[-1] == "The game is not over: tea-tui load NAME --plain plays it on."


def test_plain_mode_without_a_command_continues_or_starts_a_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Plain mode has no title screen: `tea-tui --plain` (or the variable) goes on with an
    unfinished autosave, else starts a person against MCTS normal; the app never starts."""
    from tea_tui.app import TeaApp

    def no_app(self: TeaApp, **kw: object) -> None:
        raise AssertionError("the app must not start in plain mode")

    monkeypatch.setattr(TeaApp, "run", no_app)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["--plain", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("A new game: you against MCTS normal.")
    assert "Tea Garden, plain mode." in out and "(mcts:normal)" in out
    first = store_at(tmp_path).resume()
    assert first is not None
    monkeypatch.setenv("TEA_TUI_PLAIN", "1")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Going on with your last game (tea-tui continue --plain).")
    assert f"Seed {first.save.seed}." in out  # the same game
    again = store_at(tmp_path).resume()
    assert again is not None and again.replay.moves == first.replay.moves
    # A damaged autosave is reported and kept, not replaced by a new game.
    autosave = store_at(tmp_path).paths.autosave
    autosave.write_text("{ not a save")
    assert main(["--data-dir", str(tmp_path)]) == 1
    assert "start another game with" in capsys.readouterr().err
    assert autosave.read_text() == "{ not a save"


@pytest.mark.parametrize(
    "argv",
    [
        ["arena", "--seats", "random,random", "--plain"],
        ["saves", "list", "--plain"],
        ["continue", "--plain", "extra"],
    ],
)
def test_bad_plain_arguments_print_the_usage(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert "usage: tea-tui" in capsys.readouterr().err


def test_a_seat_count_the_game_is_not_played_with_exits_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["new", "--plain", "--players", "5"]) == 2
    assert "Tea Garden is played by 2 to 4 players, not 5" in capsys.readouterr().err
    assert main(["new", "--plain", "--game", "tasting", "--players", "3"]) == 2
    assert "Tasting Duel is played by 2 players, not 3" in capsys.readouterr().err


def test_a_bad_seat_in_plain_mode_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "--plain", "--seat", "human", "--seat", "bogus"]) == 2
    assert "unknown kind 'bogus'" in capsys.readouterr().err


# --- whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "seats,kw",
    [
        (("human", "random"), {}),
        (("human", "random", "human"), {"puerh": True}),
        (("human", "luyu:hard"), {"start_seat": 0}),
    ],
)
def test_a_whole_game_by_the_first_choice(
    tmp_path: Path, seats: tuple[str, ...], kw: dict[str, Any]
) -> None:
    session = new_session(seats, seed=2, **kw)
    store = store_at(tmp_path)
    status, out = converse(session, [first] * 3000, keeper=SaveKeeper(store))
    assert status == 0 and session.is_over()
    end = out[out.rindex("Final scores:") :].splitlines()
    names = session.names
    for seat, name in enumerate(names):
        total = session.outcome().scores[seat]
        assert any(line.startswith(f"  {name}: total {total}; ") for line in end)
    assert "Score at the start and after each round:" in end
    assert any(
        re.search(r"wins with \d+ points\.|share the victory|beat|Lu Yu wins", line) for line in end
    )
    assert end[-1] == f"Seed 2, seats {' '.join(seats)}, {len(session.moves)} moves."
    saved = store.resume()
    assert saved is not None and len(saved.replay.moves) == len(session.moves)


def test_lu_yu_board_in_look() -> None:
    session = new_session(("human", "luyu:hard"), seed=2, start_seat=0)
    advance(session, lambda s: len(s.moves) > 30)
    _, out = converse(session, ["look boards"])
    board = answer_to(out, "look boards")
    assert any(line.startswith("Lu Yu (the automa, hard): ") for line in board)
    assert any(line.startswith("  Top card ") and "(he plays it next)" in line for line in board)


def test_expansion_parts_in_look() -> None:
    session = new_session(("human", "random"), seed=2, puerh=True)
    _, out = converse(session, ["look court", "me"])
    court = answer_to(out, "look court")
    assert court[0].startswith("Noble Court Halls (")
    assert any(line.startswith("Imperial Decrees") for line in court)
    assert any("Courtiers 2 ready" in line or "Courtiers: 2 ready" in line for line in court)
    assert any(line.startswith("  Puerh sets: ") for line in answer_to(out, "me"))


def test_every_choice_gets_a_key_of_its_own() -> None:
    menu = Menu(
        "Choose",
        (
            Item("first offer", "a", moves=()),
            Item("second offer", "a"),
            Item("one", "1"),
            Item("tenth card"),
            Item("off", reason="not possible now"),
        ),
    )
    keys = [(item.key, item.label) for item in keyed(menu).items]
    assert keys == [
        ("a", "first offer"),
        ("2", "second offer"),
        ("1", "one"),
        ("3", "tenth card"),
        ("", "off"),
    ]
    assert item_line(keyed(menu).items[-1]) == "off (not now: not possible now)"


# --- plain text ----------------------------------------------------------------------------


def test_text_for_terminals_without_unicode() -> None:
    assert clean("Ferment g2 → f2 · done…", "ascii") == "Ferment g2 -> f2; done..."
    assert clean("g2 → f2", "utf-8") == "g2 → f2"
    raw = io.BytesIO()
    stdout = io.TextIOWrapper(raw, encoding="ascii")
    session = new_session()
    PlainGame(session, stdin=io.StringIO("look\n"), stdout=stdout).run()
    stdout.flush()
    raw.getvalue().decode("ascii")  # every byte is ASCII


def test_plain_mode_imports_no_textual() -> None:
    code = (
        "import io, sys\n"
        "from tea_tui.plain import run_plain\n"
        "from tea_tui.session import GameSession\n"
        "from tea_tui.games.tea_garden.session import tea_game\n"
        "s = GameSession.new(tea_game(['human', 'random']), ['human', 'random'], 3)\n"
        "run_plain(s, stdin=io.StringIO('look\\nscores\\n1\\n'), stdout=io.StringIO())\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]\n"
        "assert not bad, bad\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


def test_run_plain_without_a_store() -> None:
    out = io.StringIO()
    assert run_plain(new_session(), stdin=io.StringIO(""), stdout=out) == 0
    assert out.getvalue().rstrip().endswith("End of input. This game was not saved.")
