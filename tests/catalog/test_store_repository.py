"""Card look-ups by reference and name keys, closest names, overrides, decks, owned copies."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from catalog.base.errors import (
    AmbiguousCardError,
    CardNotFoundError,
    CatalogError,
    DeckNotFoundError,
)
from catalog.collections.owned import (
    OwnedEntry,
    clear_collection,
    collection_entries,
    owned_by_card,
    put_entries,
    set_owned,
)
from catalog.lookup.repository import (
    clear_override,
    closest_names,
    find_cards,
    get_card,
    name_keys,
    names_of,
    nearest,
    set_override,
)
from catalog.saved.decks import delete_deck, get_deck, list_decks, save_deck
from converters.base import CardType
from tests.catalog.helpers import card, load


@pytest.fixture
def loaded(engine: Engine, session: Session) -> Session:
    load(engine)
    return session


@pytest.mark.parametrize(
    ("ref", "source_id"),
    [
        pytest.param("mtg:bears", "bears", id="game:source_id"),
        pytest.param("yugioh:89631139", "89631139", id="numeric passcode"),
        pytest.param("Grizzly Bears", "bears", id="English name"),
        pytest.param("  grizzly BEARS ", "bears", id="case and spaces"),
        pytest.param("灰色熊", "bears", id="Japanese name"),
        pytest.param("mtg:Grizzly Bears", "bears", id="game:name"),
        pytest.param("Ice", "fire-ice", id="one face of a split card"),
        pytest.param("fire//ice", "fire-ice", id="split name without spaces"),
        pytest.param("ぴかちゅう", "base1-58", id="hiragana finds katakana name"),
        pytest.param("ﾋﾟｶﾁｭｳ", "base1-58", id="half-width katakana"),
        pytest.param("ＰＩＫＡＣＨＵ", "base1-58", id="full-width latin"),
        pytest.param("Lightning Bolt", "bolt-lea", id="English printing preferred"),
        pytest.param("稲妻", "bolt-ja", id="Japanese name finds its printing"),
        pytest.param("44095762", "44095762", id="bare source id as last resort"),
    ],
)
def test_get_card(loaded: Session, ref: str, source_id: str) -> None:
    assert get_card(session=loaded, card_ref=ref).source_id == source_id


def test_unknown_names_suggest_the_closest(loaded: Session) -> None:
    with pytest.raises(CardNotFoundError) as caught:
        get_card(session=loaded, card_ref="Lightnig Bolt")
    assert caught.value.closest[0] == "Lightning Bolt"
    assert "did you mean" in caught.value.hint


def test_an_unknown_source_id_in_a_game(loaded: Session) -> None:
    with pytest.raises(CardNotFoundError, match="in yugioh"):
        get_card(session=loaded, card_ref="yugioh:12345")


def test_ambiguous_names_list_candidates(engine: Engine, session: Session) -> None:
    load(engine, [card("a", "Dragon", 5, CardType.UNIT, game="mtg"),
                  card("b", "Dragon", 6, CardType.UNIT, game="dm")])  # fmt: skip
    with pytest.raises(AmbiguousCardError) as caught:
        get_card(session=session, card_ref="dragon")
    assert set(caught.value.candidates) == {"mtg:a", "dm:b"}
    assert get_card(session=session, card_ref="dm:Dragon").source_id == "b"


def test_find_cards_by_fields(loaded: Session) -> None:
    assert [v.source_id for v in find_cards(session=loaded, game="mtg", set_code="LEA")] == [
        "bears", "bolt-lea"
    ]  # fmt: skip
    assert find_cards(session=loaded, name="lightning bolt", collector_number="1", limit=1)
    assert find_cards(session=loaded, game="pokemon", name="Grizzly Bears") == []


@pytest.mark.parametrize(("typed", "closest"), [
    ("Grizly Bears", "Grizzly Bears"),
    ("Icee", "Fire // Ice"),  # one face's key stands for the whole name
    ("灰色熊x", "灰色熊"),  # a Japanese key gives the Japanese name
    ("ぴかちゆう", "ピカチュウ"),  # kana typed for katakana, with a typo
])  # fmt: skip
def test_closest_names_by_key(loaded: Session, typed: str, closest: str) -> None:
    assert closest_names(session=loaded, name=typed)[0] == closest


def test_name_keys_are_the_index_keys_of_a_game(loaded: Session) -> None:
    keys = name_keys(session=loaded, game="mtg")
    assert keys == sorted(keys)
    assert {"grizzly bears", "fire", "ice"} <= set(keys)
    assert not any(key.startswith("pikachu") for key in keys)
    assert name_keys(session=loaded, game="no-such-game") == []
    assert names_of(session=loaded, keys=["ice", "fire", "grizzly bears"]) == [
        "Fire // Ice", "Grizzly Bears"
    ]  # fmt: skip


def test_nearest_reads_whole_words_beyond_its_prefilter() -> None:
    """A key that holds the query whole ranks even when plain ratio would drop it among many
    closer-looking keys; nothing below the cut-off is given."""
    keys = [f"bolx {n:04}" for n in range(2000)] + ["lightning bolt of the ages"]
    assert nearest("bolt", keys)[0] == "lightning bolt of the ages"
    assert nearest("qqqqqqqq", ["lightning bolt", "grizzly bears"]) == []


def test_closest_names_within_a_game(loaded: Session) -> None:
    assert closest_names(session=loaded, name="Blue Eyes", game="yugioh")[0] == (
        "Blue-Eyes White Dragon"
    )
    assert "Blue-Eyes White Dragon" not in closest_names(
        session=loaded, name="Blue Eyes", game="mtg"
    )


def test_an_override_is_effective_on_every_printing(loaded: Session) -> None:
    view = set_override(session=loaded, card_ref="稲妻", grade=3, card_type=CardType.CHARGE_TRAP,
                        reason="counts as a trap in our club")  # fmt: skip
    assert (view.grade, view.card_type) == (3, CardType.CHARGE_TRAP)
    assert (view.source_grade, view.source_type) == (1, CardType.CHARGE_EFFECT)
    english = get_card(session=loaded, card_ref="mtg:bolt-lea")
    assert (english.grade, english.card_type) == (3, CardType.CHARGE_TRAP)
    assert english.override is not None
    assert english.override.reason == "counts as a trap in our club"
    assert english.to_json()["override"]["grade"] == "03"
    assert english.to_json()["grade"] == "03"


def test_a_second_override_keeps_what_it_does_not_change(loaded: Session) -> None:
    set_override(session=loaded, card_ref="mtg:bears", grade=7, reason="house rule")
    view = set_override(session=loaded, card_ref="mtg:bears", card_type=CardType.RECOIL)
    assert view.override is not None
    assert (view.grade, view.card_type, view.override.reason) == (7, CardType.RECOIL, "house rule")


def test_clearing_an_override_restores_the_converter_values(loaded: Session) -> None:
    set_override(session=loaded, card_ref="mtg:bears", grade=9)
    view = clear_override(session=loaded, card_ref="mtg:bears")
    assert (view.grade, view.card_type, view.override) == (2, CardType.UNIT, None)


@pytest.mark.parametrize(
    ("grade", "card_type", "message"),
    [
        pytest.param(None, None, "needs a grade or a type", id="nothing to override"),
        pytest.param(100, None, "outside 00–99", id="grade too high"),
        pytest.param(-1, None, "outside 00–99", id="grade negative"),
    ],
)
def test_bad_overrides_are_refused(
    loaded: Session, grade: int | None, card_type: CardType | None, message: str
) -> None:
    with pytest.raises(CatalogError, match=message):
        set_override(session=loaded, card_ref="mtg:bears", grade=grade, card_type=card_type)


def test_decks_are_saved_listed_replaced_and_deleted(session: Session) -> None:
    save_deck(session=session, name="Burn", text="# twgp deck\n", format="full")
    first = save_deck(session=session, name="Burn", text="# twgp deck v2\n", format="half")
    save_deck(session=session, name="Aggro", text="x", format="full")
    assert [deck.name for deck in list_decks(session=session)] == ["Aggro", "Burn"]
    deck = get_deck(session=session, name="Burn")
    assert (deck.text, deck.format, deck.created_at) == (
        "# twgp deck v2\n",
        "half",
        first.created_at,
    )
    delete_deck(session=session, name="Burn")
    with pytest.raises(DeckNotFoundError):
        get_deck(session=session, name="Burn")
    with pytest.raises(DeckNotFoundError):
        delete_deck(session=session, name="Burn")


def test_owned_copies_roll_up_per_identity(loaded: Session) -> None:
    english = get_card(session=loaded, card_ref="mtg:bolt-lea")
    japanese = get_card(session=loaded, card_ref="mtg:bolt-ja")
    assert set_owned(session=loaded, card_id=english.id, quantity=3) == 3
    assert set_owned(session=loaded, card_id=japanese.id, quantity=1, finish="foil") == 1
    assert set_owned(session=loaded, card_id=english.id, quantity=2, mode="add") == 5
    assert get_card(session=loaded, card_ref="mtg:bolt-lea").owned == 6
    assert owned_by_card(session=loaded, card_ids=[english.id, japanese.id]) == {
        english.id: 5, japanese.id: 1
    }  # fmt: skip
    assert set_owned(session=loaded, card_id=english.id, quantity=0) == 0
    assert get_card(session=loaded, card_ref="mtg:bolt-ja").owned == 1


def test_same_source_keys_replace_never_add(loaded: Session) -> None:
    bears = get_card(session=loaded, card_ref="mtg:bears")
    rows = [OwnedEntry("moxfield:my.csv:bears", bears.id, 4, source_file="my.csv", line=2)]
    first = put_entries(session=loaded, entries=rows)
    second = put_entries(session=loaded, entries=rows)
    assert (first.new, second.new, second.unchanged) == (1, 0, 1)
    changed = put_entries(
        session=loaded, entries=[OwnedEntry("moxfield:my.csv:bears", bears.id, 2)]
    )
    assert changed.updated == 1
    assert get_card(session=loaded, card_ref="mtg:bears").owned == 2
    entries = collection_entries(session=loaded)
    assert [(e.card.source_id, e.quantity) for e in entries] == [("bears", 2)]
    assert collection_entries(session=loaded, query="game:yugioh") == []
    assert clear_collection(session=loaded) == 1
    assert get_card(session=loaded, card_ref="mtg:bears").owned == 0


def test_a_negative_quantity_is_refused(loaded: Session) -> None:
    with pytest.raises(CatalogError, match="negative"):
        set_owned(session=loaded, card_id=get_card(session=loaded, card_ref="mtg:bears").id,
                  quantity=-1)  # fmt: skip
