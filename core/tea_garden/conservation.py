"""Conservation: every card, tile, token and piece of a Tea Garden state in exactly one place.

:func:`conservation_problems` lists what is out of place in words (empty for a sound state).
The random-game tests check it after every move, and the position builder
(:mod:`core.tea_garden.position`) before it hands a position over.
"""

from __future__ import annotations

from collections import Counter

import msgspec

from core.tea_garden.state import GameData

PAGODAS_PER_PLAYER = 7
SPARE_WORKERS = 6
COURTIERS = 4


class Totals(msgspec.Struct, frozen=True, kw_only=True):
    """How many of each kind of component a game holds (counted right after setup)."""

    actions: int
    emperors: int
    caravans: int
    tiles: int


def setup_totals(g: GameData) -> Totals:
    """Return the counts of cards and tiles in play in a state right after setup."""
    b = g.board
    return Totals(
        actions=len(b.action_deck) + len([c for c in b.action_display if c]),
        emperors=len(b.emperor_deck) + len(b.emperor_display),
        caravans=len(b.caravan_deck) + len(b.caravan_display),
        tiles=sum(len(stack) for stack in b.cup_stacks.values()),
    )


def conservation_problems(g: GameData, totals: Totals) -> list[str]:
    """Return what breaks conservation in ``g``, a sentence each (empty when all is sound)."""
    out: list[str] = []
    ctx = g.ctx
    lu = g.luyu
    luyu_seat = -1 if lu is None else lu.seat
    for seat, p in enumerate(g.players):
        who = f"seat {seat + 1}"
        if min(p.fresh) < 0 or min(p.fermented) < 0:
            out.append(f"{who} holds a negative number of leaves")
        if min(p.emperor_tokens, p.plus1, p.teapot_scrolls, p.x2) < 0:
            out.append(f"{who} holds a negative number of tokens or Scrolls")
        if any(n < 0 for row in p.cup_tokens for n in row):
            out.append(f"{who} has a negative number of Cup tokens on a connection")
        if [len(r) - 1 for r in p.cup_rows] != [len(t) for t in p.cup_tokens]:
            out.append(f"{who}'s Cup tokens do not match its Cup rows")
        if sum(p.pagodas) + len(p.gardens) != PAGODAS_PER_PLAYER:
            out.append(f"{who} has {sum(p.pagodas)} Pagodas left and {len(p.gardens)} gardens")
        if len(set(p.gardens)) != len(p.gardens):
            out.append(f"{who} has two gardens in one Region")
        if p.workers + p.uni_centre != SPARE_WORKERS or p.workers < 0:
            out.append(f"{who} has {p.workers} Workers and {p.uni_centre} at the University")
        starting = Counter(
            c
            for zone in (p.hand, p.draw, p.discard, p.removed, *p.stacks)
            for c in zone
            if c in ctx.starting_cards
        )
        if seat == luyu_seat:
            if starting or p.hand or p.draw or p.stacks:
                out.append(f"{who} is Lu Yu, who has no player deck")
        elif starting != Counter(ctx.starting_ids):
            out.append(f"{who}'s starting cards are not each in its deck exactly once")
        built = sorted(r for r, spaces in enumerate(g.board.spaces) for o in spaces if o == seat)
        if built != sorted(p.gardens):
            out.append(f"{who}'s gardens on the map differ from those on its board")
    b = g.board
    owned = [
        c
        for p in g.players
        for zone in (p.hand, p.draw, p.discard, p.removed, *p.stacks)
        for c in zone
        if c not in ctx.starting_cards
    ]
    _once(
        out,
        "Action card",
        [
            c
            for c in (*b.action_deck, *b.action_display, *b.retired, *owned)
            if c in ctx.action_cards
        ],
        totals.actions,
    )
    _once(
        out,
        "Emperor card",
        [c for c in (*b.emperor_deck, *b.emperor_display, *owned) if c in ctx.emperor_cards],
        totals.emperors,
    )
    caravans = [c for c in (*b.caravan_deck, *b.caravan_display) if c]
    _once(out, "Caravan", caravans + [c for p in g.players for c in p.caravans], totals.caravans)
    tiles = [t for stack in b.cup_stacks.values() for t in stack]
    _once(
        out, "Cup tile", tiles + [t for p in g.players for r in p.cup_rows for t in r], totals.tiles
    )
    court = b.court
    if court is not None:
        placed = Counter(seat for spaces in court.occupancy for seat in spaces if seat >= 0)
        for seat, p in enumerate(g.players):
            if p.courtiers + p.courtiers_waiting + placed[seat] != COURTIERS:
                out.append(f"seat {seat + 1} does not have its {COURTIERS} Courtiers")
        owned_tokens = [t for p in g.players for cake in p.puerh_sets for t in cake]
        pending = [str(x.token) for x in g.pending if hasattr(x, "token")]
        piles = (*court.market, *court.storage, *court.premium_pile, *court.basic_pile)
        _once(
            out,
            "Puerh token",
            [t for t in piles if t] + owned_tokens + pending,
            len(ctx.puerh_tokens),
        )
        _once(out, "Hall", [*court.halls, *court.hall_deck, *court.past_halls], len(ctx.halls))
    if lu is not None:
        where = [*lu.draw, *lu.slots, *lu.box, *(c for pile in lu.piles.values() for c in pile)]
        if sorted(where) != sorted(ctx.luyu_cards):
            out.append("Lu Yu's cards are not each in exactly one place")
    return out


def _once(out: list[str], kind: str, found: list[str], total: int) -> None:
    twice = sorted(c for c, n in Counter(found).items() if n > 1)
    if twice:
        out.append(f"{kind} {', '.join(twice[:5])} is in two places")
    elif len(found) != total:
        out.append(f"{len(found)} {kind}s are in the game, not {total}")
