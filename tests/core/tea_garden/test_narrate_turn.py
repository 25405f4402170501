"""A whole turn in one sentence: the moves that shape it, what it gained and spent, with the
real figures, and no card only its owner may see."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden.context import Options
from core.tea_garden.move_words import step_phrase
from core.tea_garden.narrate_maintenance import ends_round
from core.tea_garden.narrate_turn import Gains, luyu_phrases, turn_gains, turn_summary
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.state import GameData
from tests.core.tea_garden.scenario import new_game

TURN_ENDS = (mv.EndTurn, mv.Pass, mv.LuYuTurn, mv.LuYuPass)

Turn = tuple[int, TeaGardenState, TeaGardenState, list[tuple[TeaGardenState, mv.Move]]]


def _turns(seed: int, puerh: bool = False) -> Iterator[Turn]:
    """Seeded random games cut into turns: (seat, start, end, [(state before, move)])."""
    _, s = new_game(2, seed, start_seat=0, options=Options(puerh=puerh))
    rng = Rng.from_seed(seed)
    start = s.clone()
    steps: list[tuple[TeaGardenState, mv.Move]] = []
    while not s.is_over():
        legal = s.legal_moves()
        active = [m for m in legal if not isinstance(m, mv.Pass | mv.Stop)]
        move = rng.choice(active if active and rng.random() < 0.85 else legal)
        before = s.clone()
        seat = s.seat
        s.apply(move)
        steps.append((before, move))
        if isinstance(move, TURN_ENDS) or s.seat != seat or s.over:
            end = before if ends_round(before, s) else s.clone()
            yield seat, start, end, steps
            start, steps = s.clone(), []


def _summary(seat: int, start: GameData, end: GameData, steps: list) -> str:  # type: ignore[type-arg]
    phrases = [step_phrase(before, move) for before, move in steps]
    return turn_summary(phrases, turn_gains(start, end, seat))


def test_every_turn_says_its_vp_and_names_no_drawn_card() -> None:
    turns = 0
    for seed, puerh in ((3, False), (4, True), (5, False)):
        for seat, start, end, steps in _turns(seed, puerh):
            text = _summary(seat, start, end, steps)
            turns += 1
            assert text
            vp = end.players[seat].vp - start.players[seat].vp
            if vp > 0:
                assert f"+{vp} VP" in text, text
            a, b = start.players[seat], end.players[seat]
            public = set(start.board.action_display) | set(start.board.emperor_display)
            played = {c for stack in b.stacks for c in stack}
            shown = {start.ctx.card_name(c) for c in public | played}
            drawn = (Counter(b.hand) - Counter(a.hand)).keys() - public
            for card in drawn:
                name = start.ctx.card_name(card)
                assert name in shown or name not in text, (name, text)
    assert turns > 60


def test_the_moves_that_shape_a_turn_are_named() -> None:
    seen: set[type] = set()
    for *_, steps in _turns(6):
        for before, move in steps:
            phrase = step_phrase(before, move)
            ctx = before.ctx
            if isinstance(move, mv.Build):
                assert phrase == f"built in {ctx.region(move.region).name}"
            elif isinstance(move, mv.Buy):
                card = before.board.action_display[move.slot - 1]
                assert phrase == f"bought {ctx.card_name(card)}"
            elif isinstance(move, mv.Commit):
                assert phrase.startswith("played ") and ctx.card_name(move.top) in phrase
                assert "(str " in phrase
            elif isinstance(move, mv.Pass):
                assert phrase == "passed for the round"
            elif isinstance(move, mv.PayLeaf | mv.Select):
                assert phrase == ""  # small steps: the net change tells them
            seen.add(type(move))
    assert {mv.Build, mv.Commit, mv.Pass, mv.PayLeaf} <= seen


def test_a_card_named_by_a_move_is_not_listed_again_among_the_gains() -> None:
    text = turn_summary(
        ["played Clay Cup (str 1)", "bought Ox Cart", "bought Ox Cart"],
        Gains(["3 VP", "Ox Cart", "1 card drawn"], ["2 fresh leaves (q2)"]),
    )
    assert text == (
        "played Clay Cup (str 1); bought Ox Cart — +3 VP, 1 card drawn; spent 2 fresh leaves (q2)"
    )
    assert turn_summary(["", ""], Gains([], [])) == "did nothing that shows"
    swapped = turn_summary(["drew and discarded 1 card"], Gains(["1 card drawn"], []))
    assert swapped == "drew and discarded 1 card"
    built = turn_summary(["built in Putuo"], Gains(["2 VP", "1 garden"], []))
    assert built == "built in Putuo — +2 VP"


def test_gains_count_leaves_by_quality_or_without_it() -> None:
    _, s = new_game(2, 1)
    end = s.clone()
    end.players[0].fresh[3] += 2
    end.players[0].fresh[0] += 1
    end.players[0].fermented[1] += 1
    end.players[0].vp += 4
    gains = turn_gains(s, end, 0)
    assert gains.gained == ["4 VP", "3 fresh leaves (2 q4, 1 q1)", "1 fermented leaf (q2)"]
    plain = turn_gains(s, end, 0, quality=False)
    assert plain.gained == ["4 VP", "3 fresh leaves", "1 fermented leaf"]
    assert end.players[0].fresh[1] > 0
    end.players[0].fresh[1] -= 1  # one fewer fresh leaf of another quality: 2 gained net
    assert turn_gains(s, end, 0, quality=False).gained[1] == "2 fresh leaves"
    assert turn_gains(s, end, 0, quality=False).spent == []


def test_lu_yus_turn_is_read_from_his_notes() -> None:
    from core.tea_garden.game import TeaGardenGame

    game = TeaGardenGame(num_seats=2, start_seat=1, options=Options(), luyu_seat=1)
    s = game.new_state(3)
    s.apply(mv.LuYuTurn())
    phrases = luyu_phrases(s)
    assert phrases[0].startswith("revealed his card ")
    assert len(phrases) >= 2
