"""The readable game log: one plain sentence per move, and what it changed for the player.

:func:`describe` reads a move against the state it is about to be applied to (the pending decision
on top of the stack tells what a payment or a "stop" is for); :func:`describe_effects` compares
two states of one seat; :func:`log_line` puts both together::

    before = state.clone()
    state.apply(move)
    print(log_line(before, move, state, ["Ann", "Bo"]))
    # Ann builds in Putuo (Zhejiang, value 5) on a 2-VP space — gains 2 VP

The log is meant for every player at the table, so it never names a card that only its owner
may see: cards drawn are counted, never named, and cards chosen to play are named only once they
are played.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import msgspec

from core.moves import Move
from core.tea_garden import effects as fx
from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.narrate_luyu import luyu_story
from core.tea_garden.narrate_maintenance import display_refills
from core.tea_garden.narrate_words import effect_text, one_effect
from core.tea_garden.narrate_words import join as _join
from core.tea_garden.narrate_words import leaves as _leaves
from core.tea_garden.narrate_words import plural as _plural
from core.tea_garden.narrate_words import scrolls as _scrolls
from core.tea_garden.state import GameData, PlayerState

__all__ = ["describe", "describe_effects", "effect_text", "log_line", "seat_name"]

SECONDARY_NAME = {
    "river": "the River action",
    "cup": "the Cup production",
    "university": "the University action",
}
ZONE_NAME = {"hand": "hand", "draw": "draw deck", "discard": "discard pile"}

STOP_TEXT = {
    st.FermentLeaves: "stops fermenting",
    st.HarvestGardens: "stops harvesting",
    st.SellLeaves: "stops selling leaves",
    st.MayDraw: "declines to draw",
    st.MayRemove: "declines to remove a card",
}


def seat_name(seat: int, seat_names: Sequence[str] | None = None) -> str:
    """Return the display name of ``seat`` (0-based): the name given, else "Seat 1", "Seat 2"…"""
    if seat_names is not None and 0 <= seat < len(seat_names):
        return seat_names[seat]
    return f"Seat {seat + 1}"


def _card(g: GameData, card_id: str) -> str:
    return g.ctx.card_name(card_id)


def _province(g: GameData, province_id: str) -> str:
    return g.ctx.province_name(province_id)


def _source(g: GameData, source: str) -> str:
    """Name where effects come from, after the words "from" (see ``Resolve.source``)."""
    kind, _, rest = source.partition(":")
    if kind == "card" and g.turn.top:
        return _card(g, g.turn.top)
    if kind == "region" and rest in g.ctx.region_index:
        return f"the Region bonus of {g.ctx.region(rest).name}"
    if kind == "caravan":
        return f"the Caravan {g.ctx.name(rest)}"
    if kind == "emperor":
        return f"row {rest} of the Emperor track"
    if kind == "river":
        return f"River segment {rest}"
    if kind == "university":
        return f"University sector {rest}"
    if kind == "cup":
        return "a Cup"
    if kind == "hall" and rest in g.ctx.halls:
        return f"the {g.ctx.halls[rest].name}"
    if kind == "puerh":
        return "a Puerh set"
    return "the repeated action" if kind == "repeat" else source


# --- one sentence per move ---------------------------------------------------------------------


def describe(g: GameData, move: Move, seat_names: Sequence[str] | None = None) -> str:
    """Return one short sentence for ``move`` as it is about to be applied to ``g``.

    Call it before the move is applied: payments, "stop" and other answers to a pending decision
    are read against the decision on top of ``g.pending``.

    Args:
        g: The state the move is about to be applied to.
        move: A Tea Garden move, normally one of ``g``'s legal moves.
        seat_names: Display names by seat; "Seat 1", "Seat 2", … when not given.

    Returns:
        A sentence without a final full stop, starting with the acting seat's name.
    """
    who = seat_name(g.seat, seat_names)
    if isinstance(move, mv.LuYuTurn):
        return f"{who} reveals his next card"
    if isinstance(move, mv.LuYuPass):
        return f"{who} passes for the round"
    return f"{who} {_turn_text(g, move) or _decision_text(g, move) or f'plays {move}'}"


def _turn_text(g: GameData, move: Move) -> str:
    """Describe the moves of the turn itself (no sub-decision involved); empty if not one."""
    ctx = g.ctx
    p = g.me
    t = g.turn
    if isinstance(move, mv.Pass):
        return "passes for the rest of the round"
    if isinstance(move, mv.Select):
        # The plan stays private until the cards are played: name no card here.
        return f"chooses a card to play ({_plural(len(t.selected) + 1, 'card')} chosen)"
    if isinstance(move, mv.Commit):
        stack = [c for c in t.selected if c != move.top] + [move.top]
        strength = t.strength + sum(ctx.cards[c].strength for c in stack)
        text = f"plays {_join([_card(g, c) for c in stack])} (strength {strength})"
        return text + (f", {_card(g, move.top)} on top" if len(stack) > 1 else "")
    if isinstance(move, mv.AddCard):
        added = ctx.cards[move.card]
        strength = t.strength + added.strength
        return f"adds {_card(g, move.card)} under the top card (strength {strength})"
    if isinstance(move, mv.EndTurn):
        return "ends the turn"
    if isinstance(move, mv.Build):
        region = ctx.region(move.region)
        vp = region.spaces[move.space - 1].vp
        space = f"a {vp}-VP space" if vp else "a space without VP"
        where = f"{region.name} ({_province(g, region.province)}, value {region.value})"
        return f"builds in {where} on {space}"
    if isinstance(move, mv.Buy):
        return f"buys {_card(g, g.board.action_display[move.slot - 1])} from slot {move.slot}"
    if isinstance(move, mv.TakeCaravan):
        cid = g.board.caravan_display[move.slot - 1]
        value = ctx.caravans[cid].strengths[move.strength - 1].strength
        return f"takes the Caravan {ctx.name(cid)} (trade {move.trade}, strength {value})"
    if isinstance(move, mv.Ferment):
        return f"ferments as the main action (up to {_plural(t.strength, 'leaf', 'leaves')})"
    if isinstance(move, mv.Harvest):
        return f"takes an Extra Harvest (up to {_plural(t.strength, 'garden')})"
    if isinstance(move, mv.UseTop):
        return _use_top(g, move)
    if isinstance(move, mv.Repeat):
        how = "with an x2 Scroll" if move.method == "scroll" else "by paying 3 fermented leaves"
        return f"repeats {SECONDARY_NAME.get(t.secondary, 'the secondary action')} {how}"
    if isinstance(move, mv.AdvanceEmperor):
        row = p.emperor_row + 1
        tokens = ctx.components.emperor_track.rows[p.emperor_row].tokens
        return f"climbs to row {row} of the Emperor track ({_plural(tokens, 'Emperor token')})"
    if isinstance(move, mv.SpendCupToken):
        return f"spends a Cup token on connection {move.connection} of Cup row {move.row}"
    if isinstance(move, mv.UsePlus1):
        return f"discards a +1 Scroll (strength {t.strength + 1})"
    return ""


def _use_top(g: GameData, move: mv.UseTop) -> str:
    name = _card(g, g.turn.top)
    eff = g.ctx.cards[g.turn.top].top[move.index - 1]
    if isinstance(eff, fx.Secondary):
        p = g.me
        if eff.action == "river":
            return f"uses {name} to move the Boat on the River to segment {p.boat + 1}"
        if eff.action == "university":
            sectors = len(g.ctx.components.university.sectors)
            sector = 1 if p.uni_sector in (0, sectors) else p.uni_sector + 1
            return f"uses {name} to move a Worker to sector {sector} of the Tea University"
    return f"uses {name} to {one_effect(eff)}"


def _decision_text(g: GameData, move: Move) -> str:
    """Describe the answers to pending decisions; empty if ``move`` is not one."""
    top = g.pending[-1] if g.pending else None
    p = g.me
    if isinstance(move, mv.PayLeaf):
        purpose = _purpose(g, top.purpose) if isinstance(top, st.PayLeaves) else ""
        return f"pays {_leaves(1, move.side, move.quality)}{purpose}"
    if isinstance(move, mv.CoverTeapot):
        card = f" for {_card(g, top.card)}" if isinstance(top, st.CoverTeapots) else ""
        how = {
            "scroll": "a Teapot Scroll",
            "leaves": "3 leaves",
            "fermented": "2 fermented leaves",
        }[move.method]
        return f"covers a missing Teapot{card} with {how}"
    if isinstance(move, mv.PickScroll):
        return f"picks {_scrolls(1, move.kind)}"
    if isinstance(move, mv.PlaceToken):
        return f"puts a Cup token on connection {move.connection} of Cup row {move.row}"
    if isinstance(move, mv.FlipLeaf):
        return f"ferments {_leaves(1, 'g', move.quality)}"
    if isinstance(move, mv.HarvestFrom):
        region = g.ctx.region(move.region)
        return f"harvests {_leaves(1, 'g', region.value)} in {region.name}"
    if isinstance(move, mv.SellLeaf):
        vp = 2 if move.side == "f" else 1
        return f"sells {_leaves(1, move.side, move.quality)} for {vp} VP"
    if isinstance(move, mv.Stop):
        if isinstance(top, st.ChooseOption) and top.any_order:
            return f"takes nothing {_taken(g, top)}from {_source(g, top.source)}"
        return STOP_TEXT.get(type(top), "stops") if top is not None else "stops"
    if isinstance(move, mv.DrawCards):
        return _draw(p, top)
    if isinstance(move, mv.Discard):
        return f"discards {_card(g, move.card)}"
    if isinstance(move, mv.RemoveCard):
        where = ZONE_NAME[move.zone]
        return f"removes {_card(g, move.card)} from the game (from the {where})"
    if isinstance(move, mv.TakeEmperorCard):
        return f"takes the Emperor card {_card(g, move.card)}"
    if isinstance(move, mv.ChooseOption):
        if not isinstance(top, st.ChooseOption):
            return f"chooses option {move.index}"
        chosen = effect_text(top.options[move.index - 1])
        if top.any_order:
            return f"takes from {_source(g, top.source)}: {chosen}"
        return f"chooses to {chosen} (from {_source(g, top.source)})"
    if isinstance(move, mv.ChoosePart):
        sectors = g.ctx.components.university.sectors
        if not 1 <= p.uni_sector <= len(sectors):
            return f"chooses part {move.index} of the University sector"
        bonus = sectors[p.uni_sector - 1].parts[move.index - 1].bonus
        return (
            f"chooses part {move.index} of University sector {p.uni_sector} to {effect_text(bonus)}"
        )
    if isinstance(move, mv.PlaceCupTile):
        return _cup_tile(g, move)
    if isinstance(move, mv.ChooseCupBonus):
        return _cup_bonus(g, move, top)
    return _expansion(g, move)


def _expansion(g: GameData, move: Move) -> str:
    """Sentences for the Puerh expansion's moves."""
    court = g.board.court
    ctx = g.ctx
    if court is None:
        return ""
    if isinstance(move, mv.NobleCourt):
        hall = ctx.halls[court.halls[move.hall - 1]]
        spaces = ctx.components.court.hall_spaces if ctx.components.court else ()
        value = spaces[move.space - 1] if move.space <= len(spaces) else 0
        return (
            f"sends a Courtier to the {hall.name} (space worth {value}) "
            f"to {effect_text(hall.effects)}"
        )
    if isinstance(move, mv.PuerhMarket):
        return "goes to the Puerh Market"
    if isinstance(move, mv.BuyPremium):
        token = ctx.puerh_tokens.get(court.market[move.slot - 1])
        bonus = effect_text(token.bonus) if token else "nothing"
        return f"buys the Premium Puerh token in Market slot {move.slot} ({bonus})"
    if isinstance(move, mv.TakeBasic):
        token = ctx.puerh_tokens.get(court.storage[move.slot - 1])
        bonus = effect_text(token.bonus) if token else "nothing"
        return f"takes the Basic Puerh token in Storage slot {move.slot} ({bonus})"
    if isinstance(move, mv.PlacePuerh):
        if move.set == 0:
            return "places the Puerh token as a new set"
        if move.bridge:
            return (
                f"joins the Puerh token to single tokens {move.set} and {move.bridge}, "
                "completing a tea cake"
            )
        size = len(g.me.puerh_sets[move.set - 1]) + 1
        done = "completing a tea cake" if size == 3 else f"making a set of {size}"
        return f"joins the Puerh token to set {move.set}, {done}"
    return ""


def _taken(g: GameData, top: st.ChooseOption) -> str:
    """Return "more " once some of a Hall's offers were taken (COURT-02), else ""."""
    kind, _, rest = top.source.partition(":")
    hall = g.ctx.halls.get(rest) if kind == "hall" else None
    return "" if hall is not None and len(top.options) == len(hall.effects) else "more "


def _purpose(g: GameData, purpose: str) -> str:
    """Say what a leaf payment is for, as a phrase starting with a space (or empty)."""
    kind, _, rest = purpose.partition(":")
    if kind == "fee":
        return f" for the fee of card slot {len(g.me.stacks)}"
    if kind == "buy":
        return f" for {_card(g, rest)}"
    if kind == "caravan":
        return f" for the Caravan {g.ctx.name(rest.split(':')[0])}"
    if kind == "emperor":
        return f" for row {g.me.emperor_row + 1} of the Emperor track"
    if kind == "repeat":
        return f" to repeat {SECONDARY_NAME.get(g.turn.secondary, 'the secondary action')}"
    if kind == "puerh":
        return " for a Premium Puerh token"
    return ""


def _draw(p: PlayerState, top: st.AnyPending | None) -> str:
    n = top.n if isinstance(top, st.MayDraw) else 1
    n = min(n, len(p.draw) + len(p.discard))
    text = f"draws {_plural(n, 'card')}"
    if isinstance(top, st.MayDraw) and top.discard and n:
        text += f" and will discard {n}"
    return text


def _cup_tile(g: GameData, move: mv.PlaceCupTile) -> str:
    stack = g.board.cup_stacks.get(move.province, [])
    tile = g.ctx.cup_tiles.get(stack[-1]) if stack else None
    cups = ""
    if tile is not None:
        left, right = _province(g, tile.left.colour), _province(g, tile.right.colour)
        cups = f" (two {left} Cups)" if left == right else f" (Cups of {left} and {right})"
    taken = f"takes the top Cup tile of {_province(g, move.province)}{cups}"
    if move.row == 0:
        return f"{taken} and starts a new Cup row"
    end = "left" if move.side == "l" else "right"
    return f"{taken} and adds it to the {end} end of Cup row {move.row}"


def _cup_bonus(g: GameData, move: mv.ChooseCupBonus, top: st.AnyPending | None) -> str:
    side = "left" if move.side == "l" else "right"
    if not isinstance(top, st.ChooseCupBonus):
        return f"takes the bonus of the {side} Cup"
    row = g.me.cup_rows[top.row]
    tiles = g.ctx.cup_tiles
    if move.side == "l":
        cup = tiles[row[top.connection]].right
    else:
        cup = tiles[row[top.connection + 1]].left
    colour = _province(g, cup.colour)
    return f"takes the bonus of the {side} Cup ({colour}): {effect_text(cup.bonus)}"


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
        clauses.append("takes " + _join([_card(after, c) for c in shown]) + " into hand")
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
