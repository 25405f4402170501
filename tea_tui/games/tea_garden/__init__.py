"""Tea Garden's part of the app: widgets, menu, words, plain-mode lines and house rules.

The shell finds it by the game's id (:func:`tea_tui.game_ui.ui_for`,
:func:`tea_tui.session.session_class`): ``UI`` gives the parts of the screens, ``SESSION`` the
session class that tells the game in Tea Garden's words.
"""

from tea_tui.games.tea_garden.session import TeaGardenSession
from tea_tui.games.tea_garden.ui import TEA_GARDEN_UI

SESSION = TeaGardenSession
"""The session class of a Tea Garden game."""
UI = TEA_GARDEN_UI
"""Tea Garden's parts of the shell."""
