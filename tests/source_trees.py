"""Parsing the project's own source files for tests that read code (layering, rule coverage)."""

from __future__ import annotations

import ast
from pathlib import Path

# CPython 3.11 keeps the AST converter's recursion counter per interpreter, not per thread, so
# a parse running in a thread some other test left behind can make ours fail with
# "AST constructor recursion depth mismatch" (CPython gh-106905). The source is fine: parse again.
_ATTEMPTS = 5


def parse_file(path: Path) -> ast.Module:
    """The syntax tree of one Python file, parsed again if another thread's parse collided."""
    source = path.read_text(encoding="utf-8")
    for _ in range(_ATTEMPTS - 1):
        try:
            return ast.parse(source, filename=str(path))
        except SystemError:
            continue
    return ast.parse(source, filename=str(path))
