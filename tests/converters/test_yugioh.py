"""Yu-Gi-Oh! converter: real cards (facts written here, in YGOPRODeck v7 shape)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from converters.base import CardType
from converters.errors import InvalidRecordError, SkipRecord
from converters.yugioh import YugiohConverter

REALDATA = Path(__file__).parents[2] / ".." / "shared" / "realdata" / "yugioh"

ygo = YugiohConverter()


def monster(
    passcode: int,
    name: str,
    type_: str,
    frame: str | None,
    stars: int | None,
    atk: int | None,
    def_: int | None,
    **extra: Any,
) -> dict[str, Any]:
    """A monster as YGOPRODeck writes it: absent keys stay absent (Link DEF, Level)."""
    record: dict[str, Any] = {"id": passcode, "name": name, "type": type_, "desc": "…"}
    if frame is not None:
        record["frameType"] = frame
    for key, value in (("level", stars), ("atk", atk), ("def", def_)):
        if value is not None:
            record[key] = value
    return record | {"race": "Dragon", "attribute": "LIGHT"} | extra


def spell_trap(passcode: int, name: str, kind: str, icon: str, desc: str = "…") -> dict[str, Any]:
    return {
        "id": passcode, "name": name, "type": f"{kind} Card", "frameType": kind.lower(),
        "race": icon, "desc": desc,
    }


BLUE_EYES = monster(89631139, "Blue-Eyes White Dragon", "Normal Monster", "normal", 8, 3000, 2500)
SLIFER_FLAGGED = monster(
    10000000, "Slifer the Sky Dragon", "Effect Monster", "effect", 10, 0, 0, race="Divine-Beast",
    attribute="DIVINE", misc_info=[{"question_atk": 1, "question_def": 1}],
)
SLIFER_MINUS_ONE = SLIFER_FLAGGED | {"atk": -1, "def": -1, "misc_info": []}
SLIFER_BARE = {k: v for k, v in SLIFER_FLAGGED.items() if k != "misc_info"}
ODD_EYES = monster(
    16178681, "Odd-Eyes Pendulum Dragon", "Pendulum Effect Monster", "effect_pendulum", 7,
    2500, 2000, scale=4, attribute="DARK",
    pend_desc="You can destroy this card, and if you do, add 1 Pendulum Monster …",
    monster_desc="If this card battles an opponent's monster, any battle damage …",
)

UTOPIA = monster(84013237, "Number 39: Utopia", "XYZ Monster", "xyz", 4, 2500, 2000)
DECODE_TALKER = monster(
    1861629, "Decode Talker", "Link Monster", "link", None, 2300, None, linkval=3
)
EFFECT_VEILER = monster(97268402, "Effect Veiler", "Tuner Monster", "effect", 1, 0, 0)
GOBLIN_ATTACK_FORCE = monster(
    78658564, "Goblin Attack Force", "Effect Monster", "effect", 4, 2300, 0
)
AXE_OF_DESPAIR = spell_trap(40619825, "Axe of Despair", "Spell", "Equip")
MIRROR_FORCE = spell_trap(44095762, "Mirror Force", "Trap", "Normal")

CARDS = [
    pytest.param(BLUE_EYES, 8, CardType.UNIT, id="Blue-Eyes White Dragon Level 8 3000/2500 → 08"),
    pytest.param(
        monster(46986414, "Dark Magician", "Normal Monster", "normal", 7, 2500, 2100),
        7, CardType.UNIT, id="Dark Magician Level 7 → 07",
    ),
    pytest.param(UTOPIA, 4, CardType.UNIT, id="Number 39: Utopia Rank 4 (in level) → 04"),
    pytest.param(DECODE_TALKER, 0, CardType.UNIT, id="Decode Talker Link-3: no stars → 00"),
    pytest.param(EFFECT_VEILER, 0, CardType.UNIT, id="Effect Veiler ATK 0 → 00"),
    pytest.param(GOBLIN_ATTACK_FORCE, 0, CardType.UNIT, id="Goblin Attack Force DEF 0 → 00"),
    pytest.param(SLIFER_FLAGGED, 10, CardType.UNIT, id="Slifer ATK ? flagged in misc_info → 10"),
    pytest.param(SLIFER_MINUS_ONE, 10, CardType.UNIT, id="Slifer ATK ? written -1 → 10"),
    pytest.param(
        SLIFER_BARE | {"atk": "?", "def": "?"}, 10, CardType.UNIT, id="Slifer ATK '?' string → 10"
    ),
    pytest.param(ODD_EYES, 7, CardType.UNIT, id="Odd-Eyes Pendulum Dragon Level 7 → 07"),
    pytest.param(
        monster(84013237, "Number 39: Utopia", "XYZ Monster", None, 4, 2500, 2000),
        4, CardType.UNIT, id="old capture without frameType: XYZ Monster Rank 4 → 04",
    ),
    pytest.param(AXE_OF_DESPAIR, None, CardType.WEAPON, id="Axe of Despair Equip Spell → Weapon"),
    pytest.param(
        spell_trap(22702055, "Umi", "Spell", "Field"),
        None, CardType.LIFE_COUNTER, id="Umi Field Spell → Life Counter",
    ),
    pytest.param(
        spell_trap(44656491, "Messenger of Peace", "Spell", "Continuous"),
        None, CardType.LIFE_COUNTER, id="Messenger of Peace Continuous Spell → Life Counter",
    ),
    pytest.param(
        spell_trap(5318639, "Mystical Space Typhoon", "Spell", "Quick-Play"),
        None, CardType.CHARGE_EFFECT, id="Mystical Space Typhoon Quick-Play → Charge Effect",
    ),
    pytest.param(
        spell_trap(55761792, "Black Luster Ritual", "Spell", "Ritual"),
        None, CardType.CHARGE_EFFECT, id="Black Luster Ritual Ritual Spell → Charge Effect",
    ),
    pytest.param(
        spell_trap(55144522, "Pot of Greed", "Spell", "Normal"),
        None, CardType.CHARGE_EFFECT, id="Pot of Greed Normal Spell → Charge Effect",
    ),
    pytest.param(
        spell_trap(82732705, "Skill Drain", "Trap", "Continuous"),
        None, CardType.LIFE_TRAP, id="Skill Drain Continuous Trap → Life Trap",
    ),
    pytest.param(MIRROR_FORCE, None, CardType.CHARGE_TRAP, id="Mirror Force Normal Trap → Charge Trap"),
    pytest.param(
        spell_trap(41420027, "Solemn Judgment", "Trap", "Counter"),
        None, CardType.CHARGE_TRAP, id="Solemn Judgment Counter Trap → Charge Trap",
    ),
    pytest.param(
        {k: v for k, v in AXE_OF_DESPAIR.items() if k != "frameType"},
        None, CardType.WEAPON, id="old capture without frameType: Equip Spell → Weapon",
    ),
]


@pytest.mark.parametrize(("record", "grade", "card_type"), CARDS)
def test_grade_and_type(record: dict[str, Any], grade: int | None, card_type: CardType) -> None:
    card = ygo.convert(record)
    assert card.grade.value == grade
    assert card.card_type.value is card_type
    assert card.source_id == str(record["id"])


@pytest.mark.parametrize(
    ("record", "reason"),
    [
        pytest.param(BLUE_EYES, "Level 8 → 08", id="level"),
        pytest.param(UTOPIA, "Rank 4 → 04", id="rank"),
        pytest.param(DECODE_TALKER, "Link monsters have no stars → 00", id="link"),
        pytest.param(EFFECT_VEILER, "ATK 0 → 00 by the ATK/DEF 0 rule", id="atk 0"),
        pytest.param(GOBLIN_ATTACK_FORCE, "DEF 0 → 00 by the ATK/DEF 0 rule", id="def 0"),
        pytest.param(AXE_OF_DESPAIR, "Spell Card: no stars", id="spell"),
        pytest.param(MIRROR_FORCE, "Trap Card: no stars", id="trap"),
    ],
)
def test_grade_reason_names_the_source_value(record: dict[str, Any], reason: str) -> None:
    assert reason in ygo.to_grade(record).reason


def test_type_reason_names_the_source_kind() -> None:
    assert ygo.card_type(AXE_OF_DESPAIR).reason == "Equip Spell → Weapon"
    assert ygo.card_type(BLUE_EYES).reason == "Normal Monster → Unit"


@pytest.mark.parametrize(
    "record",
    [pytest.param(SLIFER_FLAGGED, id="misc_info"), pytest.param(SLIFER_MINUS_ONE, id="-1")],
)
def test_question_atk_is_not_zero_and_warns(record: dict[str, Any]) -> None:
    card = ygo.convert(record)
    assert card.stats["atk"] == "?"
    assert card.stats["def"] == "?"
    assert any("'?'" in w and "ATK" in w for w in card.warnings)


def test_zero_without_misc_info_is_read_as_printed_zero_with_a_warning() -> None:
    """YGOPRODeck writes "?" as 0 unless asked for misc_info: never silent about it."""
    card = ygo.convert(SLIFER_BARE)
    assert card.grade.value == 0
    assert any("misc_info" in w for w in card.warnings)


def test_only_the_deciding_zero_warns() -> None:
    assert len(ygo.convert(EFFECT_VEILER).warnings) == 1


def test_missing_atk_on_a_levelled_monster_warns() -> None:
    card = ygo.convert({k: v for k, v in BLUE_EYES.items() if k != "atk"})
    assert card.grade.value == 8
    assert card.warnings == ("ATK is missing: the ATK/DEF 0 rule could not be checked",)


def test_printed_zero_confirmed_by_misc_info_has_no_warning() -> None:
    veiler = EFFECT_VEILER | {"misc_info": [{"has_effect": 1}]}
    assert ygo.convert(veiler).warnings == ()


def test_missing_def_on_link_is_not_zero() -> None:
    card = ygo.convert(DECODE_TALKER)
    assert card.stats == {
        "type": "Link Monster", "race": "Dragon", "attribute": "LIGHT", "atk": 2300, "link": 3,
    }
    assert card.warnings == ()


def test_missing_level_gives_no_grade_and_a_warning() -> None:
    card = ygo.convert(monster(89631139, "Blue-Eyes White Dragon", "Normal Monster", "normal",
                               None, 3000, 2500))
    assert card.grade.value is None
    assert card.warnings


@pytest.mark.parametrize(
    "record",
    [
        pytest.param(
            {"id": 73915052, "name": "Sheep Token", "type": "Token", "frameType": "token",
             "race": "Beast", "atk": 0, "def": 0, "level": 1},
            id="Sheep Token",
        ),
        pytest.param({"id": 73915052, "name": "Sheep Token", "type": "Token"}, id="old Token"),
        pytest.param(
            {"id": 300101004, "name": "Destiny Draw", "type": "Skill Card", "frameType": "skill",
             "race": "Yami Yugi", "desc": "…"},
            id="Skill Card",
        ),
    ],
)
def test_tokens_and_skill_cards_are_skipped(record: dict[str, Any]) -> None:
    with pytest.raises(SkipRecord):
        ygo.convert(record)


def test_unknown_spell_icon_gets_no_type_and_a_warning() -> None:
    card = ygo.convert(spell_trap(1, "Mystery", "Spell", "Sideways"))
    assert card.card_type.value is None
    assert card.warnings == ("unknown Sideways Spell",)


def test_pendulum_text_joins_both_effects() -> None:
    text = ygo.text(ODD_EYES)
    assert text.startswith("[ Pendulum Effect ]\nYou can destroy this card")
    assert "[ Monster Effect ]\nIf this card battles" in text
    assert ygo.stats(ODD_EYES)["scale"] == 4


def test_identity_is_the_record_passcode_not_an_alternate_art() -> None:
    dark_magician = monster(46986414, "Dark Magician", "Normal Monster", "normal", 7, 2500, 2100)
    dark_magician["card_images"] = [{"id": 46986414}, {"id": 38033121}]
    assert ygo.convert(dark_magician).identity == "yugioh:46986414"


def test_every_passcode_and_the_name_are_links() -> None:
    """Records sharing any of them are one card (a name denotes one card in Yu-Gi-Oh!)."""
    dark_magician = monster(46986414, "Dark Magician", "Normal Monster", "normal", 7, 2500, 2100)
    dark_magician["card_images"] = [{"id": 46986414}, {"id": 38033121}]
    assert ygo.links(dark_magician) == (
        "passcode:46986414", "passcode:38033121", "name:dark magician"
    )
    assert ygo.links({"id": 74677427, "name": "Red-Eyes  BLACK Dragon"})[-1] == (
        "name:red-eyes black dragon"
    )


def test_names_printing_and_effects() -> None:
    solemn = spell_trap(
        41420027, "Solemn Judgment", "Trap", "Counter",
        desc="When a monster(s) would be Summoned, OR a Spell/Trap Card is activated: "
        "Pay half your LP; negate the Summon or activation, and if you do, destroy that card.",
    )
    solemn |= {"name_ja": "神の宣告", "card_sets": [{"set_code": "DCR-EN104"}, {"set_code": "x"}]}
    card = ygo.convert(solemn)
    assert (card.name, card.name_ja) == ("Solemn Judgment", "神の宣告")
    assert card.printing.collector_number == "DCR-EN104"
    assert card.printing.set_code is None
    assert "crack" in card.effects


def test_envelope_and_missing_id() -> None:
    assert list(ygo.records({"data": [BLUE_EYES, ODD_EYES]})) == [BLUE_EYES, ODD_EYES]
    with pytest.raises(InvalidRecordError):
        ygo.convert({k: v for k, v in BLUE_EYES.items() if k != "id"})


@given(
    level=st.integers(min_value=1, max_value=13),
    atk=st.integers(min_value=1, max_value=5000),
    def_=st.integers(min_value=1, max_value=5000),
)
def test_grade_is_the_level_when_no_stat_is_zero(level: int, atk: int, def_: int) -> None:
    record = monster(1, "M", "Effect Monster", "effect", level, atk, def_)
    assert ygo.to_grade(record).value == level


@given(level=st.integers(min_value=1, max_value=12), zero=st.sampled_from(["atk", "def"]))
def test_a_printed_zero_always_gives_00(level: int, zero: str) -> None:
    record = monster(1, "M", "Effect Monster", "effect", level, 1000, 1000) | {zero: 0}
    assert ygo.to_grade(record).value == 0


@pytest.mark.skipif(not REALDATA.is_dir(), reason="shared real data not available")
def test_every_real_record_converts() -> None:
    files = sorted(REALDATA.glob("*/json/*.json"))
    assert files
    for path in files:
        record = json.loads(path.read_text(encoding="utf-8"))
        try:
            card = ygo.convert(record)
        except SkipRecord:
            continue
        assert card.card_type.value is not None, path.name
        assert card.grade.value is None or 0 <= card.grade.value <= 99, path.name
