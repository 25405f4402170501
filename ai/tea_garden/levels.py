"""One line about the strength of each Tea Garden level, from its arena and ladder games
(docs/ai.md, "Measured figures" and "The rating ladder"), which :mod:`ai.levels` shows; and
the evaluation and tree the levels search (:func:`ai.knowledge.level_evaluation`,
:func:`ai.knowledge.level_tree`)."""

from __future__ import annotations

LEVEL_TEXT: dict[str, str] = {
    "random": "Any legal move, no plan: under 15 points a game. To learn the moves.",
    "heuristic": "Greedy: the best-scoring move this turn, no foresight. A first opponent.",
    "mcts:easy": "A short search (200 iterations a move): beat greedy 14 of 20. Newcomers.",
    "mcts:normal": "Looks to its own next turn in about 2 s; beat greedy 72 of 80. Casual.",
    "mcts:hard": "Four times normal's search, up to 10 s a turn; beat normal 26 of 40.",
    "mcts:expert": "The longest search, about 20 s a turn; not shown to beat hard.",
    "luyu:easy": "Lu Yu, no Expert card: about 90-100 points a game. Beatable for most.",
    "luyu:medium": "Lu Yu, one Expert card: about 110-125 points. A race for a newcomer.",
    "luyu:hard": "Lu Yu, two Expert cards: 135-140 points; beats greedy half the time.",
    "luyu:expert": "Lu Yu, three Expert cards: about 145 points; greedy loses 3 in 4.",
}
"""A line per level, keyed by seat spec (``mcts:hard``, ``luyu:expert``)."""

LEVEL_TREE = {2: "own"}
"""The tree the named levels search, by seat count; the shared one at the others
(:func:`ai.knowledge.level_tree`). At 2 players, at mcts:normal's iterations, a tree of the
seat's own decisions beat the shared tree in 29 of 40 games (seed 7), and on it mcts:hard beat
mcts:normal in 26 of 40 (seeds 101-120) where on the shared tree it won 21 of the same deals
(docs/ai.md, "A tree of one's own decisions"); with Puerh it beat the shared tree in 25 of 40
(seed 21). At 3 and 4 players, against heuristic players, it won 19 of 24 and 26 of 32 games
where the shared tree won 18 and 24 of the same deals (seeds 5 and 6): no difference to act on,
so those tables keep the shared tree."""

LEVEL_EVALUATION = {"2p": "learned"}
"""The evaluation the named levels (and hints) search with, by weights variant: the one
learned from self-play (tuned by SPSA, ``data/learned_2p.json``) in the 2-player base game,
the hand-tuned one with Puerh, at 3 and 4 players and against Lu Yu
(:func:`ai.knowledge.level_evaluation`). At equal iterations the learned evaluation beat the
hand-tuned one in 55 of 80 games (seeds 7 and 8); mcts:normal on it won 72 of 80 against
greedy under its 1.9 s clock where the hand-tuned level won 63 of the same deals, and
mcts:hard on it beat mcts:normal on it in 26 of 40 (docs/ai.md, "Where issue 16's goals
stand"). The other setups' weights are plain fits to recorded games, untuned: they ship for
the hints' calibrated chances."""
