"""The decision panel offers every legal move of a Puerh game (the expansion's main actions and
decisions included), so the expansion can be played by keys, and says what each one asks."""

from __future__ import annotations

from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.words import effect_text
from tea_tui.games.tea_garden.menu import _SUBMENU_OF, build_menu
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


def test_puerh_decisions_say_what_they_ask_in_words() -> None:
    """Sending a Courtier, taking a Hall's gains, buying, paying for, taking and placing a Puerh
    token: titles and labels in words, no internal ids ("puerh:2") and no set 0."""
    session = GameSession.new(
        TeaGardenGame(num_seats=2, options=Options(puerh=True)), ["human", "human"], 3
    )
    rng = Rng.from_seed(3)
    seen: set[str] = set()
    while not session.is_over():
        legal = session.legal_moves()
        menu = build_menu(session.view(), legal, session.ctx)
        top = session.state.pending[-1] if session.state.pending else None
        if isinstance(top, st.PayLeaves) and top.purpose.startswith("puerh:"):
            slot = top.purpose.partition(":")[2]
            assert menu.title.endswith(f"for the Premium Puerh token of Market slot {slot}")
            seen.add("pay")
        elif isinstance(top, st.BuyPuerh | st.TakeBasicPuerh | st.PlacePuerh):
            assert "Puerh token" in menu.title, menu.title
            seen.add(type(top).__name__)
        halls = [m for m in legal if isinstance(m, mv.NobleCourt)]
        if halls:  # each space: the Hall's name and the strength it needs
            court = build_menu(session.view(), legal, session.ctx, frozenset(), "court")
            assert len(court.items) == len(halls)
            hall_ids = session.state.board.court.halls  # type: ignore[union-attr]
            spaces = session.ctx.components.court.hall_spaces  # type: ignore[union-attr]
            for item, m in zip(court.items, halls, strict=True):
                hall = session.ctx.halls[hall_ids[m.hall - 1]]
                need = spaces[m.space - 1]
                gains = effect_text(hall.effects)  # what a Courtier there gains
                assert item.label == (
                    f"Hall {m.hall} ({hall.name}: {gains}), space {m.space}: strength {need}"
                )
            seen.add("court")
        if isinstance(top, st.ChooseOption) and top.any_order:
            assert menu.title.startswith("Take the Hall's gains"), menu.title
            seen.add("gains")
        if isinstance(top, st.PlacePuerh):
            labels = [item.label for item in menu.items]
            assert labels[0] == "Start a new set with it"
            sets = session.view().players[session.current_seat or 0].puerh_sets
            for item in menu.items[1:]:
                (move,) = item.moves
                assert isinstance(move, mv.PlacePuerh)
                held = len(sets[move.set - 1])
                assert item.label.startswith(f"Add it to set {move.set} ({held} token")
        active = [m for m in legal if not isinstance(m, mv.Pass)]
        session.apply(rng.choice(active if active and rng.below(5) else list(legal)))
    assert seen >= {"pay", "BuyPuerh", "PlacePuerh", "court", "gains"}
