"""One entry per kind of move (core/tea_garden/move_words): every kind of Tea Garden move has a
menu label and a log sentence, and whole seeded games word every move without an id."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest

from core.moves import Move
from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.loader import load_builtin
from core.tea_garden.move_words import TABLE, label, pending_title, sentence, step_phrase
from core.tea_garden.narrate import log_line
from core.tea_garden.rules import TeaGardenState

LUYU = (mv.LuYuTurn, mv.LuYuPass)
"""Lu Yu decides nothing, so his moves are never in a menu: their label is their text."""


def _ids() -> re.Pattern[str]:
    """The ids of the component data, as whole words. Province and Region ids are colour words
    and codes such as "g1" that the words use for other things (a fresh leaf of quality 1)."""
    cs = load_builtin()
    ids = {i for section, group in cs.ids_by_section() if section != "map" for i in group}
    assert cs.luyu is not None
    ids |= {c.id for c in cs.luyu.cards}
    return re.compile(
        r"\b(" + "|".join(sorted(map(re.escape, ids), key=len, reverse=True)) + r")\b"
    )


IDS = _ids()


def _game(i: int) -> TeaGardenGame:
    """Setup ``i`` of a cycle through the seat counts, the expansion, the late-cards variant
    and solo games against Lu Yu at each level."""
    options = Options(late_cards=i % 2 == 1, puerh=i % 3 != 0)
    if i % 4 == 3:
        return TeaGardenGame(num_seats=2, options=options, luyu_seat=1, luyu_experts=i % 4)
    return TeaGardenGame(num_seats=2 + i % 3, options=options)


def _steps(i: int) -> Iterator[tuple[TeaGardenState, Move, TeaGardenState]]:
    """Play game ``i`` at random (doing something rather than stopping, mostly), yielding the
    state before each move, the move and the state after it."""
    s = _game(i).new_state(i)
    rng = Rng.from_seed(i * 101 + 7)
    while not s.is_over():
        legal = s.legal_moves()
        active = [m for m in legal if not isinstance(m, mv.Pass | mv.Stop | mv.EndTurn)]
        move = rng.choice(active if active and rng.random() < 0.9 else legal)
        before = s.clone()
        s.apply(move)
        yield before, move, s


@cache
def _examples() -> dict[type[Move], tuple[TeaGardenState, Move]]:
    """One position before a move of every kind, from seeded random games."""
    found: dict[type[Move], tuple[TeaGardenState, Move]] = {}
    for i in range(40):
        for before, move, _ in _steps(i):
            found.setdefault(type(move), (before, move))
        if len(found) == len(mv.MOVE_CLASSES):
            break
    return found


def test_every_kind_of_move_has_one_entry() -> None:
    assert set(TABLE) == set(mv.MOVE_CLASSES) == set(mv.KINDS.values())
    for entry in TABLE.values():
        assert callable(entry.label) and callable(entry.sentence) and callable(entry.phrase)


@pytest.mark.parametrize("kind", mv.MOVE_CLASSES, ids=lambda k: k.__name__)
def test_every_kind_of_move_has_a_label_and_a_sentence(kind: type[Move]) -> None:
    examples = _examples()
    assert kind in examples, f"no seeded game made a {kind.__name__} move"
    before, move = examples[kind]
    text = label(before.observation(before.seat), before.ctx, move)
    said = sentence(before, move)
    assert text and said
    assert said != f"plays {move}", "the sentence is the fallback, not the entry's"
    if kind not in LUYU:
        assert text != str(move), "the label is the fallback, not the entry's"
    assert not IDS.search(text), text
    assert not IDS.search(said), said


@pytest.mark.parametrize("game", [0, 5, 7])
def test_every_move_of_a_seeded_game_is_worded_without_ids(game: int) -> None:
    """Base and expansion, the late-cards variant, and a solo game: every legal move's label,
    every pending decision's title, and each move's sentence, log line and phrase."""
    names = ["Ann", "Bo", "Cy", "Di"]
    kinds: set[type[Move]] = set()
    for before, move, after in _steps(game):
        view = before.observation(before.seat)
        texts = [label(view, before.ctx, m) for m in before.legal_moves()]
        if view.pending:
            texts.append(pending_title(view, before.ctx, view.pending[-1]))
        said = sentence(before, move)
        assert said != f"plays {move}"
        texts += [said, log_line(before, move, after, names), step_phrase(before, move)]
        assert all(texts[:-1]), texts  # a phrase may be "" (a step too small to tell)
        for text in texts:
            assert not IDS.search(text), text
        kinds.add(type(move))
    assert len(kinds) > 20  # the game went through most of the rules
