"""More hostile cases: symlinked outputs, work limits (decklists, queries, collection rows)
and the Japanese CSVs of issue 14's acceptance (10 KB and 10 MB, UTF-8 with and without BOM,
Shift_JIS)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator

from benchmarks.hostile_inputs import JAPANESE_GAMES, example_records, to_csv
from benchmarks.hostile_run import Case, Check, Result

DECK = b"name: d\nformat: half\n\n[pool]\n1 mtg Lightning Bolt\n"


def _target_untouched(result: Result) -> str | None:
    target = result.folder / "target.txt"
    if target.exists() and target.read_bytes() != b"precious\n":
        return "the symlink's target was overwritten"
    if (result.folder / "elsewhere.txt").exists():
        return "a dangling symlink's target was created"
    return None


def symlink_cases() -> Iterator[Case]:
    """-o onto symbolic links (dangling and not), with and without --force."""
    commands = {
        "collection-export": ["collection", "export", "--db", "{db}", "-o", "{dir}/out"],
        "deck-export": ["deck", "export", "deck.twgp", "--to", "csv", "--db", "{db}",
                        "-o", "{dir}/out"],
        "deck-import": ["deck", "import", "deck.txt", "--db", "{db}", "-o", "{dir}/out"],
    }
    for name, args in commands.items():
        for link in ("dangling", "existing"):
            for force in (False, True):
                target = "elsewhere.txt" if link == "dangling" else "target.txt"
                setup_link = f"ln -s {target} out"
                files = {"deck.twgp": DECK, "deck.txt": b"4 Lightning Bolt\n"}
                if link == "existing":
                    files["target.txt"] = b"precious\n"
                yield Case(f"symlink-{name}-{link}-{'force' if force else 'plain'}",
                           [*args, *(["--force"] if force else [])], files,
                           exits=frozenset({0} if force else {2}),
                           checks=[_target_untouched], setup=[["!sh", "-c", setup_link]])


def limit_cases() -> Iterator[Case]:
    """Work limits: quantities, distinct lines, ydke URLs, queries."""
    digits = "9" * 5000
    for fmt, text in {
        "plain": f"{digits} Lightning Bolt\n",
        "mtga": f"Deck\n{digits} Lightning Bolt (M10) 146\n",
        "mtgo": f'<?xml version="1.0"?><Deck><Cards CatID="1" Quantity="{digits}" '
                f'Sideboard="false" Name="Lightning Bolt"/></Deck>',
        "ptcgl": f"Pokémon: 1\n{digits} Pikachu BS 58\n",
        "cod": f'<?xml version="1.0"?><cockatrice_deck><zone name="main">'
               f'<card number="{digits}" name="Lightning Bolt"/></zone></cockatrice_deck>',
        "dck": f"[Main]\n{digits} Lightning Bolt|M10\n",
        "ydk": "#main\n" + "46986414\n" * 5 + digits + "\n",
    }.items():  # fmt: skip
        yield Case(f"limit-qty-{fmt}", ["deck", "import", "in.txt", "--from", fmt, "--db",
                   "{db}"], {"in.txt": text.encode()})  # fmt: skip
    yield Case("limit-qty-twgp", ["deck", "validate", "in.twgp", "--db", "{db}"],
               {"in.twgp": DECK.replace(b"1 mtg", digits.encode() + b" mtg")})
    million = "".join(f"1 Card number {i}\n" for i in range(1_000_000)).encode()
    yield Case("limit-million-lines", ["deck", "import", "in.txt", "--from", "plain", "--db",
               "{db}"], {"in.txt": million}, timeout=120)  # fmt: skip
    yield Case("limit-million-twgp", ["deck", "validate", "in.twgp", "--db", "{db}"],
               {"in.twgp": b"format: half\n[pool]\n" + million.replace(b"1 Card", b"1 mtg C")},
               timeout=120)  # fmt: skip
    ydke = "ydke://" + "AAAAAA" * 7_000_000 + "!!!"
    yield Case("limit-ydke-40mb", ["deck", "import", "in.txt", "--from", "ydke", "--db",
               "{db}"], {"in.txt": ydke.encode()}, timeout=120)  # fmt: skip
    yield Case("limit-ydke-arg", ["deck", "import", "ydke://" + "QUJDRA==" * 2000 + "!!!",
               "--db", "{db}"])  # fmt: skip
    for name, query in {
        "parens": "(" * 500 + "bolt" + ")" * 500,
        "nots": "-" * 5000 + "bolt",
        "long": "bolt " * 2000,
        "sql": "'; DROP TABLE card; --",
        "sql2": 'name:"x\' OR 1=1 --"',
        "like": 'name:"%" text:"_%"',
        "fts": 'text:"NEAR(a b)" "*" ^bolt AND OR NOT',
        "fts2": '"unterminated',
        "grade": "grade>=99999999999999999999999999 grade<-1 grade:abc",
        "owned": "owned>99999999999999999999999 owned<abc",
        "unknown": "foo:bar set: lang:",
        "ansi": "\x1b]0;x\x07",
        "sort": "sort:\"; DROP\" order:sideways",
        "markup": "[/] [link=x]",
    }.items():  # fmt: skip
        yield Case(f"query-search-{name}", ["search", "--db", "{db}", query])
        yield Case(f"query-list-{name}", ["collection", "list", query, "--db", "{db}"])
        yield Case(f"query-export-{name}", ["collection", "export", "--query", query,
                   "--db", "{db}"])  # fmt: skip
        yield Case(f"query-show-{name}", ["show", "--db", "{db}", query])


def collection_row_cases() -> Iterator[Case]:
    """Collection rows with hostile quantities and ids, and non-CSV files."""
    head = ("Count,Tradelist Count,Name,Edition,Condition,Language,Foil,Tags,Last Modified,"
            "Collector Number,Alter,Proxy,Purchase Price\n")  # fmt: skip
    for name, qty in {"1e30": "1" + "0" * 30, "pow": "10**30", "abc": "abc", "neg": "-5",
                      "zero": "0", "float": "1.5", "exp": "1e3", "digits": "9" * 5000,
                      "formula": "=1+1", "empty": ""}.items():  # fmt: skip
        row = f'"{qty}","0","Lightning Bolt","m10","Near Mint","English","","","","146",' \
              f'"False","False",""\n'  # fmt: skip
        yield Case(f"collection-qty-{name}", ["collection", "import", "in.csv", "--db", "{db}"],
                   {"in.csv": (head + row).encode()})  # fmt: skip
    ygo = "cardname,cardq,cardid,cardset,cardcode,cardrarity,print_tag,price\n"
    ids = {"huge": "9" * 5000, "neg": "-1", "text": "abc", "float": "1.5e300"}
    for name, card_id in ids.items():
        yield Case(f"collection-ygo-id-{name}", ["collection", "import", "in.csv", "--db", "{db}"],
                   {"in.csv": f"{ygo}Dark Magician,1,{card_id},LOB,LOB-005,UR,,1\n".encode()})
    data = json.dumps([{"name": "Lightning Bolt", "quantity": 1}]).encode()
    yield Case("collection-json", ["collection", "import", "in.json", "--db", "{db}"],
               {"in.json": data})  # fmt: skip
    yield Case("collection-replace-empty", ["collection", "import", "in.csv", "--mode",
               "replace", "--db", "{db}"], {"in.csv": (head + "1,0,No Such Card,,,,,,,,,,\n")
               .encode(), "seed.csv": (head + '1,0,Lightning Bolt,,,,,,,,,,\n').encode()},
               exits=frozenset({1, 2}),
               setup=[["collection", "import", "seed.csv", "--db", "{db}"]])  # fmt: skip


def japanese_rows(game: str, size: int) -> list[dict[str, str]]:
    """At least `size` bytes of the game's example rows, repeated with numbered ids."""
    base = example_records(game)
    rows: list[dict[str, str]] = []
    total = 0
    while total < size:
        for row in base:
            copy = dict(row)
            i = len(rows)
            if "id" in copy:
                copy["id"] = f"{copy['id']}-{i}"
            else:
                key = "名前" if "名前" in copy else "name"
                copy[key] = f"{copy[key]}{i}"
            rows.append(copy)
            total += len(",".join(copy.values()).encode()) + 2
    return rows


def _stored_names(db: str, game: str) -> set[str]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT name FROM card WHERE game = ?", (game,)).fetchall()
    return {r[0] for r in rows}


def japanese_check(names: list[str], game: str, stored: bool) -> list[Check]:
    def check(result: Result) -> str | None:
        if stored:
            have = _stored_names(str(result.folder / "c.db"), game)
        else:
            have = {json.loads(line)["name"] for line in result.stdout.splitlines() if line}
        missing = [n for n in names if n not in have]
        return f"{len(missing)} names not intact, e.g. {missing[:3]}" if missing else None

    return [check]


def japanese_cases(big: bool) -> Iterator[Case]:
    """10 KB Japanese CSVs of every Japanese-only game (and 10 MB DQ Battle Road when `big`)
    in UTF-8, UTF-8 with a BOM and Shift_JIS, converted and imported with every name intact."""
    sizes: list[tuple[str, int, tuple[str, ...]]] = [("10kb", 10_000, JAPANESE_GAMES)]
    if big:
        sizes.append(("10mb", 10_000_000, ("dqbr",)))
    for label, size, games in sizes:
        for game in games:
            rows = japanese_rows(game, size)
            key = "名前" if "名前" in rows[0] else "name"
            names = sorted({r[key] for r in rows})
            for enc, bom in (("utf-8", False), ("utf-8", True), ("cp932", False)):
                try:
                    data = to_csv(rows, enc, bom)
                except UnicodeEncodeError:
                    continue
                tag = f"{label}-{game}-{enc}{'-bom' if bom else ''}"
                yield Case(f"ja-convert-{tag}", ["convert", game, "in.csv", "--json"],
                           {"in.csv": data}, exits=frozenset({0}), timeout=600,
                           checks=japanese_check(names, game, stored=False))
                yield Case(f"ja-import-{tag}", ["import", game, "in.csv", "--db", "{db}"],
                           {"in.csv": data}, exits=frozenset({0}), timeout=600,
                           checks=japanese_check(names, game, stored=True))
