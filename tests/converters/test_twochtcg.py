"""2ch community TCG (seed 001): grade = the number of AP symbols; status slang → effects."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from converters.base import CardType
from converters.effects import EFFECT_NAMES
from converters.twochtcg import STATUS_WORDS, TwoChTcgConverter, read_ap, status_words
from tests.converters.tabular_cases import convert_or_signal, example_rows, records

TWOCH = TwoChTcgConverter()


def card(kind: str, ap: Any, text: str = "", name: str = "モナー", **extra: Any) -> dict[str, Any]:
    return {"名前": name, "種類": kind, "AP": ap, "効果": text, **extra}


@pytest.mark.parametrize(
    ("ap", "grade"),
    [
        pytest.param("赤赤赤青青", 5, id="赤赤赤青青 → 05 (the seed's own example)"),
        pytest.param("赤赤無無", 4, id="赤赤無無 → 04 (seed: 無 = any colour)"),
        pytest.param("ＡＰ《赤３》", 3, id="ＡＰ《赤３》 → 03 (the seed's notation)"),
        pytest.param("赤×3+青×2", 5, id="赤×3+青×2 → 05 (counts)"),
        pytest.param("赤3青2", 5, id="赤3青2 → 05"),
        pytest.param("炎炎水", 3, id="attribute names as symbols → 03"),
        pytest.param("red x2 + any", 3, id="English colours → 03"),
        pytest.param("無色", 1, id="無色 is one any-colour symbol"),
        pytest.param("なし", 0, id="なし → 00 (seed: some monsters need no AP)"),
        pytest.param("0", 0, id="0 → 00"),
        pytest.param(7, 7, id="a plain int → 07"),
        pytest.param("紫×120", 99, id="120 symbols clamp → 99"),
    ],
)
def test_ap_grade(ap: Any, grade: int) -> None:
    converted = TWOCH.convert(card("モンスター", ap))
    assert converted.grade.value == grade
    assert converted.card_type.value is CardType.UNIT


def test_reason_names_the_ap_and_the_count() -> None:
    assert TWOCH.to_grade(card("monster", "赤赤赤青青")).reason == "AP 赤赤赤青青 → 5 symbols → 05"
    assert TWOCH.to_grade(card("monster", "なし")).reason == "AP なし: no AP needed → 00"


@pytest.mark.parametrize(
    ("kind", "card_type"),
    [
        pytest.param("モンスター", CardType.UNIT, id="モンスター → Unit"),
        pytest.param("monster", CardType.UNIT, id="monster → Unit"),
        pytest.param("アイテム", CardType.WEAPON, id="アイテム → Weapon (equipped to a monster)"),
        pytest.param("item", CardType.WEAPON, id="item → Weapon"),
        pytest.param("マジック", CardType.CHARGE_EFFECT, id="マジック → Charge Effect"),
        pytest.param("magic", CardType.CHARGE_EFFECT, id="magic → Charge Effect"),
        pytest.param("イベント", CardType.LIFE_COUNTER, id="イベント → Life Counter (lasting)"),
        pytest.param("event", CardType.LIFE_COUNTER, id="event → Life Counter"),
    ],
)
def test_kind_table(kind: str, card_type: CardType) -> None:
    converted = TWOCH.convert(card(kind, "赤"))
    assert converted.card_type.value is card_type
    assert kind in converted.card_type.reason
    assert converted.grade.value == 1


@pytest.mark.parametrize(
    ("text", "effect"),
    [
        pytest.param("相手モンスター1体をブラクラ状態にする。", "poison", id="ブラクラ → Poison"),
        pytest.param("相手モンスターをＲＯＭにする。", "hazard", id="ＲＯＭ → Hazard"),
        pytest.param("相手モンスターをファヒ゛ョり状態にする。", "hack", id="ファヒ゛ョり (as the seed writes it) → Hack"),
        pytest.param("このモンスターはニートになる。", "plus", id="ニート → Plus"),
        pytest.param("相手プレイヤーを規制する。", "crack", id="規制 → Crack"),
        pytest.param("自分はハ゜スワート゛状態になる。", "crack", id="ハ゜スワート゛ → Crack"),
    ],
)
def test_status_words_become_twgp_effects(text: str, effect: str) -> None:
    converted = TWOCH.convert(card("マジック", "紫", text))
    assert effect in converted.effects
    assert converted.stats["status"]


@pytest.mark.parametrize(
    "text",
    [pytest.param("相手モンスターを鬱にする。", id="鬱: no effect fits"),
     pytest.param("相手をヒッキー状態にする。", id="ヒッキー: no effect fits"),
     pytest.param("Draw a card from the deck.", id="'from' is not ROM")],
)  # fmt: skip
def test_status_words_without_a_twgp_effect_tag_nothing(text: str) -> None:
    assert TWOCH.convert(card("マジック", "紫", text)).effects == ()


@pytest.mark.parametrize("word", [w for w, status in STATUS_WORDS.items() if status.effect])
def test_each_status_word_gives_its_effect_with_the_word_as_reason(word: str) -> None:
    status = STATUS_WORDS[word]
    converted = TWOCH.convert(card("マジック", "紫", f"相手を{word}にする。"))
    assert status.effect in converted.effects
    assert converted.effect_reasons[status.effect or ""].startswith(word)


def test_the_example_file_converts_cleanly() -> None:
    cards = [c for c in (convert_or_signal(TWOCH, r) for r in example_rows("2chtcg")) if c]
    assert len(cards) == len(example_rows("2chtcg"))
    assert all(c.grade.value is not None and c.card_type.value and not c.warnings for c in cards)
    assert [c.grade_text for c in cards[:2]] == ["05", "04"]


def test_every_status_word_maps_to_a_twgp_effect_or_none() -> None:
    assert {w.effect for w in STATUS_WORDS.values()} <= {*EFFECT_NAMES, None}
    assert status_words("ブラクラとＲＯＭと鬱") == ("ブラクラ", "ROM", "鬱")


def test_monster_stats_and_attribute() -> None:
    record = card("モンスター", "赤赤", name="ギコ", HP="8", 攻撃力="5", 防御力="0",
                  属性="炎", 消費容量="2")  # fmt: skip
    stats = TWOCH.convert(record).stats
    assert stats["attribute"] == "fire"
    assert stats["AP symbols"] == {"red": 2}
    assert (stats["HP"], stats["attack"], stats["defence"], stats["capacity"]) == ("8", "5", "0", "2")


@pytest.mark.parametrize(
    ("ap", "warning"),
    [pytest.param("", "missing", id="blank"), pytest.param("-", "missing", id="-"),
     pytest.param("赤赤Q", "unreadable", id="unknown symbol")],
)  # fmt: skip
def test_unreadable_or_missing_ap_on_a_monster_warns(ap: str, warning: str) -> None:
    converted = TWOCH.convert(card("モンスター", ap))
    assert converted.grade.value is None
    assert any(warning in w for w in converted.warnings)


def test_missing_ap_on_magic_is_no_grade_without_a_warning() -> None:
    converted = TWOCH.convert(card("マジック", ""))
    assert (converted.grade.value, converted.warnings) == (None, ())


@pytest.mark.parametrize(
    ("value", "expected"),
    [pytest.param("赤赤赤青青", {"red": 3, "blue": 2}, id="symbols"),
     pytest.param("《黒２》", {"black": 2}, id="bracketed count"),
     pytest.param("12", {"total": 12}, id="a number"),
     pytest.param("+", None, id="only a separator"), pytest.param(True, None, id="a bool"),
     pytest.param(-1, None, id="negative")],
)  # fmt: skip
def test_read_ap(value: Any, expected: dict[str, int] | None) -> None:
    assert read_ap(value) == expected


@settings(max_examples=200, deadline=None)
@given(records("AP", "必要AP", "HP", "攻撃力", "属性", "効果", "kind"))
def test_no_row_crashes(record: dict[str, Any]) -> None:
    convert_or_signal(TWOCH, record)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from("赤青緑紫白黒無"), min_size=1, max_size=150))
def test_grade_is_the_symbol_count_clamped(symbols: list[str]) -> None:
    assert TWOCH.to_grade(card("モンスター", "".join(symbols))).value == min(len(symbols), 99)
