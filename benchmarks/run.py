"""twgp's benchmark: every figure is a ratio against a bare baseline measured in the same run,
plus the absolute numbers. Usage: `.venv/bin/python benchmarks/run.py [--size N] [--json]`.

Exit status: 0 when every target is met (always, with --smoke, which only reports), 1 when a
target is missed, and a traceback (non-zero) when a step crashes."""

from __future__ import annotations

import argparse
import json
import platform
import sys
import tempfile
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import figures
from benchmarks.synthetic import write_scryfall_bulk

Figure = dict[str, Any]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=_sizes, default=[100_000],
                        help="cards in the synthetic data; several, comma-separated "
                        "(25000,100000,400000), run one after the other, side by side")  # fmt: skip
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (best kept)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--only", default="", help="comma-separated figure names")
    parser.add_argument("--smoke", action="store_true", help="CI smoke run: report, never judge")
    args = parser.parse_args(argv)

    wanted = {name for name in args.only.split(",") if name}
    unknown = wanted - set(figures.ALL)
    if unknown:
        known = ", ".join(figures.ALL)
        parser.error(f"unknown figure(s) {', '.join(sorted(unknown))}; known: {known}")
    reports = [_measure(size, args.repeat, args.smoke, wanted) for size in args.size]
    if args.json:
        whole = reports[0] if len(reports) == 1 else {"runs": reports}
        print(json.dumps(whole, indent=2, ensure_ascii=False))
    else:
        print("\n\n".join(render_table(report) for report in reports))
        if len(reports) > 1:
            print("\n" + render_side_by_side(reports))
    missed = [
        f"{name} (N = {report['size']:,})"
        for report in reports
        for name, figure in report["figures"].items()
        if figure.get("met") is False
    ]
    if missed and not args.smoke:
        print(f"targets missed: {', '.join(missed)}", file=sys.stderr)
        return 1
    return 0


def _sizes(text: str) -> list[int]:
    sizes = [int(part.replace("_", "")) for part in text.split(",") if part.strip()]
    if not sizes or min(sizes) <= 0:
        raise argparse.ArgumentTypeError("sizes are positive whole numbers")
    return sizes


def _measure(size: int, repeat: int, smoke: bool, wanted: set[str]) -> dict[str, Any]:
    """Every wanted figure at `size` cards, in a temporary folder of its own."""
    results: dict[str, Figure] = {}
    with tempfile.TemporaryDirectory(prefix="twgp-bench-") as tmp:
        work = Path(tmp)
        bulk = write_scryfall_bulk(work / "bulk.json", size)
        context = figures.Context(work=work, bulk=bulk, size=size, repeat=repeat, smoke=smoke)
        steps: dict[str, Callable[[figures.Context], Figure]] = figures.ALL
        for name, step in steps.items():
            if wanted and name not in wanted:
                continue
            print(f"measuring {name} at N = {size:,}…", file=sys.stderr, flush=True)
            results[name] = step(context)
    return {
        "date": date.today().isoformat(),
        "machine": f"{platform.machine()}, {_cpus()} cores, Python {platform.python_version()}",
        "size": size,
        "figures": results,
    }


def render_side_by_side(reports: list[dict[str, Any]]) -> str:
    """One row per figure, one column per size: its ratio (wall and CPU) or detail."""
    sizes = [f"N = {report['size']:,}" for report in reports]
    names = list(dict.fromkeys(name for report in reports for name in report["figures"]))
    lines = [
        "| figure | " + " | ".join(sizes) + " |",
        "|---|" + "---|" * len(sizes),
    ]
    for name in names:
        cells = [
            str(report["figures"].get(name, {}).get("ratio_text", "")) for report in reports
        ]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _cpus() -> int:
    import os

    return len(os.sched_getaffinity(0))


def render_table(report: dict[str, Any]) -> str:
    lines = [
        f"twgp benchmark — {report['date']} — {report['machine']} — N = {report['size']:,}",
        "",
        f"| {'figure':<10} | {'twgp':>26} | {'baseline':>10} | {'ratio / detail':>16} "
        f"| {'target':<24} | met |",
        f"|{'-' * 12}|{'-' * 28}|{'-' * 12}|{'-' * 18}|{'-' * 26}|-----|",
    ]
    for name, fig in report["figures"].items():
        met = {True: "yes", False: "NO", None: "—"}[fig.get("met")]
        lines.append(
            f"| {name:<10} | {fig.get('twgp', ''):>26} | {fig.get('baseline', ''):>10} | "
            f"{fig.get('ratio_text', ''):>16} | {fig.get('target', ''):<24} | {met:<3} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
