"""Text from files, fit for the terminal: what a save, a file name or a component file holds
is shown, never obeyed.

A shared save's title or a crafted file name may hold escape sequences (clear the screen, set
the window title, move the cursor) or right-to-left overrides that reorder what follows.
:func:`clean` shows each such character as a visible escape (``\\x1b``) instead, and cuts very
long text short; every line the command line and plain mode print from a file goes through it.
"""

from __future__ import annotations

import unicodedata

LONGEST = 200
"""Text from a file is cut to this many characters where it is echoed."""
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Characters that reorder the text around them."""


def clean(text: str, limit: int | None = LONGEST, *, newlines: bool = False) -> str:
    """Return ``text`` with control characters shown as escapes, cut to ``limit`` characters.

    Args:
        text: text that came, at least in part, from a file or a file's name.
        limit: the longest result (an ellipsis marks the cut); None for no limit.
        newlines: keep line breaks (for messages of several lines); otherwise they are
            escaped too.

    Lone surrogates (the undecodable bytes of a file name) show as ``\\udcXX``.
    """
    out: list[str] = []
    for ch in text:
        if ch == "\n" and newlines:
            out.append(ch)
        elif ch == "\t":
            out.append(" ")
        elif ch in _BIDI or unicodedata.category(ch) in ("Cc", "Cs"):
            out.append(ch.encode("unicode_escape", "backslashreplace").decode("ascii"))
        else:
            out.append(ch)
    result = "".join(out)
    if limit is not None and len(result) > limit:
        result = result[: max(0, limit - 1)] + "…"
    return result


def clean_lines(text: str, width: int | None = 4 * LONGEST) -> str:
    """Return a message of several lines with each line :func:`clean` (and cut to ``width``;
    None for no cut)."""
    return "\n".join(clean(line, width) for line in text.split("\n"))
