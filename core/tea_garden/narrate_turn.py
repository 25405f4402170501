"""A whole turn in one short sentence: what a seat did and what it gained, for the line that
tells the others' last turns on the game screen.

The log says every step (:mod:`core.tea_garden.narrate`); this says a turn at a glance. A caller
collects :func:`step_phrase` for each move of the turn (read before the move, like
:func:`~core.tea_garden.narrate.describe`), then puts them with the turn's net change::

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

from core.moves import Move
from core.tea_garden import effects as fx
from core.tea_garden import moves as mv
from core.tea_garden.narrate_luyu import card_label
from core.tea_garden.narrate_words import effect_text
from core.tea_garden.state import QUALITIES, GameData, PlayerState

SCROLLS = (("plus1", "+1 Scroll"), ("teapot_scrolls", "Teapot Scroll"), ("x2", "x2 Scroll"))


def _plural(n: int, word: str, plural: str = "") -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def step_phrase(g: GameData, move: Move) -> str:
    """Return a few words for a move that shapes the turn ("built in Putuo"), or "" for the
    small steps (payments, answers, single leaves) that the net change already shows.

    Args:
        g: The state the move is about to be applied to.
        move: The move.
    """
    ctx = g.ctx
    t = g.turn
    if isinstance(move, mv.Pass):
        return "passed for the round"
    if isinstance(move, mv.Commit):
        stack = [c for c in t.selected if c != move.top] + [move.top]
        strength = t.strength + sum(ctx.cards[c].strength for c in stack)
        return f"played {' + '.join(ctx.card_name(c) for c in stack)} (str {strength})"
    if isinstance(move, mv.Build):
        return f"built in {ctx.region(move.region).name}"
    if isinstance(move, mv.Buy):
        return f"bought {ctx.card_name(g.board.action_display[move.slot - 1])}"
    if isinstance(move, mv.TakeCaravan):
        return f"took the Caravan {ctx.name(g.board.caravan_display[move.slot - 1])}"
    if isinstance(move, mv.Ferment):
        return "fermented leaves"
    if isinstance(move, mv.Harvest):
        return "took an Extra Harvest"
    if isinstance(move, mv.UseTop):
        return _use_top(g, move)
    if isinstance(move, mv.Repeat):
        return "repeated the secondary action"
    if isinstance(move, mv.AdvanceEmperor):
        return f"climbed to row {g.me.emperor_row + 1} of the Emperor track"
    if isinstance(move, mv.SpendCupToken):
        return "spent a Cup token"
    if isinstance(move, mv.UsePlus1):
        return "used a +1 Scroll"
    if isinstance(move, mv.TakeEmperorCard):
        return f"took the Emperor card {ctx.card_name(move.card)}"
    if isinstance(move, mv.RemoveCard):
        return f"removed {ctx.card_name(move.card)} from the game"
    if isinstance(move, mv.NobleCourt) and g.board.court is not None:
        hall = ctx.halls[g.board.court.halls[move.hall - 1]].name
        return f"sent a Courtier to the {hall}"
    if isinstance(move, mv.PuerhMarket):
        return "went to the Puerh Market"
    if isinstance(move, mv.BuyPremium):
        return "bought a Premium Puerh token"
    if isinstance(move, mv.TakeBasic):
        return "took a Basic Puerh token"
    return ""


def _use_top(g: GameData, move: mv.UseTop) -> str:
    """The top card's offer, in the past: the card itself was named when it was played."""
    return _did(g.ctx.cards[g.turn.top].top[move.index - 1])


def _did(eff: fx.Effect) -> str:
    if isinstance(eff, fx.Secondary):
        return {
            "river": "moved the Boat",
            "cup": "produced Cups",
            "university": "moved a University Worker",
        }[eff.action]
    if isinstance(eff, fx.Ferment):
        return "fermented leaves"
    if isinstance(eff, fx.Draw):
        return "drew cards"
    if isinstance(eff, fx.DrawDiscard):
        return f"drew and discarded {_plural(eff.n, 'card')}"
    if isinstance(eff, fx.SellLeaves):
        return "sold leaves"
    if isinstance(eff, fx.RemoveCard):
        return "removed a card from the game"
    if isinstance(eff, fx.GainCupToken):
        return "placed a Cup token"
    if isinstance(eff, fx.TakeEmperorCard):
        return "took an Emperor card"
    if isinstance(eff, fx.Choice):
        return "took a choice of offers"
    return f"used the top card ({effect_text((eff,))})"


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
