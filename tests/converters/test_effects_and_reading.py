"""Effect tagging (docs/rules.md §6) and the TWGP reading of card text."""

from __future__ import annotations

import pytest

from converters.effects import EFFECT_NAMES, parse_effect, tag_effects
from converters.reading import twgp_reading


@pytest.mark.parametrize(
    ("text", "effect"),
    [
        pytest.param("The Defending Pokémon is now Paralyzed.", "hazard", id="paralyze"),
        pytest.param("The Defending Pokémon is now Asleep.", "hazard", id="sleep"),
        pytest.param(
            "Tap target creature. It doesn't untap during its controller's next untap step.",
            "hazard",
            id="tap/freeze",
        ),
        pytest.param("相手のモンスター1体を麻痺状態にする。", "hazard", id="麻痺"),
        pytest.param("Gain control of target creature.", "hack", id="gain control"),
        pytest.param("The Defending Pokémon is now Confused.", "hack", id="confusion"),
        pytest.param("相手を魅了する。", "hack", id="魅了"),
        pytest.param("Counter target spell.", "crack", id="counter target spell"),
        pytest.param("その効果を無効にする。", "crack", id="無効"),
        pytest.param("The Defending Pokémon is now Poisoned.", "poison", id="poison"),
        pytest.param("毒状態にする。", "poison", id="毒"),
        pytest.param("毒消しを使う。", "potion", id="毒消し"),
        pytest.param("Creatures you control get +1/+1.", "plus", id="anthem"),
        pytest.param("Target creature gets -3/-3 until end of turn.", "down", id="shrink"),
        pytest.param("Haste", "accel", id="haste"),
        pytest.param("Copy target instant or sorcery spell.", "copy", id="copy"),
        pytest.param(
            "Remove all Special Conditions from your Active Pokémon. Heal 30 damage.",
            "medical",
            id="heal",
        ),
        pytest.param(
            "Change the target of target spell with a single target.", "reflect", id="redirect"
        ),
    ],
)
def test_keywords_imply_effects(text: str, effect: str) -> None:
    assert effect in tag_effects(text)


def test_antidote_is_not_poison() -> None:
    assert tag_effects("毒消し") == ("potion",)


def test_names_that_contain_a_keyword_are_not_effects() -> None:
    assert "hack" not in tag_effects("Discard an Energy card attached to Charmander.")
    assert "hack" in tag_effects("Target creature is charmed.")


def test_plain_text_has_no_effects() -> None:
    assert tag_effects("Flying") == ()
    assert tag_effects("") == ()


def test_effects_come_in_rules_order_once() -> None:
    effects = tag_effects("Poisoned. Paralyzed. Poison again. Gain control.")
    assert list(effects) == sorted(effects, key=EFFECT_NAMES.index)
    assert len(set(effects)) == len(effects)


def test_effect_names_parse_in_english_and_japanese() -> None:
    assert parse_effect("Hazard") == "hazard"
    assert parse_effect("ハザード") == "hazard"
    with pytest.raises(ValueError, match="hazard"):
        parse_effect("burn")


@pytest.mark.parametrize(
    ("text", "reading"),
    [
        pytest.param(
            "As an additional cost, pay 4 life.",
            "As an additional cost, pay 1 life card.",
            id="pay N life",
        ),
        pytest.param(
            "Pay 1000 Life Points; draw 1 card.",
            "Pay 1 life card; draw 1 card.",
            id="YGO life points",
        ),
        pytest.param(
            "ライフを2000払って発動できる。",
            "ライフ・カードを1枚払って発動できる。",
            id="ライフを払う",
        ),
        pytest.param(
            "Discard a card.",
            "Put a card from the hand on the bottom of the library.",
            id="discard",
        ),
        pytest.param("手札を1枚捨てる。", "手札を1枚ライブラリの一番下に戻す。", id="手札を捨てる"),
        pytest.param(
            "Search your library for a basic land card.",
            "Take a basic land card from the 2nd or later cards of the library just shuffled.",
            id="search",
        ),
        pytest.param(
            "デッキからカード1枚を手札に加える。",
            "直前にシャッフルしたライブラリの2枚目以降からカード1枚を手札に加える。",
            id="デッキから手札に加える",
        ),
        pytest.param("Flying", "Flying", id="untouched"),
    ],
)
def test_matrix_rewrites(text: str, reading: str) -> None:
    assert twgp_reading(text) == reading
