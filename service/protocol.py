"""The HTTP protocol `twgp serve` runs under uvicorn: uvicorn's own (httptools), plus a header
timeout uvicorn lacks. A client that opens a connection, or starts a request, and does not
finish the request's headers within `header_timeout` seconds is disconnected: a client
dribbling a header a byte at a time would otherwise hold its connection (and a worker's file
descriptor) for as long as it likes — uvicorn's keep-alive timeout only covers a connection
idle between requests, not one in the middle of a request's headers.

The body is not covered: once the headers are in, the request belongs to the app, whose time
limit (service/middleware.py: TimeLimit) covers reading the body too."""

from __future__ import annotations

import asyncio
from functools import cache

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from service.settings import ServeSettings


@cache
def header_timeout() -> float:
    """The seconds a request's headers may take, as `twgp serve` set them (0: no limit)."""
    return ServeSettings.from_env().header_timeout


class HeaderTimeoutProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, closing a connection whose request headers are late."""

    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()  # a connection opened to send nothing counts too

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()  # the next request on a kept-alive connection

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        seconds = header_timeout()
        if self._header_timer is None and seconds > 0:
            self._header_timer = self.loop.call_later(seconds, self._headers_late)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_late(self) -> None:
        self._header_timer = None
        if self.cycle is not None and not self.cycle.response_complete:
            self._arm()  # an answer is under way (the late headers are pipelined): not yet
            return
        if not self.transport.is_closing():
            self.transport.close()
