"""Maintenance, Hall scoring and the final scoring in words: every change between two rounds is
told, with the figures the engine really applied, and no card only its owner may see."""

from __future__ import annotations

import re

from core.tea_garden.context import Options
from core.tea_garden.narrate_final import Told, final_story
from core.tea_garden.narrate_maintenance import ends_round, round_end_story
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.scoring import final_outcome
from core.tea_garden.state import GameData
from tests.core.tea_garden.scenario import new_game, occupy, play, set_leaves

NAMES = ["Ann", "Bo"]


def _texts(story: list[Told]) -> str:
    return "\n".join(t.text for t in story)


def _hand_mentions(g: GameData, text: str) -> list[str]:
    """Names of cards in someone's hand (or draw deck) that the text gives away."""
    hidden = {c for p in g.players for c in (*p.hand, *p.draw)}
    shown = set(g.board.action_display) | set(g.board.emperor_display)
    return [
        g.ctx.cards[c].name
        for c in hidden - shown
        if re.search(rf"\b{re.escape(g.ctx.cards[c].name)}\b", text)
    ]


def _end_round_one(options: Options | None = None) -> tuple[TeaGardenState, TeaGardenState]:
    game, s = new_game(2, seed=13, start_seat=0, options=options)
    set_leaves(s, 0, fresh={3: 2, 1: 1}, fermented={2: 1, 6: 1})
    play(game, s, "pass")
    before = s.clone()
    play(game, s, "pass")
    return before, s


def test_no_story_without_a_round_end() -> None:
    game, s = new_game(2, seed=13, start_seat=0)
    before = s.clone()
    play(game, s, "pass")
    assert not ends_round(before, s)
    assert round_end_story(before, s, NAMES) == []


def test_maintenance_tells_the_display_leaves_harvest_and_draws() -> None:
    before, after = _end_round_one()
    story = round_end_story(before, after, NAMES)
    text = _texts(story)
    assert story[0] == Told(-1, "End of round 1: Maintenance", True)
    # The card display: the leftmost card leaves, a new one is dealt into the last slot.
    gone = before.ctx.card_name(before.board.action_display[0])
    dealt = after.ctx.card_name(after.board.action_display[-1])
    slot = len(after.board.action_display)
    assert f"{gone} leaves the card display for good" in text
    assert f"{dealt} fills slot {slot}" in text
    # Ann's leaves age as the engine aged them: fresh down a quality, fermented up one.
    ann = next(t.text for t in story if t.seat == 0)
    assert ann.startswith("Ann: leaves age (fresh 1 of q1 stays, 2 of q3 to q2")
    assert "fermented 1 of q2 to q3, 1 of q6 stays" in ann
    # The harvest: the leaves gained after ageing, in the starting garden's Region.
    region = before.ctx.regions[before.players[0].gardens[0]]
    gained = sum(after.players[0].fresh) - sum(before.players[0].fresh)
    assert gained > 0
    assert f"harvests {gained} fresh leaves of q{region.value} in {region.name}" in ann
    drawn = len(after.players[0].hand) - len(before.players[0].hand)
    assert f"draws {drawn} cards" in ann
    assert any(t.seat == 1 and t.text.startswith("Bo: ") for t in story)
    assert f"{NAMES[after.start_seat]} takes the first turn of round 2" in text
    assert _hand_mentions(after, text) == []


def test_hall_scoring_says_who_gains_what_and_matches_the_engine() -> None:
    game, s = new_game(2, seed=13, start_seat=0, options=Options(puerh=True))
    occupy(s, 0, 1, 1)  # the best space under the first Hall
    occupy(s, 1, 1, 2)
    occupy(s, 1, 2, 3)
    play(game, s, "pass")
    before = s.clone()
    play(game, s, "pass")
    court = before.board.court
    assert court is not None
    spaces = before.ctx.components.court.hall_spaces if before.ctx.components.court else ()
    first, second = (before.ctx.halls[h].name for h in court.halls)
    text = _texts(round_end_story(before, s, NAMES))
    assert (
        f"{first} scores: Ann gains 5 VP (a Courtier worth {spaces[0]}) and "
        f"Bo gains 2 VP (a Courtier worth {spaces[1]})"
    ) in text
    assert f"{second} scores: Bo gains 5 VP (a Courtier worth {spaces[2]})" in text
    assert [p.hall_vp for p in s.players] == [5, 7]  # what the story said
    assert "Every Courtier comes home" in text
    assert s.board.court is not None
    new = [s.ctx.halls[h].name for h in s.board.court.halls]
    assert f"New Halls open for round 2: {new[0]} and {new[1]}" in text


def test_empty_halls_are_told_too() -> None:
    before, after = _end_round_one(Options(puerh=True))
    text = _texts(round_end_story(before, after, NAMES))
    assert "No Courtier in the Hall" in text
    assert "comes home" not in text


def _last_round(options: Options | None = None) -> tuple[TeaGardenState, TeaGardenState]:
    game, s = new_game(2, seed=13, start_seat=0, options=options)
    s.round = 5
    play(game, s, "pass")
    before = s.clone()
    play(game, s, "pass")
    assert s.over
    return before, s


def test_the_end_tells_the_final_scoring_by_category_and_the_winner() -> None:
    before, after = _last_round()
    story = round_end_story(before, after, NAMES)
    outcome = final_outcome(after)
    assert story[0] == Told(-1, "End of round 5, the last", True)
    assert Told(-1, "Final scoring", True) in story
    assert "Maintenance" not in _texts(story)  # no Maintenance after the last round
    for seat, name in enumerate(NAMES):
        line = next(t.text for t in story if t.seat == seat)
        assert line.startswith(f"{name}: {outcome.scores[seat]} VP: ")
        track = outcome.breakdown[seat]["track"]
        assert (f"{track} on the score track" in line) == (track > 0)
    result = story[-1].text if not outcome.tie_break else story[-2].text
    winner = NAMES[outcome.winners[0]]
    assert result.startswith(f"{winner} wins with {max(outcome.scores)} VP") or (
        len(outcome.winners) == 2 and "share the victory" in result
    )


def test_final_story_names_the_tie_break_with_names() -> None:
    _, after = _last_round()
    for p in after.players:  # the same score and leaves, more fermented for Bo
        p.vp = 10
    set_leaves(after, 0, fresh={1: 2})
    set_leaves(after, 1, fresh={1: 1}, fermented={1: 1})
    outcome = final_outcome(after)
    if outcome.scores[0] != outcome.scores[1]:  # other categories differ: level them
        after.players[0].vp += outcome.scores[1] - outcome.scores[0]
    story = final_story(after, NAMES)
    text = _texts(story)
    assert "Bo wins with" in text and "level with Ann on points" in text
    assert "Bo won with the most fermented leaves (1)" in text
    assert "Seat " not in text


def test_the_halls_are_scored_at_the_end_unless_the_house_rule_says_no() -> None:
    before, after = _last_round(Options(puerh=True))
    assert "No Courtier in the Hall" in _texts(round_end_story(before, after, NAMES))
    before, after = _last_round(Options(puerh=True, no_final_hall_scoring=True))
    text = _texts(round_end_story(before, after, NAMES))
    assert "The Halls are not scored at the end (house rule)" in text


def test_the_round_end_in_one_line() -> None:
    from core.tea_garden.narrate_maintenance import round_end_summary

    before, after = _end_round_one()
    text = round_end_summary(before, after, NAMES)
    gone = before.ctx.card_name(before.board.action_display[0])
    ann = sum(after.players[0].fresh) - sum(before.players[0].fresh)
    assert text.startswith(f"Round 1 ended: leaves aged; harvested leaves: {ann} for Ann, ")
    assert f"{gone} left the display" in text
    before, after = _last_round()
    outcome = final_outcome(after)
    text = round_end_summary(before, after, NAMES)
    assert text.startswith(f"The game is over: final scores Ann {outcome.scores[0]}, ")
    assert round_end_summary(after, after, NAMES) == ""


def test_a_refilled_display_says_which_card_came_out() -> None:
    from core.rng import Rng
    from core.tea_garden import moves as mv
    from core.tea_garden.narrate import log_line

    _, s = new_game(2, seed=21, start_seat=0)
    rng = Rng.from_seed(4)
    told = 0
    while not s.is_over() and told < 3:
        legal = s.legal_moves()
        buys = [m for m in legal if isinstance(m, mv.Buy | mv.TakeCaravan)]
        active = [m for m in legal if not isinstance(m, mv.Pass)]
        move = rng.choice(buys or active or list(legal))
        before = s.clone()
        s.apply(move)
        line = log_line(before, move, s, NAMES)
        came = [c for c in s.board.action_display if c and c not in before.board.action_display]
        if came and not ends_round(before, s):
            told += 1
            slot = s.board.action_display.index(came[0]) + 1
            assert f"{s.ctx.card_name(came[0])} is dealt into slot {slot}" in line, line
        elif "is dealt into slot" in line:
            raise AssertionError(f"a refill told where none happened: {line}")
    assert told >= 1
