"""The words of a turn's own moves: passing, choosing and playing cards, the main actions, the
top card's offers, the free actions and the end of the turn; and Lu Yu's two moves."""

from __future__ import annotations

from core.moves import Move
from core.tea_garden import effects as fx
from core.tea_garden import moves as mv
from core.tea_garden import words as w
from core.tea_garden.move_words.scene import ACTION_NAME, Entry, Scene, entry


def _stack(s: Scene, move: mv.Commit) -> tuple[list[str], int]:
    """The cards a Commit plays, the top one last, and the strength they make."""
    stack = [c for c in s.turn.selected if c != move.top] + [move.top]
    return stack, s.turn.strength + sum(s.ctx.cards[c].strength for c in stack)


def _commit(s: Scene, move: mv.Commit) -> str:
    # The plan stayed private until now: the cards are named once they are played.
    stack, strength = _stack(s, move)
    text = f"plays {w.join([s.ctx.card_name(c) for c in stack])} (strength {strength})"
    return text + (f", {s.ctx.card_name(move.top)} on top" if len(stack) > 1 else "")


def _commit_phrase(s: Scene, move: mv.Commit) -> str:
    stack, strength = _stack(s, move)
    return f"played {' + '.join(s.ctx.card_name(c) for c in stack)} (str {strength})"


def _build_label(s: Scene, move: mv.Build) -> str:
    ctx = s.ctx
    region = ctx.region(move.region)
    vp = region.spaces[move.space - 1].vp
    need = ctx.components.board.pagodas[move.spot - 1]
    token = s.board.region_tokens.get(move.region)
    bonus = ""
    if token and token in ctx.region_tokens:
        bonus = f" + {w.effect_text(ctx.region_tokens[token].bonus)}"
    space = f"{vp}-VP space" if vp else "space"
    return f"{w.region_words(ctx, move.region)}: {space}, Pagoda {need}{bonus}"


def _build(s: Scene, move: mv.Build) -> str:
    region = s.ctx.region(move.region)
    vp = region.spaces[move.space - 1].vp
    space = f"a {vp}-VP space" if vp else "a space without VP"
    where = f"{region.name} ({s.ctx.province_name(region.province)}, value {region.value})"
    return f"builds in {where} on {space}"


def _buy_label(s: Scene, move: mv.Buy) -> str:
    card_id = s.board.action_display[move.slot - 1]
    bought = s.ctx.action_cards.get(card_id)
    if bought is None:
        return f"Slot {move.slot}"
    worth = f", {bought.vp} VP" if bought.vp else ""
    needs = (
        f", needs {w.teapots_words(bought.teapots_needed)} among your played cards"
        if bought.teapots_needed
        else ""
    )
    price = w.cost_text(bought.price)
    return f"Slot {move.slot}: {w.card_line(s.ctx, card_id)} — {price}{needs}{worth}"


def _bought(s: Scene, move: mv.Buy) -> str:
    return s.ctx.card_name(s.board.action_display[move.slot - 1])


def _caravan_label(s: Scene, move: mv.TakeCaravan) -> str:
    caravan = s.ctx.caravans.get(s.board.caravan_display[move.slot - 1])
    if caravan is None:
        return f"Caravan slot {move.slot}"
    trade = caravan.trades[move.trade - 1]
    option = caravan.strengths[move.strength - 1]
    return (
        f"{caravan.name}: pay {w.cost_text(trade.cost)} → {w.effect_text(trade.reward)}; "
        f"strength {option.strength} → {w.effect_text(option.reward)}"
    )


def _caravan(s: Scene, move: mv.TakeCaravan) -> str:
    cid = s.board.caravan_display[move.slot - 1]
    value = s.ctx.caravans[cid].strengths[move.strength - 1].strength
    return f"takes the Caravan {s.ctx.name(cid)} (trade {move.trade}, strength {value})"


def _use_top_label(s: Scene, move: mv.UseTop) -> str:
    card = s.ctx.cards.get(s.turn.top)
    if card is None:
        return f"Use offer {move.index}"
    return f"Use {card.name}: {w.effect_text((card.top[move.index - 1],))}"


def _offer(s: Scene, move: mv.UseTop) -> fx.Effect:
    return s.ctx.cards[s.turn.top].top[move.index - 1]


def _use_top(s: Scene, move: mv.UseTop) -> str:
    name = s.ctx.card_name(s.turn.top)
    eff = _offer(s, move)
    if isinstance(eff, fx.Secondary):
        if eff.action == "river":
            return f"uses {name} to move the Boat on the River to segment {s.me.boat + 1}"
        if eff.action == "university":
            sectors = len(s.ctx.components.university.sectors)
            sector = 1 if s.me.uni_sector in (0, sectors) else s.me.uni_sector + 1
            return f"uses {name} to move a Worker to sector {sector} of the Tea University"
    return f"uses {name} to {w.one_effect(eff)}"


def _use_top_phrase(s: Scene, move: mv.UseTop) -> str:
    """The top card's offer, in the past: the card itself was named when it was played."""
    eff = _offer(s, move)
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
        return f"drew and discarded {w.plural(eff.n, 'card')}"
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
    return f"used the top card ({w.effect_text((eff,))})"


def _repeat_label(s: Scene, move: mv.Repeat) -> str:
    how = "costs an x2 Scroll" if move.method == "scroll" else "costs 3 fermented leaves"
    return f"Repeat {ACTION_NAME.get(s.turn.secondary, 'the secondary action')} ({how})"


def _repeat(s: Scene, move: mv.Repeat) -> str:
    how = "with an x2 Scroll" if move.method == "scroll" else "by paying 3 fermented leaves"
    return f"repeats {ACTION_NAME.get(s.turn.secondary, 'the secondary action')} {how}"


def _emperor(s: Scene, move: mv.AdvanceEmperor) -> str:
    tokens = s.ctx.components.emperor_track.rows[s.me.emperor_row].tokens
    row = s.me.emperor_row + 1
    return f"climbs to row {row} of the Emperor track ({w.plural(tokens, 'Emperor token')})"


def _spend_label(s: Scene, move: mv.SpendCupToken) -> str:
    row = s.me.cup_rows[move.row - 1]
    left = s.ctx.cup_tiles[row[move.connection - 1]].right
    right = s.ctx.cup_tiles[row[move.connection]].left
    pair = f"{w.effect_text(left.bonus)} or {w.effect_text(right.bonus)}"
    return f"Cup row {move.row}, connection {move.connection}: {pair}"


def _choose_label(s: Scene, move: mv.Select) -> str:
    return f"Choose {w.card_line(s.ctx, move.card)}"


def _chosen(s: Scene, move: mv.Select) -> str:
    # The plan stays private until the cards are played: name no card here.
    return f"chooses a card to play ({w.plural(len(s.turn.selected) + 1, 'card')} chosen)"


def _add(s: Scene, move: mv.AddCard) -> str:
    strength = s.turn.strength + s.ctx.cards[move.card].strength
    return f"adds {s.ctx.card_name(move.card)} under the top card (strength {strength})"


def _ferment(s: Scene, move: mv.Ferment) -> str:
    return f"ferments as the main action (up to {w.plural(s.turn.strength, 'leaf', 'leaves')})"


ENTRIES: dict[type[Move], Entry] = dict(
    [
        entry(
            mv.Pass,
            lambda s, m: "Pass for the rest of the round",
            lambda s, m: "passes for the rest of the round",
            lambda s, m: "passed for the round",
        ),
        entry(mv.Select, _choose_label, _chosen),
        entry(
            mv.Commit,
            lambda s, m: f"Play, on top: {w.card_line(s.ctx, m.top)}",
            _commit,
            _commit_phrase,
        ),
        entry(mv.AddCard, lambda s, m: f"Slip in {w.card_line(s.ctx, m.card)}", _add),
        entry(mv.EndTurn, lambda s, m: "End the turn", lambda s, m: "ends the turn"),
        entry(
            mv.Build,
            _build_label,
            _build,
            lambda s, m: f"built in {s.ctx.region(m.region).name}",
        ),
        entry(
            mv.Buy,
            _buy_label,
            lambda s, m: f"buys {_bought(s, m)} from slot {m.slot}",
            lambda s, m: f"bought {_bought(s, m)}",
        ),
        entry(
            mv.TakeCaravan,
            _caravan_label,
            _caravan,
            lambda s, m: f"took the Caravan {s.ctx.name(s.board.caravan_display[m.slot - 1])}",
        ),
        entry(
            mv.Ferment,
            lambda s, m: f"Ferment up to {w.plural(s.turn.strength, 'fresh leaf', 'fresh leaves')}",
            _ferment,
            lambda s, m: "fermented leaves",
        ),
        entry(
            mv.Harvest,
            lambda s, m: f"Extra Harvest from up to {w.plural(s.turn.strength, 'garden')}",
            lambda s, m: f"takes an Extra Harvest (up to {w.plural(s.turn.strength, 'garden')})",
            lambda s, m: "took an Extra Harvest",
        ),
        entry(mv.UseTop, _use_top_label, _use_top, _use_top_phrase),
        entry(mv.Repeat, _repeat_label, _repeat, lambda s, m: "repeated the secondary action"),
        entry(
            mv.AdvanceEmperor,
            lambda s, m: "Climb the Emperor track",
            _emperor,
            lambda s, m: f"climbed to row {s.me.emperor_row + 1} of the Emperor track",
        ),
        entry(
            mv.SpendCupToken,
            _spend_label,
            lambda s, m: f"spends a Cup token on connection {m.connection} of Cup row {m.row}",
            lambda s, m: "spent a Cup token",
        ),
        entry(
            mv.UsePlus1,
            lambda s, m: f"Use a +1 Scroll (strength {s.turn.strength + 1})",
            lambda s, m: f"discards a +1 Scroll (strength {s.turn.strength + 1})",
            lambda s, m: "used a +1 Scroll",
        ),
        # Lu Yu decides nothing: his moves are never in a menu, and the log tells his turn
        # from his notes (core.tea_garden.narrate_luyu).
        entry(mv.LuYuTurn, lambda s, m: str(m), lambda s, m: "reveals his next card"),
        entry(mv.LuYuPass, lambda s, m: str(m), lambda s, m: "passes for the round"),
    ]
)
