"""A broken component file is refused with a message naming the file, the item and the field."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from core.errors import ComponentError
from core.tea_garden.loader import load_components
from tests.core.component_helpers import builtin_raw, to_toml

FILE = "my_set.toml"


def _refused(sections: dict[str, Any]) -> str:
    with pytest.raises(ComponentError) as info:
        load_components(to_toml(sections), FILE)
    message = str(info.value)
    assert FILE in message
    return message


def _edited(section: str, edit: Callable[[Any], Any]) -> dict[str, Any]:
    raw = builtin_raw()
    result = edit(raw[section])
    return {section: raw[section] if result is None else result}


def test_not_toml_at_all() -> None:
    with pytest.raises(ComponentError, match=rf"'{FILE}': not valid TOML"):
        load_components("this is = = not toml", FILE)


def test_random_bytes_are_refused() -> None:
    with pytest.raises(ComponentError, match=FILE):
        load_components("\x00\x13\xff garbage [[[", FILE)


def test_unknown_section() -> None:
    message = _refused({"dragons": [1, 2]})
    assert "unknown section 'dragons'" in message


def test_wrong_type_names_item_and_field() -> None:
    def edit(cards: list[dict[str, Any]]) -> None:
        cards[3]["strength"] = "strong"

    message = _refused(_edited("action_cards", edit))
    card_id = builtin_raw()["action_cards"][3]["id"]
    assert f"action_cards[3] (id '{card_id}') field 'strength'" in message
    assert "Expected `int`, got `str`" in message


def test_value_out_of_range() -> None:
    def edit(m: dict[str, Any]) -> None:
        m["regions"][2]["value"] = 7

    message = _refused(_edited("map", edit))
    region_id = builtin_raw()["map"]["regions"][2]["id"]
    assert f"map.regions[2] (id '{region_id}') field 'value'" in message
    assert "<= 6" in message


def test_unknown_effect_is_refused() -> None:
    def edit(tokens: list[dict[str, Any]]) -> None:
        tokens[0]["bonus"] = [{"do": "teleport"}]

    message = _refused(_edited("region_tokens", edit))
    assert "region_tokens[0]" in message and "field 'bonus[0].do'" in message
    assert "teleport" in message


def test_misspelt_field_is_refused() -> None:
    def edit(caravans: list[dict[str, Any]]) -> None:
        caravans[1]["strenghts"] = caravans[1].pop("strengths")

    message = _refused(_edited("caravans", edit))
    assert "caravans[1]" in message and "strenght" in message


def test_missing_section_in_the_merged_set_cannot_happen_but_missing_field_can() -> None:
    def edit(track: dict[str, Any]) -> None:
        del track["rows"][0]["reward"]

    message = _refused(_edited("emperor_track", edit))
    assert "emperor_track.rows[0]" in message and "reward" in message


@pytest.mark.parametrize(
    ("section", "edit", "expected"),
    [
        ("action_cards", lambda cards: cards[:-1], "level 5 needs 9 cards, found 8"),
        ("starting_cards", lambda cards: cards[:-1], "needs exactly 11 cards, found 10"),
        ("cup_tiles", lambda tiles: tiles + tiles[:1], "id also used"),
        ("scrolls", lambda s: {**s, "x2": s["x2"] + 1}, "must add up to 24"),
        ("display", lambda d: {"slot_strength": [0, 2, 3, 4, 5, 6]}, "second slot"),
        ("display", lambda d: {"slot_strength": [0, 1, 1, 3, 4, 5]}, "rise from left to right"),
        (
            "board",
            lambda b: {**b, "slot_fees": [{}, {}, {}, {"green": 3}]},
            "slot_fees[3]",
        ),
        ("emperor_track", lambda t: {**t, "rows": t["rows"][:5]}, "needs exactly 6 rows"),
    ],
)
def test_count_and_constraint_problems(
    section: str, edit: Callable[[Any], Any], expected: str
) -> None:
    assert expected in _refused(_edited(section, edit))


def test_unreachable_region_and_bad_border() -> None:
    def edit(m: dict[str, Any]) -> None:
        lonely = m["regions"][-1]["id"]
        m["borders"] = [b for b in m["borders"] if lonely not in (b["a"], b["b"])]
        m["borders"].append({"a": m["regions"][0]["id"], "b": "atlantis"})

    message = _refused(_edited("map", edit))
    assert "cannot be reached from the start Region" in message
    assert "atlantis" in message


def test_border_between_cells_that_do_not_touch() -> None:
    def edit(m: dict[str, Any]) -> None:
        far = max(m["regions"], key=lambda r: r["cell"][0] + r["cell"][1])
        near = min(m["regions"], key=lambda r: r["cell"][0] + r["cell"][1])
        m["borders"].append({"a": near["id"], "b": far["id"]})

    assert "not side by side" in _refused(_edited("map", edit))


def test_cup_colour_must_be_a_province() -> None:
    def edit(tiles: list[dict[str, Any]]) -> None:
        tiles[5]["left"]["colour"] = "golden"

    message = _refused(_edited("cup_tiles", edit))
    assert "cup_tiles[5]" in message and "left.colour" in message and "golden" in message


def test_expansion_content_is_refused_in_the_base_set() -> None:
    def edit(cards: list[dict[str, Any]]) -> None:
        cards[0]["scoring"] = "E12"

    assert "E12 belongs to the expansion" in _refused(_edited("emperor_cards", edit))

    def edit_tokens(tokens: list[dict[str, Any]]) -> None:
        tokens[2]["bonus"] = [{"do": "basic_puerh"}]

    assert "basic_puerh exists only in the expansion" in _refused(
        _edited("region_tokens", edit_tokens)
    )


def test_caravan_strength_values_must_differ() -> None:
    def edit(caravans: list[dict[str, Any]]) -> None:
        caravans[0]["strengths"][1]["strength"] = caravans[0]["strengths"][0]["strength"]

    assert "two strength values must differ" in _refused(_edited("caravans", edit))


def test_a_valid_user_file_replaces_only_its_sections() -> None:
    base = load_components()
    custom = load_components(to_toml({"scrolls": {"plus1": 12, "teapot": 6, "x2": 6}}), FILE)
    assert custom.scrolls.plus1 == 12
    assert custom.action_cards == base.action_cards
    assert custom.id == f"{base.id}_custom"


def test_a_name_used_twice_is_refused() -> None:
    """Two Caravans of one name could not be told apart on screen (issue 14)."""

    def edit(caravans: list[dict[str, Any]]) -> None:
        caravans[4]["name"] = caravans[1]["name"].upper()

    message = _refused(_edited("caravans", edit))
    raw = builtin_raw()["caravans"]
    assert f"caravans (id '{raw[4]['id']}') field 'name'" in message
    assert f"is also the name of '{raw[1]['id']}'" in message


def test_a_blank_or_missing_name_is_refused() -> None:
    def blank(tiles: list[dict[str, Any]]) -> None:
        tiles[0]["name"] = "   "

    assert "field 'name': the name is blank" in _refused(_edited("cup_tiles", blank))

    def missing(tokens: list[dict[str, Any]]) -> None:
        del tokens[2]["name"]

    message = _refused(_edited("region_tokens", missing))
    assert "region_tokens[2]" in message and "name" in message


def test_lu_yu_cards_need_names_of_their_own() -> None:
    def edit(luyu: dict[str, Any]) -> None:
        luyu["cards"][7]["name"] = luyu["cards"][0]["name"]

    message = _refused(_edited("luyu", edit))
    assert "is also the name of 'ly_b1'" in message
