"""Final scoring of Tea Garden (END, SCORE, TIE; CUP-09/10, UNI-05, RIVER-02/03, EMPEROR-07).

A score is the VP already on the track plus seven end-game categories. :func:`live_breakdown`
works them out for any state, as if the game stopped now (the app's score screen uses it), and
:func:`final_outcome` adds them up and settles ties once the game is over.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import NamedTuple

from core.engine import Outcome
from core.tea_garden.context import Context
from core.tea_garden.state import CourtState, GameData, PlayerState

CATEGORIES = (
    "track",
    "action_cards",
    "emperor_cards",
    "river",
    "university",
    "emperor_track",
    "cups",
    "scrolls_tokens",
)
"""The breakdown's keys, in the order they are shown."""

EXPANSION_CATEGORIES = ("puerh", "decrees", "halls")
"""Added after the base categories when the Puerh expansion is on (SCORE-11..13)."""
SOLO_CATEGORIES = ("caravans", "leaves")
"""Added in a solo game for Lu Yu's own scoring (LUYU-27/28); the player scores 0 there."""
CAKE_SIZE = 3

CUP_TABLE = (0, 1, 2, 4, 7, 11, 16, 22)
"""CUP-09: VP by the number of matching connections (the index)."""

FLAT_CARD_VP = 12
"""SCORE-09 E3: what the card is worth by itself."""
STARTING_DECK_VP = 18
"""SCORE-09 E7: the value before 1 VP is taken off per Starting card in the deck."""


class Rate(NamedTuple):
    """A counting condition: ``vp`` per item, at most ``cap`` items scored."""

    vp: int
    cap: int


RATES: dict[str, Rate] = {
    "E1": Rate(vp=3, cap=6),  # fermented leaves
    "E2": Rate(vp=2, cap=9),  # fresh leaves only
    "E4": Rate(vp=4, cap=4),  # Teapot Scrolls
    "E5": Rate(vp=3, cap=6),  # gardens on the map
    "E6": Rate(vp=3, cap=6),  # Caravans taken
    "E8": Rate(vp=3, cap=6),  # cards with the River action
    "E9": Rate(vp=3, cap=6),  # cards with the University action
    "E10": Rate(vp=3, cap=6),  # cards with the Cup action
    "E11": Rate(vp=2, cap=9),  # cards with a Teapot
    "E12": Rate(vp=5, cap=4),  # complete Puerh cakes (expansion)
}
"""SCORE-09: the conditions that count something, with their rate and cap."""

_Counter = Callable[[Context, PlayerState, Sequence[str]], int]


def _cards_with_secondary(action: str) -> _Counter:
    def count(ctx: Context, p: PlayerState, deck: Sequence[str]) -> int:
        return sum(1 for c in deck if action in ctx.card_secondaries[c])

    return count


_COUNTERS: dict[str, _Counter] = {
    "E1": lambda ctx, p, deck: sum(p.fermented),
    "E2": lambda ctx, p, deck: sum(p.fresh),
    "E4": lambda ctx, p, deck: p.teapot_scrolls,
    # AMB-35: the starting garden in Sichuan is a garden on the map too.
    "E5": lambda ctx, p, deck: len(p.gardens),
    "E6": lambda ctx, p, deck: len(p.caravans),
    "E8": _cards_with_secondary("river"),
    "E9": _cards_with_secondary("university"),
    "E10": _cards_with_secondary("cup"),
    "E11": lambda ctx, p, deck: sum(1 for c in deck if ctx.cards[c].teapots),
    "E12": lambda ctx, p, deck: sum(1 for cake in p.puerh_sets if len(cake) == CAKE_SIZE),
}


def deck_of(p: PlayerState) -> list[str]:
    """Return every card in the player's deck: draw, discard, hand and played stacks (CARD-09).

    Removed cards are not part of it (CARD-08).
    """
    played = [c for stack in p.stacks for c in stack]
    return [*p.draw, *p.discard, *p.hand, *played]


def condition_vp(ctx: Context, p: PlayerState, condition: str) -> int:
    """Return what one Emperor card with ``condition`` (E1..E12) scores for ``p`` (SCORE-09)."""
    return _condition_vp(ctx, p, deck_of(p), condition)


def _condition_vp(ctx: Context, p: PlayerState, deck: Sequence[str], condition: str) -> int:
    if condition == "E3":
        return FLAT_CARD_VP
    if condition == "E7":
        starting = sum(1 for c in deck if c in ctx.starting_cards)
        return max(0, STARTING_DECK_VP - starting)
    rate = RATES[condition]
    return rate.vp * min(rate.cap, _COUNTERS[condition](ctx, p, deck))


def cup_vp(matches: int, table_continues: bool = False) -> int:
    """Return the VP for ``matches`` matching connections (CUP-09).

    Past the printed table the score stays at its last value, unless ``table_continues``
    (AMB-19), where each further connection adds one more than the previous step did.
    """
    last = len(CUP_TABLE) - 1
    if matches <= last:
        return CUP_TABLE[matches]
    if not table_continues:
        return CUP_TABLE[last]
    step = CUP_TABLE[last] - CUP_TABLE[last - 1]
    vp = CUP_TABLE[last]
    for _ in range(matches - last):
        step += 1
        vp += step
    return vp


def matching_connections(ctx: Context, p: PlayerState) -> int:
    """Return how many connections in all of ``p``'s Cup rows join two Cups of one colour."""
    tiles = ctx.cup_tiles
    return sum(
        1
        for row in p.cup_rows
        for left, right in pairwise(row)
        if tiles[left].right.colour == tiles[right].left.colour
    )


def seat_breakdown(ctx: Context, p: PlayerState) -> dict[str, int]:
    """Return one player's points per category, keys in :data:`CATEGORIES` order."""
    cs = ctx.components
    deck = deck_of(p)
    river = cs.river
    # RIVER-02/03: only the segment the Boat ends in scores; the mouth pays by arrival order.
    at_mouth = p.boat == len(river.segments) - 1
    uni = cs.university
    # UNI-05: a Worker still on the start space has no rim value.
    rim = uni.sectors[p.uni_sector - 1].parts[p.uni_part].vp if p.uni_sector else 0
    track = cs.emperor_track
    return {
        "track": p.vp,
        "action_cards": sum(ctx.action_cards[c].vp for c in deck if c in ctx.action_cards),
        "emperor_cards": sum(
            _condition_vp(ctx, p, deck, ctx.emperor_cards[c].scoring)
            for c in deck
            if c in ctx.emperor_cards
        ),
        "river": p.boat_final_vp if at_mouth else river.segments[p.boat].vp,
        "university": p.uni_centre * uni.centre_vp + rim,
        "emperor_track": track.top_vp if p.emperor_row == len(track.rows) else 0,
        "cups": cup_vp(matching_connections(ctx, p), ctx.options.cup_table_continues),
        # CUP-10, END-02: Cup tokens and leaves are worth nothing by themselves.
        "scrolls_tokens": p.plus1 + p.teapot_scrolls + p.x2 + p.emperor_tokens,
    }


def live_breakdown(g: GameData) -> tuple[dict[str, int], ...]:
    """Return every seat's points per category as if the game ended now."""
    ctx = g.ctx
    result = tuple(seat_breakdown(ctx, p) for p in g.players)
    if g.board.court is not None:
        for seat, (p, parts) in enumerate(zip(g.players, result, strict=True)):
            parts.update(expansion_breakdown(ctx, g.board.court, seat, p))
    if g.luyu is not None:
        for parts in result:
            parts.update(dict.fromkeys(SOLO_CATEGORIES, 0))
        luyu_breakdown(ctx, g.players[g.luyu.seat], result[g.luyu.seat])
    return result


def luyu_breakdown(ctx: Context, p: PlayerState, parts: dict[str, int]) -> None:
    """LUYU-26..31: Lu Yu's own scoring, written over his standard breakdown.

    Action cards, River, University and Cups stay as for a player; Caravans and leaves score on
    their own; the Emperor track follows his table; he has no Emperor cards, Scrolls or tokens
    that score; with the expansion a cake of 1-2 tokens scores too, and Decrees and Hall VP
    stay (LUYU-31).
    """
    board = ctx.luyu_board
    table = board.emperor_vp
    parts["emperor_cards"] = 0
    parts["scrolls_tokens"] = 0
    parts["emperor_track"] = table[min(p.emperor_row, len(table) - 1)] if table else 0
    parts["caravans"] = board.caravan_vp * len(p.caravans)
    parts["leaves"] = sum(p.fresh) // board.fresh_per_vp + board.fermented_vp * sum(p.fermented)
    if "puerh" in parts:
        parts["puerh"] = sum(
            board.cake_vp if len(cake) == CAKE_SIZE else board.incomplete_cake_vp
            for cake in p.puerh_sets
            if cake
        )


def expansion_breakdown(
    ctx: Context, court: CourtState | None, seat: int, p: PlayerState
) -> dict[str, int]:
    """SCORE-11..13: complete Puerh cakes, Decree spaces and Hall VP of one seat."""
    tokens = ctx.puerh_tokens
    puerh = 0
    for cake in p.puerh_sets:
        if len(cake) == CAKE_SIZE:  # PUERH-11, AMB-42
            puerh += sum(tokens[t].stars for t in cake) * sum(tokens[t].value for t in cake)
    decrees = 0
    if court is not None:
        for d in court.decrees:
            face = ctx.decrees[d.id]
            side = face.brown if d.side == "brown" else face.red
            if seat in d.fulfilled[: len(side.vps)]:  # DECREE-03: the first two score
                decrees += side.vps[d.fulfilled.index(seat)]
    return {"puerh": puerh, "decrees": decrees, "halls": p.hall_vp}


def final_outcome(g: GameData) -> Outcome:
    """Return the scores, their breakdown and the winners of a finished game (SCORE-01, TIE)."""
    breakdown = live_breakdown(g)
    scores = tuple(sum(b.values()) for b in breakdown)
    winners, tie_break = _settle(g, scores)
    return Outcome(scores=scores, breakdown=breakdown, winners=winners, tie_break=tie_break)


def _settle(g: GameData, scores: tuple[int, ...]) -> tuple[tuple[int, ...], str]:
    if g.luyu is not None:  # SOLO-03, AMB-50: the player must score strictly more
        lu = g.luyu.seat
        player = 1 - lu
        if scores[player] > scores[lu]:
            return (player,), ""
        if scores[player] == scores[lu]:
            return (lu,), f"tied on {scores[lu]} points: a tie does not beat Lu Yu."
        return (lu,), ""
    top = max(scores)
    tied = [s for s, score in enumerate(scores) if score == top]
    if len(tied) == 1:
        return tuple(tied), ""
    leaves = [sum(p.fresh) + sum(p.fermented) for p in g.players]
    fermented = [sum(p.fermented) for p in g.players]
    clauses = [f"{_names(tied)} tied on {top} points"]
    for key, what in ((leaves, "leaves"), (fermented, "fermented leaves")):  # TIE-01, TIE-02
        best = max(key[s] for s in tied)
        ahead = [s for s in tied if key[s] == best]
        if len(ahead) == 1:
            clauses.append(f"{_names(ahead)} won with the most {what} ({best})")
            return tuple(ahead), "; ".join(clauses) + "."
        if len(ahead) < len(tied):
            clauses.append(f"{_names(ahead)} had the most {what} ({best})")
        else:
            clauses.append(f"each had the same number of {what} ({best})")
        tied = ahead
    clauses.append(f"{_names(tied)} share the victory")  # TIE-03
    return tuple(tied), "; ".join(clauses) + "."


def _names(seats: Sequence[int]) -> str:
    names = [f"Seat {s + 1}" for s in seats]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
