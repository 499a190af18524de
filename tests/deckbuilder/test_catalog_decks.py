"""Decks against a real catalog: the catalog resolver, ownership, overrides."""

from __future__ import annotations

from sqlalchemy import Engine

from catalog.collections.owned import set_owned
from catalog.lookup import repository
from catalog.store.db import session_scope
from converters.base import CardType
from deckbuilder.catalog_resolver import CatalogResolver
from deckbuilder.codes import Code
from deckbuilder.service import ValidationReport, validate_deck
from deckbuilder.twgp_format import parse
from tests.deckbuilder.sample_cards import ARCHIVE, FINAL, full_deck


def validate(engine: Engine, text: str) -> ValidationReport:
    with session_scope(engine) as session:
        return validate_deck(parse(text), CatalogResolver(session))


def test_the_sample_deck_is_legal_in_the_catalog(catalog_engine: Engine) -> None:
    report = validate(catalog_engine, full_deck())
    assert report.violations == ()
    assert report.warnings == ()  # no collection kept: ownership is not judged


def test_a_japanese_printing_found_by_its_japanese_name_is_a_duplicate(
    catalog_engine: Engine,
) -> None:
    report = validate(catalog_engine, full_deck(entry_archive=[*ARCHIVE[:4], "mtg 稲妻"]))
    assert [v.code for v in report.violations] == [Code.DUPLICATE_IN_HALF]
    assert report.violations[0].cards == ("mtg Lightning Bolt", "mtg 稲妻")


def test_same_name_in_two_games_is_two_cards(catalog_engine: Engine) -> None:
    final = [*FINAL[:18], "mtg Mind Control", "yugioh Mind Control"]
    assert validate(catalog_engine, full_deck(final_1=final)).legal


def test_unknown_card_gets_catalog_suggestions(catalog_engine: Engine) -> None:
    report = validate(catalog_engine, full_deck(final_1=[*FINAL[:19], "mtg Lightnig Bolt"]))
    (unknown,) = report.violations
    assert unknown.code is Code.UNKNOWN_CARD
    assert "closest: Lightning Bolt" in unknown.message


def test_owned_copies_once_a_collection_is_kept(catalog_engine: Engine) -> None:
    with session_scope(catalog_engine) as session:
        (bolt_ja,) = repository.find_cards(session=session, game="mtg", source_id="m10-bolt-ja")
        set_owned(session=session, card_id=bolt_ja.id, quantity=1)
    report = validate(catalog_engine, full_deck())
    not_owned = {w.cards[0]: w for w in report.warnings if w.code is Code.NOT_OWNED}
    # owned copies roll up over the identity: the Japanese Bolt counts for the English one
    assert "needs 2, you own 1" in not_owned["mtg Lightning Bolt"].message
    assert "needs 1, you own 0" in not_owned["yugioh Skill Drain"].message
    assert report.legal


def test_an_override_is_what_validation_sees(catalog_engine: Engine) -> None:
    deck = full_deck(final_1=[*FINAL[:19], "mtg Forest"])
    assert [v.code for v in validate(catalog_engine, deck).violations] == [Code.UNCONVERTED]
    with session_scope(catalog_engine) as session:
        repository.set_override(session=session, card_ref="mtg:m10-forest", grade=None,
                                card_type=CardType.CHARGE_EFFECT, reason="a mana source")
    assert validate(catalog_engine, deck).legal
