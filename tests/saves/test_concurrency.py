"""Two processes saving at once, or a process killed mid-save, never leave a torn file."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from saves import SavePaths, SaveStore, decode_save
from tests.saves.helpers import play, tasting_setup

ROOT = Path(__file__).resolve().parents[2]
SAVES_PER_WRITER = 40


def _writer(base: str, title: str) -> None:
    store = SaveStore(SavePaths.under(base))
    for n in range(SAVES_PER_WRITER):
        state, moves = play(tasting_setup(), 7, n % 7)
        store.save("shared", store.record(tasting_setup(), 7, moves, state, title=f"{title} {n}"))
        store.autosave(store.record(tasting_setup(), 7, moves, state, title=f"{title} {n}"))


def test_two_processes_saving_the_same_game(tmp_path: Path) -> None:
    store = SaveStore(SavePaths.under(tmp_path))
    context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    writers = [context.Process(target=_writer, args=(str(tmp_path), t)) for t in ("A", "B")]
    for w in writers:
        w.start()
    path = store.paths.named("shared")
    reads = 0
    while any(w.is_alive() for w in writers):
        if path.exists():
            data = path.read_bytes()
            decode_save(data, path)  # never a torn or half-written file
            reads += 1
    for w in writers:
        w.join()
        assert w.exitcode == 0
    titles = {store.load("shared").meta.title, store.load("autosave").meta.title}
    assert titles <= {f"{t} {SAVES_PER_WRITER - 1}" for t in "AB"}
    for backup in store.backups_of("shared") + store.backups_of("autosave"):
        decode_save(backup.read_bytes(), backup)
    assert len(store.backups_of("shared")) == 3
    hidden = [p for p in tmp_path.rglob("*") if p.name.startswith(".")]
    assert hidden == [], "temporary files were left behind"
    assert reads > 0


_KILLED_WRITER = """
import sys
from saves import SavePaths, SaveStore
from tests.saves.helpers import play, tasting_setup
store = SaveStore(SavePaths.under(sys.argv[1]))
n = 0
print("ready", flush=True)
while True:
    state, moves = play(tasting_setup(), 7, n % 7)
    store.save("crash", store.record(tasting_setup(), 7, moves, state, title=str(n)))
    n += 1
"""


@pytest.mark.skipif(os.name != "posix", reason="uses SIGKILL")
def test_a_process_killed_while_saving_loses_nothing(tmp_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", _KILLED_WRITER, str(tmp_path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None and child.stdout.readline().strip() == "ready"
    store = SaveStore(SavePaths.under(tmp_path))
    deadline = time.monotonic() + 60  # the machine may be busy: wait for a first save
    while not store.list_saves() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)
    child.send_signal(signal.SIGKILL)
    child.wait()
    loaded = store.load("crash")  # the last complete save, whole
    assert int(loaded.meta.title) >= 0
    assert [e.error for e in store.list_saves()] == [None]
    for backup in store.backups_of("crash"):
        decode_save(backup.read_bytes(), backup)


@pytest.mark.skipif(os.name != "posix", reason="uses SIGKILL")
def test_writers_killed_mid_save_leave_nothing_once_the_store_reopens(tmp_path: Path) -> None:
    """Kill writers at random moments many times; the next store start cleans what they left."""
    kills = 12
    for n in range(kills):
        child = subprocess.Popen(
            [sys.executable, "-c", _KILLED_WRITER, str(tmp_path)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        time.sleep(0.05 + 0.02 * (n % 5))
        child.send_signal(signal.SIGKILL)
        child.wait()
    store = SaveStore(SavePaths.under(tmp_path))
    left = [
        p for p in tmp_path.rglob(".*") if p.name.endswith((".tmp", ".pending")) and p.is_file()
    ]
    assert left == []
    if store.exists("crash"):
        store.load("crash")
