"""The built-in Tea Garden component set: counts, ids, map shape and the worked examples' needs.

Rule and gap IDs refer to ../shared/rules/tea_garden.md.
"""

from __future__ import annotations

import itertools
from collections import Counter, deque

import pytest

from core.tea_garden.components import ComponentSet, LeafCost
from core.tea_garden.effects import (
    Choice,
    Ferment,
    GainCupToken,
    GainEmperorTokens,
    GainLeaves,
    GainScroll,
    RemoveCard,
    ScoreVP,
    TakeEmperorCard,
    effect_kinds,
    secondary_actions,
)
from core.tea_garden.loader import component_hash, load_builtin, load_components
from core.tea_garden.names import names_by_group
from core.tea_garden.validate import all_effects


@pytest.fixture(scope="module")
def cs() -> ComponentSet:
    return load_builtin()


def _adjacency(cs: ComponentSet) -> dict[str, set[str]]:
    adj: dict[str, set[str]] = {r.id: set() for r in cs.map.regions}
    for b in cs.map.borders:
        adj[b.a].add(b.b)
        adj[b.b].add(b.a)
    return adj


def _distances(cs: ComponentSet, start: str) -> dict[str, int]:
    adj = _adjacency(cs)
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in adj[here]:
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist


def _start_region(cs: ComponentSet) -> str:
    start = next(p.id for p in cs.map.provinces if p.start)
    return next(r.id for r in cs.map.regions if r.province == start)


def test_builtin_set_loads_and_hash_is_stable(cs: ComponentSet) -> None:
    assert cs.id == "tea_tui_base"
    digest = component_hash(cs)
    assert len(digest) == 64
    assert component_hash(load_components()) == digest


def test_hash_changes_with_any_value(cs: ComponentSet) -> None:
    from tests.core.component_helpers import to_toml

    changed = load_components(to_toml({"scrolls": {"plus1": 9, "teapot": 7, "x2": 8}}), "f")
    assert component_hash(changed) != component_hash(cs)


def test_counts_match_the_rulebook(cs: ComponentSet) -> None:
    """COMP-05, COMP-07, COMP-09, COMP-11, COMP-12, COMP-13, COMP-02 (11 Starting cards)."""
    assert len(cs.starting_cards) == 11
    assert len(cs.action_cards) == 45
    assert Counter(c.level for c in cs.action_cards) == {lv: 9 for lv in range(1, 6)}
    base_caravans = [c for c in cs.caravans if not c.expansion]
    assert len([c for c in cs.emperor_cards if not c.expansion]) == 16
    assert len(base_caravans) == 30
    assert sum(c.kind == "basic" for c in base_caravans) >= 13  # SETUP-07 at 4 players
    assert len(cs.cup_tiles) == 40
    assert len([t for t in cs.region_tokens if not t.expansion]) == 18
    assert cs.scrolls.plus1 + cs.scrolls.teapot + cs.scrolls.x2 == 24


def test_ids_are_unique(cs: ComponentSet) -> None:
    ids = [
        *(p.id for p in cs.map.provinces),
        *(r.id for r in cs.map.regions),
        *(c.id for c in cs.starting_cards),
        *(c.id for c in cs.action_cards),
        *(c.id for c in cs.emperor_cards),
        *(c.id for c in cs.caravans),
        *(t.id for t in cs.cup_tiles),
        *(t.id for t in cs.region_tokens),
    ]
    assert len(ids) == len(set(ids))


def test_map_shape(cs: ComponentSet) -> None:
    """BUILD-10, GAP-01: Sichuan alone in the start Province, five coloured Provinces."""
    provinces = {p.id: p for p in cs.map.provinces}
    coloured = [p for p in cs.map.provinces if not p.start]
    assert len(coloured) == 5
    per_province = Counter(r.province for r in cs.map.regions)
    start = _start_region(cs)
    assert start == "sichuan"
    assert provinces[next(r.province for r in cs.map.regions if r.id == start)].start
    assert all(per_province[p.id] >= 2 for p in coloured)
    sichuan = next(r for r in cs.map.regions if r.id == start)
    assert len(sichuan.spaces) >= 4  # room for every player's first garden
    assert all(1 <= r.value <= 6 for r in cs.map.regions)
    assert sum(r.bonus_space for r in cs.map.regions) <= len(cs.region_tokens)


def test_map_is_connected_from_sichuan(cs: ComponentSet) -> None:
    dist = _distances(cs, _start_region(cs))
    assert set(dist) == {r.id for r in cs.map.regions}


def test_borders_are_drawable_on_the_grid(cs: ComponentSet) -> None:
    cells = {r.id: r.cell for r in cs.map.regions}
    assert len(set(cells.values())) == len(cells)
    for b in cs.map.borders:
        (ax, ay), (bx, by) = cells[b.a], cells[b.b]
        assert abs(ax - bx) + abs(ay - by) == 1


def test_the_river_is_a_border(cs: ComponentSet) -> None:
    """BUILD-05, AMB-10: the River separates Regions but crossing it is one border."""
    river = [b for b in cs.map.borders if b.river]
    assert len(river) >= 3


def test_start_has_choices(cs: ComponentSet) -> None:
    assert len(_adjacency(cs)[_start_region(cs)]) >= 3


def test_region_values_needed_by_ex05_and_ex12(cs: ComponentSet) -> None:
    """EX-05, EX-12: gardens in Regions valued 2, 3, 4, 5, 6, 6 must be possible."""
    values = Counter(r.value for r in cs.map.regions)
    for v in (2, 3, 4, 5):
        assert values[v] >= 1
    assert values[6] >= 2


def test_ex01_blue_value_4_region_two_borders_away(cs: ComponentSet) -> None:
    """EX-01, BUILD-04: a blue Region of value 4 at distance exactly 2 from Sichuan."""
    dist = _distances(cs, _start_region(cs))
    candidates = [
        r for r in cs.map.regions if r.province == "blue" and r.value == 4 and dist[r.id] == 2
    ]
    assert candidates


def test_every_province_is_near_the_start(cs: ComponentSet) -> None:
    """CUP-01 needs a garden in a Province; every Province should be open to an early route."""
    dist = _distances(cs, _start_region(cs))
    for p in cs.map.provinces:
        if not p.start:
            assert min(dist[r.id] for r in cs.map.regions if r.province == p.id) <= 2


def test_cup_colours_are_the_coloured_provinces(cs: ComponentSet) -> None:
    """GAP-10: each Cup's colour is a coloured Province; the colours are spread evenly."""
    coloured = {p.id for p in cs.map.provinces if not p.start}
    sides = Counter(c.colour for t in cs.cup_tiles for c in (t.left, t.right))
    assert set(sides) == coloured
    assert max(sides.values()) - min(sides.values()) <= 4


def test_display_board_and_scroll_numbers(cs: ComponentSet) -> None:
    """BUY-01, GAP-05, GAP-06, TURN-05, SCROLL-01."""
    slots = cs.display.slot_strength
    assert len(slots) == 6 and slots[1] == 1 and list(slots) == sorted(set(slots))
    assert len(cs.board.pagodas) == 6
    assert 3 in cs.board.pagodas and 5 in cs.board.pagodas  # EX-01 uses both
    assert cs.board.slot_fees[:3] == (LeafCost(),) * 3
    assert cs.board.slot_fees[3] == LeafCost(green=2, brown=1)


def test_university_shape_and_ex08(cs: ComponentSet) -> None:
    """UNI-01, UNI-05, EX-08: sector 1 offers 3 fresh q2 leaves or ferment 2."""
    assert len(cs.university.sectors) == 4
    assert cs.university.centre_vp == 10
    first = cs.university.sectors[0].parts
    assert first[0].bonus == (GainLeaves(n=3, q=2),)
    assert first[1].bonus == (Ferment(n=2),)


def test_emperor_track_and_ex09(cs: ComponentSet) -> None:
    """EMPEROR-02/05/07/08, EX-09: 6 rows; the first costs 2 tokens and a leaf of q1+."""
    rows = cs.emperor_track.rows
    assert len(rows) == 6 and cs.emperor_track.top_vp == 10
    assert rows[0].tokens == 2 and rows[0].leaf == LeafCost(green=1, quality=1)
    assert TakeEmperorCard() in rows[0].reward and RemoveCard() in rows[0].reward
    assert all(row.leaf.count == 1 for row in rows)


def test_river_shape_and_examples(cs: ComponentSet) -> None:
    """RIVER-01..03, AMB-17, EX-06, EX-10."""
    segs = cs.river.segments
    assert not segs[0].bonus and segs[0].vp == 0
    assert len(cs.river.final_vps) >= 4
    assert list(cs.river.final_vps) == sorted(cs.river.final_vps, reverse=True)
    assert any(s.bonus == (GainEmperorTokens(n=1),) and s.vp == 2 for s in segs)  # EX-06
    pairs = list(itertools.pairwise(segs))
    assert any(
        GainEmperorTokens(n=1) in a.bonus
        and GainScroll(kind="x2") in a.bonus
        and GainCupToken(n=1) in b.bonus
        for a, b in pairs
    )  # EX-10


def test_caravan_of_ex03(cs: ComponentSet) -> None:
    """EX-03, CARAVAN-02..04."""
    found = [
        c
        for c in cs.caravans
        if any(
            t.cost == LeafCost(green=3, brown=1)
            and set(t.reward) == {GainCupToken(n=1), ScoreVP(n=2)}
            for t in c.trades
        )
        and any(
            s.strength == 6 and set(s.reward) == {ScoreVP(n=6), GainEmperorTokens(n=1)}
            for s in c.strengths
        )
    ]
    assert found


def test_cups_of_ex07(cs: ComponentSet) -> None:
    """EX-07: a Cup giving an Emperor token and a Cup giving 3 VP exist."""
    bonuses = [c.bonus for t in cs.cup_tiles for c in (t.left, t.right)]
    assert (GainEmperorTokens(n=1),) in bonuses
    assert (ScoreVP(n=3),) in bonuses


def test_action_cards_of_ex02_and_ex10(cs: ComponentSet) -> None:
    """EX-02 and EX-10: the two purchase examples have real cards."""
    ex02 = [
        c
        for c in cs.action_cards
        if c.price.count == 2 and c.price.quality == 3 and set(c.teapots_needed) == {"green", "red"}
    ]
    ex10 = [
        c
        for c in cs.action_cards
        if c.price == LeafCost(green=3, quality=5) and sorted(c.teapots_needed) == ["any", "blue"]
    ]
    assert ex02 and ex10


def test_every_emperor_condition_is_present(cs: ComponentSet) -> None:
    """SCORE-09, GAP-12: E1..E11 each on at least one card, 16 cards in all."""
    used = Counter(c.scoring for c in cs.emperor_cards if not c.expansion)
    assert set(used) == {f"E{i}" for i in range(1, 12)}
    assert [c.scoring for c in cs.emperor_cards if c.expansion] == ["E12"]  # EXP-04


def test_symbol_counts_feed_the_emperor_conditions(cs: ComponentSet) -> None:
    """SCORE-09 E8..E11: enough River, University, Cup and Teapot cards to reach the caps."""
    cards = [*cs.starting_cards, *cs.action_cards, *cs.emperor_cards]
    for action in ("river", "cup", "university"):
        assert sum(action in secondary_actions(c.top) for c in cards) >= 12
    assert sum(bool(c.teapots) for c in cards) >= 18


def test_starting_cards_cover_every_secondary_action(cs: ComponentSet) -> None:
    shown = set().union(*(secondary_actions(c.top) for c in cs.starting_cards))
    assert shown == {"river", "cup", "university"}


def test_every_effect_is_known_and_base_only(cs: ComponentSet) -> None:
    known = {
        "leaves",
        "ferment",
        "emperor_tokens",
        "scroll",
        "cup_token",
        "draw",
        "draw_discard",
        "remove",
        "sell",
        "vp",
        "emperor_card",
        "secondary",
        "choice",
    }
    for _, _, _, effects in all_effects(cs):
        assert effect_kinds(effects) <= known
        for eff in effects:
            if isinstance(eff, Choice):
                assert len(eff.options) >= 2


def test_no_action_card_dominates_another_of_its_level(cs: ComponentSet) -> None:
    """GAP-08 balance: none is at least as good in every way at no higher price."""

    def at_least_as_good(a: object, b: object) -> bool:
        from core.tea_garden.components import ActionCard

        assert isinstance(a, ActionCard) and isinstance(b, ActionCard)
        return (
            a.strength >= b.strength
            and a.vp >= b.vp
            and a.price.count <= b.price.count
            and a.price.brown <= b.price.brown
            and a.price.quality <= b.price.quality
            and len(a.teapots_needed) <= len(b.teapots_needed)
            and len(a.teapots) >= len(b.teapots)
            and (a.top == b.top or not b.top)
        )

    for level in range(1, 6):
        cards = [c for c in cs.action_cards if c.level == level]
        for a in cards:
            for b in cards:
                strictly_better = at_least_as_good(a, b) and not at_least_as_good(b, a)
                assert not strictly_better, f"{a.id} dominates {b.id} at level {level}"


def test_every_component_has_a_name_players_can_read(cs: ComponentSet) -> None:
    """Issue 14: the screen shows names, never ids; each name is its own within its kind."""
    groups = names_by_group(cs)
    named = {item_id for group in groups for _, item_id, _ in group}
    every_id = {i for _, ids in cs.ids_by_section() for i in ids}
    assert every_id <= named
    assert cs.luyu is not None and {c.id for c in cs.luyu.cards} <= named
    for group in groups:
        names = [name for _, _, name in group]
        assert len(set(names)) == len(names)
        assert all(name.strip() and name not in named for name in names)


def test_renaming_a_tile_keeps_the_hash_so_old_saves_load(cs: ComponentSet) -> None:
    """Names added in issue 14 are left out of the hash (saves made before them still load);
    a card's name, hashed since the start, still counts."""
    from tests.core.component_helpers import builtin_raw, to_toml

    assert component_hash(cs) == (
        "4c095da6e5f7c97538f9522fdf8404b49176575aa9c663501b7c20a966aa7ca7"
    )  # the built-in set's hash before the names were added
    raw = builtin_raw()
    raw["caravans"][0]["name"] = "Another Name"
    raw["luyu"]["cards"][0]["name"] = "Another Card"
    same_set = {"id": cs.id, "name": cs.name}
    renamed = load_components(
        to_toml({**same_set, "caravans": raw["caravans"], "luyu": raw["luyu"]}), "f"
    )
    assert renamed.caravans[0].name == "Another Name"
    assert component_hash(renamed) == component_hash(cs)
    raw["starting_cards"][0]["name"] = "Another Pick"
    changed = load_components(to_toml({**same_set, "starting_cards": raw["starting_cards"]}), "f")
    assert component_hash(changed) != component_hash(cs)
