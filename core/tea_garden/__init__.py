"""Tea Garden: the base game, the Puerh - The Noble Court expansion and solo play against Lu Yu."""
