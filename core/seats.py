"""Who sits at each seat: a person or one of the AI players, with its strength.

A seat spec has a short text form used by the command line, the arena and the app::

    >>> spec = SeatSpec.parse("mcts:normal")
    >>> spec
    SeatSpec(kind='mcts', level='normal', name='')
    >>> str(SeatSpec.parse("mcts:iters=500@Bo"))
    'mcts:iters=500@Bo'
    >>> str(SeatSpec.parse("human@Ann"))
    'human@Ann'

The form is ``KIND[:LEVEL][@NAME]``: ``KIND`` is one of :data:`SEAT_KINDS`; ``LEVEL`` is a named
strength (``easy``, ``normal``, ...) or an explicit budget ``iters=N`` or ``time=SECONDS``,
optionally joined by ``+`` with search settings such as a depth ``depth=N``
(``iters=1200+depth=2``, see :data:`BUDGET_KEYS`), for the AI kinds that take one; ``NAME`` is
how the seat is shown. ``str(spec)`` and
:meth:`SeatSpec.parse` round-trip.
"""

from __future__ import annotations

import math
import re
from typing import Literal, cast, get_args

import msgspec

SeatKind = Literal[
    "human", "random", "heuristic", "mcts", "luyu", "openspiel-ismcts", "openspiel-mcts"
]
"""The kinds of seat: a person, or one of the AI players (``luyu`` is the solo automa; the
``openspiel-`` kinds run OpenSpiel's bots and need the optional ``openspiel`` extra)."""

SEAT_KINDS: tuple[str, ...] = get_args(SeatKind)
"""Every seat kind, in the order they are listed to users."""

LEVELLED_KINDS = frozenset({"heuristic", "mcts", "luyu", "openspiel-ismcts", "openspiel-mcts"})
"""The kinds that take a level; ``human`` and ``random`` take none."""

BUDGET_KEYS = (
    "iters",
    "time",
    "depth",
    "reply",
    "follow",
    "eval",
    "keep",
    "c",
    "turn",
    "clock",
    "trees",
    "own",
)
"""The settings an explicit level may give, joined by ``+``: ``iters=N`` (whole number),
``time=SECONDS``, ``depth=N`` (turns searched before the evaluation, 1 to :data:`MAX_DEPTH`;
``depth=lap``: a lap of the table, every other seat's next turn and the seat's own next one),
``reply=N`` (turns simulated after the searched one before the evaluation, 0 to
:data:`MAX_DEPTH`), ``follow=0|1`` (follow the tree through a turn, the default, or search
every decision afresh), ``keep=F`` (above 0, at most 1: the share of its budget a later decision
of a turn searches on the tree kept from the turn's first), ``c=X`` (the search's exploration
constant, at least 0; the game's own by default), ``turn=F`` (at least 1: the most a whole turn
searches, in decision budgets), ``clock=SECONDS`` (above 0: the most wall-clock time a whole
turn searches, all its decisions together), ``trees=K`` (1 to :data:`MAX_TREES`: independent
search trees merged at each decision, which can think at once on ``K`` cores), ``own=0|1``
(1: the tree holds the seat's own decisions only, the other seats' turns are played by the
fast policy in every sample) and ``eval=hand|learned`` (the evaluation searched with)."""
EVALUATIONS = ("hand", "learned")
"""The evaluations ``eval=`` may name: hand-tuned, or learned from self-play."""
LAP = "lap"
"""``depth=lap``: search as many turns as the table has seats, plus one (the seat's own turn,
each other seat's next and its own next again)."""
MAX_DEPTH = 6
MAX_TREES = 8
REAL_SETTINGS: dict[str, tuple[float, float, str]] = {
    "keep": (0.0, 1.0, "above 0 and at most 1"),
    "c": (0.0, math.inf, "at least 0"),
    "turn": (1.0, math.inf, "at least 1"),
    "clock": (0.0, math.inf, "above 0"),
}
"""The settings that take a real number: their bounds and how a message words them (the low
bound of ``keep`` and ``clock`` is excluded, see :func:`real_setting_ok`)."""
_OPEN_LOW = frozenset({"keep", "clock"})

MAX_NAME = 32
"""The longest seat name, in characters."""

_LEVEL_WORD = re.compile(r"[a-z][a-z0-9_-]{0,23}")
_NUMBER = re.compile(r"\d+(\.\d+)?")


class SeatSpec(msgspec.Struct, frozen=True, omit_defaults=True):
    """One seat: its kind, the AI's level and an optional display name.

    Raises:
        ValueError: from the constructor (and so from decoding a save) if the kind, level or name
            is not acceptable; the message says what is allowed.
    """

    kind: SeatKind
    """``human``, ``random``, ``heuristic``, ``mcts``, ``luyu`` or an ``openspiel-`` kind."""
    level: str = ""
    """The AI's strength: a level word such as ``normal``, or ``iters=500`` / ``time=2``."""
    name: str = ""
    """How the seat is shown; empty for the default (``Seat 1``, ``MCTS (normal)``, ...)."""

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise ValueError(f"unknown seat kind {self.kind!r} (known: {', '.join(SEAT_KINDS)})")
        if self.level:
            if self.kind not in LEVELLED_KINDS:
                raise ValueError(f"a {self.kind} seat takes no level (got {self.level!r})")
            _check_level(self.level)
        if self.name != self.name.strip() or (self.name and not self.name.isprintable()):
            raise ValueError(
                f"seat name {self.name!r} must be printable, without leading or trailing spaces"
            )
        if len(self.name) > MAX_NAME:
            raise ValueError(f"seat name {self.name!r} is longer than {MAX_NAME} characters")

    @classmethod
    def parse(cls, text: str) -> SeatSpec:
        """Read a seat spec such as ``human``, ``mcts:normal``, ``mcts:time=2@Bo``.

        Raises:
            ValueError: naming the text and what is wrong with it.
        """
        head, at, name = text.strip().partition("@")
        kind, colon, level = head.partition(":")
        if colon and not level:
            raise ValueError(f"seat {text!r}: nothing after ':' (give a level or leave out ':')")
        if at and not name:
            raise ValueError(f"seat {text!r}: nothing after '@' (give a name or leave out '@')")
        if kind not in SEAT_KINDS:
            raise ValueError(
                f"seat {text!r}: unknown kind {kind!r} (use one of {', '.join(SEAT_KINDS)}, "
                "for example 'human' or 'mcts:normal')"
            )
        try:
            return cls(kind=cast(SeatKind, kind), level=level, name=name)
        except ValueError as exc:
            raise ValueError(f"seat {text!r}: {exc}") from None

    def __str__(self) -> str:
        text: str = self.kind
        if self.level:
            text += f":{self.level}"
        if self.name:
            text += f"@{self.name}"
        return text

    @property
    def is_human(self) -> bool:
        """True for a seat played by a person."""
        return self.kind == "human"


def real_setting_ok(key: str, value: float) -> bool:
    """True when ``value`` is within the bounds of the real-valued setting ``key``."""
    low, high, _ = REAL_SETTINGS[key]
    return low <= value <= high and not (key in _OPEN_LOW and value == low)


def _check_level(level: str) -> None:
    if "=" in level:
        seen: set[str] = set()
        for part in level.split("+"):
            key, eq, value = part.partition("=")
            if not eq or key not in BUDGET_KEYS:
                raise ValueError(
                    f"level {level!r}: unknown budget {part!r} "
                    "(use iters=N or time=SECONDS, optionally +depth=N or +depth=lap, +reply=N, "
                    "+follow=0, "
                    "+keep=F, +c=X, +turn=F, +clock=SECONDS, +trees=K, +own=1 or +eval=learned)"
                )
            if key in seen:
                raise ValueError(f"level {level!r}: {key} is given twice")
            seen.add(key)
            if key == "eval":
                if value not in EVALUATIONS:
                    raise ValueError(f"level {level!r}: eval is {' or '.join(EVALUATIONS)}")
                continue
            if key in ("follow", "own"):
                if value not in ("0", "1"):
                    raise ValueError(f"level {level!r}: {key} is 0 or 1")
                continue
            if key == "depth" and value == LAP:
                continue
            if key in REAL_SETTINGS:
                if not _NUMBER.fullmatch(value) or not real_setting_ok(key, float(value)):
                    words = REAL_SETTINGS[key][2]
                    raise ValueError(f"level {level!r}: {key} needs a number, {words}")
                continue
            low = 0 if key == "reply" else 1  # no reply at all is the default search
            if not _NUMBER.fullmatch(value) or float(value) <= 0 < low:
                raise ValueError(f"level {level!r}: {key} needs a positive number")
            if key in ("iters", "depth", "reply", "trees") and "." in value:
                raise ValueError(f"level {level!r}: {key} needs a whole number")
            if key == "trees" and int(value) > MAX_TREES:
                raise ValueError(f"level {level!r}: trees goes from 1 to {MAX_TREES}")
            if key in ("depth", "reply") and int(value) > MAX_DEPTH:
                raise ValueError(f"level {level!r}: {key} goes from {low} to {MAX_DEPTH}")
        return
    if not _LEVEL_WORD.fullmatch(level):
        raise ValueError(
            f"level {level!r} is not a level word (lower-case letters, digits, '-', '_') "
            "nor a budget (iters=N or time=SECONDS)"
        )
