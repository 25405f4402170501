"""The session's log tells Maintenance and the final scoring between the moves, and the plain
mode and a saved game's story print the same lines."""

from __future__ import annotations

import io

from core.tea_garden import moves as mv
from core.tea_garden.game import TeaGardenGame
from tea_tui.plain import tell_game
from tea_tui.session import GameSession
from tests.tui.pilot_tools import played


def test_the_round_end_story_sits_between_the_last_pass_and_the_next_round() -> None:
    game = TeaGardenGame(num_seats=2, start_seat=0)
    s = GameSession.new(game, ["human@Ann", "human@Bo"], 13)
    s.apply(mv.Pass())
    s.apply(mv.Pass())
    texts = [e.text for e in s.log]
    end = texts.index("Bo passes for the rest of the round — round 1 ends")
    head = texts.index("End of round 1: Maintenance")
    new_round = texts.index("Round 2 of 5")
    assert end < head < new_round
    story = s.log[head + 1 : new_round]
    assert any("leaves the card display for good" in e.text for e in story)
    assert [e.seat for e in story if e.text.startswith(("Ann: ", "Bo: "))] == [0, 1]
    assert all(e.round == 1 for e in story)


def test_a_finished_game_tells_its_final_scoring_once() -> None:
    s = played(to_end=True)
    texts = [e.text for e in s.log]
    assert texts.count("Final scoring") == 1
    assert texts.count("End of round 4: Maintenance") == 1
    assert texts[-1] == "The game is over"
    scores = s.outcome().scores
    for seat, name in enumerate(s.names):
        assert f"{name}: {scores[seat]} VP: " in "\n".join(texts)


def test_undo_takes_no_story_line_back_twice() -> None:
    """A round end is an undo barrier: the story stays exactly once."""
    game = TeaGardenGame(num_seats=2, start_seat=0)
    s = GameSession.new(game, ["human@Ann", "human@Bo"], 13)
    s.apply(mv.Pass())
    s.apply(mv.Pass())
    assert not s.undo()
    assert [e.text for e in s.log].count("End of round 1: Maintenance") == 1


def test_the_plain_story_of_a_saved_game_includes_maintenance() -> None:
    out = io.StringIO()
    tell_game(played(to_end=True), out)
    text = out.getvalue()
    assert "End of round 1: Maintenance." in text
    assert "  Ann: " in text and "harvests" in text
    assert "Final scoring." in text


def _play_turn(s: GameSession) -> None:
    """Play the seat to move through one turn: the first card, the first legal steps, the end."""
    seat = s.current_seat
    for _ in range(60):
        if s.current_seat != seat or s.is_over():
            return
        legal = s.legal_moves()
        ends = [m for m in legal if isinstance(m, mv.EndTurn)]
        others = [m for m in legal if not isinstance(m, mv.Pass)]
        s.apply(ends[0] if ends else (others or list(legal))[0])
        if ends:
            return


def test_last_turns_tell_the_others_turns_newest_first_seen_then_dimmed() -> None:
    game = TeaGardenGame(num_seats=3, start_seat=0)
    s = GameSession.new(game, ["human@Ann", "human@Bo", "human@Cy"], 4)
    assert s.last_turns(0) == []  # nobody has played yet
    _play_turn(s)  # Ann
    _play_turn(s)  # Bo
    lines = s.last_turns(0)
    assert [(line.seat, line.recent, line.ongoing) for line in lines] == [(1, True, False)]
    assert lines[0].text == s.summaries[-1].text
    assert lines[0].text.startswith("played ")
    # Cy's turn in progress shows what it did so far.
    s.apply(next(m for m in s.legal_moves() if isinstance(m, mv.Select)))
    commit = next(m for m in s.legal_moves() if isinstance(m, mv.Commit))
    s.apply(commit)
    ongoing = s.last_turns(0)[-1]
    assert ongoing.seat == 2 and ongoing.ongoing and ongoing.text.startswith("played ")
    while s.current_seat == 2:
        _play_turn(s)
    _play_turn(s)  # Ann again: what Bo and Cy did is now seen
    assert [(t.seat, t.recent) for t in s.last_turns(0)] == [(1, False), (2, False)]
    assert [t.seat for t in s.last_turns(1)] == [2, 0]  # in the order they play after Bo


def test_undo_takes_back_the_turn_so_far() -> None:
    game = TeaGardenGame(num_seats=2, start_seat=0)
    s = GameSession.new(game, ["human@Ann", "human@Bo"], 4)
    s.apply(next(m for m in s.legal_moves() if isinstance(m, mv.Select)))
    s.apply(next(m for m in s.legal_moves() if isinstance(m, mv.Commit)))
    assert s.turn_so_far().startswith("played ")
    assert s.undo()
    assert s.turn_so_far() == ""
    assert s.summaries == []


def test_the_same_moves_give_the_same_summaries() -> None:
    s = played(moves=120)
    again = played(moves=120)
    assert s.summaries and s.summaries == again.summaries
    assert all(t.text for t in s.summaries)


def test_the_end_of_a_round_is_told_among_the_last_turns() -> None:
    game = TeaGardenGame(num_seats=2, start_seat=0)
    s = GameSession.new(game, ["human@Ann", "human@Bo"], 13)
    s.apply(mv.Pass())
    s.apply(mv.Pass())
    lines = s.last_turns(0)
    assert [(t.seat, t.recent) for t in lines] == [(1, True), (-1, True)]
    assert lines[0].text == "passed for the round"
    assert lines[1].text.startswith("Round 1 ended: leaves aged; harvested leaves: ")
    assert "new cards drawn" in lines[1].text


def test_plain_mode_sums_up_each_ai_turn_after_its_steps() -> None:
    from tea_tui.games.tea_garden.session import tea_game
    from tea_tui.plain import PlainGame

    seats = ["human@Ann", "heuristic@Bo"]
    session = GameSession.new(tea_game(seats, start_seat=1), seats, 5)
    out = io.StringIO()
    PlainGame(session, stdin=io.StringIO(""), stdout=out, confirm=False).run()
    lines = out.getvalue().splitlines()
    short = [i for i, line in enumerate(lines) if line.startswith("  In short, Bo: ")]
    assert len(short) == 1  # Bo's first turn, then Ann's menu and the end of the input
    bo = [t for t in session.summaries if t.seat == 1]
    assert lines[short[0]] == f"  In short, Bo: {bo[0].text}."
    assert lines[short[0] - 1] == "  Bo ends the turn"  # after his steps
    assert lines[short[0] + 1] == "Ann, turn 1:"  # before the next heading
