"""Any registered game, played through the engine protocol alone: the fallback for a game with
no UI package of its own (``tea_tui.games.<id>``).

:class:`GenericMatch` holds what both fallbacks need, the app's screen
(:mod:`tea_tui.screens.generic_game`) and plain mode (:mod:`tea_tui.plain.generic`): the game,
its seats and their AI players, the moves so far, each move in words (its text notation, which
every game has), the progress and scores from the protocol, and the autosave. A game's own UI
package makes it pleasant; this makes it possible.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from ai.agents import Player, make_agent
from core.engine import Game, State, final_outcome
from core.games import GameInfo, find_game
from core.moves import Move
from core.rng import Rng
from core.seats import SeatSpec
from core.setup import GameSetup, make_game, new_setup
from saves import LoadedGame, SaveError, SaveStore
from tea_tui.ai_seats import ai_rng
from tea_tui.safe_text import clean


@dataclass
class GenericMatch:
    """A game of any registered game in progress, with its seats and log."""

    info: GameInfo
    setup: GameSetup
    game: Game
    seed: int
    state: State
    moves: list[Move] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    """One line per move, in words."""
    created: datetime = field(default_factory=lambda: datetime.now(UTC))
    players: dict[int, Player] = field(default_factory=dict)
    rngs: dict[int, Rng] = field(default_factory=dict)
    saved: bool = True
    """False when the last autosave failed."""
    _claimed: bool = False

    @classmethod
    def new(
        cls, game_id: str, seats: Sequence[SeatSpec | str], seed: int, **options: object
    ) -> GenericMatch:
        """Set up a new game.

        Raises:
            SetupError: for seats or options the game cannot be set up with.
            ValueError: for a seat spec no AI plays.
        """
        setup = new_setup(list(seats), game=game_id, options=dict(options))  # type: ignore[arg-type]
        return cls.of(setup, seed, ())

    @classmethod
    def of(cls, setup: GameSetup, seed: int, moves: Sequence[Move]) -> GenericMatch:
        """Rebuild a game from its setup, seed and moves (a loaded save's)."""
        game = make_game(setup)
        match = cls(find_game(setup.game), setup, game, seed, game.new_state(seed))
        for seat, spec in enumerate(setup.seats):
            if not spec.is_human:
                match.players[seat] = make_agent(spec, game)
                match.rngs[seat] = ai_rng(seed, seat)
        for move in moves:
            match.apply(move)
        return match

    @classmethod
    def from_save(cls, loaded: LoadedGame) -> GenericMatch:
        """Rebuild a loaded save's game, to go on with it."""
        save = loaded.save
        match = cls.of(save.setup, save.seed, loaded.replay.moves)
        match.created = save.created
        return match

    # --- what the screen shows ----------------------------------------------------------

    def name(self, seat: int) -> str:
        """A seat's name: the spec's name, else ``Seat N``."""
        spec = self.setup.seats[seat]
        return clean(spec.name, 32) if spec.name else f"Seat {seat + 1}"

    def kind(self, seat: int) -> str:
        """What plays a seat, in words (``person``, ``mcts:normal``)."""
        spec = self.setup.seats[seat]
        return "person" if spec.is_human else str(SeatSpec(kind=spec.kind, level=spec.level))

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or None once the game is over."""
        return self.state.current_seat()

    @property
    def human_to_move(self) -> bool:
        """True when a person is to decide."""
        seat = self.to_move
        return seat is not None and self.setup.seats[seat].is_human

    def status(self) -> str:
        """A line: the game, how far it has come, who is to move."""
        seat = self.to_move
        who = "the game is over" if seat is None else f"{self.name(seat)} to move"
        return f"{self.info.name}: {self.state.progress().text}, {who}"

    def scores(self) -> list[str]:
        """A line per seat: its points (final ones once the game is over) by category."""
        lines = []
        for seat, parts in enumerate(self.state.score_now()):
            detail = ", ".join(f"{k} {v}" for k, v in parts.items())
            lines.append(f"{self.name(seat)}: {sum(parts.values())} ({detail})")
        return lines

    def result(self) -> str:
        """Who won, in words (once the game is over)."""
        outcome = final_outcome(self.state)
        names = " and ".join(self.name(s) for s in outcome.winners)
        verb = "wins" if len(outcome.winners) == 1 else "share the win"
        return f"{names} {verb} with {max(outcome.scores)} points."

    def view_lines(self, seat: int) -> list[str]:
        """What ``seat`` sees, a line per field of its observation ("hand: 3 5 8"); a game's
        own UI package shows it properly, this at least shows it all."""
        import msgspec

        lines = []
        for name, value in msgspec.structs.asdict(self.state.observation(seat)).items():
            if name == "seat":
                continue
            shown = " ".join(map(str, value)) if isinstance(value, list | tuple) else str(value)
            lines.append(clean(f"{name.replace('_', ' ')}: {shown or '-'}", 120))
        return lines

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves of the seat to decide, in the game's order."""
        return self.state.legal_moves()

    # --- playing ------------------------------------------------------------------------

    def apply(self, move: Move) -> str:
        """Apply a move of the seat to decide and log it; return its log line.

        Raises:
            RulesError: if it is not legal (the state is unchanged).
        """
        seat = self.to_move
        self.state.apply(move, seat=seat)
        self.moves.append(move)
        who = self.name(seat) if seat is not None else "?"
        line = f"{who}: {move}"
        self.log.append(line)
        return line

    def ai_move(self) -> str:
        """Let the AI seat to decide choose and make its move; return the log line."""
        seat = self.to_move
        assert seat is not None and seat in self.players
        player = self.players[seat]
        view = self.state.observation(seat)
        move = player.agent.choose(view, self.legal_moves(), player.budget, self.rngs[seat])
        return self.apply(move)

    def autosave(self, store: SaveStore) -> str:
        """Write the autosave; return a note for the player ("" when there is none): the
        game that was in the slot kept as a named save, or why the autosave failed (the slot is
        then left as it was)."""
        from tea_tui.persist import keep_previous_autosave

        note = ""
        try:
            if not self._claimed:
                texts = [str(m) for m in self.moves]
                note = keep_previous_autosave(store, self.seed, self.created, texts)
                self._claimed = True
            store.autosave(
                store.record(self.setup, self.seed, self.moves, self.state, created=self.created)
            )
        except SaveError as exc:
            self.saved = False
            return f"The game could not be autosaved: {exc}"
        self.saved = True
        return note
