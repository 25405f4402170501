"""A game's own figures in the arena (ai/game_stats.py) and Sencha's (ai/sencha/stats.py)."""

from __future__ import annotations

import pytest

from ai.arena import ArenaConfig, format_report, play_game, run_arena, seating
from ai.game_stats import format_stats, summarize_stats
from ai.sencha.stats import winning_route
from ai.stats import wilson_interval
from core.sencha.scoring import CATEGORIES


def test_summaries_count_labels_average_numbers_and_bound_rates() -> None:
    """Text figures are counted, numbers averaged with their range, rates given an interval."""
    records: list[dict[str, float | int | str]] = [
        {"end": "vp", "sells": 20, "won": 1},
        {"end": "market", "sells": 30, "won": 0.5},
        {"end": "vp", "sells": 31, "won": 0},
    ]
    end, sells, won = summarize_stats(records, rates=("won",))
    assert end.counts == {"vp": 2, "market": 1} and end.games == 3
    assert (sells.mean, sells.low, sells.high, sells.rate) == (27.0, 20.0, 31.0, False)
    assert sells.half == pytest.approx(1.959964 * 37**0.5 / 3**0.5)
    assert won.rate and won.total == 1.5
    assert (won.low, won.high) == pytest.approx(wilson_interval(1.5, 3))
    text = "\n".join(format_stats((end, sells, won)))
    assert (
        "vp 2 (67%)" in text
        and "mean 27.0 +/- 6.9 (95%)  min 20  max 31" in text
        and "95% CI" in text
    )
    assert format_stats(()) == []


def test_alike_seats_play_a_new_deal_every_game() -> None:
    """Alike seats' rotations would replay one game: each game gets its own deal instead."""
    config = ArenaConfig(seats=("heuristic", "heuristic"), games=4, game="sencha")
    seeds = [seating(config, i) for i in range(4)]
    assert len({seed for seed, _ in seeds}) == 4
    assert {agents for _, agents in seeds} == {(0, 1)}
    mixed = ArenaConfig(seats=("heuristic", "random"), games=4, game="sencha")
    assert seating(mixed, 0)[0] == seating(mixed, 1)[0]


def test_a_game_without_figures_reports_none() -> None:
    """The tiny test game has no figures hook: records and report carry none."""
    report = run_arena(ArenaConfig(seats=("random", "random"), games=2, game="tasting"))
    assert report.stats == () and all(r.stats == {} for r in report.games)
    assert "game figures" not in format_report(report)


def test_sencha_figures_of_a_game() -> None:
    """A Sencha game's figures agree with its record and with each other."""
    config = ArenaConfig(seats=("heuristic", "random"), games=2, seed=5, game="sencha")
    record = play_game(config, 0)
    s = record.stats
    assert s["end"] in ("market", "vp", "stuck")
    assert isinstance(s["cards_turned"], int) and 1 <= s["cards_turned"] <= 7
    assert isinstance(s["cards_met"], int) and s["cards_met"] <= s["cards_turned"]
    assert isinstance(s["sells"], int) and 0 < s["sells"] < int(s["actions"])
    assert s["first_seat_won"] in {0, 0.5, 1} and s["first_seat_won"] in record.rewards
    assert s["route"] in CATEGORIES
    assert s["winner_score"] == max(record.scores)
    if s["end"] == "market":
        assert s["cards_met"] == 7


def test_sencha_figures_in_the_report() -> None:
    """The arena sums Sencha's figures up, rates with an interval."""
    config = ArenaConfig(seats=("heuristic", "random"), games=2, seed=5, game="sencha")
    report = run_arena(config)
    names = [x.name for x in report.stats]
    assert names[:3] == ["end", "both_triggers", "cards_turned"]
    first = next(x for x in report.stats if x.name == "first_seat_won")
    assert first.rate and first.games == 2
    assert "game figures" in format_report(report) and "first_seat_won" in format_report(report)


def test_the_winning_route_is_the_largest_lead() -> None:
    """The route is the category the winner led by most: here the field, not the track."""
    winner = {"track": 6, "workers": 1, "money": 1, "field": 3, "temple": 0}
    other = {"track": 7, "workers": 1, "money": 1, "field": 0, "temple": 1}
    assert winning_route((other, winner), 1) == "field"
    assert winning_route((winner, other), 1) == "track"
