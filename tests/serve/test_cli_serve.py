"""The command line of ``tea-tui serve`` and ``tea-tui join``: clear messages, no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from tea_tui.cli import main


def test_serve_needs_a_way_to_sign_in(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --authorized-keys, --open or --local-only the server does not start."""
    with pytest.raises(SystemExit) as stop:
        main(["serve"])
    assert stop.value.code == 2
    assert "--authorized-keys FILE, --open or --local-only" in capsys.readouterr().err


def test_serve_refuses_an_authorized_keys_file_without_keys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A keys file that holds no key, or a line that is not one, is named in the message."""
    keys = tmp_path / "keys"
    keys.write_text("# nobody yet\n")
    assert main(["serve", "--authorized-keys", str(keys), "--data-dir", str(tmp_path)]) == 1
    assert "holds no public key" in capsys.readouterr().err
    keys.write_text("ssh-ed25519 not-base64 Ann\n")
    assert main(["serve", "--authorized-keys", str(keys), "--data-dir", str(tmp_path)]) == 1
    assert "line 1: not a public key" in capsys.readouterr().err


def test_join_without_a_server_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """tea-tui join with no server running names the socket it looked for."""
    assert main(["join", "--data-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "no tea-tui server runs here" in err and "tables.sock" in err


def test_two_names_on_one_account_are_two_players() -> None:
    """`tea-tui join --name Bo` on Ann's account holds Bo's own seats; no name, or the
    account's own, is the account."""
    from tea_tui.cli.serve import join_key

    assert join_key("ann", None) == "local:ann"
    assert join_key("ann", "ann") == "local:ann"
    assert join_key("ann", "Bo") == "local:ann/Bo"
    assert join_key("ann", "Bo") != join_key("ann", "Cy")
