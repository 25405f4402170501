"""The end screen: the winner, how a tie was settled, every seat's score round by round (a
sparkline each) and points per category; a rematch, the replay and the analysis of the
decisions (:mod:`tea_tui.screens.analysis`) are a key away."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Sparkline, Static

from tea_tui.game_ui import ui_for
from tea_tui.scores import scores_by_round
from tea_tui.widgets.glyphs import seat_colour, seat_glyph
from tea_tui.widgets.score_table import ScoreTable

if TYPE_CHECKING:
    from tea_tui.session import GameSession


def seat_tag(session: GameSession, seat: int) -> Text:
    """Return a seat's glyph and name in its colour."""
    return Text(f"{seat_glyph(seat)} {session.names[seat]}", style=f"bold {seat_colour(seat)}")


def solo_text(session: GameSession, luyu: int) -> Text:
    """Return the result of a solo game against the game's automa (seat ``luyu``): the player
    must score more than the automa to win; the outcome says who takes a tie (Tea Garden's Lu Yu
    does, AMB-50)."""
    outcome = session.outcome()
    player = 1 - luyu
    mine, his = outcome.scores[player], outcome.scores[luyu]
    you = session.is_human(player)
    text = Text(justify="center")
    if mine > his or (mine == his and luyu not in outcome.winners):
        if you:
            text.append("You beat ", style="bold")
        else:
            text.append_text(seat_tag(session, player))
            text.append(" beats ", style="bold")
        text.append_text(seat_tag(session, luyu))
        text.append(f", {mine} to {his}!", style="bold")
        return text
    if mine == his:
        text.append_text(seat_tag(session, player))
        text.append(" does not beat ", style="bold")
        text.append_text(seat_tag(session, luyu))
        text.append(f": a tie on {mine} points goes to him.", style="bold")
        return text
    text.append_text(seat_tag(session, luyu))
    text.append(f" wins, {his} to {mine}.", style="bold")
    return text


def winner_text(session: GameSession) -> Text:
    """Return who won, with the score, and the tie-break sentence when there was one."""
    if session.automa_seat is not None:
        return solo_text(session, session.automa_seat)
    outcome = session.outcome()
    names = session.names
    text = Text(justify="center")
    for i, seat in enumerate(outcome.winners):
        if i:
            text.append(" and " if i == len(outcome.winners) - 1 else ", ")
        text.append(f"{seat_glyph(seat)} {names[seat]}", style=f"bold {seat_colour(seat)}")
    verb = "wins" if len(outcome.winners) == 1 else "share the victory"
    best = max(outcome.scores)
    text.append(f" {verb} with {best} points.", style="bold")
    if outcome.tie_break:
        text.append("\n" + session.tie_break_text(outcome.tie_break), style="italic")
    return text


SPARK_CELLS = 2
"""Cells per point of a sparkline, so that a round reads as a bar of its own."""
BLOCKS = "▁▂▃▄▅▆▇█"
"""A sparkline's bars from low to high."""


def spark_text(values: Sequence[float], top: float) -> str:
    """Bars for ``values`` on a scale from 0 to ``top``, the same for every seat, so that 51
    stands lower than 182 (any score above 0 shows above the floor)."""
    bars = []
    for value in values:
        level = 0 if top <= 0 or value <= 0 else max(1, round(value / top * (len(BLOCKS) - 1)))
        bars.append(BLOCKS[min(level, len(BLOCKS) - 1)])
    return "".join(bars)


class SharedSparkline(Sparkline):
    """A sparkline drawn on a given scale (0 to ``top``) instead of its own minimum and maximum,
    so that the seats' lines can be compared."""

    def __init__(self, data: list[int], top: int, colour: str, **kwargs: str) -> None:
        super().__init__([float(v) for v in data], **kwargs)  # type: ignore[arg-type]
        self.top = top
        self.colour = colour

    def render(self) -> Text:
        return Text(spark_text(self.data or [], self.top), style=self.colour)


class EndScreen(Screen[None]):
    """The final result; Esc goes back to look at the board."""

    CSS_PATH = "end.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape", "back", "back to the board", tooltip="Look at the final board", id="end-back"
        ),
        Binding(
            "r",
            "rematch",
            "rematch",
            tooltip="Set up the same game again (same seats and seed; change what you like)",
            id="end-rematch",
        ),
        Binding(
            "v", "replay", "replay", tooltip="Step through the game move by move", id="end-replay"
        ),
        Binding(
            "a",
            "analyse",
            "analyse",
            tooltip="Analyse: your costliest decisions, by the MCTS",
            id="end-analyse",
        ),
        Binding("q", "quit", "quit", tooltip="Leave tea-tui", id="end-quit"),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.by_round = scores_by_round(session.game, session.seed, session.moves)
        """Every seat's score at the start and after each round."""

    def compose(self) -> ComposeResult:
        s = self.session
        with VerticalScroll(id="end-box"):
            yield Static(Text("The game is over", style="bold", justify="center"), id="end-title")
            yield Static(winner_text(s), id="end-winner")
            yield from self._sparklines()
            yield ScoreTable(id="end-scores")
            seats = " ".join(str(spec) for spec in s.seats)
            yield Static(
                Text(
                    f"Seed {s.seed} · seats {seats} · {len(s.moves)} moves",
                    style="dim",
                    justify="center",
                ),
                id="end-setup",
            )
        yield Footer(compact=True)

    def _sparklines(self) -> ComposeResult:
        """One line per seat, best first: name, final score, a sparkline, the scores by round."""
        s = self.session
        outcome = s.outcome()
        tags = [f"{seat_glyph(seat)} {name}" for seat, name in enumerate(s.names)]
        width = max(len(tag) for tag in tags) + 1  # a space between the name and the score
        top = max((max(p) for p in self.by_round), default=0)
        yield Static(
            Text(
                f"Score at the start and after each {ui_for(s.game_id).step_word}, on one scale",
                style="dim",
            ),
            id="spark-title",
        )
        for seat in sorted(range(len(s.names)), key=lambda i: -outcome.scores[i]):
            values = [p[seat] for p in self.by_round]
            colour = seat_colour(seat)
            with Horizontal(classes="spark-row"):
                label = Text(tags[seat].ljust(width), style=f"bold {colour}")
                label.append(f"{outcome.scores[seat]:>3} ", style="bold")
                yield Static(label, classes="spark-name")
                spark = SharedSparkline(
                    [v for v in values for _ in range(SPARK_CELLS)],
                    top,
                    colour,
                    id=f"spark-{seat}",
                    classes="spark",
                )
                spark.styles.width = len(values) * SPARK_CELLS
                yield spark
                yield Static(
                    Text(" " + " ".join(str(v) for v in values), style="dim"),
                    classes="spark-values",
                )

    def on_mount(self) -> None:
        breakdown = self.session.outcome().breakdown
        categories = ui_for(self.session.game_id).score_categories(breakdown)
        self.query_one(ScoreTable).show(breakdown, self.session.names, categories)

    def action_back(self) -> None:
        """Return to the game screen."""
        self.dismiss(None)

    def action_rematch(self) -> None:
        """Open the new-game screen with this game's setup and seed."""
        opener = getattr(self.app, "open_new_game", None)
        if callable(opener):
            opener(rematch=self.session)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The analysis needs a finished game with moves to search."""
        if action == "analyse":
            return self.session.is_over() and bool(self.session.moves)
        return True

    def action_analyse(self) -> None:
        """Search every decision of the people (of every seat when nobody played) with the
        MCTS and show the costliest, as ``tea-tui analyse`` does."""
        from tea_tui.screens import analysis

        s = self.session
        if not s.is_over() or not s.moves:
            self.notify("There is no finished game to analyse.", severity="warning")
            return
        autosaved = getattr(self.app, "keeper", None) is not None
        self.app.push_screen(
            analysis.AnalysisScreen(
                s,
                name=s.save_name or ("autosave" if autosaved else ""),
                iterations=analysis.ITERATIONS,
                processes=bool(getattr(self.app, "processes", True)),
            )
        )

    async def action_quit(self) -> None:
        """Leave tea-tui: the game is over and kept in its save."""
        await self.app.action_quit()

    def action_replay(self) -> None:
        """Step through the game in the replay viewer."""
        opener = getattr(self.app, "open_replay", None)
        if callable(opener):
            opener(self.session)
