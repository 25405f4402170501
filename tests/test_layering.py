"""Import layering: core is pure, ai and saves sit on core only, only tea_tui uses Textual."""

import ast
import subprocess
import sys
from pathlib import Path

from tests.source_trees import parse_file

ROOT = Path(__file__).resolve().parent.parent
STDLIB = sys.stdlib_module_names
CORE_ALLOWED_EXTERNAL = {"msgspec"}
CORE_FORBIDDEN_STDLIB = {"random", "time", "datetime", "os", "pathlib", "subprocess", "socket"}


def _imports(path: Path) -> set[str]:
    tree = parse_file(path)
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_core_imports_only_stdlib_msgspec_and_itself() -> None:
    for path in (ROOT / "core").rglob("*.py"):
        for name in _imports(path):
            assert name == "core" or name in CORE_ALLOWED_EXTERNAL or name in STDLIB, (
                f"{path.relative_to(ROOT)} imports {name}"
            )
            assert name not in CORE_FORBIDDEN_STDLIB, f"{path.relative_to(ROOT)} imports {name}"


def test_ai_and_saves_never_import_the_ui() -> None:
    for package in ("ai", "saves"):
        for path in (ROOT / package).rglob("*.py"):
            found = _imports(path) & {"tea_tui", "textual", "rich"}
            assert not found, f"{path.relative_to(ROOT)} imports {found}"


def test_import_linter_contracts_hold() -> None:
    lint = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run(
        [str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: " in result.stdout and " broken" in result.stdout
    assert "0 broken" in result.stdout
