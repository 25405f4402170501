"""Tea Garden's lines of text for the plain mode: the board, the displays and each seat."""
