"""A small, deterministic, serializable random number generator that lives inside game states.

The engine never uses the global :mod:`random` module: a state carries its own :class:`Rng`, so
cloning a state clones its future randomness and a saved game replays identically on any machine
and any Python version. The generator is SplitMix64 (Steele, Lea and Flood, 2014): one 64-bit
integer of state, a fixed output function, good statistical quality for games and trivially cheap
to copy.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

import msgspec

_MASK64 = (1 << 64) - 1
_TWO64 = 1 << 64
_GOLDEN = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB

T = TypeVar("T")


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * _M1) & _MASK64
    z = ((z ^ (z >> 27)) * _M2) & _MASK64
    return z ^ (z >> 31)


class Rng(msgspec.Struct):
    """SplitMix64 generator whose whole state is one integer.

    >>> a, b = Rng.from_seed(7), Rng.from_seed(7)
    >>> [a.below(6) for _ in range(5)] == [b.below(6) for _ in range(5)]
    True
    """

    state: int
    """The 64-bit counter; the next output is derived from it."""

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """Return a generator for ``seed`` (any integer; it is reduced to 64 bits)."""
        return cls(_mix(seed & _MASK64))

    def next_u64(self) -> int:
        """Advance and return a uniformly distributed 64-bit integer."""
        self.state = (self.state + _GOLDEN) & _MASK64
        return _mix(self.state)

    def below(self, n: int) -> int:
        """Return a uniform integer in ``range(n)``, without modulo bias.

        Raises:
            ValueError: if ``n`` is not positive.
        """
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        # Rejection sampling keeps the distribution exactly uniform for any n.
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """Return a uniform integer ``x`` with ``low <= x <= high``."""
        return low + self.below(high - low + 1)

    def random(self) -> float:
        """Return a float uniformly distributed in [0, 1)."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of a non-empty sequence, uniformly.

        Raises:
            IndexError: if ``items`` is empty.
        """
        if not items:
            raise IndexError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates), drawing as :meth:`below` does."""
        # The same draws as calling below(i + 1) in turn, written out: a search samples hidden
        # cards thousands of times a second and spends most of that time here.
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _TWO64 - (_TWO64 % n)
            while True:
                s = (s + _GOLDEN) & _MASK64
                z = ((s ^ (s >> 30)) * _M1) & _MASK64
                z = ((z ^ (z >> 27)) * _M2) & _MASK64
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = s

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """Return ``k`` of ``items`` drawn without replacement, in random order.

        A partial Fisher-Yates shuffle of a copy: the same swaps as :meth:`shuffle` makes, but
        only the first ``k`` of them, which settle the last ``k`` places; those are returned.
        Every ordered choice of ``k`` items is equally likely, and ``k >= len(items) - 1`` gives
        exactly the order (and leaves the state) that shuffling a copy would.

        Raises:
            ValueError: if ``k`` is negative or more than ``len(items)``.
        """
        n = len(items)
        if not 0 <= k <= n:
            raise ValueError(f"cannot sample {k} of {n} items")
        out = list(items)
        s = self.state
        for i in range(n - 1, max(n - k, 1) - 1, -1):
            m = i + 1
            limit = _TWO64 - (_TWO64 % m)
            while True:
                s = (s + _GOLDEN) & _MASK64
                z = ((s ^ (s >> 30)) * _M1) & _MASK64
                z = ((z ^ (z >> 27)) * _M2) & _MASK64
                z ^= z >> 31
                if z < limit:
                    break
            j = z % m
            out[i], out[j] = out[j], out[i]
        self.state = s
        return out[n - k :]

    def spawn(self) -> Rng:
        """Return an independent generator derived from this one (advancing this one once).

        Useful to give a sub-task (an AI search, a determinization) its own stream without
        disturbing the sequence the game itself will draw.
        """
        return Rng(_mix(self.next_u64() ^ 0x5851F42D4C957F2D))

    def copy(self) -> Rng:
        """Return a generator in the same state; both then produce the same sequence."""
        return Rng(self.state)
