"""The words of the Puerh expansion's moves: the Noble Court, the Puerh Market, the Premium and
Basic tokens and placing a token in a set. Without the expansion's court on the board the log
has nothing to say of them (and falls back to the move's text)."""

from __future__ import annotations

from collections.abc import Sequence

from core.moves import Move
from core.tea_garden import moves as mv
from core.tea_garden import words as w
from core.tea_garden.move_words.scene import Entry, Scene, entry


def _court_label(s: Scene, move: mv.NobleCourt) -> str:
    court, spaces = s.board.court, s.ctx.components.court
    halls = court.halls if court else []
    hall = s.ctx.halls.get(halls[move.hall - 1]) if move.hall <= len(halls) else None
    name = f" ({hall.name}: {w.effect_text(hall.effects)})" if hall else ""
    need = spaces.hall_spaces[move.space - 1] if spaces else 0
    return f"Hall {move.hall}{name}, space {move.space}: strength {need}"


def _court(s: Scene, move: mv.NobleCourt) -> str:
    court = s.board.court
    if court is None:
        return ""
    hall = s.ctx.halls[court.halls[move.hall - 1]]
    spaces = s.ctx.components.court.hall_spaces if s.ctx.components.court else ()
    value = spaces[move.space - 1] if move.space <= len(spaces) else 0
    return (
        f"sends a Courtier to the {hall.name} (space worth {value}) "
        f"to {w.effect_text(hall.effects)}"
    )


def _court_phrase(s: Scene, move: mv.NobleCourt) -> str:
    court = s.board.court
    if court is None:
        return ""
    return f"sent a Courtier to the {s.ctx.halls[court.halls[move.hall - 1]].name}"


def _market(s: Scene, move: mv.PuerhMarket) -> str:
    return "goes to the Puerh Market" if s.board.court is not None else ""


def _slot_token(s: Scene, row: str, slot: int) -> str:
    """The Puerh token id in ``slot`` (1-based) of the Court's ``market`` or ``storage`` row
    ("" for an empty slot or no Court)."""
    court = s.board.court
    tokens: Sequence[str] = getattr(court, row) if court else ()
    return tokens[slot - 1] if slot <= len(tokens) else ""


def _slot_label(s: Scene, row: str, slot: int) -> str:
    return f"Slot {slot}: {w.puerh_token_words(s.ctx, _slot_token(s, row, slot))}"


def _slot_bonus(s: Scene, row: str, slot: int) -> str:
    token = s.ctx.puerh_tokens.get(_slot_token(s, row, slot))
    return w.effect_text(token.bonus) if token else "nothing"


def _premium_label(s: Scene, move: mv.BuyPremium) -> str:
    return _slot_label(s, "market", move.slot)


def _premium(s: Scene, move: mv.BuyPremium) -> str:
    if s.board.court is None:
        return ""
    bonus = _slot_bonus(s, "market", move.slot)
    return f"buys the Premium Puerh token in Market slot {move.slot} ({bonus})"


def _basic_label(s: Scene, move: mv.TakeBasic) -> str:
    return _slot_label(s, "storage", move.slot)


def _basic(s: Scene, move: mv.TakeBasic) -> str:
    if s.board.court is None:
        return ""
    bonus = _slot_bonus(s, "storage", move.slot)
    return f"takes the Basic Puerh token in Storage slot {move.slot} ({bonus})"


def _place_label(s: Scene, move: mv.PlacePuerh) -> str:
    if move.set == 0:
        return "Start a new set with it"
    if move.bridge:
        return f"Join sets {move.set} and {move.bridge} with it into a cake"
    sets = s.me.puerh_sets
    held = len(sets[move.set - 1]) if move.set <= len(sets) else 0
    return f"Add it to set {move.set} ({w.plural(held, 'token')} so far)"


def _place(s: Scene, move: mv.PlacePuerh) -> str:
    if s.board.court is None:
        return ""
    if move.set == 0:
        return "places the Puerh token as a new set"
    if move.bridge:
        return (
            f"joins the Puerh token to single tokens {move.set} and {move.bridge}, "
            "completing a tea cake"
        )
    size = len(s.me.puerh_sets[move.set - 1]) + 1
    done = "completing a tea cake" if size == 3 else f"making a set of {size}"
    return f"joins the Puerh token to set {move.set}, {done}"


ENTRIES: dict[type[Move], Entry] = dict(
    [
        entry(mv.NobleCourt, _court_label, _court, _court_phrase),
        entry(
            mv.PuerhMarket,
            lambda s, m: "Buy Premium Puerh tokens",
            _market,
            lambda s, m: "went to the Puerh Market",
        ),
        entry(mv.BuyPremium, _premium_label, _premium, lambda s, m: "bought a Premium Puerh token"),
        entry(mv.TakeBasic, _basic_label, _basic, lambda s, m: "took a Basic Puerh token"),
        entry(mv.PlacePuerh, _place_label, _place),
    ]
)
