"""Play together: one shared table, each player at their own terminal (``tea-tui serve``).

- :mod:`~tea_tui.serve.protocol`: the messages and their frames on the local socket;
- :mod:`~tea_tui.serve.table`: one table, the authority over its game;
- :mod:`~tea_tui.serve.lobby`: every table, saving, the AI seats' turns;
- :mod:`~tea_tui.serve.server`: the lobby behind a Unix socket;
- :mod:`~tea_tui.serve.client`: the client app's end of that socket.
"""
