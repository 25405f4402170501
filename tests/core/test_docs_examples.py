"""The code examples in docs/ run as written."""

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)


@pytest.mark.parametrize("page", ["engine.md", "games.md"])
def test_python_blocks_run(page: str, capsys: pytest.CaptureFixture[str]) -> None:
    blocks = BLOCK.findall((DOCS / page).read_text(encoding="utf-8"))
    assert blocks, f"{page} has no python example"
    for code in blocks:
        exec(compile(code, f"docs/{page}", "exec"), {})
    assert capsys.readouterr().out.strip()
