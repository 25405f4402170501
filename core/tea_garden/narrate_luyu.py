"""Lu Yu's turns in words: each step he took and why, from the notes his turn left.

:func:`luyu_story` turns the :class:`~core.tea_garden.state.LuYuNote` list of his last turn
into sentences such as "builds in Lijiang (space 2): the highest-value Region next to his
gardens; tie broken by his Region-bonus priority".
"""

from __future__ import annotations

from collections.abc import Sequence

from core.tea_garden.components import LuYuCard, LuYuStep
from core.tea_garden.state import GameData, LuYuNote

SECONDARY_NAME = {"river": "River Navigation", "cup": "Cup Production", "university": "Tea Studies"}
ACTION_NAME = {
    "build": "Build",
    "buy": "Buy",
    "caravan": "Caravan",
    "court": "Noble Court",
    "market": "Puerh Market",
    "secondary": "secondary action",
}
POSITION = {1: "left", 2: "middle", 3: "right"}
EXPANSION_STEPS = frozenset({"court", "market"})
"""Lu Yu's steps that need the expansion; a base game skips them."""


def card_label(g: GameData, card_id: str) -> str:
    """The name of a Lu Yu card (its id when the set does not know it)."""
    return g.ctx.name(card_id)


def step_text(step: LuYuStep) -> str:
    """One step of a Lu Yu card front, in a few words."""
    if step.do == "leaves":
        return f"+{step.n} fresh"
    if step.do == "ferment":
        return f"ferment {step.n}"
    if step.do == "emperor_tokens":
        return f"+{step.n} Emperor token{'s' if step.n != 1 else ''}"
    if step.do == "advanced":
        return "gain an Advanced card"
    name = ACTION_NAME[step.do]
    return f"{name} at +{step.n} strength" if step.n else name


def front_text(card: LuYuCard, puerh: bool = True) -> str:
    """The whole front of a Lu Yu card: rows separated by ";", and in "(else ...)" what he
    gains when the row's action cannot be done.

    Without the expansion (``puerh`` False) his Noble Court and Puerh Market steps are always
    skipped and their fallback always taken (LUYU-21), so the text says only that.
    """
    rows = []
    for row in card.rows:
        steps = [s for s in row.steps if puerh or s.do not in EXPANSION_STEPS]
        skipped = len(steps) < len(row.steps)
        text = ", ".join(step_text(s) for s in (*steps, *(row.fallback if skipped else ())))
        if row.fallback and not skipped:
            text += " (else " + ", ".join(step_text(s) for s in row.fallback) + ")"
        if text:
            rows.append(text)
    return "; ".join(rows)


def bonus_priority(card: LuYuCard, puerh: bool = True) -> tuple[str, ...]:
    """His Region-bonus kinds, most wanted first; a base game has no Puerh bonus to rank."""
    return (
        card.bonus_priority
        if puerh
        else tuple(t for t in card.bonus_priority if t != "basic_puerh")
    )


def back_text(card: LuYuCard) -> str:
    """The indicators on the back of a Lu Yu card, in a few words."""
    return (
        f"strength {card.strength}, {SECONDARY_NAME[card.secondary]}, "
        f"Caravan {POSITION[card.caravan]}, Emperor card {POSITION[card.emperor]}"
    )


def luyu_story(g: GameData, name: str = "Lu Yu") -> str:
    """Return the sentences telling what Lu Yu's last turn did, step by step."""
    lu = g.luyu
    if lu is None or not lu.notes:
        return f"{name} waits"
    parts = [_note(g, note) for note in lu.notes]
    return f"{name} " + "; ".join(p for p in parts if p)


def _region(g: GameData, region_id: str) -> str:
    return g.ctx.region(region_id).name


def _note(g: GameData, note: LuYuNote) -> str:
    a: Sequence[str] = note.args
    what = note.what
    if what == "pass":
        if a[1] == "slots":
            return f"has played into all {a[0]} of his slots and passes for the round"
        return f"cannot pay the fee of slot {int(a[0]) + 1} and passes for the round"
    if what == "fee":
        return f"pays the slot fee ({a[0]} fresh, {a[1]} fermented)"
    if what == "reveal":
        card = g.ctx.luyu_cards[a[0]]
        return f"reveals {card_label(g, a[0])} ({front_text(card, g.ctx.options.puerh)})"
    if what == "fallback":
        if a[0] in EXPANSION_STEPS and not g.ctx.options.puerh:
            return ""  # the card's text in a base game already shows the fallback alone
        return f"could not do {ACTION_NAME.get(a[0], a[0])}, so takes what the card gives instead"
    if what == "leaves":
        return f"gains {a[0]} fresh leaf" if a[0] == "1" else f"gains {a[0]} fresh leaves"
    if what == "ferment":
        return f"ferments {a[0]} leaf" if a[0] == "1" else f"ferments {a[0]} leaves"
    if what == "emperor_tokens":
        return f"gains {a[0]} Emperor token{'s' if a[0] != '1' else ''}"
    if what == "advanced":
        return f"puts Advanced card {card_label(g, a[0])} on top of his deck ({a[1]} pile)"
    if what == "advanced_none":
        return f"finds his {a[0]} pile empty"
    if what == "emperor":
        removed = f", removing {g.ctx.card_name(a[1])}" if a[1] else " (no card to remove there)"
        return f"climbs to Emperor space {a[0]}{removed} from the {POSITION[int(a[2])]} place"
    if what == "build":
        why = {
            "value": "the highest-value Region next to his gardens",
            "bonus": "highest value next to his gardens; tie broken by his Region-bonus priority",
            "order": "highest value next to his gardens; tie broken by map order",
        }[a[2]]
        return f"builds in {_region(g, a[0])} (space {a[1]}): {why}"
    if what == "build_none":
        return "cannot build (no Pagoda left)" if a[0] == "pagoda" else "finds no Region to build"
    if what == "buy":
        return f"takes {g.ctx.card_name(a[0])} from display slot {a[1]} (strength {a[2]})"
    if what == "buy_none":
        return f"finds display slot {a[0]} empty (strength {a[1]})"
    if what == "caravan":
        return f"takes the Caravan {g.ctx.name(a[0])} from the {POSITION[int(a[1])]} place"
    if what == "caravan_none":
        return f"finds no Caravan in the {POSITION[int(a[0])]} place"
    if what == "court":
        hall = g.ctx.halls[a[0]].name
        return f"sends a Courtier to {hall}, space {a[1]} (strength {a[2]})"
    if what == "court_none":
        return "has no Courtier ready" if a[0] == "courtier" else "finds no Hall space he reaches"
    if what == "market":
        n = len(a[0].split(","))
        return f"takes {n} Premium Puerh token{'s' if n != 1 else ''} (strength {a[1]})"
    if what == "market_weak":
        return f"is too weak for the Puerh Market (strength {a[0]})"
    if what == "market_none":
        return "finds the Puerh Market empty"
    if what == "base_only":
        if not g.ctx.options.puerh:
            return ""
        return f"skips {ACTION_NAME[a[0]]} (expansion not in play)"
    if what == "repeat":
        return f"pays {a[1]} fermented leaves to repeat {SECONDARY_NAME[a[0]]}"
    if what == "river":
        return f"moves his Boat to segment {a[0]}"
    if what == "river_none":
        return "has his Boat at the river mouth already"
    if what == "university":
        centre = " and sends a Worker to the centre" if a[1] else ""
        return f"moves his University Worker to sector {a[0]}{centre}"
    if what == "cup":
        side = "right" if a[2] == "r" else "left"
        why = "it matches his row" if a[3] == "match" else "by his Province priority"
        return f"adds a Cup tile from {g.ctx.province_name(a[1])} at the {side} end ({why})"
    if what == "cup_none":
        return "has no Cup stack he may take from"
    return what
