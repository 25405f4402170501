"""Play together: one shared table, each player at their own terminal (``tea-tui serve``).

- :mod:`~tea_tui.serve.protocol`: the messages and their frames on the local socket;
- :mod:`~tea_tui.serve.table`: one table, the authority over its game;
- :mod:`~tea_tui.serve.lobby`: every table, saving, the AI seats' turns, the seat timeout;
- :mod:`~tea_tui.serve.server`: the lobby behind a Unix socket;
- :mod:`~tea_tui.serve.client`: the client app's end of that socket;
- :mod:`~tea_tui.serve.ssh`: the SSH front (sign-in, one app process per session);
- :mod:`~tea_tui.serve.web`: the browser front (textual-serve);
- :mod:`~tea_tui.serve.client_app`, :mod:`~tea_tui.serve.remote_screen`,
  :mod:`~tea_tui.serve.mirror`: the client app, its game screen and the seat's mirror session.

See docs/serve.md.
"""
