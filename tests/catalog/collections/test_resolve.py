"""Resolving collection rows to catalog cards: source id, then set + number (checked against
the name), then the name in any accepted form; unresolved rows keep the closest names."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from catalog.collections.reader import ReadOptions, read_collection
from catalog.collections.resolve import (
    AMBIGUOUS,
    BY_NAME,
    BY_SET_NUMBER,
    EXACT,
    UNKNOWN,
    Resolution,
    Resolver,
)
from catalog.collections.rows import CollectionRow

from .cards import DATA, uuid

WriteFile = Callable[..., Path]


def resolve_file(
    engine: Engine, path: Path, options: ReadOptions | None = None
) -> list[Resolution]:
    options = options or ReadOptions()
    with Session(engine) as session:
        return Resolver(session).resolve_all(read_collection(path, options).rows)


def summary(resolutions: list[Resolution]) -> list[tuple[int, str, str | None]]:
    return [(r.row.line, r.status, r.card.ref if r.card else None) for r in resolutions]


@pytest.mark.parametrize(
    ("file", "expected"),
    [
        pytest.param("moxfield.csv", [
            (2, BY_SET_NUMBER, f"mtg:{uuid(1)}"),  # front face of a DFC, by mh3 237
            (3, BY_SET_NUMBER, f"mtg:{uuid(3)}"),
            (4, BY_SET_NUMBER, f"mtg:{uuid(4)}"),
            (5, BY_SET_NUMBER, f"mtg:{uuid(2)}"),
        ], id="Moxfield: set + number, names checked"),
        pytest.param("manabox.csv", [
            (2, EXACT, f"mtg:{uuid(1)}"), (3, EXACT, f"mtg:{uuid(12)}"),
            (6, EXACT, f"mtg:{uuid(3)}"),
        ], id="ManaBox: Scryfall ID"),
        pytest.param("deckbox.csv", [
            (2, BY_SET_NUMBER, f"mtg:{uuid(2)}"), (3, BY_SET_NUMBER, f"mtg:{uuid(6)}"),
            (4, BY_NAME, f"mtg:{uuid(5)}"),  # Deckbox's own code 5E is not 5ed
        ], id="Deckbox: own edition codes fall back to the name"),
        pytest.param("delver.csv", [
            (2, EXACT, f"mtg:{uuid(2)}"), (3, BY_SET_NUMBER, f"mtg:{uuid(8)}"),
            (4, BY_SET_NUMBER, f"mtg:{uuid(10)}"),  # Expansion/Explosion
        ], id="Delver: Scryfall ID, A/B split name"),
        pytest.param("dragonshield.csv", [
            (3, BY_SET_NUMBER, f"mtg:{uuid(2)}"), (4, BY_SET_NUMBER, f"mtg:{uuid(5)}"),
            (5, BY_SET_NUMBER, f"mtg:{uuid(9)}"),  # transform card by its front face
        ], id="Dragon Shield: uppercase sets, front face"),
        pytest.param("tcgplayer.csv", [
            (2, BY_SET_NUMBER, f"mtg:{uuid(17)}"),  # decorated name, Simple Name agrees
            (3, BY_SET_NUMBER, "pokemon:base1-4"),  # BS is base1 (catalog/collections/pokemon_sets.py)
            (4, BY_NAME, "yugioh:89631139"),
            (5, BY_NAME, "pokemon:fossil-61"),  # `Recycle` is MTG and Pokémon: 61/62 decides
        ], id="TCGplayer: every game"),
        pytest.param("ygoprodeck.csv", [
            (2, EXACT, "yugioh:89631139"), (3, EXACT, "yugioh:5318639"),
            (4, EXACT, "yugioh:14558127"),
        ], id="YGOPRODeck: passcodes (05318639 = 5318639)"),
        pytest.param("twgp.csv", [
            (2, EXACT, f"mtg:{uuid(12)}"), (3, EXACT, "yugioh:89631139"),
            (4, EXACT, "pokemon:base1-4"),
        ], id="twgp: game + source id"),
    ],
)  # fmt: skip
def test_rows_resolve_by_their_strongest_key(
    engine: Engine, file: str, expected: list[tuple[int, str, str]]
) -> None:
    assert summary(resolve_file(engine, DATA / file)) == expected


@pytest.mark.parametrize(
    ("name", "ref"),
    [
        pytest.param("Fire // Ice", f"mtg:{uuid(3)}", id="A // B"),
        pytest.param("Fire /// Ice", f"mtg:{uuid(3)}", id="A /// B (Arena)"),
        pytest.param("Fire/Ice", f"mtg:{uuid(3)}", id="A/B (MTGO)"),
        pytest.param("Fire / Ice", f"mtg:{uuid(3)}", id="A / B"),
        pytest.param("Fire", f"mtg:{uuid(3)}", id="front face only"),
        pytest.param("fire // ice", f"mtg:{uuid(3)}", id="case-folded"),
        pytest.param("ＦＩＲＥ // ＩＣＥ", f"mtg:{uuid(3)}", id="full-width letters"),
        pytest.param("Delver of Secrets", f"mtg:{uuid(9)}", id="transform front face"),
        pytest.param(
            "Orcish Bowmasters (Borderless) [Version 2]",
            f"mtg:{uuid(7)}",
            id="TCGplayer decorations",
        ),
        pytest.param("稲妻", f"mtg:{uuid(12)}", id="Japanese name (the ja printing)"),
        pytest.param("対抗呪文", f"mtg:{uuid(8)}", id="Japanese name of Counterspell"),
        pytest.param("青眼の白龍", "yugioh:89631139", id="Japanese YGO name"),
        pytest.param("ブラック・マジシャン", "yugioh:46986414", id="katakana name"),
        pytest.param("ﾌﾞﾗｯｸ・ﾏｼﾞｼｬﾝ", "yugioh:46986414", id="half-width katakana"),
        pytest.param("ぶらっく・まじしゃん", "yugioh:46986414", id="hiragana for katakana"),
        pytest.param('Kongming, "Sleeping Dragon"', f"mtg:{uuid(4)}", id="quotes in a name"),
    ],
)
def test_name_forms(engine: Engine, write_file: WriteFile, name: str, ref: str) -> None:
    path = write_file(f'Quantity,Name\n1,"{name.replace(chr(34), chr(34) * 2)}"\n')
    [resolution] = resolve_file(engine, path)
    assert (resolution.status, resolution.card.ref if resolution.card else None) == (BY_NAME, ref)


def test_set_number_of_another_card_falls_back_to_the_name(
    engine: Engine, write_file: WriteFile
) -> None:
    path = write_file("Quantity,Name,Set Code,Collector Number\n1,Counterspell,M10,146\n")
    [resolution] = resolve_file(engine, path)
    assert (resolution.status, resolution.card and resolution.card.name) == (
        BY_NAME,
        "Counterspell",
    )
    assert "M10 146 is 'Lightning Bolt' in the catalog" in resolution.notes[0]


@pytest.mark.parametrize(
    ("number", "status"),
    [
        pytest.param("741z", BY_SET_NUMBER, id="741z"),
        pytest.param("741Z", BY_SET_NUMBER, id="741Z: numbers compare case-insensitively"),
        pytest.param("742", BY_NAME, id="another number: by name"),
    ],
)
def test_collector_numbers_are_strings(
    engine: Engine, write_file: WriteFile, number: str, status: str
) -> None:
    path = write_file(f"Quantity,Name,Set Code,Collector Number\n1,Plains,SLD,{number}\n")
    [resolution] = resolve_file(engine, path)
    assert resolution.status == status


def test_leading_zeros_of_a_collector_number_are_kept(
    engine: Engine, write_file: WriteFile
) -> None:
    path = write_file("Quantity,Name,Set Code,Collector Number\n1,Arcane Signet,P30M,033\n")
    [resolution] = resolve_file(engine, path)
    assert (resolution.status, resolution.card and resolution.card.collector_number) == (
        BY_SET_NUMBER, "033",
    )  # fmt: skip


def test_set_and_number_without_a_name(engine: Engine, write_file: WriteFile) -> None:
    path = write_file("Qty,Set Code,Collector Number\n1,P30M,033\n1,P30M,999\n")
    resolutions = resolve_file(engine, path)
    assert summary(resolutions) == [(2, BY_SET_NUMBER, f"mtg:{uuid(13)}"), (3, UNKNOWN, None)]
    assert resolutions[1].candidates == ()


def test_unresolved_rows_keep_their_line_and_the_closest_names(
    engine: Engine, write_file: WriteFile
) -> None:
    path = write_file("Quantity,Name\n1,Lightning Bolt\n2,Lightnig Bolt\n1,Black Lotus\n")
    resolutions = resolve_file(engine, path, ReadOptions(game="mtg"))
    unknown = [r for r in resolutions if r.status == UNKNOWN]
    assert [r.row.line for r in unknown] == [3, 4]
    assert unknown[0].candidates[0] == "Lightning Bolt"
    assert unknown[0].card is None


def test_a_name_of_two_games_is_ambiguous_without_a_game(
    engine: Engine, write_file: WriteFile
) -> None:
    path = write_file("Quantity,Name\n1,Recycle\n")
    [resolution] = resolve_file(engine, path)
    assert resolution.status == AMBIGUOUS
    assert sorted(resolution.candidates) == [  # each with its set, number, language and id
        "mtg:00000000-0000-4000-8000-000000000014 (Recycle, set tmp, no. 250, en)",
        "pokemon:fossil-61 (Recycle, set fossil, no. 61, en)",
    ]  # fmt: skip
    [with_game] = resolve_file(engine, path, ReadOptions(game="mtg"))
    assert (with_game.status, with_game.card and with_game.card.game) == (BY_NAME, "mtg")


def test_by_name_prefers_the_printing_of_the_rows_set(engine: Engine) -> None:
    row = CollectionRow(line=2, quantity=1, name="Lightning Bolt", game="mtg", set_code="STA")
    with Session(engine) as session:
        resolution = Resolver(session).resolve(row)
    assert resolution.card is not None
    assert resolution.card.source_id == uuid(12)


def test_an_unknown_source_id_falls_back_and_says_so(engine: Engine) -> None:
    row = CollectionRow(line=7, quantity=1, name="Counterspell", game="mtg", source_id=uuid(99))
    with Session(engine) as session:
        resolution = Resolver(session).resolve(row)
    assert resolution.status == BY_NAME
    assert resolution.notes == (f"id {uuid(99)} is not in the catalog",)


def test_pokemon_set_codes_as_ptcgl_and_tcgplayer_write_them(
    engine: Engine, write_file: WriteFile
) -> None:
    """`BS 19/102` is Base Set 19 (pokemontcg.io `base1-19`), `DAA 1` TCGdex `swsh3-1`: the
    set code table of catalog/collections/pokemon_sets.py; the name alone names two cards."""
    from catalog.ingest.importer import import_cards

    from .cards import make_card

    import_cards(engine, [
        make_card("pokemon", "base1-19", "Dugtrio", "pokemon:dugtrio:70", set_code="base1",
                  number="19"),
        make_card("pokemon", "ex7-20", "Dugtrio", "pokemon:dugtrio:80", set_code="ex7",
                  number="20"),
        make_card("pokemon", "swsh3-1", "Butterfree V", "pokemon:butterfree-v",
                  set_code="swsh3", number="1"),
        make_card("pokemon", "swsh12pt5-1", "Butterfree V", "pokemon:butterfree-v-2",
                  set_code="swsh12pt5", number="1"),
    ], source="tests")  # fmt: skip
    path = write_file(
        "Quantity,Name,Simple Name,Set,Card Number,Set Code,Printing,Condition,Language,Rarity,"
        "Product ID,SKU\n"
        "2,Dugtrio,Dugtrio,Base Set,19/102,BS,Holofoil,Near Mint,English,Rare,1,2\n"
        "1,Butterfree V,Butterfree V,Darkness Ablaze,001/189,DAA,Holofoil,Near Mint,English,"
        "Ultra Rare,3,4\n"
        "1,Dugtrio,Dugtrio,Mystery Set,19/102,ZZZ,Holofoil,Near Mint,English,Rare,5,6\n")
    found = resolve_file(engine, path, ReadOptions(game="pokemon"))
    assert summary(found) == [(2, BY_SET_NUMBER, "pokemon:base1-19"),
                              (3, BY_SET_NUMBER, "pokemon:swsh3-1"),
                              (4, AMBIGUOUS, None)]  # fmt: skip
