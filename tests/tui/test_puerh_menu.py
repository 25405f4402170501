"""The decision panel offers every legal move of a Puerh game (the expansion's main actions and
decisions included), so the expansion can be played by keys."""

from __future__ import annotations

from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame
from tea_tui.move_menu import _SUBMENU_OF, build_menu
from tea_tui.session import GameSession


def test_every_puerh_move_is_in_the_menu() -> None:
    """Random play with the expansion: each legal move is an item or in an item's sub-menu."""
    session = GameSession.new(
        TeaGardenGame(num_seats=2, options=Options(puerh=True)), ["human", "human"], 3
    )
    rng = Rng.from_seed(3)
    kinds: set[type] = set()
    while not session.is_over():
        legal = session.legal_moves()
        menu = build_menu(session.view(), legal, session.ctx)
        covered = set()
        for item in menu.items:
            covered.update(item.moves)
            kinds_of = [k for k, name in _SUBMENU_OF.items() if name == item.submenu]
            covered.update(m for m in legal if kinds_of and isinstance(m, kinds_of[0]))
        assert all(m in covered or isinstance(m, mv.Select) for m in legal), menu.title
        kinds.update(type(m) for m in legal)
        active = [m for m in legal if not isinstance(m, mv.Pass)]
        session.apply(rng.choice(active if active and rng.below(5) else list(legal)))
    assert mv.NobleCourt in kinds and mv.PuerhMarket in kinds
