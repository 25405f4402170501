"""The words of the answers to pending decisions: payments, Teapots, Scrolls, Cup tokens and
tiles, single leaves, draws, discards, removals, Emperor cards, options and University parts."""

from __future__ import annotations

from core.moves import Move
from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden import words as w
from core.tea_garden.move_words.scene import Entry, Scene, entry, source_name
from core.tea_garden.move_words.titles import purpose_phrase

STOPS: dict[type[st.Pending], tuple[str, str]] = {
    st.FermentLeaves: ("Stop fermenting", "stops fermenting"),
    st.HarvestGardens: ("Stop harvesting", "stops harvesting"),
    st.SellLeaves: ("Stop selling", "stops selling leaves"),
    st.MayDraw: ("Do not draw", "declines to draw"),
    st.MayRemove: ("Remove nothing", "declines to remove a card"),
}
"""A "stop" by the decision it ends: its label and its sentence."""
SCROLL_USES = {
    "plus1": "one more strength in a turn, when you use it",
    "teapot": "stands in for a Teapot your cards lack when you buy",
    "x2": "repeats the secondary action of your top card",
}
"""What each Scroll does, for a newcomer choosing one (each left over is 1 VP at the end)."""
TEAPOT_WAYS = {"scroll": "a Teapot Scroll", "leaves": "3 leaves", "fermented": "2 fermented leaves"}
ZONE_NAME = {"hand": "hand", "draw": "draw deck", "discard": "discard pile"}


def _pay(s: Scene, move: mv.PayLeaf) -> str:
    purpose = purpose_phrase(s, s.top.purpose) if isinstance(s.top, st.PayLeaves) else ""
    return f"pays {w.leaves(1, move.side, move.quality)}{purpose}"


def _cover(s: Scene, move: mv.CoverTeapot) -> str:
    card = f" for {s.ctx.card_name(s.top.card)}" if isinstance(s.top, st.CoverTeapots) else ""
    return f"covers a missing Teapot{card} with {TEAPOT_WAYS[move.method]}"


def _stop_label(s: Scene, move: mv.Stop) -> str:
    return STOPS.get(type(s.top), ("Stop", ""))[0] if s.top is not None else "Stop"


def _stop(s: Scene, move: mv.Stop) -> str:
    top = s.top
    if isinstance(top, st.ChooseOption) and top.any_order:
        return f"takes nothing {_taken(s, top)}from {source_name(s, top.source)}"
    return STOPS.get(type(top), ("", "stops"))[1] if top is not None else "stops"


def _taken(s: Scene, top: st.ChooseOption) -> str:
    """Return "more " once some of a Hall's offers were taken (COURT-02), else ""."""
    kind, _, rest = top.source.partition(":")
    hall = s.ctx.halls.get(rest) if kind == "hall" else None
    return "" if hall is not None and len(top.options) == len(hall.effects) else "more "


def _draw_label(s: Scene, move: mv.DrawCards) -> str:
    top = s.top
    n = top.n if isinstance(top, st.MayDraw) else 1
    then = " and discard as many" if isinstance(top, st.MayDraw) and top.discard else ""
    return f"Draw {n} card{'s' if n != 1 else ''}{then}"


def _draw(s: Scene, move: mv.DrawCards) -> str:
    top = s.top
    n = top.n if isinstance(top, st.MayDraw) else 1
    n = min(n, len(s.me.draw) + len(s.me.discard))
    text = f"draws {w.plural(n, 'card')}"
    if isinstance(top, st.MayDraw) and top.discard and n:
        text += f" and will discard {n}"
    return text


def _emperor_card_label(s: Scene, move: mv.TakeEmperorCard) -> str:
    card = s.ctx.emperor_cards.get(move.card)
    scores = f" — scores {w.condition_text(card.scoring)}" if card is not None else ""
    return f"{w.card_line(s.ctx, move.card)}{scores}"


def _option_label(s: Scene, move: mv.ChooseOption) -> str:
    if isinstance(s.top, st.ChooseOption):
        words = w.effect_text(s.top.options[move.index - 1])
        return words[:1].upper() + words[1:]
    return f"Option {move.index}"


def _option(s: Scene, move: mv.ChooseOption) -> str:
    top = s.top
    if not isinstance(top, st.ChooseOption):
        return f"chooses option {move.index}"
    chosen = w.effect_text(top.options[move.index - 1])
    if top.any_order:
        return f"takes from {source_name(s, top.source)}: {chosen}"
    return f"chooses to {chosen} (from {source_name(s, top.source)})"


def _part_label(s: Scene, move: mv.ChoosePart) -> str:
    sectors = s.ctx.components.university.sectors
    if 1 <= s.me.uni_sector <= len(sectors):
        part = sectors[s.me.uni_sector - 1].parts[move.index - 1]
        return f"Part {move.index}: {w.effect_text(part.bonus)}; {part.vp} VP at the end"
    return f"Part {move.index}"


def _part(s: Scene, move: mv.ChoosePart) -> str:
    sectors = s.ctx.components.university.sectors
    sector = s.me.uni_sector
    if not 1 <= sector <= len(sectors):
        return f"chooses part {move.index} of the University sector"
    bonus = sectors[sector - 1].parts[move.index - 1].bonus
    return f"chooses part {move.index} of University sector {sector} to {w.effect_text(bonus)}"


def _tile_label(s: Scene, move: mv.PlaceCupTile) -> str:
    """The top tile of a Province's stack, where it goes, and whether that makes a match."""
    ctx = s.ctx
    stack = s.board.cup_stacks.get(move.province, [])
    tile = ctx.cup_tiles.get(stack[-1]) if stack else None
    province = ctx.province_name(move.province)
    if tile is None:
        return f"{province} → {'a new row' if move.row == 0 else f'row {move.row}'}"
    left, right = (ctx.province_name(c.colour) for c in (tile.left, tile.right))
    head = f"{province}: {tile.name} [{left}|{right}]"
    rows = s.me.cup_rows
    if move.row == 0 or move.row > len(rows) or not rows[move.row - 1]:
        return f"{head} → a new row"
    row = rows[move.row - 1]
    if move.side == "l":
        mine, theirs = tile.right.colour, ctx.cup_tiles[row[0]].left.colour
        where = f"row {move.row}, left end"
    else:
        mine, theirs = tile.left.colour, ctx.cup_tiles[row[-1]].right.colour
        where = f"row {move.row}, right end"
    meets = f"{ctx.province_name(mine)} meets {ctx.province_name(theirs)}"
    return f"{head} → {where}: {'a match' if mine == theirs else 'no match'} ({meets})"


def _tile(s: Scene, move: mv.PlaceCupTile) -> str:
    ctx = s.ctx
    stack = s.board.cup_stacks.get(move.province, [])
    tile = ctx.cup_tiles.get(stack[-1]) if stack else None
    cups = ""
    if tile is not None:
        left, right = ctx.province_name(tile.left.colour), ctx.province_name(tile.right.colour)
        cups = f" (two {left} Cups)" if left == right else f" (Cups of {left} and {right})"
    taken = f"takes the top Cup tile of {ctx.province_name(move.province)}{cups}"
    if move.row == 0:
        return f"{taken} and starts a new Cup row"
    end = "left" if move.side == "l" else "right"
    return f"{taken} and adds it to the {end} end of Cup row {move.row}"


def _bonus_cup(s: Scene, move: mv.ChooseCupBonus, top: st.ChooseCupBonus) -> tuple[str, str]:
    """The colour and the bonus, in words, of the Cup a ChooseCupBonus names."""
    row = s.me.cup_rows[top.row]
    tiles = s.ctx.cup_tiles
    if move.side == "l":
        cup = tiles[row[top.connection]].right
    else:
        cup = tiles[row[top.connection + 1]].left
    return s.ctx.province_name(cup.colour), w.effect_text(cup.bonus)


def _cup_bonus_label(s: Scene, move: mv.ChooseCupBonus) -> str:
    side = "Left" if move.side == "l" else "Right"
    if not isinstance(s.top, st.ChooseCupBonus):
        return f"{side} Cup"
    colour, bonus = _bonus_cup(s, move, s.top)
    return f"{side} Cup ({colour}): {bonus}"


def _cup_bonus(s: Scene, move: mv.ChooseCupBonus) -> str:
    side = "left" if move.side == "l" else "right"
    if not isinstance(s.top, st.ChooseCupBonus):
        return f"takes the bonus of the {side} Cup"
    colour, bonus = _bonus_cup(s, move, s.top)
    return f"takes the bonus of the {side} Cup ({colour}): {bonus}"


def _scroll_label(s: Scene, move: mv.PickScroll) -> str:
    return f"{w.scroll_words(move.kind)}: {SCROLL_USES.get(move.kind, '')}".rstrip(": ")


def _harvest_label(s: Scene, move: mv.HarvestFrom) -> str:
    region = s.ctx.region(move.region)
    return f"Harvest {w.leaf('g', region.value)} in {region.name}"


def _harvest(s: Scene, move: mv.HarvestFrom) -> str:
    region = s.ctx.region(move.region)
    return f"harvests {w.leaves(1, 'g', region.value)} in {region.name}"


def _sell_vp(move: mv.SellLeaf) -> int:
    return 2 if move.side == "f" else 1


ENTRIES: dict[type[Move], Entry] = dict(
    [
        entry(
            mv.PayLeaf,
            lambda s, m: f"Pay {w.leaf(m.side, m.quality)} ({w.leaf_words(m.side, m.quality)})",
            _pay,
        ),
        entry(mv.CoverTeapot, lambda s, m: f"Cover it with {TEAPOT_WAYS[m.method]}", _cover),
        entry(mv.PickScroll, _scroll_label, lambda s, m: f"picks {w.scrolls(1, m.kind)}"),
        entry(
            mv.PlaceToken,
            lambda s, m: f"Cup row {m.row}, connection {m.connection}",
            lambda s, m: f"puts a Cup token on connection {m.connection} of Cup row {m.row}",
        ),
        entry(
            mv.FlipLeaf,
            lambda s, m: f"Ferment {w.leaf('g', m.quality)} → {w.leaf('f', m.quality)}",
            lambda s, m: f"ferments {w.leaves(1, 'g', m.quality)}",
        ),
        entry(mv.HarvestFrom, _harvest_label, _harvest),
        entry(
            mv.SellLeaf,
            lambda s, m: f"Sell {w.leaf(m.side, m.quality)} for {_sell_vp(m)} VP",
            lambda s, m: f"sells {w.leaves(1, m.side, m.quality)} for {_sell_vp(m)} VP",
        ),
        entry(mv.Stop, _stop_label, _stop),
        entry(mv.DrawCards, _draw_label, _draw),
        entry(
            mv.Discard,
            lambda s, m: f"Discard {w.card_line(s.ctx, m.card)}",
            lambda s, m: f"discards {s.ctx.card_name(m.card)}",
        ),
        entry(
            mv.RemoveCard,
            lambda s, m: f"Remove {s.ctx.card_name(m.card)} (from your {ZONE_NAME[m.zone]})",
            lambda s, m: (
                f"removes {s.ctx.card_name(m.card)} from the game (from the {ZONE_NAME[m.zone]})"
            ),
            lambda s, m: f"removed {s.ctx.card_name(m.card)} from the game",
        ),
        entry(
            mv.TakeEmperorCard,
            _emperor_card_label,
            lambda s, m: f"takes the Emperor card {s.ctx.card_name(m.card)}",
            lambda s, m: f"took the Emperor card {s.ctx.card_name(m.card)}",
        ),
        entry(mv.ChooseOption, _option_label, _option),
        entry(mv.ChoosePart, _part_label, _part),
        entry(mv.PlaceCupTile, _tile_label, _tile),
        entry(mv.ChooseCupBonus, _cup_bonus_label, _cup_bonus),
    ]
)
