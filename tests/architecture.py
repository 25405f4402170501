"""Import-linter contracts that read the game registry, so that a new game needs no edit here.

``lint-imports`` (run by ``make test``) loads these as contract types (pyproject.toml,
``contract_types``). Each takes the layers that hold per-game packages (``core``, ``ai``,
``tea_tui.games``) and finds the game packages from :mod:`core.games`: ``<layer>.<game id>``
for every registered game that has one.

- ``games_apart``: the game packages of every layer never import another game's packages.
- ``game_neutral``: every other module of the layers (and of ``saves``, ``tea_tui``) never
  imports a game package: they reach games only through the registry, by the game's id.
"""

from __future__ import annotations

import importlib.util
import pkgutil
from collections.abc import Iterable
from typing import Any

from grimp import ImportGraph
from importlinter.application import output
from importlinter.contracts.forbidden import ForbiddenContract
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck


def game_packages(layers: Iterable[str]) -> list[str]:
    """Every registered game's package in each layer (those that exist)."""
    from core.games import game_ids

    found = []
    for layer in layers:
        for game in game_ids():
            name = f"{layer}.{game}"
            if importlib.util.find_spec(name) is not None:
                found.append(name)
    return found


def neutral_modules(layers: Iterable[str], games: Iterable[str]) -> list[str]:
    """The modules and packages directly in each layer that are not game packages (nor one of
    the layers themselves)."""
    layers = list(layers)
    skip = set(games) | set(layers)
    found = []
    for layer in layers:
        package = importlib.import_module(layer)
        for info in pkgutil.iter_modules(package.__path__):
            name = f"{layer}.{info.name}"
            if name not in skip:
                found.append(name)
    return found


class GamesApartContract(Contract):
    """No package of one registered game imports a package of another, in any layer given
    (directly or through other modules); a game's own packages may import each other."""

    type_name = "games_apart"

    game_layers = fields.ListField(subfield=fields.StringField())

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        """Look for a chain from each game's packages to each other game's."""
        layers = [str(layer) for layer in self.game_layers]  # type: ignore[attr-defined]
        by_game: dict[str, list[str]] = {}
        for package in game_packages(layers):
            by_game.setdefault(package.rsplit(".", 1)[1], []).append(package)
        broken = []
        for game, packages in by_game.items():
            others = [p for other, ps in by_game.items() if other != game for p in ps]
            for importer in packages:
                for imported in others:
                    chains = graph.find_shortest_chains(importer, imported, as_packages=True)
                    broken += [" -> ".join(chain) for chain in sorted(chains)]
        return ContractCheck(kept=not broken, warnings=[], metadata={"chains": broken})

    def render_broken_contract(self, check: ContractCheck) -> None:
        """Print each chain from one game into another."""
        for chain in check.metadata["chains"]:
            output.print_error(chain)
            output.new_line()


class GameNeutralContract(ForbiddenContract):
    """No module of the layers but the game packages imports a game package."""

    type_name = "game_neutral"

    game_layers = fields.ListField(subfield=fields.StringField())
    neutral_layers = fields.ListField(subfield=fields.StringField(), required=False)

    def __init__(
        self, name: str, session_options: dict[str, Any], contract_options: dict[str, Any]
    ) -> None:
        options = contract_options
        options = dict(options)
        layers = _listed(options.get("game_layers"))
        games = game_packages(layers)
        others = _listed(options.get("neutral_layers"))
        options["source_modules"] = neutral_modules([*layers, *others], games)
        options["forbidden_modules"] = games
        super().__init__(name, session_options, options)


def _listed(value: object) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    assert isinstance(value, list)
    return [str(v) for v in value]
