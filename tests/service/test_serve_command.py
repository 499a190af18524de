"""`twgp serve` itself: what it refuses before starting, `--migrate-only`, and a real server on
a loopback port answering and stopping cleanly on SIGTERM."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from catalog.migrate import head_revision
from tests.service.twins import cli, free_port


def test_sqlite_is_served_by_one_process(tmp_path: Path) -> None:
    code, _, err = cli("serve", "--workers", "2", "--db", str(tmp_path / "c.sqlite3"))
    assert code == 3
    assert "a SQLite catalog is served from one process" in err


def test_migrate_only_creates_the_catalog_and_exits(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    code, _, err = cli("serve", "--migrate-only", "--db", str(path))
    assert code == 0, err
    assert "is up to date" in err
    assert path.exists()


def test_a_read_only_server_refuses_an_unmigrated_catalog(tmp_path: Path) -> None:
    code, _, err = cli("serve", "--read-only", "--db", str(tmp_path / "empty.sqlite3"))
    assert code == 3
    assert f"this twgp needs revision {head_revision()!r}" in err


def test_no_migrate_refuses_an_unmigrated_catalog(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite3"
    code, _, err = cli("serve", "--no-migrate", "--db", str(path))
    assert code == 3
    assert "twgp serve --migrate-only" in err
    assert cli("serve", "--migrate-only", "--db", str(path))[0] == 0


def test_bad_rate_limits_are_refused(tmp_path: Path) -> None:
    code, _, err = cli("serve", "--rate-limit", "lots", "--db", str(tmp_path / "c.sqlite3"))
    assert code == 2
    assert "expected e.g. 100/minute" in err


def test_a_real_server_answers_and_stops_on_sigterm(tmp_path: Path) -> None:
    port = free_port()
    db = tmp_path / "served.sqlite3"
    env = {**os.environ, "TWGP_NO_STARTER": "0"}
    server = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True,
    )
    try:
        answer = None
        for _ in range(200):
            try:
                answer = httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        assert answer is not None
        assert answer.status_code == 200
        found = httpx.get(f"http://127.0.0.1:{port}/v1/cards", params={"q": "lightning bolt"})
        assert found.json()["cards"][0]["name"] == "Lightning Bolt"  # the starter cards
        server.send_signal(signal.SIGTERM)
        output, _ = server.communicate(timeout=20)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert server.returncode in (0, -signal.SIGTERM)  # uvicorn re-raises the signal it handled
    assert "Finished server process" in output  # a graceful shutdown, not a kill
    assert "Traceback" not in output
    assert '"path":"/v1/cards"' in output  # the structured access log
