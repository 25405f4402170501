"""Learning an evaluation from self-play, for every game that gives features.

:mod:`.record` plays seeded games (the arena's way, on any executor) and records each seat's
features at every turn's start with how the game ended; :mod:`.fit` fits a win model, a margin
model and win-chance maps to them (numpy, the ``train`` extra); :mod:`.model` loads the weights a
game ships in ``ai/<game>/data/`` and evaluates them in pure Python at play time;
:mod:`.calibration` measures whether the win chances shown mean what they say.
"""
