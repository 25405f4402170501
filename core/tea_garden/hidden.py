"""Hidden information in Tea Garden: what one seat may know, and full states sampled from it.

:func:`observe` is the only door to a state for an AI player. It copies the state and replaces
every item the seat cannot see with a canonical value (an empty or sorted list) plus the counts
the table does see, so that two states differing only in hidden items give equal observations.
:func:`determinize` goes the other way: it re-deals exactly the unknown items at random.

What is hidden (SETUP-02..09, CARD-01, GAP-21):

- another seat's hand, though not its size, nor the cards of hand and draw deck taken together:
  every card entering a deck is seen by the table (bought, taken, discarded, reshuffled);
- the order of every draw deck, the observer's own included;
- the face-down piles: the Action deck (only its count per level is known, since the cards
  returned to the box at setup are unknown, SETUP-04/05), the Caravan deck (counts of basic and
  advanced cards, SETUP-07) and the Emperor deck (its count, SETUP-09; face-down per GAP-21);
- the Cup tiles under the top tile of each stack (SETUP-03: only the top one shows);
- (solo) Lu Yu's draw deck below its top card (the top card's back is public, and every back
  is different, so the top card is known), the Advanced piles below their top cards, and which
  Expert cards were left out (SOLO-09..12);
- the random generator.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

import msgspec

from core.engine import Observation
from core.rng import Rng
from core.tea_garden.context import Context
from core.tea_garden.state import (
    AnyPending,
    Board,
    GameData,
    LuYuState,
    PlacePuerh,
    PlayerState,
    Turn,
)

ACTION_LEVELS = 5


class TeaGardenObservation(Observation, kw_only=True):
    """What one seat may know of a Tea Garden state.

    It mirrors :class:`~core.tea_garden.state.GameData` with the hidden parts replaced by
    canonical values and the visible counts kept in fields of their own. ``seat`` (inherited) is
    the observing seat; the seat whose turn it is is ``to_move``.
    """

    ctx_key: str
    """Key of the shared context: components and options."""
    round: int
    start_seat: int
    to_move: int
    """The seat whose decision it is (``GameData.seat``)."""
    over: bool
    players: list[PlayerState]
    """Every seat's pieces. The observer's ``hand`` is exact and its ``draw`` sorted; the other
    seats' ``hand`` and ``draw`` are empty (see ``hand_sizes`` and ``hand_and_draw``)."""
    hand_sizes: list[int]
    """Per seat, the number of cards in hand."""
    hand_and_draw: list[list[str]]
    """Per seat, the sorted cards of hand and draw deck together (public: CARD-01 zones are
    entered in view of the table); which of them are in hand is hidden."""
    board: Board
    """The board with its face-down decks emptied and each Cup stack cut to its top tile."""
    action_deck_sizes: list[int]
    """Cards left in the Action deck per level, index 0 = level I (SETUP-04/05)."""
    basic_caravans: int
    """Basic Caravans left in the deck; they lie on top of the advanced ones (SETUP-07)."""
    advanced_caravans: int
    emperor_deck_size: int
    cup_stack_sizes: dict[str, int]
    """Per coloured Province, the number of tiles in its Cup stack, top tile included."""
    hall_deck_size: int = 0
    """(Expansion) Face-down Hall tiles left."""
    premium_pile_size: int = 0
    """(Expansion) Premium Puerh tokens left in their face-down pile."""
    basic_pile_size: int = 0
    """(Expansion) Basic Puerh tokens left in their face-down pile."""
    turn: Turn
    pending: list[AnyPending]
    luyu: LuYuState | None = None
    """(Solo) Lu Yu's cards with his deck cut to its top card, each pile cut to its top card
    and the left-out Experts hidden."""
    luyu_draw_size: int = 0
    luyu_pile_sizes: dict[str, int] = msgspec.field(default_factory=dict)


def observe(g: GameData, seat: int) -> TeaGardenObservation:
    """Return what ``seat`` may know of ``g``.

    Args:
        g: the state observed; it is not changed and the result shares nothing with it.
        seat: the observing seat.

    Raises:
        ValueError: if ``seat`` is not a seat of this game.
    """
    if not 0 <= seat < len(g.players):
        raise ValueError(f"seat {seat} is not one of the {len(g.players)} seats")
    ctx = g.ctx
    c = g.clone()
    b = c.board
    action_sizes = [0] * ACTION_LEVELS
    for card in b.action_deck:
        action_sizes[ctx.action_cards[card].level - 1] += 1
    basic = sum(1 for cv in b.caravan_deck if ctx.caravans[cv].kind == "basic")
    obs = TeaGardenObservation(
        seat=seat,
        ctx_key=c.ctx_key,
        round=c.round,
        start_seat=c.start_seat,
        to_move=c.seat,
        over=c.over,
        players=c.players,
        hand_sizes=[len(p.hand) for p in c.players],
        hand_and_draw=[sorted(p.hand + p.draw) for p in c.players],
        board=b,
        action_deck_sizes=action_sizes,
        basic_caravans=basic,
        advanced_caravans=len(b.caravan_deck) - basic,
        emperor_deck_size=len(b.emperor_deck),
        cup_stack_sizes={prov: len(stack) for prov, stack in b.cup_stacks.items()},
        turn=c.turn,
        pending=c.pending,
    )
    if b.court is not None:
        obs.hall_deck_size = len(b.court.hall_deck)
        obs.premium_pile_size = len(b.court.premium_pile)
        obs.basic_pile_size = len(b.court.basic_pile)
        b.court.hall_deck = []
        b.court.premium_pile = []
        b.court.basic_pile = []
    for s, p in enumerate(c.players):
        if s == seat:
            p.draw.sort()
        else:
            p.hand = []
            p.draw = []
    b.action_deck = []
    b.caravan_deck = []
    b.emperor_deck = []
    b.cup_stacks = {prov: stack[-1:] for prov, stack in b.cup_stacks.items()}
    lu = c.luyu
    if lu is not None:
        obs.luyu_draw_size = len(lu.draw)
        obs.luyu_pile_sizes = {k: len(v) for k, v in lu.piles.items()}
        lu.draw = lu.draw[-1:]
        lu.piles = {k: v[-1:] for k, v in lu.piles.items()}
        lu.box = []
        obs.luyu = lu
    return obs


_OBS_DECODER = msgspec.msgpack.Decoder(TeaGardenObservation)

StateT = TypeVar("StateT", bound=GameData)


def determinize(
    ctx: Context, observation: Observation, rng: Rng, state_type: type[StateT]
) -> StateT:
    """Return a full state consistent with ``observation``, the unknown items dealt at random.

    Re-dealt with ``rng``: the other seats' split of hand and draw deck (the current seat keeps
    its selected cards in hand), the order of the observer's draw deck, the Action deck (per
    level, from that level's cards seen nowhere, level I on top), the Caravan deck (basic cards
    on top of advanced ones), the Emperor deck, and the Cup tiles under each stack's top tile.
    The state gets a fresh generator spawned from ``rng``. Everything visible is kept exactly, so
    ``determinize(ctx, obs, rng).observation(obs.seat) == obs``.

    Args:
        ctx: the context of the game observed.
        observation: an observation made by :func:`observe`; it is not changed.
        rng: the caller's generator, advanced by the dealing.
        state_type: the state class to build (the rules' state class, which this module
            cannot import without a cycle).

    Raises:
        TypeError: if ``observation`` is not a Tea Garden observation.
        ValueError: if it belongs to another setup or asks for more unseen cards than exist.
    """
    if not isinstance(observation, TeaGardenObservation):
        raise TypeError(f"not a Tea Garden observation: {type(observation).__name__}")
    if observation.ctx_key != ctx.key:
        raise ValueError(f"observation of setup {observation.ctx_key}, not {ctx.key}")
    obs = _OBS_DECODER.decode(msgspec.msgpack.encode(observation))  # share nothing with it
    _deal_hands(obs, rng)
    seen = _seen_ids(obs)
    pools = _pools(ctx)
    b = obs.board
    # SETUP-04/05: each level's cards that are nowhere in sight; level V at the bottom and
    # level I on top, the top being the last element. Cards retired from the display in
    # Maintenance (AMB-31) are public and count as seen.
    for level in range(ACTION_LEVELS, 0, -1):
        pool = pools.actions[level - 1]
        b.action_deck.extend(_sample(pool, seen, obs.action_deck_sizes[level - 1], rng))
    # SETUP-07: the basic Caravans lie on top of the advanced ones.
    b.caravan_deck = _sample(pools.advanced, seen, obs.advanced_caravans, rng)
    b.caravan_deck += _sample(pools.basic, seen, obs.basic_caravans, rng)
    # SETUP-09: the Emperor deck.
    b.emperor_deck = _sample(pools.emperors, seen, obs.emperor_deck_size, rng)
    # SETUP-03: the tiles under each top tile come from the tiles seen nowhere (the leftover
    # tiles of setup are among them); only as many are dealt as the stacks hide.
    provinces = sorted(b.cup_stacks)
    unders = [obs.cup_stack_sizes[prov] - len(b.cup_stacks[prov]) for prov in provinces]
    tiles = [t for t in pools.cup_tiles if t not in seen]
    needed = 0
    for prov, under in zip(provinces, unders, strict=True):
        needed += under
        if needed > len(tiles):
            raise ValueError(f"the Cup stack of {prov} needs more tiles than are unseen")
    hidden_tiles = rng.sample(tiles, needed)
    for prov, under in zip(provinces, unders, strict=True):
        b.cup_stacks[prov] = hidden_tiles[:under] + b.cup_stacks[prov]
        del hidden_tiles[:under]
    court = b.court
    if court is not None:  # the expansion's face-down piles
        court.hall_deck = _sample(pools.halls, seen, obs.hall_deck_size, rng)
        court.premium_pile = _sample(pools.premium, seen, obs.premium_pile_size, rng)
        court.basic_pile = _sample(pools.basic_tokens, seen, obs.basic_pile_size, rng)
    luyu = _deal_luyu(ctx, obs, rng) if obs.luyu is not None else None
    return state_type(
        luyu=luyu,
        ctx_key=ctx.key,
        rng=rng.spawn(),
        round=obs.round,
        start_seat=obs.start_seat,
        seat=obs.to_move,
        over=obs.over,
        players=obs.players,
        board=b,
        turn=obs.turn,
        pending=obs.pending,
    )


def _deal_luyu(ctx: Context, obs: TeaGardenObservation, rng: Rng) -> LuYuState:
    """Re-deal Lu Yu's unknown cards (SOLO-09..12, LUYU-19/25).

    Every card he has revealed stays in his slots or is back in his deck (cycled under it);
    cards never revealed are in his deck, in the Advanced pile of their symbol, or (Experts
    only) out of the game. The deck gets the cycled cards at the bottom, then the unrevealed
    ones, then the known top card; each group in random order.
    """
    lu = obs.luyu
    assert lu is not None
    cards = ctx.luyu_cards
    top = lu.draw[-1:]
    known = set(lu.seen) | set(top) | {v[-1] for v in lu.piles.values() if v}
    unseen = [c for c in sorted(cards) if c not in known]
    rng.shuffle(unseen)
    piles: dict[str, list[str]] = {}
    for symbol in sorted(lu.piles):
        size = obs.luyu_pile_sizes.get(symbol, 0)
        fit = [c for c in unseen if cards[c].group == "advanced" and cards[c].secondary == symbol]
        under = fit[: max(0, size - 1)]
        if len(under) < size - 1:
            raise ValueError(f"Lu Yu's {symbol} pile needs more unseen Advanced cards")
        for c in under:
            unseen.remove(c)
        piles[symbol] = under + lu.piles[symbol]
    shown_experts = sum(1 for c in known if cards[c].group == "expert")
    experts = [c for c in unseen if cards[c].group == "expert"]
    in_deck = max(0, lu.experts - shown_experts)
    box = sorted(experts[in_deck:])
    unseen = [c for c in unseen if c not in box]
    cycled = [c for c in lu.seen if c not in lu.slots and c not in top]
    rng.shuffle(cycled)
    draw = cycled + unseen + top
    if len(draw) != obs.luyu_draw_size:
        raise ValueError(
            f"Lu Yu's deck of {obs.luyu_draw_size} cards cannot be rebuilt ({len(draw)} fit)"
        )
    return msgspec.structs.replace(lu, draw=draw, piles=piles, box=box)


def _deal_hands(obs: TeaGardenObservation, rng: Rng) -> None:
    """Shuffle the observer's draw deck and split every other seat's cards into hand and deck."""
    for s, p in enumerate(obs.players):
        if s == obs.seat:
            rng.shuffle(p.draw)
            continue
        pool = list(obs.hand_and_draw[s])
        # The cards the seat to move has selected are public and still in its hand.
        kept = list(obs.turn.selected) if s == obs.to_move else []
        for card in kept:
            pool.remove(card)
        rng.shuffle(pool)
        n = obs.hand_sizes[s] - len(kept)
        if not 0 <= n <= len(pool):
            raise ValueError(f"seat {s}: hand of {obs.hand_sizes[s]} from {len(pool)} cards")
        p.hand = kept + pool[:n]
        p.draw = pool[n:]


def _seen_ids(obs: TeaGardenObservation) -> set[str]:
    """Return the ids of every Action card, Emperor card, Caravan and Cup tile in sight."""
    b = obs.board
    zones: list[Iterable[str]] = [
        b.action_display,
        b.caravan_display,
        b.emperor_display,
        b.retired,
        *b.cup_stacks.values(),
        *obs.hand_and_draw,
    ]
    for p in obs.players:
        zones += [p.hand, p.discard, p.removed, p.caravans, *p.stacks, *p.cup_rows]
        zones += p.puerh_sets
    if b.court is not None:
        c = b.court
        zones += [c.halls, c.past_halls, c.market, c.storage]
        zones += [[pending.token] for pending in obs.pending if isinstance(pending, PlacePuerh)]
    return {card for zone in zones for card in zone if card}


class _Pools(msgspec.Struct, frozen=True):
    """The ids each face-down deck or pile is dealt from, in component order."""

    actions: tuple[tuple[str, ...], ...]
    """Per level, index 0 = level I."""
    advanced: tuple[str, ...]
    basic: tuple[str, ...]
    emperors: tuple[str, ...]
    cup_tiles: tuple[str, ...]
    halls: tuple[str, ...]
    premium: tuple[str, ...]
    basic_tokens: tuple[str, ...]


_POOLS: dict[str, _Pools] = {}


def _pools(ctx: Context) -> _Pools:
    """Return the deal pools of a setup, built once per context (they never change)."""
    found = _POOLS.get(ctx.key)
    if found is None:
        cs = ctx.components
        # Expansion components take part only when the expansion is on.
        puerh = ctx.options.puerh
        caravans = [cv for cv in cs.caravans if puerh or not cv.expansion]
        found = _POOLS[ctx.key] = _Pools(
            actions=tuple(
                tuple(c.id for c in cs.action_cards if c.level == level)
                for level in range(1, ACTION_LEVELS + 1)
            ),
            advanced=tuple(cv.id for cv in caravans if cv.kind == "advanced"),
            basic=tuple(cv.id for cv in caravans if cv.kind == "basic"),
            emperors=tuple(e.id for e in cs.emperor_cards if puerh or not e.expansion),
            cup_tiles=tuple(t.id for t in cs.cup_tiles),
            halls=tuple(h.id for h in cs.halls),
            premium=tuple(t.id for t in cs.puerh_tokens if t.kind == "premium"),
            basic_tokens=tuple(t.id for t in cs.puerh_tokens if t.kind == "basic"),
        )
    return found


def _sample(pool: Sequence[str], seen: set[str], n: int, rng: Rng) -> list[str]:
    """Return ``n`` ids of ``pool`` not in ``seen``, in random order.

    Only the ``n`` needed are drawn (:meth:`~core.rng.Rng.sample`): a deck usually holds about
    half of its unseen cards, and shuffling them all cost 40% of a determinization."""
    if n == 0:
        return []
    unseen = [card for card in pool if card not in seen]
    if n > len(unseen):
        raise ValueError(f"{n} unseen cards needed, only {len(unseen)} exist")
    return rng.sample(unseen, n)
