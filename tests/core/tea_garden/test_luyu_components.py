"""The solo mode's Lu Yu cards and board: the built-in set, and broken user files refused.

Rule and gap IDs refer to ../shared/rules/tea_garden.md (sections 27-28, GAP-19, GAP-20).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from core.errors import ComponentError
from core.tea_garden.components import LUYU_ACTIONS, ComponentSet, LuYuCard, LuYuRow, LuYuSet
from core.tea_garden.effects import effect_kinds
from core.tea_garden.loader import load_builtin, load_components
from tests.core.component_helpers import builtin_raw, to_toml

FILE = "my_solo.toml"
BASE_ACTIONS = {"build", "buy", "caravan", "secondary"}


@pytest.fixture(scope="module")
def luyu() -> LuYuSet:
    cs = load_builtin()
    assert cs.luyu is not None
    return cs.luyu


def _card(luyu: LuYuSet, card_id: str) -> LuYuCard:
    return next(c for c in luyu.cards if c.id == card_id)


def _front(card: LuYuCard) -> list[list[tuple[str, int]]]:
    return [[(s.do, s.n) for s in row.steps] for row in card.rows]


# --- the built-in set -----------------------------------------------------------------------


@pytest.mark.rule("SOLO-02", "GAP-19")
def test_solo_02_gap_19_builtin_set_has_24_cards_3_3_18(luyu: LuYuSet) -> None:
    assert len(luyu.cards) == 24
    assert Counter(c.group for c in luyu.cards) == {"basic": 3, "expert": 3, "advanced": 18}
    assert len({c.id for c in luyu.cards}) == 24


@pytest.mark.rule("SOLO-10", "GAP-19")
def test_solo_10_advanced_cards_form_three_piles_of_six(luyu: LuYuSet) -> None:
    piles = Counter(c.secondary for c in luyu.cards if c.group == "advanced")
    assert piles == {"river": 6, "cup": 6, "university": 6}


@pytest.mark.rule("GAP-20", "LUYU-29", "EX-20")
def test_gap_20_luyu_29_board_and_emperor_table(luyu: LuYuSet) -> None:
    board = luyu.board
    assert board.emperor_vp == (0, 5, 11, 18, 26, 35, 45)
    assert board.emperor_vp[4] == 26  # EX-20
    assert (board.start_fresh, board.starting_advanced) == (2, 3)  # SOLO-05, SOLO-09
    assert board.emperor_tokens_per_space == 2  # LUYU-20
    assert board.repeat_fermented == 3  # LUYU-18
    assert (board.caravan_vp, board.fresh_per_vp, board.fermented_vp) == (5, 2, 1)
    assert (board.cake_vp, board.incomplete_cake_vp) == (10, 5)  # LUYU-30
    assert board.harvest_per_garden == 2  # LUYU-24


@pytest.mark.rule("EX-17", "GAP-19")
def test_ex_17_example_card_and_next_back_exist(luyu: LuYuSet) -> None:
    example = _card(luyu, "ly_a01")
    assert example.group == "advanced"
    assert _front(example) == [[("leaves", 2), ("caravan", 0)], [("ferment", 2), ("secondary", 0)]]
    nxt = [c for c in luyu.cards if c.caravan == 3 and c.emperor == 3 and c.secondary == "river"]
    assert nxt, "no back shows the rightmost Caravan and Emperor card with River"


@pytest.mark.rule("GAP-19", "LUYU-04", "LUYU-21")
def test_every_front_is_well_formed_and_playable_without_the_expansion(luyu: LuYuSet) -> None:
    for card in luyu.cards:
        kinds = [s.do for row in card.rows for s in row.steps]
        assert BASE_ACTIONS & set(kinds), card.id
        assert "secondary" in kinds, card.id
        for row in card.rows:
            actions = [s.do for s in row.steps if s.do in LUYU_ACTIONS]
            assert len(actions) <= 1, card.id
            if actions and actions[0] in {"court", "market"} and not row.fallback:
                # An expansion-only extra: the row alone, so a base game loses nothing else.
                assert len(row.steps) == 1, card.id
            assert all(s.do not in LUYU_ACTIONS for s in row.fallback), card.id


def _extra(row: LuYuRow) -> bool:
    """An expansion-only row: a Noble Court or Market with nothing to do in its place."""
    return not row.fallback and all(s.do in {"court", "market"} for s in row.steps)


def _main_actions(card: LuYuCard) -> int:
    """Main actions of a base game (expansion-only rows left out)."""
    return sum(
        s.do in LUYU_ACTIONS - {"secondary"}
        for row in card.rows
        if not _extra(row)
        for s in row.steps
    )


@pytest.mark.rule("LUYU-21", "LUYU-22", "GAP-19")
def test_expansion_extras_give_every_basic_card_a_noble_court(luyu: LuYuSet) -> None:
    """Tuning for the expansion (docs/components/luyu.md): each Basic card ends with a Noble Court
    row and the two Expert cards without a Market get one; a base game skips them all."""
    extras = {c.id: [r.steps[0].do for r in c.rows if _extra(r)] for c in luyu.cards}
    assert {k: v for k, v in extras.items() if v} == {
        "ly_b1": ["court"],
        "ly_b2": ["court"],
        "ly_b3": ["court"],
        "ly_e1": ["market"],
        "ly_e2": ["market"],
    }


@pytest.mark.rule("SOLO-11", "GAP-19")
def test_groups_get_stronger_basic_advanced_expert(luyu: LuYuSet) -> None:
    by_group: dict[str, list[LuYuCard]] = {"basic": [], "advanced": [], "expert": []}
    for card in luyu.cards:
        by_group[card.group].append(card)
    assert all(c.strength == 1 for c in by_group["basic"])
    assert all(1 <= c.strength <= 3 for c in by_group["advanced"])
    assert all(c.strength >= 3 for c in by_group["expert"])
    assert all(_main_actions(c) == 1 for c in by_group["basic"] + by_group["advanced"])
    assert all(_main_actions(c) >= 2 or _tokens(c) >= 2 for c in by_group["expert"])
    # His deck grows only by "advanced" gains (LUYU-19): a few cards, not most of them.
    gainers = [c.id for c in luyu.cards if any(s.do == "advanced" for r in c.rows for s in r.steps)]
    assert 3 <= len(gainers) <= 6


def _tokens(card: LuYuCard) -> int:
    steps = [s for r in card.rows for s in (*r.steps, *r.fallback)]
    return sum(s.n for s in steps if s.do == "emperor_tokens")


@pytest.mark.rule("LUYU-10", "GAP-19")
def test_backs_spread_every_choice(luyu: LuYuSet) -> None:
    cs: ComponentSet = load_builtin()
    assert Counter(c.caravan for c in luyu.cards) == {1: 8, 2: 8, 3: 8}
    assert Counter(c.emperor for c in luyu.cards) == {1: 8, 2: 8, 3: 8}
    colours = {x.id for x in cs.map.provinces if not x.start}
    firsts = Counter(c.province_priority[0] for c in luyu.cards)
    assert set(firsts) == colours and max(firsts.values()) - min(firsts.values()) <= 1
    tags: set[str] = set()
    for tok in cs.region_tokens:
        tags |= effect_kinds(tok.bonus)
    for card in luyu.cards:
        assert sorted(card.bonus_priority) == sorted(tags), card.id
        assert sorted(card.province_priority) == sorted(colours), card.id
    assert len({c.bonus_priority for c in luyu.cards}) == 24
    for pile in ("river", "cup", "university"):
        cards = [c for c in luyu.cards if c.group == "advanced" and c.secondary == pile]
        assert len({c.hall_priority for c in cards}) == 6
        assert len({c.market_order for c in cards}) == 6


# --- broken user files ----------------------------------------------------------------------


def _refused(edit: Callable[[dict[str, Any]], None]) -> str:
    raw = builtin_raw()["luyu"]
    edit(raw)
    with pytest.raises(ComponentError) as info:
        load_components(to_toml({"luyu": raw}), FILE)
    message = str(info.value)
    assert f"components file '{FILE}'" in message
    return message


def _where(index: int, field: str) -> str:
    card_id = builtin_raw()["luyu"]["cards"][index]["id"]
    return f"luyu cards[{index}] (id '{card_id}') field '{field}'"


def test_an_unchanged_user_section_loads() -> None:
    cs = load_components(to_toml({"luyu": builtin_raw()["luyu"]}), FILE)
    assert cs.luyu == load_builtin().luyu


@pytest.mark.rule("GAP-19", "LUYU-09")
def test_two_actions_in_one_row_are_refused() -> None:
    def edit(luyu: dict[str, Any]) -> None:
        luyu["cards"][0]["rows"][0]["steps"].append({"do": "caravan"})

    message = _refused(edit)
    assert _where(0, "rows[0].steps") in message
    assert "at most one action per row, found 2 (build, caravan)" in message


@pytest.mark.rule("LUYU-04")
def test_an_action_in_a_fallback_is_refused() -> None:
    def edit(luyu: dict[str, Any]) -> None:
        luyu["cards"][1]["rows"][0]["fallback"] = [{"do": "build"}]

    message = _refused(edit)
    assert _where(1, "rows[0].fallback[0].do") in message and "gains only" in message


@pytest.mark.rule("LUYU-21")
def test_a_card_of_expansion_actions_only_is_refused() -> None:
    def edit(luyu: dict[str, Any]) -> None:
        luyu["cards"][2]["rows"] = [
            {"steps": [{"do": "court", "n": 1}], "fallback": [{"do": "leaves", "n": 2}]}
        ]

    message = _refused(edit)
    assert _where(2, "rows") in message and "without the expansion" in message


@pytest.mark.parametrize(
    ("step", "field", "expected"),
    [
        ({"do": "leaves", "n": 0}, "n", "a leaves gain needs n >= 1"),
        ({"do": "advanced", "n": 2}, "n", "always one card"),
    ],
)
def test_gain_counts(step: dict[str, Any], field: str, expected: str) -> None:
    def edit(luyu: dict[str, Any]) -> None:
        luyu["cards"][3]["rows"][0]["steps"].insert(0, step)

    message = _refused(edit)
    assert _where(3, f"rows[0].steps[0].{field}") in message and expected in message


@pytest.mark.rule("LUYU-16", "GAP-19")
def test_province_priority_missing_a_province_is_refused() -> None:
    def edit(luyu: dict[str, Any]) -> None:
        luyu["cards"][4]["province_priority"] = luyu["cards"][4]["province_priority"][:4]

    message = _refused(edit)
    assert _where(4, "province_priority") in message and "exactly once" in message


@pytest.mark.rule("LUYU-22", "LUYU-23")
@pytest.mark.parametrize(
    ("field", "value"), [("hall_priority", [1, 1, 2]), ("market_order", [2, 3])]
)
def test_hall_and_market_orders_must_be_permutations(field: str, value: list[int]) -> None:
    def edit(luyu: dict[str, Any]) -> None:
        luyu["cards"][5][field] = value

    message = _refused(edit)
    assert _where(5, field) in message and "each of 1, 2, 3 exactly once" in message


@pytest.mark.rule("LUYU-11")
@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda order: order[:-1], "misses Region-token effect tag"),
        (lambda order: [*order, order[0]], "listed more than once"),
        (lambda order: [*order, "teleport"], "unknown effect tag: teleport"),
    ],
)
def test_bonus_priority_problems(change: Callable[[list[str]], list[str]], expected: str) -> None:
    def edit(luyu: dict[str, Any]) -> None:
        luyu["cards"][6]["bonus_priority"] = change(luyu["cards"][6]["bonus_priority"])

    message = _refused(edit)
    assert _where(6, "bonus_priority") in message and expected in message


@pytest.mark.rule("LUYU-29", "GAP-20")
@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ([0, 5, 11, 18, 26, 35], "needs 7 values (space 0..6), found 6"),
        ([0, 5, 11, 18, 26, 35, 45, 56], "needs 7 values (space 0..6), found 8"),
        ([0, 5, 11, 18, 16, 35, 45], "must not fall"),
    ],
)
def test_emperor_vp_table_problems(value: list[int], expected: str) -> None:
    def edit(luyu: dict[str, Any]) -> None:
        luyu["board"]["emperor_vp"] = value

    message = _refused(edit)
    assert "luyu board field 'emperor_vp'" in message and expected in message


@pytest.mark.rule("SOLO-02", "GAP-19")
def test_solo_02_wrong_group_count_is_refused() -> None:
    def edit(luyu: dict[str, Any]) -> None:
        advanced = next(c for c in luyu["cards"] if c["group"] == "advanced")
        advanced["group"] = "expert"

    message = _refused(edit)
    assert "luyu cards field 'group': needs exactly 3 expert cards, found 4" in message
    assert "needs exactly 18 advanced cards, found 17" in message


@pytest.mark.rule("SOLO-10")
def test_solo_10_uneven_advanced_piles_are_refused() -> None:
    def edit(luyu: dict[str, Any]) -> None:
        river = next(
            c for c in luyu["cards"] if c["group"] == "advanced" and c["secondary"] == "river"
        )
        river["secondary"] = "cup"

    message = _refused(edit)
    assert "luyu cards field 'secondary'" in message
    assert "found river 5, cup 7, university 6" in message


@pytest.mark.rule("GAP-19")
def test_duplicate_and_clashing_ids_are_refused() -> None:
    action_id = builtin_raw()["action_cards"][0]["id"]

    def edit(luyu: dict[str, Any]) -> None:
        luyu["cards"][8]["id"] = luyu["cards"][7]["id"]
        luyu["cards"][9]["id"] = action_id

    message = _refused(edit)
    assert "id also used by another Lu Yu card" in message
    assert f"luyu cards[9] (id '{action_id}') field 'id': id also used in action_cards" in message


def test_a_wrong_type_names_the_card_and_field() -> None:
    def edit(luyu: dict[str, Any]) -> None:
        luyu["cards"][0]["group"] = "legendary"

    message = _refused(edit)
    assert "luyu.cards[0] (id 'ly_b1') field 'group'" in message
