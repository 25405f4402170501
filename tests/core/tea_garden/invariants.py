"""Invariants every Tea Garden state must keep, checked after every move of random games."""

from __future__ import annotations

from collections import Counter

import msgspec

from core.tea_garden.rules import TeaGardenState

PAGODAS_PER_PLAYER = 7
SPARE_WORKERS = 6


def check_invariants(s: TeaGardenState, totals: dict[str, int]) -> None:
    """Assert conservation and sanity; ``totals`` holds the counts seen at setup."""
    ctx = s.ctx
    lu = s.luyu
    luyu_seat = -1 if lu is None else lu.seat
    for seat, p in enumerate(s.players):
        assert min(p.fresh) >= 0 and min(p.fermented) >= 0, (seat, p.fresh, p.fermented)
        assert min(p.emperor_tokens, p.plus1, p.teapot_scrolls, p.x2) >= 0
        assert all(n >= 0 for row in p.cup_tokens for n in row)
        assert [len(r) - 1 for r in p.cup_rows] == [len(t) for t in p.cup_tokens]
        assert sum(p.pagodas) + len(p.gardens) == PAGODAS_PER_PLAYER
        assert len(set(p.gardens)) == len(p.gardens)
        assert p.workers + p.uni_centre == SPARE_WORKERS and p.workers >= 0
        assert 0 <= p.emperor_row <= len(ctx.components.emperor_track.rows)
        assert 0 <= p.boat < len(ctx.components.river.segments)
        starting = Counter(
            c
            for zone in (p.hand, p.draw, p.discard, p.removed, *p.stacks)
            for c in zone
            if c in ctx.starting_cards
        )
        if seat == luyu_seat:  # SOLO-05: Lu Yu has no player deck and no hand
            assert not (starting or p.hand or p.draw or p.stacks), (seat, p.hand, p.draw)
        else:
            assert starting == Counter(ctx.starting_ids), (seat, starting)
        built = sorted(r for r, spaces in enumerate(s.board.spaces) for o in spaces if o == seat)
        assert built == sorted(p.gardens)
    b = s.board
    owned = [
        c
        for p in s.players
        for zone in (p.hand, p.draw, p.discard, p.removed, *p.stacks)
        for c in zone
        if c not in ctx.starting_cards
    ]
    actions = [
        c for c in (*b.action_deck, *b.action_display, *b.retired, *owned) if c in ctx.action_cards
    ]
    assert len(actions) == len(set(actions)) == totals["actions"]
    emperors = [c for c in (*b.emperor_deck, *b.emperor_display, *owned) if c in ctx.emperor_cards]
    assert len(emperors) == len(set(emperors)) == totals["emperors"]
    caravans = [c for c in (*b.caravan_deck, *b.caravan_display) if c] + [
        c for p in s.players for c in p.caravans
    ]
    assert len(caravans) == len(set(caravans)) == totals["caravans"]
    tiles = [t for stack in b.cup_stacks.values() for t in stack] + [
        t for p in s.players for row in p.cup_rows for t in row
    ]
    assert len(tiles) == len(set(tiles)) == totals["tiles"]
    court = b.court
    if court is not None:  # EXP-08, COURT-06, PUERH-06/08: the expansion's pieces
        placed = Counter(seat for spaces in court.occupancy for seat in spaces if seat >= 0)
        for seat, p in enumerate(s.players):
            assert p.courtiers >= 0 and p.courtiers_waiting >= 0
            assert p.courtiers + p.courtiers_waiting + placed[seat] == 4
            assert all(1 <= len(cake) <= 3 for cake in p.puerh_sets)
        owned_tokens = [t for p in s.players for cake in p.puerh_sets for t in cake]
        pending = [x.token for x in s.pending if hasattr(x, "token")]
        tokens = [
            t for t in (*court.market, *court.storage, *court.premium_pile, *court.basic_pile) if t
        ]
        everything = tokens + owned_tokens + pending
        assert len(everything) == len(set(everything)) == len(ctx.puerh_tokens)
        halls = [*court.halls, *court.hall_deck, *court.past_halls]
        assert len(halls) == len(set(halls)) == len(ctx.halls)
        for d in court.decrees:
            assert len(d.fulfilled) == len(set(d.fulfilled))
    if lu is not None:  # SOLO-09..12, LUYU-19/25: each of his cards in exactly one place
        where = [*lu.draw, *lu.slots, *lu.box, *(c for pile in lu.piles.values() for c in pile)]
        assert sorted(where) == sorted(ctx.luyu_cards), where
        assert len(lu.slots) <= 5 and set(lu.slots) <= set(lu.seen)
        assert len([c for c in (*lu.draw, *lu.slots) if ctx.luyu_cards[c].group == "expert"]) == (
            lu.experts
        )
        for symbol, pile in lu.piles.items():
            assert all(ctx.luyu_cards[c].secondary == symbol for c in pile)
    raw = msgspec.json.encode(s)
    assert msgspec.json.decode(raw, type=TeaGardenState) == s


def setup_totals(s: TeaGardenState) -> dict[str, int]:
    """Return the counts of cards and tiles in play right after setup."""
    b = s.board
    return {
        "actions": len(b.action_deck) + len([c for c in b.action_display if c]),
        "emperors": len(b.emperor_deck) + len(b.emperor_display),
        "caravans": len(b.caravan_deck) + len(b.caravan_display),
        "tiles": sum(len(stack) for stack in b.cup_stacks.values()),
    }
