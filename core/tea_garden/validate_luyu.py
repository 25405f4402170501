"""Checks of the solo mode's Lu Yu cards and board (SOLO-02, SOLO-10, GAP-19, GAP-20, LUYU-29).

Called from :func:`core.tea_garden.validate.validate_components` when the set has a ``luyu``
section. Types and ranges are checked while decoding; this module checks the counts, the piles,
the shape of each card front and the priority lists on each card back. Every problem names the
file (through ``problems``), the item (the card id) and the field.
"""

from __future__ import annotations

import itertools
import typing
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from core.tea_garden.components import LUYU_ACTIONS, ComponentSet, LuYuCard, LuYuStep
from core.tea_garden.effects import Effect, effect_kinds

SECTION = "luyu"
GROUP_SIZES = {"basic": 3, "expert": 3, "advanced": 18}
"""SOLO-02: how many cards of each group the solo mode has."""
PILES = ("river", "cup", "university")
"""SOLO-10: the Advanced cards form one pile per secondary-action symbol on their backs."""
GAINS = frozenset({"leaves", "ferment", "emperor_tokens", "advanced"})
BASE_ACTIONS = frozenset({"build", "buy", "caravan", "secondary"})
"""Actions Lu Yu can do without the expansion (LUYU-21 skips the Noble Court and the Market)."""
POSITIONS = (1, 2, 3)
KNOWN_TAGS = frozenset(
    str(cls.__struct_config__.tag) for cls in typing.get_args(Effect) if cls.__struct_config__.tag
)
"""Every effect tag of the vocabulary: what a Region token can show."""


class ProblemSink(Protocol):
    """Where problems are collected (``validate._Problems``)."""

    def add(self, section: str, item: str, field: str, message: str) -> None: ...


def validate_luyu(cs: ComponentSet, problems: ProblemSink) -> None:
    """Add a problem for each way ``cs.luyu`` breaks the solo rules; nothing when it is None."""
    luyu = cs.luyu
    if luyu is None:
        return
    p = problems
    rows = len(cs.emperor_track.rows)
    vps = luyu.board.emperor_vp
    if len(vps) != rows + 1:
        p.add(
            SECTION,
            "board",
            "emperor_vp",
            f"needs {rows + 1} values (space 0..{rows}), found {len(vps)}",
        )
    if any(a > b for a, b in itertools.pairwise(vps)):
        p.add(SECTION, "board", "emperor_vp", "VP must not fall from one space to the next")
    _check_groups(luyu.cards, p)
    _check_ids(cs, luyu.cards, p)
    colours = [x.id for x in cs.map.provinces if not x.start]
    token_tags: set[str] = set()
    for tok in cs.region_tokens:
        token_tags |= effect_kinds(tok.bonus)
    for i, card in enumerate(luyu.cards):
        item = f"cards[{i}] (id '{card.id}')"
        _check_front(card, item, p)
        _check_order(p, item, "province_priority", card.province_priority, colours)
        _check_order(p, item, "hall_priority", card.hall_priority, POSITIONS)
        _check_order(p, item, "market_order", card.market_order, POSITIONS)
        _check_bonus_priority(card.bonus_priority, token_tags, item, p)


def _check_groups(cards: Sequence[LuYuCard], p: ProblemSink) -> None:
    groups: Counter[str] = Counter(c.group for c in cards)
    for group, size in GROUP_SIZES.items():
        if groups[group] != size:
            p.add(
                SECTION,
                "cards",
                "group",
                f"needs exactly {size} {group} cards, found {groups[group]}",
            )
    advanced = [c for c in cards if c.group == "advanced"]
    piles: Counter[str] = Counter(c.secondary for c in advanced)
    per_pile = len(advanced) // len(PILES)
    if len(advanced) % len(PILES) or any(piles[s] != per_pile for s in PILES):
        shown = ", ".join(f"{s} {piles[s]}" for s in PILES)
        p.add(
            SECTION,
            "cards",
            "secondary",
            f"the Advanced cards must split evenly into the 3 piles by secondary, found {shown}",
        )


def _check_ids(cs: ComponentSet, cards: Sequence[LuYuCard], p: ProblemSink) -> None:
    others: dict[str, str] = {}
    for section, ids in cs.ids_by_section():
        for item_id in ids:
            others.setdefault(item_id, section)
    seen: set[str] = set()
    for i, card in enumerate(cards):
        item = f"cards[{i}] (id '{card.id}')"
        if card.id in seen:
            p.add(SECTION, item, "id", "id also used by another Lu Yu card")
        elif card.id in others:
            p.add(SECTION, item, "id", f"id also used in {others[card.id]}")
        seen.add(card.id)


def _check_front(card: LuYuCard, item: str, p: ProblemSink) -> None:
    usable = False
    for r, row in enumerate(card.rows):
        actions = [s.do for s in row.steps if s.do in LUYU_ACTIONS]
        usable = usable or any(a in BASE_ACTIONS for a in actions)
        if len(actions) > 1:
            p.add(
                SECTION,
                item,
                f"rows[{r}].steps",
                f"at most one action per row, found {len(actions)} ({', '.join(actions)})",
            )
        if row.fallback and not actions:
            p.add(SECTION, item, f"rows[{r}].fallback", "a fallback needs an action in its row")
        for j, step in enumerate(row.steps):
            _check_gain(step, item, f"rows[{r}].steps[{j}]", p)
        for j, step in enumerate(row.fallback):
            where = f"rows[{r}].fallback[{j}]"
            if step.do not in GAINS:
                p.add(SECTION, item, f"{where}.do", f"a fallback holds gains only, not {step.do}")
            _check_gain(step, item, where, p)
    if not usable:
        p.add(
            SECTION,
            item,
            "rows",
            "needs an action usable without the expansion (build, buy, caravan or secondary)",
        )


def _check_gain(step: LuYuStep, item: str, where: str, p: ProblemSink) -> None:
    if step.do == "advanced" and step.n > 1:
        p.add(SECTION, item, f"{where}.n", "an Advanced card gain is always one card (n 0 or 1)")
    elif step.do in GAINS and step.do != "advanced" and step.n < 1:
        p.add(SECTION, item, f"{where}.n", f"a {step.do} gain needs n >= 1")


def _check_order(
    p: ProblemSink, item: str, field: str, order: Sequence[object], wanted: Sequence[object]
) -> None:
    if len(order) != len(wanted) or set(order) != set(wanted):
        listed = ", ".join(str(w) for w in wanted)
        p.add(SECTION, item, field, f"must list each of {listed} exactly once")


def _tags(items: Sequence[str]) -> str:
    return "tag" if len(items) == 1 else "tags"


def _check_bonus_priority(
    order: Sequence[str], token_tags: set[str], item: str, p: ProblemSink
) -> None:
    unknown = [t for t in order if t not in KNOWN_TAGS]
    if unknown:
        p.add(
            SECTION,
            item,
            "bonus_priority",
            f"unknown effect {_tags(unknown)}: {', '.join(unknown)}",
        )
    repeated = sorted(t for t, n in Counter(order).items() if n > 1)
    if repeated:
        p.add(SECTION, item, "bonus_priority", f"listed more than once: {', '.join(repeated)}")
    missing = sorted(token_tags - set(order))
    if missing:
        p.add(
            SECTION,
            item,
            "bonus_priority",
            f"misses Region-token effect {_tags(missing)}: {', '.join(missing)}",
        )
