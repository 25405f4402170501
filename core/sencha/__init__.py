"""Sencha, the second tea game: houses on plantations, a bag of tea cubes, workers that carry
them, a Tea Market that asks for tea and an Emperor who pays in points (rules inventory Part A,
../shared/rules/other_games.md; rulings in docs/rulings.md).

The engine (:mod:`.game`, :mod:`.legal`, :mod:`.play`, :mod:`.scoring`, :mod:`.hidden`), its
data (:mod:`.components`, :mod:`.loader`, ``data/*.toml``), its words (:mod:`.narrate`), a
position builder (:mod:`.position`) and what the registry asks of a game (:mod:`.entry`).
"""
