"""The Tea Garden state with the engine protocol's methods (legal moves, apply, outcome)."""

from __future__ import annotations

import msgspec

from core.engine import Observation, Outcome, Progress
from core.moves import Move
from core.rng import Rng
from core.tea_garden import actions as ac
from core.tea_garden import moves as mv
from core.tea_garden import puerh as pu
from core.tea_garden import state as st
from core.tea_garden.court import check_decrees
from core.tea_garden.decisions import apply_decision, decision_moves, settle
from core.tea_garden.flow import apply_turn_move, turn_moves
from core.tea_garden.luyu import luyu_moves, pass_turn, play_turn
from core.tea_garden.state import GameData


class TeaGardenState(GameData, kw_only=True):
    """A Tea Garden game in progress (see :class:`~core.tea_garden.state.GameData`)."""

    def current_seat(self) -> int | None:
        """Return the seat to decide, or None once the game is over."""
        return None if self.over else self.seat

    def is_over(self) -> bool:
        """Return True after the fifth round's Action phase (END-01)."""
        return self.over

    def legal_moves(self) -> tuple[Move, ...]:
        """Return the legal moves of the pending sub-decision, or of the turn."""
        if self.over:
            return ()
        if self.luyu is not None and self.seat == self.luyu.seat:
            return tuple(luyu_moves(self))
        if self.pending:
            top = self.pending[-1]
            if isinstance(top, st.PayLeaves):
                return tuple(ac.pay_moves(self, top))
            if isinstance(top, st.CoverTeapots):
                return tuple(ac.teapot_moves(self, top))
            if isinstance(top, st.BuyPuerh):
                return tuple(pu.buy_moves(self, top))
            if isinstance(top, st.TakeBasicPuerh):
                return tuple(pu.basic_moves(self))
            if isinstance(top, st.PlacePuerh):
                return tuple(pu.place_moves(self))
            return tuple(decision_moves(self, top))
        return tuple(turn_moves(self))

    def apply_unchecked(self, move: Move) -> None:
        """Apply a legal move, then resolve whatever follows automatically. Whatever deals,
        draws, turns or shuffles counts a reveal (:attr:`reveals`) where it happens."""
        mover = self.seat
        if self.luyu is not None:  # only a solo game has Lu Yu's moves
            if isinstance(move, mv.LuYuTurn):
                play_turn(self)
                return
            if isinstance(move, mv.LuYuPass):
                pass_turn(self)
                return
        if self.pending:
            top = self.pending[-1]
            if isinstance(move, mv.PayLeaf):
                ac.do_pay(self, move)
            elif isinstance(top, st.CoverTeapots):
                assert isinstance(move, mv.CoverTeapot)
                ac.do_cover(self, move)
            elif isinstance(move, mv.BuyPremium):
                pu.do_buy_premium(self, move)
            elif isinstance(move, mv.TakeBasic):
                pu.do_take_basic(self, move)
            elif isinstance(move, mv.PlacePuerh):
                pu.do_place(self, move)
            else:
                apply_decision(self, move)
        else:
            apply_turn_move(self, move)
        settle(self)
        if self.board.court is not None:
            check_decrees(self, mover)  # AMB-49: after every change on a turn

    def clone(self) -> TeaGardenState:
        """Return an independent copy, written out by hand because search clones constantly."""
        return msgspec.structs.replace(
            self,
            rng=Rng(self.rng.state),
            players=[st.copy_player(p) for p in self.players],
            board=st.copy_board(self.board),
            turn=st.copy_turn(self.turn),
            pending=self.pending[:],  # pending decisions are frozen
            luyu=st.copy_luyu(self.luyu),
        )

    def outcome(self) -> Outcome | None:
        """Return final scores with their breakdown and the winners (SCORE, TIE); None while
        the game goes on."""
        if not self.over:
            return None
        from core.tea_garden.scoring import final_outcome

        return final_outcome(self)

    def progress(self) -> Progress:
        """Return the round being played, of five."""
        from core.tea_garden.maintenance import ROUNDS

        if self.over:
            return Progress(f"Finished after round {ROUNDS}", ROUNDS, ROUNDS)
        return Progress(f"Round {self.round} of {ROUNDS}", self.round, ROUNDS)

    def score_now(self) -> tuple[dict[str, int], ...]:
        """Return every seat's points by category as if the game ended now."""
        from core.tea_garden.scoring import live_breakdown

        final = self.outcome()
        return final.breakdown if final is not None else live_breakdown(self)

    def observation(self, seat: int) -> Observation:
        """Return what ``seat`` may know (see :mod:`core.tea_garden.hidden`)."""
        from core.tea_garden.hidden import observe

        return observe(self, seat)
