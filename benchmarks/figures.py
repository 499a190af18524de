"""One function per benchmark figure. Each returns the absolute numbers, the baseline measured
in the same run, the ratio and whether the target is met."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.measure import Run, best_of, python, run_command, twgp
from benchmarks.synthetic import write_scryfall_bulk

Figure = dict[str, Any]


@dataclass(frozen=True)
class Context:
    work: Path
    bulk: Path
    size: int
    repeat: int


def _ratio_figure(mine: Run, base: Run, target: float, unit: str = "s") -> Figure:
    ratio = mine.seconds / base.seconds if base.seconds else float("inf")
    return {
        "twgp": f"{mine.seconds:.2f} {unit}",
        "baseline": f"{base.seconds:.2f} {unit}",
        "twgp_seconds": mine.seconds,
        "baseline_seconds": base.seconds,
        "ratio": ratio,
        "ratio_text": f"{ratio:.2f}×",
        "target": f"≤ {target}×",
        "met": ratio <= target,
    }


BARE_PARSE = (
    "import ijson, sys\n"
    "n = 0\n"
    "with open(sys.argv[1], 'rb') as f:\n"
    "    for _ in ijson.items(f, 'item', use_float=True):\n"
    "        n += 1\n"
)


def convert(ctx: Context) -> Figure:
    """`twgp convert mtg bulk.json --json` against the same file parsed by the same library."""
    mine = best_of(ctx.repeat, lambda: run_command(twgp("convert", "mtg", str(ctx.bulk), "--json")))
    base = best_of(ctx.repeat, lambda: run_command(python("-c", BARE_PARSE, str(ctx.bulk))))
    figure = _ratio_figure(mine, base, 3.0)
    figure["cards_per_second"] = ctx.size / mine.seconds
    return figure


def memory(ctx: Context) -> Figure:
    """Peak RSS of convert (and import, when the catalog has it) at N and 4N cards."""
    bigger = write_scryfall_bulk(ctx.work / "bulk4.json", ctx.size * 4)
    peaks: dict[str, float] = {}
    for label, path in (("N", ctx.bulk), ("4N", bigger)):
        run = run_command(twgp("convert", "mtg", str(path), "--json"))
        peaks[f"convert_{label}_mb"] = run.peak_mb
    worst = max(peaks.values())
    growth = peaks["convert_4N_mb"] / peaks["convert_N_mb"]
    bigger.unlink()
    return {
        **peaks,
        "twgp": f"{worst:.0f} MB",
        "baseline": "—",
        "ratio_text": f"{growth:.2f}× at 4N",
        "target": "≤ 300 MB, flat",
        "met": worst <= 300 and growth <= 1.25,
    }


ALL: dict[str, Callable[[Context], Figure]] = {
    "convert": convert,
    "memory": memory,
}
