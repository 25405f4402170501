"""Any game's observation as lines of text: what the fallback shows of a game."""

from __future__ import annotations

import msgspec

from core.engine import Observation
from tea_tui.safe_text import clean


def observation_lines(view: Observation) -> list[str]:
    """What a view holds, a line per field ("hand: 3 5 8"), cleaned for the terminal."""
    lines = []
    for name, value in msgspec.structs.asdict(view).items():
        if name == "seat":
            continue
        shown = " ".join(map(str, value)) if isinstance(value, list | tuple) else str(value)
        lines.append(clean(f"{name.replace('_', ' ')}: {shown or '-'}", 120))
    return lines
