"""Timing and memory helpers for the benchmark: commands run as child processes so that each
figure includes what a user waits for, and peak memory is the child's own maximum RSS."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

BIN = Path(sys.executable).parent


@dataclass(frozen=True)
class Run:
    seconds: float
    peak_mb: float
    #: user + system CPU time of the child (less disturbed than wall time on a busy machine)
    cpu_seconds: float = 0.0
    #: the peak sampled from /proc while the command ran: unlike ru_maxrss, it leaves out the
    #: parent's pages a child carries between fork and exec (a large benchmark process
    #: inflated ru_maxrss of every command it started after the in-process figures)
    sampled_mb: float = 0.0


def run_command(argv: Sequence[str], *, env: dict[str, str] | None = None) -> Run:
    """Run `argv` to completion (stdout discarded); its wall time and peak memory: the larger
    of its own maximum RSS and the largest sum of RSS over it and its child processes (an
    import's writer process), sampled every 50 ms."""
    start = time.perf_counter()
    with open(os.devnull, "wb") as devnull:
        process = subprocess.Popen(argv, stdout=devnull, stderr=subprocess.PIPE, env=env)
        sampler = _TreeMemory(process.pid)
        sampler.start()
        assert process.stderr is not None
        stderr = process.stderr.read()
        _pid, status, usage = os.wait4(process.pid, 0)
        sampler.done.set()
        sampler.join()
    seconds = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    process.returncode = code
    if code != 0:
        raise RuntimeError(
            f"{' '.join(argv)} exited {code}: {stderr.decode(errors='replace')[-2000:]}"
        )
    cpu = usage.ru_utime + usage.ru_stime  # its waited-for children included
    peak_kib = max(usage.ru_maxrss, sampler.peak_kib)  # ru_maxrss is in KiB on Linux
    return Run(seconds, peak_kib / 1024, cpu, sampler.peak_kib / 1024)


class _TreeMemory(threading.Thread):
    """The largest total RSS of a process and its descendants seen while it runs (Linux)."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.peak_kib = 0
        self.done = threading.Event()

    def run(self) -> None:
        if not os.path.isdir("/proc"):
            return
        while not self.done.wait(0.05):
            self.peak_kib = max(self.peak_kib, _tree_rss_kib(self.pid))


def process_tree(root: int) -> list[int]:
    """`root` and every process descended from it (Linux /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                stat = Path(entry.path, "stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    found, stack = [], [root]
    while stack:
        pid = stack.pop()
        found.append(pid)
        stack.extend(children.get(pid, []))
    return found


def _tree_rss_kib(root: int) -> int:
    total = 0
    for pid in process_tree(root):
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


def tree_cpu_seconds(root: int) -> float:
    """User + system CPU time used so far by `root` and its descendants (Linux /proc)."""
    ticks = 0
    for pid in process_tree(root):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return ticks / os.sysconf("SC_CLK_TCK")


def best_of(repeat: int, action: Callable[[], Run]) -> Run:
    """The fastest of `repeat` runs (the least disturbed by the rest of the machine); peak
    memory is the largest seen."""
    runs = [action() for _ in range(repeat)]
    return Run(
        min(r.seconds for r in runs),
        max(r.peak_mb for r in runs),
        min(r.cpu_seconds for r in runs),
        max(r.sampled_mb for r in runs),
    )


def time_call(action: Callable[[], object], repeat: int) -> list[float]:
    """Wall times of `repeat` in-process calls, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return times


def percentile(values: Sequence[float], pct: float) -> float:
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    return statistics.quantiles(ordered, n=100, method="inclusive")[int(pct) - 1]


def twgp(*args: str) -> list[str]:
    return [str(BIN / "twgp"), *args]


def python(*args: str) -> list[str]:
    return [sys.executable, *args]
