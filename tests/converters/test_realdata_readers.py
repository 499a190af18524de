"""The real data sets of ../shared/realdata, read as they are (skipped when it is absent): every
record is found, and the games converted here agree with the decided policies."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from catalog.ingest.conversion import convert_files
from catalog.ingest.folders import card_files
from catalog.ingest.reading import iter_records
from converters.base import CardType, ConvertedCard
from converters.generic import GenericConverter
from converters.registry import load_converter
from tests.conftest import REALDATA, requires_shared

pytestmark = requires_shared


def converted(game: str, *paths: Path) -> list[ConvertedCard]:
    outcomes = list(convert_files(load_converter(game), paths))
    assert [o.failed for o in outcomes if o.failed] == []
    return [o.card for o in outcomes if o.card is not None]


def record_count(path: Path) -> int:
    files = card_files([path])
    return sum(1 for file in files for _ in iter_records(file, GenericConverter()))


@pytest.mark.parametrize(
    ("folder", "files", "records"),
    [
        pytest.param("lorcana/catalog/ja/full.json", 1, 216, id="lorcana catalog ja"),
        pytest.param("lorcana/catalog/zh/full.json", 1, 232, id="lorcana catalog zh"),
        pytest.param("lorcana/data/fab.yml", 1, 33, id="lorcana data set yml"),
        pytest.param("digimon/digimon_card_data", 5, 565, id="digimon packs, pack records not"),
        pytest.param("dbs-fusion-world/cards/en", 5, 388, id="fusion world"),
        pytest.param("one-piece-punk-records/japanese", 251, 251, id="punk-records, no packs.json"),
        pytest.param("pokemon-ja/v2/ja/cards", 532, 532, id="tcgdex japanese"),
        pytest.param("duel-masters", 1, 365, id="duel masters, not its schema"),
    ],
)
def test_every_record_of_a_real_data_set_is_read(folder: str, files: int, records: int) -> None:
    path = REALDATA / folder
    assert len(card_files([path])) == files
    assert record_count(path) == records


def test_real_duel_masters_cards_follow_the_policy() -> None:
    cards = converted("dm", REALDATA / "duel-masters")
    assert len(cards) == 365
    kinds = Counter(card.card_type.value for card in cards)
    assert kinds == {CardType.UNIT: 282, CardType.CHARGE_EFFECT: 44, CardType.CHARGE_TRAP: 25,
                     CardType.WEAPON: 14}  # fmt: skip
    assert all(card.grade.value is None for card in cards if card.card_type.value is CardType.WEAPON)
    assert all(card.grade.value is not None for card in cards if card.card_type.value is not CardType.WEAPON)
    assert all(card.printing.set_code and card.printing.set_code.startswith("DM-") for card in cards)
    assert not [card.warnings for card in cards if card.warnings]


def test_real_japanese_pokemon_convert_as_japanese_prints() -> None:
    cards = converted("pokemon", REALDATA / "pokemon-ja" / "v2" / "ja")
    assert len(cards) == 532
    assert {card.printing.lang for card in cards} == {"ja"}
    assert all(card.card_type.value is not None or "nergy" in card.card_type.reason for card in cards)


def test_real_one_piece_prints_agree_across_languages_and_sources() -> None:
    punk = REALDATA / "one-piece-punk-records"
    english = {card.source_id: card for card in converted("onepiece", punk / "english")}
    japanese = {card.source_id: card for card in converted("onepiece", punk / "japanese")}
    card_list = {card.source_id: card for card in converted("onepiece", REALDATA / "one-piece")}
    assert len(english) == len(japanese) == 251
    pairs = [(card, japanese[f"ja/{sid}"]) for sid, card in english.items()
             if f"ja/{sid}" in japanese]  # fmt: skip
    assert len(pairs) >= 240
    for en, ja in pairs:
        assert (en.identity, en.grade, en.card_type.value) == (
            ja.identity, ja.grade, ja.card_type.value), en.source_id  # fmt: skip
    shared = [sid for sid in english if sid in card_list]
    assert len(shared) >= 200
    for sid in shared:
        en, listed = english[sid], card_list[sid]
        assert (en.identity, en.name, en.grade, en.card_type.value) == (
            listed.identity, listed.name, listed.grade, listed.card_type.value), sid  # fmt: skip


def test_real_one_piece_parallels_are_their_base_card() -> None:
    cards = converted("onepiece", REALDATA / "one-piece-punk-records" / "english")
    by_id = {card.source_id: card for card in cards}
    parallels = [card for card in cards if "_p" in card.source_id]
    assert len(parallels) >= 10
    for card in parallels:
        base = by_id[card.source_id.split("_p")[0]]
        assert (card.identity, card.name) == (base.identity, base.name)
