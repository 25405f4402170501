"""Sencha's plain-mode lines: the table in words, a sentence per part, no glyphs."""
