"""Saved games: the save-file format and the user data folder."""
