"""Run the benchmarks: ``make bench`` (or ``python -m bench [NAME ...]``).

Each benchmark is timed in several rounds and the median per operation is printed, because the
machine is shared and noisy; compare before and after in one run, as a ratio.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import lru_cache

import msgspec

from bench import startup
from core.moves import Move
from core.rng import Rng
from core.sencha.game import SenchaGame, SenchaState
from core.setup import GameSetup, make_game, new_setup
from core.tasting import TastingGame
from core.tea_garden import moves as mv
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.hidden import observe
from core.tea_garden.loader import load_components
from core.tea_garden.move_words import label, pending_title
from core.tea_garden.narrate import log_line
from core.tea_garden.rules import TeaGardenState
from saves import SavePaths, SaveStore

Bench = Callable[[], int]
"""A benchmark body: does the work once and returns how many operations it made."""

GAMES_PER_ROUND = 10


def bench_load_components() -> int:
    load_components(None)
    return 1


def bench_rng_below() -> int:
    rng = Rng.from_seed(1)
    for _ in range(10_000):
        rng.below(6)
    return 10_000


def bench_tasting_playout() -> int:
    game = TastingGame()
    rng = Rng.from_seed(2)
    moves = 0
    for seed in range(200):
        state = game.new_state(seed)
        while not state.is_over():
            state.apply_unchecked(rng.choice(state.legal_moves()))
            moves += 1
    return moves


def _random_game(players: int, seed: int, experts: int = -1) -> tuple[TeaGardenState, int]:
    """One random game that prefers acting over passing (as a playing agent would); with
    ``experts`` >= 0, a solo game against Lu Yu with that many Expert cards."""
    solo = experts >= 0
    game = TeaGardenGame(
        num_seats=players, luyu_seat=1 if solo else None, luyu_experts=max(0, experts)
    )
    state = game.new_state(seed)
    rng = Rng.from_seed(seed)
    decisions = 0
    while not state.is_over():
        legal = state.legal_moves()
        active = [m for m in legal if not isinstance(m, mv.Pass | mv.Stop)]
        state.apply_unchecked(rng.choice(active if active and rng.random() < 0.9 else legal))
        decisions += 1
    return state, decisions


_counter = [0]


def _games(players: int) -> Bench:
    def body() -> int:
        for _ in range(GAMES_PER_ROUND):
            _counter[0] += 1
            _random_game(players, _counter[0])
        return GAMES_PER_ROUND

    return body


def _solo_games() -> Bench:
    def body() -> int:
        for _ in range(GAMES_PER_ROUND):
            _counter[0] += 1
            _random_game(2, _counter[0], experts=3)
        return GAMES_PER_ROUND

    return body


def _decisions(players: int) -> Bench:
    def body() -> int:
        total = 0
        for _ in range(GAMES_PER_ROUND):
            _counter[0] += 1
            total += _random_game(players, _counter[0])[1]
        return total

    return body


def _midgame(players: int) -> TeaGardenState:
    state = TeaGardenGame(num_seats=players).new_state(11)
    rng = Rng.from_seed(5)
    while state.round < 3:
        legal = state.legal_moves()
        active = [m for m in legal if not isinstance(m, mv.Pass | mv.Stop)]
        state.apply_unchecked(rng.choice(active or legal))
    return state


@lru_cache(maxsize=1)
def _recorded_2p() -> list[tuple[TeaGardenState, Move, TeaGardenState]]:
    """The states before and after each move of a seeded two-seat game with the expansion."""
    state = TeaGardenGame(num_seats=2, options=Options(puerh=True)).new_state(3)
    rng = Rng.from_seed(3)
    steps = []
    while not state.is_over():
        legal = state.legal_moves()
        active = [m for m in legal if not isinstance(m, mv.Pass | mv.Stop)]
        move = rng.choice(active if active and rng.random() < 0.9 else legal)
        before = state.clone()
        state.apply(move)
        steps.append((before, move, state.clone()))
    return steps


def bench_words_2p() -> int:
    """A move's words as the app makes them: the label of every legal move (and the title of
    the decision) from the mover's view, then the move's log line."""
    steps = _recorded_2p()
    names = ["Ann", "Bo"]
    for before, move, after in steps:
        view = observe(before, before.seat)
        ctx = before.ctx
        if view.pending:
            pending_title(view, ctx, view.pending[-1])
        for m in before.legal_moves():
            label(view, ctx, m)
        log_line(before, move, after, names)
    return len(steps)


@lru_cache
def _midgame_cached(players: int) -> TeaGardenState:
    return _midgame(players)


def bench_clone_2p() -> int:
    state = _midgame(2)
    for _ in range(2_000):
        state.clone()
    return 2_000


def bench_encode_decode_2p() -> int:
    state = _midgame(2)
    encoder = msgspec.json.Encoder()
    decoder = msgspec.json.Decoder(TeaGardenState)
    for _ in range(1_000):
        decoder.decode(encoder.encode(state))
    return 1_000


@lru_cache(maxsize=1)
def _finished_4p() -> tuple[GameSetup, TeaGardenState, list[str]]:
    """A seeded random 4-player game played to the end: its setup, state and move texts."""
    setup = new_setup(["human", "mcts:normal", "random", "heuristic"])
    game = make_game(setup)
    assert isinstance(game, TeaGardenGame)
    state = game.new_state(4)
    rng = Rng.from_seed(4)
    texts: list[str] = []
    while not state.is_over():
        legal = state.legal_moves()
        active = [m for m in legal if not isinstance(m, mv.Pass | mv.Stop)]
        move = rng.choice(active if active and rng.random() < 0.9 else legal)
        state.apply_unchecked(move)
        texts.append(str(move))
    return setup, state, texts


def bench_save_4p() -> int:
    """What the app pays after every move: build the save of a finished 4-player game and
    write it as the autosave (atomic, fsync'd, with its rolling backups)."""
    setup, state, texts = _finished_4p()
    saves = 50
    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(SavePaths.under(folder))
        for _ in range(saves):
            store.autosave(store.record(setup, 4, texts, state))
    return saves


def _mcts_iterations(players: int) -> Bench:
    def body() -> int:
        from ai.base import Budget
        from ai.mcts import MctsAgent

        state = _midgame(players)
        seat = state.current_seat()
        assert seat is not None
        agent = MctsAgent(TeaGardenGame(num_seats=players))
        result = agent.search(
            state.observation(seat), state.legal_moves(), Budget(iterations=200), Rng.from_seed(3)
        )
        return result.iterations

    return body


def bench_determinize_2p() -> int:
    """One sample of the hidden cards from a round-3 observation, 2 players."""
    state = _midgame(2)
    seat = state.current_seat()
    assert seat is not None
    game = TeaGardenGame(num_seats=2)
    view, rng = state.observation(seat), Rng.from_seed(6)
    for _ in range(500):
        game.determinize(view, rng)
    return 500


def _evaluation(kind: str, players: int = 2) -> Bench:
    """One evaluation of a round-3 state, hand-tuned or learned (eval=learned), as the search
    calls it at the end of every simulated turn; compare the two as a ratio."""

    def body() -> int:
        from ai.knowledge import knowledge_for

        game = TeaGardenGame(num_seats=players)
        evaluator = knowledge_for(game, kind).evaluator
        assert evaluator is not None
        state = _midgame_cached(players)
        for _ in range(2000):
            evaluator(state)
        return 2000

    return body


def bench_mcts_turn_2p() -> int:
    """A whole turn of ``mcts:normal`` from the start of a round-3 turn, 2 players: the first
    decision searches, the later ones follow the tree. One operation is one turn."""
    from ai.agents import make_agent
    from ai.tea_garden.knowledge import tea_garden_turn_start

    state = _midgame(2)
    seat = state.current_seat()
    assert seat is not None
    player = make_agent("mcts:normal", TeaGardenGame(num_seats=2))
    rng = Rng.from_seed(7)
    while True:
        legal = state.legal_moves()
        state.apply(player.agent.choose(state.observation(seat), legal, player.budget, rng))
        if state.current_seat() != seat or tea_garden_turn_start(state):
            return 1


def _sencha_random_game(players: int, seed: int) -> tuple[SenchaState, int]:
    """One random Sencha game: its final state and the decisions made (legal moves + apply)."""
    state = SenchaGame(num_seats=players).new_state(seed)
    rng = Rng.from_seed(seed)
    decisions = 0
    while not state.is_over():
        state.apply_unchecked(rng.choice(state.legal_moves()))
        decisions += 1
    return state, decisions


def _sencha_decisions(players: int) -> Bench:
    def body() -> int:
        total = 0
        for _ in range(GAMES_PER_ROUND):
            _counter[0] += 1
            total += _sencha_random_game(players, _counter[0])[1]
        return total

    return body


def _sencha_midgame(players: int) -> SenchaState:
    state = SenchaGame(num_seats=players).new_state(11)
    rng = Rng.from_seed(5)
    while (
        state.pub.cards_turned < 3
        or state.pub.turn.phase != "action"
        or len(state.legal_moves()) < 4
    ):
        state.apply_unchecked(rng.choice(state.legal_moves()))
    return state


def _sencha_mcts_iterations(players: int) -> Bench:
    def body() -> int:
        from ai.base import Budget
        from ai.mcts import MctsAgent

        state = _sencha_midgame(players)
        seat = state.current_seat()
        assert seat is not None
        agent = MctsAgent(SenchaGame(num_seats=players))
        result = agent.search(
            state.observation(seat), state.legal_moves(), Budget(iterations=300), Rng.from_seed(3)
        )
        return result.iterations

    return body


def bench_heuristic_decision_2p() -> int:
    from ai.base import Budget
    from ai.heuristic import HeuristicAgent

    state = _midgame(2)
    seat = state.current_seat()
    assert seat is not None
    agent = HeuristicAgent(TeaGardenGame(num_seats=2))
    view, legal = state.observation(seat), state.legal_moves()
    rng = Rng.from_seed(4)
    for _ in range(20):
        agent.choose(view, legal, Budget(), rng)
    return 20


def _first_frame(argv: list[str], marker: bytes) -> Bench:
    """Time from launching ``argv`` in a pseudo-terminal of 80 x 24 until ``marker`` has been
    written to it (see :func:`bench.startup.first_frame`). One launch per round."""

    def body() -> int:
        startup.first_frame(argv, marker)
        return 1

    return body


BENCHMARKS: dict[str, tuple[Bench, str]] = {
    "load_components": (bench_load_components, "ms"),
    "rng_below": (bench_rng_below, "us"),
    "tasting_playout_move": (bench_tasting_playout, "us"),
    "tg_2p_random_game": (_games(2), "ms"),
    "tg_4p_random_game": (_games(4), "ms"),
    "tg_solo_random_game": (_solo_games(), "ms"),
    "tg_2p_legal_plus_apply": (_decisions(2), "us"),
    "tg_4p_legal_plus_apply": (_decisions(4), "us"),
    "tg_clone_2p": (bench_clone_2p, "us"),
    "tg_encode_decode_2p": (bench_encode_decode_2p, "us"),
    "tg_words_2p_move": (bench_words_2p, "us"),
    "save_4p": (bench_save_4p, "ms"),
    "ai_mcts_iteration_2p": (_mcts_iterations(2), "us"),
    "ai_mcts_iteration_4p": (_mcts_iterations(4), "us"),
    "ai_determinize_2p": (bench_determinize_2p, "us"),
    "ai_mcts_turn_2p": (bench_mcts_turn_2p, "ms"),
    "ai_heuristic_decision_2p": (bench_heuristic_decision_2p, "ms"),
    "ai_eval_hand_2p": (_evaluation("hand"), "us"),
    "ai_eval_learned_2p": (_evaluation("learned"), "us"),
    # Sencha beside Tea Garden: random-play decisions (legal moves + apply) and MCTS iterations.
    "sen_2p_legal_plus_apply": (_sencha_decisions(2), "us"),
    "sen_4p_legal_plus_apply": (_sencha_decisions(4), "us"),
    "ai_sen_mcts_iteration_2p": (_sencha_mcts_iterations(2), "us"),
    "ai_sen_mcts_iteration_4p": (_sencha_mcts_iterations(4), "us"),
    # Launch to the first frame in a pseudo-terminal (80 x 24): `tea-tui` alone until its title
    # screen's menu is drawn, and, to compare, a Textual app of one Static. One launch per round.
    "tui_title_first_frame": (
        _first_frame(*startup.TITLE),
        "ms",
    ),
    "tui_textual_alone_first_frame": (
        _first_frame(*startup.ALONE),
        "ms",
    ),
}


def run(body: Bench, rounds: int = 5) -> float:
    """Return the median seconds per operation of ``body`` over ``rounds`` runs."""
    per_op = []
    for _ in range(rounds):
        start = time.perf_counter()
        ops = body()
        per_op.append((time.perf_counter() - start) / ops)
    return statistics.median(per_op)


def main(argv: list[str]) -> int:
    """Run the named benchmarks (all by default) and print their medians."""
    names = argv or [*BENCHMARKS, "keypress", "ratios"]
    keypress, ratios = "keypress" in names, "ratios" in names
    names = [n for n in names if n not in ("keypress", "ratios")]
    unknown = [n for n in names if n not in BENCHMARKS]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; known: {', '.join(BENCHMARKS)}")
        return 2
    if names:
        print(f"{'benchmark':<26} {'median per op':>14} {'per second':>12}")
    for name in names:
        body, unit = BENCHMARKS[name]
        seconds = run(body)
        scale = 1e3 if unit == "ms" else 1e6
        print(f"{name:<26} {seconds * scale:>11.2f} {unit} {1 / seconds:>12,.0f}")
    if names:
        sample = [_random_game(p, 10_000 + i)[1] for p in (2, 4) for i in range(5)]
        print(f"decisions per game (2p, 4p): {sum(sample[:5]) / 5:.0f}, {sum(sample[5:]) / 5:.0f}")
        sen = [_sencha_random_game(p, 10_000 + i)[1] for p in (2, 4) for i in range(5)]
        two, four = sum(sen[:5]) / 5, sum(sen[5:]) / 5
        print(f"Sencha decisions per random game (2p, 4p): {two:.0f}, {four:.0f}")
    if keypress:
        from bench.keypress import report

        report()
    if ratios:
        startup.report()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
