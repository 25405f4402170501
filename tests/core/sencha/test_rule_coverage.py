"""Every rule ID of the Sencha inventory (Part A of ../shared/rules/other_games.md) is named by
a test of tests/core/sencha/ (in its name or docstring), so the coverage can be listed."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.source_trees import parse_file

HERE = Path(__file__).parent
GROUPS = {
    "COMP": 6,
    "SETUP": 14,
    "TURN": 3,
    "ACT": 33,
    "TAX": 3,
    "END": 4,
    "SCORE": 7,
    "TIE": 2,
    "AMB": 25,
    "GAP": 8,
    "EX": 19,
}
IDS = [f"SEN-{g}-{i:02d}" for g, n in GROUPS.items() for i in range(1, n + 1)]


def _named() -> set[str]:
    """Rule IDs named by test functions: 'SEN-EX-09' or a run such as 'SEN-ACT-27/28/30' in a
    docstring, or sen_act_27_28 in a name."""
    found: set[str] = set()
    for path in HERE.glob("test_*.py"):
        if path.name == Path(__file__).name:
            continue
        for node in ast.walk(parse_file(path)):
            if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test_"):
                continue
            doc = ast.get_docstring(node) or ""
            for group, first, rest in re.findall(r"SEN-([A-Z]+)-(\d\d)((?:/\d\d\b)*)", doc):
                for number in [first, *re.findall(r"\d\d", rest)]:
                    found.add(f"SEN-{group}-{number}")
            _, sen, tail = node.name.upper().partition("_SEN_")
            group = ""
            for token in tail.split("_") if sen else ():
                if token in GROUPS:
                    group = token
                elif group and re.fullmatch(r"\d\d", token):
                    found.add(f"SEN-{group}-{token}")
                else:
                    group = ""
    return found


def test_every_sencha_rule_is_named_by_a_test() -> None:
    missing = [i for i in IDS if i not in _named()]
    assert not missing, f"rule IDs no test names: {', '.join(missing)}"
