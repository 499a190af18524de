"""One Piece: the punk-records card files (English and Japanese, one object per card) convert
as the card list's records do; a parallel and a Japanese print are the same card."""

from __future__ import annotations

from typing import Any

import pytest

from converters.base import CardType, Printing, Record
from converters.onepiece import OnePieceConverter
from converters.onepiece_records import card_number, cardlist_record
from tests.helpers.records import HIYORI, KID, LUFFY_EN, LUFFY_JA

OP = OnePieceConverter()

#: an Event with [Counter] and a [Trigger]
GONER = {"attributes": [], "block_number": 2, "category": "Event", "colors": ["Blue"], "cost": 1,
         "counter": None, "id": "EB01-029", "name": "Sorry. I'm a Goner.",
         "effect": "[Counter] Reveal 1 card from the top of your deck. …",
         "trigger": "[Trigger] Return up to 1 Character with a cost of 8 or less to the owner's "
                    "hand.",
         "img_full_url": "https://en.onepiece-cardgame.com/images/cardlist/card/EB01-029.png",
         "pack_id": "569201", "power": None, "rarity": "Common", "types": ["East Blue"]}  # fmt: skip


def test_a_leader_is_graded_by_power_and_its_cost_field_is_its_life() -> None:
    luffy = OP.convert(LUFFY_EN)
    assert (luffy.grade_text, luffy.card_type.value) == ("05", CardType.UNIT)
    assert luffy.stats["life"] == 5
    assert "cost" not in luffy.stats
    assert (luffy.source_id, luffy.identity) == ("ST01-001", "onepiece:ST01-001")
    assert luffy.printing == Printing("ST-01", "ST01-001", "en")


def test_the_japanese_print_is_the_same_card_in_a_row_of_its_own() -> None:
    english, japanese = OP.convert(LUFFY_EN), OP.convert(LUFFY_JA)
    assert japanese.identity == english.identity
    assert (japanese.grade, japanese.card_type) == (english.grade, english.card_type)
    assert japanese.source_id == "ja/ST01-001"
    assert japanese.aliases == ("ST01-001",)
    assert (japanese.name, japanese.name_ja, japanese.printing.lang) == (
        "モンキー・D・ルフィ", "モンキー・D・ルフィ", "ja")  # fmt: skip
    assert english.aliases == ()


def test_a_null_power_on_a_character_is_its_printed_zero() -> None:
    hiyori = OP.convert(HIYORI)
    assert hiyori.grade_text == "04"
    assert hiyori.stats["power"] == 0
    assert hiyori.stats["counter"] == 1000


def test_a_counter_event_is_a_trap_and_its_trigger_is_its_last_line() -> None:
    goner = OP.convert(GONER)
    assert goner.card_type.value is CardType.CHARGE_TRAP
    assert goner.text.splitlines()[-1].startswith("[Trigger] Return up to 1 Character")
    assert "power" not in goner.stats


def test_a_parallel_is_the_card_of_its_number_and_names_are_unescaped() -> None:
    kid = OP.convert(KID)
    assert (kid.source_id, kid.identity, kid.name) == (
        "EB01-003_p1", "onepiece:EB01-003", "Kid & Killer")  # fmt: skip
    assert kid.stats["alternate_art"] is True


@pytest.mark.parametrize(
    ("card_id", "number"),
    [("OP01-001_p1", "OP01-001"), ("OP01-001_P2", "OP01-001"), ("ST01-001", "ST01-001"),
     ("op01-016", "OP01-016")],
)  # fmt: skip
def test_card_number_drops_the_parallel_suffix(card_id: str, number: str) -> None:
    assert card_number(card_id) == number


def test_a_card_list_record_is_left_as_it_is() -> None:
    record: dict[str, Any] = {"card_name": "Otama", "card_number": "OP01-006",
                              "card_type": "CHARACTER", "cost": "1", "power": "-"}  # fmt: skip
    assert cardlist_record(record) is record


def test_the_card_lists_japanese_record_is_the_english_card_in_a_row_of_its_own() -> None:
    """bountycards' `json/jp/cards.json`: the same shape, Japanese words and the Japanese
    site's image URL."""
    japanese = {"card_name": "モンキー・D・ルフィ", "card_number": "ST01-001", "rarity": "L",
                "is_alternate_art": False, "card_type": "リーダー", "life": "5", "cost": "-",
                "power": "5000", "counter": "-", "colors": ["赤"], "types": ["超新星"],
                "image_url": "https://www.onepiece-cardgame.com/images/cardlist/card/ST01-001.png",
                "effects": "【起動メイン】【ターン1回】…", "card_sets": "[ST-01]",
                "image_name": "ST01-001"}  # fmt: skip
    card = OP.convert(japanese)
    english = OP.convert(LUFFY_EN)
    assert (card.source_id, card.identity, card.printing.lang) == (
        "ja/ST01-001", english.identity, "ja")  # fmt: skip
    assert (card.grade, card.card_type) == (english.grade, english.card_type)


@pytest.mark.parametrize("record", [LUFFY_EN, LUFFY_JA, HIYORI, KID, GONER])
def test_a_punk_record_is_read_as_a_card_list_record_once(
    monkeypatch: pytest.MonkeyPatch, record: dict[str, Any]
) -> None:
    """Converting a punk-records card builds its card-list record once, not per accessor:
    the card is the same as the template's, each accessor reading the punk record itself."""
    from converters import onepiece
    from converters.base import Converter
    from converters.onepiece_records import is_punk_record

    expected = Converter.convert(OP, record)  # every accessor given the punk record
    built: list[str] = []

    def counted(given: Record) -> Record:
        if is_punk_record(given):
            built.append(str(given["id"]))
        return cardlist_record(given)

    monkeypatch.setattr(onepiece, "cardlist_record", counted)
    assert OP.convert(record) == expected
    assert built == [record["id"]]
    assert OP.source_id(record) == expected.source_id  # an accessor alone reads it too
