"""Tea Garden's part of the app: widgets, menu, words, plain-mode lines and house rules."""
