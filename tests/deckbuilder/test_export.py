"""Exports: twgp and JSON round trips, CSV and Markdown columns, the HTML sheet's pages."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace
from pathlib import Path

import pytest

from converters.base import CardType
from deckbuilder.errors import DecklistFormatError, OutputExistsError
from deckbuilder.export import deck_from_json, export_deck, write_new
from deckbuilder.resolve import MemoryResolver, ResolvedDeck, resolve_deck
from deckbuilder.twgp_format import parse
from tests.deckbuilder.sample_cards import FINAL, full_deck, sample_cards


def resolved(text: str | None = None, *, override_forest: bool = False) -> ResolvedDeck:
    cards = sample_cards()
    if override_forest:
        cards = [
            replace(c, card_type=CardType.CHARGE_EFFECT, overridden=True)
            if c.name == "Forest" else c
            for c in cards
        ]
    deck = parse(text or full_deck(final_1=[*FINAL[:19], "mtg Forest"], final_2=FINAL))
    return resolve_deck(deck, MemoryResolver(cards))


def test_twgp_export_parses_to_the_same_deck() -> None:
    deck = resolved()
    assert parse(export_deck(deck, "twgp")) == deck.deck


def test_json_export_parses_and_reads_back() -> None:
    deck = resolved(override_forest=True)
    text = export_deck(deck, "json")
    document = json.loads(text)
    assert document["format"] == "full"
    assert list(document["sections"]) == ["life", "entry.library", "entry.archive", "final.1",
                                          "final.2"]
    forest = document["sections"]["final.1"][-1]
    assert forest == {"qty": 1, "game": "mtg", "name": "Forest", "source_id": None,
                      "name_ja": "森", "grade": "00", "type": "charge_effect", "override": True,
                      "effects": [], "effect_reasons": {}, "curse": False}
    assert deck_from_json(text) == deck.deck
    with pytest.raises(DecklistFormatError):
        deck_from_json('{"format": "huge", "sections": {}}')


def test_csv_export_columns() -> None:
    rows = list(csv.DictReader(io.StringIO(export_deck(resolved(), "csv"))))
    assert len(rows) == 5 + 20 + 20 + 20
    pikachu = next(r for r in rows if r["name"] == "Pikachu")
    assert (pikachu["section"], pikachu["grade"], pikachu["type"]) == ("entry.archive", "04", "unit")
    dark = next(r for r in rows if r["name"] == "Dark Magician")
    assert dark["name_ja"] == "ブラック・マジシャン"


def test_markdown_marks_overrides() -> None:
    text = export_deck(resolved(override_forest=True), "md")
    assert "## Life / ライフ (5)" in text
    assert "## Final 1 / ファイナル1 (20)" in text
    assert "| 1 | mtg | Forest | 森 | 00* | Charge Effect* |" in text
    assert "* the user's override" in text
    assert "| 1 | mtg | Fire // Ice | 火 // 氷 | 04 | Charge Effect |" in text


def test_html_sheet_has_a_page_per_half_and_the_life_set() -> None:
    text = export_deck(resolved(), "html")
    assert text.count("<section class=page>") == 4  # life, entry, final.1, final.2
    assert "page-break-after: always" in text
    assert "Final deck 2 / ファイナルデッキ2" in text
    assert "青眼の白龍" in text
    unknown = export_deck(resolved(full_deck(final_1=[*FINAL[:19], "mtg <b>Nope</b>"])), "html")
    assert "&lt;b&gt;Nope&lt;/b&gt;" in unknown
    assert "unknown card" in unknown


def test_exports_never_overwrite_without_force(tmp_path: Path) -> None:
    path = tmp_path / "deck.md"
    write_new(path, "first")
    with pytest.raises(OutputExistsError, match="exists"):
        write_new(path, "second")
    assert path.read_text() == "first"
    write_new(path, "second", force=True)
    assert path.read_text() == "second"
