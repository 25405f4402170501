"""The Maintenance phase between rounds (MAINT-01 … MAINT-09) and the end of the game (END-01)."""

from __future__ import annotations

from core.tea_garden.court import replace_halls, score_halls
from core.tea_garden.decisions import draw_cards
from core.tea_garden.pools import leaves_left
from core.tea_garden.state import QUALITIES, GameData, Turn, deal

ROUNDS = 5
HARVEST_PER_GARDEN = 2
MAINTENANCE_DRAW = 4


def aged(fresh: list[int], fermented: list[int]) -> tuple[list[int], list[int]]:
    """MAINT E: fresh leaves lose a quality (down to 1), fermented ones gain one (up to 6).

    Both lists count leaves by quality, quality 1 first.
    """
    ferm = fermented
    return (
        [fresh[0] + fresh[1], *fresh[2:], 0],
        [0, *ferm[: QUALITIES - 2], ferm[QUALITIES - 2] + ferm[QUALITIES - 1]],
    )


def end_round(g: GameData) -> None:
    """Run Maintenance after rounds 1-4; after round 5 the game is over (END-01)."""
    if g.board.court is not None:  # AMB-38: the Halls are scored first
        if g.round < ROUNDS or not g.ctx.options.no_final_hall_scoring:  # AMB-36
            score_halls(g)
        if g.round < ROUNDS:
            replace_halls(g)
    if g.round >= ROUNDS:
        g.over = True
        return
    n = len(g.players)
    g.round += 1  # A
    g.reveals += 1  # a new round: new hands, a new display card
    g.start_seat = (g.start_seat + 1) % n  # B
    display = g.board.action_display  # C: the leftmost card leaves the game (AMB-31)
    if display[0]:
        g.board.retired.append(display[0])
    del display[0]
    display.append(deal(g, g.board.action_deck))
    for p in g.players:  # D
        for stack in p.stacks:
            p.discard.extend(stack)
        p.stacks = []
    for p in g.players:  # E
        p.fresh, p.fermented = aged(p.fresh, p.fermented)
    regions = g.ctx.regions
    luyu_seat = -1 if g.luyu is None else g.luyu.seat
    for seat, p in enumerate(g.players):  # F (limited pools: in seat order until they run out)
        per_garden = (
            g.ctx.luyu_board.harvest_per_garden if seat == luyu_seat else HARVEST_PER_GARDEN
        )
        for r in p.gardens:  # LUYU-24: Lu Yu harvests by his board; quality means nothing to him
            p.fresh[regions[r].value - 1] += min(per_garden, leaves_left(g))
    lu = g.luyu
    for seat, p in enumerate(g.players):  # G (Lu Yu has no hand: LUYU-12, his cards never return)
        if lu is None or seat != lu.seat:
            draw_cards(g, p, MAINTENANCE_DRAW)
    if lu is not None:  # LUYU-25, AMB-63: his played cards, shuffled, go under his draw deck
        g.rng.shuffle(lu.slots)
        g.reveals += 1
        lu.draw[:0] = lu.slots
        lu.slots = []
    for p in g.players:  # H
        p.passed = False
    g.seat = g.start_seat
    g.turn = Turn()
