"""What Sencha's panels show, as lines of styled pieces: the widgets colour them, plain mode
joins their text. One source for both, so the screen and plain mode never disagree.

A line is a list of ``(text, style)`` pieces; the style is a Rich style name ("" for none). No
Textual or Rich here.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.sencha.context import Context
from core.sencha.hidden import SenchaObservation
from core.sencha.legal import houses_on, houses_on_field
from core.sencha.rules import END_VP, KINDS, MAX_CUBES, MAX_HOUSES, TAX_MARKS, WORKERS
from core.sencha.scoring import breakdown
from core.sencha.state import Player
from tea_tui.games.sencha.words import (
    KIND_NAMES,
    TEA_SHORT,
    TEA_STYLES,
    as_data,
    seat_label,
)
from tea_tui.widgets.glyphs import seat_colour, seat_glyph

Piece = tuple[str, str]
Line = list[Piece]

NEUTRAL = "○"
"""A neutral house."""
EMPTY = "·"
"""An empty house spot or column slot."""
FILLED = "■"
"""A cube on a column slot."""


def plain(lines: Sequence[Line]) -> list[str]:
    """The lines as plain text."""
    return ["".join(text for text, _ in line).rstrip() for line in lines]


def seat_piece(seat: int, names: Sequence[str]) -> Piece:
    """A seat's glyph and name in its colour."""
    return f"{seat_glyph(seat)} {seat_label(seat, names)}", f"bold {seat_colour(seat)}"


def cube_pieces(counts: Sequence[int], *, zeros: bool = True) -> Line:
    """ "Sencha 1  Sakura 0  Black 2", each tea in its colour."""
    out: Line = []
    for t, n in enumerate(counts):
        if n or zeros:
            if out:
                out.append(("  ", ""))
            out.append((f"{TEA_SHORT[t]} {n}", TEA_STYLES[t] if n else "dim"))
    return out or [("none", "dim")]


# --- the table ---------------------------------------------------------------------------------


def plantation_lines(view: SenchaObservation, ctx: Context, names: Sequence[str]) -> list[Line]:
    """A line per plantation (its houses and cubes), the field, and the houses of each seat."""
    g = as_data(view)
    pub = view.pub
    out: list[Line] = [
        [("Plantations", "bold"), ("  houses (3 at most) · cubes (9 at most)", "dim")]
    ]
    width = max([len(ctx.plantation_name(pl.id)) for pl in pub.plantations] + [9])
    for pi, pl in enumerate(pub.plantations):
        line: Line = [(f" {ctx.plantation_name(pl.id):<{width}} ", "bold")]
        spots = 0
        for seat, p in enumerate(pub.players):
            if p.houses[pi]:
                line.append((seat_glyph(seat) * p.houses[pi], seat_colour(seat)))
                spots += p.houses[pi]
        if pl.neutral:
            line.append((NEUTRAL * pl.neutral, "dim"))
            spots += pl.neutral
        line.append((EMPTY * max(0, MAX_HOUSES - spots), "dim"))
        cost = houses_on(g, pi)
        line.append((f" build {cost}¥ " if spots < MAX_HOUSES else " full    ", "dim"))
        line += cube_pieces(pl.cubes)
        line.append((f"  ({sum(pl.cubes)}/{MAX_CUBES})", "dim"))
        out.append(line)
    field: Line = [(f" {'Field':<{width}} ", "bold")]
    for seat, p in enumerate(pub.players):
        if p.field:
            field.append((seat_glyph(seat) * p.field, seat_colour(seat)))
    if pub.field_neutral:
        field.append((NEUTRAL * pub.field_neutral, "dim"))
    if not houses_on_field(g):
        field.append(("none", "dim"))
    field.append((f" build {houses_on_field(g)}¥ ", "dim"))
    field.append(("(+1¥ a Sell, 1 VP at the end)", "dim"))
    out.append(field)
    out.append(
        [
            ("Houses  ", "bold"),
            ("to build / on the reserve (a buy: 1¥ per house on it)", "dim"),
        ]
    )
    row: Line = [(" ", "")]
    for seat, p in enumerate(pub.players):
        row += [seat_piece(seat, names), (f" {p.area}/{p.reserve}   ", "")]
    out.append(row)
    return out


def market_lines(
    view: SenchaObservation, ctx: Context, names: Sequence[str], width: int = 0
) -> list[Line]:
    """The Tea Market card in play (columns, prices, the Emperor), the cards left, the bag and
    the workers for hire (on two lines when one is wider than ``width``, if given)."""
    pub = view.pub
    card = ctx.cards.get(pub.card)
    title = card.name if card is not None else pub.card
    out: list[Line] = [
        [
            ("Tea Market: ", "bold"),
            (title, "bold underline"),
            (f"  card {pub.cards_turned} of {pub.deck_size}, {view.deck_left} face down", "dim"),
        ]
    ]
    cols = ctx.columns.get(pub.card, (None, None, None))
    widest = max(len(c) for c in cols if c is not None)
    for t in range(3):
        prices = cols[t]
        line: Line = [(f"  {TEA_SHORT[t]:<7}", TEA_STYLES[t])]
        if prices is None:
            line.append((" no column on this card", "dim"))
            out.append(line)
            continue
        filled = pub.columns[t]
        for i, price in enumerate(prices):
            line.append(
                (f" {FILLED}" if i < filled else f" {price}", TEA_STYLES[t] if i < filled else "")
            )
        line.append(("  " * (widest - len(prices)) + "   ", ""))
        if filled >= len(prices):
            line.append(("full", "bold"))
        else:
            line.append((f"next sells for {prices[filled]}¥", ""))
            line.append((f" · {filled} of {len(prices)} filled", "dim"))
        out.append(line)
    offers = ctx.offers.get(pub.card, ())
    emp: Line = [("  Emperor", "bold")]
    if not offers:
        emp.append((" asks for nothing on this card", "dim"))
    for oi, (t, need, vp) in enumerate(offers):
        emp.append(("  " if oi == 0 else " · ", ""))
        emp.append((f"{need} {TEA_SHORT[t]}", TEA_STYLES[t]))
        emp.append((f" → {vp} VP", "bold"))
        if pub.turn.emperor == oi:
            emp.append((f" ({pub.turn.paid} given)", "italic"))
    out.append(emp)
    out.append(market_note(view, ctx))
    bag: Line = [("Bag ", "bold"), *cube_pieces(pub.bag)]
    if pub.hidden_worker:
        bag.append(("  · 1 worker face down", "dim"))
    out.append(bag)
    hire: Line = [("For hire ", "bold")]
    for k, kind in enumerate(KINDS):
        spec = WORKERS[kind.value]
        cost = "3¥+trade" if kind.value == "cart" else f"{spec.price}¥"
        if k:
            hire.append((" · ", "dim"))
        hire.append(
            (f"{KIND_NAMES[kind.value]} {cost} x{pub.supply[k]}", "" if pub.supply[k] else "dim")
        )
    if width and sum(len(text) for text, _ in hire) > width:
        cut = len(hire) // 2  # after the Donkey, its " · " dropped
        out += [hire[:cut], [(" " * len(hire[0][0]), ""), *hire[cut + 1 :]]]
    else:
        out.append(hire)
    return out


def market_note(view: SenchaObservation, ctx: Context) -> Line:
    """What happens when a column fills, or, in the last turns, what may still be done."""
    if view.pub.met:
        if ctx.options.last_card_offer_any:
            return [("  Last turns: sell, or offer a temple tea with no room here.", "bold")]
        return [("  Last turns: sell, or offer a full column's tea to a temple.", "bold")]
    if view.deck_left == 0:
        return [("  The last card: a full column gives the others one last turn.", "bold")]
    return [("  A full column ends the card; offer its tea to your temple.", "dim")]


# --- the players -------------------------------------------------------------------------------


def vp_track(p: Player) -> Line:
    """The VP track 0..7 with the marker and the tax marks (¥, dim once paid)."""
    out: Line = [("VP ", "bold")]
    for v in range(END_VP + 1):
        here = p.vp == v or (v == END_VP and p.vp > END_VP)
        text = f"{v}+" if v == END_VP else str(v)
        out.append((text, "bold reverse" if here else ""))
        if v in TAX_MARKS:
            bit = 1 << TAX_MARKS.index(v)
            out.append(("¥", "dim" if p.taxed & bit else "bold red"))
        out.append((" ", ""))
    return out


def money_track(p: Player, cap: int | None) -> Line:
    """Yen as a bar up to the cap, with the scoring bands' marks."""
    top = cap if cap is not None else max(12, p.money)
    bar = "".join("━" if i < p.money else "─" for i in range(min(top, 20)))
    return [("Yen ", "bold"), (f"{p.money:>2} ", "bold"), (bar, "yellow"), (f" {top}", "dim")]


def worker_pieces(p: Player) -> Line:
    """Each worker, numbered as the moves number them, with its load and its room (·); the
    initial worker carries a *."""
    out: Line = []
    for i, w in enumerate(p.workers):
        if i:
            out.append((" │ ", "dim"))
        star = "*" if w.initial else ""
        out.append((f"{i + 1} {KIND_NAMES.get(w.kind, w.kind)}{star}:", "bold"))
        for t in range(3):
            if w.load[t]:
                text = f" {w.load[t]} {TEA_SHORT[t]}" if w.load[t] > 1 else f" {TEA_SHORT[t]}"
                out.append((text, TEA_STYLES[t]))
        room = WORKERS[w.kind].capacity - sum(w.load)
        if room > 0:
            out.append((" " + " ".join(EMPTY * room), "dim"))
    return out


def player_lines(
    view: SenchaObservation, ctx: Context, names: Sequence[str], seat: int, width: int = 0
) -> list[Line]:
    """One seat: name, points so far, the VP and yen tracks, workers (the third on a line of
    its own when one line would be wider than ``width``, if given), temple and houses."""
    p = view.pub.players[seat]
    score = sum(breakdown(as_data(view))[seat].values())
    to_move = not view.pub.over and view.pub.seat == seat
    head: Line = [
        seat_piece(seat, names),
        (
            f"  {p.money}¥ · {p.vp} VP · {score} point{'' if score == 1 else 's'} if it ended now",
            "",
        ),
    ]
    if to_move:
        head.append(("  ◀ to move", "bold"))
    on_plantations = sum(p.houses)
    tax = f"tax {on_plantations}¥ a mark" if on_plantations else "no tax due"
    tracks = [
        (" ", ""),
        *vp_track(p),
        (f"({tax}) ", "dim"),
        *money_track(p, ctx.options.money_cap),
    ]
    workers: list[Line] = [[(" Workers ", "dim"), *worker_pieces(p)]]
    if width and sum(len(text) for text, _ in workers[0]) > width:
        cut = next(i for i, (text, _) in enumerate(workers[0]) if text.startswith("3 "))
        workers = [workers[0][: cut - 1], [(" " * 9, ""), *workers[0][cut:]]]
    return [
        head,
        tracks,
        *workers,
        [(" Temple  ", "dim"), *cube_pieces(p.temple)],
        [
            (" Houses  ", "dim"),
            (
                f"on plantations {on_plantations} · field {p.field} · "
                f"to build {p.area} · reserve {p.reserve}",
                "",
            ),
        ],
    ]


def seats_in_order(view: SenchaObservation) -> list[int]:
    """The viewer first, then the others in turn order."""
    n = len(view.pub.players)
    return [(view.seat + k) % n for k in range(n)]


def status_lines(
    view: SenchaObservation, ctx: Context, names: Sequence[str], you: str
) -> list[Line]:
    """The two lines always on screen: the card, who moves, the viewer's yen, VP and workers."""
    pub = view.pub
    card = ctx.card_name(pub.card)
    first: Line = [(f"Card {pub.cards_turned}/{pub.deck_size} ", "bold"), (card, "")]
    if pub.over:
        first.append(("  │ the game is over", "bold"))
    else:
        first += [("  │ ", "dim"), seat_piece(pub.seat, names), (" to move", "")]
        if pub.ending_seat >= 0:
            first.append((" · last turns", "bold red"))
    if you:
        first += [("  │ you ", "dim"), seat_piece(view.seat, names)]
    p = pub.players[view.seat]
    second: Line = [(f"{p.money}¥ {p.vp} VP", "bold"), (" │ ", "dim"), *worker_pieces(p)]
    if p.area:
        ready: Line = [(" │ ", "dim"), (f"{p.area} house{'s' if p.area > 1 else ''} to build", "")]
        if sum(len(text) for text, _ in second + ready) <= STATUS_WIDTH:
            second += ready
    return [first, second]


STATUS_WIDTH = 77
"""The most the status's second line takes at 80 columns (inside its padding)."""
