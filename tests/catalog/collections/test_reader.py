"""Reading each app's collection CSV (files written in each app's real shape) into rows: format
detection, columns by name, vocabularies, and bad input reported per row or as our error."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catalog.collections import reader as reader_module
from catalog.collections.errors import CollectionFormatError
from catalog.collections.formats import FORMAT_IDS, Headers, detect_format
from catalog.collections.reader import ReadOptions, read_collection
from catalog.collections.rows import CollectionRow, entry_keys
from converters.errors import InputFormatError

from .cards import DATA, uuid

WriteFile = Callable[..., Path]


def fields(row: CollectionRow) -> tuple[object, ...]:
    return (row.line, row.quantity, row.name, row.set_code, row.collector_number, row.lang,
            row.finish, row.condition)  # fmt: skip


@pytest.mark.parametrize(
    ("file", "format_id", "game"),
    [
        pytest.param("moxfield.csv", "moxfield", "mtg", id="Moxfield (all quoted, CRLF)"),
        pytest.param("manabox.csv", "manabox", "mtg", id="ManaBox whole collection"),
        pytest.param("deckbox.csv", "deckbox", "mtg", id="Deckbox with Edition Code"),
        pytest.param("delver.csv", "delver", "mtg", id="Delver Lens custom"),
        pytest.param("echomtg.csv", "echomtg", "mtg", id="Delver EchoMTG preset"),
        pytest.param("dragonshield.csv", "dragonshield", "mtg", id="Dragon Shield sep= line"),
        pytest.param("sorted.csv", "sorted", "mtg", id="Sorted sep= line + List Type"),
        pytest.param("tcgplayer.csv", "tcgplayer", None, id="TCGplayer app (every game)"),
        pytest.param("archidekt.csv", "archidekt", "mtg", id="Archidekt"),
        pytest.param("ygoprodeck.csv", "ygoprodeck", "yugioh", id="YGOPRODeck with BOM"),
        pytest.param("mtggoldfish.csv", "mtggoldfish", "mtg", id="MTGGoldfish"),
        pytest.param("twgp.csv", "twgp", None, id="twgp's own CSV"),
    ],
)
def test_format_detected_by_headers(file: str, format_id: str, game: str | None) -> None:
    parsed = read_collection(DATA / file)
    assert parsed.format_id == format_id
    assert parsed.rows
    if game is not None:
        assert {row.game for row in parsed.rows} == {game}


def test_moxfield_quoted_commas_doubled_quotes_and_split_names() -> None:
    parsed = read_collection(DATA / "moxfield.csv")
    assert [fields(r) for r in parsed.rows] == [
        (2, 2, "Ajani, Nacatl Pariah", "mh3", "237", "en", "nonfoil", "NM"),
        (3, 1, "Fire // Ice", "mh2", "290", "ja", "foil", "NM"),
        (4, 1, 'Kongming, "Sleeping Dragon"', "ptk", "8", "en", "nonfoil", "LP"),
        (5, 4, "Lightning Bolt", "m10", "146", "en", "etched", "MP"),
    ]
    assert parsed.problems == []


def test_manabox_wish_list_and_deck_rows_are_not_owned_copies() -> None:
    parsed = read_collection(DATA / "manabox.csv")
    assert [(r.line, r.quantity, r.finish, r.lang, r.location) for r in parsed.rows] == [
        (2, 2, "nonfoil", "en", "Red box"),
        (3, 1, "foil", "ja", "Red box"),
        (6, 3, "etched", "zh-Hans", "Red box"),
    ]
    assert parsed.rows[0].source_id == uuid(1)
    assert [(p.line, p.kind) for p in parsed.problems] == [(4, "skipped"), (5, "skipped")]
    assert "deck" in parsed.problems[0].reason
    assert "wish list" in parsed.problems[1].reason


def test_manabox_deck_rows_count_when_asked() -> None:
    parsed = read_collection(DATA / "manabox.csv", ReadOptions(count_decks=True))
    assert [r.line for r in parsed.rows] == [2, 3, 4, 6]


def test_echomtg_preset_gives_two_entries_per_row() -> None:
    parsed = read_collection(DATA / "echomtg.csv")
    assert [(r.line, r.quantity, r.finish, r.lang, r.condition) for r in parsed.rows] == [
        (2, 2, "nonfoil", "en", "NM"),
        (2, 1, "foil", "en", "NM"),
        (3, 2, "foil", "ja", "LP"),
        (4, 1, "nonfoil", "en", None),
    ]


def test_delver_quantity_x_and_blank_language_is_english() -> None:
    parsed = read_collection(DATA / "delver.csv")
    assert [(r.quantity, r.name, r.finish) for r in parsed.rows] == [
        (2, "Lightning Bolt", "nonfoil"),
        (1, "Counterspell", "foil"),
        (3, "Expansion/Explosion", "nonfoil"),
    ]


def test_dragon_shield_after_its_sep_line() -> None:
    parsed = read_collection(DATA / "dragonshield.csv")
    assert [fields(r) for r in parsed.rows] == [
        (3, 4, "Lightning Bolt", "M10", "146", "en", "nonfoil", "NM"),
        (4, 1, "Zur's Weirding", "5ED", "128", "ja", "nonfoil", "LP"),
        (5, 2, "Delver of Secrets", "ISD", "51", "en", "foil", "NM"),
    ]
    assert parsed.rows[0].location == "Binder A"


def test_dragon_shield_mobile_app_writes_a_space_after_each_comma(tmp_path: Path) -> None:
    path = tmp_path / "mobile.csv"
    path.write_bytes(
        b"Folder Name, Quantity, Trade Quantity, Card Name, Set Code, Set Name, Card Number, "
        b"Condition, Printing, Language\r\n"
        b'Binder, 4, 0, "Johnny, Combo Player", UNH, Unhinged, 38, NearMint, Normal, English\r\n'
        b"Binder, 1, 0, Lightning Bolt, M10, Magic 2010, 146, Good, Foil, Japanese\r\n")
    parsed = read_collection(path)
    assert parsed.format_id == "dragonshield"
    assert [fields(r) for r in parsed.rows] == [
        (2, 4, "Johnny, Combo Player", "UNH", "38", "en", "nonfoil", "NM"),
        (3, 1, "Lightning Bolt", "M10", "146", "ja", "foil", "LP"),
    ]


def test_tcgplayer_keeps_simple_name_and_finish_inside_condition() -> None:
    rows = read_collection(DATA / "tcgplayer.csv").rows
    assert rows[0].name == "Orcish Bowmasters (Borderless)"
    assert rows[0].alt_names == ("Orcish Bowmasters",)
    assert (rows[0].finish, rows[0].condition) == ("foil", "NM")
    assert (rows[1].collector_number, rows[1].finish) == ("4/102", "holofoil")
    assert {r.game for r in rows} == {None}


def test_tcgplayer_game_from_the_option() -> None:
    rows = read_collection(DATA / "tcgplayer.csv", ReadOptions(game="pokemon")).rows
    assert {r.game for r in rows} == {"pokemon"}


def test_a_game_option_is_honoured_by_every_format() -> None:
    for file in ("manabox.csv", "moxfield.csv", "dragonshield.csv", "ygoprodeck.csv"):
        parsed = read_collection(DATA / file, ReadOptions(game="pokemon"))
        assert parsed.game == "pokemon"
        assert {r.game for r in parsed.rows} == {"pokemon"}


def test_ygoprodeck_bom_and_passcodes_compared_as_integers() -> None:
    parsed = read_collection(DATA / "ygoprodeck.csv")
    assert parsed.encoding == "utf-8-sig"
    assert parsed.headers[0] == "cardname"
    assert [(r.source_id, r.collector_number) for r in parsed.rows] == [
        ("89631139", "LOB-EN001"), ("5318639", "MRL-047"), ("14558127", "MACR-EN036"),
    ]  # fmt: skip


def test_archidekt_language_codes_are_not_iso() -> None:
    rows = read_collection(DATA / "archidekt.csv").rows
    assert [(r.lang, r.finish, r.condition) for r in rows] == [
        ("ja", "foil", "NM"), ("zh-Hans", "nonfoil", "MP"),
    ]  # fmt: skip


def test_twgp_csv_reads_every_field() -> None:
    rows = read_collection(DATA / "twgp.csv").rows
    assert rows[0] == CollectionRow(
        line=2, quantity=2, name="Lightning Bolt", game="mtg", source_id=uuid(12),
        set_code="sta", collector_number="42", lang="ja", finish="foil", condition="NM",
        name_ja="稲妻",
    )  # fmt: skip
    assert (rows[2].game, rows[2].finish) == ("pokemon", "holofoil")



def test_the_plugin_registry_is_asked_once_per_file_not_per_row(
    write_file: WriteFile, monkeypatch: pytest.MonkeyPatch
) -> None:
    """entry_points() costs milliseconds: asked per row it made a 20,000-row import a minute."""
    calls: list[None] = []

    def counted() -> list[str]:
        calls.append(None)
        return ["mtg", "pokemon"]

    monkeypatch.setattr(reader_module, "converter_ids", counted)
    lines = ["game,source_id,name,quantity"] + [f"mtg,{uuid(n)},Card {n},1" for n in range(50)]
    rows = read_collection(write_file("\n".join(lines) + "\n", "many.csv")).rows
    assert [row.game for row in rows] == ["mtg"] * 50
    assert len(calls) == 1


# --- Dialect and encoding ---------------------------------------------------------------------

MOXFIELD_HEADER = (
    "Count,Tradelist Count,Name,Edition,Condition,Language,Foil,Tags,Last Modified,"
    "Collector Number,Alter,Proxy,Purchase Price"
)
MOXFIELD_ROWS = [
    '2,0,"Ajani, Nacatl Pariah",mh3,Near Mint,English,,,2026-01-05 19:26:45.000000,237,False,False,',
    '1,0,"Kongming, ""Sleeping Dragon""",ptk,Near Mint,English,,,2026-01-05,8,False,False,',
]


@pytest.mark.parametrize(
    ("prefix", "newline", "delimiter"),
    [
        pytest.param("", "\n", ",", id="LF"),
        pytest.param("", "\r\n", ",", id="CRLF"),
        pytest.param("", "\r", ",", id="lone CR"),
        pytest.param("\ufeff", "\r\n", ",", id="BOM + CRLF"),
        pytest.param('"sep=,"\r\n', "\r\n", ",", id="quoted sep= line"),
        pytest.param("sep=;\n", "\n", ";", id="bare sep=; line"),
        pytest.param("", "\n", ";", id="semicolon sniffed (European Excel)"),
        pytest.param("", "\n", "\t", id="tab sniffed (Delver TSV)"),
    ],
)
def test_same_rows_whatever_the_dialect(
    write_file: WriteFile, prefix: str, newline: str, delimiter: str
) -> None:
    lines = [MOXFIELD_HEADER, *MOXFIELD_ROWS]
    if delimiter != ",":
        lines = [_redelimit(line, delimiter) for line in lines]
    path = write_file(prefix + newline.join(lines) + newline)
    rows = read_collection(path).rows
    assert [(r.quantity, r.name, r.set_code) for r in rows] == [
        (2, "Ajani, Nacatl Pariah", "mh3"), (1, 'Kongming, "Sleeping Dragon"', "ptk"),
    ]  # fmt: skip
    assert [r.line for r in rows] == ([3, 4] if prefix.strip("\ufeff") else [2, 3])


def _redelimit(line: str, delimiter: str) -> str:
    import csv
    import io

    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="").writerow(next(csv.reader([line])))
    return out.getvalue()


def test_shift_jis_file(write_file: WriteFile) -> None:
    text = (
        "name,name_ja,quantity,set\r\nLightning Bolt,稲妻,2,sta\r\nCounterspell,対抗呪文,1,mh2\r\n"
    )
    path = write_file(text, encoding="cp932")
    parsed = read_collection(path)
    assert parsed.encoding == "cp932"
    assert [(r.name_ja, r.quantity) for r in parsed.rows] == [("稲妻", 2), ("対抗呪文", 1)]


def test_windows_1252_file(write_file: WriteFile) -> None:
    text = "Count,Tradelist Count,Name,Edition,Card Number\r\n1,0,Lim-Dûl's Vault,ALL,47\r\n"
    parsed = read_collection(write_file(text, encoding="cp1252"))
    assert parsed.encoding == "cp1252"
    assert parsed.rows[0].name == "Lim-Dûl's Vault"


def test_a_japanese_name_with_full_width_characters(write_file: WriteFile) -> None:
    path = write_file("Name,Quantity,Language\n青眼の白龍,３,Japanese\n")
    row = read_collection(path).rows[0]
    assert (row.name, row.quantity, row.lang) == ("青眼の白龍", 3, "ja")


# --- Bad input --------------------------------------------------------------------------------


def test_bad_quantities_are_reported_per_row_with_their_line(write_file: WriteFile) -> None:
    path = write_file(
        "Quantity,Name\n2,Lightning Bolt\nfour,Counterspell\n-1,Fire // Ice\n,Opt\n0,Sol Ring\n"
    )
    parsed = read_collection(path)
    assert [(r.line, r.name) for r in parsed.rows] == [(2, "Lightning Bolt")]
    assert [(p.line, p.kind, p.name) for p in parsed.problems] == [
        (3, "error", "Counterspell"),
        (4, "error", "Fire // Ice"),
        (5, "error", "Opt"),
        (6, "skipped", "Sol Ring"),
    ]
    assert "Quantity: quantity 'four'" in parsed.problems[0].reason
    assert "quantity 0" in parsed.problems[3].reason


def test_blank_lines_and_a_trailing_junk_row_are_passed_over(write_file: WriteFile) -> None:
    path = write_file("Quantity,Name,Set Code\n\n2,Lightning Bolt,M10\n\n,,M10\n,,\n")
    parsed = read_collection(path)
    assert [(r.line, r.name) for r in parsed.rows] == [(3, "Lightning Bolt")]
    assert [(p.line, p.kind) for p in parsed.problems] == [(5, "skipped")]


def test_short_rows_are_padded(write_file: WriteFile) -> None:
    path = write_file("Quantity,Name,Set Code,Collector Number\n2,Lightning Bolt\n")
    row = read_collection(path).rows[0]
    assert (row.name, row.set_code, row.collector_number) == ("Lightning Bolt", None, None)


def test_a_missing_column_is_named_with_the_headers_found(write_file: WriteFile) -> None:
    path = write_file("Binder Name,Name,Set code,ManaBox ID\nRed,Opt,XLN,1\n")
    with pytest.raises(CollectionFormatError) as caught:
        read_collection(path)
    message = caught.value.message
    assert "ManaBox file without the column 'Quantity'" in message
    assert "headers found: Binder Name, Name, Set code, ManaBox ID" in message


def test_a_file_without_a_header_row_is_our_error(write_file: WriteFile) -> None:
    path = write_file("1,Lightning Bolt,M10,146\n2,Counterspell,MH2,267\n")
    with pytest.raises(CollectionFormatError, match="cannot tell the collection format"):
        read_collection(path)


def test_an_empty_file_is_our_error(write_file: WriteFile) -> None:
    with pytest.raises(InputFormatError, match="empty"):
        read_collection(write_file(""))


def test_bytes_that_are_no_text_are_our_error(write_file: WriteFile) -> None:
    with pytest.raises(InputFormatError, match="encoding"):
        read_collection(write_file(b"Name,Quantity\n\x81\x00\xff\xfe\x81\x8d\x8f\x90\x9d\n"))


def test_a_missing_file_is_our_error(tmp_path: Path) -> None:
    with pytest.raises(InputFormatError, match="No such file"):
        read_collection(tmp_path / "nope.csv")


def test_excel_scientific_notation_ids_are_flagged_not_guessed(write_file: WriteFile) -> None:
    path = write_file("cardname,cardq,cardid\nBlue-Eyes White Dragon,1,8.96311E+07\n")
    row = read_collection(path).rows[0]
    assert row.source_id is None
    assert "scientific notation" in row.warnings[0]


def test_unknown_format_option() -> None:
    with pytest.raises(CollectionFormatError, match="unknown collection format 'cockatrice'"):
        read_collection(DATA / "moxfield.csv", ReadOptions(format_id="cockatrice"))


def test_a_chosen_format_wins_over_detection() -> None:
    parsed = read_collection(DATA / "moxfield.csv", ReadOptions(format_id="generic"))
    assert parsed.format_id == "generic"
    assert parsed.rows[0].quantity == 2  # generic aliases still find `Count`


# --- Detection table --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("headers", "sep_line", "format_id"),
    [
        pytest.param("Card Name,Quantity", True, "dragonshield", id="sep= line + Card Name"),
        pytest.param(
            " Folder Name, Quantity, Card Name",
            False,
            "dragonshield",
            id="Dragon Shield mobile: a space after each comma",
        ),
        pytest.param("List Type,Card Name,Quantity", True, "sorted", id="Sorted"),
        pytest.param("Name,Quantity,MANABOX_ID", False, "manabox", id="header case and _"),
        pytest.param("Count,Tradelist Count,Name,Card Number", False, "deckbox", id="Deckbox"),
        pytest.param("cardname,cardq,cardid", False, "ygoprodeck", id="YGOPRODeck"),
        pytest.param("Reg Qty,Foil Qty,Name", False, "echomtg", id="EchoMTG"),
        pytest.param("Qty,Card", False, "generic", id="generic aliases"),
        pytest.param("Count,Tradelist Count,Name,Edition,Condition,Language,Foil,Collector Number",
                     False, "moxfield", id="Moxfield without Last Modified"),
        pytest.param("TCGplayer Id,Product Line,Set Name,Product Name,Number,Total Quantity",
                     False, "generic", id="TCGplayer seller export"),
        pytest.param("カード名,枚数", False, "generic", id="Japanese headers"),
    ],
)
def test_detection_fingerprints(headers: str, sep_line: bool, format_id: str) -> None:
    names = tuple(h.strip() for h in headers.split(","))
    assert detect_format(Headers(names, sep_line)).id == format_id


def test_format_ids_cover_the_cli_choices() -> None:
    assert set(FORMAT_IDS) >= {
        "moxfield", "manabox", "deckbox", "delver", "dragonshield", "sorted", "tcgplayer",
        "archidekt", "ygoprodeck", "mtggoldfish", "twgp",
    }  # fmt: skip


# --- Entry keys -------------------------------------------------------------------------------


def test_entry_keys_ignore_lines_but_count_repeated_rows(write_file: WriteFile) -> None:
    one = read_collection(write_file("Quantity,Name\n1,Opt\n1,Opt\n2,Ponder\n", "a.csv"))
    other = read_collection(
        write_file("\ufeffsep=;\r\nQuantity;Name\r\n\r\n1;Opt\r\n1;Opt\r\n2;Ponder\r\n", "b.csv")
    )
    keys = entry_keys("generic", one.rows)
    assert len(set(keys)) == 3
    assert entry_keys("generic", other.rows) == keys
    assert entry_keys("generic", one.rows, label="binder 2") != keys
    assert entry_keys("moxfield", one.rows) != keys


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    header=st.lists(st.sampled_from(["Name", "Quantity", "Count", "Set Code", "Card Number",
                                     "Foil", "Language", "cardid", "x", ""]), max_size=6),
    body=st.text(alphabet=st.characters(codec="utf-8"), max_size=200),
)  # fmt: skip
def test_any_file_is_rows_or_our_error(write_file: WriteFile, header: list[str], body: str) -> None:
    path = write_file(",".join(header) + "\n" + body)
    try:
        parsed = read_collection(path)
    except InputFormatError:
        return
    assert all(row.quantity > 0 for row in parsed.rows)
    assert all(p.kind in ("error", "skipped") for p in parsed.problems)
