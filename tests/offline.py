"""A machine without a network, for the online look-ups' tests (respx answers every request):
`respx.route(...).mock(side_effect=no_network)`. The fixture `no_waits` (tests/conftest.py)
takes the waits out of the retries of a failed connection."""

from __future__ import annotations

import socket

import httpx


def no_network(request: httpx.Request) -> httpx.Response:
    """What httpx raises on a machine without a network: the host name does not resolve."""
    cause = socket.gaierror(-3, "Temporary failure in name resolution")
    raise httpx.ConnectError(f"[Errno -3] {cause.strerror}", request=request) from cause
