"""The readable game log: one plain sentence per move, and what it changed for the player.

:func:`describe` reads a move against the state it is about to be applied to (the pending decision
on top of the stack tells what a payment or a "stop" is for); :func:`describe_effects` compares
two states of one seat; :func:`log_line` puts both together::

    before = state.clone()
    state.apply(move)
    print(log_line(before, move, state, ["Ann", "Bo"]))
    # Ann builds in Putuo (Zhejiang, value 5) on a 2-VP space — gains 2 VP

What each kind of move says is :mod:`core.tea_garden.move_words`, where its menu label is too.
The log is meant for every player at the table, so it never names a card that only its owner
may see: cards drawn are counted, never named, and cards chosen to play are named only once they
are played.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import msgspec

from core.moves import Move
from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.move_words import sentence
from core.tea_garden.narrate_luyu import luyu_story
from core.tea_garden.narrate_maintenance import display_refills
from core.tea_garden.state import GameData, PlayerState
from core.tea_garden.words import effect_text
from core.tea_garden.words import join as _join
from core.tea_garden.words import leaves as _leaves
from core.tea_garden.words import plural as _plural
from core.tea_garden.words import scrolls as _scrolls

__all__ = ["describe", "describe_effects", "effect_text", "log_line", "seat_name"]


def seat_name(seat: int, seat_names: Sequence[str] | None = None) -> str:
    """Return the display name of ``seat`` (0-based): the name given, else "Seat 1", "Seat 2"…"""
    if seat_names is not None and 0 <= seat < len(seat_names):
        return seat_names[seat]
    return f"Seat {seat + 1}"


# --- one sentence per move ---------------------------------------------------------------------


def describe(g: GameData, move: Move, seat_names: Sequence[str] | None = None) -> str:
    """Return one short sentence for ``move`` as it is about to be applied to ``g``: the acting
    seat's name, then the move's sentence from :mod:`core.tea_garden.move_words`.

    Call it before the move is applied: payments, "stop" and other answers to a pending decision
    are read against the decision on top of ``g.pending``.

    Args:
        g: The state the move is about to be applied to.
        move: A Tea Garden move, normally one of ``g``'s legal moves.
        seat_names: Display names by seat; "Seat 1", "Seat 2", … when not given.

    Returns:
        A sentence without a final full stop, starting with the acting seat's name.
    """
    return f"{seat_name(g.seat, seat_names)} {sentence(g, move)}"


# --- what changed --------------------------------------------------------------------------


def describe_effects(before: GameData, after: GameData, seat: int) -> str:
    """Summarise what changed for ``seat`` between two states, or return "" if nothing did.

    Leaves are counted by side and quality, then VP, Emperor tokens, Scrolls by kind, Cup tokens,
    Caravans and Cup tiles; cards taken from a face-up display are named, cards drawn only
    counted, so the summary is safe to show to every player.

    Args:
        before: The state before one or more moves.
        after: The state after them.
        seat: The seat (0-based) to summarise.

    Returns:
        Clauses such as "gains 1 Emperor token, 2 fresh leaves of quality 3 and 2 VP; draws 1
        card", joined by "; ".
    """
    a, b = before.players[seat], after.players[seat]
    gains: list[str] = []
    losses: list[str] = []

    def count(delta: int, text: str) -> None:
        if delta > 0:
            gains.append(text.format(n=delta, s="" if delta == 1 else "s"))
        elif delta < 0:
            losses.append(text.format(n=-delta, s="" if delta == -1 else "s"))

    count(b.emperor_tokens - a.emperor_tokens, "{n} Emperor token{s}")
    for side, old, new in (("g", a.fresh, b.fresh), ("f", a.fermented, b.fermented)):
        for q, (was, now) in enumerate(zip(old, new, strict=True)):
            if now != was:
                (gains if now > was else losses).append(_leaves(abs(now - was), side, q + 1))
    for kind, was, now in (
        ("plus1", a.plus1, b.plus1),
        ("teapot", a.teapot_scrolls, b.teapot_scrolls),
        ("x2", a.x2, b.x2),
    ):
        if now != was:
            (gains if now > was else losses).append(_scrolls(abs(now - was), kind))
    count(_cup_tokens(b) - _cup_tokens(a), "{n} Cup token{s}")
    count(sum(map(len, b.cup_rows)) - sum(map(len, a.cup_rows)), "{n} Cup tile{s}")
    gains.extend(f"the Caravan {after.ctx.name(c)}" for c in b.caravans[len(a.caravans) :])
    count(b.vp - a.vp, "{n} VP")

    clauses: list[str] = []
    if gains:
        clauses.append("gains " + _join(gains))
    if losses:
        clauses.append("loses " + _join(losses))
    shown, drawn = _new_cards(before, a, b)
    if shown:
        clauses.append("takes " + _join([after.ctx.card_name(c) for c in shown]) + " into hand")
    if drawn:
        clauses.append(f"draws {_plural(drawn, 'card')}")
    workers = b.uni_centre - a.uni_centre
    if workers > 0:
        clauses.append(f"sends {_plural(workers, 'Worker')} to the University centre")
    return "; ".join(clauses)


def _cup_tokens(p: PlayerState) -> int:
    return sum(sum(row) for row in p.cup_tokens)


def _new_cards(before: GameData, a: PlayerState, b: PlayerState) -> tuple[list[str], int]:
    """Split the cards new in hand into those taken from a face-up display and a drawn count."""
    added = Counter(b.hand) - Counter(a.hand)
    public = set(before.board.action_display) | set(before.board.emperor_display)
    shown = sorted(c for c in added if c in public)
    return shown, added.total() - len(shown)


def log_line(
    g_before: GameData,
    move: Move,
    g_after: GameData,
    seat_names: Sequence[str] | None = None,
) -> str:
    """Return the log line of one move: its sentence, then " — " and what it changed.

    When the move ends the round, the changes are those of the Maintenance phase for every seat,
    so the line says that the round ends (or that the game is over) instead of listing them;
    :func:`core.tea_garden.narrate_maintenance.round_end_story` tells them.

    Args:
        g_before: The state just before ``move``.
        move: The move applied.
        g_after: The state just after it.
        seat_names: Display names by seat; "Seat 1", "Seat 2", … when not given.
    """
    luyu = isinstance(move, mv.LuYuTurn | mv.LuYuPass)
    if luyu:  # his story already says what changed, and leaf qualities mean nothing to him
        text = luyu_story(g_after, seat_name(g_before.seat, seat_names))
    else:
        text = describe(g_before, move, seat_names)
    if g_after.over and not g_before.over:
        return f"{text} — the game is over"
    if g_after.round != g_before.round:  # narrate_maintenance tells what follows
        return f"{text} — round {g_before.round} ends"
    if luyu:
        return text
    changes = describe_effects(_as_told(g_before, move, g_after), g_after, g_before.seat)
    # A move's own sentence may already say it ("draws 2 cards"): say each thing once.
    clauses = [
        c
        for c in changes.split("; ")
        if c and c not in text and c.replace("gains ", "gain ", 1) not in text  # "to gain 3 …"
    ]
    refills = display_refills(g_before, g_after)
    if refills:
        clauses.append(refills)
    return f"{text} — {'; '.join(clauses)}" if clauses else text


def _as_told(before: GameData, move: Move, after: GameData) -> GameData:
    """Return ``before`` with the one leaf the move's sentence names already counted, so that
    "pays a fresh leaf of quality 2" is not followed by "loses a fresh leaf of quality 2"."""
    seat = before.seat
    p = st.copy_player(before.players[seat])
    if isinstance(move, mv.PayLeaf | mv.SellLeaf):
        side = p.fresh if move.side == "g" else p.fermented
        side[move.quality - 1] -= 1
        if isinstance(move, mv.SellLeaf):
            p.vp += 2 if move.side == "f" else 1
    elif isinstance(move, mv.FlipLeaf):
        p.fresh[move.quality - 1] -= 1
        p.fermented[move.quality - 1] += 1
    elif isinstance(move, mv.HarvestFrom):
        q = before.ctx.region(move.region).value
        if after.players[seat].fresh[q - 1] > p.fresh[q - 1]:  # a leaf was left to take
            p.fresh[q - 1] += 1
    else:
        return before
    players = list(before.players)
    players[seat] = p
    return msgspec.structs.replace(before, players=players)
