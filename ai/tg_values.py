"""What things are worth in Tea Garden, in VP equivalents: the AI's hand-tuned yardstick.

The prices follow the designers' yardstick in docs/components/tracks_and_tiles.md (an Emperor
token is worth about 2 VP, a leaf of quality q about 0.5 + q/4, a Scroll about 1.5), adjusted for
the point of the game: a resource that cannot be used any more is worth only what final scoring
gives for it. Everything here is cheap (no cloning), because simulations call it constantly.
"""

from __future__ import annotations

from typing import NamedTuple

from core.tea_garden import effects as fx
from core.tea_garden.components import LeafCost, PuerhToken
from core.tea_garden.context import Context
from core.tea_garden.decisions import has_connection
from core.tea_garden.flow import card_slots
from core.tea_garden.maintenance import ROUNDS
from core.tea_garden.state import QUALITIES, GameData, PlayerState

HARVEST_PER_GARDEN = 2
DRAW_PER_ROUND = 4
TURNS_PER_ROUND = 4

TOKEN = 2.0
"""An Emperor token (1 VP of it is already counted by final scoring)."""
CUP_TOKEN = 2.5
SCROLL = 1.5
DRAW = 1.2
REMOVE = 1.5
EMPEROR_CARD = 7.0
SECONDARY = {"river": 3.0, "university": 3.0, "cup": 2.5}
STRENGTH = 0.9
"""What one point of strength played in a turn turns into (a Caravan pays about S VP)."""
PUERH_CHANCE = (1.0, 0.55, 0.3)
"""(Expansion) Share of a Puerh set's estimated cake score counted, by tokens missing (0-2).
Well under 1: every missing token takes a main action or a bonus, and the leaves and actions it
costs are then missing elsewhere, so the search should not chase cakes at any price."""
TURNS_PER_PUERH_TOKEN = 2
"""(Expansion) The seat's own turns a missing token takes to find: the share above is scaled by
``1 - exp(-turns left / (this * tokens missing))``, near 1 early, small in the last turns."""
FRESH_BASE = 0.35
FERMENTED_BASE = 0.75
PER_QUALITY = 0.1


def fresh_worth(q: int) -> float:
    """A fresh leaf of quality ``q`` while there are turns to spend it (it ripens down)."""
    return FRESH_BASE + q * PER_QUALITY


def fermented_worth(q: int) -> float:
    """A fermented leaf of quality ``q`` (it ripens up and pays brown icons)."""
    return FERMENTED_BASE + q * PER_QUALITY


def turns_left(g: GameData, p: PlayerState) -> int:
    """Turns ``p`` may still take this round (the current one included)."""
    return 0 if p.passed else max(0, card_slots(g.ctx) - len(p.stacks))


def use_weight(g: GameData, p: PlayerState | None = None) -> float:
    """How much a spendable resource of ``p`` (default: the seat to move) is still worth: 1
    before the last round, then falling with the turns left to 0.15."""
    if g.round < ROUNDS:
        return 1.0
    left = turns_left(g, g.me if p is None else p)
    return 0.15 + 0.85 * left / card_slots(g.ctx)


def maintenances_left(g: GameData) -> int:
    """Maintenance phases still to come (harvests, draws)."""
    return ROUNDS - g.round


def leaf_cost(p: PlayerState, cost: LeafCost) -> float:
    """The worth of the cheapest leaves that pay ``cost`` (inf if they cannot be found)."""
    need_brown = cost.brown
    need_any = cost.green
    q0 = cost.quality - 1
    total = 0.0
    ferm = p.fermented[:]
    fresh = p.fresh[:]
    for q in range(q0, QUALITIES):
        take = min(need_brown, ferm[q])
        total += take * fermented_worth(q + 1)
        ferm[q] -= take
        need_brown -= take
    if need_brown:
        return float("inf")
    # Any leaf pays a green icon: take the cheapest first, fresh before fermented at a tie.
    pool = [(fresh_worth(q + 1), fresh[q]) for q in range(q0, QUALITIES)]
    pool += [(fermented_worth(q + 1), ferm[q]) for q in range(q0, QUALITIES)]
    pool.sort()
    for worth, n in pool:
        if not need_any:
            break
        take = min(need_any, n)
        total += take * worth
        need_any -= take
    return float("inf") if need_any else total


def effect_worth(g: GameData, p: PlayerState, eff: fx.Effect) -> float:
    """What gaining ``eff`` now is worth to ``p``."""
    w = use_weight(g)
    if isinstance(eff, fx.ScoreVP):
        return float(eff.n)
    if isinstance(eff, fx.GainLeaves):
        return eff.n * fresh_worth(eff.q) * w
    if isinstance(eff, fx.Ferment):
        return min(eff.n, sum(p.fresh)) * 0.45 * w
    if isinstance(eff, fx.GainEmperorTokens):
        return eff.n * (1.0 + (TOKEN - 1.0) * w)
    if isinstance(eff, fx.GainScroll):
        return 1.0 + (SCROLL - 1.0 + (0.3 if eff.kind == "any" else 0.0)) * w
    if isinstance(eff, fx.GainCupToken):
        return eff.n * CUP_TOKEN * w if has_connection(p) else 0.0
    if isinstance(eff, fx.Draw):
        return eff.n * DRAW * w
    if isinstance(eff, fx.DrawDiscard):
        return eff.n * 0.6 * w
    if isinstance(eff, fx.RemoveCard):
        return REMOVE * (0.5 + 0.5 * w)
    if isinstance(eff, fx.SellLeaves):
        return 1.0 + 2.0 * (1.0 - w)
    if isinstance(eff, fx.TakeEmperorCard):
        return EMPEROR_CARD if any(g.board.emperor_display) else 0.0
    if isinstance(eff, fx.Secondary):
        return SECONDARY[eff.action] * (0.4 + 0.6 * w)
    if isinstance(eff, fx.Choice):
        return max(effects_worth(g, p, option) for option in eff.options)
    return 0.0


def effects_worth(g: GameData, p: PlayerState, effects: fx.Effects) -> float:
    """The summed worth of a list of effects."""
    return sum(effect_worth(g, p, e) for e in effects)


def card_power(ctx: Context, card: str) -> float:
    """A card's worth each time it is played: its strength plus a rough value of its top."""
    c = ctx.cards[card]
    top = 0.0
    for eff in c.top:
        if isinstance(eff, fx.Secondary):
            top += SECONDARY[eff.action] * 0.6
        elif isinstance(eff, fx.Choice):
            top += 1.8
        else:
            top += 1.0
    return c.strength * STRENGTH + top + 0.15 * len(c.teapots)


def hand_power(ctx: Context, p: PlayerState) -> float:
    """The summed power of the cards in ``p``'s hand."""
    return sum(card_power(ctx, c) for c in p.hand)


class TypicalToken(NamedTuple):
    """The mean stars and centre value of a kind of Puerh token (expansion)."""

    stars: float
    value: float


_TYPICAL: dict[str, tuple[TypicalToken, TypicalToken]] = {}


def typical_tokens(ctx: Context) -> tuple[TypicalToken, TypicalToken]:
    """The typical starred token and the typical centre-value token of the component set.

    A token carries stars or a centre value (the built-in set never both), and a cake scores
    (its stars) x (its values), so the mean over all tokens would credit one token with both.
    Computed once per context: simulations call the evaluation constantly.
    """
    found = _TYPICAL.get(ctx.key)
    if found is None:
        tokens = tuple(ctx.puerh_tokens.values())
        starred = [t for t in tokens if t.stars]
        valued = [t for t in tokens if t.value and not t.stars]
        found = _TYPICAL[ctx.key] = (_mean_token(starred), _mean_token(valued))
    return found


def _mean_token(tokens: list[PuerhToken]) -> TypicalToken:
    if not tokens:
        return TypicalToken(0.0, 0.0)
    n = len(tokens)
    return TypicalToken(sum(t.stars for t in tokens) / n, sum(t.value for t in tokens) / n)
