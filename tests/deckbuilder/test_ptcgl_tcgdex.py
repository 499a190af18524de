"""PTCGL lines find the catalog's TCGdex printings (`SVI 57` is TCGdex `sv01-057`) as well as
pokemontcg.io's (`sv1-57`): one table of set codes (catalog/collections/pokemon_sets.py) holds both ids."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import Engine

from catalog.collections.pokemon_sets import SETS, printing
from catalog.ingest.importer import import_cards
from catalog.store.db import open_engine
from converters.base import CardType, ConvertedCard, Printing, Ruling
from deckbuilder.importer import import_decklist, read_foreign

#: TCGdex printings (source id, name, set id, local id); every name also names a second,
#: different card, so that only the set and number can tell which one a line means
TCGDEX = [
    ("sv01-057", "Pikachu", "sv01", "057"),
    ("sv03.5-025", "Charmander", "sv03.5", "025"),
    ("swsh12.5-GG25", "Zeraora", "swsh12.5", "GG25"),
    ("swsh10.5-010", "Radiant Venusaur", "swsh10.5", "010"),
    ("svp-047", "Mimikyu", "svp", "047"),
    ("swsh11-TG12", "Pikachu VMAX", "swsh11", "TG12"),
    ("sm115-7", "Ninetales", "sm115", "7"),
    ("swsh3-1", "Butterfree V", "swsh3", "1"),
]
OTHERS = [(f"base1-{n}", name, "base1", str(n)) for n, (_, name, _, _) in enumerate(TCGDEX, 1)]
LINES = [
    ("4 Pikachu SVI 57", "sv01-057"),
    ("3 Charmander MEW 25", "sv03.5-025"),
    ("1 Zeraora CRZ-GG 25", "swsh12.5-GG25"),
    ("1 Radiant Venusaur PGO 10", "swsh10.5-010"),
    ("2 Mimikyu PR-SV 47", "svp-047"),
    ("1 Pikachu VMAX LOR-TG 12", "swsh11-TG12"),
    ("2 Ninetales HIF 7", "sm115-7"),
    ("1 Butterfree V DAA 1", "swsh3-1"),
    ("4 Pikachu SVI 57 PH", "sv01-057"),
]


def card(source_id: str, name: str, set_id: str, number: str) -> ConvertedCard:
    return ConvertedCard(
        game="pokemon", source_id=source_id, name=name, name_ja=None,
        identity=f"pokemon:{name.casefold()}|{source_id}", grade=Ruling(3, "test"),
        card_type=Ruling(CardType.UNIT, "test"), effects=(), text="", reading="",
        printing=Printing(set_id, number, "en"),
    )  # fmt: skip


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    path: Path = tmp_path_factory.mktemp("tcgdex") / "catalog.sqlite3"
    engine = open_engine(str(path), load_starter=False)
    import_cards(engine, [card(*row) for row in [*TCGDEX, *OTHERS]], source="tests")
    return engine


@pytest.mark.parametrize(("line", "source_id"), LINES)
def test_a_ptcgl_line_finds_the_tcgdex_printing(engine: Engine, line: str, source_id: str) -> None:
    result = import_decklist(engine, read_foreign(f"Pokémon: 1\n{line}\n", "auto"))
    [imported] = result.lines
    assert imported.card is not None, imported.reason
    assert imported.card.source_id == source_id


def test_a_set_and_number_of_another_card_is_not_that_card(engine: Engine) -> None:
    """`BS 1` is Pikachu (pokemontcg.io `base1-1`): a line naming another card there is not
    Pikachu — a set and number is no id, the names must agree."""
    result = import_decklist(engine, read_foreign("Pokémon: 1\n2 Zeraora BS 1\n", "ptcgl"))
    found = result.lines[0].card
    assert found is None or found.name == "Zeraora"


def test_an_unknown_set_still_matches_no_tcgdex_set_by_number(engine: Engine) -> None:
    result = import_decklist(engine, read_foreign("Pokémon: 1\n4 Pikachu PAL 57\n", "ptcgl"))
    assert result.lines[0].card is None


@given(code=st.sampled_from(sorted(SETS)), number=st.integers(1, 999))
def test_every_set_code_names_its_tcgdex_set(code: str, number: int) -> None:
    """The TCGdex id is the table's last column; its local id is the same number (three digits
    wide: the look-up also tries it without its zeros), never another card's."""
    found = printing(code, str(number))
    tcgdex_set, local = found.tcgdex or (found.set_id, found.number)
    assert tcgdex_set == SETS[code][-1]
    assert local is not None
    assert int("".join(ch for ch in local if ch.isdigit())) == number
    if local.isdigit():
        assert len(local) >= 3
