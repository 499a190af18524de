"""Retries as an httpx transport, with tenacity: 429 waits what `Retry-After` says (seconds or an
HTTP date) or the source's lock-out time; 5xx and timeouts back off exponentially with jitter;
all of it a bounded number of attempts within a time budget. Not retried: a failed name
look-up (DNS: no network, nothing to wait for), an attempt past its deadline (a server that
drips its answer drips again), a refused answer. A server asking to wait longer than
`MAX_RETRY_WAIT` is not waited for. The last response or error is then handed back to the
client, which turns it into an error naming the source and the card."""

from __future__ import annotations

import email.utils
import logging
import re
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass

import httpx
import tenacity

from catalog.sources.clients._guard import DeadlineExceeded
from catalog.sources.clients._ratelimit import Sleep

log = logging.getLogger(__name__)

RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
RETRY_ERRORS = (httpx.TimeoutException, httpx.NetworkError, httpx.RemoteProtocolError)
MAX_RETRY_WAIT = 60.0
_SECONDS = re.compile(r"[0-9]+")


@dataclass(frozen=True)
class RetryPolicy:
    attempts: int = 4
    backoff_initial: float = 1.0  # seconds before the first retry of a 5xx/timeout
    backoff_max: float = 30.0
    jitter: float = 1.0
    lockout: float = 60.0  # a 429 without Retry-After waits this long
    max_wait: float = MAX_RETRY_WAIT  # a server asking for longer than this is not waited for
    budget: float = 150.0  # no retry once attempts and waits would take longer than this


def retry_after(response: httpx.Response, now: float) -> float | None:
    """Seconds asked for by a `Retry-After` header (delta-seconds or HTTP date), or None."""
    value = response.headers.get("retry-after")
    if value is None:
        return None
    value = value.strip()
    if _SECONDS.fullmatch(value):
        return float(value)  # inf for an absurd number of digits, which is never waited for
    try:
        when = email.utils.parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError, IndexError):
        return None
    return max(0.0, when - now)


def is_name_resolution_error(exc: BaseException) -> bool:
    """A connection that failed because the host name could not be resolved (no network, no
    DNS): `socket.gaierror` somewhere in the chain httpx and httpcore raise from."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, socket.gaierror):
            return True
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return False


def _worth_retrying(exc: BaseException) -> bool:
    return (
        isinstance(exc, RETRY_ERRORS)
        and not isinstance(exc, DeadlineExceeded)
        and not is_name_resolution_error(exc)
    )


class _Spent:
    """Seconds one request has cost so far: its attempts (measured) and the waits between
    them (as asked of `sleep`, which tests make instant)."""

    def __init__(self) -> None:
        self.seconds = 0.0


class RetryTransport(httpx.BaseTransport):
    """Sends through `inner`, retrying what is worth retrying (see the module docstring)."""

    def __init__(
        self,
        inner: httpx.BaseTransport,
        policy: RetryPolicy,
        *,
        label: str = "the server",
        sleep: Sleep = time.sleep,
        clock: Callable[[], float] = time.time,
        on_wait: Callable[[float], None] | None = None,
    ) -> None:
        self.inner = inner
        self.policy = policy
        self.label = label
        self.sleep = sleep
        self.clock = clock
        self.on_wait = on_wait
        self._backoff = tenacity.wait_exponential_jitter(
            initial=policy.backoff_initial, max=policy.backoff_max, jitter=policy.jitter
        )

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        spent = _Spent()

        def attempt() -> httpx.Response:
            started = time.monotonic()
            try:
                return self.inner.handle_request(request)
            finally:
                spent.seconds += time.monotonic() - started

        def sleep(seconds: float) -> None:
            spent.seconds += seconds
            self._sleep(seconds)

        def stop(state: tenacity.RetryCallState) -> bool:
            return self._stop(state) or spent.seconds + self._wait(state) > self.policy.budget

        retrying = tenacity.Retrying(
            stop=stop,
            wait=self._wait,
            retry=(
                tenacity.retry_if_exception(_worth_retrying)
                | tenacity.retry_if_result(lambda r: r.status_code in RETRY_STATUSES)
            ),
            sleep=sleep,
            before_sleep=self._before_sleep,
            retry_error_callback=lambda state: state.outcome.result() if state.outcome else None,
        )
        response: httpx.Response = retrying(attempt)
        return response

    def _wait(self, state: tenacity.RetryCallState) -> float:
        outcome = state.outcome
        if outcome is not None and not outcome.failed:
            response: httpx.Response = outcome.result()
            asked = retry_after(response, self.clock())
            if asked is not None:
                return asked
            if response.status_code == 429:
                return max(self.policy.lockout, self._backoff(state))
        return float(self._backoff(state))

    def _stop(self, state: tenacity.RetryCallState) -> bool:
        if state.attempt_number >= self.policy.attempts:
            return True
        # A server asking us to stay away for long (YGOPRODeck blocks for an hour): give up now
        # and say so, rather than hang.
        return self._wait(state) > self.policy.max_wait

    def _sleep(self, seconds: float) -> None:
        if self.on_wait is not None:
            self.on_wait(seconds)
        self.sleep(seconds)

    def _before_sleep(self, state: tenacity.RetryCallState) -> None:
        outcome = state.outcome
        if outcome is None:
            return
        level = logging.INFO
        if outcome.failed:
            why = type(outcome.exception()).__name__
        else:
            response: httpx.Response = outcome.result()
            response.close()
            why = f"HTTP {response.status_code}"
            if response.status_code == 429:
                level = logging.WARNING  # the user should know why nothing moves for a while
        wait = state.next_action.sleep if state.next_action else 0.0
        log.log(
            level,
            "%s answered %s; waiting %.0f s before attempt %d of %d",
            self.label,
            why,
            wait,
            state.attempt_number + 1,
            self.policy.attempts,
        )

    def close(self) -> None:
        self.inner.close()
