"""Reading other games' decklists (FORMATS.md §2–3) from files in their real shapes."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckbuilder.decklists import EXTRA, MAIN, SIDE, parser, split_quantity
from deckbuilder.decklists.cod import deck_hash
from deckbuilder.decklists.ydk import decode_part, encode_ydke
from deckbuilder.errors import DecklistFormatError
from deckbuilder.importer import read_foreign
from tests.deckbuilder import foreign_samples as samples


def summary(format_id: str, text: str) -> list[tuple[int, int, str, str, str | None, str | None]]:
    deck = parser(format_id)(text, "")
    return [(ln.line, ln.qty, ln.name, ln.zone, ln.set_code, ln.number) for ln in deck.lines]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("4 Bolt", (4, "Bolt"), id="4"),
        pytest.param("4x Bolt", (4, "Bolt"), id="4x"),
        pytest.param("4X Bolt", (4, "Bolt"), id="4X"),
        pytest.param("x4 Bolt", (4, "Bolt"), id="x4"),
        pytest.param("4 x Bolt", (4, "Bolt"), id="4 x"),
        pytest.param("(4) Bolt", (4, "Bolt"), id="(4)"),
        pytest.param("[4] Bolt", (4, "Bolt"), id="[4]"),
        pytest.param("4* Bolt", (4, "Bolt"), id="4*"),
        pytest.param("1 X Marks the Spot", (1, "X Marks the Spot"), id="a name starting X"),
        pytest.param("Bolt", None, id="no quantity"),
    ],
)
def test_quantities(text: str, expected: tuple[int, str] | None) -> None:
    assert split_quantity(text) == expected


def test_ydk_with_crlf_comments_and_zones(tmp_path: Path) -> None:
    path = tmp_path / "deck.ydk"
    path.write_bytes(samples.YDK.encode())
    deck = read_foreign(path.read_bytes().decode("utf-8"), "ydk")
    assert [(ln.line, ln.zone, ln.source_id, ln.qty) for ln in deck.lines] == [
        (3, MAIN, "89631139", 1), (4, MAIN, "89631139", 1), (5, MAIN, "46986414", 1),
        (6, MAIN, "40640057", 1), (8, EXTRA, "44508094", 1), (10, SIDE, "5318639", 1),
        (11, SIDE, "89631141", 1),
    ]
    assert deck.notes == ["line 1: created by Kaiba"]


def test_ydk_passcodes_compare_as_integers() -> None:
    deck = read_foreign("#main\n05318639\nnot a card\n", "ydk")
    assert deck.lines[0].source_id == "5318639"
    assert deck.notes == ["line 3: 'not a card' is not a passcode (skipped)"]


def test_ydke_worked_example_both_ways() -> None:
    deck = read_foreign(f"my deck: {samples.YDKE} have fun", "ydke")
    zones: dict[str, list[int]] = {MAIN: [], EXTRA: [], SIDE: []}
    for line in deck.lines:
        assert line.source_id is not None
        zones[line.zone].append(int(line.source_id))
    assert zones == {MAIN: [89631139, 89631139, 46986414], EXTRA: [44508094], SIDE: [5318639]}
    assert encode_ydke(zones[MAIN], zones[EXTRA], zones[SIDE]) == samples.YDKE


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("no url here", "expected a ydke:// URL", id="no url"),
        pytest.param("ydke://o6lXBaM=!!!", "not whole 32-bit passcodes", id="5 bytes"),
        pytest.param("ydke://@@@@!!!", "expected a ydke:// URL", id="not base64 alphabet"),
        pytest.param("ydke://o6lXB%!!!", "not Base64", id="bad escape"),
    ],
)
def test_ydke_errors(text: str, expected: str) -> None:
    with pytest.raises(DecklistFormatError, match=expected):
        read_foreign(text, "ydke")


def test_ydke_url_escapes_and_missing_final_bang() -> None:
    deck = read_foreign("ydke://o6lXBaOpVwWu9MwC!viOnAg%3D%3D!7ydRAA==", "ydke")
    assert [ln.source_id for ln in deck.lines][-2:] == ["44508094", "5318639"]
    assert decode_part("", 1) == []


def test_cockatrice_cod() -> None:
    deck = read_foreign(samples.COD, "cod")
    assert deck.name == "Izzet Tempo"
    assert summary("cod", samples.COD) == [
        (8, 4, "Lightning Bolt", MAIN, "STA", "42"),
        (9, 2, "Counterspell", MAIN, None, None),
        (12, 2, "Pyroblast", SIDE, None, None),
    ]
    assert any("tokens" in note for note in deck.notes)
    assert any("vs Burn" in note for note in deck.notes)
    assert deck_hash(deck) == "b2h9s1nn"  # FORMATS.md §2.5 test vector


def test_broken_xml_names_the_line() -> None:
    with pytest.raises(DecklistFormatError) as caught:
        read_foreign('<?xml version="1.0"?>\n<cockatrice_deck>\n<zone name="main">\n</deck>', "cod")
    assert caught.value.line == 4
    with pytest.raises(DecklistFormatError, match="expected a <cockatrice_deck>"):
        read_foreign("<Deck/>", "cod")


def test_mtgo_dek_sums_nothing_but_keeps_every_catid_line() -> None:
    assert summary("mtgo", samples.DEK) == [
        (5, 3, "Lightning Bolt", MAIN, None, None),
        (6, 1, "Lightning Bolt", MAIN, None, None),
        (7, 2, "Fire // Ice", MAIN, None, None),
        (8, 2, "Pyroblast", SIDE, None, None),
    ]


def test_mtgo_txt_blank_line_starts_the_sideboard() -> None:
    assert [(n, z) for _, _, n, z, _, _ in summary("mtgo", samples.MTGO_TXT)] == [
        ("Lightning Bolt", MAIN), ("Counterspell", MAIN), ("Pyroblast", SIDE)
    ]


def test_ptcgl_recounts_and_spells_energy_one_way() -> None:
    deck = read_foreign(samples.PTCGL, "ptcgl")
    assert [(ln.qty, ln.name, ln.set_code, ln.number, ln.source_id) for ln in deck.lines] == [
        (3, "Pikachu ex", "sv1", "63", None),
        (1, "Pikachu", "base1", "58", None),
        (2, "Bill", "base1", "91", None),
        (4, "Lightning Energy", "sve", "4", None),
        (3, "Lightning Energy", "sve", "4", None),
        (2, "Lightning Energy", None, None, None),
    ]
    assert deck.lines[-1].alt_names == ("Basic Lightning Energy",)
    assert deck.notes == [
        "line 1: PokÃ©mon says 5; 2 lines of 4 cards follow (the cards count)",
        "line 13: the total says 16; the cards listed are 15",
    ]


def test_ptcgo_legacy_export() -> None:
    deck = read_foreign(samples.PTCGO, "ptcgl")
    assert [(ln.qty, ln.name, ln.set_code) for ln in deck.lines] == [
        (1, "Pikachu", "base1"), (1, "Lightning Energy", None)
    ]
    assert deck.notes == []


def test_arena_about_name_companion_and_set_codes() -> None:
    deck = read_foreign(samples.MTGA, "mtga")
    assert deck.name == "Izzet Tempo"
    assert summary("mtga", samples.MTGA) == [
        (8, 4, "Lightning Bolt", MAIN, "STA", "42"),
        (9, 2, "Fire // Ice", MAIN, "APC", "128"),
        (10, 1, "Llanowar Elves", MAIN, "DOM", "168"),  # Arena's DAR is Dominaria
        (13, 1, "Jegantha, the Wellspring", SIDE, "IKO", "222"),
        (14, 2, "Pyroblast", SIDE, "ICE", "212"),
    ]
    assert deck.notes == ["line 5: companion Jegantha, the Wellspring is also in the sideboard"]


def test_plain_list_with_markers_and_name_forms() -> None:
    assert summary("plain", samples.PLAIN) == [
        (2, 4, "Lightning Bolt", MAIN, None, None),
        (3, 4, "Counterspell", MAIN, None, None),
        (4, 1, "Giant Growth", MAIN, None, None),
        (5, 2, "Fire // Ice", MAIN, None, None),
        (6, 2, "Pyroblast", SIDE, None, None),
        (7, 1, "Glorious Anthem", SIDE, None, None),
    ]


@pytest.mark.parametrize(
    ("text", "zones"),
    [
        pytest.param("Deck\n4 Opt\n\nSideboard (2)\n2 Negate\n", [MAIN, SIDE], id="headers"),
        pytest.param("4 Opt\n//Sideboard\n2 Negate\n", [MAIN, SIDE], id="// header"),
        pytest.param("[Main]\n4 Opt\n[Maybeboard]\n2 Negate\n", [MAIN], id="maybeboard skipped"),
        pytest.param("4 Opt\n\n2 Negate\n", [MAIN, SIDE], id="blank line rule"),
        pytest.param("4 Opt\n\n2 Negate\nSB: 1 Duress\n", [MAIN, MAIN, SIDE], id="SB: wins"),
        pytest.param("1 Sol Ring (CMM) 400 *F* #!Ramp #mana\n", [MAIN], id="moxfield"),
    ],
)
def test_plain_sections(text: str, zones: list[str]) -> None:
    assert [ln.zone for ln in read_foreign(text, "plain").lines] == zones


def test_decorations_are_stripped() -> None:
    line = read_foreign("1x Sol Ring (cmm) 400 *F* [Ramp,Commander{top}] ^Have,#37d67a^", "plain")
    assert summary("plain", "1 Sol Ring (CMM) 400 *F* #!Ramp #mana")[0][2:] == (
        "Sol Ring", MAIN, "CMM", "400"
    )
    assert line.lines[0].name == "Sol Ring"
    assert read_foreign("1 Erase (Not the Urza's Legacy One)", "plain").lines[0].name == (
        "Erase (Not the Urza's Legacy One)"
    )
