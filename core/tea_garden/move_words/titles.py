"""What a pending decision asks for, as the title over its menu, and what a payment is for, in
the title and in the payment's log sentence."""

from __future__ import annotations

from collections.abc import Callable

from core.tea_garden import state as st
from core.tea_garden import words as w
from core.tea_garden.context import Context
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.move_words.scene import ACTION_NAME, Scene, scene_of_view

TITLES: dict[type[st.Pending], str] = {
    st.ChooseScroll: "Choose a Scroll",
    st.PlaceCupToken: "Place a Cup token on a connection",
    st.MayDraw: "Draw cards?",
    st.MayRemove: "Remove a card from the game?",
    st.TakeEmperorCard: "Take an Emperor card",
    st.ChooseOption: "Choose one side",
    st.ChoosePart: "Choose a part of the University sector",
    st.PlaceCupTile: "Take a Cup tile and place it",
    st.ChooseCupBonus: "Which Cup gives its bonus?",
    st.BuyPuerh: "Buy a Premium Puerh token from the Market",
    st.TakeBasicPuerh: "Take a Basic Puerh token from the Storage",
    st.PlacePuerh: "Place the Puerh token: a new set, or one not yet complete",
}
"""The titles that read nothing but the decision's kind."""


def pending_title(view: TeaGardenObservation, ctx: Context, top: st.AnyPending) -> str:
    """Say what a pending decision asks for, as the seat of ``view`` sees it."""
    if isinstance(top, st.PayLeaves):
        what = purpose_title(scene_of_view(view, ctx), top.purpose)
        return f"Pay {w.demand_text(top.demands)} for {what}"
    if isinstance(top, st.ChooseOption) and top.any_order:  # a Hall's gains (COURT-02)
        return "Take the Hall's gains one by one, in any order, or stop"
    if isinstance(top, st.CoverTeapots):
        pots = w.plural(top.missing, "Teapot")
        it = "it" if top.missing == 1 else "one"
        return f"{ctx.card_name(top.card)} needs {pots} your played cards lack: cover {it}"
    if isinstance(top, st.FermentLeaves):
        return f"Ferment up to {w.plural(top.n, 'more fresh leaf', 'more fresh leaves')}"
    if isinstance(top, st.HarvestGardens):
        return f"Harvest from up to {w.plural(top.n, 'more garden')}"
    if isinstance(top, st.SellLeaves):
        return f"Sell up to {w.plural(top.n, 'more leaf', 'more leaves')}"
    if isinstance(top, st.DiscardCards):
        return f"Discard {w.plural(top.n, 'card')}"
    return TITLES.get(type(top), "Decide")


Purpose = Callable[[Scene, str], str]


def _fee(s: Scene, rest: str) -> str:
    return f"the fee of card slot {len(s.me.stacks)}"


def _card(s: Scene, rest: str) -> str:
    return s.ctx.card_name(rest)


def _caravan(s: Scene, rest: str) -> str:
    return f"the Caravan {s.ctx.name(rest.split(':')[0])}"


PURPOSES: dict[str, tuple[Purpose, Purpose]] = {
    "fee": (_fee, lambda s, rest: f" for {_fee(s, rest)}"),
    "buy": (_card, lambda s, rest: f" for {_card(s, rest)}"),
    "caravan": (_caravan, lambda s, rest: f" for {_caravan(s, rest)}"),
    "emperor": (
        lambda s, rest: "the Emperor track",
        lambda s, rest: f" for row {s.me.emperor_row + 1} of the Emperor track",
    ),
    "repeat": (
        lambda s, rest: "the repeat",
        lambda s, rest: f" to repeat {ACTION_NAME.get(s.turn.secondary, 'the secondary action')}",
    ),
    "puerh": (
        lambda s, rest: f"the Premium Puerh token of Market slot {rest}",
        lambda s, rest: " for a Premium Puerh token",
    ),
}
"""What a leaf payment is for (``PayLeaves.purpose`` is "kind:rest"), by its kind: the title's
words ("the Caravan Tea Horse Road") and the sentence's (" for the Caravan Tea Horse Road")."""


def purpose_title(s: Scene, purpose: str) -> str:
    """What a payment is for, after "Pay … for" (the purpose itself if of no known kind)."""
    kind, _, rest = purpose.partition(":")
    words = PURPOSES.get(kind)
    return words[0](s, rest) if words else purpose


def purpose_phrase(s: Scene, purpose: str) -> str:
    """What a payment is for, as a phrase starting with a space (or empty) for its sentence."""
    kind, _, rest = purpose.partition(":")
    words = PURPOSES.get(kind)
    return words[1](s, rest) if words else ""
