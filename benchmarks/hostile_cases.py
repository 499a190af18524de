"""The hostile cases of benchmarks/hostile.py, by family (issue 14's acceptance list)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator

from benchmarks.hostile_inputs import (
    CSV_GAMES,
    FORMULAS,
    GAMES,
    JSON_GAMES,
    MARKUP,
    SCRIPTS,
    example_bytes,
    garbage,
    record_file,
    records_named,
)  # fmt: skip
from benchmarks.hostile_run import Case, Check, Result

DECK_FORMATS = ("mtga", "mtgo", "plain", "ydk", "ydke", "ptcgl", "cod", "dck")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def reader_cases() -> Iterator[Case]:
    """Every garbage payload through every reader: convert (each game), import, collection
    import, every deck reader; stdin too."""
    payloads = garbage()
    for key, data in payloads.items():
        for game in GAMES:
            suffix = "json" if game in JSON_GAMES else "csv"
            yield Case(f"convert-{game}-{key}", ["convert", game, f"in.{suffix}", "--json"],
                       {f"in.{suffix}": data})  # fmt: skip
        for game in ("mtg", "yugioh", "pokemon", "dqbr", "ws"):
            suffix = "json" if game in JSON_GAMES else "csv"
            yield Case(f"import-{game}-{key}", ["import", game, f"in.{suffix}", "--db", "{db}"],
                       {f"in.{suffix}": data})  # fmt: skip
        yield Case(f"stdin-convert-{key}", ["convert", "mtg", "-"], stdin=data)
        yield Case(f"stdin-import-{key}", ["import", "dqbr", "-", "--db", "{db}"], stdin=data)
        yield Case(f"collection-{key}", ["collection", "import", "in.csv", "--db", "{db}"],
                   {"in.csv": data})  # fmt: skip
        yield Case(f"collection-stdin-{key}", ["collection", "import", "-", "--db", "{db}"],
                   stdin=data)  # fmt: skip
        for command in ("validate", "stats"):
            yield Case(f"deck-{command}-{key}", ["deck", command, "in.twgp", "--db", "{db}"],
                       {"in.twgp": data})  # fmt: skip
        yield Case(f"deck-save-{key}", ["deck", "save", "in.twgp", "--db", "{db}"],
                   {"in.twgp": data})  # fmt: skip
        for fmt in DECK_FORMATS:
            yield Case(f"deck-import-{fmt}-{key}",
                       ["deck", "import", "in.txt", "--from", fmt, "--db", "{db}"],
                       {"in.txt": data})  # fmt: skip


def encoding_cases() -> Iterator[Case]:
    """Valid example files in other encodings: read with every name intact, or refused."""
    for game in CSV_GAMES:
        _, data = example_bytes(game)
        text = data.decode("utf-8-sig")
        names = _names_of(game, text)
        for encoding in ("utf-16", "utf-16-le", "utf-16-be", "utf-32", "cp932", "euc_jp"):
            try:
                encoded = text.encode(encoding)
            except UnicodeEncodeError:
                continue
            yield Case(f"enc-{game}-{encoding}", ["convert", game, "in.csv", "--json"],
                       {"in.csv": encoded}, exits=frozenset({0}),
                       checks=[names_intact(names)])  # fmt: skip
        half = len(text) // 2
        try:
            mixed = text[:half].encode() + text[half:].encode("cp932")
        except UnicodeEncodeError:
            continue
        if not text[:half].isascii() and not text[half:].isascii():
            yield Case(f"enc-{game}-mixed", ["convert", game, "in.csv", "--json"],
                       {"in.csv": mixed}, exits=frozenset({2}))  # fmt: skip
            yield Case(f"enc-import-{game}-mixed", ["import", game, "in.csv", "--db", "{db}"],
                       {"in.csv": mixed}, exits=frozenset({2}))  # fmt: skip


def _names_of(game: str, text: str) -> list[str]:
    rows = list(csv.DictReader(io.StringIO(text)))
    key = "名前" if "名前" in rows[0] else "name"
    return [r[key] for r in rows if r.get(key)]


def names_intact(names: list[str]) -> Check:
    def check(result: Result) -> str | None:
        if result.code != 0:
            return None
        out = {json.loads(line).get("name") for line in result.stdout.splitlines() if line}
        missing = [n for n in names if n not in out]
        return f"names not intact: {missing[:5]}" if missing else None

    return check


def wrong_game_cases() -> Iterator[Case]:
    """Each game's example converted and imported as every other game."""
    for source in GAMES:
        suffix, data = example_bytes(source)
        for game in GAMES:
            if game == source:
                continue
            yield Case(f"wrong-convert-{source}-as-{game}", ["convert", game, f"in.{suffix}"],
                       {f"in.{suffix}": data})  # fmt: skip
            yield Case(f"wrong-import-{source}-as-{game}",
                       ["import", game, f"in.{suffix}", "--db", "{db}"],
                       {f"in.{suffix}": data}, checks=[refused_or_noted])  # fmt: skip


def refused_or_noted(result: Result) -> str | None:
    """A wrong game's file imported with exit 0 is worth a look (reported, not failed)."""
    if result.code == 0:
        return "NOTE accepted another game's file: " + result.stdout.decode()[-200:].strip()
    return None


def no_raw_controls(result: Result) -> str | None:
    for bad in (b"\x1b", b"\x07", "\u202e".encode()):
        if bad in result.stdout or bad in result.stderr:
            return f"raw control {bad!r} reached the terminal output"
    return None


def shows(*needles: str) -> Check:
    def check(result: Result) -> str | None:
        text = result.stdout.decode("utf-8", "replace")
        missing = [n for n in needles if n not in text]
        return f"not shown as text: {missing}" if missing else None

    return check


def markup_cases() -> Iterator[Case]:
    """Markup, ANSI and OSC in card names and texts: convert (table, JSON), import, search,
    show, collection list, deck exports."""
    text_checks = [no_raw_controls, shows("[/]", "[link=")]
    for game in GAMES:
        records = records_named(game, MARKUP)
        suffix, data = record_file(game, records)
        files = {f"cards.{suffix}": data}
        yield Case(f"markup-convert-{game}", ["convert", game, f"cards.{suffix}"], files,
                   exits=frozenset({0}), checks=text_checks)  # fmt: skip
        yield Case(f"markup-convert-json-{game}", ["convert", game, f"cards.{suffix}", "--json"],
                   files, exits=frozenset({0}), checks=[names_intact(list(MARKUP.values()))])
        load = ["import", game, f"cards.{suffix}", "--db", "{db}"]
        for query in ("Bolt", "Click", "card", f"game:{game}"):
            yield Case(f"markup-search-{game}-{query}", ["search", "--db", "{db}", query,
                       "--limit", "200"], files, exits=frozenset({0}), setup=[load],
                       checks=[no_raw_controls])  # fmt: skip
        for key, name in MARKUP.items():
            yield Case(f"markup-show-{game}-{key}", ["show", "--db", "{db}", f"{game}:{name}"],
                       files, exits=frozenset({0, 1}), setup=[load],
                       checks=[no_raw_controls])  # fmt: skip
        yield Case(f"markup-search-json-{game}", ["search", "--db", "{db}", "--json", "card"],
                   files, exits=frozenset({0}), setup=[load])  # fmt: skip


def _twgp_collection(game: str, ids: list[str]) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(["game", "source_id", "name", "name_ja", "set", "collector_number", "lang",
                     "finish", "condition", "quantity", "location"])  # fmt: skip
    for source_id in ids:
        writer.writerow([game, source_id, "", "", "", "", "", "nonfoil", "", 2, ""])
    return buffer.getvalue().encode()


def _deck(game: str, ids: list[str]) -> bytes:
    lines = ["name: hostile", "format: half", "", "[pool]"]
    lines += [f"1 {game} x [{source_id}]" for source_id in ids]
    return ("\n".join(lines) + "\n").encode()


def csv_without_formulas(result: Result) -> str | None:
    path = result.folder / "out.csv"
    text = path.read_text(encoding="utf-8-sig") if path.exists() else result.stdout.decode()
    for row in csv.reader(io.StringIO(text)):
        for cell in row:
            if cell.startswith(FORMULA_START) and not _number(cell):
                return f"formula cell exported: {cell[:40]!r}"
    return None


def _number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def without_script(result: Result) -> str | None:
    path = result.folder / "out"
    data = path.read_bytes() if path.exists() else result.stdout
    for bad in (b"<script", b"<img", b"onerror=\"", b"\x1b"):
        if bad in data.lower():
            return f"{bad!r} in the export"
    return None


def export_cases() -> Iterator[Case]:
    """Formulas and HTML in card names through every export."""
    for game in ("mtg", "yugioh", "dqbr"):
        names = {**FORMULAS, **SCRIPTS, **MARKUP}
        records = records_named(game, names)
        suffix, data = record_file(game, records)
        ids = [str(r.get("id") or r.get("card_number")) for r in records]
        if game == "dqbr":
            ids = [f"hostile-{k}-{i}" for i, k in enumerate(names)]
        files = {f"cards.{suffix}": data, "coll.csv": _twgp_collection(game, ids),
                 "deck.twgp": _deck(game, ids)}  # fmt: skip
        setup = [["import", game, f"cards.{suffix}", "--db", "{db}"],
                 ["collection", "import", "coll.csv", "--db", "{db}"]]  # fmt: skip
        for fmt in ("twgp", "moxfield", "manabox"):
            yield Case(f"export-collection-{game}-{fmt}", ["collection", "export", "--format",
                       fmt, "-o", "out.csv", "--db", "{db}"], files, exits=frozenset({0}),
                       setup=setup, checks=[csv_without_formulas])  # fmt: skip
            yield Case(f"export-collection-stdout-{game}-{fmt}", ["collection", "export",
                       "--format", fmt, "--db", "{db}"], files, exits=frozenset({0}),
                       setup=setup, checks=[csv_without_formulas])  # fmt: skip
        yield Case(f"export-deck-{game}-csv", ["deck", "export", "deck.twgp", "--to", "csv",
                   "-o", "out.csv", "--db", "{db}"], files, exits=frozenset({0}), setup=setup,
                   checks=[csv_without_formulas])  # fmt: skip
        for to in ("md", "html"):
            yield Case(f"export-deck-{game}-{to}", ["deck", "export", "deck.twgp", "--to", to,
                       "-o", "out", "--db", "{db}"], files, exits=frozenset({0}), setup=setup,
                       checks=[without_script])  # fmt: skip
        for to in ("twgp", "json", "csv", "md", "html"):
            yield Case(f"export-deck-stdout-{game}-{to}", ["deck", "export", "deck.twgp", "--to",
                       to, "--db", "{db}"], files, exits=frozenset({0}), setup=setup,
                       checks=[without_script] if to in ("md", "html") else [])  # fmt: skip
        yield Case(f"export-collection-list-{game}", ["collection", "list", "--db", "{db}"],
                   files, exits=frozenset({0}), setup=setup, checks=[no_raw_controls])
        yield Case(f"export-deck-validate-{game}", ["deck", "validate", "deck.twgp", "--db",
                   "{db}"], files, exits=frozenset({1}), setup=setup,
                   checks=[no_raw_controls])  # fmt: skip
