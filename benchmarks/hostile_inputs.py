"""Hostile payloads for benchmarks/hostile.py: bytes a reader could be handed, card records
whose names and texts carry markup, escapes and formulas, and one good record per game."""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "converters" / "examples"
JSON_GAMES = ("mtg", "yugioh", "pokemon", "onepiece")
CSV_GAMES = ("2chtcg", "darkside", "dinoking", "dm", "dqbr", "eternalvoice", "liveon", "ws")
GAMES = JSON_GAMES + CSV_GAMES
#: the Japanese-only games whose example names are Japanese
JAPANESE_GAMES = ("dqbr", "dinoking", "dm", "liveon", "2chtcg", "darkside", "eternalvoice")
#: the field holding a record's name and its text, per game
NAME_FIELD = {"mtg": "name", "yugioh": "name", "pokemon": "name", "onepiece": "card_name",
              "2chtcg": "名前", "dm": "名前", "eternalvoice": "名前"}  # fmt: skip
TEXT_FIELD = {"mtg": "oracle_text", "yugioh": "desc", "onepiece": "effects", "2chtcg": "効果",
              "darkside": "text", "eternalvoice": "効果"}  # fmt: skip

#: strings that must come out as text wherever a card's name or text is shown or written
MARKUP = {
    "close": "Bolt [/] of [/bold]",
    "link": "[link=https://evil.example/]Click[/link] me",
    "style": "[bold red on white]Loud[/] card :fire:",
    "ansi": "Red\x1b[5;31mBlink\x1b[0m card",
    "osc_title": "Title\x1b]0;PWNED\x07 card",
    "osc_link": "Link\x1b]8;;https://evil.example/\x1b\\here\x1b]8;;\x1b\\ card",
    "bidi": "Bidi \u202egnp.exe\u202c card",
    "clear": "Clear\x1b[2J\x1b[H card",
}
#: names that start like spreadsheet formulas (OWASP CSV injection)
FORMULAS = {
    "hyperlink": '=HYPERLINK("https://evil.example/","Click")',
    "plus_cmd": "+cmd|' /C calc'!A0",
    "at_sum": "@SUM(1+1)*cmd|' /C calc'!A0",
    "minus": "-2+3+cmd|' /C calc'!A0",
    "tab": "\t=1+1",
    "cr": "\r=1+1",
}
SCRIPTS = {
    "script": "<script>alert(1)</script> Dragon",
    "img": '<img src=x onerror="alert(1)"> Wolf',
    "pipe": "Pipe | breaks \\| tables",
}


def example_records(game: str) -> list[dict[str, Any]]:
    """The bundled example's records of a game (JSON records or CSV rows as dicts)."""
    path = EXAMPLES / f"{game}.json"
    if path.exists():
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict):
            data = next(v for v in data.values() if isinstance(v, list))
        return list(data)
    with (EXAMPLES / f"{game}.csv").open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def example_bytes(game: str) -> tuple[str, bytes]:
    """The example file's suffix and bytes."""
    for suffix in ("json", "csv"):
        path = EXAMPLES / f"{game}.{suffix}"
        if path.exists():
            return suffix, path.read_bytes()
    raise FileNotFoundError(game)


def to_csv(rows: list[dict[str, Any]], encoding: str = "utf-8", bom: bool = False) -> bytes:
    """Rows as CSV bytes in an encoding."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), lineterminator="\r\n")
    writer.writeheader()
    writer.writerows(rows)
    data = buffer.getvalue().encode(encoding)
    return (b"\xef\xbb\xbf" + data) if bom else data


def records_named(game: str, names: dict[str, str], text_too: bool = True) -> list[dict[str, Any]]:
    """One record per name: the game's first example record renamed (and its text set)."""
    base = example_records(game)[0]
    out = []
    for i, (key, name) in enumerate(names.items()):
        record = dict(base)
        record[NAME_FIELD.get(game, "name")] = name
        if text_too and game in TEXT_FIELD:
            record[TEXT_FIELD[game]] = f"Text of {name}"
        for id_field in ("id", "card_number", "image_name"):
            if id_field in record:
                record[id_field] = _new_id(game, record[id_field], i, key)
        out.append(record)
    return out


def _new_id(game: str, old: Any, i: int, key: str) -> Any:
    if game == "yugioh":
        return 90000000 + i
    if isinstance(old, str) and game == "onepiece":
        return f"OP99-{i:03d}"
    return f"hostile-{key}-{i}"


def record_file(game: str, records: list[dict[str, Any]]) -> tuple[str, bytes]:
    """The records as the game's file kind (JSON array or CSV)."""
    if game in JSON_GAMES:
        return "json", json.dumps(records, ensure_ascii=False).encode()
    return "csv", to_csv(records)


def garbage() -> dict[str, bytes]:
    """Hostile files of no game in particular (name → bytes)."""
    rng = random.Random(20260101)
    huge_digits = "9" * 5000
    deep = 100_000
    return {
        "empty": b"",
        "bom_only": b"\xef\xbb\xbf",
        "spaces": b"   \n\n\t \r\n",
        "lone_42": b"42",
        "lone_null": b"null",
        "lone_string": b'"card"',
        "lone_true": b"true",
        "empty_object": b"{}",
        "empty_array": b"[]",
        "array_of_ints": b"[1, 2, 3]",
        "array_of_arrays": b"[[], [[]], [1]]",
        "array_of_nulls": b"[null, null]",
        "envelope_data_5": b'{"data": 5}',
        "envelope_data_str": b'{"data": "x", "has_more": true}',
        "truncated_json": b'[{"name": "Lightning Bolt", "cmc": 1',
        "trailing_garbage": b'[{"name": "x"}] ]]]',
        "deep_array": b"[" * deep,
        "deep_object": b'{"a":' * deep,
        "deep_in_record": b'[{"name": "x", "extra": ' + b"[" * 5000 + b"]" * 5000 + b"}]",
        "deep_jsonl": b'{"name": "a"}\n' + b"[" * 20000 + b"\n",
        "huge_int": b'[{"name": "x", "hp": ' + huge_digits.encode() + b"}]",
        "huge_int_4299": b'[{"name": "x", "cmc": ' + b"9" * 4299 + b"}]",
        "huge_float": b'[{"name": "x", "cmc": 1e999999, "hp": "1e400"}]',
        "nan_inf": b'[{"name": "x", "cmc": NaN, "hp": Infinity, "atk": -Infinity}]',
        "neg_zero": b'[{"name": "x", "cmc": -0.0, "hp": "-0", "level": -5}]',
        "huge_string": b'[{"name": "' + b"A" * (3 << 20) + b'"}]',
        "huge_key": b'[{"' + b"k" * (2 << 20) + b'": 1}]',
        "many_keys": b"[{" + b",".join(b'"k%d": %d' % (i, i) for i in range(200_000)) + b"}]",
        "nul_json": b'[{"name": "Bo\x00lt"}]',
        "nul_escaped": b'[{"name": "Bo\\u0000lt", "text": "\\ud800"}]',
        "lone_surrogate": b'[{"name": "\\udc80\\ud800"}]',
        "nul_csv": b"name,kind,hp\nSlime\x00,monster,481\n",
        "random_1k": rng.randbytes(1024),
        "random_64k": rng.randbytes(65536),
        "random_printable": bytes(rng.choice(b"[]{},:\"'\\0123456789abc \n") for _ in range(20000)),
        "utf8_invalid": b"name,kind,hp\n\xff\xfe\xfdSlime,monster,481\n",
        "huge_csv_line": b"name,kind,hp\n" + b"x" * (2 << 20) + b",monster,481\n",
        "huge_csv_field_quoted": b'name,kind,hp\n"' + b"y" * (300 << 10) + b'",monster,481\n',
        "unclosed_quote": b'name,kind,hp\n"Slime,monster,481\n' + b"more\n" * 100000,
        "csv_header_only": b"name,kind,hp\n",
        "csv_dup_headers": b"name,name,name\na,b,c\n",
        "csv_many_columns": (",".join(f"c{i}" for i in range(50000)) + "\n").encode(),
        "csv_ragged": b"name,kind,hp\na\nb,c,d,e,f,g\n,,\n",
        "jsonl_mixed": b'{"name": "a"}\n42\n"x"\n[1]\n{bad\n',
        "xml": b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>',
        "gzip": b"\x1f\x8b\x08\x00" + rng.randbytes(200),
        "zip": b"PK\x03\x04" + rng.randbytes(200),
        "png": b"\x89PNG\r\n\x1a\n" + rng.randbytes(200),
        "utf32_json": '[{"name": "Slime"}]'.encode("utf-32"),
    }
