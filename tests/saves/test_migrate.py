"""Saves of older format versions are upgraded step by step, from real version-0 files."""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from core.seats import SeatSpec
from saves import CURRENT_VERSION, SaveStore, UnreadableSaveError, decode_save
from saves.migrate import UPGRADERS, upgrade
from tests.saves.helpers import snapshot

FIXTURES = Path(__file__).parent / "fixtures"


def _install(store: SaveStore, fixture: str, name: str) -> Path:
    store.paths.saves_dir.mkdir(parents=True, exist_ok=True)
    dest = store.paths.named(name)
    shutil.copyfile(FIXTURES / fixture, dest)
    return dest


def test_every_old_version_has_an_upgrader() -> None:
    assert sorted(UPGRADERS) == list(range(CURRENT_VERSION))


def test_v0_tasting_save_loads_replays_and_checks(store: SaveStore) -> None:
    path = _install(store, "v0_tasting.json", "duel")
    before = path.read_bytes()
    game = store.load("duel")
    assert game.version == 0 and not game.warnings
    save = game.save
    assert save.format_version == CURRENT_VERSION
    assert save.app_version == "0.0.9"
    assert save.created == save.updated == datetime(2025, 5, 1, 10, tzinfo=UTC)
    assert save.setup.game == "tasting"
    assert save.setup.seats == (SeatSpec("human", name="Ann"), SeatSpec("random"))
    assert save.moves == ["play 2", "play 3", "play 1", "play 9", "play 4", "play 7"]
    # Format 0 had no metadata: it is worked out from the replayed game.
    assert game.meta.title == "Ann's first duel"
    assert game.meta.finished and game.meta.scores == (6, 13) and game.meta.winners == (1,)
    assert path.read_bytes() == before  # loading never rewrites the file


def test_v0_tea_garden_save_upgrades_every_field() -> None:
    path = FIXTURES / "v0_tea_garden.json"
    save, version = decode_save(path.read_bytes(), path)
    assert version == 0
    setup = save.setup
    assert setup.game == "tea_garden" and setup.num_seats == 2
    assert setup.seats == (SeatSpec("human"), SeatSpec("mcts", "iters=500"))
    assert setup.start_seat == 1
    assert setup.options == {"cup_table_continues": True}
    assert setup.components_id == "tea_tui_base" and len(setup.components_hash) == 64
    assert save.seed == 3 and len(save.moves) == 40
    assert save.moves[:3] == ["select s10", "play s10", "build 1 r1 1"]
    assert save.meta.title == "Evening game" and save.meta.round == 0  # 0: not known yet


def test_listing_shows_an_old_save_with_its_version(store: SaveStore) -> None:
    _install(store, "v0_tasting.json", "duel")
    (entry,) = store.list_saves()
    assert entry.error is None and entry.version == 0
    assert entry.meta is not None and entry.meta.title == "Ann's first duel"
    # Format 0 had no metadata: the listing works it out with a replay.
    assert entry.meta.finished and entry.meta.round == 3 and entry.meta.scores == (6, 13)


def test_damaged_v0_save_is_reported_with_its_version(store: SaveStore) -> None:
    raw = json.loads((FIXTURES / "v0_tasting.json").read_text(encoding="utf-8"))
    del raw["seed"]
    path = store.paths.named("broken")
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(raw), encoding="utf-8")
    before = snapshot(store.paths.saves_dir)
    with pytest.raises(UnreadableSaveError, match=r"broken\.json.*format version 0.*seed"):
        store.load("broken")
    assert snapshot(store.paths.saves_dir) == before


def test_v0_with_a_bad_seat_spec_is_reported() -> None:
    raw = json.loads((FIXTURES / "v0_tasting.json").read_text(encoding="utf-8"))
    raw["players"] = ["human", "robot"]
    with pytest.raises(ValueError, match="unknown kind 'robot'"):
        upgrade(raw, 0)
    with pytest.raises(UnreadableSaveError, match="robot"):
        decode_save(json.dumps(raw).encode(), Path("old.json"))


@pytest.mark.parametrize(
    ("fixture", "players", "finished", "progress"),
    [
        ("v1_tea_garden_puerh.json", 2, True, "Finished after round 5"),
        ("v1_solo.json", 2, True, "Finished after round 5"),
        ("v1_tea_garden_3p.json", 3, False, "Round 2 of 5"),
    ],
)
def test_v1_saves_upgrade_replay_and_check(
    store: SaveStore, fixture: str, players: int, finished: bool, progress: str
) -> None:
    """Real files of format 1 (written by tea-tui before the game registry): upgraded to
    format 2, replayed move for move and checked against the state hash they recorded."""
    path = _install(store, fixture, "old")
    before = path.read_bytes()
    game = store.load("old")
    assert game.version == 1 and not game.warnings
    save = game.save
    assert save.format_version == CURRENT_VERSION == 2
    assert save.setup.game == "tea_garden" and save.setup.num_seats == players
    assert save.meta.progress == progress  # filled in by the upgrade
    assert game.meta.progress == progress  # and the same worked out from the replay
    assert game.meta.finished is finished
    raw = json.loads(before)
    assert (
        "expansions" in raw["setup"]
        and "expansions" not in json.loads(json.dumps(upgrade(raw, 1)))["setup"]
    )
    assert path.read_bytes() == before


def test_v1_puerh_save_keeps_the_expansion_as_an_option(store: SaveStore) -> None:
    _install(store, "v1_tea_garden_puerh.json", "puerh")
    game = store.load("puerh")
    assert game.save.setup.options == {"puerh": True}
    assert game.game.options.puerh  # type: ignore[attr-defined]
    (entry,) = store.list_saves()
    assert entry.version == 1 and entry.meta is not None and entry.meta.title == "Puerh at Kim's"


def test_a_v1_expansion_list_becomes_options() -> None:
    raw = json.loads((FIXTURES / "v1_tea_garden_3p.json").read_text(encoding="utf-8"))
    raw["setup"]["expansions"] = ["puerh"]
    upgraded = upgrade(raw, 1)
    assert upgraded["setup"]["options"] == {"cup_table_continues": True, "puerh": True}
