"""The table server at the protocol level: tables of every game, seats, moves checked for the
seat that sent them, refusals that change nothing, privacy, and a restart that brings tables
back."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest

from core.games import find_game, game_ids
from core.seats import SeatSpec
from tea_tui.serve.client import TableClient
from tea_tui.serve.protocol import (
    HEADER,
    MAX_REQUEST,
    Chat,
    CreateTable,
    LeaveTable,
    ListTables,
    PlayMoves,
    Refused,
    StartTable,
    TakeSeat,
    Watch,
    frame,
)
from tests.serve.helpers import Player, cleanup, running_server, short_dir

TWO_SEAT_GAMES = [g for g in game_ids() if find_game(g).min_seats <= 2 <= find_game(g).max_seats]


@pytest.fixture
def folder() -> Iterator[Path]:
    path = short_dir()
    yield path
    cleanup(path)


async def open_table(ann: Player, bo: Player, game: str, seats: tuple[str, ...]) -> str:
    """Ann opens a table, Bo takes seat 2, Ann starts; return the table's id."""
    await ann.client.send(CreateTable(game=game, seats=seats))
    view = await ann.view()
    table = view.table.id
    assert view.you == 0 and view.table.status == "waiting"
    await bo.client.send(TakeSeat(table, 1))
    await bo.view(lambda v: v.you == 1)
    await ann.client.send(StartTable(table))
    await ann.view(lambda v: v.table.status != "waiting")
    await bo.view(lambda v: v.table.status != "waiting")
    return table


@pytest.mark.parametrize("game", TWO_SEAT_GAMES)
def test_two_players_finish_a_game_of_every_game(folder: Path, game: str) -> None:
    """Two clients play a whole game with scripted moves; both see the same end, every move
    is in the table's save, and the save replays to that end."""

    async def main() -> None:
        async with running_server(folder) as server:
            ann = await Player.connect(server.path, "Ann")
            bo = await Player.connect(server.path, "Bo")
            table = await open_table(ann, bo, game, ("human", "human"))
            pick = lambda v: v.legal[(v.moves_made * 7) % len(v.legal)]  # noqa: E731
            end_a, end_b = await asyncio.gather(ann.play_out(table, pick), bo.play_out(table, pick))
            assert end_a.outcome == end_b.outcome
            assert end_a.table.status == "over"
            assert end_a.final is not None and end_a.final.seed == 7
            loaded = server.lobby.store.load(table)
            assert [str(m) for m in loaded.replay.moves] == list(end_a.final.moves)
            assert loaded.replay.final.outcome() == end_a.outcome
            await ann.close()
            await bo.close()

    asyncio.run(main())


def test_moves_for_another_seat_or_out_of_turn_are_refused(folder: Path) -> None:
    """A move for the other seat, out of turn, on an old view, illegal or unreadable is
    refused with a reason, and the game is unchanged."""

    async def main() -> None:
        async with running_server(folder) as server:
            ann = await Player.connect(server.path, "Ann")
            bo = await Player.connect(server.path, "Bo")
            table = await open_table(ann, bo, "tasting", ("human", "human"))
            view = await ann.latest(table)
            mover, other = (ann, bo) if view.to_move == 0 else (bo, ann)
            seat = view.to_move
            assert seat is not None
            mine = await mover.latest(table)
            legal = mine.legal
            assert legal
            cases = [
                (other, PlayMoves(table, seat, (legal[0],), 0), "not yours"),
                (other, PlayMoves(table, 1 - seat, (legal[0],), 0), "not your turn"),
                (mover, PlayMoves(table, seat, (legal[0],), 5), "moved on"),
                (mover, PlayMoves(table, seat, ("play 99",), 0), "not legal"),
                (mover, PlayMoves(table, seat, ("fly away",), 0), "not a move"),
            ]
            for who, request, words in cases:
                await who.client.send(request)
                refusal = await who.refused()
                assert words in refusal.message
            await ann.client.send(ListTables())
            listing = await ann.lobby()
            assert listing.tables[0].progress == "Tea 1 of 3"
            await mover.client.send(PlayMoves(table, seat, (legal[0],), 0))
            after = await mover.view(lambda v: v.moves_made == 1)
            assert after.to_move == 1 - seat

    asyncio.run(main())


def test_malformed_and_oversized_frames(folder: Path) -> None:
    """A frame that is not a request is refused and the connection goes on; an oversized one
    ends that connection only; a connection that never greets is refused."""

    async def main() -> None:
        async with running_server(folder) as server:
            ann = await Player.connect(server.path, "Ann")
            await ann.client.send_raw(HEADER.pack(3) + b"\xc1\xc1\xc1")
            assert "not a valid request" in (await ann.refused()).message
            await ann.client.send_raw(frame(TakeSeat("NOT-AN-ID", 0)))
            assert "not a valid request" in (await ann.refused()).message
            await ann.client.send(CreateTable(game="gongfu", seats=("human", "human")))
            assert "unknown game" in (await ann.refused()).message
            await ann.client.send(CreateTable(game="tasting", seats=("mcts:normal", "random")))
            assert "human seat" in (await ann.refused()).message
            await ann.client.send(CreateTable(game="tasting", seats=("human",) * 3))
            assert "2 seats" in (await ann.refused()).message
            await ann.client.send(ListTables())
            await ann.lobby()  # still connected
            bo = await Player.connect(server.path, "Bo")
            await bo.client.send_raw(HEADER.pack(MAX_REQUEST + 1))
            assert "over the limit" in (await bo.refused()).message
            with pytest.raises(ConnectionError):
                await bo.receive()
            await ann.client.send(ListTables())
            await ann.lobby()  # Ann is not affected
            reader, writer = await asyncio.open_unix_connection(str(server.path))
            raw = TableClient(reader, writer)
            await raw.send(ListTables())  # not a greeting: a Hello comes first
            got = await raw.receive()
            assert isinstance(got, Refused) and "Hello" in got.message
            await raw.close()

    asyncio.run(main())


def test_watchers_see_only_what_every_seat_sees(folder: Path) -> None:
    """A watcher gets no observation, and its public view holds neither hand."""

    async def main() -> None:
        async with running_server(folder) as server:
            ann = await Player.connect(server.path, "Ann")
            bo = await Player.connect(server.path, "Bo")
            cy = await Player.connect(server.path, "Cy")
            table = await open_table(ann, bo, "tasting", ("human", "human"))
            await cy.client.send(Watch(table))
            view = await cy.view()
            assert view.you is None and view.observation == b"" and view.legal == ()
            public = json.loads(view.public)
            assert public["hand"] == "?" and "seat" not in public
            assert public["teas_left"] == 2
            await cy.client.send(Chat(table, "good luck \x1b[2J"))
            heard = await ann.view(lambda v: bool(v.chat))
            assert heard.chat[-1] == "Cy: good luck \\x1b[2J"

    asyncio.run(main())


def _strings(tree: object) -> set[str]:
    if isinstance(tree, str):
        return {tree}
    if isinstance(tree, dict):
        return set().union(*(_strings(v) for v in tree.values())) if tree else set()
    if isinstance(tree, list):
        return set().union(*(_strings(v) for v in tree)) if tree else set()
    return set()


@pytest.mark.parametrize("game", TWO_SEAT_GAMES)
def test_a_client_never_receives_another_seats_hand(folder: Path, game: str) -> None:
    """At the start and every few moves, what only the other seat may know now (the words of
    its observation found nowhere in this seat's: its hand's cards) is nowhere in the bytes of
    the view just sent to this seat's client, while this seat's own private words are."""

    async def main() -> None:
        async with running_server(folder) as server:
            players = [await Player.connect(server.path, n) for n in ("Ann", "Bo")]
            table = await open_table(players[0], players[1], game, ("human", "human"))
            session = server.lobby.tables[table].session
            assert session is not None
            for step in range(40):
                views = [await p.latest(table) for p in players]
                if step % 4 == 0 or session.is_over():
                    seen = [_strings(msgspec.to_builtins(session.view(s))) for s in (0, 1)]
                    for me in (0, 1):
                        sent = players[me].raw_of(views[me])
                        assert views[me].observation == msgspec.msgpack.encode(session.view(me))
                        for word in seen[1 - me] - seen[me]:
                            assert word.encode() not in sent, (me, word)
                        for word in seen[me] - seen[1 - me]:
                            assert word.encode() in sent
                if session.is_over():
                    break
                seat = views[0].to_move
                assert seat is not None
                mine = views[seat]
                move = mine.legal[(step * 7) % len(mine.legal)]
                await players[seat].client.send(PlayMoves(table, seat, (move,), mine.moves_made))
                for p in players:
                    await p.view(lambda v, n=step + 1: v.moves_made == n)  # type: ignore[misc]

    asyncio.run(main())


def test_disconnect_keeps_the_seat_and_reconnecting_resumes(folder: Path) -> None:
    """Bo drops out mid-game, comes back with the same key, and is shown his seat at once."""

    async def main() -> None:
        async with running_server(folder) as server:
            ann = await Player.connect(server.path, "Ann")
            bo = await Player.connect(server.path, "Bo")
            table = await open_table(ann, bo, "tasting", ("human", "human"))
            await bo.close()
            left = await ann.view(lambda v: not v.table.seats[1].connected)
            assert left.table.seats[1].player == "Bo"
            bo = await Player.connect(server.path, "Bo")
            assert bo.got and bo.got[0].seated == (table,)  # type: ignore[union-attr]
            back = await bo.view()
            assert back.you == 1 and back.observation
            await asyncio.gather(ann.play_out(table), bo.play_out(table))

    asyncio.run(main())


def test_a_restarted_server_brings_its_tables_back(folder: Path) -> None:
    """A game in progress, and a table still waiting, come back after a restart; the game
    goes on from where it was."""

    async def main() -> None:
        async with running_server(folder) as server:
            ann = await Player.connect(server.path, "Ann")
            bo = await Player.connect(server.path, "Bo")
            table = await open_table(ann, bo, "tasting", ("human", "human"))
            view = await ann.latest(table)
            mover = ann if view.to_move == 0 else bo
            mine = await mover.latest(table)
            await mover.client.send(PlayMoves(table, mine.you or 0, (mine.legal[0],), 0))
            await ann.view(lambda v: v.moves_made == 1)
            await ann.client.send(CreateTable(game="tasting", seats=("human", "human")))
            waiting = (await ann.view(lambda v: v.table.status == "waiting")).table.id
            before = server.lobby.tables[table].session
            assert before is not None
            state = msgspec.json.encode(before.state)
        async with running_server(folder) as server:
            assert set(server.lobby.tables) == {table, waiting}
            after = server.lobby.tables[table].session
            assert after is not None and msgspec.json.encode(after.state) == state
            ann = await Player.connect(server.path, "Ann")
            bo = await Player.connect(server.path, "Bo")
            resumed = await ann.view(lambda v: v.table.id == table)
            assert resumed.moves_made == 1
            await asyncio.gather(ann.play_out(table), bo.play_out(table))

    asyncio.run(main())


def test_ai_seats_play_off_the_loop_and_a_seat_left_empty_is_taken_over(folder: Path) -> None:
    """A table with an AI seat plays it; at another, a seat left empty past the timeout goes
    to the table's AI, and the game finishes."""

    async def main() -> None:
        async with running_server(folder, seat_timeout=0.0) as server:
            ann = await Player.connect(server.path, "Ann")
            await ann.client.send(CreateTable(game="tasting", seats=("human", "heuristic")))
            table = (await ann.view()).table.id
            await ann.client.send(StartTable(table))
            end = await ann.play_out(table)
            assert end.outcome is not None
            bo = await Player.connect(server.path, "Bo")
            await ann.client.send(
                CreateTable(game="tasting", seats=("human", "human"), on_timeout="random")
            )
            second = (await ann.view(lambda v: v.table.status == "waiting")).table.id
            await bo.client.send(TakeSeat(second, 1))
            await bo.view()
            await ann.client.send(StartTable(second))
            await ann.view(lambda v: v.table.id == second and v.table.status == "playing")
            await bo.close()
            await ann.view(lambda v: v.table.id == second and not v.table.seats[1].connected)
            assert server.lobby.check_timeouts() == [(second, 1)]
            taken = await ann.view(
                lambda v: v.table.id == second and v.table.seats[1].kind == "random"
            )
            assert taken.names[1] == "Bo (AI)"
            end = await ann.play_out(second)
            assert end.outcome is not None

    asyncio.run(main())


def test_a_seat_left_before_the_start_is_taken_over_once_the_game_runs(folder: Path) -> None:
    """A player who drops while the table still waits keeps the seat; checks before the start
    hand nothing over, the clock starts again with the game, and past the timeout the
    table's AI takes the seat and the game finishes."""

    async def main() -> None:
        async with running_server(folder, seat_timeout=30.0) as server:
            ann = await Player.connect(server.path, "Ann")
            bo = await Player.connect(server.path, "Bo")
            await ann.client.send(
                CreateTable(game="tasting", seats=("human", "human"), on_timeout="random")
            )
            table = (await ann.view(lambda v: v.table.status == "waiting")).table.id
            await bo.client.send(TakeSeat(table, 1))
            await ann.view(lambda v: v.table.seats[1].player == "Bo")
            await bo.close()
            await ann.view(lambda v: not v.table.seats[1].connected)
            lobby = server.lobby
            later = time.monotonic() + 60.0
            assert lobby.check_timeouts(now=later) == []  # nothing to hand over yet
            await ann.client.send(StartTable(table))
            await ann.view(lambda v: v.table.status == "playing")
            started = time.monotonic()
            assert lobby.check_timeouts(now=started + 10.0) == []  # a fresh 30 s from the start
            assert lobby.check_timeouts(now=started + 31.0) == [(table, 1)]
            taken = await ann.view(lambda v: v.table.seats[1].kind == "random")
            assert taken.names[1] == "Bo (AI)"
            end = await ann.play_out(table)
            assert end.outcome is not None

    asyncio.run(main())


def test_leaving_a_waiting_table_and_who_may_start(folder: Path) -> None:
    """Only the creator starts, only when every human seat is taken; the last to leave a
    waiting table closes it."""

    async def main() -> None:
        async with running_server(folder) as server:
            ann = await Player.connect(server.path, "Ann")
            bo = await Player.connect(server.path, "Bo")
            await ann.client.send(CreateTable(game="tasting", seats=("human", "human")))
            table = (await ann.view()).table.id
            await ann.client.send(StartTable(table))
            assert "seat 2 still waits" in (await ann.refused()).message
            await bo.client.send(TakeSeat(table, 0))
            assert "taken by Ann" in (await bo.refused()).message
            await bo.client.send(TakeSeat(table, 1))
            await bo.view()
            await bo.client.send(StartTable(table))
            assert "only Ann" in (await bo.refused()).message
            await bo.client.send(LeaveTable(table))
            # Ann leaves once Bo's leaving is done, so that the table closes in her request
            # and the empty list she then gets comes after its record went to the trash.
            await ann.view(lambda v: v.note == "Bo left the table")
            await ann.client.send(LeaveTable(table))
            await ann.lobby(lambda lst: not lst.tables)
            assert table not in server.lobby.tables
            record = folder / "tables" / f"{table}.table.json"
            for _ in range(200):  # its record goes to the trash once the writes before are done
                if not record.exists():
                    break
                await asyncio.sleep(0.05)
            assert not record.exists()
            assert (folder / "tables" / "trash" / record.name).exists()

    asyncio.run(main())


def test_seat_names_from_clients_are_made_safe() -> None:
    """A name with control characters becomes a printable seat name."""
    from tea_tui.serve.table import seat_name

    name = seat_name("\x1b[31mEve")
    SeatSpec(kind="human", name=name)  # accepted by the seat spec
    assert "\x1b" not in name


def test_a_solo_table_against_the_automa_and_an_mcts_seat(folder: Path) -> None:
    """Tea Garden against Lu Yu (the automa seat plays its one move), and Tasting Duel against
    a small MCTS: the table runs those seats itself until the person's game is over."""

    async def main() -> None:
        async with running_server(folder) as server:
            ann = await Player.connect(server.path, "Ann")
            for game, seats in (
                ("tea_garden", ("human", "luyu:easy")),
                ("tasting", ("human", "mcts:iters=50")),
            ):
                await ann.client.send(CreateTable(game=game, seats=seats))
                table = (await ann.view(lambda v, g=game: v.table.game == g)).table.id  # type: ignore[misc]
                await ann.client.send(StartTable(table))
                end = await ann.play_out(
                    table, lambda v: v.legal[(v.moves_made * 7) % len(v.legal)]
                )
                assert end.outcome is not None and end.table.status == "over"
                moves = server.lobby.store.load(table).replay.moves
                assert len(moves) == len(end.final.moves)  # type: ignore[union-attr]

    asyncio.run(main())


def test_table_options_are_checked_by_the_game(folder: Path) -> None:
    """A table with Tea Garden's Puerh expansion opens; an option the game lacks is refused."""

    async def main() -> None:
        async with running_server(folder) as server:
            ann = await Player.connect(server.path, "Ann")
            seats = ("human", "human")
            await ann.client.send(
                CreateTable(game="tea_garden", seats=seats, options={"nope": True})
            )
            assert "unknown option" in (await ann.refused()).message
            await ann.client.send(
                CreateTable(game="tea_garden", seats=seats, options={"puerh": True})
            )
            assert (await ann.view()).table.options == {"puerh": True}

    asyncio.run(main())


def test_a_fault_in_one_request_is_refused_and_the_server_goes_on(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A request that fails inside the server (here a table whose start breaks) is refused
    with a message; the connection and the other tables carry on."""
    from tea_tui.serve.table import Table

    def broken(self: Table, key: str, seed: int) -> None:
        raise RuntimeError("boom")

    async def main() -> None:
        async with running_server(folder) as server:
            ann = await Player.connect(server.path, "Ann")
            await ann.client.send(CreateTable(game="tasting", seats=("human", "random")))
            table = (await ann.view()).table.id
            with monkeypatch.context() as patch:
                patch.setattr(Table, "start", broken)
                await ann.client.send(StartTable(table))
                assert "internal error" in (await ann.refused()).message
            await ann.client.send(StartTable(table))
            assert (await ann.play_out(table)).outcome is not None

    asyncio.run(main())


def test_a_connection_that_never_greets_is_dropped(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A half-open connection (it connects and says nothing) is told why and dropped, and the
    server goes on serving the others."""
    from tea_tui.serve import server as server_module

    monkeypatch.setattr(server_module, "HELLO_TIMEOUT", 0.2)

    async def main() -> None:
        async with running_server(folder) as server:
            reader, writer = await asyncio.open_unix_connection(str(server.path))
            silent = TableClient(reader, writer)
            got = await asyncio.wait_for(silent.receive(), 30)
            assert isinstance(got, Refused) and "no greeting came in time" in got.message
            with pytest.raises(ConnectionError):
                await asyncio.wait_for(silent.receive(), 30)
            await silent.close()
            ann = await Player.connect(server.path, "Ann")
            await ann.client.send(ListTables())
            await ann.lobby()

    asyncio.run(main())


def test_a_second_server_on_the_same_folder_is_refused(folder: Path) -> None:
    """While one server runs, another on its folder refuses to start (and leaves the first
    one's socket alone); once the first has stopped, a new one starts."""
    from tea_tui.serve.lobby import Lobby
    from tea_tui.serve.server import ServerRunningError, TableServer

    async def main() -> None:
        async with running_server(folder) as server:
            second = TableServer(Lobby(folder, processes=False), server.path)
            with pytest.raises(ServerRunningError, match="runs already"):
                await second.start()
            ann = await Player.connect(server.path, "Ann")  # the first still answers
            await ann.close()
        async with running_server(folder) as server:
            ann = await Player.connect(server.path, "Ann")
            await ann.close()

    asyncio.run(main())
