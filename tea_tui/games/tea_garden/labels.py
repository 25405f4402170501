"""A short label in words for every kind of Tea Garden move, as the decision panel lists it,
and the title of every pending decision (:func:`pending_title`).

Labels read the seat's observation (never a full state) and the shared context, and name cards,
Regions and Provinces rather than ids. Compare :func:`core.tea_garden.narrate.describe`, which
writes the log's full sentences after the fact.
"""

from __future__ import annotations

from core.moves import Move
from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.context import Context
from core.tea_garden.hidden import TeaGardenObservation
from tea_tui.games.tea_garden import words as w

STOP_WORDS = {
    st.FermentLeaves: "Stop fermenting",
    st.HarvestGardens: "Stop harvesting",
    st.SellLeaves: "Stop selling",
    st.MayDraw: "Do not draw",
    st.MayRemove: "Remove nothing",
}
REPEAT_WORDS = {
    "river": "the River action",
    "cup": "the Cup production",
    "university": "the University action",
}
SCROLL_USES = {
    "plus1": "one more strength in a turn, when you use it",
    "teapot": "stands in for a Teapot your cards lack when you buy",
    "x2": "repeats the secondary action of your top card",
}
"""What each Scroll does, for a newcomer choosing one (each left over is 1 VP at the end)."""
TEAPOT_WAYS = {
    "scroll": "with a Teapot Scroll",
    "leaves": "with 3 leaves",
    "fermented": "with 2 fermented leaves",
}


def label(view: TeaGardenObservation, ctx: Context, move: Move) -> str:
    """Return the label of ``move`` for the seat to move."""
    text = _turn_label(view, ctx, move)
    if text:
        return text
    return _decision_label(view, ctx, move) or str(move)


def _turn_label(view: TeaGardenObservation, ctx: Context, move: Move) -> str:
    t = view.turn
    b = view.board
    if isinstance(move, mv.Pass):
        return "Pass for the rest of the round"
    if isinstance(move, mv.EndTurn):
        return "End the turn"
    if isinstance(move, mv.Select | mv.Commit | mv.AddCard | mv.Discard):
        verb = {mv.Select: "Choose", mv.Commit: "Play, on top:", mv.AddCard: "Slip in"}.get(
            type(move), "Discard"
        )
        return (
            f"{verb} {w.card_line(ctx, move.card if not isinstance(move, mv.Commit) else move.top)}"
        )
    if isinstance(move, mv.Build):
        region = ctx.region(move.region)
        vp = region.spaces[move.space - 1].vp
        need = ctx.components.board.pagodas[move.spot - 1]
        token = b.region_tokens.get(move.region)
        bonus = ""
        if token and token in ctx.region_tokens:
            bonus = f" + {w.effects_words(ctx.region_tokens[token].bonus)}"
        space = f"{vp}-VP space" if vp else "space"
        return f"{w.region_words(ctx, move.region)}: {space}, Pagoda {need}{bonus}"
    if isinstance(move, mv.NobleCourt):
        court, spaces = view.board.court, ctx.components.court
        halls = court.halls if court else []
        hall = ctx.halls.get(halls[move.hall - 1]) if move.hall <= len(halls) else None
        name = f" ({hall.name}: {w.effects_words(hall.effects)})" if hall else ""
        need = spaces.hall_spaces[move.space - 1] if spaces else 0
        return f"Hall {move.hall}{name}, space {move.space}: strength {need}"
    if isinstance(move, mv.PuerhMarket):
        return "Buy Premium Puerh tokens"
    if isinstance(move, mv.BuyPremium):
        court = view.board.court
        token = court.market[move.slot - 1] if court and move.slot <= len(court.market) else ""
        return f"Slot {move.slot}: {puerh_token_words(ctx, token)}"
    if isinstance(move, mv.TakeBasic):
        court = view.board.court
        token = court.storage[move.slot - 1] if court and move.slot <= len(court.storage) else ""
        return f"Slot {move.slot}: {puerh_token_words(ctx, token)}"
    if isinstance(move, mv.PlacePuerh):
        if move.set == 0:
            return "Start a new set with it"
        if move.bridge:
            return f"Join sets {move.set} and {move.bridge} with it into a cake"
        sets = view.players[view.seat].puerh_sets
        held = len(sets[move.set - 1]) if move.set <= len(sets) else 0
        return f"Add it to set {move.set} ({w.count(held, 'token')} so far)"
    if isinstance(move, mv.Buy):
        card_id = b.action_display[move.slot - 1]
        bought = ctx.action_cards.get(card_id)
        if bought is None:
            return f"Slot {move.slot}"
        worth = f", {bought.vp} VP" if bought.vp else ""
        needs = (
            f", needs {w.teapots_words(bought.teapots_needed)} among your played cards"
            if bought.teapots_needed
            else ""
        )
        price = w.cost_text(bought.price)
        return f"Slot {move.slot}: {w.card_line(ctx, card_id)} — {price}{needs}{worth}"
    if isinstance(move, mv.TakeCaravan):
        cid = b.caravan_display[move.slot - 1]
        caravan = ctx.caravans.get(cid)
        if caravan is None:
            return f"Caravan slot {move.slot}"
        trade = caravan.trades[move.trade - 1]
        option = caravan.strengths[move.strength - 1]
        return (
            f"{caravan.name}: pay {w.cost_text(trade.cost)} → {w.effects_words(trade.reward)}; "
            f"strength {option.strength} → {w.effects_words(option.reward)}"
        )
    if isinstance(move, mv.Ferment):
        return f"Ferment up to {w.count(t.strength, 'fresh leaf', 'fresh leaves')}"
    if isinstance(move, mv.Harvest):
        return f"Extra Harvest from up to {w.count(t.strength, 'garden')}"
    if isinstance(move, mv.UseTop):
        card = ctx.cards.get(t.top)
        if card is None:
            return f"Use offer {move.index}"
        return f"Use {card.name}: {w.effects_words((card.top[move.index - 1],))}"
    if isinstance(move, mv.Repeat):
        how = "costs an x2 Scroll" if move.method == "scroll" else "costs 3 fermented leaves"
        return f"Repeat {REPEAT_WORDS.get(t.secondary, 'the secondary action')} ({how})"
    if isinstance(move, mv.AdvanceEmperor):
        return "Climb the Emperor track"
    if isinstance(move, mv.SpendCupToken):
        return f"Cup row {move.row}, connection {move.connection}: {_cup_pair(view, ctx, move)}"
    if isinstance(move, mv.UsePlus1):
        return f"Use a +1 Scroll (strength {t.strength + 1})"
    return ""


def puerh_token_words(ctx: Context, token_id: str) -> str:
    """Return a Puerh token in words: its name, what it adds to a cake, what it gives when
    placed and what it costs, e.g. "Bulang Old-Tree Wedge — 2 stars; when placed: score 1 VP;
    costs 3 leaves"."""
    token = ctx.puerh_tokens.get(token_id)
    if token is None:
        return "no token"
    worth = [w.count(token.stars, "star")] if token.stars else []
    if token.value:
        worth.append(f"centre value {token.value}")
    cost = "free" if token.cost.is_free else f"costs {w.cost_text(token.cost)}"
    gives = w.effects_words(token.bonus)
    worth_text = ", ".join(worth) or "nothing for a cake"
    return f"{token.name} — {worth_text}; when placed: {gives}; {cost}"


def _cup_pair(view: TeaGardenObservation, ctx: Context, move: mv.SpendCupToken) -> str:
    row = view.players[view.seat].cup_rows[move.row - 1]
    left = ctx.cup_tiles[row[move.connection - 1]].right
    right = ctx.cup_tiles[row[move.connection]].left
    return f"{w.effects_words(left.bonus)} or {w.effects_words(right.bonus)}"


def _decision_label(view: TeaGardenObservation, ctx: Context, move: Move) -> str:
    top = view.pending[-1] if view.pending else None
    me = view.players[view.seat]
    if isinstance(move, mv.PayLeaf):
        return f"Pay {w.leaf(move.side, move.quality)} ({w.leaf_words(move.side, move.quality)})"
    if isinstance(move, mv.CoverTeapot):
        return f"Cover it {TEAPOT_WAYS[move.method]}"
    if isinstance(move, mv.PickScroll):
        return f"{w.scroll_words(move.kind)}: {SCROLL_USES.get(move.kind, '')}".rstrip(": ")
    if isinstance(move, mv.PlaceToken):
        return f"Cup row {move.row}, connection {move.connection}"
    if isinstance(move, mv.FlipLeaf):
        return f"Ferment {w.leaf('g', move.quality)} → {w.leaf('f', move.quality)}"
    if isinstance(move, mv.HarvestFrom):
        region = ctx.region(move.region)
        return f"Harvest {w.leaf('g', region.value)} in {region.name}"
    if isinstance(move, mv.SellLeaf):
        vp = 2 if move.side == "f" else 1
        return f"Sell {w.leaf(move.side, move.quality)} for {vp} VP"
    if isinstance(move, mv.Stop):
        return STOP_WORDS.get(type(top), "Stop") if top is not None else "Stop"
    if isinstance(move, mv.DrawCards):
        n = top.n if isinstance(top, st.MayDraw) else 1
        then = " and discard as many" if isinstance(top, st.MayDraw) and top.discard else ""
        return f"Draw {n} card{'s' if n != 1 else ''}{then}"
    if isinstance(move, mv.RemoveCard):
        where = {"hand": "hand", "draw": "draw deck", "discard": "discard pile"}[move.zone]
        return f"Remove {w.card_name(ctx, move.card)} (from your {where})"
    if isinstance(move, mv.TakeEmperorCard):
        card = ctx.emperor_cards.get(move.card)
        scores = f" — scores {w.condition_text(card.scoring)}" if card is not None else ""
        return f"{w.card_line(ctx, move.card)}{scores}"
    if isinstance(move, mv.ChooseOption):
        if isinstance(top, st.ChooseOption):
            words = w.effects_words(top.options[move.index - 1])
            return words[:1].upper() + words[1:]
        return f"Option {move.index}"
    if isinstance(move, mv.ChoosePart):
        sectors = ctx.components.university.sectors
        if 1 <= me.uni_sector <= len(sectors):
            part = sectors[me.uni_sector - 1].parts[move.index - 1]
            return f"Part {move.index}: {w.effects_words(part.bonus)}; {part.vp} VP at the end"
        return f"Part {move.index}"
    if isinstance(move, mv.PlaceCupTile):
        return _tile_label(view, ctx, move)
    if isinstance(move, mv.ChooseCupBonus):
        return _cup_bonus_label(view, ctx, move, top)
    return ""


def _tile_label(view: TeaGardenObservation, ctx: Context, move: mv.PlaceCupTile) -> str:
    """The top tile of a Province's stack, where it goes, and whether that makes a match."""
    stack = view.board.cup_stacks.get(move.province, [])
    tile = ctx.cup_tiles.get(stack[-1]) if stack else None
    province = w.province_name(ctx, move.province)
    if tile is None:
        return f"{province} → {'a new row' if move.row == 0 else f'row {move.row}'}"
    left, right = (w.province_name(ctx, c.colour) for c in (tile.left, tile.right))
    head = f"{province}: {tile.name} [{left}|{right}]"
    rows = view.players[view.seat].cup_rows
    if move.row == 0 or move.row > len(rows) or not rows[move.row - 1]:
        return f"{head} → a new row"
    row = rows[move.row - 1]
    if move.side == "l":
        mine, theirs = tile.right.colour, ctx.cup_tiles[row[0]].left.colour
        where = f"row {move.row}, left end"
    else:
        mine, theirs = tile.left.colour, ctx.cup_tiles[row[-1]].right.colour
        where = f"row {move.row}, right end"
    meets = f"{w.province_name(ctx, mine)} meets {w.province_name(ctx, theirs)}"
    return f"{head} → {where}: {'a match' if mine == theirs else 'no match'} ({meets})"


def _cup_bonus_label(
    view: TeaGardenObservation, ctx: Context, move: mv.ChooseCupBonus, top: object
) -> str:
    side = "Left" if move.side == "l" else "Right"
    if not isinstance(top, st.ChooseCupBonus):
        return f"{side} Cup"
    row = view.players[view.seat].cup_rows[top.row]
    tiles = ctx.cup_tiles
    cup = (
        tiles[row[top.connection]].right
        if move.side == "l"
        else tiles[row[top.connection + 1]].left
    )
    return f"{side} Cup ({w.province_name(ctx, cup.colour)}): {w.effects_words(cup.bonus)}"


def pending_title(view: TeaGardenObservation, ctx: Context, top: st.AnyPending) -> str:
    """Say what a pending decision asks for."""
    if isinstance(top, st.PayLeaves):
        return f"Pay {w.demand_text(top.demands)} for {_purpose(view, ctx, top.purpose)}"
    if isinstance(top, st.ChooseOption) and top.any_order:  # a Hall's gains (COURT-02)
        return "Take the Hall's gains one by one, in any order, or stop"
    if isinstance(top, st.CoverTeapots):
        pots = w.count(top.missing, "Teapot")
        it = "it" if top.missing == 1 else "one"
        return f"{w.card_name(ctx, top.card)} needs {pots} your played cards lack: cover {it}"
    titles = {
        st.ChooseScroll: "Choose a Scroll",
        st.PlaceCupToken: "Place a Cup token on a connection",
        st.MayDraw: "Draw cards?",
        st.MayRemove: "Remove a card from the game?",
        st.TakeEmperorCard: "Take an Emperor card",
        st.ChooseOption: "Choose one side",
        st.ChoosePart: "Choose a part of the University sector",
        st.PlaceCupTile: "Take a Cup tile and place it",
        st.ChooseCupBonus: "Which Cup gives its bonus?",
        st.BuyPuerh: "Buy a Premium Puerh token from the Market",
        st.TakeBasicPuerh: "Take a Basic Puerh token from the Storage",
        st.PlacePuerh: "Place the Puerh token: a new set, or one not yet complete",
    }
    if isinstance(top, st.FermentLeaves):
        return f"Ferment up to {w.count(top.n, 'more fresh leaf', 'more fresh leaves')}"
    if isinstance(top, st.HarvestGardens):
        return f"Harvest from up to {w.count(top.n, 'more garden')}"
    if isinstance(top, st.SellLeaves):
        return f"Sell up to {w.count(top.n, 'more leaf', 'more leaves')}"
    if isinstance(top, st.DiscardCards):
        return f"Discard {w.count(top.n, 'card')}"
    return titles.get(type(top), "Decide")


def _purpose(view: TeaGardenObservation, ctx: Context, purpose: str) -> str:
    kind, _, rest = purpose.partition(":")
    if kind == "fee":
        return f"the fee of card slot {len(view.players[view.seat].stacks)}"
    if kind == "buy":
        return w.card_name(ctx, rest)
    if kind == "caravan":
        return f"the Caravan {ctx.name(rest.split(':')[0])}"
    if kind == "emperor":
        return "the Emperor track"
    if kind == "repeat":
        return "the repeat"
    if kind == "puerh":
        return f"the Premium Puerh token of Market slot {rest}"
    return purpose
