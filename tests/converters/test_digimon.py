"""Digimon Card Game: grade = play cost; a Digi-Egg by its level with a warning; Digimon and
Digi-Egg → Unit, Option → Charge Effect, Tamer → Life Counter; tokens have no type; reprint stubs
are no card of their own; identity = the card number without the parallel suffix. Card facts
written here from the official card list; records in its per-pack JSON shape (Japanese)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from converters.base import CardType
from converters.digimon import DigimonConverter
from converters.errors import InvalidRecordError, SkipRecord
from tests.conftest import REALDATA, requires_shared
from tests.converters.tabular_cases import convert_or_signal

DIG = DigimonConverter()
U, CE, LC = CardType.UNIT, CardType.CHARGE_EFFECT, CardType.LIFE_COUNTER


def dig(number: str, name: str, kind: str, *, level: int | None = None, cost: int | None = None,
        dp: int | None = None, effect: str | None = None, inherited: str | None = None,
        security: str | None = None, **extra: Any) -> dict[str, Any]:  # fmt: skip
    base = number.split("_")[0]
    record = {"card_no": number, "card_name": f"{base}{name}", "card_name_ruby": None,
              "card_type": kind, "color": "赤", "color2": None, "level": level, "cost": cost,
              "dp": dp, "digivolve_cost1": None, "form": None, "attribute": None,
              "digimon_type": None, "effect": effect, "inherited_effect": inherited,
              "security_effect": security, "rarity": "U", "parallel_id": None,
              "pack_id": "503101", "pack_name": "スタートデッキ ガイアレッド【ST-1】"}  # fmt: skip
    record.update(extra)
    return record


KOROMON = dig("ST1-01", "コロモン", "デジタマ", level=2,
              effect="【自分のターン】このデジモンが進化元を4枚以上持つ間、このデジモンのDPを+1000する。")  # fmt: skip
AGUMON = dig("ST1-03", "アグモン", "デジモン", level=3, cost=3, dp=2000,
             effect="【自分のターン】このデジモンのDPを+1000する。", attribute="ワクチン種",
             digimon_type="爬虫類型")  # fmt: skip
AGUMON_P1 = dig("EX1-001_P1", "アグモン", "デジモン", level=3, cost=3, dp=2000)
TAICHI = dig("BT1-085", "八神太一", "テイマー", cost=4,
             effect="【自分のターン開始時】メモリーが2以下のとき、3にする。")  # fmt: skip
GAIA_FORCE = dig("ST1-16", "ガイアフォース", "オプション", cost=8, effect="【メイン】相手のデジモン1体を消滅させる。")
FLAU_KANON = dig("BT1-110", "フラウカノン", "オプション", cost=2, effect="【メイン】相手のデジモン1体をレストさせる。")
POLYPHONY = dig("BT1-106", "第一曲≪ポリフォニー≫", "オプション", cost=5,
                effect="【メイン】このターンの間、相手のデジモン1体のDPを-7000する。")  # fmt: skip
STUB = {"card_no": "BT5-093", "card_name": "BT5-093", "card_type": "", "color": "", "level": None,
        "cost": None, "dp": None, "effect": None, "inherited_effect": None, "rarity": "",
        "pack_name": "テーマブースター クラシックコレクション【EX-01】"}  # fmt: skip
#: the list's Digi-Egg with a play cost (EX2-007, 8) and one with neither (EX6-006 大罪の門);
#: the names of EX2-007 and the token are illustrative
EGG_WITH_COST = dig("EX2-007", "デジタマ", "デジタマ", level=2, cost=8)
GATE = dig("EX6-006", "大罪の門", "デジタマ")
TOKEN = dig("ST22-TOKEN01", "トークン", "デジモン", dp=3000)


@pytest.mark.parametrize(
    ("record", "grade", "card_type", "reason"),
    [pytest.param(KOROMON, 2, U, "Digi-Egg: no play cost, level 2 → 02", id="Koromon (Digi-Egg)"),
     pytest.param(AGUMON, 3, U, "play cost 3 → 03", id="Agumon (Digimon)"),
     pytest.param(TAICHI, 4, LC, "play cost 4 → 04", id="Tai Kamiya (Tamer)"),
     pytest.param(GAIA_FORCE, 8, CE, "play cost 8 → 08", id="Gaia Force (Option)"),
     pytest.param(EGG_WITH_COST, 8, U, "Digi-Egg with a play cost 8 → 08", id="a Digi-Egg with a play cost"),
     pytest.param(GATE, None, U, "Digi-Egg with neither play cost nor level → no grade", id="Gate of Deadly Sins"),
     pytest.param(TOKEN, None, None, "a token: no play cost, no level → no grade", id="a token")],
)  # fmt: skip
def test_grade_and_type(record: dict[str, Any], grade: int | None, card_type: CardType | None,
                        reason: str) -> None:  # fmt: skip
    card = DIG.convert(record)
    assert (card.grade.value, card.card_type.value) == (grade, card_type)
    assert card.grade.reason == reason


def test_only_a_digi_egg_graded_by_its_level_or_left_ungraded_warns() -> None:
    assert DIG.convert(KOROMON).warnings == ("a Digi-Egg has no play cost: graded by its level",)
    assert DIG.convert(GATE).warnings == ("a Digi-Egg with no play cost and no level; no grade",)
    for record in (AGUMON, TAICHI, GAIA_FORCE, EGG_WITH_COST, TOKEN):
        assert DIG.convert(record).warnings == ()


def test_a_card_without_a_play_cost_gets_no_grade_and_a_warning() -> None:
    card = DIG.convert({**TAICHI, "cost": None})
    assert card.grade.reason == "no play cost → no grade"
    assert card.warnings == ("the card has no play cost; no grade",)


def test_a_reprint_stub_is_no_card_of_its_own() -> None:
    with pytest.raises(SkipRecord, match="it is the card BT5-093, not a card of its own"):
        DIG.convert(STUB)


def test_a_token_has_no_type() -> None:
    card = DIG.convert(TOKEN)
    assert "a token" in card.card_type.reason
    assert card.identity == "digimon:ST22-TOKEN01"


def test_the_name_loses_its_card_number_and_a_parallel_is_the_same_card() -> None:
    card = DIG.convert(AGUMON_P1)
    assert (card.name, card.name_ja) == ("アグモン", "アグモン")
    assert (card.source_id, card.identity) == ("ja/EX1-001_P1", "digimon:EX1-001")
    assert card.aliases == ("EX1-001_P1",)  # a Japanese print answers to its bare number
    assert DIG.convert({**AGUMON_P1, "card_no": "EX1-001"}).identity == card.identity
    assert (card.printing.set_code, card.printing.collector_number, card.printing.lang) == (
        "EX1", "EX1-001_P1", "ja")  # fmt: skip


def test_an_english_and_a_japanese_print_are_two_sources_ids_of_one_card() -> None:
    english = DIG.convert({"name": "Agumon", "type": "Digimon", "cardnumber": "EX1-001",
                           "level": 3, "play_cost": 3, "dp": 2000})  # fmt: skip
    japanese = DIG.convert(dig("EX1-001", "アグモン", "デジモン", level=3, cost=3, dp=2000))
    assert (english.source_id, english.aliases, english.printing.lang) == ("EX1-001", (), "en")
    assert (japanese.source_id, japanese.aliases, japanese.printing.lang) == (
        "ja/EX1-001", ("EX1-001",), "ja")  # fmt: skip
    assert english.identity == japanese.identity == "digimon:EX1-001"


def test_a_record_without_a_number_is_refused() -> None:
    with pytest.raises(InvalidRecordError, match="card number"):
        DIG.convert({**AGUMON, "card_no": None})


@pytest.mark.parametrize(
    ("record", "effects"),
    [pytest.param(FLAU_KANON, {"hazard"}, id="suspend an opposing Digimon"),
     pytest.param(POLYPHONY, {"down"}, id="DP -7000"),
     pytest.param(GAIA_FORCE, set(), id="delete is none of the twelve"),
     pytest.param(dig("BT1-096", "ヘルファイアー", "オプション", cost=1,
                      effect="【メイン】このターンの間、自分のデジモン1体のDPを+3000する。"), {"plus"}, id="DP +3000"),
     pytest.param(dig("BT1-113", "フォービドゥンテンプテイション", "オプション", cost=3,
                      effect="【メイン】次の相手のターン終了時まで、相手のデジモン1体はアタックとブロックができない。"),
                  {"hazard"}, id="can't attack or block"),
     pytest.param(dig("BT1-107", "改心の波動", "オプション", cost=1,
                      effect="【メイン】≪リカバリー+1《デッキ》≫（自分のデッキの上からカードを1枚セキュリティの上に置く）"),
                  {"medical"}, id="Recovery +1"),
     pytest.param(dig("BT1-086", "石田ヤマト", "テイマー", cost=2,
                      effect="【自分のターン】青の自分のデジモンが登場したとき、このテイマーをレストさせることで、"
                             "相手のデジモン1体の進化元を、下から1枚破棄する。"),
                  set(), id="suspending this Tamer is a cost, not Hazard"),
     pytest.param(AGUMON, set(), id="a Unit's text is void")],
)  # fmt: skip
def test_effects_from_the_japanese_wording(record: dict[str, Any], effects: set[str]) -> None:
    assert set(DIG.convert(record).effects) == effects


def test_english_suspend_is_hazard() -> None:
    record = {**FLAU_KANON, "effect": "[Main] Suspend 1 of your opponent's Digimon."}
    assert DIG.convert(record).effects == ("hazard",)


def test_trashing_from_the_hand_reads_as_the_library_bottom() -> None:
    card = DIG.convert(dig("P-212", "城木明日奈", "テイマー", cost=3,
                           effect="【登場時】≪1ドロー≫し、自分の手札1枚を破棄する。"))  # fmt: skip
    assert "手札1枚をライブラリの一番下に戻す" in card.reading


def test_the_inherited_and_security_effects_are_part_of_the_text() -> None:
    card = DIG.convert({**GAIA_FORCE, "inherited_effect": "【自分のターン】DP+1000。",
                        "security_effect": "【セキュリティ】このカードの【メイン】効果を発揮する。"})  # fmt: skip
    assert card.text.splitlines() == ["【メイン】相手のデジモン1体を消滅させる。", "進化元効果：【自分のターン】DP+1000。",
                                      "【セキュリティ】このカードの【メイン】効果を発揮する。"]  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(
    st.sampled_from(["card_no", "card_name", "card_type", "level", "cost", "dp", "effect", "inherited_effect", "security_effect", "cardnumber", "type", "play_cost"]),
    st.one_of(st.none(), st.booleans(), st.integers(-5, 10**6), st.floats(allow_nan=True), st.text(max_size=12),
              st.sampled_from(["BT1-001_P1", "ST22-TOKEN01", "デジタマ", "デジモン", "オプション", "テイマー", "Lv.2", "BT1-001アグモン"]),
              st.lists(st.text(max_size=4), max_size=2), st.dictionaries(st.just("id"), st.text(max_size=4))),
))  # fmt: skip
def test_no_record_crashes(record: dict[str, Any]) -> None:
    convert_or_signal(DIG, record)


# --- the real developer sample ------------------------------------------------------------------

KINDS = {"デジモン": U, "デジタマ": U, "テイマー": LC, "オプション": CE}


@requires_shared
def test_every_real_record_converts_by_the_policy() -> None:
    records: list[dict[str, Any]] = []
    for path in sorted((REALDATA / "digimon" / "digimon_card_data").glob("*_cards.json")):
        records += json.loads(path.read_text("utf-8"))
    converted, skipped, mismatches = 0, 0, []
    for record in records:
        if not record["card_type"]:
            with pytest.raises(SkipRecord):
                DIG.convert(record)
            skipped += 1
            continue
        card = DIG.convert(record)
        converted += 1
        grade = record["cost"] if record["cost"] is not None else record["level"]
        if (card.grade.value, card.card_type.value) != (grade, KINDS[record["card_type"]]):
            mismatches.append(card.source_id)
        assert not card.name.startswith(card.identity.removeprefix("digimon:"))
    assert (converted, skipped, mismatches) == (493, 72, [])
