"""`deck import`: foreign lists resolved in a catalog and drafted as .twgp decks."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from sqlalchemy import Engine

from catalog.collections.rows import CollectionRow
from catalog.ingest.importer import import_cards
from converters.base import CardType
from deckbuilder.importer import draft_text, import_decklist, read_foreign
from deckbuilder.twgp_format import parse
from tests.deckbuilder import foreign_samples as samples
from tests.deckbuilder.catalog_samples import converted


@pytest.mark.parametrize(
    ("format_id", "text", "resolved", "unresolved_lines"),
    [
        pytest.param("ydk", samples.YDK, 6, [11], id="ydk: alias passcode unresolved"),
        pytest.param("ydke", samples.YDKE, 5, [], id="ydke"),
        pytest.param("cod", samples.COD, 8, [], id="cod"),
        pytest.param("mtgo", samples.DEK, 8, [], id="dek: two CatIDs"),
        pytest.param("mtgo", samples.MTGO_TXT, 8, [], id="mtgo txt"),
        pytest.param("mtga", samples.MTGA, 9, [13], id="arena: Jegantha not in catalog"),
        pytest.param("plain", samples.PLAIN, 14, [], id="plain"),
        pytest.param("ptcgl", samples.PTCGL, 15, [], id="ptcgl: three Energy spellings"),
        pytest.param("ptcgl", samples.PTCGO, 2, [], id="ptcgo"),
    ],
)
def test_imports(
    catalog_engine: Engine, format_id: str, text: str, resolved: int, unresolved_lines: list[int]
) -> None:
    result = import_decklist(catalog_engine, read_foreign(text, format_id))
    assert result.copies == resolved
    assert [u.line.line for u in result.unresolved] == unresolved_lines
    draft = draft_text(result)
    assert parse(draft) == result.deck  # the draft reads back as the deck


def test_import_sums_printings_and_places_life_cards(catalog_engine: Engine) -> None:
    result = import_decklist(catalog_engine, read_foreign(samples.DEK, "mtgo"))
    pool = {e.name: e.qty for e in result.deck.section("pool")}
    assert pool == {"Lightning Bolt": 4, "Fire // Ice": 2, "Pyroblast": 2}
    plain = import_decklist(catalog_engine, read_foreign(samples.PLAIN, "plain"))
    assert [e.name for e in plain.deck.section("life")] == ["Glorious Anthem"]


def test_import_keeps_the_passcode_the_file_named(catalog_engine: Engine) -> None:
    """Issue 12: a draft keeps the exact printing the file identified as [SOURCE_ID]."""
    result = import_decklist(catalog_engine, read_foreign(samples.YDK, "ydk"), name="Kaiba")
    entries = {e.name: e for e in result.deck.section("pool")}
    assert entries["Blue-Eyes White Dragon"].qty == 2
    assert entries["Blue-Eyes White Dragon"].source_id == "89631139"
    assert result.deck.name == "Kaiba"
    assert "# unresolved line 11: 89631141" in draft_text(result)


def test_basic_energy_spellings_become_one_card(catalog_engine: Engine) -> None:
    result = import_decklist(catalog_engine, read_foreign(samples.PTCGL, "ptcgl"))
    pool = {e.name: e.qty for e in result.deck.section("pool")}
    assert pool["Lightning Energy"] == 9
    assert pool["Pikachu ex"] == 3


def test_fetch_looks_up_the_missing_lines_then_resolves_again(catalog_engine: Engine) -> None:
    asked: list[list[str | None]] = []

    def fetch(engine: Engine, rows: Sequence[CollectionRow]) -> None:
        asked.append([row.source_id for row in rows])
        alias = converted("yugioh", "89631141", "Blue-Eyes White Dragon (alt)", None,
                          "89631141", 8, CardType.UNIT)
        import_cards(engine, [alias], source="fake online look-up")

    result = import_decklist(catalog_engine, read_foreign(samples.YDK, "ydk"), fetch=fetch)
    assert asked == [["89631141"]]
    assert result.unresolved == []
    assert result.copies == 7


#: auto, plain (read as ydk), the format it is written in; another one, an unreadable one
@pytest.mark.parametrize(("format_id", "refused"), [("auto", False), ("plain", False),
                                                     ("ydk", False), ("mtga", True), ("ydke", True)])  # fmt: skip
def test_a_list_s_format_is_told_once(
    monkeypatch: pytest.MonkeyPatch, format_id: str, refused: bool
) -> None:
    """Telling the format reads the whole text: one import of a `.ydk` does it once, whatever
    it is asked to read the list as, refused or not."""
    from deckbuilder import importer
    from deckbuilder.decklists.detect import detect
    from deckbuilder.errors import DecklistFormatError

    told: list[str] = []

    def counted(text: str) -> str:
        told.append(detect(text))
        return told[-1]

    monkeypatch.setattr(importer, "detect", counted)
    if refused:
        with pytest.raises(DecklistFormatError, match="written as ydk"):
            importer.read_foreign(samples.YDK, format_id)
    else:
        assert importer.read_foreign(samples.YDK, format_id).format_id == "ydk"
    assert told == ["ydk"]
