"""The shared board as lines of text: the map region by region, the tracks, the displays and,
with the expansion, the Noble Court.

Every function reads one seat's observation and the shared context (as the widgets do), so it
can only tell what that seat may know. Nothing here is drawn: each fact is a sentence or a short
list, so a screen reader reads it in order and a terminal without colour loses nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.tea_garden import words as w
from core.tea_garden.components import LeafCost, Region
from core.tea_garden.context import Context
from core.tea_garden.court import decree_progress
from core.tea_garden.hidden import TeaGardenObservation
from tea_tui.plain.texts import join

ROMAN = ("I", "II", "III", "IV", "V")
"""Action-card levels as printed on the cards."""
DECREE_WORDS = {
    "river": ("River", "the Boat at segment {n}"),
    "emperor": ("Emperor", "row {n} of the Emperor track"),
    "university": ("University", "{workers} in the University centre"),
    "gardens": ("Gardens", "{gardens} built"),
    "caravans": ("Caravans", "{caravans}"),
    "cups": ("Cups", "{tiles}"),
    "puerh": ("Puerh", "{cakes}"),
}
"""Each kind of Imperial Decree: its name and what it asks for."""


def decree_target(kind: str, n: int) -> tuple[str, str]:
    """Return a Decree's name and its target in words, e.g. ("Puerh", "2 complete cakes")."""
    name, target = DECREE_WORDS.get(kind, (kind, "{n}"))
    return name, target.format(
        n=n,
        workers=w.plural(n, "Worker"),
        gardens=w.plural(n, "garden"),
        caravans=w.plural(n, "Caravan"),
        tiles=w.plural(n, "Cup tile"),
        cakes=w.plural(n, "complete cake"),
    )


def seat_name(names: Sequence[str], seat: int) -> str:
    """Return a seat's name ("Seat N" past the end of ``names``)."""
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def cost_words(cost: LeafCost) -> str:
    """Return a leaf cost in words ("free" when nothing is owed)."""
    return w.cost_text(cost)


def teapot_words(teapots: Sequence[str]) -> str:
    """Return a card's Teapots in words, e.g. "Teapots green and red" ("" for none)."""
    return w.teapots_words(tuple(teapots)) if teapots else ""


def offer_words(ctx: Context, card_id: str) -> str:
    """Return what a card offers on top of a stack: "offers ..." or "no offer"."""
    offer = w.card_offer(ctx, card_id)
    return offer if offer == "no offer" else f"offers {offer}"


# --- the map ---------------------------------------------------------------------------------


def map_lines(view: TeaGardenObservation, ctx: Context, names: Sequence[str]) -> list[str]:
    """Return the map Province by Province: each Region's quality, its garden spaces (free,
    worth VP, or whose garden), its bonus token and its neighbours."""
    lines = ["The map, Province by Province. Spaces say who built there, or free."]
    neighbours = _neighbours(ctx)
    for province in ctx.components.map.provinces:
        regions = [i for i, r in enumerate(ctx.regions) if r.province == province.id]
        if not regions:
            continue
        start = " (the start Province)" if province.start else ""
        lines.append(f"{province.name}{start}:")
        for index in regions:
            lines.append("  " + _region_line(view, ctx, names, index, neighbours[index]))
    return lines


def _region_line(
    view: TeaGardenObservation,
    ctx: Context,
    names: Sequence[str],
    index: int,
    near: list[str],
) -> str:
    region = ctx.regions[index]
    spaces = "; ".join(_space_words(view, names, index, region))
    text = f"{region.name}, quality {region.value}: {spaces}."
    token_id = view.board.region_tokens.get(region.id)
    token = ctx.region_tokens.get(token_id) if token_id else None
    if token is not None:
        text += f" Token: {w.effect_text(token.bonus)}."
    return text + f" Next to {join(near)}."


def _space_words(
    view: TeaGardenObservation, names: Sequence[str], index: int, region: Region
) -> list[str]:
    owners = view.board.spaces[index] if index < len(view.board.spaces) else []
    out = []
    for k, space in enumerate(region.spaces):
        owner = owners[k] if k < len(owners) else -1
        worth = f" ({space.vp} VP)" if space.vp else ""
        out.append((seat_name(names, owner) if owner >= 0 else "free") + worth)
    return out


def _neighbours(ctx: Context) -> list[list[str]]:
    """Per Region, the names of its neighbours, "(River)" after those across the River."""
    near: list[list[str]] = [[] for _ in ctx.regions]
    for border in ctx.components.map.borders:
        a, b = ctx.region_index[border.a], ctx.region_index[border.b]
        mark = " (River)" if border.river else ""
        near[a].append(ctx.regions[b].name + mark)
        near[b].append(ctx.regions[a].name + mark)
    return near


# --- the tracks ------------------------------------------------------------------------------


def track_lines(view: TeaGardenObservation, ctx: Context, names: Sequence[str]) -> list[str]:
    """Return the River, the University and the Emperor track: each space's bonus, then where
    every seat stands."""
    cs = ctx.components
    river = cs.river
    last = len(river.segments) - 1
    lines = ["River: each segment's bonus when the Boat arrives, and its VP at the end."]
    for i, seg in enumerate(river.segments[1:last], start=1):
        vp = f", {seg.vp} VP at the end" if seg.vp else ""
        lines.append(f"  Segment {i}: {w.effect_text(seg.bonus)}{vp}.")
    mouth = ", ".join(str(v) for v in river.final_vps)
    taken = view.board.river_final_taken
    lines.append(
        f"  Segment {last}, the mouth: {w.effect_text(river.segments[last].bonus)}; "
        f"VP spaces {mouth}, {taken} taken."
    )
    boats = []
    for s, p in enumerate(view.players):
        where = "at the start" if p.boat == 0 else f"at segment {p.boat}"
        if p.boat >= last:
            where = f"at the mouth ({p.boat_final_vp} VP)"
        boats.append(f"{seat_name(names, s)} {where}")
    lines.append(f"  Boats: {join(boats)}.")
    uni = cs.university
    lines.append(f"University: 4 sectors of 2 parts; {uni.centre_vp} VP per Worker in the centre.")
    for i, sector in enumerate(uni.sectors, start=1):
        parts = [
            f"part {'AB'[k]} {w.effect_text(part.bonus)} ({part.vp} VP)"
            for k, part in enumerate(sector.parts)
        ]
        lines.append(f"  Sector {i}: {'; '.join(parts)}.")
    workers = []
    for s, p in enumerate(view.players):
        where = f"sector {p.uni_sector} part {'AB'[p.uni_part]}" if p.uni_sector else "the start"
        centre = f", {p.uni_centre} in the centre" if p.uni_centre else ""
        workers.append(f"{seat_name(names, s)} at {where}{centre}")
    lines.append(f"  Workers: {join(workers)}.")
    track = cs.emperor_track
    lines.append(f"Emperor track: what each row costs and gives; {track.top_vp} VP at the top.")
    for i, row in enumerate(track.rows, start=1):
        lines.append(
            f"  Row {i}: {row.tokens} Emperor tokens and {cost_words(row.leaf)}; "
            f"{w.effect_text(row.reward)}."
        )
    rows = [
        seat_name(names, s) + (f" on row {p.emperor_row}" if p.emperor_row else " at the bottom")
        for s, p in enumerate(view.players)
    ]
    lines.append(f"  Workers: {join(rows)}.")
    return lines


# --- the displays ----------------------------------------------------------------------------


def display_lines(view: TeaGardenObservation, ctx: Context) -> list[str]:
    """Return the Action cards, the Caravans, the Emperor cards and the Cup stacks on offer."""
    return [
        *_action_lines(view, ctx),
        *_caravan_lines(view, ctx),
        *_emperor_lines(view, ctx),
        *_cup_lines(view, ctx),
    ]


def _action_lines(view: TeaGardenObservation, ctx: Context) -> list[str]:
    decks = ", ".join(f"{ROMAN[i]} {n}" for i, n in enumerate(view.action_deck_sizes) if n)
    lines = [f"Action cards for sale (left in the deck by level: {decks or 'none'}):"]
    strengths = ctx.components.display.slot_strength
    for i, card_id in enumerate(view.board.action_display):
        card = ctx.action_cards.get(card_id)
        if card is None:
            lines.append(f"  Slot {i + 1}: empty.")
            continue
        need = strengths[i] if i < len(strengths) else 0
        pots = teapot_words(card.teapots)
        needs = f", needs {teapot_words(card.teapots_needed)}" if card.teapots_needed else ""
        vp = f", {card.vp} VP" if card.vp else ""
        lines.append(
            f"  Slot {i + 1} (needs strength {need}): {card.name}, level "
            f"{ROMAN[card.level - 1]}, strength {card.strength}{', ' + pots if pots else ''}; "
            f"{offer_words(ctx, card_id)}; price {cost_words(card.price)}{needs}{vp}."
        )
    return lines


def _caravan_lines(view: TeaGardenObservation, ctx: Context) -> list[str]:
    lines = [
        f"Caravans (left in the deck: {view.basic_caravans} basic, "
        f"{view.advanced_caravans} advanced):"
    ]
    for i, caravan_id in enumerate(view.board.caravan_display):
        caravan = ctx.caravans.get(caravan_id)
        if caravan is None:
            lines.append(f"  {i + 1}: empty.")
            continue
        trades = " or ".join(
            f"pay {cost_words(t.cost)} to {w.effect_text(t.reward)}" for t in caravan.trades
        )
        powers = " or ".join(
            f"strength {s.strength} to {w.effect_text(s.reward)}" for s in caravan.strengths
        )
        lines.append(f"  {i + 1} {caravan.name} ({caravan.kind}): {trades}.")
        lines.append(f"    And {powers}.")
    return lines


def _emperor_lines(view: TeaGardenObservation, ctx: Context) -> list[str]:
    lines = [f"Emperor cards face up ({view.emperor_deck_size} in the deck):"]
    for i, card_id in enumerate(view.board.emperor_display):
        card = ctx.emperor_cards.get(card_id)
        if card is None:
            lines.append(f"  {i + 1}: empty.")
            continue
        pots = teapot_words(card.teapots)
        lines.append(
            f"  {i + 1}: {card.name}, strength {card.strength}{', ' + pots if pots else ''}; "
            f"{offer_words(ctx, card_id)}; at the end {w.condition_text(card.scoring)}."
        )
    return lines


def _cup_lines(view: TeaGardenObservation, ctx: Context) -> list[str]:
    lines = ["Cup stacks, the top tile of each Province (left Cup, right Cup):"]
    for prov in ctx.coloured_provinces:
        size = view.cup_stack_sizes.get(prov, 0)
        stack = view.board.cup_stacks.get(prov, [])
        tile = ctx.cup_tiles.get(stack[-1]) if stack else None
        name = ctx.province_name(prov)
        if tile is None:
            lines.append(f"  {name}: empty.")
            continue
        left = f"{ctx.province_name(tile.left.colour)} ({w.effect_text(tile.left.bonus)})"
        right = f"{ctx.province_name(tile.right.colour)} ({w.effect_text(tile.right.bonus)})"
        lines.append(f"  {name}, {w.plural(size, 'tile')}: {left}, {right}.")
    return lines


# --- the Noble Court (expansion) -------------------------------------------------------------


def court_lines(view: TeaGardenObservation, ctx: Context, names: Sequence[str]) -> list[str]:
    """Return the Noble Court: Halls and their Courtier spaces, the Puerh Market and Storage,
    the Imperial Decrees and every seat's Courtiers; empty in a base game."""
    court = view.board.court
    spec = ctx.components.court
    if court is None or spec is None:
        return []
    lines = [f"Noble Court Halls ({view.hall_deck_size} in the deck):"]
    for h, hall_id in enumerate(court.halls):
        hall = ctx.halls.get(hall_id)
        occupancy = court.occupancy[h] if h < len(court.occupancy) else []
        spaces = []
        for k, need in enumerate(spec.hall_spaces):
            seat = occupancy[k] if k < len(occupancy) else -1
            spaces.append(f"{need} {seat_name(names, seat) if seat >= 0 else 'free'}")
        effects = w.effect_text(hall.effects) if hall else "?"
        lines.append(f"  Hall {h + 1}, {hall.name if hall else hall_id}: {effects}.")
        lines.append(f"    Spaces by strength: {', '.join(spaces)}.")
    if not court.halls:
        lines.append("  No Halls left.")
    lines.append(f"Puerh Market, premium tokens ({view.premium_pile_size} in the pile):")
    lines += [f"  {i + 1}: {_token(ctx, t, price=True)}" for i, t in enumerate(court.market)]
    lines.append(f"Puerh Storage, basic tokens ({view.basic_pile_size} in the pile):")
    lines += [f"  {i + 1}: {_token(ctx, t, price=False)}" for i, t in enumerate(court.storage)]
    lines.append("Imperial Decrees (VP to the first two to fulfil them):")
    for d in court.decrees:
        face = ctx.decrees.get(d.id)
        if face is None:
            continue
        side = face.brown if d.side == "brown" else face.red
        name, target = decree_target(face.kind, side.target)
        if face.kind == "gardens" and not ctx.options.decree_gardens_count_all:
            target += " (Sichuan not counted)"
        done = [seat_name(names, s) for s in d.fulfilled]
        mine = decree_progress(ctx, view.players[view.seat], face.kind)
        vps = " and ".join(str(v) for v in side.vps)
        lines.append(
            f"  {name} Decree, {d.side} side: {target}; {vps} VP; "
            f"fulfilled by {join(done, 'nobody yet')}; you have {mine}."
        )
    for s, p in enumerate(view.players):
        placed = sum(row.count(s) for row in court.occupancy)
        lines.append(
            f"  {seat_name(names, s)}: Courtiers {p.courtiers} ready, {placed} at Halls, "
            f"{p.courtiers_waiting} waiting; {p.hall_vp} VP from Halls."
        )
    return lines


def _token(ctx: Context, token_id: str, *, price: bool) -> str:
    token = ctx.puerh_tokens.get(token_id)
    if token is None:
        return "empty."
    parts = []
    if token.stars:
        parts.append(w.plural(token.stars, "star"))
    if token.value:
        parts.append(f"centre value {token.value}")
    parts.append(w.effect_text(token.bonus))
    if price:
        parts.append(f"costs {cost_words(token.cost)}")
    return ", ".join(parts) + "."
