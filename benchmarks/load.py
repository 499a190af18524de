"""A bounded HTTP load generator: an httpx async loop keeping `concurrency` requests in flight
until `count` requests are answered or `seconds` have passed, whichever comes first. Run as
its own process so that it does not share an interpreter with what it measures:

    python -m benchmarks.load SPEC.json  →  one JSON object on stdout

SPEC: {"base_url", "requests": [{"method", "path", "params"?, "body"?, "headers"?}, …],
"count", "concurrency", "seconds", "warmup"}. Requests are sent round-robin. Only loopback
addresses are accepted."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any
from urllib.parse import urlsplit

import httpx

LOOPBACK = ("127.0.0.1", "localhost", "::1")


async def _send(client: httpx.AsyncClient, spec: dict[str, Any]) -> int:
    response = await client.request(
        spec["method"], spec["path"], params=spec.get("params"),
        content=spec.get("body"), headers=spec.get("headers"),
    )  # fmt: skip
    await response.aread()
    return response.status_code


async def run(spec: dict[str, Any]) -> dict[str, Any]:
    host = urlsplit(spec["base_url"]).hostname
    if host not in LOOPBACK:
        raise SystemExit(f"refusing to load {host!r}: loopback only")
    requests = spec["requests"]
    count, concurrency = int(spec["count"]), int(spec["concurrency"])
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    async with httpx.AsyncClient(base_url=spec["base_url"], limits=limits, timeout=30) as client:
        for index in range(int(spec.get("warmup", 0))):
            await _send(client, requests[index % len(requests)])
        deadline = time.perf_counter() + float(spec["seconds"])
        issued = 0

        async def worker() -> None:
            nonlocal issued
            while issued < count and time.perf_counter() < deadline:
                request = requests[issued % len(requests)]
                issued += 1
                start = time.perf_counter()
                status = await _send(client, request)
                latencies.append(time.perf_counter() - start)
                statuses[status] = statuses.get(status, 0) + 1

        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        elapsed = time.perf_counter() - started
    return {"requests": len(latencies), "seconds": elapsed, "latencies": latencies,
            "statuses": {str(k): v for k, v in statuses.items()}}  # fmt: skip


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as file:
        spec = json.load(file)
    print(json.dumps(asyncio.run(run(spec))))


if __name__ == "__main__":
    main()
