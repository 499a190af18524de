"""How well twgp reads real players' decklists and collection exports: the share of entries
resolved to the right card with the right quantity, of files read exactly (every entry right,
nothing stray), and of files whose format `--from auto` / `--format auto` tells right.

    python -m benchmarks.decklists_eval CORPUS [--db CATALOG] [--failures]

CORPUS holds the files and `expected.json`, one object per file (path relative to CORPUS):

    {"decks/list.txt": {"kind": "deck" | "collection", "format": "mtga" (or "mtga|plain":
      any of them is right), "options": {"game": "yugioh"} (what a user would pass: --game),
      "cards": [[quantity, "identity of the card"], ...]}}

An identity may be a list of identities the catalog keeps for one card (a basic Energy:
`Basic Fire Energy` and Base Set's `Fire Energy`): copies of any of them count.

A card is right when a line (or row) resolved to a card of that identity and the copies of
the identity in the file add up to the expected quantity. Unresolved lines and cards of other
identities are stray. The catalog (default CORPUS/catalog.sqlite3) must hold the cards; it is
only read. Decklists go through `read_foreign` + `import_decklist`, collections through
`resolve_collection`: the code paths of `twgp deck import` and `twgp collection import`."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Engine

from catalog.base.limits import MAX_TEXT_CHARS
from catalog.collections.reader import ReadOptions
from catalog.collections.service import resolve_collection
from catalog.ingest.textfiles import open_text
from catalog.store.db import open_engine
from converters.errors import TwgpError
from deckbuilder.importer import import_decklist, read_foreign


@dataclass
class Outcome:
    """One file: what was expected, what came out."""

    file: str
    group: str
    format_right: bool
    expected: Counter[str]
    found: Counter[str]
    stray: list[str] = field(default_factory=list)  # unresolved lines, other cards
    error: str = ""

    @property
    def right(self) -> int:
        return sum(1 for ident, qty in self.expected.items() if self.found.get(ident) == qty)

    @property
    def exact(self) -> bool:
        return self.right == len(self.expected) and not self.stray and not self.error


def evaluate_deck(engine: Engine, path: Path, spec: dict[str, Any]) -> tuple[str, Outcome]:
    with open_text(path) as file:
        text = file.read(MAX_TEXT_CHARS)
    foreign = read_foreign(text, "auto", source=path.name)
    result = import_decklist(engine, foreign, game=spec["options"].get("game"))
    found: Counter[str] = Counter()
    stray = []
    for line in result.lines:
        if line.card is None:
            stray.append(f"unresolved {line.line.text!r}: {line.reason}")
        else:
            found[line.card.identity] += line.line.qty
    return foreign.format_id, _outcome(path, spec, found, stray)


def evaluate_collection(engine: Engine, path: Path, spec: dict[str, Any]) -> tuple[str, Outcome]:
    options = ReadOptions(game=spec["options"].get("game"))
    resolved = resolve_collection(engine, path, options)
    found: Counter[str] = Counter()
    stray = []
    for row, resolution in resolved.rows:
        if resolution.card is None:
            stray.append(f"unresolved row {row.line} {row.name!r}: {resolution.reason}")
        else:
            found[resolution.card.identity] += row.quantity
    return resolved.format_id, _outcome(path, spec, found, stray)


def _outcome(
    path: Path, spec: dict[str, Any], found: Counter[str], stray: list[str]
) -> Outcome:
    expected = _expected(spec)
    same = {alt: idents[0] for _, idents in _alternatives(spec) for alt in idents}
    merged: Counter[str] = Counter()
    for ident, qty in found.items():
        merged[same.get(ident, ident)] += qty
    stray += [f"stray card {ident} ×{qty}" for ident, qty in merged.items()
              if ident not in expected]  # fmt: skip
    return Outcome(str(path), "", False, expected, merged, stray)


def _alternatives(spec: dict[str, Any]) -> list[tuple[int, list[str]]]:
    return [(qty, ident if isinstance(ident, list) else [ident]) for qty, ident in spec["cards"]]


def _expected(spec: dict[str, Any]) -> Counter[str]:
    return Counter({idents[0]: qty for qty, idents in _alternatives(spec)})


def evaluate(corpus: Path, engine: Engine) -> list[Outcome]:
    specs: dict[str, dict[str, Any]] = json.loads((corpus / "expected.json").read_text("utf-8"))
    outcomes = []
    for rel, spec in sorted(specs.items()):
        path = corpus / rel
        evaluate_file = evaluate_deck if spec["kind"] == "deck" else evaluate_collection
        try:
            told, outcome = evaluate_file(engine, path, spec)
        except TwgpError as exc:
            outcome = Outcome(rel, "", False, _expected(spec), Counter(), error=exc.message)
            told = "?"
        outcome.file = rel
        outcome.group = f"{spec['kind']}:{spec['format']}"
        outcome.format_right = told in spec["format"].split("|")
        if not outcome.format_right:
            outcome.stray.insert(0, f"format told as {told}, expected {spec['format']}")
        outcomes.append(outcome)
    return outcomes


def report(outcomes: list[Outcome], failures: bool) -> str:
    groups: dict[str, list[Outcome]] = defaultdict(list)
    for outcome in outcomes:
        groups[outcome.group].append(outcome)
    rows = ["| files | entries right | files exact | format told right |", "|---|---|---|---|"]
    head = "| group " + rows[0]
    lines = [head, "|---" + rows[1]]
    for name, group in sorted(groups.items()):
        lines.append(_row(name, group))
    lines.append(_row("**all**", outcomes))
    if failures:
        for outcome in outcomes:
            wrong = [f"  {ident}: expected {qty}, found {outcome.found.get(ident, 0)}"
                     for ident, qty in outcome.expected.items()
                     if outcome.found.get(ident) != qty]  # fmt: skip
            if wrong or outcome.stray or outcome.error:
                lines.append(f"\n{outcome.file}" + (f": {outcome.error}" if outcome.error else ""))
                lines += wrong + [f"  {s}" for s in outcome.stray]
    return "\n".join(lines)


def _row(name: str, group: list[Outcome]) -> str:
    entries = sum(len(o.expected) for o in group)
    right = sum(o.right for o in group)
    exact = sum(o.exact for o in group)
    told = sum(o.format_right for o in group)
    return (f"| {name} | {len(group)} | {right}/{entries} ({right / entries:.1%}) | "
            f"{exact}/{len(group)} ({exact / len(group):.0%}) | "
            f"{told}/{len(group)} ({told / len(group):.0%}) |")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--db", help="the catalog (default: CORPUS/catalog.sqlite3)")
    parser.add_argument("--failures", action="store_true", help="list every wrong entry")
    args = parser.parse_args(argv)
    engine = open_engine(args.db or str(args.corpus / "catalog.sqlite3"), load_starter=False)
    try:
        print(report(evaluate(args.corpus, engine), args.failures))
    finally:
        engine.dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main())
