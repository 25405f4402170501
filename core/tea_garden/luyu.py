"""Lu Yu, the solo mode's automa: his turn, his actions and their fallbacks (SOLO, LUYU).

Lu Yu decides nothing (DP-30). On his turn the engine offers one move, ``luyu`` (or
``luyu-pass`` when he cannot take a slot or pay its fee), and resolving it follows his cards:
the revealed card's front says what he does, row by row; the back of the card then on top of
his draw deck gives his strength and every choice (LUYU-05, AMB-51, read afresh at each step).
Each step is recorded as a :class:`~core.tea_garden.state.LuYuNote` so the log can tell the
player what he did and why. Leftover ties follow the fixed fallbacks of AMB-51 … AMB-63.
"""

from __future__ import annotations

from core.moves import Move
from core.tea_garden import moves as mv
from core.tea_garden import pools
from core.tea_garden.actions import fee_demands
from core.tea_garden.components import LUYU_ACTIONS, LuYuCard, LuYuStep
from core.tea_garden.court import check_decrees
from core.tea_garden.decisions import (
    advance_boat,
    advance_university,
    cup_stacks_open,
    secondary_possible,
)
from core.tea_garden.flow import max_turns, next_seat
from core.tea_garden.puerh import CAKE_SIZE, market_limit
from core.tea_garden.state import GameData, LuYuNote, LuYuState, PlayerState, deal


def luyu_of(g: GameData) -> LuYuState:
    """Return Lu Yu's cards in a solo game."""
    lu = g.luyu
    assert lu is not None, "this is not a solo game"
    return lu


def luyu_moves(g: GameData) -> list[Move]:
    """The single move Lu Yu has: play his next card, or pass for the round (LUYU-02/08)."""
    return [mv.LuYuTurn() if _fee_plan(g) is not None else mv.LuYuPass()]


def _fee_plan(g: GameData) -> tuple[int, int] | None:
    """Fresh and fermented leaves he pays for his next slot, or None if he cannot play.

    LUYU-08: no more turns than a player's slots. AMB-52: the fee is checked before the flip.
    AMB-53: fermented leaves only where the fee demands them, fresh ones for the rest, more
    fermented ones only when fresh ones run short. Quality never matters for him (LUYU-24).
    """
    lu = luyu_of(g)
    p = g.players[lu.seat]
    slot = len(lu.slots)
    if slot >= max_turns(g) or not lu.draw:
        return None
    demands = fee_demands(g, slot)
    need_f = sum(d.count for d in demands if d.fermented)
    need_any = sum(d.count for d in demands if not d.fermented)
    fresh, fermented = sum(p.fresh), sum(p.fermented)
    use_g = min(fresh, need_any)
    use_f = need_f + need_any - use_g
    return (use_g, use_f) if use_f <= fermented else None


def top_card(g: GameData, revealed: LuYuCard) -> LuYuCard:
    """The card on top of his draw deck, whose back steers him (AMB-51); the revealed card
    itself stands in if the deck is ever empty."""
    lu = luyu_of(g)
    return g.ctx.luyu_cards[lu.draw[-1]] if lu.draw else revealed


def pass_turn(g: GameData) -> None:
    """LUYU-02: he is out for the rest of the round."""
    lu = luyu_of(g)
    full = len(lu.slots) >= max_turns(g)
    lu.notes = [LuYuNote("pass", (str(len(lu.slots)), "slots" if full else "fee"))]
    g.players[lu.seat].passed = True
    next_seat(g)


def play_turn(g: GameData) -> None:
    """LUYU-01..07: pay the slot's fee, reveal his top card and resolve it top to bottom, climb
    the Emperor track with his tokens, check the Decrees, hand the turn on."""
    lu = luyu_of(g)
    p = g.players[lu.seat]
    plan = _fee_plan(g)
    assert plan is not None, "Lu Yu cannot play now"
    lu.notes = []
    use_g, use_f = plan
    if use_g or use_f:
        _take(p.fresh, use_g)
        _take(p.fermented, use_f)
        lu.notes.append(LuYuNote("fee", (str(use_g), str(use_f))))
    card_id = lu.draw.pop()
    g.reveals += 1
    lu.slots.append(card_id)
    if card_id not in lu.seen:
        lu.seen.append(card_id)
    card = g.ctx.luyu_cards[card_id]
    lu.notes.append(LuYuNote("reveal", (card_id,)))
    turn = _TurnMemo()
    for row in card.rows:
        failed = ""
        for step in row.steps:
            done = _step(g, p, card, step, turn)
            if step.do in LUYU_ACTIONS and not done:
                failed = step.do
        if failed and row.fallback:  # LUYU-04, LUYU-21
            lu.notes.append(LuYuNote("fallback", (failed,)))
            for step in row.fallback:
                _step(g, p, card, step, turn)
    _climb(g, p, card)  # AMB-57
    check_decrees(g, lu.seat)  # LUYU-07
    next_seat(g)


class _TurnMemo:
    """What one Lu Yu turn remembers between steps."""

    def __init__(self) -> None:
        self.repeated = False


def _take(levels: list[int], n: int) -> None:
    """Remove ``n`` leaves from a per-quality list, lowest quality first."""
    for q in range(len(levels)):
        used = min(n, levels[q])
        levels[q] -= used
        n -= used
        if not n:
            return


def _step(g: GameData, p: PlayerState, card: LuYuCard, step: LuYuStep, memo: _TurnMemo) -> bool:
    """Do one step of his card; return False if an action could not be completed."""
    lu = luyu_of(g)
    notes = lu.notes
    kind = step.do
    if kind == "leaves":
        got = min(step.n, pools.leaves_left(g))
        p.fresh[0] += got
        notes.append(LuYuNote("leaves", (str(got),)))
        return True
    if kind == "ferment":
        flipped = n = min(step.n, sum(p.fresh))
        for q in range(len(p.fresh)):
            flip = min(n, p.fresh[q])
            p.fresh[q] -= flip
            p.fermented[q] += flip
            n -= flip
        notes.append(LuYuNote("ferment", (str(flipped),)))
        return True
    if kind == "emperor_tokens":
        got = min(step.n, pools.emperor_tokens_left(g))
        p.emperor_tokens += got
        notes.append(LuYuNote("emperor_tokens", (str(got),)))
        return True
    if kind == "advanced":
        _gain_advanced(g, card)
        return True
    back = top_card(g, card)
    if kind == "build":
        return _build(g, p, back)
    if kind == "buy":
        return _buy(g, p, back.strength + step.n)
    if kind == "caravan":
        return _caravan(g, p, back.caravan)
    if kind == "court":
        return _court(g, p, back, back.strength + step.n)
    if kind == "market":
        return _market(g, p, back, back.strength + step.n)
    return _secondary(g, p, card, memo)


# --- gains ----------------------------------------------------------------------------------


def _gain_advanced(g: GameData, card: LuYuCard) -> None:
    """LUYU-19, AMB-62: the top card of the matching Advanced pile goes on top of his deck."""
    lu = luyu_of(g)
    symbol = top_card(g, card).secondary
    pile = lu.piles.get(symbol, [])
    if not pile:
        lu.notes.append(LuYuNote("advanced_none", (symbol,)))
        return
    gained = pile.pop()
    lu.draw.append(gained)
    lu.notes.append(LuYuNote("advanced", (gained, symbol)))


def _climb(g: GameData, p: PlayerState, card: LuYuCard) -> None:
    """LUYU-20, AMB-57, AMB-61: two tokens per space, as often as he can; each climb removes
    the Emperor card at the position his top card shows (skipped when that place is empty)."""
    lu = luyu_of(g)
    cost = g.ctx.luyu_board.emperor_tokens_per_space
    rows = len(g.ctx.components.emperor_track.rows)
    board = g.board
    while p.emperor_tokens >= cost and p.emperor_row < rows:
        p.emperor_tokens -= cost
        p.emperor_row += 1
        pos = top_card(g, card).emperor
        removed = board.emperor_display[pos - 1]
        if removed:
            p.removed.append(removed)
            board.emperor_display[pos - 1] = deal(g, board.emperor_deck)
        lu.notes.append(LuYuNote("emperor", (str(p.emperor_row), removed, str(pos))))


# --- main actions ---------------------------------------------------------------------------


def _build(g: GameData, p: PlayerState, back: LuYuCard) -> bool:
    """LUYU-11, AMB-59: the highest-value Region next to his gardens with a free space; ties
    by his Region-bonus priority, then by map order; the best free space; no bonus, no VP."""
    lu = luyu_of(g)
    ctx = g.ctx
    if True not in p.pagodas:
        lu.notes.append(LuYuNote("build_none", ("pagoda",)))
        return False
    mine = set(p.gardens)
    near = {r for gdn in p.gardens for r in ctx.neighbours[gdn]} - mine
    open_regions = [r for r in sorted(near) if -1 in g.board.spaces[r]]
    if not open_regions:
        lu.notes.append(LuYuNote("build_none", ("space",)))
        return False
    best_value = max(ctx.regions[r].value for r in open_regions)
    tied = [r for r in open_regions if ctx.regions[r].value == best_value]
    reason = "value"
    if len(tied) > 1:
        ranks = {r: _bonus_rank(g, back, r) for r in tied}
        best_rank = min(ranks.values())
        narrowed = [r for r in tied if ranks[r] == best_rank]
        reason = "bonus" if len(narrowed) < len(tied) else "order"
        tied = narrowed
    r = tied[0]
    region = ctx.regions[r]
    free = [k for k, owner in enumerate(g.board.spaces[r]) if owner < 0]
    k = max(free, key=lambda k: (region.spaces[k].vp, -k))
    spot = p.pagodas.index(True)
    p.pagodas[spot] = False
    g.board.spaces[r][k] = lu.seat
    p.gardens.append(r)
    lu.notes.append(LuYuNote("build", (region.id, str(k + 1), reason)))
    return True


def _bonus_rank(g: GameData, back: LuYuCard, r: int) -> int:
    """Position of a Region's token kind in his bonus priority; no token ranks last."""
    token = g.board.region_tokens.get(g.ctx.regions[r].id)
    order = back.bonus_priority
    if not token:
        return len(order)
    bonus = g.ctx.region_tokens[token].bonus
    tag = type(bonus[0]).__struct_config__.tag if bonus else None
    return order.index(tag) if tag in order else len(order)


def _buy(g: GameData, p: PlayerState, strength: int) -> bool:
    """LUYU-12, AMB-54: the rightmost display slot his strength reaches; the card goes to his
    Action pile (he never plays it) and the display closes up and refills."""
    lu = luyu_of(g)
    slots = g.ctx.components.display.slot_strength
    display = g.board.action_display
    reach = [i for i, need in enumerate(slots) if need <= strength]
    i = reach[-1] if reach else 0
    card_id = display[i]
    if not card_id:
        lu.notes.append(LuYuNote("buy_none", (str(i + 1), str(strength))))
        return False
    del display[i]
    display.append(deal(g, g.board.action_deck))
    p.discard.append(card_id)
    lu.notes.append(LuYuNote("buy", (card_id, str(i + 1), str(strength))))
    return True


def _caravan(g: GameData, p: PlayerState, position: int) -> bool:
    """LUYU-13, AMB-61: the Caravan at the marked position, free and without rewards."""
    lu = luyu_of(g)
    display = g.board.caravan_display
    cid = display[position - 1]
    if not cid:
        lu.notes.append(LuYuNote("caravan_none", (str(position),)))
        return False
    display[position - 1] = deal(g, g.board.caravan_deck)
    p.caravans.append(cid)
    lu.notes.append(LuYuNote("caravan", (cid, str(position))))
    return True


def _court(g: GameData, p: PlayerState, back: LuYuCard, strength: int) -> bool:
    """LUYU-21/22, AMB-55: Halls in his priority order; the best free space worth at most his
    strength; no Hall effects."""
    lu = luyu_of(g)
    court = g.board.court
    if court is None:
        lu.notes.append(LuYuNote("base_only", ("court",)))
        return False
    if p.courtiers <= 0:
        lu.notes.append(LuYuNote("court_none", ("courtier", str(strength))))
        return False
    values = g.ctx.components.court.hall_spaces if g.ctx.components.court else ()
    for h in back.hall_priority:
        if h > len(court.halls):
            continue
        spaces = court.occupancy[h - 1]
        for k, owner in enumerate(spaces):
            if owner < 0 and values[k] <= strength:
                spaces[k] = lu.seat
                p.courtiers -= 1
                lu.notes.append(LuYuNote("court", (court.halls[h - 1], str(k + 1), str(strength))))
                return True
    lu.notes.append(LuYuNote("court_none", ("space", str(strength))))
    return False


def _market(g: GameData, p: PlayerState, back: LuYuCard, strength: int) -> bool:
    """LUYU-23: 1/2/3 Premium tokens by strength, in his Market order, free and without
    bonuses; each joins his open set (PUERH-09 does not bind him)."""
    lu = luyu_of(g)
    court = g.board.court
    if court is None:
        lu.notes.append(LuYuNote("base_only", ("market",)))
        return False
    limit = market_limit(strength)
    if not limit:
        lu.notes.append(LuYuNote("market_weak", (str(strength),)))
        return False
    taken: list[str] = []
    for pos in back.market_order:
        if len(taken) >= limit:
            break
        if pos > len(court.market) or not court.market[pos - 1]:
            continue
        token = court.market[pos - 1]
        court.market[pos - 1] = deal(g, court.premium_pile)
        open_sets = [s for s in p.puerh_sets if len(s) < CAKE_SIZE]
        if open_sets:
            open_sets[0].append(token)
        else:
            p.puerh_sets.append([token])
        taken.append(token)
    if not taken:
        lu.notes.append(LuYuNote("market_none", (str(strength),)))
        return False
    lu.notes.append(LuYuNote("market", (",".join(taken), str(strength))))
    return True


# --- secondary actions ----------------------------------------------------------------------


def _secondary(g: GameData, p: PlayerState, card: LuYuCard, memo: _TurnMemo) -> bool:
    """LUYU-14..18, AMB-58: the secondary action his top card shows, repeated once per turn by
    paying 3 fermented leaves when he has them."""
    lu = luyu_of(g)
    kind = top_card(g, card).secondary
    if not _do_secondary(g, p, card, kind):
        return False
    repeat_cost = g.ctx.luyu_board.repeat_fermented
    if not memo.repeated and sum(p.fermented) >= repeat_cost and secondary_possible(g, kind):
        memo.repeated = True
        _take(p.fermented, repeat_cost)
        lu.notes.append(LuYuNote("repeat", (kind, str(repeat_cost))))
        _do_secondary(g, p, card, kind)
    return True


def _do_secondary(g: GameData, p: PlayerState, card: LuYuCard, kind: str) -> bool:
    lu = luyu_of(g)
    if kind == "river":  # LUYU-17: one segment, no bonus; the mouth pays by arrival order
        if not advance_boat(g, p):
            lu.notes.append(LuYuNote("river_none"))
            return False
        lu.notes.append(LuYuNote("river", (str(p.boat),)))
        return True
    if kind == "university":  # LUYU-15, AMB-60: next sector; crossing the start gives the centre
        centre = advance_university(g, p)
        p.uni_part = 0  # both parts of a sector score alike; he takes no bonus
        lu.notes.append(LuYuNote("university", (str(p.uni_sector), "centre" if centre else "")))
        return True
    return _cup(g, p, card)


def _cup(g: GameData, p: PlayerState, card: LuYuCard) -> bool:
    """LUYU-16, AMB-56: a top tile from a Province of his gardens, one that matches his single
    row if any does, chosen by his Province-colour priority; right end first."""
    lu = luyu_of(g)
    open_provinces = cup_stacks_open(g)  # he is the seat to move
    if not open_provinces:
        lu.notes.append(LuYuNote("cup_none"))
        return False
    tiles = g.ctx.cup_tiles
    if not p.cup_rows:
        p.cup_rows.append([])
        p.cup_tokens.append([])
    row = p.cup_rows[0]

    def fits(prov: str) -> tuple[bool, bool]:
        tile = tiles[g.board.cup_stacks[prov][-1]]
        if not row:
            return False, False
        right = tiles[row[-1]].right.colour == tile.left.colour
        left = tile.right.colour == tiles[row[0]].left.colour
        return right, left

    priority = top_card(g, card).province_priority
    matching = [prov for prov in open_provinces if any(fits(prov))]
    reason = "match" if matching else "priority"
    candidates = matching or open_provinces
    prov = min(candidates, key=lambda c: priority.index(c) if c in priority else len(priority))
    right, left = fits(prov)
    tile = g.board.cup_stacks[prov].pop()
    g.reveals += 1
    if not row:
        row.append(tile)
        side = "r"
    elif right or not left:
        row.append(tile)
        p.cup_tokens[0].append(0)  # he never places Cup tokens
        side = "r"
    else:
        row.insert(0, tile)
        p.cup_tokens[0].insert(0, 0)
        side = "l"
    lu.notes.append(LuYuNote("cup", (tile, prov, side, reason)))
    return True
