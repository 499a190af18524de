"""The hand-judged sample of real cards (tests/converters/effect_sample.py) as a regression test:
effect precision and recall over its Recoil/Charge/Life cards, and no effect on the text of any
Unit or Weapon of the same real data (issue 11 acceptance; method in docs/effects.md).
Skipped when the real-data folder is absent."""

from __future__ import annotations

import pytest

from converters.base import CardType
from converters.card_effects import POISON_SPECIES
from tests.conftest import requires_shared
from tests.converters.effect_sample import JUDGED
from tests.helpers.effect_scores import SOURCES, Score, cards_by_id

PRECISION, RECALL = 0.95, 0.90


def _mistakes() -> tuple[Score, list[str]]:
    score, mistakes = Score(), []
    for game, judged in JUDGED.items():
        cards = cards_by_id(game)
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
        cards = cards_by_id(game)
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
    for card in cards_by_id(game).values():
        if card.card_type.value not in (CardType.UNIT, CardType.WEAPON):
            continue
        checked += 1
        if card.card_type.value is CardType.UNIT and card.effects == ("poison",):
            assert POISON_SPECIES.search(card.effect_reasons["poison"]), card.name
        else:
            assert card.effects == (), (card.name, card.effect_reasons)
        assert "void" in card.reading.lower() or "無効" in card.reading or not card.text
    assert checked > 100 or game in ("onepiece", "ws")
