"""Rule tests for the components of section 1 of the rules inventory that the component-count
tests (tests/core/test_components.py) do not cover: COMP-01 (setups by player count and solo),
COMP-03 (the main board's parts), COMP-04 / COMP-08 / COMP-10 (30 Cup tokens, 80 leaves and 30
Emperor tokens, hard limits only with the variant ``limited_pools``, AMB-01), COMP-06 (the Start
Player token and the Round marker) and COMP-14 (Overview cards: no rules effect).

Rule IDs refer to ../shared/rules/tea_garden.md; the rulings to docs/rulings.md.
"""

from __future__ import annotations

import msgspec
import pytest

from core.setup import make_game, new_setup
from core.tea_garden import moves as mv
from core.tea_garden import pools
from core.tea_garden.components import ComponentSet
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.maintenance import ROUNDS
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.state import Board, PlayerState
from tests.core.tea_garden.scenario import (
    commit,
    end_round_by_passing,
    give_hand,
    new_game,
    play,
    set_boat,
    set_cup_rows,
    set_leaves,
)

LIMITED = Options(limited_pools=True)

Game = tuple[TeaGardenGame, TeaGardenState]


def basic_caravans(s: TeaGardenState) -> int:
    cards = s.board.caravan_deck + s.board.caravan_display
    return sum(s.ctx.caravans[c].kind == "basic" for c in cards)


def per_level(s: TeaGardenState) -> set[int]:
    cards = s.board.action_deck + s.board.action_display
    levels = [s.ctx.action_cards[c].level for c in cards]
    return {levels.count(level) for level in range(1, 6)}


def solo(options: dict[str, bool] | None = None, start: int = 0) -> TeaGardenState:
    """A solo game: the human in seat 0, Lu Yu (medium) in seat 1."""
    setup = new_setup(["human", "luyu:medium"], options=options, start_seat=start)
    return make_game(setup).new_state(3)


def played(cards: list[str], options: Options | None = None) -> Game:
    """Seat 0 to play, having just committed ``cards`` (the last one on top)."""
    game, s = new_game(2, seed=1, options=options)
    s.players[1].passed = True
    give_hand(s, 0, cards)
    commit(game, s, cards, cards[-1])
    return game, s


# ================================================================================================
# COMP-01: setups for 2, 3 and 4 players and for solo
# ================================================================================================


@pytest.mark.rule("COMP-01", "SETUP-03", "SETUP-04", "SETUP-07", "EXP-06")
@pytest.mark.parametrize(
    ("players", "stack", "level", "basic", "halls"),
    [(2, 5, 4, 7, 2), (3, 6, 5, 10, 3), (4, 8, 6, 13, 3)],
)
def test_comp01_setup_table_for_2_3_and_4_players(
    players: int, stack: int, level: int, basic: int, halls: int
) -> None:
    """COMP-01: the base game has a setup for 2, 3 and 4 players (Cup stacks 5/6/8, Action
    cards 4/5/6 per level, 7/10/13 basic Caravans), and the expansion's Halls cover 1-2 (2
    Halls) and 3-4 players (3 Halls)."""
    _game, s = new_game(players, seed=4)
    assert len(s.players) == players
    assert {len(t) for t in s.board.cup_stacks.values()} == {stack}
    assert per_level(s) == {level}
    assert basic_caravans(s) == basic
    _game, x = new_game(players, seed=4, options=Options(puerh=True))
    assert x.board.court is not None and len(x.board.court.halls) == halls


@pytest.mark.rule("COMP-01", "SOLO-04", "SOLO-01")
@pytest.mark.parametrize("puerh", [False, True])
def test_comp01_solo_game_against_luyu(puerh: bool) -> None:
    """COMP-01 (solo): one player against Lu Yu, with or without the expansion. tea-tui models it
    as a 2-seat game (Lu Yu in one seat) set up as for 2 players (SOLO-04), with 2 Halls."""
    s = solo({"puerh": True} if puerh else None)
    assert len(s.players) == 2 and s.luyu is not None and s.luyu.seat == 1
    assert {len(t) for t in s.board.cup_stacks.values()} == {5}
    assert per_level(s) == {4}
    assert basic_caravans(s) == 7
    if puerh:
        assert s.board.court is not None and len(s.board.court.halls) == 2
    else:
        assert s.board.court is None


@pytest.mark.rule("COMP-01")
def test_comp01_no_other_player_counts() -> None:
    """COMP-01: there is no setup for 1 player without Lu Yu, nor for 5 players."""
    for seats in (1, 5):
        with pytest.raises(ValueError):
            TeaGardenGame(num_seats=seats)


# ================================================================================================
# COMP-03: the main board
# ================================================================================================


@pytest.mark.rule("COMP-03", "SETUP-06", "SETUP-09", "SETUP-16")
def test_comp03_main_board_parts() -> None:
    """COMP-03: the main board's parts are in the component set and laid out by the setup: the
    Tea University (4 sectors of 2 parts), the Emperor track (6 rows), the Action display
    (6 slots), the Emperor display (3 cards), a Cup-tile slot per coloured Province and the map
    with its River. The VP track and Round track are counters in the state (VP from 0, round 1)."""
    _game, s = new_game(2, seed=1)
    cs = s.ctx.components
    assert len(cs.university.sectors) == 4
    assert all(len(sector.parts) == 2 for sector in cs.university.sectors)
    assert len(cs.emperor_track.rows) == 6
    assert len(cs.display.slot_strength) == 6 and len(s.board.action_display) == 6
    assert len(s.board.emperor_display) == 3 and all(s.board.emperor_display)
    assert set(s.board.cup_stacks) == set(s.ctx.coloured_provinces)
    assert len(s.ctx.coloured_provinces) == 5
    assert cs.map.regions and any(b.river for b in cs.map.borders)
    assert len(cs.river.segments) >= 2
    assert [p.vp for p in s.players] == [0, 0]
    assert s.round == 1


@pytest.mark.rule("COMP-03", "TURN-01")
def test_comp03_round_track_has_five_rounds() -> None:
    """COMP-03: the Round track has 5 rounds; the game ends after the fifth."""
    game, s = new_game(2, seed=1)
    assert ROUNDS == 5
    seen = [s.round]
    while not s.is_over():
        end_round_by_passing(game, s)
        seen.append(s.round)
    assert seen == [1, 2, 3, 4, 5, 5]


# ================================================================================================
# COMP-04, COMP-08, COMP-10: the common pools (AMB-01)
# ================================================================================================


@pytest.mark.rule("COMP-04", "AMB-01", "CUP-08")
@pytest.mark.parametrize("options", [Options(), LIMITED], ids=["unlimited", "limited"])
def test_comp04_thirty_cup_tokens(options: Options) -> None:
    """COMP-04 (AMB-01): 30 Cup tokens. With ``limited_pools`` a Cup-token bonus needs one left
    in the supply (29 in use: it is placed; 30 in use: it is lost); by default the supply never
    runs out."""
    game, s = played(["s01"], options)  # River
    set_boat(s, 0, 3)  # segment 4: a Cup token
    set_cup_rows(s, 0, [["cup01", "cup02"]])
    set_cup_rows(s, 1, [["cup03", "cup04"]], tokens=29)
    before = s.clone()
    play(game, s, "use 1")
    assert s.legal_moves() == (mv.PlaceToken(1, 1),)
    play(game, s, "token 1 1")
    assert s.players[0].cup_tokens == [[1]]
    if options.limited_pools:
        assert pools.cup_tokens_left(s) == 0
    s = before
    s.players[1].cup_tokens = [[30]]
    play(game, s, "use 1")
    if options.limited_pools:
        assert s.pending == [] and s.players[0].cup_tokens == [[0]]  # none left: lost
    else:
        assert s.legal_moves() == (mv.PlaceToken(1, 1),)


@pytest.mark.rule("COMP-08", "AMB-01")
@pytest.mark.parametrize(("options", "gained"), [(Options(), 3), (LIMITED, 2)])
def test_comp08_eighty_leaves(options: Options, gained: int) -> None:
    """COMP-08 (AMB-01): 80 Tea Leaves. With 78 on the boards and ``limited_pools``, a gain of 3
    takes the 2 left; by default all 3 arrive."""
    game, s = played(["s05"], options)  # University, sector 1 part 1: 3 fresh q2
    set_leaves(s, 1, fresh={2: 70}, fermented={5: 8})
    set_leaves(s, 0)
    play(game, s, "use 1", "part 1")
    assert s.players[0].fresh == [0, gained, 0, 0, 0, 0]
    total = sum(sum(p.fresh) + sum(p.fermented) for p in s.players)
    assert total == 78 + gained
    if options.limited_pools:
        assert total == pools.LEAVES == 80 and pools.leaves_left(s) == 0


@pytest.mark.rule("COMP-08", "AMB-01", "MAINT-06")
def test_comp08_limited_leaves_in_the_maintenance_harvest() -> None:
    """COMP-08 (AMB-01): the Maintenance harvest never takes the pool past 80 leaves."""
    game, s = new_game(2, seed=1, options=LIMITED)
    set_leaves(s, 0, fresh={2: 39})
    set_leaves(s, 1, fresh={2: 39})
    end_round_by_passing(game, s)
    assert s.round == 2
    assert sum(sum(p.fresh) + sum(p.fermented) for p in s.players) == 80
    assert sum(s.players[0].fresh) == 41 and sum(s.players[1].fresh) == 39  # seat by seat


@pytest.mark.rule("COMP-10", "AMB-01")
@pytest.mark.parametrize(("options", "gained"), [(Options(), 2), (LIMITED, 1)])
def test_comp10_thirty_emperor_tokens(options: Options, gained: int) -> None:
    """COMP-10 (AMB-01): 30 Emperor tokens. With 29 held and ``limited_pools``, a gain of 2
    takes the 1 left; by default both arrive."""
    game, s = played(["s01"], options)  # River
    set_boat(s, 0, 6)  # segment 7: 2 Emperor tokens
    s.players[1].emperor_tokens = 29
    play(game, s, "use 1")
    assert s.players[0].boat == 7
    assert s.players[0].emperor_tokens == gained
    if options.limited_pools:
        assert pools.emperor_tokens_left(s) == 0 and pools.EMPEROR_TOKENS == 30


# ================================================================================================
# COMP-06: Start Player token and Round marker
# ================================================================================================


@pytest.mark.rule("COMP-06", "MAINT-01", "MAINT-02")
def test_comp06_start_player_passes_each_maintenance_and_the_round_advances() -> None:
    """COMP-06: one Start Player token and one Round marker: each Maintenance moves the marker on
    and passes the token one seat clockwise; the new round starts with its holder."""
    game, s = new_game(3, seed=1, start_seat=0)
    history = [(s.round, s.start_seat, s.current_seat())]
    while not s.is_over():
        end_round_by_passing(game, s)
        if not s.is_over():
            history.append((s.round, s.start_seat, s.current_seat()))
    assert history == [(1, 0, 0), (2, 1, 1), (3, 2, 2), (4, 0, 0), (5, 1, 1)]


@pytest.mark.rule("COMP-06", "SOLO-15")
def test_comp06_start_player_token_passes_in_solo_too() -> None:
    """COMP-06 (SOLO-15): in a solo game the token passes between the player and Lu Yu."""
    s = solo(start=0)
    starts = []
    while s.round <= 3:
        starts.append((s.round, s.start_seat))
        start_round = s.round
        while s.round == start_round:
            moves = s.legal_moves()
            s.apply(moves[0] if s.current_seat() == 1 else mv.Pass())
    assert sorted(set(starts)) == [(1, 0), (2, 1), (3, 0)]


# ================================================================================================
# COMP-14: Overview cards
# ================================================================================================


@pytest.mark.rule("COMP-14")
def test_comp14_overview_cards_have_no_rules_effect() -> None:
    """COMP-14: Overview cards are reference aids with no rules effect, so the engine models
    none: no such component in the set or in the state, and setup deals each player only their
    11 Starting cards (the help screen plays their part in the app)."""
    names = [
        f.name
        for struct in (ComponentSet, PlayerState, Board)
        for f in msgspec.structs.fields(struct)
    ]
    assert not any("overview" in name for name in names)
    _game, s = new_game(4, seed=1)
    for p in s.players:
        assert sorted(p.hand + p.draw) == sorted(s.ctx.starting_ids)
        assert len(p.hand + p.draw) == 11
