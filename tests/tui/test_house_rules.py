"""House rules (the variant flags of the AMB rulings): their list, the command line, the
new-game dialog, and that a game, its save and the next new-game screen keep them."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Checkbox

from core.tea_garden.context import Options
from tea_tui.app import TeaApp, make_title_app
from tea_tui.cli import main
from tea_tui.games.tea_garden.house_rules import HOUSE_RULES, check_house_rules, summary
from tea_tui.games.tea_garden.session import tea_game
from tea_tui.screens.game import GameScreen
from tea_tui.screens.house_rules import HouseRulesScreen
from tea_tui.screens.new_game import NewGameScreen
from tea_tui.settings import load_settings, settings_path
from tests.tui.pilot_tools import open_new_game, pilot_test, until


def test_every_variant_flag_is_offered_once() -> None:
    """Each Options flag but the expansion itself is a house rule with a ruling to point at."""
    flags = {f.name for f in msgspec.structs.fields(Options)} - {"puerh"}
    names = [rule.name for rule in HOUSE_RULES]
    assert sorted(names) == sorted(flags) and len(set(names)) == len(names)
    assert all(rule.ruling.startswith("AMB-") and len(rule.effect) <= 66 for rule in HOUSE_RULES)


def test_house_rules_are_checked_and_put_in_order() -> None:
    assert check_house_rules(["late_cards", "limited_pools"], puerh=False) == (
        "limited_pools",
        "late_cards",
    )
    with pytest.raises(ValueError, match="unknown house rule 'gold'"):
        check_house_rules(["gold"], puerh=True)
    with pytest.raises(ValueError, match="needs the Puerh expansion"):
        check_house_rules(["puerh_bridging"], puerh=False)
    assert summary([]) == "none"
    assert summary(["late_cards", "limited_pools"]) == "Late cards, Limited supplies"


def test_a_game_with_house_rules_has_those_options() -> None:
    """AMB-01, AMB-41: the flags reach the engine's options; the rest stay off."""
    game = tea_game(
        ["human", "random"], puerh=True, house_rules=["puerh_bridging", "limited_pools"]
    )
    assert game.options.puerh and game.options.puerh_bridging and game.options.limited_pools
    assert not game.options.late_cards


def test_new_command_takes_variants(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    started: list[TeaApp] = []
    monkeypatch.setattr(TeaApp, "run", lambda self, **kw: started.append(self))
    monkeypatch.setenv("TEA_TUI_DATA_DIR", str(tmp_path))
    argv = ["new", "--puerh", "--variant", "puerh_bridging", "--variant", "late_cards"]
    assert main([*argv, "--seed", "3"]) == 0
    session = started[0].session
    assert session is not None
    assert session.house_rules == ("late_cards", "puerh_bridging")
    assert session.setup().options == {"puerh": True, "late_cards": True, "puerh_bridging": True}


@pytest.mark.parametrize(
    "argv,status,message",
    [
        (["new", "--variant", "gold"], 2, "unknown house rule 'gold' (known: limited_pools,"),
        (
            ["new", "--game", "tasting", "--variant", "gold"],
            2,
            "unknown option(s) for Tasting Duel: 'gold'",
        ),
        (["new", "--variant", "puerh_bridging"], 2, "needs the Puerh expansion"),
    ],
)
def test_new_command_refuses_bad_variants(
    argv: list[str], status: int, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A wrong name lists the known names (a game without house rules names its options); an
    expansion rule wants --puerh."""
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own refusal
        code = int(exc.code or 0)
    assert code == status
    assert message in capsys.readouterr().err


async def new_game_form(app: TeaApp, pilot: Pilot[None]) -> NewGameScreen:
    """Open the new-game form from the title screen."""
    await open_new_game(pilot)
    assert isinstance(app.screen, NewGameScreen)
    return app.screen


async def open_dialog(app: TeaApp, pilot: Pilot[None]) -> None:
    """Press F3 on the form and wait for the house-rules dialog."""
    await pilot.press("f3")
    await until(pilot, lambda: isinstance(app.screen, HouseRulesScreen))


@pilot_test
async def test_the_dialog_sets_house_rules_for_the_game_and_remembers_them(tmp_path: Path) -> None:
    app = make_title_app(data_dir=tmp_path, processes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await new_game_form(app, pilot)
        assert str(form.query_one("#new-rules", Button).label) == "House rules: none"
        await open_dialog(app, pilot)
        dialog = app.screen
        assert isinstance(dialog, HouseRulesScreen)
        # Without the expansion its rules cannot be ticked.
        assert dialog.query_one("#rule-puerh_bridging", Checkbox).disabled
        assert not dialog.query_one("#rule-limited_pools", Checkbox).disabled
        await pilot.press("space")  # the first box, focused: Limited supplies
        dialog.query_one("#rule-late_cards", Checkbox).value = True
        await pilot.press("f5")
        await until(pilot, lambda: app.screen is form)
        assert form.house_rules == ("limited_pools", "late_cards")
        assert str(form.query_one("#new-rules", Button).label) == "House rules: 2 on"
        # Esc leaves the choice as it was.
        await open_dialog(app, pilot)
        app.screen.query_one("#rule-late_cards", Checkbox).value = False
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is form)
        assert form.house_rules == ("limited_pools", "late_cards")
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        game_screen = app.screen
        assert isinstance(game_screen, GameScreen)
        options = game_screen.session.game.options
        assert options.limited_pools and options.late_cards and not options.cup_table_continues
        assert any("Limited supplies" in n.message for n in app._notifications)
    settings, _ = load_settings(settings_path(tmp_path))
    assert settings.last_setup.house_rules == ["limited_pools", "late_cards"]


@pilot_test
async def test_expansion_rules_go_with_the_expansion(tmp_path: Path) -> None:
    """Ticking Puerh lets its rules be chosen; unticking it drops them again."""
    app = make_title_app(data_dir=tmp_path, processes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await new_game_form(app, pilot)
        form.query_one("#new-puerh", Checkbox).value = True
        await pilot.pause()
        await open_dialog(app, pilot)
        box = app.screen.query_one("#rule-puerh_bridging", Checkbox)
        assert not box.disabled
        box.value = True
        app.screen.query_one("#rule-limited_pools", Checkbox).value = True
        await pilot.press("f5")
        await until(pilot, lambda: app.screen is form)
        assert form.house_rules == ("limited_pools", "puerh_bridging")
        form.query_one("#new-puerh", Checkbox).value = False
        await pilot.pause()
        assert form.house_rules == ("limited_pools",)
        assert str(form.query_one("#new-rules", Button).label) == "House rules: 1 on"


def test_help_explains_house_rules() -> None:
    from tests.tui.test_help import HELP_TEXT

    section = HELP_TEXT[HELP_TEXT.index("## House rules") :]
    assert "`F3`" in section and "--variant NAME" in section
