"""Issue 21: a name that matches several cards resolves to the one the deck resolved before.
A deck whose `pokemon Pikachu` meant the only Pikachu keeps meaning it after an import adds 20
Pikachu of other identities — deck files and saved decks alike (catalog/saved/deck_choices.py)."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine

from catalog.collections.owned import set_owned
from catalog.ingest.importer import import_cards
from catalog.lookup import repository
from catalog.saved.deck_choices import choices_of, file_key, saved_key
from catalog.store.db import session_scope
from converters.base import CardType
from deckbuilder.assistant.committed import saved_decks
from deckbuilder.catalog_resolver import CatalogResolver
from deckbuilder.codes import Code
from deckbuilder.remembered import resolve_remembered
from deckbuilder.resolve import CardInfo, ResolvedDeck, choose
from deckbuilder.service import validate_resolved
from deckbuilder.twgp_format import parse
from tests.deckbuilder.catalog_samples import converted
from tests.deckbuilder.sample_cards import full_deck

FIRST = "pokemon:pikachu|40|gnaw|thunder jolt"  # the sample catalog's only Pikachu, base1-58


def _import_pikachus(engine: Engine, count: int = 20) -> None:
    cards = [converted("pokemon", f"later-{n}", "Pikachu", None, f"pikachu|{50 + n}|attack {n}",
                       4, CardType.UNIT) for n in range(count)]  # fmt: skip
    import_cards(engine, cards, source="tests")


def _resolve(engine: Engine, key: str | None, text: str = "") -> ResolvedDeck:
    with session_scope(engine) as session:
        return resolve_remembered(session, parse(text or full_deck()), key)


def _pikachu(resolved: ResolvedDeck) -> CardInfo:
    """The card the deck's first Pikachu line resolved to."""
    (line, *_) = [r for r in resolved.entries if r.entry.name == "Pikachu"]
    assert line.card is not None, [c.source_id for c in line.candidates]
    return line.card


# --- choose: the one resolved before ----------------------------------------------------------


def _card(source_id: str, identity: str, owned: int | None = None) -> CardInfo:
    return CardInfo("pokemon", source_id, "Pikachu", identity, 4, CardType.UNIT, owned=owned)


def test_the_card_resolved_before_wins_when_none_is_owned() -> None:
    cards = [_card("xy1-42", "a"), _card("base1-58", "b"), _card("sv1-1", "c")]
    card, candidates = choose(cards, "Pikachu", ("b", "base1-58"))
    assert card is not None
    assert card.source_id == "base1-58"
    assert candidates == ()
    assert choose(cards, "Pikachu")[0] is None  # without it: ambiguous


def test_a_renamed_identity_is_found_by_its_printing() -> None:
    cards = [_card("xy1-42", "a"), _card("base1-58", "b-renamed")]
    card, _ = choose(cards, "Pikachu", ("b", "base1-58"))
    assert card is not None
    assert card.identity == "b-renamed"


def test_the_only_owned_card_beats_the_one_resolved_before() -> None:
    cards = [_card("xy1-42", "a", owned=2), _card("base1-58", "b", owned=0)]
    card, _ = choose(cards, "Pikachu", ("b", "base1-58"))
    assert card is not None
    assert card.source_id == "xy1-42"


def test_of_several_owned_the_one_resolved_before_wins() -> None:
    cards = [_card("xy1-42", "a", 1), _card("base1-58", "b", 1), _card("sv1-1", "c", 0)]
    card, _ = choose(cards, "Pikachu", ("b", "base1-58"))
    assert card is not None
    assert card.source_id == "base1-58"


def test_candidates_list_the_owned_then_the_one_resolved_before() -> None:
    cards = [_card("xy1-42", "a", 0), _card("base1-58", "b", 1), _card("sv1-1", "c", 0),
             _card("swsh1-1", "d", 0), _card("sv2-2", "e", 3)]  # fmt: skip
    card, candidates = choose(cards, "Pikachu", ("c", "sv1-1"))
    assert card is None  # two owned, neither resolved before
    assert [c.source_id for c in candidates] == ["base1-58", "sv2-2", "sv1-1", "xy1-42",
                                                 "swsh1-1"]  # fmt: skip


# --- the catalog: deck files and saved decks --------------------------------------------------


def test_a_deck_file_keeps_its_pikachu_after_an_import(catalog_engine: Engine,
                                                       tmp_path: Path) -> None:  # fmt: skip
    key = file_key(tmp_path / "deck.twgp")
    assert key is not None
    before = _resolve(catalog_engine, key)
    assert validate_resolved(before).legal
    assert _pikachu(before).identity == FIRST
    with session_scope(catalog_engine) as session:
        assert choices_of(session, key)[("pokemon", "pikachu")] == (FIRST, "base1-58")

    _import_pikachus(catalog_engine)

    after = _resolve(catalog_engine, key)
    assert _pikachu(after).source_id == "base1-58"
    assert validate_resolved(after).legal
    # another deck, never resolved before: the name is ambiguous, 21 cards
    other = validate_resolved(_resolve(catalog_engine, file_key(tmp_path / "other.twgp")))
    assert [v.code for v in other.violations] == [Code.UNKNOWN_CARD] * 2
    assert "is 21 different pokemon cards" in other.violations[0].message


def test_a_saved_deck_keeps_its_pikachu_after_an_import(catalog_engine: Engine,
                                                        tmp_path: Path) -> None:  # fmt: skip
    text = full_deck()
    with session_scope(catalog_engine) as session:
        repository.save_deck(session=session, name="Mine", text=text, format="full")
        resolve_remembered(session, parse(text), saved_key("Mine"))
    _import_pikachus(catalog_engine)
    assert _pikachu(_resolve(catalog_engine, saved_key("Mine"), text)).identity == FIRST
    with session_scope(catalog_engine) as session:  # the assistant's ledger reads it so too
        ((_, resolved),) = saved_decks(session)
        assert _pikachu(resolved).identity == FIRST
        repository.delete_deck(session=session, name="Mine")
        assert choices_of(session, saved_key("Mine")) == {}


def test_the_owned_pikachu_is_remembered_too(catalog_engine: Engine, tmp_path: Path) -> None:
    _import_pikachus(catalog_engine, 2)
    with session_scope(catalog_engine) as session:
        (owned,) = repository.find_cards(session=session, game="pokemon", source_id="later-1")
        set_owned(session=session, card_id=owned.id, quantity=2)
    key = file_key(tmp_path / "deck.twgp")
    assert _pikachu(_resolve(catalog_engine, key)).source_id == "later-1"
    with session_scope(catalog_engine) as session:  # sold: the deck still means it
        set_owned(session=session, card_id=owned.id, quantity=0)
        resolved = resolve_remembered(session, parse(full_deck()), key,
                                      resolver=CatalogResolver(session))  # fmt: skip
    assert _pikachu(resolved).source_id == "later-1"


def test_a_deck_without_a_place_remembers_nothing(catalog_engine: Engine) -> None:
    _resolve(catalog_engine, None)
    with session_scope(catalog_engine) as session:
        assert choices_of(session, "file:") == {}
    assert file_key(Path("-")) is None
