"""The app's screens: each owns its part of the session and talks to core, ai and saves."""
