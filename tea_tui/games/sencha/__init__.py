"""Sencha's part of the app: widgets, menu, words, plain-mode lines and house rules.

The shell finds it by the game's id (:func:`tea_tui.game_ui.ui_for`,
:func:`tea_tui.session.session_class`, :func:`tea_tui.layout.layout_for`): ``UI`` gives the
words and menus, ``SESSION`` the session that tells the game in Sencha's words, and
``layout.LAYOUT`` the panels and widgets.
"""

from tea_tui.games.sencha.session import SenchaSession
from tea_tui.games.sencha.ui import SENCHA_UI

SESSION = SenchaSession
"""The session class of a Sencha game."""
UI = SENCHA_UI
"""Sencha's parts of the shell."""
