"""The authored component set and players' own files (SEN-GAP-01..07, SEN-COMP-04, SEN-EX-09's
card, SEN-AMB-10/17/24/25)."""

from __future__ import annotations

import pytest

from core.errors import ComponentError
from core.sencha.components import Tea
from core.sencha.entry import component_identity, load_components, make_game
from core.sencha.loader import BUILTIN_FILES, load_builtin
from core.sencha.options import SenchaOptions
from core.sencha.rules import START_MONEY
from core.setup import ComponentMismatchError, new_setup

MARKET_HEAD = """
[[market]]
id = "c{i}"
name = "Card {i}"
columns = [{{ tea = "black", prices = [2, 2] }}, {{ tea = "sakura", prices = [1, 2, 2] }}]
emperor = [{{ tea = "sencha", cubes = 1, vp = 1 }}]
"""


def _market(count: int = 10) -> str:
    return "".join(MARKET_HEAD.format(i=i) for i in range(count))


def test_the_example_card_is_in_the_set_sen_ex_09_gap_01() -> None:
    """SEN-GAP-01: the rulebook's example card exactly: Black column of 2 slots at 2 yen, a
    Sakura column at 2 yen, the Emperor's 1 Sencha for 1 VP."""
    card = load_builtin().card("gion_stall")
    black, sakura = card.column(Tea.BLACK), card.column(Tea.SAKURA)
    assert black is not None and black.prices == (2, 2)
    assert sakura is not None and set(sakura.prices) == {2}
    assert [(o.tea, o.cubes, o.vp) for o in card.emperor] == [(Tea.SENCHA, 1, 1)]


def test_ten_cards_within_the_economy_sen_gap_01() -> None:
    """SEN-GAP-01: 10 cards; small columns (1-4 slots) at 1-3 yen; 1-2 Emperor offers; every
    tea bought somehow on every card (no card leaves a carried tea unsellable)."""
    cs = load_builtin()
    assert len(cs.market) == 10
    for card in cs.market:
        assert 2 <= len(card.columns) <= 3, card.id
        assert all(1 <= c.slots <= 4 and all(1 <= p <= 3 for p in c.prices) for c in card.columns)
        assert 1 <= len(card.emperor) <= 2, card.id
        teas = {c.tea for c in card.columns} | {o.tea for o in card.emperor}
        assert teas == set(Tea), card.id
    assert START_MONEY == 7 and SenchaOptions().money_cap == 12


def test_sencha_is_scarce_and_pays_the_emperor_best_sen_gap_01_amb_25() -> None:
    """SEN-GAP-01: Sencha earns the best Emperor rate; SEN-AMB-25: few cards buy it for yen."""
    cs = load_builtin()
    rates: dict[Tea, float] = {}
    for card in cs.market:
        for o in card.emperor:
            rates[o.tea] = max(rates.get(o.tea, 0.0), o.vp / o.cubes)
    assert rates[Tea.SENCHA] > max(rates[Tea.SAKURA], rates[Tea.BLACK])
    sencha_columns = sum(1 for c in cs.market if c.column(Tea.SENCHA) is not None)
    assert 1 <= sencha_columns <= 4


def test_one_price_per_column_sen_gap_01() -> None:
    """SEN-GAP-01 as authored (docs/components/sencha.md): a price per column, flat over its
    slots (rising prices gave the player who completed a column the best sale), and the short
    columns that let 7-9 cards turn over: at most 9 slots on a card."""
    for card in load_builtin().market:
        assert all(len(set(c.prices)) == 1 for c in card.columns), card.id
        assert sum(c.slots for c in card.columns) <= 9, card.id


def test_demand_shifts_between_cards_sen_gap_01() -> None:
    """SEN-GAP-01: the cards ask for different teas at different prices."""
    cs = load_builtin()
    shapes = {tuple((c.tea, c.prices) for c in card.columns) for card in cs.market}
    assert len(shapes) == 10


def test_plantations_sen_gap_03_amb_17() -> None:
    """SEN-GAP-03: four plantations, three named by the rulebook and a fourth of ours."""
    names = [p.name for p in load_builtin().plantations]
    assert names[:3] == ["Kyoto", "Shizuoka", "Osaka"] and len(names) == 4 and names[3]


def test_builtin_identity_is_stable() -> None:
    """A setup records the set's id and hash; the built-in set is found without a file."""
    cid, digest = component_identity(None)
    assert cid == "tea_tui_sencha" and len(digest) == 64
    assert component_identity(load_builtin()) == (cid, digest)
    assert BUILTIN_FILES[-1] == "market.toml"


def test_a_players_own_market_replaces_the_authored_one() -> None:
    """A player's file replaces the sections it has; the rest stays built in."""
    cs = load_components(_market(), "mine.toml")
    assert [c.id for c in cs.market] == [f"c{i}" for i in range(10)]
    assert cs.plantations == load_builtin().plantations
    assert cs.id == "tea_tui_sencha_custom"
    setup = new_setup(["random", "random"], game="sencha", components=cs)
    game = make_game(setup, cs)
    assert game.new_state(1).pub.card.startswith("c")
    with pytest.raises(ComponentMismatchError):
        make_game(setup, None)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (_market(9), "needs 10 Tea Market cards, not 9"),
        ("market = 3", "market"),
        ("[oops]\nx = 1", "unknown section 'oops'"),
        ("market = [", "not valid TOML"),
        (_market().replace('tea = "black"', 'tea = "green"', 1), "market[0] (id 'c0')"),
        (_market().replace("prices = [2, 2] }", "prices = [2, 9] }", 1), "prices"),
        (_market().replace('"sakura", prices', '"black", prices', 1), "two columns of black"),
        (_market().replace('id = "c3"', 'id = "c2"'), "the id is also used"),
        (_market().replace('name = "Card 3"', 'name = "card  2"'), "used twice"),
        (
            '[[plantations]]\nid = "field"\nname = "F"\n' * 1,
            "needs 4 plantations",
        ),
    ],
)
def test_bad_component_files_say_what_is_wrong(text: str, words: str) -> None:
    """Every problem names the file, the item and the field."""
    with pytest.raises(ComponentError) as info:
        load_components(text, "mine.toml")
    message = str(info.value)
    assert words in message
    assert "mine.toml" in message or "component set" in message


def test_the_temples_are_alike_and_the_money_track_is_theirs_sen_gap_02_amb_24() -> None:
    """SEN-GAP-02 / SEN-AMB-24: four identical temples carry the VP and money tracks; the set
    has no temple data to differ."""
    from core.sencha.components import ComponentSet

    assert "temples" not in {f for f in ComponentSet.__struct_fields__}
