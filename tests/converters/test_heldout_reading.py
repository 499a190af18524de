"""The held-out reading sample (tests/converters/heldout_reading.py): every text the matrix
changes reads as written by hand, and every text that must stay stays (graveyard-to-hand texts
gain only the same-turn reuse note). Figures in docs/effects.md."""

from __future__ import annotations

import pytest

from converters.reading import twgp_reading
from tests.converters.heldout_reading import CHANGED, MUST_STAY


def test_the_held_out_reading_sample_is_large_enough() -> None:
    assert len(CHANGED) >= 75
    assert len(MUST_STAY) >= 40
    assert sum(any("\u3040" <= c <= "\u30ff" for c in text) for _, text, _ in CHANGED) >= 25


@pytest.mark.parametrize(("card_type", "text", "reading"), CHANGED, ids=[t[:50] for _, t, _ in CHANGED])
def test_held_out_texts_the_matrix_changes(card_type: str, text: str, reading: str) -> None:
    assert twgp_reading(text, card_type) == reading


@pytest.mark.parametrize(("text", "reading"), MUST_STAY, ids=[t[:50] for t, _ in MUST_STAY])
def test_held_out_texts_that_must_stay(text: str, reading: str) -> None:
    read = twgp_reading(text, "charge_effect")
    assert read == reading
    assert read.startswith(text)
