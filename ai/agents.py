"""The AI players by seat spec: ``random``, ``heuristic`` and ``mcts`` at a level or a budget.

:func:`make_agent` turns a seat spec (the text the command line, the arena and the app share,
see :mod:`core.seats`) into an agent and its budget per decision::

    random                 a uniformly random legal move
    heuristic              the greedy player of ai.heuristic
    mcts:easy|normal|hard|expert
    mcts:iters=N           N search iterations per decision
    mcts:iters=N+depth=D   ... looking D turns ahead before the evaluation (default 1)
    mcts:iters=N+depth=lap ... looking a lap of the table ahead: the turn, every other
                           seat's next one and its own next one (seats + 1 turns)
    mcts:iters=N+reply=R   ... the tree stops with the turn, the simulation plays R more
                           turns (the replies) before the evaluation (default 0)
    mcts:iters=N+follow=0  ... every decision searched with its whole budget (by default a
                           turn is searched once and its later decisions follow the tree)
    mcts:iters=N+keep=F    ... a later decision of a turn whose kept tree is exact is
                           searched up to F of its budget (default 1, the whole budget)
    mcts:iters=N+c=X       ... exploring with UCB1 constant X (default: the game's own)
    mcts:iters=N+turn=F    ... a whole turn searching at most F times the budget
    mcts:iters=N+own=1     ... a tree of the seat's own decisions only: the other seats'
                           turns are played by the fast policy in every sample
    mcts:iters=N+eval=learned
                           ... evaluating with the weights learned from self-play
                           (ai.learn; eval=hand, the hand-tuned evaluation, is the default)
    mcts:time=S            S seconds per decision
    luyu:easy|medium|hard|expert
                           the solo automa (his difficulty is set in the game itself)
    openspiel-ismcts:iters=N|time=S, openspiel-mcts:iters=N|time=S
                           OpenSpiel's own ISMCTS or MCTS bot (the optional ``openspiel``
                           extra; see ai.tea_garden.openspiel_adapter), 1 second by default

A level is an iteration budget, so a level plays deterministically for a given seed; it also has
a time cap well above what the iterations take on a typical machine, so a slow machine never
waits for ever. A sub-decision (a payment, a bonus choice) gets the share of the budget the
game's knowledge gives it. A level searches with the game's level evaluation and tree
(:func:`ai.knowledge.level_evaluation`, :func:`ai.knowledge.level_tree`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ai.automa import AutomaAgent
from ai.base import Agent, Budget
from ai.ensemble import Ensemble
from ai.heuristic import HeuristicAgent
from ai.knowledge import EVALUATIONS, game_ai, knowledge_for, level_knowledge, level_tree
from ai.mcts import MctsAgent
from core.engine import Game, Observation
from core.games import all_games, info_of
from core.moves import Move
from core.rng import Rng
from core.seats import BUDGET_KEYS, LAP, MAX_TREES, REAL_SETTINGS, SeatSpec, real_setting_ok

LEVELS: dict[str, Budget] = {
    "easy": Budget(iterations=200, seconds=1.0),
    "normal": Budget(iterations=1800, seconds=1.9),
    "hard": Budget(iterations=7200, seconds=10.0),
    "expert": Budget(iterations=20000, seconds=30.0),
}
"""The MCTS levels and their budget for a full decision. A level's seconds are also its clock:
the most wall-clock time a whole turn of the level thinks (``clock=``). ``mcts:normal``'s 1.9 s
leaves room for the moves it plays on its kept tree once the clock has run out, so that its
turns end within 2 s (docs/ai.md, "A clock per turn")."""
LEVEL_SETTINGS: dict[str, str] = {
    "normal": "depth=lap+keep=0.3",
    "hard": "depth=lap+keep=0.3",
    "expert": "depth=lap+keep=0.3",
}
"""The search settings of each level beyond its budget, as a spec writes them after the budget:
``mcts:normal`` plays as ``mcts:iters=1800+depth=lap+keep=0.3``, with the level's time cap. A
level not listed searches as a bare ``mcts:iters=N``. Looking a lap of the table ahead (the
turn, each other seat's reply, the seat's next turn: three turns with two players) and spending
a turn's budget where the turn is planned made ``mcts:normal`` win 34 of 40 against the
heuristic player where 23 of the same 40 deals were won at one turn, and with three players the
lap (four turns) did better than three turns (docs/ai.md, "Looking past its own turn")."""


def level_spec(
    level: str, scale: float = 1.0, evaluation: str = "hand", tree: str = "shared"
) -> str:
    """Return the iteration-only spec a level plays as (``iters=1800+depth=lap``), its iterations
    times ``scale`` (at least 1); the level's time cap is left out. ``evaluation`` and ``tree``
    are the ones the level searches with in the game at hand
    (:func:`ai.knowledge.level_evaluation`, :func:`ai.knowledge.level_tree`).

    Raises:
        KeyError: for a word that is not a level.
    """
    iterations = max(1, round((LEVELS[level].iterations or 1) * scale))
    parts = [f"iters={iterations}"]
    if level in LEVEL_SETTINGS:
        parts.append(LEVEL_SETTINGS[level])
    if tree == "own":
        parts.append("own=1")
    if evaluation != "hand":
        parts.append(f"eval={evaluation}")
    return "+".join(parts)


AI_KINDS = ("random", "heuristic", "mcts", "luyu", "openspiel-ismcts", "openspiel-mcts")

OPENSPIEL_BOTS = {"openspiel-ismcts": "ismcts", "openspiel-mcts": "mcts"}
"""The seat kinds played by OpenSpiel's bots, and the bot each runs."""
OPENSPIEL_MISSING = "the OpenSpiel extra is not installed: pip install 'tea-tui[openspiel]'"
_OPENSPIEL_MODULES = frozenset({"pyspiel", "open_spiel", "numpy"})


class RandomAgent:
    """Plays a uniformly random legal move."""

    def __init__(self, name: str = "random") -> None:
        self.name = name

    def choose(
        self, observation: Observation, legal_moves: Sequence[Move], budget: Budget, rng: Rng
    ) -> Move:
        """Return a random legal move."""
        del observation, budget
        return rng.choice(legal_moves)


@dataclass(frozen=True)
class Player:
    """An agent together with the budget it gets for each decision."""

    agent: Agent
    budget: Budget
    spec: str
    """The seat spec it was made from, in its text form."""


def parse_budget(level: str) -> Budget:
    """Return the budget of an MCTS level: a level word, or ``iters=N`` and/or ``time=S``
    joined by ``+``.

    Raises:
        ValueError: for an unknown level word or a bad budget (a ``depth`` included).
    """
    if "=" not in level:
        if level not in LEVELS:
            known = ", ".join(LEVELS)
            raise ValueError(f"unknown MCTS level {level!r} (use {known}, iters=N or time=S)")
        return LEVELS[level]
    iterations: int | None = None
    seconds: float | None = None
    for part in level.split("+"):
        key, _, value = part.partition("=")
        try:
            if key == "iters":
                iterations = int(value)
            elif key == "time":
                seconds = float(value)
            else:
                raise ValueError(f"unknown budget {part!r} (use iters=N or time=S)")
        except ValueError as exc:
            raise ValueError(f"MCTS budget {level!r}: {exc}") from None
    return Budget(iterations=iterations, seconds=seconds)


@dataclass(frozen=True)
class SearchLevel:
    """What an MCTS level asks for: a budget per decision and how to search."""

    budget: Budget
    depth: int | None = None
    """Turn boundaries a simulation passes before it is evaluated; None for the game's own
    (one: the end of the turn in progress), or for a lap (:attr:`lap`)."""
    lap: bool = False
    """Pass as many boundaries as the game has seats, plus one: the turn in progress, each
    other seat's next turn and the seat's own next one (``depth=lap``)."""
    replies: int = 0
    """Turns the simulation plays after the tree stops, before the evaluation."""
    follow: bool = True
    """Search a turn once and follow the tree through its later decisions."""
    evaluation: str | None = "hand"
    """The evaluation at the tree's boundaries: ``hand`` (hand-tuned) or ``learned``; None for
    a level word, which searches with the game's level evaluation
    (:func:`ai.knowledge.level_evaluation`)."""
    keep: float = 1.0
    """The share of its budget a later decision of the turn searches when its kept tree is
    exact (the kept visits counting)."""
    uct_c: float | None = None
    """The exploration constant of UCB1; None for the game's own."""
    turn: float | None = None
    """The most a whole turn searches, in decision budgets; None for no limit."""
    clock: float | None = None
    """The most wall-clock seconds a whole turn searches; None for no limit."""
    trees: int = 1
    """Independent search trees merged at each decision (:mod:`ai.ensemble`)."""
    own: bool | None = False
    """The tree holds the seat's own decisions only; the other seats' turns are played by the
    fast policy in every sample (``own=1``); None for a level word, which searches the game's
    level tree (:func:`ai.knowledge.level_tree`)."""
    per_lap: bool = False
    """The clock and time budget are a level's for a 2-seat table and grow with the turns a
    lap of a larger table searches (:func:`seated_budget`)."""


_SETTINGS = tuple(f"{key}=" for key in BUDGET_KEYS if key not in ("iters", "time"))
"""The search settings a level may give after its budget."""


def _real(level: str, key: str, text: str) -> float:
    """The number a real-valued setting gives, checked against its bounds."""
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"MCTS level {level!r}: {key} needs a number") from None
    if not real_setting_ok(key, value):
        raise ValueError(f"MCTS level {level!r}: {key} must be {REAL_SETTINGS[key][2]}")
    return value


def parse_search(level: str) -> SearchLevel:
    """Return what an MCTS level asks for (``hard``, ``iters=N+depth=2``, ``iters=N+reply=1``).

    Raises:
        ValueError: for an unknown level word or a bad budget or setting.
    """
    if "=" not in level:  # a level word: its iteration-only spec, with the level's time cap
        budget = parse_budget(level)
        found = parse_search(level_spec(level))
        return replace(
            found, budget=budget, evaluation=None, own=None, clock=budget.seconds, per_lap=True
        )
    parts = level.split("+")
    settings = {p.partition("=")[0]: p.partition("=")[2] for p in parts if p.startswith(_SETTINGS)}
    rest = "+".join(p for p in parts if not p.startswith(_SETTINGS))
    budget = parse_budget(rest) if rest else LEVELS["normal"]
    numbers: dict[str, int] = {}
    evaluation = settings.get("eval", "hand")
    if evaluation not in EVALUATIONS:
        known = " or ".join(EVALUATIONS)
        raise ValueError(f"MCTS level {level!r}: eval must be {known}, not {evaluation!r}")
    lap = settings.get("depth") == LAP
    for key, low in (("depth", 1), ("reply", 0), ("follow", 0), ("trees", 1), ("own", 0)):
        if key not in settings or (key == "depth" and lap):
            continue
        try:
            numbers[key] = int(settings[key])
        except ValueError:
            raise ValueError(f"MCTS level {level!r}: {key} needs a whole number") from None
        high = {"follow": 1, "trees": MAX_TREES, "own": 1}.get(key)
        if numbers[key] < low or (high is not None and numbers[key] > high):
            raise ValueError(f"MCTS level {level!r}: {key} out of range")
    real = {key: _real(level, key, settings[key]) for key in REAL_SETTINGS if key in settings}
    return SearchLevel(
        budget,
        turn=real.get("turn"),
        clock=real.get("clock"),
        trees=numbers.get("trees", 1),
        uct_c=real.get("c"),
        keep=real.get("keep", 1.0),
        depth=numbers.get("depth"),
        lap=lap,
        replies=numbers.get("reply", 0),
        follow=numbers.get("follow", 1) == 1,
        own=numbers.get("own", 0) == 1,
        evaluation=evaluation,
    )


def search_depth(found: SearchLevel, seats: int) -> int | None:
    """The boundaries a level's simulations pass at a table of ``seats`` (None: the game's)."""
    return seats + 1 if found.lap else found.depth


LAP_AT_TWO = 3
"""The turns a lap of a 2-seat table searches: the turn, the reply, the seat's next turn."""


def seated_budget(found: SearchLevel, seats: int) -> tuple[Budget, float | None]:
    """The budget and turn clock of a level at a table of ``seats``: a level word searching a
    lap gets time in proportion to the turns its lap searches (a third more with three seats,
    two thirds more with four), so its clock buys the same search per turn as with two."""
    budget, clock = found.budget, found.clock
    if not (found.per_lap and found.lap):
        return budget, clock
    scale = (seats + 1) / LAP_AT_TWO
    seconds = None if budget.seconds is None else budget.seconds * scale
    return Budget(iterations=budget.iterations, seconds=seconds), (
        None if clock is None else clock * scale
    )


def parse_level(level: str, seats: int = 2) -> tuple[Budget, int | None]:
    """Return the budget and search depth of an MCTS level at a table of ``seats`` (see
    :func:`parse_search`).

    Raises:
        ValueError: for an unknown level word or a bad budget or setting.
    """
    found = parse_search(level)
    return seated_budget(found, seats)[0], search_depth(found, seats)


def make_agent(spec: SeatSpec | str, game: Game) -> Player:
    """Return the AI player a seat spec asks for.

    Raises:
        ValueError: if the spec is malformed, names a person or the automa, or has a bad level.
    """
    seat = spec if isinstance(spec, SeatSpec) else SeatSpec.parse(spec)
    text = str(SeatSpec(kind=seat.kind, level=seat.level))
    if seat.kind == "random":
        return Player(RandomAgent(text), Budget(), text)
    if seat.kind == "heuristic":
        if seat.level not in ("", "normal"):
            raise ValueError(f"seat {text!r}: the heuristic player has no level {seat.level!r}")
        return Player(HeuristicAgent(game, name=text), Budget(), text)
    if seat.kind == "mcts":
        found = parse_search(seat.level or "normal")
        if found.evaluation is None:  # a level word: the game's level evaluation
            knowledge = level_knowledge(game)[1]
        else:
            knowledge = knowledge_for(game, found.evaluation)
        own = level_tree(game) == "own" if found.own is None else found.own
        depth = search_depth(found, game.num_seats)
        if depth is not None and knowledge.boundary is not None:
            knowledge = replace(knowledge, boundaries=depth)
        trees = found.trees
        budget, clock = seated_budget(found, game.num_seats)
        members = [
            MctsAgent(
                game,
                name=text,
                knowledge=knowledge,
                follow=found.follow,
                replies=found.replies,
                keep=found.keep,
                uct_c=found.uct_c,
                turn=found.turn,
                clock=None if clock is None else clock / trees,
                own=own,
            )
            for _ in range(trees)
        ]
        agent: Agent = members[0] if trees == 1 else Ensemble(members, name=text)
        return Player(agent, budget, text)
    automa = info_of(game).automa
    if automa is not None and seat.kind == automa.kind:  # its difficulty is in the setup
        if seat.level and seat.level not in automa.levels:
            known = ", ".join(automa.levels)
            raise ValueError(
                f"seat {text!r}: {automa.name} has no difficulty {seat.level!r} ({known})"
            )
        return Player(AutomaAgent(text), Budget(), text)
    elsewhere = [g.automa for g in all_games() if g.automa and g.automa.kind == seat.kind]
    if elsewhere:  # another game's automa
        raise ValueError(f"seat {text!r}: {info_of(game).name} has no {elsewhere[0].name} automa")
    if seat.kind in OPENSPIEL_BOTS:
        return _openspiel_player(seat.kind, seat.level, game, text)
    raise ValueError(f"seat {str(seat)!r} is not an AI player (AI players: {', '.join(AI_KINDS)})")


def _openspiel_player(kind: str, level: str, game: Game, text: str) -> Player:
    """Return a seat played by an OpenSpiel bot, importing the adapter only now."""
    if level and "=" not in level:
        raise ValueError(f"seat {text!r}: an OpenSpiel seat takes iters=N or time=S, not {level!r}")
    budget = parse_budget(level or "time=1")
    package = game_ai(game)
    make = getattr(package, "openspiel_agent", None)
    if make is None:
        raise ValueError(f"seat {text!r}: OpenSpiel's bots do not play {info_of(game).name}")
    try:
        agent: Agent = make(game, OPENSPIEL_BOTS[kind], text)
    except ModuleNotFoundError as exc:
        if (exc.name or "").partition(".")[0] in _OPENSPIEL_MODULES:
            raise ValueError(OPENSPIEL_MISSING) from exc
        raise
    return Player(agent, budget, text)
