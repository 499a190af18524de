"""A second process that writes an import's batches while the first reads and converts the
next ones — the two halves of a bulk import take about as long as each other, so on two cores
a large file imports in little more than half the time.

The writer is `python -m catalog.ingest.import_writer`, fed pickled batches on its standard input
(the pipe is the back-pressure: the reader runs at most one batch ahead) and answering each
with its counts on its standard output. It takes batches in order, one transaction each. Its
faults come back as answers: a database error becomes the importer's DatabaseError; when the
reader stops (Ctrl-C), the writer is stopped and the batch it was writing is rolled back
with its connection, as the importer's policy says. A plain child process (not
multiprocessing) so that nothing of the caller's program is re-run in it."""

from __future__ import annotations

import contextlib
import os
import pickle
import queue
import signal
import subprocess
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from sqlalchemy import Engine

from catalog.cards.card_rows import CardRow
from catalog.ingest.upsert import BatchResult
from catalog.schema.interrupts import interrupts_deferred

#: how often a waiting reader checks that the writer process is still there
POLL_SECONDS = 0.2
_PROTOCOL = pickle.HIGHEST_PROTOCOL


class WriterError(Exception):
    """The writer stopped: `database` tells a database fault from a bug; `cause` says why."""

    def __init__(self, cause: str, database: bool) -> None:
        super().__init__(cause)
        self.cause = cause
        self.database = database


def can_use_process(engine: Engine) -> bool:
    """A database another process can open: not an in-memory SQLite catalog."""
    if engine.dialect.name != "sqlite":
        return True
    return engine.url.database not in (None, "", ":memory:")


class ProcessWriter:
    """Hands batches to a writer process; `on_result` hears each batch's counts, in order,
    in this process (from `put` and `close`)."""

    def __init__(self, engine: Engine, on_result: Callable[[BatchResult], None]) -> None:
        root = str(Path(__file__).resolve().parents[2])
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
        self._process = subprocess.Popen(
            [sys.executable, "-m", "catalog.ingest.import_writer"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env,
        )  # fmt: skip
        assert self._process.stdin is not None
        assert self._process.stdout is not None
        self._answers: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._reader = threading.Thread(
            target=_read_answers, args=(self._process.stdout, self._answers), daemon=True
        )
        self._reader.start()
        # Pickled batches go down the pipe on a thread of their own (the write waits for the
        # writer to read, with the GIL released), so the reader never waits on the pipe.
        self._outgoing: queue.Queue[bytes | None] = queue.Queue(maxsize=1)
        self._broken = threading.Event()
        self._feeder = threading.Thread(
            target=_feed, args=(self._outgoing, self._process.stdin, self._broken), daemon=True
        )
        self._feeder.start()
        self._on_result = on_result
        self._pending = 0
        self._send(engine.url.render_as_string(hide_password=False))

    def put(self, batch: list[CardRow]) -> None:
        self._collect(block=False)
        self._send(batch)
        self._pending += 1

    def close(self) -> None:
        """Wait until every batch handed over is written; raises WriterError."""
        self._send(None)
        self._hand(None)  # the feeder closes the pipe: the writer's end of input
        while self._pending:
            self._collect(block=True)
        self._finish()

    def stop(self) -> None:
        """Stop now: the batch being written is rolled back, the ones not taken dropped;
        batches the writer finished before it stopped are still reported (a second Ctrl-C
        waits until they are)."""
        with interrupts_deferred():
            self._stop()

    def _stop(self) -> None:
        if self._process.poll() is None:
            self._process.terminate()
        self._finish()
        while self._pending:
            try:
                kind, value = self._answers.get_nowait()
            except queue.Empty:
                break
            if kind != "ok":
                break
            self._pending -= 1
            self._on_result(BatchResult(*value))
        self._pending = 0

    def _finish(self) -> None:
        self._process.wait()
        self._reader.join()  # it ends at the writer's end of output
        self._broken.set()  # a feeder still waiting for a batch gives up
        with contextlib.suppress(queue.Full):
            self._outgoing.put_nowait(None)
        self._feeder.join()
        for stream in (self._process.stdin, self._process.stdout):
            if stream is not None and not stream.closed:
                with contextlib.suppress(OSError):
                    stream.close()

    def _send(self, item: object) -> None:
        self._hand(pickle.dumps(item, protocol=_PROTOCOL))

    def _hand(self, data: bytes | None) -> None:
        while not self._broken.is_set():
            try:
                self._outgoing.put(data, timeout=POLL_SECONDS)
                return
            except queue.Full:
                self._collect(block=False)
        self._collect(block=True)  # the writer is gone: say why, if it did
        raise WriterError("the writer process ended unexpectedly", False)

    def _collect(self, *, block: bool) -> None:
        """Take the answers that are there (with `block`, wait for at least one). An answer
        taken is counted before Ctrl-C or SIGTERM can stop us."""
        while self._pending or block:
            with interrupts_deferred():
                try:
                    kind, value = (
                        self._answers.get(timeout=POLL_SECONDS)
                        if block
                        else self._answers.get_nowait()
                    )
                except queue.Empty:
                    if not block:
                        return
                    continue
                if kind == "ok":
                    self._pending -= 1
                    self._on_result(BatchResult(*value))
                    block = False
                    continue
            self._pending = 0
            self.stop()
            if kind == "eof":
                code = self._process.returncode
                raise WriterError(f"the writer process ended unexpectedly (exit {code})", False)
            raise WriterError(str(value), kind == "database")


def _feed(outgoing: queue.Queue[bytes | None], stream: IO[bytes], broken: threading.Event) -> None:
    """Write what is handed over into the writer's input until None (then close it)."""
    try:
        while (data := outgoing.get()) is not None:
            if broken.is_set():
                return
            stream.write(data)
            stream.flush()
        stream.close()
    except (BrokenPipeError, OSError, ValueError):
        broken.set()


def _read_answers(stream: IO[bytes], answers: queue.Queue[tuple[str, Any]]) -> None:
    while True:
        try:
            answer = pickle.load(stream)
        except (EOFError, OSError, pickle.UnpicklingError, ValueError):
            answers.put(("eof", None))
            return
        answers.put(answer)


def serve(source: IO[bytes], answers: IO[bytes]) -> None:
    """The writer process: batches in, one transaction each, counts out.

    Ctrl-C and SIGTERM (the reader's `stop`) roll back the batch being written, except once
    it is committing: then it is committed and its answer sent first, so the reader counts
    every batch that was committed. The reader gone (killed: its pipe closed, mid-batch or
    mid-answer), the writer ends quietly."""
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    from sqlalchemy import create_engine
    from sqlalchemy.exc import SQLAlchemyError

    from catalog.base.errors import fault_text
    from catalog.ingest.upsert import write_batch
    from catalog.schema.dialects import configure_engine
    from catalog.schema.transactions import write_transaction

    def answer(kind: str, value: object) -> None:
        pickle.dump((kind, value), answers, protocol=_PROTOCOL)
        answers.flush()

    engine = None
    try:
        engine = create_engine(pickle.load(source))
        configure_engine(engine)
        while (batch := pickle.load(source)) is not None:
            try:
                with write_transaction(engine) as transaction:
                    done = write_batch(transaction.connection, batch)
                    with interrupts_deferred():
                        transaction.commit()
                        answer("ok", (done.new, done.updated, done.unchanged))
            except SQLAlchemyError as exc:
                answer("database", fault_text(exc))
                return
            except (KeyboardInterrupt, OSError):
                raise
            except Exception:
                answer("bug", traceback.format_exc(limit=8))
                return
    except (KeyboardInterrupt, EOFError, pickle.UnpicklingError, ValueError):
        return  # stopped, or the reader gone (a batch cut off mid-pickle)
    except OSError:  # the reader gone while we answered
        _quiet_output()
    finally:
        if engine is not None:
            # a stop arriving now (the reader stopped while the last batch was answered) is
            # held until the connections are closed, then ends the process quietly (below)
            with interrupts_deferred():
                engine.dispose()


def _quiet_output() -> None:
    """Point standard output at /dev/null: nothing is left to flush into a closed pipe (the
    interpreter would print a BrokenPipeError on its way out)."""
    with contextlib.suppress(OSError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C or SIGTERM: everything is said
        serve(sys.stdin.buffer, sys.stdout.buffer)
