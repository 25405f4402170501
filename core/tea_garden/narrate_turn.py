"""A whole turn in one short sentence: what a seat did and what it gained, for the line that
tells the others' last turns on the game screen.

The log says every step (:mod:`core.tea_garden.narrate`); this says a turn at a glance. A caller
collects :func:`~core.tea_garden.move_words.step_phrase` for each move of the turn (each move's
phrase sits in its entry of :mod:`core.tea_garden.move_words`, read before the move), then puts
them with the turn's net change::

    phrases = [step_phrase(before, move) for before, move in turn]
    print(turn_summary(phrases, turn_gains(start, end, seat)))
    # played Clay Cup (str 1); built in Putuo; produced Cups — +2 VP, 1 Cup tile

Lu Yu's turn is one move; :func:`luyu_phrases` reads his notes instead. Like the log, nothing
here names a card only its owner may see.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from core.tea_garden.narrate_luyu import card_label
from core.tea_garden.state import QUALITIES, GameData, PlayerState
from core.tea_garden.words import plural as _plural

SCROLLS = (("plus1", "+1 Scroll"), ("teapot_scrolls", "Teapot Scroll"), ("x2", "x2 Scroll"))


def luyu_phrases(g: GameData) -> list[str]:
    """Return a few words per step of Lu Yu's last turn (read after it, from his notes)."""
    lu = g.luyu
    if lu is None:
        return []
    ctx = g.ctx
    out: list[str] = []
    for note in lu.notes:
        a = note.args
        what = note.what
        if what == "pass":
            out.append("passed for the round")
        elif what == "reveal":
            out.append(f"revealed his card {card_label(g, a[0])}")
        elif what == "build":
            out.append(f"built in {ctx.region(a[0]).name}")
        elif what == "buy":
            out.append(f"took {ctx.card_name(a[0])}")
        elif what == "caravan":
            out.append(f"took the Caravan {ctx.name(a[0])}")
        elif what == "court":
            out.append(f"sent a Courtier to the {ctx.halls[a[0]].name}")
        elif what == "market":
            out.append("took Premium Puerh")
        elif what == "river":
            out.append(f"moved his Boat to segment {a[0]}")
        elif what == "university":
            out.append(f"moved his Worker to sector {a[0]}")
        elif what == "cup":
            out.append("added a Cup tile")
        elif what == "emperor":
            out.append(f"climbed to Emperor space {a[0]}")
        elif what == "advanced":
            out.append("put an Advanced card on his deck")
    return out


def _leaf_words(counts: Sequence[int], side: str) -> str:
    """ "2 fresh q3" style: the leaves by quality, best first."""
    parts = [(n, f"q{q + 1}") for q, n in reversed(list(enumerate(counts))) if n]
    total = sum(counts)
    word = "leaf" if total == 1 else "leaves"
    if not parts:
        return ""
    if len(parts) == 1:
        return f"{total} {side} {word} ({parts[0][1]})"
    return f"{total} {side} {word} ({', '.join(f'{n} {q}' for n, q in parts)})"


class Gains(NamedTuple):
    """What a turn brought a seat, and what it spent, item by item ("3 VP", "Caravan B1")."""

    gained: list[str]
    spent: list[str]


def turn_gains(start: GameData, end: GameData, seat: int, *, quality: bool = True) -> Gains:
    """Return what ``seat`` gained and spent between two states, in short.

    Args:
        start: The state when the turn began.
        end: The state when it ended (before any Maintenance that followed).
        seat: The seat (0-based).
        quality: False to count leaves without their qualities (Lu Yu's mean nothing).

    Returns:
        The items, e.g. gained ["3 VP", "2 fresh leaves (2 q4)"], spent ["1 Emperor token"].
    """
    a, b = start.players[seat], end.players[seat]
    gained: list[str] = []
    spent: list[str] = []
    if b.vp != a.vp:
        (gained if b.vp > a.vp else spent).append(f"{abs(b.vp - a.vp)} VP")
    tokens = b.emperor_tokens - a.emperor_tokens
    if tokens:
        (gained if tokens > 0 else spent).append(_plural(abs(tokens), "Emperor token"))
    for side, old, new in (("fresh", a.fresh, b.fresh), ("fermented", a.fermented, b.fermented)):
        if not quality:  # only the count: a leaf that changed quality is no gain
            old, new = _pool(old), _pool(new)
        up = [max(0, n - o) for o, n in zip(old, new, strict=True)]
        down = [max(0, o - n) for o, n in zip(old, new, strict=True)]
        for delta, into in ((up, gained), (down, spent)):
            words = _leaf_words(delta, side) if quality else _count_only(delta, side)
            if words:
                into.append(words)
    for attr, name in SCROLLS:
        delta = getattr(b, attr) - getattr(a, attr)
        if delta:
            (gained if delta > 0 else spent).append(_plural(abs(delta), name))
    gained.extend(f"the Caravan {end.ctx.name(c)}" for c in b.caravans[len(a.caravans) :])
    tiles = sum(map(len, b.cup_rows)) - sum(map(len, a.cup_rows))
    if tiles > 0:
        gained.append(_plural(tiles, "Cup tile"))
    gained.extend(_cards_taken(start, a, b))
    gardens = len(b.gardens) - len(a.gardens)
    if gardens > 0:
        gained.append(_plural(gardens, "garden"))
    return Gains(gained, spent)


def _pool(counts: Sequence[int]) -> list[int]:
    return [sum(counts), *([0] * (QUALITIES - 1))]


def _count_only(counts: Sequence[int], side: str) -> str:
    total = sum(counts)
    return f"{total} {side} {'leaf' if total == 1 else 'leaves'}" if total else ""


def _cards_taken(start: GameData, a: PlayerState, b: PlayerState) -> list[str]:
    """Cards new in hand from a face-up display, by name; cards drawn, counted."""
    added = Counter(b.hand) - Counter(a.hand)
    public = set(start.board.action_display) | set(start.board.emperor_display)
    named = sorted(c for c in added if c in public)
    drawn = added.total() - len(named)
    out = [start.ctx.card_name(c) for c in named]
    if drawn > 0:
        out.append(f"{_plural(drawn, 'card')} drawn")
    return out


def turn_summary(phrases: Sequence[str], gains: Gains) -> str:
    """Put a turn's phrases (repeats said once) and its net change into one sentence; a card
    the phrases name already ("bought Ox Cart") is not listed again among the gains."""
    said: list[str] = []
    for phrase in phrases:
        if phrase and phrase not in said:
            said.append(phrase)
    text = "; ".join(said) or "did nothing that shows"
    told = " ".join(said)
    built, swapped = "built in" in told, "drew and discarded" in told
    gained = [
        g
        for g in gains.gained
        if g not in told
        and not (built and g.endswith((" garden", " gardens")))
        and not (swapped and g.endswith(" drawn"))  # a card drawn for one discarded
    ]
    net = "+" + ", ".join(gained) if gained else ""
    if gains.spent:
        net += ("; " if net else "") + "spent " + ", ".join(gains.spent)
    return f"{text} — {net}" if net else text
