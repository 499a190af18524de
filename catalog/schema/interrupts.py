"""Ctrl-C and SIGTERM at the right moments: a batch that commits is always counted, and a
stop request (SIGTERM, as sent by `kill`, service managers and containers) ends a long
command as Ctrl-C does — with its summary, never half-way through a commit."""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def _in_main_thread() -> bool:
    # Python runs signal handlers in the main thread only: elsewhere there is nothing to do.
    return threading.current_thread() is threading.main_thread()


@contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Ctrl-C or SIGTERM arriving inside the block takes effect when it ends (its usual
    handler runs then), so a commit and the count of what it committed stay together."""
    if not _in_main_thread():
        yield
        return
    received: list[int] = []

    def hold(signum: int, _frame: FrameType | None) -> None:
        received.append(signum)

    previous = {int(number): signal.signal(number, hold) for number in STOP_SIGNALS}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, signal.SIG_DFL if handler is None else handler)
        for number in dict.fromkeys(received):
            signal.raise_signal(number)


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """Inside the block SIGTERM raises KeyboardInterrupt, exactly as Ctrl-C does."""
    if not _in_main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


class _NotInterrupts(logging.Filter):
    """Drops log records of an interrupt: SQLAlchemy's pool logs a Ctrl-C that arrives while
    it closes a connection as an error, with a traceback, before passing it on."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        return not isinstance(exc, KeyboardInterrupt | SystemExit)


_QUIET = _NotInterrupts()


def quiet_interrupt_logs(logger: object) -> None:
    """Keep interrupts out of `logger` (a Logger, or an adapter holding one in `.logger`,
    as SQLAlchemy's echoing pools have); they still propagate."""
    target = getattr(logger, "logger", logger)
    if isinstance(target, logging.Logger) and _QUIET not in target.filters:
        target.addFilter(_QUIET)
