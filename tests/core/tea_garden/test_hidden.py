"""Hidden information in Tea Garden: observations and determinization (CARD-01, SETUP-02..09,
GAP-21; docs/engine.md "Hidden information")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from core.engine import Observation
from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.hidden import TeaGardenObservation, determinize, observe
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.state import PlayerState
from tests.core.tea_garden.scenario import new_game, play


def _step(s: TeaGardenState, rng: Rng) -> None:
    """Make one random legal move, preferring action to passing so games go everywhere."""
    legal = s.legal_moves()
    active = [m for m in legal if not isinstance(m, mv.Pass | mv.Stop)]
    s.apply(rng.choice(active if active and rng.random() < 0.9 else legal))


def _advanced(players: int, seed: int, moves: int) -> tuple[TeaGardenGame, TeaGardenState]:
    """Return a game after ``moves`` random moves (fewer if it ends first)."""
    game, s = new_game(players, seed)
    rng = Rng.from_seed(seed + 31)
    for _ in range(moves):
        if s.is_over():
            break
        _step(s, rng)
    return game, s


def _obs(s: TeaGardenState, seat: int) -> TeaGardenObservation:
    o = s.observation(seat)
    assert isinstance(o, TeaGardenObservation)
    return o


def _zones(p: PlayerState) -> list[list[str]]:
    return [p.hand, p.draw, p.discard, p.removed, *p.stacks]


def _box_actions(s: TeaGardenState, level: int) -> list[str]:
    """Action cards of ``level`` that are nowhere in the state (back in the box, SETUP-04)."""
    placed = {c for p in s.players for z in _zones(p) for c in z}
    placed |= set(s.board.action_deck) | set(s.board.action_display)
    cards = sorted(s.ctx.action_cards.items())
    return [c for c, card in cards if card.level == level and c not in placed]


def _assert_hidden(s: TeaGardenState, t: TeaGardenState, blind: range | list[int]) -> None:
    """``t`` really differs from ``s``, yet every seat in ``blind`` sees the same."""
    assert msgspec.msgpack.encode(s) != msgspec.msgpack.encode(t)
    for seat in blind:
        assert _obs(s, seat) == _obs(t, seat), seat


# --- equal observations for states that differ only in hidden items --------------------------


@pytest.mark.rule("CARD-01", "SETUP-13")
@pytest.mark.parametrize("moves", [0, 90])
def test_draw_deck_order_is_hidden_from_everyone(moves: int) -> None:
    _, s = _advanced(3, 2, moves)
    t = s.clone()
    for p in t.players:
        p.draw.reverse()
    assert any(len(set(p.draw)) > 1 for p in s.players)
    _assert_hidden(s, t, range(3))


@pytest.mark.rule("CARD-01")
@pytest.mark.parametrize("moves", [0, 90])
def test_other_hand_against_draw_is_hidden_but_not_from_its_owner(moves: int) -> None:
    _, s = _advanced(3, 2, moves)
    t = s.clone()
    # Some seat other than 0 trades a hand card for a different card of its draw deck.
    other, i, j = next(
        (seat, i, j)
        for seat in (1, 2)
        for i, a in enumerate(t.players[seat].hand)
        for j, b in enumerate(t.players[seat].draw)
        if a != b
    )
    p = t.players[other]
    p.hand[i], p.draw[j] = p.draw[j], p.hand[i]
    _assert_hidden(s, t, [seat for seat in range(3) if seat != other])
    assert _obs(s, other) != _obs(t, other)
    assert _obs(t, other).players[other].hand == p.hand


def test_hand_size_is_public() -> None:
    _, s = new_game(2, 3)
    t = s.clone()
    t.players[1].draw.append(t.players[1].hand.pop())
    assert _obs(s, 0) != _obs(t, 0)
    assert _obs(s, 0).hand_sizes == [4, 4] and _obs(t, 0).hand_sizes == [4, 3]


@pytest.mark.rule("SETUP-04", "SETUP-05")
@pytest.mark.parametrize("moves", [0, 90])
def test_action_deck_order_and_unseen_contents_are_hidden(moves: int) -> None:
    _, s = _advanced(2, 5, moves)
    deck = s.board.action_deck
    assert len(deck) >= 2
    reordered = s.clone()
    level = s.ctx.action_cards[deck[0]].level
    same = [k for k, c in enumerate(deck) if s.ctx.action_cards[c].level == level]
    a, b = same[0], same[-1]
    d = reordered.board.action_deck
    d[a], d[b] = d[b], d[a]
    swapped = s.clone()
    # A card back in the box at setup takes the place of one of the same level in the deck.
    swapped.board.action_deck[0] = _box_actions(s, level)[0]
    assert a != b
    _assert_hidden(s, reordered, range(2))
    _assert_hidden(s, swapped, range(2))


@pytest.mark.rule("SETUP-05")
def test_action_deck_counts_per_level_are_public() -> None:
    _, s = new_game(2, 5)
    t = s.clone()
    bottom = s.ctx.action_cards[t.board.action_deck[0]].level
    t.board.action_deck[0] = _box_actions(s, bottom - 1)[0]
    for seat in range(2):
        assert _obs(s, seat) != _obs(t, seat)
    assert _obs(s, 0).action_deck_sizes == [0, 2, 4, 4, 4]  # 2p: 4 per level, 6 dealt
    assert _obs(t, 0).action_deck_sizes == [0, 2, 4, 5, 3]


@pytest.mark.rule("SETUP-07", "SETUP-08")
def test_caravan_deck_order_and_unseen_basics_are_hidden() -> None:
    _, s = new_game(2, 6)
    kinds = s.ctx.caravans
    t = s.clone()
    deck = t.board.caravan_deck
    deck.reverse()
    deck.sort(key=lambda c: kinds[c].kind == "basic")  # keep basics on top, order changed
    in_play = set(deck) | set(t.board.caravan_display)
    box_basic = sorted(
        c for c, cv in kinds.items() if cv.kind == "basic" and not cv.expansion and c not in in_play
    )
    assert len(box_basic) == 15 - 7  # SETUP-07: 2p uses 7 basic Caravans
    deck[-1] = box_basic[0]
    _assert_hidden(s, t, range(2))
    obs = _obs(s, 0)
    assert (obs.basic_caravans, obs.advanced_caravans) == (7 - 3, 15)
    shown = s.clone()
    shown.board.caravan_display[0], shown.board.caravan_deck[-1] = (
        shown.board.caravan_deck[-1],
        shown.board.caravan_display[0],
    )
    assert _obs(s, 0) != _obs(shown, 0)


@pytest.mark.rule("SETUP-09", "GAP-21")
def test_emperor_deck_order_is_hidden_and_display_is_not() -> None:
    _, s = new_game(2, 7)
    t = s.clone()
    t.board.emperor_deck.reverse()
    _assert_hidden(s, t, range(2))
    assert _obs(s, 1).emperor_deck_size == 16 - 3
    shown = s.clone()
    b = shown.board
    b.emperor_display[0], b.emperor_deck[0] = b.emperor_deck[0], b.emperor_display[0]
    assert _obs(s, 1) != _obs(shown, 1)


@pytest.mark.rule("SETUP-03")
@pytest.mark.parametrize("moves", [0, 90])
def test_cup_tiles_under_the_top_are_hidden(moves: int) -> None:
    _, s = _advanced(2, 8, moves)
    stacks = [prov for prov, st in s.board.cup_stacks.items() if len(st) >= 2]
    assert len(stacks) >= 2
    t = s.clone()
    a, b = t.board.cup_stacks[stacks[0]], t.board.cup_stacks[stacks[1]]
    a[0], b[0] = b[0], a[0]  # the bottom tiles of two stacks trade places
    in_play = {x for st in s.board.cup_stacks.values() for x in st}
    in_play |= {x for p in s.players for row in p.cup_rows for x in row}
    box = sorted(set(s.ctx.cup_tiles) - in_play)
    a[-2] = box[0]  # a tile left out at setup slips under the top one
    _assert_hidden(s, t, range(2))
    obs = _obs(s, 0)
    assert obs.board.cup_stacks[stacks[0]] == s.board.cup_stacks[stacks[0]][-1:]
    assert obs.cup_stack_sizes[stacks[0]] == len(s.board.cup_stacks[stacks[0]])
    top = s.clone()
    c, d = top.board.cup_stacks[stacks[0]], top.board.cup_stacks[stacks[1]]
    c[-1], d[-1] = d[-1], c[-1]  # the top tiles are face up (SETUP-03)
    for seat in range(2):
        assert _obs(s, seat) != _obs(top, seat)


def test_random_generator_is_hidden() -> None:
    _, s = new_game(3, 9)
    t = s.clone()
    t.rng = Rng.from_seed(12345)
    _assert_hidden(s, t, range(3))


# --- what a seat does see ------------------------------------------------------------------


@pytest.mark.rule("CARD-01", "SETUP-13")
def test_own_hand_is_exact_and_own_draw_is_sorted() -> None:
    _, s = _advanced(3, 10, 60)
    for seat, p in enumerate(s.players):
        obs = _obs(s, seat)
        assert obs.players[seat].hand == p.hand
        assert obs.players[seat].draw == sorted(p.draw)
        assert obs.hand_and_draw[seat] == sorted(p.hand + p.draw)
        for other in range(3):
            assert obs.hand_sizes[other] == len(s.players[other].hand)
            assert obs.hand_and_draw[other] == sorted(s.players[other].hand + s.players[other].draw)
            if other != seat:
                assert obs.players[other].hand == [] and obs.players[other].draw == []


def test_public_pieces_are_kept() -> None:
    _, s = _advanced(2, 11, 120)
    obs = _obs(s, 0)
    assert (obs.round, obs.start_seat, obs.to_move, obs.over) == (
        s.round,
        s.start_seat,
        s.seat,
        s.over,
    )
    assert obs.turn == s.turn and obs.pending == s.pending
    for seen, real in zip(obs.players, s.players, strict=True):
        assert (seen.discard, seen.stacks, seen.vp, seen.cup_rows, seen.gardens) == (
            real.discard,
            real.stacks,
            real.vp,
            real.cup_rows,
            real.gardens,
        )
    assert obs.board.action_display == s.board.action_display
    assert obs.board.region_tokens == s.board.region_tokens  # SETUP-02: face up
    assert obs.board.spaces == s.board.spaces
    assert obs.board.action_deck == [] and obs.board.emperor_deck == []
    assert obs.board.caravan_deck == []


def test_observation_shares_nothing_with_the_state() -> None:
    _, s = _advanced(2, 12, 20)
    state_before = msgspec.msgpack.encode(s)
    obs = _obs(s, 0)
    assert msgspec.msgpack.encode(s) == state_before  # observing changes nothing
    assert s.players[0].draw != sorted(s.players[0].draw)  # own draw sorted only in the copy
    before = msgspec.msgpack.encode(obs)
    s.players[0].hand.clear()
    s.players[0].discard.append("s01")
    s.board.action_display[0] = ""
    s.turn.selected.append("s02")
    assert msgspec.msgpack.encode(obs) == before


def _lists(value: Any) -> Iterator[list[Any]]:
    """Every list anywhere inside a decoded-to-builtins value."""
    if isinstance(value, list):
        yield value
        for item in value:
            yield from _lists(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _lists(item)


def _public_multisets(s: TeaGardenState, seat: int) -> list[Counter[str]]:
    """Card lists the seat sees anyway (a hand equal to one of them reveals nothing)."""
    b = s.board
    zones = [s.players[seat].hand, b.action_display, b.caravan_display, b.emperor_display]
    zones.append(s.turn.selected)
    for p in s.players:
        zones += [p.discard, p.removed, p.caravans, *p.stacks, *p.cup_rows]
        zones.append(sorted(p.hand + p.draw))
    return [Counter(z) for z in zones]


def _assert_no_other_hand(s: TeaGardenState, seat: int) -> int:
    """Assert no list of ``seat``'s observation spells another seat's hand; return checks made."""
    found = _lists(msgspec.to_builtins(_obs(s, seat)))
    lists = [Counter(x) for x in found if x and all(isinstance(c, str) for c in x)]
    public = _public_multisets(s, seat)
    checked = 0
    for other, p in enumerate(s.players):
        hand = Counter(p.hand)
        if other == seat or not hand or hand in public:
            continue
        checked += 1
        assert hand not in lists, (seat, other, p.hand)
    return checked


@pytest.mark.rule("CARD-01")
def test_observation_never_contains_another_hand() -> None:
    _, s = new_game(2, 13)
    # A distinctive hand for seat 1: a card bought earlier plus two Starting cards.
    bought = s.board.action_deck.pop()
    p1 = s.players[1]
    p1.draw.extend(p1.hand[2:])
    p1.hand = [*p1.hand[:2], bought]
    assert _assert_no_other_hand(s, 0) == 1
    checked = 0
    for players in (2, 3, 4):
        _, s = new_game(players, 14)
        rng = Rng.from_seed(15)
        while not s.is_over():
            checked += _assert_no_other_hand(s, s.seat)
            _step(s, rng)
    assert checked > 200


# --- determinize -----------------------------------------------------------------------------


def _check_conservation(d: TeaGardenState, s: TeaGardenState) -> None:
    """Every card and tile of ``d`` is in exactly one place (or in the box), with the pile sizes
    of the real state ``s``."""
    ctx = d.ctx
    for p, real in zip(d.players, s.players, strict=True):
        starting = Counter(c for z in _zones(p) for c in z if c in ctx.starting_cards)
        assert starting == Counter(ctx.starting_ids)
        assert (len(p.hand), len(p.draw)) == (len(real.hand), len(real.draw))
        assert Counter(p.hand + p.draw) == Counter(real.hand + real.draw)
    b = d.board
    owned = [c for p in d.players for z in _zones(p) for c in z if c not in ctx.starting_cards]
    actions = [c for c in (*b.action_deck, *b.action_display, *owned) if c in ctx.action_cards]
    assert len(actions) == len(set(actions))
    levels = [ctx.action_cards[c].level for c in b.action_deck]
    assert levels == sorted(levels, reverse=True)  # SETUP-05: level I on top (the end)
    assert Counter(levels) == Counter(ctx.action_cards[c].level for c in s.board.action_deck)
    emperors = [c for c in (*b.emperor_deck, *b.emperor_display, *owned) if c in ctx.emperor_cards]
    base_emperors = [c for c, card in ctx.emperor_cards.items() if not card.expansion]
    assert sorted(emperors) == sorted(base_emperors)
    caravans = [c for c in (*b.caravan_deck, *b.caravan_display) if c]
    caravans += [c for p in d.players for c in p.caravans]
    assert len(caravans) == len(set(caravans))
    kinds = [ctx.caravans[c].kind for c in b.caravan_deck]
    assert kinds == sorted(kinds, key=lambda k: k == "basic")  # SETUP-07: basics on top
    assert Counter(kinds) == Counter(ctx.caravans[c].kind for c in s.board.caravan_deck)
    tiles = [t for st in b.cup_stacks.values() for t in st]
    tiles += [t for p in d.players for row in p.cup_rows for t in row]
    assert len(tiles) == len(set(tiles))
    for prov, stack in b.cup_stacks.items():
        assert len(stack) == len(s.board.cup_stacks[prov])
        assert stack[-1:] == s.board.cup_stacks[prov][-1:]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(3))
def test_determinize_round_trips_and_plays_on(players: int, seed: int) -> None:
    game, s = new_game(players, seed)
    rng = Rng.from_seed(seed * 101 + players)
    moves = 0
    samples = 0
    while not s.is_over():
        if moves % 23 == 0:
            seat = moves // 23 % players
            obs = _obs(s, seat)
            d = game.determinize(obs, rng)
            assert d.observation(seat) == obs
            _check_conservation(d, s)
            assert msgspec.json.decode(msgspec.json.encode(d), type=TeaGardenState) == d
            if seat == s.seat:  # the observer's own choices depend only on what it knows
                assert d.legal_moves() == s.legal_moves()
            samples += 1
            play_rng = rng.spawn()
            while not d.is_over():
                _step(d, play_rng)
            assert d.round == 5
        _step(s, rng)
        moves += 1
    assert samples >= 4


def test_determinize_at_the_end_of_a_game() -> None:
    game, s = _advanced(2, 16, 10_000)
    assert s.is_over()
    obs = _obs(s, 1)
    d = game.determinize(obs, Rng.from_seed(1))
    assert d.is_over() and d.observation(1) == obs


def test_determinize_is_deterministic_for_a_seed_and_varies_across_seeds() -> None:
    game, s = _advanced(3, 17, 70)
    obs = _obs(s, 0)
    a = game.determinize(obs, Rng.from_seed(3))
    b = game.determinize(obs, Rng.from_seed(3))
    assert a == b
    encoded = {msgspec.msgpack.encode(game.determinize(obs, Rng.from_seed(k))) for k in range(8)}
    assert len(encoded) == 8
    assert _obs(s, 0) == obs  # the observation itself is left untouched


def test_determinize_deals_every_unknown_item() -> None:
    game, s = new_game(2, 18)
    obs = _obs(s, 0)
    in_hand: Counter[str] = Counter()
    own_orders, decks, stacks, emperors = set(), set(), set(), set()
    rngs = set()
    for k in range(60):
        d = game.determinize(obs, Rng.from_seed(k))
        assert d.players[0].hand == s.players[0].hand
        in_hand.update(set(d.players[1].hand))
        own_orders.add(tuple(d.players[0].draw))
        decks.add(tuple(d.board.action_deck))
        stacks.add(tuple(d.board.cup_stacks["green"]))
        emperors.add(tuple(d.board.emperor_deck))
        rngs.add(d.rng.state)
    assert set(in_hand) == set(s.ctx.starting_ids)  # any of seat 1's cards may be in hand
    for seen in (own_orders, decks, stacks, emperors, rngs):
        assert len(seen) > 30
    # 2p: 4 of the 9 cards of each level are in play; all 9 may be dealt into the deck.
    dealt = {c for deck in decks for c in deck}
    level2 = {c for c, card in s.ctx.action_cards.items() if card.level == 2}
    assert level2 - set(s.board.action_display) <= dealt


def test_selected_cards_stay_in_the_hand_of_the_seat_to_move() -> None:
    game, s = new_game(2, 19)
    chosen = sorted(s.players[0].hand)[:2]
    play(game, s, *(f"select {c}" for c in chosen))
    obs = _obs(s, 1)
    for k in range(20):
        d = game.determinize(obs, Rng.from_seed(k))
        assert d.turn.selected == chosen
        assert Counter(chosen) <= Counter(d.players[0].hand)
        assert mv.Commit(chosen[0]) in d.legal_moves()
        d.apply(mv.Commit(chosen[-1]))


def test_determinize_refuses_foreign_observations() -> None:
    game, s = new_game(2, 20)
    obs = _obs(s, 0)
    with pytest.raises(TypeError):
        determinize(game.context, Observation(seat=0), Rng(1), TeaGardenState)
    other = msgspec.structs.replace(obs, ctx_key="elsewhere")
    with pytest.raises(ValueError, match="setup"):
        determinize(game.context, other, Rng(1), TeaGardenState)
    short = msgspec.structs.replace(obs, emperor_deck_size=20)
    with pytest.raises(ValueError, match="unseen"):
        determinize(game.context, short, Rng(1), TeaGardenState)
    with pytest.raises(ValueError):
        observe(s, 2)
