# Two commands do everything on a fresh machine with only python3 and make:
#   make run    set up .venv if needed and start tea-tui
#   make test   set up .venv if needed and run every check (ruff, mypy, import-linter, pytest)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint typecheck imports pytest bench soak clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall only when the packaging metadata changes; the install is editable.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/tea-tui $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check core ai saves tea_tui tests bench
	$(BIN)/ruff format --check core ai saves tea_tui tests bench

typecheck: $(STAMP)
	$(BIN)/mypy core ai saves tea_tui

imports: $(STAMP)
	$(BIN)/lint-imports

pytest: $(STAMP)
	$(BIN)/python -m pytest

test: lint typecheck imports pytest

bench: $(STAMP)
	$(BIN)/python -m bench

# Thousands of random games with invariants after every move; not part of `make test`.
# SOAK games per player count and variant, for each game of SOAK_GAMES
# (e.g. make soak SOAK=200 SOAK_GAMES=sencha).
SOAK ?= 1000
SOAK_GAMES ?= tea_garden sencha
soak: $(STAMP)
	TEA_SOAK=$(SOAK) $(BIN)/python -m pytest $(SOAK_GAMES:%=tests/core/%/test_soak.py) -q

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
