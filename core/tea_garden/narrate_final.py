"""The final scoring in words: each seat's points by category, then who won and why.

:func:`final_story` reads a finished game (see :func:`core.tea_garden.scoring.final_outcome`)::

    for told in final_story(state, ["Ann", "Bo"]):
        print(told.text)
    # Final scoring
    # Ann: 64 VP: 31 on the score track, 12 for Action cards, 9 for Emperor cards, …
    # Ann wins with 64 VP, 6 ahead of Bo
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from core.tea_garden.scoring import final_outcome
from core.tea_garden.state import GameData

CATEGORY_WORDS = {
    "track": "on the score track",
    "action_cards": "for Action cards",
    "emperor_cards": "for Emperor cards",
    "river": "for the River",
    "university": "for the University",
    "emperor_track": "for the Emperor track",
    "cups": "for Cup rows",
    "scrolls_tokens": "for Scrolls and tokens",
    "puerh": "for Puerh cakes",
    "decrees": "for Imperial Decrees",
    "halls": "from the Halls",
    "caravans": "for Caravans",
    "leaves": "for leaves",
}
"""How each final scoring category is told after its points ("12 for Action cards")."""


class Told(NamedTuple):
    """One line of the story: about a seat (``seat >= 0``) or the whole table (-1)."""

    seat: int
    text: str
    heading: bool = False
    """True for a heading that opens a part of the story."""


def _name(seat: int, names: Sequence[str] | None) -> str:
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"Seat {seat + 1}"


def final_story(g: GameData, seat_names: Sequence[str] | None = None) -> list[Told]:
    """Tell the final scoring of the finished game ``g``: a heading, a line per seat with its
    points by category (categories worth nothing left out), and the result."""
    outcome = final_outcome(g)
    story = [Told(-1, "Final scoring", True)]
    for seat, parts in enumerate(outcome.breakdown):
        scored = [f"{vp} {CATEGORY_WORDS.get(key, key)}" for key, vp in parts.items() if vp]
        total = outcome.scores[seat]
        detail = ", ".join(scored) if scored else "nothing scored"
        story.append(Told(seat, f"{_name(seat, seat_names)}: {total} VP: {detail}"))
    story.append(Told(-1, _result(g, outcome.scores, outcome.winners, seat_names)))
    if outcome.tie_break:
        story.append(Told(-1, name_seats(outcome.tie_break, seat_names).rstrip(".")))
    return story


def _result(
    g: GameData,
    scores: Sequence[int],
    winners: Sequence[int],
    names: Sequence[str] | None,
) -> str:
    if len(winners) > 1:
        who = [_name(s, names) for s in winners]
        return f"{', '.join(who[:-1])} and {who[-1]} share the victory with {scores[winners[0]]} VP"
    winner = winners[0]
    others = [s for s in range(len(scores)) if s != winner]
    best_other = max(others, key=lambda s: scores[s]) if others else winner
    margin = scores[winner] - scores[best_other]
    text = f"{_name(winner, names)} wins with {scores[winner]} VP"
    if others and margin > 0:
        text += f", {margin} ahead of {_name(best_other, names)}"
    elif others:
        text += f", level with {_name(best_other, names)} on points"
    return text


def name_seats(text: str, names: Sequence[str] | None) -> str:
    """Put seat names into a sentence that says "Seat 1", "Seat 2", …"""
    if not names:
        return text

    def name(match: re.Match[str]) -> str:
        return _name(int(match.group(1)) - 1, names)

    return re.sub(r"Seat (\d+)", name, text)
