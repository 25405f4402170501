"""Checks of a decoded component set against the counts and constraints of the rulebook.

Types and ranges are checked while decoding; this module checks what spans several fields or
items: counts, unique ids, references, the map's shape and the fixed values the rules name.
Every problem names the file, the item and the field.
"""

from __future__ import annotations

import itertools
from collections import Counter, deque
from collections.abc import Iterable, Mapping

from core.errors import ComponentError
from core.tea_garden.components import Card, ComponentSet, LeafCost, MapData
from core.tea_garden.effects import Effects, effect_kinds
from core.tea_garden.names import names_by_group
from core.tea_garden.validate_luyu import validate_luyu

STARTING_CARDS = 11
ACTION_CARDS_PER_LEVEL = 9
ACTION_LEVELS = 5
EMPEROR_CARDS = 16
BASE_CONDITIONS = tuple(f"E{i}" for i in range(1, 12))
CARAVANS = 30
MIN_BASIC_CARAVANS = 13  # the 4-player setup draws 13 basic Caravans
CUP_TILES = 40
REGION_TOKENS = 18
SCROLLS = 24
COLOURED_PROVINCES = 5
START_SPACES = 4  # every player's first garden sits in Sichuan
UNIVERSITY_SECTORS = 4
EMPEROR_ROWS = 6
DISPLAY_SLOTS = 6
PAGODAS = 6
CARD_SLOTS = 4
EXPANSION_ONLY_EFFECTS = frozenset({"basic_puerh", "garden_leaves"})
PUERH_TOKENS_PER_KIND = 24
HALLS = 15
DECREE_KINDS = ("river", "emperor", "university", "gardens", "caravans", "cups", "puerh")
DECREE_TARGETS = {
    "university": (1, 2),
    "gardens": (4, 5),
    "caravans": (3, 5),
    "cups": (4, 7),
    "puerh": (1, 2),
}
"""DECREE-07: the printed thresholds (brown, red); River and Emperor targets are authored."""
EXPANSION_REGION_TOKENS = 2
EXPANSION_CARAVANS_PER_KIND = 4
MAX_PROBLEMS = 12


class _Problems:
    def __init__(self, sources: Mapping[str, str]) -> None:
        self.sources = sources
        self.items: list[str] = []

    def add(self, section: str, item: str, field: str, message: str) -> None:
        gap = "" if item.startswith("[") or not item else " "
        where = section + gap + item
        field_part = f" field '{field}'" if field else ""
        source = self.sources.get(section, "?")
        self.items.append(f"components file '{source}': {where}{field_part}: {message}")

    def raise_if_any(self) -> None:
        if self.items:
            shown = self.items[:MAX_PROBLEMS]
            more = len(self.items) - len(shown)
            tail = f"\n(and {more} more {'problem' if more == 1 else 'problems'})" if more else ""
            raise ComponentError("\n".join(shown) + tail)


def validate_components(cs: ComponentSet, sources: Mapping[str, str]) -> None:
    """Check a decoded component set; ``sources`` maps each section to the file it came from.

    Raises:
        ComponentError: listing the problems found, each naming file, item and field.
    """
    p = _Problems(sources)
    _check_unique_ids(cs, p)
    _check_names(cs, p)
    _check_map(cs.map, sum(not t.expansion for t in cs.region_tokens), p)
    _check_tracks(cs, p)
    _check_cards(cs, p)
    _check_tiles(cs, p)
    _check_effects(cs, p)
    if cs.court is not None:
        _check_expansion(cs, p)
    validate_luyu(cs, p)
    p.raise_if_any()


def _item(index: int, item_id: str) -> str:
    return f"[{index}] (id '{item_id}')"


def _check_unique_ids(cs: ComponentSet, p: _Problems) -> None:
    seen: dict[str, str] = {}
    for section, ids in cs.ids_by_section():
        for item_id in ids:
            if item_id in seen:
                p.add(section, f"(id '{item_id}')", "id", f"id also used in {seen[item_id]}")
            seen[item_id] = section


def _check_names(cs: ComponentSet, p: _Problems) -> None:
    """Every component has a name of its own: it is what players see, never the id."""
    for group in names_by_group(cs):
        seen: dict[str, str] = {}
        for section, item_id, name in group:
            key = " ".join(name.split()).casefold()
            if not key:
                p.add(section, f"(id '{item_id}')", "name", "the name is blank")
            elif key in seen:
                p.add(
                    section,
                    f"(id '{item_id}')",
                    "name",
                    f"'{name}' is also the name of '{seen[key]}'",
                )
            else:
                seen[key] = item_id


def _check_count(p: _Problems, section: str, actual: int, expected: int, what: str) -> None:
    if actual != expected:
        p.add(section, "", "", f"needs exactly {expected} {what}, found {actual}")


def _check_map(m: MapData, tokens: int, p: _Problems) -> None:
    provinces = {x.id: x for x in m.provinces}
    starts = [x for x in m.provinces if x.start]
    if len(starts) != 1:
        p.add(
            "map", "provinces", "start", f"exactly one start Province needed, found {len(starts)}"
        )
    coloured = [x.id for x in m.provinces if not x.start]
    if len(coloured) != COLOURED_PROVINCES:
        p.add(
            "map",
            "provinces",
            "",
            f"needs {COLOURED_PROVINCES} coloured Provinces, found {len(coloured)}",
        )
    regions = {r.id: r for r in m.regions}
    cells: dict[tuple[int, int], str] = {}
    per_province: Counter[str] = Counter()
    for i, r in enumerate(m.regions):
        where = _item(i, r.id)
        if r.province not in provinces:
            p.add("map", f"regions{where}", "province", f"unknown Province '{r.province}'")
        per_province[r.province] += 1
        if not r.spaces:
            p.add("map", f"regions{where}", "spaces", "a Region needs at least one garden space")
        col, row = r.cell
        if col >= m.cols or row >= m.rows:
            p.add(
                "map",
                f"regions{where}",
                "cell",
                f"{r.cell} lies outside the {m.cols}x{m.rows} grid",
            )
        if r.cell in cells:
            p.add(
                "map", f"regions{where}", "cell", f"{r.cell} is also the cell of '{cells[r.cell]}'"
            )
        cells[r.cell] = r.id
    for prov in m.provinces:
        n = per_province[prov.id]
        if prov.start and n != 1:
            p.add(
                "map",
                f"(id '{prov.id}')",
                "start",
                f"the start Province must be one Region, has {n}",
            )
        if not prov.start and n < 2:
            p.add(
                "map",
                f"(id '{prov.id}')",
                "",
                f"a coloured Province needs several Regions, has {n}",
            )
    start_regions = [r for r in m.regions if provinces.get(r.province) in starts]
    for r in start_regions:
        if len(r.spaces) < START_SPACES:
            p.add(
                "map", f"(id '{r.id}')", "spaces", f"the start Region needs {START_SPACES} spaces"
            )
    bonus_spaces = sum(r.bonus_space for r in m.regions)
    if bonus_spaces > tokens:  # the base-game tokens must cover every bonus space
        p.add("map", "regions", "bonus_space", f"{bonus_spaces} bonus spaces but {tokens} tokens")
    adjacency: dict[str, set[str]] = {r: set() for r in regions}
    for i, b in enumerate(m.borders):
        where = f"borders[{i}] ('{b.a}'-'{b.b}')"
        if b.a not in regions or b.b not in regions:
            p.add("map", where, "a/b", "names a Region that does not exist")
            continue
        if b.a == b.b or b.b in adjacency[b.a]:
            p.add("map", where, "", "a Region bordering itself, or a border listed twice")
        ca, cb = regions[b.a].cell, regions[b.b].cell
        if abs(ca[0] - cb[0]) + abs(ca[1] - cb[1]) != 1:
            p.add("map", where, "", f"cells {ca} and {cb} are not side by side on the grid")
        adjacency[b.a].add(b.b)
        adjacency[b.b].add(b.a)
    if start_regions:
        reached = _reachable(start_regions[0].id, adjacency)
        for rid in sorted(set(regions) - reached):
            p.add("map", f"(id '{rid}')", "", "cannot be reached from the start Region")


def _reachable(start: str, adjacency: Mapping[str, set[str]]) -> set[str]:
    seen = {start}
    queue = deque([start])
    while queue:
        for nxt in adjacency[queue.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def _check_tracks(cs: ComponentSet, p: _Problems) -> None:
    river = cs.river
    if len(river.segments) < 3:
        p.add("river", "", "segments", "needs a start space and at least two segments")
    elif river.segments[0].bonus or river.segments[0].vp:
        p.add("river", "segments[0]", "", "the start space gives no bonus and no VP")
    if not river.final_vps:
        p.add("river", "", "final_vps", "the last segment needs at least one VP space")
    if list(river.final_vps) != sorted(river.final_vps, reverse=True):
        p.add("river", "", "final_vps", "VP spaces must be listed best first")
    if river.segments and river.segments[-1].vp:
        p.add(
            "river",
            f"segments[{len(river.segments) - 1}]",
            "vp",
            "the last segment scores through final_vps; its own vp must be 0",
        )
    _check_count(p, "university", len(cs.university.sectors), UNIVERSITY_SECTORS, "sectors")
    _check_count(p, "emperor_track", len(cs.emperor_track.rows), EMPEROR_ROWS, "rows")
    for i, row in enumerate(cs.emperor_track.rows):
        if row.leaf.count != 1:
            p.add("emperor_track", f"rows[{i}]", "leaf", "each row costs exactly one leaf")
    slots = cs.display.slot_strength
    _check_count(p, "display", len(slots), DISPLAY_SLOTS, "slots")
    if any(a >= b for a, b in itertools.pairwise(slots)):
        p.add("display", "", "slot_strength", "requirements must rise from left to right")
    if len(slots) > 1 and slots[1] != 1:
        p.add("display", "", "slot_strength", "the second slot must require strength 1 (Lu Yu)")
    board = cs.board
    _check_count(p, "board", len(board.pagodas), PAGODAS, "Pagodas")
    _check_count(p, "board", len(board.slot_fees), CARD_SLOTS, "card slots")
    fee = LeafCost(green=2, brown=1)
    for i, cost in enumerate(board.slot_fees):
        expected = fee if i == CARD_SLOTS - 1 else LeafCost()
        if cost != expected:
            p.add(
                "board",
                f"slot_fees[{i}]",
                "",
                "slots 1-3 are free; slot 4 costs 3 leaves, "
                "at least 1 fermented (green = 2, brown = 1)",
            )
    s = cs.scrolls
    if s.plus1 + s.teapot + s.x2 != SCROLLS:
        p.add("scrolls", "", "", f"the Scrolls must add up to {SCROLLS}")


def _check_cards(cs: ComponentSet, p: _Problems) -> None:
    _check_count(p, "starting_cards", len(cs.starting_cards), STARTING_CARDS, "cards")
    levels = Counter(c.level for c in cs.action_cards)
    for level in range(1, ACTION_LEVELS + 1):
        if levels[level] != ACTION_CARDS_PER_LEVEL:
            p.add(
                "action_cards",
                "",
                "level",
                f"level {level} needs {ACTION_CARDS_PER_LEVEL} cards, found {levels[level]}",
            )
    for i, card in enumerate(cs.action_cards):
        if card.price.count == 0:
            p.add("action_cards", _item(i, card.id), "price", "an Action card must cost leaves")
    base_emperor = [c for c in cs.emperor_cards if not c.expansion]
    _check_count(p, "emperor_cards", len(base_emperor), EMPEROR_CARDS, "base-game cards")
    used = {c.scoring for c in base_emperor}
    for i, ecard in enumerate(cs.emperor_cards):
        if ecard.scoring not in BASE_CONDITIONS and not ecard.expansion:
            p.add(
                "emperor_cards",
                _item(i, ecard.id),
                "scoring",
                f"{ecard.scoring} belongs to the expansion, not the base set",
            )
    for cond in BASE_CONDITIONS:
        if cond not in used:
            p.add("emperor_cards", "", "scoring", f"no card scores condition {cond}")


def _check_tiles(cs: ComponentSet, p: _Problems) -> None:
    base_caravans = [c for c in cs.caravans if not c.expansion]
    _check_count(p, "caravans", len(base_caravans), CARAVANS, "base-game cards")
    basic = sum(c.kind == "basic" for c in base_caravans)
    if basic < MIN_BASIC_CARAVANS:
        p.add(
            "caravans",
            "",
            "kind",
            f"needs at least {MIN_BASIC_CARAVANS} basic Caravans "
            f"(the 4-player setup), found {basic}",
        )
    for i, c in enumerate(cs.caravans):
        if c.strengths[0].strength == c.strengths[1].strength:
            p.add("caravans", _item(i, c.id), "strengths", "the two strength values must differ")
        for j, trade in enumerate(c.trades):
            if trade.cost.count == 0:
                p.add("caravans", _item(i, c.id), f"trades[{j}].cost", "a trade must cost leaves")
            if trade.cost.quality != 1:
                p.add(
                    "caravans",
                    _item(i, c.id),
                    f"trades[{j}].cost.quality",
                    "Caravans accept leaves of any quality",
                )
    _check_count(p, "cup_tiles", len(cs.cup_tiles), CUP_TILES, "tiles")
    colours = {x.id for x in cs.map.provinces if not x.start}
    for i, t in enumerate(cs.cup_tiles):
        for side, cup in (("left", t.left), ("right", t.right)):
            if cup.colour not in colours:
                p.add(
                    "cup_tiles",
                    _item(i, t.id),
                    f"{side}.colour",
                    f"'{cup.colour}' is not a coloured Province",
                )
    base_tokens = sum(not t.expansion for t in cs.region_tokens)
    _check_count(p, "region_tokens", base_tokens, REGION_TOKENS, "base-game tokens")


def all_effects(cs: ComponentSet) -> Iterable[tuple[str, str, str, Effects]]:
    """Yield (section, item, field, effects) for every effect list in the set."""
    for i, seg in enumerate(cs.river.segments):
        yield "river", f"segments[{i}]", "bonus", seg.bonus
    for i, sector in enumerate(cs.university.sectors):
        for j, part in enumerate(sector.parts):
            yield "university", f"sectors[{i}].parts[{j}]", "bonus", part.bonus
    for i, row in enumerate(cs.emperor_track.rows):
        yield "emperor_track", f"rows[{i}]", "reward", row.reward
    decks: tuple[tuple[str, tuple[Card, ...]], ...] = (
        ("starting_cards", cs.starting_cards),
        ("action_cards", cs.action_cards),
        ("emperor_cards", cs.emperor_cards),
    )
    for section, cards in decks:
        for i, card in enumerate(cards):
            if not getattr(card, "expansion", False):
                yield section, _item(i, card.id), "top", card.top
    for i, c in enumerate(cs.caravans):
        if c.expansion:
            continue
        for j, t in enumerate(c.trades):
            yield "caravans", _item(i, c.id), f"trades[{j}].reward", t.reward
        for j, s in enumerate(c.strengths):
            yield "caravans", _item(i, c.id), f"strengths[{j}].reward", s.reward
    for i, tile in enumerate(cs.cup_tiles):
        yield "cup_tiles", _item(i, tile.id), "left.bonus", tile.left.bonus
        yield "cup_tiles", _item(i, tile.id), "right.bonus", tile.right.bonus
    for i, tok in enumerate(cs.region_tokens):
        if not tok.expansion:
            yield "region_tokens", _item(i, tok.id), "bonus", tok.bonus


def _check_effects(cs: ComponentSet, p: _Problems) -> None:
    for section, item, field, effects in all_effects(cs):
        bad = effect_kinds(effects) & EXPANSION_ONLY_EFFECTS
        if bad:
            p.add(section, item, field, f"{', '.join(sorted(bad))} exists only in the expansion")


def _check_expansion(cs: ComponentSet, p: _Problems) -> None:
    """EXP-01, GAP-15 … GAP-18: the expansion's counts and printed numbers."""
    court = cs.court
    assert court is not None
    spaces = court.hall_spaces
    if len(spaces) < 2 or any(a <= b for a, b in itertools.pairwise(spaces)):
        p.add("court", "", "hall_spaces", "Hall spaces must fall from left to right")
    if court.fifth_slot_fee != LeafCost(green=2, brown=1):
        p.add("court", "", "fifth_slot_fee", "the fifth turn costs like the fourth (EXP-10)")
    for kind in ("basic", "premium"):
        tokens = [t for t in cs.puerh_tokens if t.kind == kind]
        _check_count(p, "puerh_tokens", len(tokens), PUERH_TOKENS_PER_KIND, f"{kind} tokens")
    for i, tok in enumerate(cs.puerh_tokens):
        if (tok.kind == "premium") == tok.cost.is_free:
            p.add(
                "puerh_tokens", _item(i, tok.id), "cost", "Premium tokens cost leaves, Basic none"
            )
    _check_count(p, "halls", len(cs.halls), HALLS, "Hall tiles")
    kinds = sorted(d.kind for d in cs.decrees)
    if kinds != sorted(DECREE_KINDS):
        p.add("decrees", "", "kind", "needs one Decree of each of the 7 kinds")
    for i, d in enumerate(cs.decrees):
        printed = DECREE_TARGETS.get(d.kind)
        if printed and (d.brown.target, d.red.target) != printed:
            p.add("decrees", _item(i, d.id), "target", f"the rulebook's targets are {printed}")
        if d.brown.target >= d.red.target and d.kind not in DECREE_TARGETS:
            p.add("decrees", _item(i, d.id), "red.target", "the red side must be harder")
        if min(d.red.vps) <= 0 or sum(d.red.vps) <= sum(d.brown.vps):
            p.add("decrees", _item(i, d.id), "red.vps", "the red side must pay more")
    extra_tokens = sum(t.expansion for t in cs.region_tokens)
    _check_count(p, "region_tokens", extra_tokens, EXPANSION_REGION_TOKENS, "expansion tokens")
    for kind in ("basic", "advanced"):
        n = sum(c.expansion and c.kind == kind for c in cs.caravans)
        _check_count(p, "caravans", n, EXPANSION_CARAVANS_PER_KIND, f"expansion {kind} cards")
    e12 = [c for c in cs.emperor_cards if c.expansion]
    if len(e12) != 1 or e12[0].scoring != "E12":
        p.add("emperor_cards", "", "expansion", "the expansion adds one card scoring E12")
