"""(Expansion) The Noble Court: the Noble Court action, Hall scoring and replacement, Imperial
Decrees and Courtiers (COURT-01 … COURT-13, DECREE-01 … DECREE-08, AMB-36 … AMB-49)."""

from __future__ import annotations

from core.moves import Move
from core.tea_garden import moves as mv
from core.tea_garden.context import Context
from core.tea_garden.puerh import complete_cakes, court_of
from core.tea_garden.state import ChooseOption, GameData, PlayerState

HALL_FIRST_VP = 5
HALL_SECOND_VP = 2
HALLS_SMALL_GAME = 2
HALLS_LARGE_GAME = 3


def halls_per_round(players: int) -> int:
    """EXP-06, COURT-11: 2 Halls with 1-2 players, 3 with 3-4."""
    return HALLS_SMALL_GAME if players <= 2 else HALLS_LARGE_GAME


def court_moves(g: GameData) -> list[Move]:
    """COURT-01/04/05: a free space worth at most the strength, with a Courtier to place."""
    if g.me.courtiers <= 0:
        return []
    values = _spaces(g)
    moves: list[Move] = []
    for h, spaces in enumerate(court_of(g).occupancy):
        for k, owner in enumerate(spaces):
            if owner < 0 and values[k] <= g.turn.strength:
                moves.append(mv.NobleCourt(h + 1, k + 1))
    return moves


def do_court(g: GameData, move: mv.NobleCourt) -> None:
    """Place the Courtier; the Hall's effects are then offered, to take in any order or decline
    (COURT-02)."""
    court = court_of(g)
    g.me.courtiers -= 1
    court.occupancy[move.hall - 1][move.space - 1] = g.seat
    hall = g.ctx.halls[court.halls[move.hall - 1]]
    options = tuple((eff,) for eff in hall.effects)
    g.pending.append(ChooseOption(options=options, source=f"hall:{hall.id}", any_order=True))


def _spaces(g: GameData) -> tuple[int, ...]:
    court = g.ctx.components.court
    assert court is not None
    return court.hall_spaces


def score_halls(g: GameData) -> None:
    """COURT-07..10, AMB-37: 5 VP to the highest total under each Hall, 2 to the second; ties
    to the best (leftmost) space; then every Courtier goes home."""
    court = court_of(g)
    for h, spaces in enumerate(court.occupancy):
        for seat, _total, vp in hall_ranking(g, h):
            g.players[seat].hall_vp += vp
        for k, seat in enumerate(spaces):
            if seat >= 0:
                g.players[seat].courtiers += 1
                spaces[k] = -1


def hall_ranking(g: GameData, hall: int) -> list[tuple[int, int, int]]:
    """Rank the seats with Courtiers under Hall ``hall`` (0-based) as Hall scoring does.

    Returns:
        ``(seat, total of their spaces, VP awarded)`` for each seat there, best first; only
        the first two are awarded VP (COURT-07..10, AMB-37).
    """
    values = _spaces(g)
    totals: dict[int, int] = {}
    best: dict[int, int] = {}
    for k, seat in enumerate(court_of(g).occupancy[hall]):
        if seat >= 0:
            totals[seat] = totals.get(seat, 0) + values[k]
            best.setdefault(seat, k)
    ranking = sorted(totals, key=lambda seat: (-totals[seat], best[seat]))
    awards = (HALL_FIRST_VP, HALL_SECOND_VP)
    return [
        (seat, totals[seat], awards[place] if place < len(awards) else 0)
        for place, seat in enumerate(ranking)
    ]


def replace_halls(g: GameData) -> None:
    """COURT-11: the face-up Halls leave; new ones are revealed."""
    court = court_of(g)
    count = halls_per_round(len(g.players))
    court.past_halls.extend(court.halls)
    court.halls = [court.hall_deck.pop() for _ in range(min(count, len(court.hall_deck)))]
    if court.halls:
        g.reveals += 1
    court.occupancy = [[-1] * len(_spaces(g)) for _ in court.halls]


def decree_progress(ctx: Context, p: PlayerState, kind: str) -> int:
    """How far a player has come towards a Decree of ``kind`` (DECREE-07)."""
    if kind == "river":
        return p.boat
    if kind == "emperor":
        return p.emperor_row
    if kind == "university":
        return p.uni_centre
    if kind == "gardens":  # AMB-47: only gardens built from the board, unless the variant
        return len(p.gardens) - (0 if ctx.options.decree_gardens_count_all else 1)
    if kind == "caravans":
        return len(p.caravans)
    if kind == "cups":
        return sum(len(row) for row in p.cup_rows)
    return len(complete_cakes(p))


def check_decrees(g: GameData, seat: int) -> None:
    """DECREE-02..05, AMB-46/48/49: record every Decree the seat now fulfils, and bring one of
    its waiting Courtiers to its extension for each."""
    court = g.board.court
    if court is None:
        return
    p = g.players[seat]
    decrees = g.ctx.decrees
    for d in court.decrees:
        if seat in d.fulfilled:
            continue
        face = decrees[d.id]
        side = face.brown if d.side == "brown" else face.red
        if decree_progress(g.ctx, p, face.kind) >= side.target:
            d.fulfilled.append(seat)
            if p.courtiers_waiting > 0:
                p.courtiers_waiting -= 1
                p.courtiers += 1
