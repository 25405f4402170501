"""What happens between the rounds, and at the end, in words: Hall scoring, Maintenance and the
final scoring.

The round ends on a pass or on the end of a turn (Lu Yu's own turns never end it: he passes
for that), and such a move changes nothing on the board. So the state just before it is the
state Maintenance starts from, and :func:`round_end_story` tells everything Maintenance did by
comparing it with the state just after::

    before = state.clone()
    state.apply(move)                       # the last pass of round 1
    for told in round_end_story(before, state, ["Ann", "Bo"]):
        print(told.text)
    # End of round 1: Maintenance
    # Tea Scout leaves the card display for good; the others move left and Ox Cart fills slot 6
    # Ann: leaves age (fresh 2 of q3 to q2); harvests 2 fresh leaves of q2 in Sichuan; ...

Like the rest of the log it names no card only its owner may see: cards drawn are counted.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.tea_garden.court import hall_ranking
from core.tea_garden.maintenance import MAINTENANCE_DRAW, ROUNDS, aged
from core.tea_garden.narrate_final import Told, final_story
from core.tea_garden.scoring import final_outcome
from core.tea_garden.state import QUALITIES, GameData, PlayerState


def _name(seat: int, names: Sequence[str] | None) -> str:
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"Seat {seat + 1}"


def _join(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _count(n: int, word: str, plural: str = "") -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def ends_round(before: GameData, after: GameData) -> bool:
    """True when the move between ``before`` and ``after`` ended a round (or the game)."""
    return after.round != before.round or (after.over and not before.over)


def round_end_story(
    before: GameData, after: GameData, seat_names: Sequence[str] | None = None
) -> list[Told]:
    """Tell what happened between the last move of a round and the first of the next.

    Args:
        before: The state just before the move that ended the round.
        after: The state just after it (the next round's start, or the finished game).
        seat_names: Display names by seat; "Seat 1", "Seat 2", … when not given.

    Returns:
        The story in order, headings included; empty if the move did not end a round.
    """
    if not ends_round(before, after):
        return []
    last = before.round >= ROUNDS or after.over
    story: list[Told] = []
    if last:
        story.append(Told(-1, f"End of round {before.round}, the last", True))
    else:
        story.append(Told(-1, f"End of round {before.round}: Maintenance", True))
    story.extend(_halls(before, after, seat_names, last=last))
    if after.over:
        story.extend(final_story(after, seat_names))
        return story
    story.extend(_display(before, after))
    story.append(Told(-1, "Every card played this round goes to its owner's discard pile"))
    for seat in range(len(after.players)):
        line = _seat_maintenance(before, after, seat, seat_names)
        if line:
            story.append(Told(seat, line))
    first = _name(after.start_seat, seat_names)
    story.append(Told(-1, f"{first} takes the first turn of round {after.round}"))
    return story


# --- the Halls ---------------------------------------------------------------------------------


def _halls(
    before: GameData, after: GameData, names: Sequence[str] | None, *, last: bool
) -> list[Told]:
    court = before.board.court
    if court is None:
        return []
    if last and before.ctx.options.no_final_hall_scoring:
        return [Told(-1, "The Halls are not scored at the end (house rule)")]
    told: list[Told] = []
    values = before.ctx.components.court.hall_spaces if before.ctx.components.court else ()
    empty = []
    for h, hall_id in enumerate(court.halls):
        hall = before.ctx.halls[hall_id].name
        ranking = hall_ranking(before, h)
        if not ranking:
            empty.append(hall)
            continue
        parts = []
        for seat, total, vp in ranking:
            spaces = [values[k] for k, s in enumerate(court.occupancy[h]) if s == seat]
            worth = f"Courtiers worth {total}" if len(spaces) > 1 else f"a Courtier worth {total}"
            gain = f"gains {vp} VP" if vp else "gains nothing"
            parts.append(f"{_name(seat, names)} {gain} ({worth})")
        told.append(Told(-1, f"{hall} scores: {_join(parts)}"))
    if empty:
        told.append(Told(-1, f"No Courtier in the {_join(empty)}: no VP there"))
    if any(s >= 0 for spaces in court.occupancy for s in spaces):
        told.append(Told(-1, "Every Courtier comes home from the Noble Court"))
    if not last and after.board.court is not None and after.board.court.halls:
        new = [after.ctx.halls[h].name for h in after.board.court.halls]
        told.append(Told(-1, f"New Halls open for round {after.round}: {_join(new)}"))
    return told


# --- the card display --------------------------------------------------------------------------


def _display(before: GameData, after: GameData) -> list[Told]:
    old, new = before.board.action_display, after.board.action_display
    if not old:
        return []
    gone = old[0]
    slot = len(new)
    dealt = new[-1] if new else ""
    parts = []
    if gone:
        parts.append(f"{before.ctx.card_name(gone)} leaves the card display for good")
    else:
        parts.append("The card display's first slot is empty")
    if dealt:
        parts.append(f"the others move left and {after.ctx.card_name(dealt)} fills slot {slot}")
    else:
        parts.append(f"the others move left; the deck is empty, so slot {slot} stays empty")
    return [Told(-1, "; ".join(parts))]


# --- each seat ---------------------------------------------------------------------------------


def _stay(n: int) -> str:
    return "stays" if n == 1 else "stay"


def _ageing(p: PlayerState) -> str:
    """Say how a seat's leaves aged, e.g. "fresh 2 of q3 to q2, 1 of q1 stays; fermented …"."""
    parts = []
    fresh = [
        f"{n} of q{q + 1} {_stay(n)}" if q == 0 else f"{n} of q{q + 1} to q{q}"
        for q, n in enumerate(p.fresh)
        if n
    ]
    if fresh:
        parts.append("fresh " + ", ".join(fresh))
    top = QUALITIES - 1
    ferm = [
        f"{n} of q{q + 1} {_stay(n)}" if q == top else f"{n} of q{q + 1} to q{q + 2}"
        for q, n in enumerate(p.fermented)
        if n
    ]
    if ferm:
        parts.append("fermented " + ", ".join(ferm))
    return "; ".join(parts)


def _harvest(before: GameData, after: GameData, seat: int) -> str:
    """Say what a seat harvested, Region by Region, from the leaves gained after ageing."""
    a, b = before.players[seat], after.players[seat]
    fresh, _ = aged(a.fresh, a.fermented)
    gained = [now - was for was, now in zip(fresh, b.fresh, strict=True)]
    total = sum(gained)
    if total <= 0:
        return "harvests nothing (no leaf left in the supply)" if a.gardens else ""
    regions = before.ctx.regions
    parts = []
    for q in range(QUALITIES - 1, -1, -1):
        if gained[q] > 0:
            where = sorted({regions[r].name for r in a.gardens if regions[r].value == q + 1})
            place = f" in {_join(where)}" if where else ""
            parts.append((gained[q], f"q{q + 1}{place}"))
    leaves = _count(total, "fresh leaf", "fresh leaves")
    if len(parts) == 1:
        return f"harvests {leaves} of {parts[0][1]}"
    return f"harvests {leaves}: " + _join([f"{n} of {what}" for n, what in parts])


def _seat_maintenance(
    before: GameData, after: GameData, seat: int, names: Sequence[str] | None
) -> str:
    a, b = before.players[seat], after.players[seat]
    lu = before.luyu
    luyu = lu is not None and lu.seat == seat
    clauses = []
    ageing = _ageing(a)
    if ageing and not luyu:  # LUYU-24: quality means nothing to him
        clauses.append(f"leaves age ({ageing})")
    harvest = _harvest(before, after, seat)
    if harvest and luyu:  # his leaves have no quality that counts
        where = _join(sorted({before.ctx.regions[r].name for r in a.gardens}))
        gained = sum(b.fresh) - sum(a.fresh)
        harvest = f"harvests {_count(gained, 'fresh leaf', 'fresh leaves')} in {where}"
    if harvest:
        clauses.append(harvest)
    if luyu:
        assert lu is not None
        if lu.slots:
            played = _count(len(lu.slots), "card")
            clauses.append(f"shuffles the {played} he played under his deck")
    else:
        drawn = len(b.hand) - len(a.hand)
        if drawn > 0:
            text = f"draws {_count(drawn, 'card')}"
            if len(a.draw) < min(drawn, MAINTENANCE_DRAW) and a.discard + _played(a):
                text += " (the discard pile was shuffled into a new draw deck)"
            clauses.append(text)
        elif drawn == 0:
            clauses.append("has no card left to draw")
    if not clauses:
        return ""
    return f"{_name(seat, names)}: " + "; ".join(clauses)


def _played(p: PlayerState) -> list[str]:
    return [c for stack in p.stacks for c in stack]


def round_end_summary(
    before: GameData, after: GameData, seat_names: Sequence[str] | None = None
) -> str:
    """Say in one line what the round's end changed (the story has the details), e.g.
    "Round 1 ended: Halls: Bo +5 VP; leaves aged; harvested leaves: 4 for Ann, 2 for Bo; new
    cards drawn"."""
    if not ends_round(before, after):
        return ""
    parts = []
    halls = [
        f"{_name(s, seat_names)} +{b.hall_vp - a.hall_vp} VP"
        for s, (a, b) in enumerate(zip(before.players, after.players, strict=True))
        if b.hall_vp > a.hall_vp
    ]
    if halls:
        parts.append("Halls: " + ", ".join(halls))
    if after.over:
        outcome = final_outcome(after)
        scores = ", ".join(
            f"{_name(s, seat_names)} {score}" for s, score in enumerate(outcome.scores)
        )
        winners = _join([_name(s, seat_names) for s in outcome.winners])
        verb = "wins" if len(outcome.winners) == 1 else "share the victory"
        return (
            f"The game is over: {'; '.join([*parts, f'final scores {scores}'])}; {winners} {verb}"
        )
    parts.append("leaves aged")
    harvests = [
        f"{sum(b.fresh) - sum(a.fresh)} for {_name(s, seat_names)}"
        for s, (a, b) in enumerate(zip(before.players, after.players, strict=True))
        if sum(b.fresh) > sum(a.fresh)
    ]
    if harvests:
        parts.append("harvested leaves: " + ", ".join(harvests))
    parts.append("new cards drawn")
    old, new = before.board.action_display, after.board.action_display
    if old and old[0]:
        came = f", {after.ctx.card_name(new[-1])} came in" if new and new[-1] else ""
        parts.append(f"{before.ctx.card_name(old[0])} left the display{came}")
    return f"Round {before.round} ended: " + "; ".join(parts)


def display_refills(before: GameData, after: GameData) -> str:
    """Say which face-up cards and Caravans a move brought out (a display refilled from its
    deck after a purchase), or "" if none did; a round's end is told by the story instead."""
    if ends_round(before, after):
        return ""
    b, a = before.board, after.board
    parts = []
    old = set(b.action_display)
    new = [(i, c) for i, c in enumerate(a.action_display) if c and c not in old]
    for slot, card in new:
        parts.append(f"{after.ctx.card_name(card)} is dealt into slot {slot + 1}")
    old = set(b.caravan_display)
    for slot, cid in enumerate(a.caravan_display):
        if cid and cid not in old:
            parts.append(f"the Caravan {after.ctx.name(cid)} comes out in Caravan slot {slot + 1}")
    old = set(b.emperor_display)
    for card in a.emperor_display:
        if card and card not in old:
            parts.append(f"the Emperor card {after.ctx.card_name(card)} comes out")
    return "; ".join(parts)
