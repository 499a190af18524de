"""`twgp serve` itself: what it refuses before starting, `--migrate-only`, a real server on a
loopback port answering and stopping cleanly on SIGTERM, and closing connections whose
request headers are late."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

from catalog.store.migrate import head_revision
from tests.service.twins import cli


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
    db = tmp_path / "served.sqlite3"
    env = {**os.environ, "TWGP_NO_STARTER": "0"}
    # port 0: the system picks a free port as it binds (no race with another program for a
    # port chosen beforehand) and uvicorn names it in its "running on" line
    server = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "serve", "--port", "0", "--db", str(db)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True,
    )
    output = ServerOutput(server)
    try:
        base = output.wait_for_address()
        answer = httpx.get(f"{base}/readyz", timeout=30)
        assert answer.status_code == 200
        found = httpx.get(f"{base}/v1/cards", params={"q": "lightning bolt"}, timeout=30)
        assert found.json()["cards"][0]["name"] == "Lightning Bolt"  # the starter cards
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    said = output.all()
    assert server.returncode in (0, -signal.SIGTERM), said  # uvicorn re-raises the signal
    assert "Finished server process" in said  # a graceful shutdown, not a kill
    assert "Traceback" not in said
    assert '"path":"/v1/cards"' in said  # the structured access log


class ServerOutput:
    """The lines a server process prints, read as they come (in a thread, so a server that
    hangs fails the test at a deadline instead of blocking it)."""

    RUNNING = re.compile(r"Uvicorn running on (http://127\.0\.0\.1:\d+)")

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self._lines: list[str] = []
        self._address: str | None = None
        self._found = threading.Event()
        self._thread = threading.Thread(target=self._read, args=(process,), daemon=True)
        self._thread.start()

    def _read(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        with process.stdout as lines:
            for line in lines:
                self._lines.append(line)
                running = self.RUNNING.search(line)
                if running and self._address is None:
                    self._address = running[1]
                    self._found.set()
        self._found.set()  # the output ended: the server is gone

    def wait_for_address(self, timeout: float = 120.0) -> str:
        """The server's base URL once it listens (its start-up loads the starter cards)."""
        assert self._found.wait(timeout), f"the server did not start within {timeout} s"
        assert self._address is not None, "the server ended before listening:\n" + self.all()
        return self._address

    def all(self) -> str:
        """Everything printed (the process has ended)."""
        self._thread.join(timeout=60)
        return "".join(self._lines)


def _closed_within(sock: socket.socket, seconds: float) -> float:
    """Seconds until the server closes `sock` (reading what it sends meanwhile); fails past
    `seconds`."""
    sock.settimeout(seconds)
    start = time.monotonic()
    while sock.recv(4096):
        pass
    return time.monotonic() - start


def _dribbled_until_closed(sock: socket.socket, header: bytes) -> float:
    """Seconds a request's headers could be sent a byte every 0.1 s before the server closed
    the connection; fails if it is still open after 10 s."""
    start = time.monotonic()
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: twgp.test\r\n")
    for byte in header:
        try:
            sock.sendall(bytes([byte]))
        except OSError:  # reset or broken pipe: closed by the server
            return time.monotonic() - start
        assert time.monotonic() - start < 10, "still connected"
        time.sleep(0.1)
    raise AssertionError("every byte was sent")


def test_a_client_slow_with_its_headers_is_disconnected(tmp_path: Path) -> None:
    env = {**os.environ, "TWGP_NO_STARTER": "1"}
    server = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "serve", "--port", "0", "--header-timeout", "1",
         "--db", str(tmp_path / "c.sqlite3")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True,
    )  # fmt: skip
    output = ServerOutput(server)
    try:
        host, port = output.wait_for_address().removeprefix("http://").split(":")
        address = (host, int(port))
        with socket.create_connection(address) as partial:
            partial.sendall(b"GET /healthz HTTP/1.1\r\nHost: twgp.test\r\nX-Slow: a")
            assert 0.5 < _closed_within(partial, 10) < 3
        with socket.create_connection(address) as silent:  # a connection that sends nothing
            assert _closed_within(silent, 10) < 3
        with socket.create_connection(address) as dribbling:  # a byte a while: still closed
            assert _dribbled_until_closed(dribbling, b"X-Slow: " + b"a" * 1000) < 5
        with socket.create_connection(address) as kept:  # the next request on a kept connection
            kept.sendall(b"GET /healthz HTTP/1.1\r\nHost: twgp.test\r\n\r\n")
            kept.settimeout(10)
            assert kept.recv(4096).startswith(b"HTTP/1.1 200")
            kept.sendall(b"GET /healthz HTTP/1.1\r\nHost: tw")
            assert _closed_within(kept, 10) < 3
        answer = httpx.get(f"http://{host}:{port}/healthz", timeout=10)  # the server is fine
        assert answer.status_code == 200
    finally:
        server.terminate()
        server.wait(timeout=60)
    assert "Traceback" not in output.all()
