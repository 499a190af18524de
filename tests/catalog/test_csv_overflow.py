"""A CSV row with more cells than its header never silently loses them (issue 21): card text
with an unquoted comma goes back into its text column; cells no column can take are an error
naming the line (card data) or a problem of that row (collections)."""

from __future__ import annotations

from pathlib import Path

import pytest

from catalog.collections.reader import read_collection
from catalog.ingest.reading import iter_records
from catalog.ingest.textfiles import open_text, read_csv
from converters.errors import InputFormatError
from converters.generic import GenericConverter
from converters.reading import twgp_reading


def write(tmp_path: Path, text: str, name: str = "cards.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def records(path: Path) -> list[dict[str, str]]:
    return [source.record for source in iter_records(path, GenericConverter())]


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        pytest.param(
            "name,kind,hp,text\n"
            "Healslime,monster,300,Deals 10 damage, then heals 10 HP, then draws.\n",
            {"name": "Healslime", "kind": "monster", "hp": "300",
             "text": "Deals 10 damage, then heals 10 HP, then draws."},
            id="text last",
        ),
        pytest.param(
            "name,effect,kind,hp\nHealslime,Discard a card, then draw two cards.,spell,30\n",
            {"name": "Healslime", "effect": "Discard a card, then draw two cards.",
             "kind": "spell", "hp": "30"},
            id="text in the middle",
        ),
        pytest.param(
            "名前;効果;種類\nホイミスライム;HPを回復する; さらに1枚引く;呪文\n",
            {"名前": "ホイミスライム", "効果": "HPを回復する; さらに1枚引く", "種類": "呪文"},
            id="semicolons, Japanese headers",
        ),
        pytest.param(
            "name,kind,hp,text\nSlime,monster,481,Jumps.,,,\n",
            {"name": "Slime", "kind": "monster", "hp": "481", "text": "Jumps."},
            id="blank trailing cells",
        ),
    ],
)  # fmt: skip
def test_card_text_with_an_unquoted_delimiter_keeps_its_text(
    tmp_path: Path, content: str, expected: dict[str, str]
) -> None:
    (record,) = records(write(tmp_path, content))
    assert record == expected


def test_the_kept_text_reads_whole(tmp_path: Path) -> None:
    path = write(tmp_path, "name,kind,text\nRecycler,spell,Draw two cards, then discard a card.\n")
    (record,) = records(path)
    assert twgp_reading(record["text"], "charge_effect") == (
        "Draw two cards, then put a card from the hand on the bottom of the library."
    )


def test_cells_no_column_can_take_are_an_error_naming_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, "name,kind,hp\nSlime,monster,481\nGolem,monster,8700,stone,big\n")
    with pytest.raises(InputFormatError) as caught:
        records(path)
    message = str(caught.value)
    assert "cards.csv: line 3: 2 more cells than the header has columns ('stone', 'big')" in (
        message
    )


def test_read_csv_keeps_the_extra_cells_when_no_text_column_is_named(tmp_path: Path) -> None:
    path = write(tmp_path, "a,b\n1,2,3\n4,5,,\n")
    with open_text(path) as file:
        _headers, rows = read_csv(file)
        first, second = list(rows)
    assert (first.line, first.values, first.extra) == (2, {"a": "1", "b": "2"}, ("3",))
    assert (second.values, second.extra) == ({"a": "4", "b": "5"}, ())


def test_a_collection_row_with_more_cells_is_a_problem_naming_its_line(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "Count,Name,Edition\n"
        "1,Lightning Bolt,M10\n"
        "2,Jace, the Mind Sculptor,WWK\n"
        "3,Serra Angel,M10\n",
        name="haves.csv",
    )
    parsed = read_collection(path)
    assert [row.name for row in parsed.rows] == ["Lightning Bolt", "Serra Angel"]
    (problem,) = parsed.problems
    assert (problem.line, problem.kind, problem.name) == (3, "error", "Jace")
    assert "1 more cell than the header has columns ('WWK')" in problem.reason
