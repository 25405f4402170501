"""Sencha's help: it explains the very marks its panels draw, names every panel key and the
action keys of the menu, and shows in the game's help screen."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Markdown
from textual.widgets.markdown import MarkdownBlock

from tea_tui.games.sencha.help import GAME_HELP
from tea_tui.games.sencha.layout import PANELS
from tea_tui.games.sencha.lines import EMPTY, FILLED, NEUTRAL
from tea_tui.games.sencha.menu import ACTION_KEYS, DONE_KEY, FREE_KEY
from tests.tui.pilot_tools import pilot_test, until
from tests.tui.sencha.helpers import sencha


def test_the_help_explains_the_marks_and_keys_on_screen() -> None:
    for mark in (NEUTRAL, EMPTY, FILLED, "¥", "*"):
        assert mark in GAME_HELP, mark
    for panel in PANELS:
        assert f"**{panel.key} {panel.title}**" in GAME_HELP
    for name, key in ACTION_KEYS.items():
        assert f"**{key} " in GAME_HELP, name
    assert f"(key {FREE_KEY})" in GAME_HELP
    assert f"`{DONE_KEY}`" in GAME_HELP


@pilot_test
async def test_question_mark_shows_senchas_help(tmp_path: Path) -> None:
    from tea_tui.app import TeaApp
    from tea_tui.screens.game import GameScreen
    from tea_tui.screens.help import HelpScreen

    app = TeaApp(sencha(seed=3), data_dir=tmp_path, processes=False, pace=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert GAME_HELP in app.screen.query_one(Markdown).source
        headings = [str(h.content) for h in app.screen.query("MarkdownH2").results(MarkdownBlock)]
        assert "Sencha in short" in headings and "Sencha's screen" in headings


@pilot_test
async def test_the_title_screens_help_tells_of_sencha_too(tmp_path: Path) -> None:
    from tea_tui.app import make_title_app
    from tea_tui.screens.help import HelpScreen
    from tea_tui.screens.title import TitleScreen

    app = make_title_app(data_dir=tmp_path, processes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        source = app.screen.query_one(Markdown).source
        assert "## Tea Garden in short" in source and GAME_HELP in source
        assert source.index("\n# Tea Garden\n") < source.index("\n# Sencha\n")
        assert source.index("\n# Sencha\n") < source.index(GAME_HELP)


def test_the_title_help_gives_each_offered_game_its_letters_and_panels() -> None:
    """From the title screen the keys come once, then each offered game under its name with
    its own decision-panel letters and panels (Sencha's free cube, Tea Garden's map)."""
    from core.games import offered_games
    from tea_tui.layout import layout_for
    from tea_tui.screens.help import title_help_text

    text = title_help_text()
    assert text.count("## Keys") == 1
    games = offered_games()
    assert len(games) >= 2
    starts = [text.index(f"\n# {g.name}\n") for g in games]
    assert starts == sorted(starts)
    for g, start, end in zip(games, starts, [*starts[1:], len(text)], strict=True):
        section = text[start:end]
        layout = layout_for(g.id)
        assert f"## {g.name}: letters of the decision panel" in section
        for key, words in layout.menu_words.items():
            assert f"| {key} | {words} |" in section, (g.id, key)
        for panel in layout.panels:
            assert f"| {panel.key} | {panel.title}: {panel.tip} |" in section, (g.id, panel)
    sencha_part = text[text.index("\n# Sencha\n") :]
    assert "| f | take a free cube |" in sencha_part
    assert "| f | take a free cube |" not in text[: text.index("\n# Sencha\n")]


def test_the_help_tells_the_money_cap_and_when_the_emperor_is_offered() -> None:
    """The two things a newcomer met without being told: income beyond the default cap is lost,
    and an Emperor offer shows only once the workers carry all its cubes."""
    from core.sencha.options import SenchaOptions

    flat = " ".join(GAME_HELP.split())
    assert f"You can hold {SenchaOptions().money_cap} yen at most" in flat
    assert "offered only when your workers carry all its cubes" in flat


def test_plain_modes_help_says_what_me_shows_in_sencha() -> None:
    """Plain mode's help tells Sencha's ``me`` in Sencha's words (there is no hand of cards)."""
    from tea_tui.game_ui import ui_for
    from tea_tui.plain.texts import help_lines

    lines = help_lines(ui_for("sencha"))
    me = next(line for line in lines if line.startswith("  me: "))
    assert "workers" in me and "hand" not in me
    assert any(
        line.startswith("  me: your own board and hand")
        for line in help_lines(ui_for("tea_garden"))
    )
