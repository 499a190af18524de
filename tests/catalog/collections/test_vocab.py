"""Quantities, conditions, finishes and languages as each app spells them (FORMATS.md §5)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from catalog.collections.errors import QuantityError
from catalog.collections.vocab import (
    MAX_QUANTITY,
    finish_in_condition,
    parse_condition,
    parse_finish,
    parse_language,
    parse_quantity,
)


@pytest.mark.parametrize(
    ("cell", "count"),
    [
        pytest.param("4", 4, id="plain 4"),
        pytest.param("4x", 4, id="4x"),
        pytest.param("4X", 4, id="4X"),
        pytest.param("x4", 4, id="x4 (Cockatrice style)"),
        pytest.param("2x", 2, id="Delver QuantityX 2x"),
        pytest.param("4 x", 4, id="4 x with a space"),
        pytest.param(" 3 ", 3, id="spaces around"),
        pytest.param("０３", 3, id="full-width digits"),
        pytest.param("0", 0, id="zero: known but not owned"),
        pytest.param("007", 7, id="leading zeros"),
    ],
)
def test_quantities_we_read(cell: str, count: int) -> None:
    assert parse_quantity(cell) == count


@pytest.mark.parametrize(
    "cell",
    [
        pytest.param("", id="empty"),
        pytest.param("-1", id="negative"),
        pytest.param("2.5", id="decimal"),
        pytest.param("four", id="a word"),
        pytest.param("4/102", id="a collector number in the wrong column"),
        pytest.param("1e3", id="scientific notation"),
        pytest.param("٣", id="Arabic-Indic digit"),
        pytest.param("1_000", id="Python underscore digits"),
        pytest.param(str(MAX_QUANTITY + 1), id="more than a million"),
    ],
)
def test_bad_quantities_raise_our_error(cell: str) -> None:
    with pytest.raises(QuantityError, match="quantity"):
        parse_quantity(cell)


@given(st.text(max_size=12))
def test_any_quantity_string_is_a_count_or_our_error(cell: str) -> None:
    try:
        count = parse_quantity(cell)
    except QuantityError:
        return
    assert isinstance(count, int)
    assert 0 <= count <= MAX_QUANTITY


@given(
    st.integers(min_value=0, max_value=MAX_QUANTITY),
    st.sampled_from(["{}", "{}x", "x{}", "{} x", "{}X"]),
)
def test_every_spelling_of_a_count_reads_back(count: int, spelling: str) -> None:
    assert parse_quantity(spelling.format(count)) == count


@pytest.mark.parametrize(
    ("cell", "code"),
    [
        pytest.param("Mint", "M", id="Moxfield Mint"),
        pytest.param("Near Mint", "NM", id="Moxfield Near Mint"),
        pytest.param("near_mint", "NM", id="ManaBox near_mint"),
        pytest.param("NearMint", "NM", id="Dragon Shield NearMint"),
        pytest.param("excellent", "NM", id="ManaBox excellent → NM (FORMATS §5 default)"),
        pytest.param("Good (Lightly Played)", "LP", id="Deckbox Good (Lightly Played)"),
        pytest.param("good", "LP", id="ManaBox good → LP"),
        pytest.param("light_played", "LP", id="ManaBox light_played"),
        pytest.param("LightPlayed", "LP", id="Dragon Shield LightPlayed"),
        pytest.param("Slighty Played", "LP", id="Delver's misspelling"),
        pytest.param("Played", "MP", id="Played → MP"),
        pytest.param("Moderately Played", "MP", id="TCGplayer Moderately Played"),
        pytest.param("HeavilyPlayed", "HP", id="HeavilyPlayed"),
        pytest.param("poor", "D", id="ManaBox poor → D"),
        pytest.param("DM", "D", id="DM"),
        pytest.param("Near Mint Foil", "NM", id="TCGplayer condition with its finish"),
        pytest.param("", None, id="blank (Deckbox)"),
    ],
)
def test_conditions(cell: str, code: str | None) -> None:
    assert parse_condition(cell) == (code, None)


def test_an_unknown_condition_is_left_unset_with_a_warning() -> None:
    code, warning = parse_condition("Pristine")
    assert code is None
    assert warning is not None
    assert "Pristine" in warning


@pytest.mark.parametrize(
    ("cell", "finish"),
    [
        pytest.param("", "nonfoil", id="empty"),
        pytest.param("normal", "nonfoil", id="ManaBox normal"),
        pytest.param("REGULAR", "nonfoil", id="MTGGoldfish REGULAR"),
        pytest.param("No", "nonfoil", id="No"),
        pytest.param("0", "nonfoil", id="0"),
        pytest.param("foil", "foil", id="foil"),
        pytest.param("FOIL", "foil", id="FOIL"),
        pytest.param("Yes", "foil", id="Delver Yes"),
        pytest.param("true", "foil", id="true"),
        pytest.param("Rainbow Foil", "foil", id="Dragon Shield named foil"),
        pytest.param("Etched", "etched", id="Archidekt Etched"),
        pytest.param("FOIL_ETCHED", "etched", id="MTGGoldfish FOIL_ETCHED"),
        pytest.param("Holofoil", "holofoil", id="TCGplayer Pokémon Holofoil"),
        pytest.param("Reverse Holofoil", "reverse_holofoil", id="Reverse Holofoil"),
        pytest.param("1st Edition", "nonfoil", id="YGO edition is not a finish"),
    ],
)
def test_finishes(cell: str, finish: str) -> None:
    assert parse_finish(cell) == (finish, None)


def test_condition_cells_carry_a_finish_only_as_a_suffix() -> None:
    assert finish_in_condition("Near Mint Foil") == "foil"
    assert finish_in_condition("Lightly Played Reverse Holofoil") == "reverse_holofoil"
    assert finish_in_condition("Near Mint") is None


@pytest.mark.parametrize(
    ("cell", "code"),
    [
        pytest.param("ja", "ja", id="ManaBox ja"),
        pytest.param("jp", "ja", id="Sorted jp"),
        pytest.param("JP", "ja", id="Archidekt JP"),
        pytest.param("Japanese", "ja", id="Moxfield Japanese"),
        pytest.param("日本語", "ja", id="日本語"),
        pytest.param("KR", "ko", id="Archidekt KR"),
        pytest.param("CS", "zh-Hans", id="Archidekt CS = Simplified"),
        pytest.param("zh_CN", "zh-Hans", id="ManaBox zh_CN"),
        pytest.param("Chinese", "zh-Hans", id="Moxfield Chinese = Simplified"),
        pytest.param("Simplified Chinese", "zh-Hans", id="Dragon Shield Simplified Chinese"),
        pytest.param("zh_TW", "zh-Hant", id="ManaBox zh_TW"),
        pytest.param("Traditional Chinese", "zh-Hant", id="Traditional Chinese"),
        pytest.param("English", "en", id="English"),
        pytest.param("sp", "es", id="sp"),
    ],
)
def test_languages(cell: str, code: str) -> None:
    assert parse_language(cell) == (code, None)


def test_a_blank_language_means_what_the_format_says() -> None:
    assert parse_language("", blank="en") == ("en", None)
    assert parse_language("") == (None, None)
    code, warning = parse_language("Klingon")
    assert code is None
    assert warning is not None
