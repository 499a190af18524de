"""Collection imports on hostile and awkward input (issue 14 items 2, 5, 8 and 10): quantities
that are not counts, huge ids, JSON files, replace with nothing resolvable, files streamed
chunk by chunk, Shift_JIS files with Japanese headers, reports summarised."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import Engine, select

from catalog.collections import service
from catalog.collections.errors import CollectionFormatError
from catalog.collections.limits import REPORTED_LINES
from catalog.collections.reader import ReadOptions, read_collection
from catalog.collections.resolve import Resolver
from catalog.collections.rows import CollectionRow, entry_keys
from catalog.collections.service import (
    CollectionImportRefused,
    ImportOptions,
    import_collection,
)
from catalog.schema.models import COLLECTION_ROW
from catalog.store.db import session_scope

from .cards import DATA
from .owned_helpers import owned_by_name, owned_state

WriteFile = Callable[..., Path]
MOXFIELD_HEADER = (
    '"Count","Tradelist Count","Name","Edition","Condition","Language","Foil","Tags",'
    '"Last Modified","Collector Number","Alter","Proxy","Purchase Price"\r\n'
)


@pytest.mark.parametrize(
    ("count", "reason"),
    [
        pytest.param(str(10**30), "more than 1,000,000", id="10**30"),
        pytest.param("10**30", "not a whole number", id="10**30 as written"),
        pytest.param("9" * 5000, "(5,000 characters) is more than 1,000,000", id="5,000 digits"),
        pytest.param("abc", "not a whole number", id="abc"),
    ],
)
def test_a_moxfield_quantity_that_is_not_a_count_is_a_row_error(
    engine: Engine, write_file: WriteFile, count: str, reason: str
) -> None:
    text = MOXFIELD_HEADER + (
        f'"{count}","0","Lightning Bolt","m10","Near Mint","English","","","","146","False",'
        '"False",""\r\n"2","0","Counterspell","mh2","Near Mint","English","","","","267",'
        '"False","False",""\r\n'
    )
    report = import_collection(engine, write_file(text))
    assert [(p.line, p.kind) for p in report.problems] == [(2, "error")]
    assert reason in report.problems[0].reason
    assert owned_by_name(engine) == {"Counterspell": 2}


def test_a_yugioh_row_with_a_huge_id_is_found_by_name(engine: Engine, write_file: WriteFile) -> None:
    text = "\ufeffcardname,cardq,cardrarity,card_edition,cardset,cardcode,cardid,print_id\n" \
           f"Dark Magician,1,Ultra Rare,Unlimited,LOB,LOB-EN005,{'4' * 5000},\n" \
           "Mystical Space Typhoon,2,Ultra Rare,Unlimited,MRL,MRL-047,０５３１８６３９,\n"
    report = import_collection(engine, write_file(text))
    assert report.resolved == 2
    assert "is longer than any card id" in report.notes[0][1]


def test_a_json_file_is_refused_with_what_to_do(engine: Engine, write_file: WriteFile) -> None:
    for text in ('[{"name": "Lightning Bolt", "count": 4}]', '{\n  "cards": []\n}'):
        with pytest.raises(CollectionFormatError, match="JSON, not a collection CSV") as caught:
            import_collection(engine, write_file(text, "collection.json"))
        assert "twgp import" in caught.value.hint


def test_replace_with_nothing_resolvable_refuses_to_empty_the_collection(
    engine: Engine, write_file: WriteFile
) -> None:
    import_collection(engine, DATA / "moxfield.csv")
    before = owned_state(engine)
    nothing = write_file("Quantity,Name\n2,No Such Card\n1,Another Unknown\n")
    with pytest.raises(CollectionImportRefused, match="would empty the collection") as caught:
        import_collection(engine, nothing, ImportOptions(mode="replace"))
    assert "--force" in caught.value.hint
    assert caught.value.report.unresolved_count == 2
    assert owned_state(engine) == before
    report = import_collection(engine, nothing, ImportOptions(mode="replace", force=True))
    assert (report.copies_before, report.copies_after) == (8, 0)
    assert owned_state(engine) == []


def test_streamed_chunks_give_the_keys_of_the_whole_file(
    engine: Engine, write_file: WriteFile, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Chunks of 2 rows: identical rows across chunk boundaries still count once each, and
    the keys are those of the file read whole (so a re-import counts nothing twice)."""
    monkeypatch.setattr(service, "CHUNK_ROWS", 2)
    path = write_file("Quantity,Name\n1,Opt\n1,Counterspell\n1,Counterspell\n2,Opt\n"
                      "1,Counterspell\n1,Fire // Ice\n1,Nope\n")  # fmt: skip
    report = import_collection(engine, path)
    assert (report.rows_read, report.resolved, report.unresolved_count) == (7, 4, 3)
    assert owned_by_name(engine) == {"Counterspell": 3, "Fire // Ice": 1}
    with session_scope(engine) as session:
        stored = {key for (key,) in session.execute(select(COLLECTION_ROW.c.source_key))}  # fmt: skip
    rows = read_collection(path).rows
    whole = {f"file:generic:{k}" for k, r in zip(entry_keys("generic", rows), rows, strict=True)
             if r.name in ("Counterspell", "Fire // Ice")}  # fmt: skip
    assert stored == whole
    again = import_collection(engine, path)
    assert (again.copies_added, again.change.unchanged) == (0, 4)


@pytest.mark.parametrize(
    "header",
    ["カード名,枚数", "名前,数量", "カード名,所持数,セット,カード番号", "名称,個数,言語,状態"],
)
def test_shift_jis_csv_with_japanese_headers(
    engine: Engine, write_file: WriteFile, header: str
) -> None:
    columns = header.split(",")
    extra = {"セット": "sta", "カード番号": "42", "言語": "日本語", "状態": "NM"}
    cells = [extra.get(c, "") for c in columns[2:]]
    body = ",".join(["稲妻", "3", *cells]) + "\r\n" + ",".join(["対抗呪文", "2", *cells]) + "\r\n"
    path = write_file(header + "\r\n" + body, encoding="cp932")
    parsed = read_collection(path)
    assert parsed.encoding.replace("_", "").lower() in ("cp932", "shiftjis")
    assert [(r.name, r.quantity) for r in parsed.rows] == [("稲妻", 3), ("対抗呪文", 2)]
    report = import_collection(engine, path, ImportOptions(read=ReadOptions(game="mtg")))
    assert report.unresolved == [], [r.reason for r in report.unresolved]
    assert owned_by_name(engine) == {"Lightning Bolt": 3, "Counterspell": 2}


def test_closest_names_are_looked_up_for_the_reported_rows_only(engine: Engine) -> None:
    rows = [CollectionRow(n, 1, f"Lightnig Bolt {n}", "mtg") for n in range(REPORTED_LINES + 5)]
    with session_scope(engine) as session:
        resolutions = Resolver(session).resolve_all(rows)
    with_candidates = [r.row.line for r in resolutions if r.candidates]
    assert with_candidates == list(range(REPORTED_LINES))


def test_reports_keep_the_first_rows_and_count_the_rest(
    engine: Engine, write_file: WriteFile
) -> None:
    body = "".join(f"1,Unknown Card {n}\n2x,Counterspell\n" for n in range(50))
    report = import_collection(engine, write_file("Quantity,Name\n" + body),
                               ImportOptions(dry_run=True))  # fmt: skip
    assert report.unresolved_count == 50
    assert len(report.unresolved) == REPORTED_LINES
    assert report.resolved == 50


HOSTILE_CELLS = ["4", "4x", "0", "9" * 5000, str(10**30), "10**30", "abc", "-1", "", "０３",
                 "8.96E+07", "4" * 70, "LOB-EN001", "4/102", '"', '""', "=SUM(A1)", "\x00",
                 "Lightning Bolt", "稲妻", "Fire // Ice", "Yes", "Japanese", "NearMint", "{", "["]


@pytest.mark.parametrize("source", sorted(DATA.glob("*.csv")), ids=lambda p: p.stem)
def test_every_format_with_hostile_cells_is_rows_or_our_error(
    write_file: WriteFile, source: Path
) -> None:
    """Each app's real header with rows of hostile cells (a Hypothesis search per format)."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from converters.errors import InputFormatError

    head = source.read_text(encoding="utf-8-sig").splitlines()
    header = "\n".join(head[: 2 if head[0].strip('"').startswith("sep=") else 1])
    width = header.splitlines()[-1].count(",") + 1
    cells = st.lists(st.sampled_from(HOSTILE_CELLS), min_size=1, max_size=width)

    @settings(max_examples=40, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
    @given(rows=st.lists(cells, max_size=5))
    def check(rows: list[list[str]]) -> None:
        body = "\n".join(",".join(f'"{c}"' if "," in c else c for c in row) for row in rows)
        path = write_file(header + "\n" + body + "\n", source.name)
        try:
            parsed = read_collection(path)
        except InputFormatError:
            return
        assert all(0 < row.quantity <= 1_000_000 for row in parsed.rows)
        assert all(len(row.source_id or "") <= 64 for row in parsed.rows)

    check()


@pytest.mark.parametrize(
    ("name", "closest"),
    [("Lightnig Bolt", "Lightning Bolt"), ("Bolt", "Lightning Bolt"),
     ("Counterspel", "Counterspell"), ("Kongming", 'Kongming, "Sleeping Dragon"')],
)  # fmt: skip
def test_closest_names_find_typos_and_parts(engine: Engine, name: str, closest: str) -> None:
    with session_scope(engine) as session:
        [resolution] = Resolver(session).resolve_all([CollectionRow(2, 1, name, "mtg")])
    assert resolution.candidates[0] == closest


def test_digest_set_is_a_set() -> None:
    """The compact set of EntryKeys answers as a Python set does (few buckets and a three-byte
    alphabet make the unaligned matches it must reject)."""
    from hypothesis import given
    from hypothesis import strategies as st

    from catalog.collections.rows import DigestSet

    @given(st.lists(st.binary(min_size=8, max_size=8).map(lambda b: b"\0" + b[:1] + bytes(
        c % 3 for c in b[2:])), max_size=60))  # fmt: skip
    def check(digests: list[bytes]) -> None:
        compact, plain = DigestSet(), set[bytes]()
        for digest in digests:
            assert compact.add(digest) == (digest not in plain)
            plain.add(digest)

    check()
