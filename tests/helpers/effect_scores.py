"""Scoring effects against cards a player judged by hand: the real-data files of the judged
sample, their cards by source id, and precision and recall."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from catalog.ingest.reading import iter_records
from converters.base import ConvertedCard
from converters.errors import ConverterError
from converters.registry import load_all
from tests.conftest import REALDATA

#: game → the real-data files of the sample, in the order their cards are looked up
SOURCES: dict[str, tuple[str, ...]] = {
    "mtg": ("mtg/mtgjson3/*.json",),
    "yugioh": ("yugioh/*/json/*.json",),
    "pokemon": ("pokemon/cards/en/*.json", "tcgdex/v2/en/cards/*/index.json"),
    "ws": ("weiss-schwarz/DB/*.json",),
    "onepiece": ("one-piece/json/en/*.json",),
}


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
def cards_by_id(game: str) -> dict[str, ConvertedCard]:
    """The real cards of `game`'s sample files by source id, converted once."""
    found: dict[str, ConvertedCard] = {}
    for card in _cards(game):
        found.setdefault(card.source_id, card)  # the first file's printing (pokemontcg.io)
    return found
