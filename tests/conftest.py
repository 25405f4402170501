"""Settings for the whole suite.

Hypothesis fails an example that takes longer than its deadline (200 ms). The suite runs on a
shared 2-core machine, where a slow example says nothing about the code (speed is measured by
``make bench``, never by tests), so no property test here has a deadline.
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("tea-tui", deadline=None)
settings.load_profile("tea-tui")
