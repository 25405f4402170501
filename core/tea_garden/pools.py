"""The common supply of leaves, Emperor tokens, Cup tokens and Scrolls.

By default the supply never runs out (AMB-01). With the variant ``limited_pools`` the printed
counts are hard limits: a gain takes only what is left in the supply.
"""

from __future__ import annotations

from core.tea_garden.state import GameData

LEAVES = 80
EMPEROR_TOKENS = 30
CUP_TOKENS = 30
UNLIMITED = 1 << 30


def leaves_left(g: GameData) -> int:
    """Leaves still in the supply."""
    if not g.ctx.options.limited_pools:
        return UNLIMITED
    return LEAVES - sum(sum(p.fresh) + sum(p.fermented) for p in g.players)


def emperor_tokens_left(g: GameData) -> int:
    """Emperor tokens still in the supply."""
    if not g.ctx.options.limited_pools:
        return UNLIMITED
    return EMPEROR_TOKENS - sum(p.emperor_tokens for p in g.players)


def cup_tokens_left(g: GameData) -> int:
    """Cup tokens still in the supply."""
    if not g.ctx.options.limited_pools:
        return UNLIMITED
    return CUP_TOKENS - sum(n for p in g.players for row in p.cup_tokens for n in row)


def scrolls_left(g: GameData, kind: str) -> int:
    """Scrolls of ``kind`` ("plus1", "teapot" or "x2") still in the supply."""
    if not g.ctx.options.limited_pools:
        return UNLIMITED
    printed = getattr(g.ctx.components.scrolls, kind)
    held = {"plus1": "plus1", "teapot": "teapot_scrolls", "x2": "x2"}[kind]
    return int(printed) - sum(int(getattr(p, held)) for p in g.players)
