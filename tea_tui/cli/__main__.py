"""``python -m tea_tui.cli``: the same as the ``tea-tui`` command."""

import sys

from tea_tui.cli import main

sys.exit(main())
