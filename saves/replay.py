"""Rebuilding a saved game move by move: the final state, and every state on the way.

A game is a pure function of its setup, seed and moves, so a save needs no state snapshot to be
resumed: :meth:`Replay.build` plays the move list from the seed, checking every move against the
rules. The result serves the app's replay viewer and undo: :meth:`Replay.state_at` returns the
state after any number of moves, from checkpoints kept along the way.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

from core.engine import Game, State
from core.errors import RulesError
from core.moves import Move
from saves.errors import ReplayError

CHECKPOINT_EVERY = 32
"""A copy of the state is kept every this many moves, so any state is a few moves away."""


class Replay:
    """A game rebuilt from its seed and moves, with every intermediate state within reach."""

    def __init__(
        self,
        game: Game,
        seed: int,
        moves: tuple[Move, ...],
        seats: tuple[int, ...],
        checkpoints: dict[int, State],
        final: State,
    ) -> None:
        self.game = game
        """The game the moves were made in."""
        self.seed = seed
        """The seed of the initial state."""
        self.moves = moves
        """The moves, in order."""
        self.seats = seats
        """For each move, the seat that made it."""
        self._checkpoints = checkpoints
        self._final = final

    @classmethod
    def build(
        cls,
        game: Game,
        seed: int,
        texts: Sequence[str],
        source: Path | str = "<moves>",
        *,
        every: int = CHECKPOINT_EVERY,
    ) -> Replay:
        """Parse and play ``texts`` from ``game.new_state(seed)``, checking every move.

        Args:
            game: the game to play.
            seed: the seed of its initial state.
            texts: the moves in text notation.
            source: the save file, named in error messages.
            every: keep a checkpoint every this many moves.

        Raises:
            ReplayError: naming the move's number and text, and why it cannot be read or
                played, for the first move that fails.
        """
        state = game.new_state(seed)
        checkpoints: dict[int, State] = {0: state.clone()}
        moves: list[Move] = []
        seats: list[int] = []
        for index, text in enumerate(texts):
            where = f"move {index + 1} of {len(texts)} ({text!r})"
            seat = state.current_seat()
            if seat is None:
                raise ReplayError(source, f"{where}: the game is already over", index)
            try:
                move = game.parse_move(text)
                state.apply(move)
            except RulesError as exc:
                raise ReplayError(source, f"{where} breaks the rules: {exc}", index) from None
            moves.append(move)
            seats.append(seat)
            if (index + 1) % every == 0:
                checkpoints[index + 1] = state.clone()
        return cls(game, seed, tuple(moves), tuple(seats), checkpoints, state)

    def __len__(self) -> int:
        """Return the number of moves."""
        return len(self.moves)

    @property
    def final(self) -> State:
        """The state after the last move (shared: clone it before changing it)."""
        return self._final

    def state_at(self, index: int) -> State:
        """Return a new copy of the state after the first ``index`` moves (0 = the start).

        Raises:
            IndexError: if ``index`` is not between 0 and ``len(self)``.
        """
        if not 0 <= index <= len(self.moves):
            raise IndexError(f"move index {index} is not between 0 and {len(self.moves)}")
        if index == len(self.moves):
            return self._final.clone()
        start = max(i for i in self._checkpoints if i <= index)
        state = self._checkpoints[start].clone()
        for move in self.moves[start:index]:
            state.apply_unchecked(move)
        return state

    def states(self) -> Iterator[State]:
        """Yield every state from the start to the end, each a new copy."""
        state = self._checkpoints[0].clone()
        yield state.clone()
        for move in self.moves:
            state.apply_unchecked(move)
            yield state.clone()
