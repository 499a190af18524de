"""The contract every registered converter keeps, checked over all of them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from catalog.ingest.conversion import convert_files
from converters.base import CardType, ConvertedCard, Converter
from converters.errors import InvalidRecordError, SkipRecord
from converters.registry import converter_ids, load_converter

EXAMPLES = Path(__file__).resolve().parents[2] / "converters" / "examples"
BUILT_IN = (
    *("mtg", "yugioh", "pokemon", "ws", "dm", "dqbr", "dinoking", "liveon"),
    *("2chtcg", "eternalvoice", "darkside", "onepiece", "generic"),
    *("lorcana", "digimon", "dbs-fusion-world"),
)

# Keys any of our sources use, so that generated records reach real code paths.
KEYS = (
    "name",
    "名前",
    "id",
    "code",
    "kind",
    "種類",
    "type",
    "hp",
    "HP",
    "cost",
    "コスト",
    "power",
    "パワー",
    "level",
    "レベル",
    "strength",
    "強さ",
    "つよさ",
    "torque",
    "トルク",
    "cmc",
    "mana_cost",
    "type_line",
    "layout",
    "oracle_text",
    "card_faces",
    "lang",
    "printed_name",
    "supertype",
    "subtypes",
    "category",
    "trainerType",
    "atk",
    "def",
    "frameType",
    "race",
    "linkval",
    "desc",
    "attacks",
    "abilities",
    "rules",
    "ability",
    "shield_trigger",
    "manaValue",
    "types",
    "uuid",
    "card_type",
    "card_number",
    "image_name",
    "object",
    "oracle_id",
    "set",
    "collector_number",
)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**7), 10**7),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(
        [
            "-",
            "－",
            "?",
            "X",
            "1d6",
            "Creature — Bear",
            "Pokémon",
            "Trainer",
            "Spell Card",
            "Trap Card",
            "monster",
            "モンスター",
            "赤赤②",
            "Character",
            "Climax",
            "12500",
            "8700",
        ]
    ),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(KEYS), inner, max_size=4)
    ),
    max_leaves=8,
)
RECORDS = st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=10)


@pytest.fixture(params=converter_ids(), scope="module")
def converter(request: pytest.FixtureRequest) -> Converter:
    return load_converter(request.param)


def test_our_games_are_all_registered() -> None:
    assert set(BUILT_IN) <= set(converter_ids())


def test_metadata(converter: Converter) -> None:
    for attribute in ("game_id", "display_name", "display_name_ja", "short_name", "grade_rule"):
        assert getattr(converter, attribute), attribute
    assert converter.formats
    assert all(t is None or isinstance(t, CardType) for t in converter.kinds.values())


def check_card(card: ConvertedCard, converter: Converter) -> None:
    assert card.game == converter.game_id
    assert card.identity.startswith(f"{converter.game_id}:")
    assert card.name
    assert card.source_id
    if card.grade.value is not None:
        assert 0 <= card.grade.value <= 99
    assert card.grade.reason
    assert card.card_type.reason
    assert card.card_type.value is None or isinstance(card.card_type.value, CardType)


@settings(max_examples=100, deadline=None)
@given(record=RECORDS)
def test_no_record_shape_crashes_a_converter(converter: Converter, record: dict[str, Any]) -> None:
    try:
        card = converter.convert(record)
    except (InvalidRecordError, SkipRecord):
        return
    check_card(card, converter)


@pytest.mark.parametrize("game", BUILT_IN)
def test_bundled_examples_convert_cleanly(game: str) -> None:
    converter = load_converter(game)
    files = sorted(EXAMPLES.glob(f"{game}.*"))
    assert files, f"no bundled example for {game}"
    outcomes = list(convert_files(converter, files))
    assert outcomes
    assert [o.failed for o in outcomes if o.failed] == []
    for outcome in outcomes:
        if outcome.card:
            check_card(outcome.card, converter)
