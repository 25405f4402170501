"""Sencha's table in words for plain mode (``look``, ``me`` and the status before each
decision): the same facts as the panels, told in sentences rather than glyphs."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from core.sencha.context import Context
from core.sencha.hidden import SenchaObservation
from core.sencha.legal import houses_on, houses_on_field
from core.sencha.narrate import cubes_text
from core.sencha.rules import KINDS, MAX_HOUSES, TAX_MARKS, WORKERS
from core.sencha.scoring import breakdown
from core.sencha.state import Player
from tea_tui.games.sencha.words import (
    KIND_NAMES,
    TEA_NAMES,
    as_data,
    load_text,
    seat_label,
    worker_name,
)


def _houses(
    view: SenchaObservation, names: Sequence[str], counts: Sequence[int], neutral: int
) -> str:
    parts = [f"{seat_label(s, names)} {n}" for s, n in enumerate(counts) if n]
    if neutral:
        parts.append(f"neutral {neutral}")
    return ", ".join(parts) if parts else "none"


def board_lines(view: SenchaObservation, ctx: Context, names: Sequence[str]) -> list[str]:
    """Each plantation, the field and everyone's houses to build and on the reserve."""
    g = as_data(view)
    pub = view.pub
    out = ["Plantations:"]
    for pi, pl in enumerate(pub.plantations):
        houses = _houses(view, names, [p.houses[pi] for p in pub.players], pl.neutral)
        n = houses_on(g, pi)
        build = f"building costs {n} yen" if n < MAX_HOUSES else "full of houses"
        out.append(f"  {ctx.plantation_name(pl.id)}: houses {houses}; {build}.")
        out.append(f"    Cubes: {cubes_text(pl.cubes)} ({sum(pl.cubes)} of 9).")
    field = _houses(view, names, [p.field for p in pub.players], pub.field_neutral)
    out.append(f"  The field: houses {field}; building costs {houses_on_field(g)} yen.")
    out.append(
        "Houses to build / on the reserve: "
        + ", ".join(
            f"{seat_label(s, names)} {p.area} / {p.reserve}" for s, p in enumerate(pub.players)
        )
        + "."
    )
    return out


def market_lines(view: SenchaObservation, ctx: Context) -> list[str]:
    """The card in play, its columns and the Emperor's offers, the cards left, the bag and
    the workers for hire."""
    pub = view.pub
    out = [
        f"Tea Market card {pub.cards_turned} of {pub.deck_size}: {ctx.card_name(pub.card)} "
        f"({view.deck_left} face down)."
    ]
    for t, prices in enumerate(ctx.columns.get(pub.card, (None, None, None))):
        if prices is None:
            out.append(f"  {TEA_NAMES[t]}: no column.")
            continue
        filled = pub.columns[t]
        if filled >= len(prices):
            out.append(f"  {TEA_NAMES[t]}: column full ({len(prices)} cubes).")
        else:
            out.append(
                f"  {TEA_NAMES[t]}: {filled} of {len(prices)} sold; the next sells for "
                f"{prices[filled]} yen (prices {' '.join(map(str, prices))})."
            )
    offers = ctx.offers.get(pub.card, ())
    words = [f"{need} {TEA_NAMES[t]} for {vp} VP" for t, need, vp in offers]
    out.append(f"  The Emperor asks {' or '.join(words) if words else 'nothing'}.")
    if pub.met:
        out.append("  The last card's demand is met: these are the last turns.")
    out.append(f"Bag: {cubes_text(pub.bag)}.")
    hire = [
        f"{KIND_NAMES[k.value]} {WORKERS[k.value].price}"
        + (" and a trade-in" if k.value == "cart" else "")
        + f": {pub.supply[i]}"
        for i, k in enumerate(KINDS)
    ]
    face_down = " (and 1 face down)" if pub.hidden_worker else ""
    out.append(f"Workers for hire{face_down}, price in yen: how many")
    out.append(f"  {'; '.join(hire)}.")
    return out


def workers_text(p: Player) -> str:
    """ "1 Peasant (initial): empty, room for 1; 2 Donkey: 2 Black Tea, full"."""
    return "; ".join(f"{i + 1} {worker_name(w)}: {load_text(w)}" for i, w in enumerate(p.workers))


def player_lines(view: SenchaObservation, names: Sequence[str], seat: int) -> list[str]:
    """One seat: yen, VP and the tax marks, points if it ended now, workers, temple, houses."""
    p = view.pub.players[seat]
    score = sum(breakdown(as_data(view))[seat].values())
    marks = [
        f"{m} VP ({'paid' if p.taxed & (1 << i) else 'to come'})" for i, m in enumerate(TAX_MARKS)
    ]
    points = f"{score} point{'' if score == 1 else 's'}"
    return [
        f"{seat_label(seat, names)}: {p.money} yen, {p.vp} VP, {points} if it ended now.",
        f"  Taxes at {' and '.join(marks)}: 1 yen per plantation house.",
        f"  Workers: {workers_text(p)}.",
        f"  Temple: {cubes_text(p.temple)}.",
        f"  Houses: {sum(p.houses)} on plantations, {p.field} on the field, {p.area} to build, "
        f"{p.reserve} on the reserve.",
    ]


def wrapped(lines: Sequence[str], width: int = 79) -> list[str]:
    """Lines no wider than ``width``, a long one going on indented."""
    out: list[str] = []
    for line in lines:
        lead = len(line) - len(line.lstrip(" "))
        out += textwrap.wrap(line, width, subsequent_indent=" " * (lead + 2)) or [""]
    return out
