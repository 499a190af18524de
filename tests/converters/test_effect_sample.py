"""The hand-judged sample of real cards (tests/converters/effect_sample.py) as a regression test:
effect precision and recall over its Recoil/Charge/Life cards, and no effect on the text of any
Unit or Weapon of the same real data (issue 11 acceptance; method in docs/effects.md).
Skipped when the real-data folder is absent."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

import pytest

from catalog.ingest.reading import iter_records
from converters.base import CardType, ConvertedCard
from converters.card_effects import POISON_SPECIES
from converters.errors import ConverterError
from converters.registry import load_all
from tests.conftest import REALDATA, requires_shared
from tests.converters.effect_sample import JUDGED

#: game → the real-data files of the sample, in the order their cards are looked up
SOURCES: dict[str, tuple[str, ...]] = {
    "mtg": ("mtg/mtgjson3/*.json",),
    "yugioh": ("yugioh/*/json/*.json",),
    "pokemon": ("pokemon/cards/en/*.json", "tcgdex/v2/en/cards/*/index.json"),
    "ws": ("weiss-schwarz/DB/*.json",),
    "onepiece": ("one-piece/json/en/*.json",),
}
PRECISION, RECALL = 0.95, 0.90


@dataclass
class Score:
    true: int = 0
    false_positive: int = 0
    false_negative: int = 0

    @property
    def precision(self) -> float:
        return self.true / ((self.true + self.false_positive) or 1)

    @property
    def recall(self) -> float:
        return self.true / ((self.true + self.false_negative) or 1)


def _cards(game: str) -> Iterator[ConvertedCard]:
    converter = load_all()[game]
    for pattern in SOURCES[game]:
        for path in sorted(REALDATA.glob(pattern)):
            for source in iter_records(path, converter):
                try:
                    yield converter.convert(source.record)
                except ConverterError:
                    continue


@cache
def _by_id(game: str) -> dict[str, ConvertedCard]:
    found: dict[str, ConvertedCard] = {}
    for card in _cards(game):
        found.setdefault(card.source_id, card)  # the first file's printing (pokemontcg.io)
    return found


def _mistakes() -> tuple[Score, list[str]]:
    score, mistakes = Score(), []
    for game, judged in JUDGED.items():
        cards = _by_id(game)
        for source_id, name, expected_words in judged:
            card = cards[source_id]
            expected, tagged = set(expected_words.split()), set(card.effects)
            score.true += len(expected & tagged)
            score.false_positive += len(tagged - expected)
            score.false_negative += len(expected - tagged)
            mistakes += [f"{game} {name}: not {e} ({card.effect_reasons[e]!r})"
                         for e in sorted(tagged - expected)]  # fmt: skip
            mistakes += [f"{game} {name}: missed {e}" for e in sorted(expected - tagged)]
    return score, mistakes


@requires_shared
def test_the_judged_sample_is_large_and_covers_every_game() -> None:
    assert sum(len(cards) for cards in JUDGED.values()) > 250
    assert all(len(JUDGED[game]) >= 30 for game in SOURCES)
    for game, judged in JUDGED.items():
        cards = _by_id(game)
        for source_id, name, _ in judged:
            card = cards[source_id]
            assert card.name.startswith(name.rstrip("…")), (game, source_id)
            assert card.card_type.value not in (CardType.UNIT, CardType.WEAPON, None)


@requires_shared
def test_effects_of_the_judged_sample_meet_precision_and_recall() -> None:
    score, mistakes = _mistakes()
    report = "\n".join(mistakes)
    assert score.precision >= PRECISION, report
    assert score.recall >= RECALL, report


@requires_shared
@pytest.mark.parametrize("game", list(SOURCES))
def test_unit_and_weapon_text_gives_no_effect(game: str) -> None:
    """Only a Unit's species gives an effect (Poison); never the text of a Unit or Weapon."""
    checked = 0
    for card in _by_id(game).values():
        if card.card_type.value not in (CardType.UNIT, CardType.WEAPON):
            continue
        checked += 1
        if card.card_type.value is CardType.UNIT and card.effects == ("poison",):
            assert POISON_SPECIES.search(card.effect_reasons["poison"]), card.name
        else:
            assert card.effects == (), (card.name, card.effect_reasons)
        assert "void" in card.reading.lower() or "無効" in card.reading or not card.text
    assert checked > 100 or game in ("onepiece", "ws")
