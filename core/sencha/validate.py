"""Checks of a decoded Sencha component set that span several fields or items.

Types and ranges are checked while decoding (:mod:`core.sencha.loader`); this module checks the
counts the rulebook gives (4 plantations, 10 Tea Market cards), unique ids and names, and that
every card is playable (at most one column per tea, distinct Emperor offers). Every problem names
the file, the item and the field.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from core.errors import ComponentError
from core.sencha.components import ComponentSet, MarketCard
from core.sencha.rules import FIELD, MARKET_CARDS, PLANTATION_CARDS

MAX_PROBLEMS = 12


def validate_components(cs: ComponentSet, sources: Mapping[str, str]) -> None:
    """Raise if ``cs`` breaks a count or constraint; ``sources`` maps section -> file name.

    Raises:
        ComponentError: listing the first problems, each with its file, item and field.
    """
    problems: list[str] = []

    def add(section: str, item: str, field: str, message: str) -> None:
        where = f"components file '{sources.get(section, 'built-in')}': {section}{item}"
        problems.append(f"{where}{f' field {field!r}' if field else ''}: {message}")

    if len(cs.plantations) != PLANTATION_CARDS:
        count = len(cs.plantations)
        add("plantations", "", "", f"needs {PLANTATION_CARDS} plantations, not {count}")
    if len(cs.market) != MARKET_CARDS:
        add("market", "", "", f"needs {MARKET_CARDS} Tea Market cards, not {len(cs.market)}")
    ids: dict[str, str] = {}
    id_lists = (
        ("plantations", [p.id for p in cs.plantations]),
        ("market", [c.id for c in cs.market]),
    )
    for section, item_ids in id_lists:
        for i, item_id in enumerate(item_ids):
            tag = f"[{i}] (id '{item_id}')"
            if item_id == FIELD:
                add(section, tag, "id", f"'{FIELD}' is the word for the field; choose another id")
            if item_id in ids:
                add(section, tag, "id", f"the id is also used in {ids[item_id]}")
            ids[item_id] = section
    for section, names in (
        ("plantations", [p.name for p in cs.plantations]),
        ("market", [c.name for c in cs.market]),
    ):
        for i, dup in _duplicates(names):
            add(section, f"[{i}]", "name", f"the name {dup!r} is used twice")
    for i, card in enumerate(cs.market):
        for field, message in _card_problems(card):
            add("market", f"[{i}] (id '{card.id}')", field, message)
    if problems:
        shown = problems[:MAX_PROBLEMS]
        more = len(problems) - len(shown)
        tail = f"\n  … and {more} more" if more else ""
        raise ComponentError("component set is not valid:\n  " + "\n  ".join(shown) + tail)


def _card_problems(card: MarketCard) -> Iterable[tuple[str, str]]:
    teas = [c.tea for c in card.columns]
    for tea in {t for t in teas if teas.count(t) > 1}:
        yield "columns", f"two columns of {tea.value}; a card has at most one per tea"
    offers = [(o.tea, o.cubes) for o in card.emperor]
    if len(set(offers)) != len(offers):
        yield "emperor", "the same offer twice"


def _duplicates(names: list[str]) -> Iterable[tuple[int, str]]:
    seen: set[str] = set()
    for i, name in enumerate(names):
        key = " ".join(name.casefold().split())
        if key in seen:
            yield i, name
        seen.add(key)
