"""The base of every move, with its compact text notation.

Moves are small frozen msgspec Structs, one class per kind, tagged so that a union of them decodes
from a save file. Each has a text form: ``str(move)`` gives it and :func:`parse_move` reads it
back, so ``parse_move(str(m), kinds) == m`` for every move (python-chess's ``Move.uci()`` /
``Move.from_uci()``).

The text form is the move's keyword (its tag) followed by its fields in declaration order::

    >>> class Harvest(Move, frozen=True, tag="harvest"):
    ...     gardens: tuple[int, ...]
    >>> str(Harvest((3, 5)))
    'harvest 3,5'
    >>> parse_move("harvest 3,5", {"harvest": Harvest})
    Harvest(gardens=(3, 5))

Field values are written as: integers in decimal; strings, enum values and literals as they are
(no spaces); booleans as ``yes``/``no``; tuples comma-separated with ``-`` for an empty tuple; and
``-`` for ``None``. Trailing fields equal to their default are left out and filled in on parsing.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

import msgspec

from core.errors import InvalidMoveError

_NONE = "-"

Encoder = Callable[[Any], str]
Decoder = Callable[[str], Any]


class Move(msgspec.Struct, frozen=True, tag=True, tag_field="move"):
    """Base class of all moves.

    Subclasses declare their tag with ``class Build(Move, frozen=True, tag="build")`` (repeating
    ``frozen`` for type checkers); the tag is also the keyword of the text notation and the
    ``move`` field of the JSON form.
    """

    _codecs: ClassVar[dict[type, list[tuple[str, Encoder, Decoder, Any]]]] = {}

    @classmethod
    def keyword(cls) -> str:
        """Return the notation keyword (the struct tag) of this move kind."""
        tag = cls.__struct_config__.tag
        return str(tag)

    def __str__(self) -> str:
        parts = [self.keyword()]
        codecs = _field_codecs(type(self))
        values = [getattr(self, name) for name, _, _, _ in codecs]
        # Drop trailing defaults so the common form of a move stays short.
        end = len(codecs)
        while (
            end
            and codecs[end - 1][3] is not msgspec.NODEFAULT
            and values[end - 1] == codecs[end - 1][3]
        ):
            end -= 1
        parts.extend(enc(v) for (_, enc, _, _), v in zip(codecs[:end], values[:end], strict=True))
        return " ".join(parts)

    @classmethod
    def from_args(cls, args: list[str]) -> Move:
        """Build a move of this kind from the words after its keyword.

        Raises:
            InvalidMoveError: if the words do not fit the move's fields.
        """
        codecs = _field_codecs(cls)
        if len(args) > len(codecs):
            raise InvalidMoveError(
                f"'{cls.keyword()}' takes at most {len(codecs)} "
                f"{'argument' if len(codecs) == 1 else 'arguments'}, got {len(args)}"
            )
        kwargs: dict[str, Any] = {}
        for i, (name, _, dec, default) in enumerate(codecs):
            if i < len(args):
                try:
                    kwargs[name] = dec(args[i])
                except (ValueError, KeyError) as exc:
                    raise InvalidMoveError(
                        f"'{cls.keyword()}': bad value {args[i]!r} for {name}: {exc}"
                    ) from None
            elif default is msgspec.NODEFAULT:
                raise InvalidMoveError(f"'{cls.keyword()}' is missing its argument '{name}'")
        try:
            return cls(**kwargs)
        except (TypeError, ValueError) as exc:
            raise InvalidMoveError(f"'{cls.keyword()}': {exc}") from None


def move_kinds(classes: Iterable[type[Move]]) -> dict[str, type[Move]]:
    """Return a keyword -> class table for :func:`parse_move`.

    Raises:
        ValueError: if two classes share a keyword.
    """
    table: dict[str, type[Move]] = {}
    for cls in classes:
        key = cls.keyword()
        if key in table:
            raise ValueError(f"two move kinds use the keyword {key!r}")
        table[key] = cls
    return table


def parse_move(text: str, kinds: Mapping[str, type[Move]]) -> Move:
    """Parse the text notation of a move of one of ``kinds``.

    Raises:
        InvalidMoveError: for empty text, an unknown keyword or arguments that do not fit.
    """
    words = text.split()
    if not words:
        raise InvalidMoveError("empty move text")
    cls = kinds.get(words[0])
    if cls is None:
        known = ", ".join(sorted(kinds))
        raise InvalidMoveError(f"unknown move {words[0]!r} (known moves: {known})")
    return cls.from_args(words[1:])


def _field_codecs(cls: type[Move]) -> list[tuple[str, Encoder, Decoder, Any]]:
    cached = Move._codecs.get(cls)
    if cached is None:
        hints = typing.get_type_hints(cls)
        info = msgspec.structs.fields(cls)
        cached = [(f.name, *_codec_for(hints[f.name]), f.default) for f in info]
        Move._codecs[cls] = cached
    return cached


def _codec_for(tp: Any) -> tuple[Encoder, Decoder]:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        if len(rest) != 1:
            raise TypeError(f"unsupported move field type {tp!r}")
        enc, dec = _codec_for(rest[0])
        return (lambda v: _NONE if v is None else enc(v)), (
            lambda s: None if s == _NONE else dec(s)
        )
    if origin is tuple:
        if len(args) != 2 or args[1] is not Ellipsis:
            raise TypeError(f"only homogeneous tuples are supported in moves, not {tp!r}")
        enc, dec = _codec_for(args[0])
        return (lambda v: ",".join(enc(x) for x in v) if v else _NONE), (
            lambda s: () if s == _NONE else tuple(dec(x) for x in s.split(","))
        )
    if origin is typing.Literal:
        allowed = {str(a): a for a in args}
        return str, lambda s: allowed[s]
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        enum_type = tp
        return (lambda v: str(v.value)), (lambda s: enum_type(_enum_arg(enum_type, s)))
    if tp is bool:
        return (lambda v: "yes" if v else "no"), _parse_bool
    if tp is int:
        return str, int
    if tp is str:
        return _check_token, _check_token
    raise TypeError(f"unsupported move field type {tp!r}")


def _enum_arg(enum_type: type[enum.Enum], s: str) -> object:
    sample = next(iter(enum_type)).value
    return int(s) if isinstance(sample, int) else s


def _parse_bool(s: str) -> bool:
    if s not in ("yes", "no"):
        raise ValueError("expected yes or no")
    return s == "yes"


def _check_token(s: str) -> str:
    if not s or any(c.isspace() for c in s) or "," in s or s == _NONE:
        raise ValueError(f"{s!r} is not a single word")
    return s
