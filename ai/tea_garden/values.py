"""What things are worth in Tea Garden, in VP equivalents: the AI's hand-tuned yardstick.

The prices follow the designers' yardstick in docs/components/tracks_and_tiles.md (an Emperor
token is worth about 2 VP, a leaf of quality q about 0.5 + q/4, a Scroll about 1.5), adjusted for
the point of the game: a resource that cannot be used any more is worth only what final scoring
gives for it. Everything here is cheap (no cloning), because simulations call it constantly.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from core.tea_garden import effects as fx
from core.tea_garden.components import LeafCost, PuerhToken
from core.tea_garden.context import Context
from core.tea_garden.court import HALL_FIRST_VP, HALL_SECOND_VP
from core.tea_garden.decisions import has_connection
from core.tea_garden.flow import card_slots
from core.tea_garden.maintenance import ROUNDS
from core.tea_garden.puerh import CAKE_SIZE, joinable_sets
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
HALL_HOLD = 0.7
"""(Expansion) Share of a Hall majority's VP counted before the Hall is scored: the other seats
may still outbid it (COURT-07)."""
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
    return _leaf_cost(tuple(p.fresh), tuple(p.fermented), cost.green, cost.brown, cost.quality)


@lru_cache(maxsize=65536)
def _leaf_cost(
    have_fresh: tuple[int, ...], have_ferm: tuple[int, ...], green: int, brown: int, quality: int
) -> float:
    # Cached: the policy prices the same costs from the same leaves at step after step.
    need_brown = brown
    need_any = green
    q0 = quality - 1
    total = 0.0
    ferm = list(have_ferm)
    fresh = list(have_fresh)
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


def cheapest_fermented(p: PlayerState) -> float:
    """The worth of the cheapest fermented leaf ``p`` holds (3 VP without one)."""
    for q, n in enumerate(p.fermented):
        if n:
            return fermented_worth(q + 1)
    return 3.0


def premium_worth(g: GameData, p: PlayerState, token: str) -> float:
    """A Premium token's best placement net of its price (PUERH-04, PUERH-07); -inf if ``p``
    cannot pay for it."""
    cost = leaf_cost(p, g.ctx.puerh_tokens[token].cost)
    return puerh_token_worth(g, p, token) - cost if cost < math.inf else -math.inf


def effect_worth(g: GameData, p: PlayerState, eff: fx.Effect) -> float:
    """What gaining ``eff`` now is worth to ``p``."""
    return _EFFECT_WORTH[type(eff)](g, p, eff, use_weight(g))


# One pricing function per kind of effect, found by the effect's type: simulations price
# effects hundreds of thousands of times a turn, and a chain of isinstance tests cost a third
# of it. Each gets the game, the seat, the effect and the use weight of the seat to move.
_Worth = Callable[[GameData, PlayerState, Any, float], float]


def _vp_worth(g: GameData, p: PlayerState, eff: fx.ScoreVP, w: float) -> float:
    return float(eff.n)


def _leaves_worth(g: GameData, p: PlayerState, eff: fx.GainLeaves, w: float) -> float:
    return eff.n * fresh_worth(eff.q) * w


def _ferment_worth(g: GameData, p: PlayerState, eff: fx.Ferment, w: float) -> float:
    return min(eff.n, sum(p.fresh)) * 0.45 * w


def _tokens_worth(g: GameData, p: PlayerState, eff: fx.GainEmperorTokens, w: float) -> float:
    return eff.n * (1.0 + (TOKEN - 1.0) * w)


def _scroll_worth(g: GameData, p: PlayerState, eff: fx.GainScroll, w: float) -> float:
    return 1.0 + (SCROLL - 1.0 + (0.3 if eff.kind == "any" else 0.0)) * w


def _cup_token_worth(g: GameData, p: PlayerState, eff: fx.GainCupToken, w: float) -> float:
    return eff.n * CUP_TOKEN * w if has_connection(p) else 0.0


def _draw_worth(g: GameData, p: PlayerState, eff: fx.Draw, w: float) -> float:
    return eff.n * DRAW * w


def _draw_discard_worth(g: GameData, p: PlayerState, eff: fx.DrawDiscard, w: float) -> float:
    return eff.n * 0.6 * w


def _remove_worth(g: GameData, p: PlayerState, eff: fx.RemoveCard, w: float) -> float:
    return REMOVE * (0.5 + 0.5 * w)


def _sell_worth(g: GameData, p: PlayerState, eff: fx.SellLeaves, w: float) -> float:
    return 1.0 + 2.0 * (1.0 - w)


def _emperor_card_worth(g: GameData, p: PlayerState, eff: fx.TakeEmperorCard, w: float) -> float:
    return EMPEROR_CARD if any(g.board.emperor_display) else 0.0


def _secondary_worth(g: GameData, p: PlayerState, eff: fx.Secondary, w: float) -> float:
    return SECONDARY[eff.action] * (0.4 + 0.6 * w)


def _choice_worth(g: GameData, p: PlayerState, eff: fx.Choice, w: float) -> float:
    return max(effects_worth(g, p, option) for option in eff.options)


def _garden_worth(g: GameData, p: PlayerState, eff: fx.GainGardenLeaves, w: float) -> float:
    regions = g.ctx.regions
    return sum(fresh_worth(regions[r].value) for r in p.gardens) * w


def _basic_puerh_worth(g: GameData, p: PlayerState, eff: fx.GainBasicPuerh, w: float) -> float:
    """The best placement of a token from the Storage."""
    court = g.board.court
    storage = [t for t in court.storage if t] if court is not None else []
    return max((puerh_token_worth(g, p, t) for t in storage), default=0.0)


_EFFECT_WORTH: dict[type, _Worth] = {
    fx.ScoreVP: _vp_worth,
    fx.GainLeaves: _leaves_worth,
    fx.Ferment: _ferment_worth,
    fx.GainEmperorTokens: _tokens_worth,
    fx.GainScroll: _scroll_worth,
    fx.GainCupToken: _cup_token_worth,
    fx.Draw: _draw_worth,
    fx.DrawDiscard: _draw_discard_worth,
    fx.RemoveCard: _remove_worth,
    fx.SellLeaves: _sell_worth,
    fx.TakeEmperorCard: _emperor_card_worth,
    fx.Secondary: _secondary_worth,
    fx.Choice: _choice_worth,
    fx.GainGardenLeaves: _garden_worth,
    fx.GainBasicPuerh: _basic_puerh_worth,
}


def effects_worth(g: GameData, p: PlayerState, effects: fx.Effects) -> float:
    """The summed worth of a list of effects."""
    return sum(effect_worth(g, p, e) for e in effects)


def card_power(ctx: Context, card: str) -> float:
    """A card's worth each time it is played: its strength plus a rough value of its top."""
    return card_powers(ctx)[card]


_POWERS: dict[str, dict[str, float]] = {}
"""Per setup (context key), every card's power: simulations ask for them constantly."""


def card_powers(ctx: Context) -> dict[str, float]:
    """Every card's :func:`card_power` in the setup of ``ctx``, computed once per setup."""
    found = _POWERS.get(ctx.key)
    if found is None:
        found = _POWERS[ctx.key] = {c: _card_power(ctx, c) for c in ctx.cards}
    return found


def _card_power(ctx: Context, card: str) -> float:
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
    powers = card_powers(ctx)
    return sum(powers[c] for c in p.hand)


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


def puerh_set_worth(g: GameData, p: PlayerState, cake: Sequence[str]) -> float:
    """What one Puerh set of ``p`` should score at the end, in VP (expansion).

    A complete cake scores (its stars) x (its centre values) (PUERH-08, PUERH-11). An incomplete
    set is priced as :func:`ai.tea_garden.evaluation.puerh_sets_worth` prices a set on its own:
    the best cake typical tokens would make of it, times :data:`PUERH_CHANCE` for the tokens it
    misses and the chance of finding them in the turns left.
    """
    tokens = g.ctx.puerh_tokens
    missing = CAKE_SIZE - len(cake)
    if missing <= 0:
        return float(sum(tokens[t].stars for t in cake) * sum(tokens[t].value for t in cake))
    turns = turns_left(g, p) + maintenances_left(g) * TURNS_PER_ROUND
    if not turns or g.over:
        return 0.0
    return set_prospect(g.ctx, cake, turns, missing)


def set_prospect(ctx: Context, cake: Sequence[str], turns: int, needed: int) -> float:
    """The share of an incomplete set's future cake counted now, in VP (expansion).

    The best cake typical tokens (:func:`typical_tokens`) would make of ``cake``, times
    :data:`PUERH_CHANCE` for the tokens it misses, times the chance of finding the ``needed``
    tokens (this set's and those of the sets served before it) in ``turns`` turns.
    """
    tokens = ctx.puerh_tokens
    stars = sum(tokens[t].stars for t in cake)
    centre = sum(tokens[t].value for t in cake)
    missing = CAKE_SIZE - len(cake)
    starred, valued = typical_tokens(ctx)
    best = max(
        (stars + k * starred.stars + (missing - k) * valued.stars)
        * (centre + k * starred.value + (missing - k) * valued.value)
        for k in range(missing + 1)
    )
    reach = 1.0 - math.exp(-turns / (TURNS_PER_PUERH_TOKEN * needed))
    return best * PUERH_CHANCE[missing] * reach


def puerh_place_worth(g: GameData, p: PlayerState, token: str, join: int, bridge: int = 0) -> float:
    """What placing Puerh ``token`` is worth to ``p``: alone (``join`` 0) or joined to set
    ``join`` (from 1; with the AMB-41 variant also bridging single set ``bridge``).

    The bonuses gained (PUERH-07a: the token's own; PUERH-07b: every token's of the enlarged
    set), plus what the enlarged set should score (:func:`puerh_set_worth`) minus what the sets
    it absorbs were worth, plus the Decree VP a completed cake would win.
    """
    tokens = g.ctx.puerh_tokens
    if not join:
        return effects_worth(g, p, tokens[token].bonus) + puerh_set_worth(g, p, (token,))
    old = [p.puerh_sets[join - 1]]
    if bridge:
        old.append(p.puerh_sets[bridge - 1])
    cake = [t for s in old for t in s] + [token]
    worth = sum(effects_worth(g, p, tokens[t].bonus) for t in cake)
    worth += puerh_set_worth(g, p, cake) - sum(puerh_set_worth(g, p, s) for s in old)
    if len(cake) == CAKE_SIZE:
        cakes = sum(1 for s in p.puerh_sets if len(s) == CAKE_SIZE)
        worth += decree_vp(g, p, "puerh", cakes + 1)
    return worth


def puerh_token_worth(g: GameData, p: PlayerState, token: str) -> float:
    """What gaining Puerh ``token`` now is worth to ``p``: its best placement (PUERH-07), among
    the sets it may join (PUERH-09: none holding a token gained this turn)."""
    best = puerh_place_worth(g, p, token, 0)
    for i in joinable_sets(g, p):
        best = max(best, puerh_place_worth(g, p, token, i + 1))
    return best


def decree_vp(g: GameData, p: PlayerState, kind: str, progress: int) -> int:
    """The VP the Decrees of ``kind`` would give ``p`` on reaching ``progress`` (DECREE-03: the
    first two to fulfil a Decree score)."""
    court = g.board.court
    if court is None:
        return 0
    seat = next(i for i, q in enumerate(g.players) if q is p)
    vp = 0
    for d in court.decrees:
        face = g.ctx.decrees[d.id]
        if face.kind != kind or seat in d.fulfilled:
            continue
        side = face.brown if d.side == "brown" else face.red
        if progress >= side.target and len(d.fulfilled) < len(side.vps):
            vp += side.vps[len(d.fulfilled)]
    return vp


def hall_vp(g: GameData, spaces: Sequence[int], seat: int) -> int:
    """The VP ``seat`` would score under a Hall with these Courtiers: 5 for the highest total of
    space strengths, 2 for the second, ties to the leftmost space (COURT-08, COURT-09)."""
    court = g.ctx.components.court
    assert court is not None
    totals: dict[int, int] = {}
    best: dict[int, int] = {}
    for k, owner in enumerate(spaces):
        if owner >= 0:
            totals[owner] = totals.get(owner, 0) + court.hall_spaces[k]
            best.setdefault(owner, k)
    if seat not in totals:
        return 0
    ahead = sum(1 for s in totals if (-totals[s], best[s]) < (-totals[seat], best[seat]))
    return HALL_FIRST_VP if ahead == 0 else HALL_SECOND_VP if ahead == 1 else 0
