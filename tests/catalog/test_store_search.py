"""Search semantics on every backend: names (kana-, width- and case-insensitive), filters on
the effective grade and type, owned copies, negation, `or`, sorting — and that values never
reach the database as SQL."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine
from sqlmodel import Session

from catalog.base.errors import QuerySyntaxError
from catalog.collections.owned import set_owned
from catalog.lookup.repository import get_card, set_override
from catalog.lookup.search import count_cards, search_cards
from converters.base import CardType
from tests.catalog.helpers import CARDS, card, count_rows, load


@pytest.fixture
def loaded(engine: Engine, session: Session) -> Session:
    load(engine, [*CARDS, card("pika-kana", "Pikachu", 6, CardType.UNIT, game="pokemon",
                               name_ja="ぴかちゅう", identity="pokemon:pikachu-hira")])  # fmt: skip
    return session


def ids(session: Session, query: str) -> list[str]:
    return [view.source_id for view in search_cards(session=session, query=query, limit=None)]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        pytest.param("bolt", ["bolt-ja", "bolt-lea"], id="English word, any case"),
        pytest.param("ボルト", [], id="no false friends"),
        pytest.param("稲妻", ["bolt-ja"], id="two-letter Japanese name (LIKE path)"),
        pytest.param("ピカチュウ", ["base1-58", "pika-kana"], id="katakana finds hiragana keys"),
        pytest.param("ぴかちゅう", ["base1-58", "pika-kana"], id="hiragana finds katakana names"),
        pytest.param("ＰＩＫＡ", ["base1-58", "pika-kana"], id="full-width latin"),
        pytest.param("ﾋﾟｶ", ["base1-58", "pika-kana"], id="half-width katakana"),
        pytest.param('"white dragon"', ["89631139"], id="quoted phrase"),
        pytest.param("ice", ["fire-ice"], id="a face of a split card"),
        pytest.param("name=ice", ["fire-ice"], id="exact face name"),
        pytest.param("name=ligh", [], id="exact name needs the whole name"),
        pytest.param("game:yugioh", ["44095762", "89631139", "97077563"], id="game"),
        pytest.param("grade:04", ["base1-58", "fire-ice"], id="grade equal"),
        pytest.param("grade>=6", ["89631139", "pika-kana"], id="grade at least"),
        pytest.param("grade<2 game:mtg", ["bolt-ja", "bolt-lea", "bonesplitter"], id="grade below"),
        pytest.param("grade!=1 game:mtg", ["anthem", "bears", "fire-ice"], id="grade not"),
        pytest.param("grade:none", ["44095762", "97077563"], id="no grade"),
        pytest.param("-grade>0 game:yugioh", ["44095762", "97077563"], id="negation keeps no-grade"),
        pytest.param("type:weapon", ["bonesplitter"], id="type"),
        pytest.param("type:ライフ・トラップ", ["97077563"], id="Japanese type name"),
        pytest.param("t:life_counter or t:life_trap", ["97077563", "anthem"], id="or"),
        pytest.param("-type:unit game:yugioh", ["44095762", "97077563"], id="negated type"),
        # Pikachu (a Unit) and Bonesplitter (a Weapon): their text is void in TWGP
        pytest.param("effect:hazard", ["fire-ice"], id="effect (paralyze, tap)"),
        pytest.param("effect:plus", ["anthem"], id="effect plus"),
        pytest.param('text:"3 damage"', ["bolt-lea"], id="text phrase"),
        pytest.param("text:ダメージ", ["bolt-ja"], id="Japanese text"),
        pytest.param("set:LEA", ["bears", "bolt-lea"], id="set any case"),
        pytest.param("lang:ja", ["bolt-ja"], id="language"),
        pytest.param("(bolt or bears) -lang:ja", ["bears", "bolt-lea"], id="parentheses"),
        pytest.param("100%", [], id="LIKE wildcards are literal"),
        pytest.param("_", [], id="underscore is literal"),
    ],
)  # fmt: skip
def test_search(loaded: Session, query: str, expected: list[str]) -> None:
    assert sorted(ids(loaded, query)) == sorted(expected)
    assert count_cards(session=loaded, query=query) == len(expected)


def test_filters_see_the_effective_values(loaded: Session) -> None:
    set_override(session=loaded, card_ref="mtg:bears", grade=9, card_type=CardType.WEAPON)
    assert "bears" in ids(loaded, "grade:09 type:weapon")
    assert "bears" not in ids(loaded, "type:unit")
    found = search_cards(session=loaded, query="bears")[0]
    assert found.override is not None
    assert found.to_json()["type"] == "weapon"


def test_owned_filters_roll_up_per_identity(loaded: Session) -> None:
    japanese = get_card(session=loaded, card_ref="mtg:bolt-ja")
    set_owned(session=loaded, card_id=japanese.id, quantity=2)
    set_owned(session=loaded, card_id=get_card(session=loaded, card_ref="mtg:bears").id, quantity=4)
    assert sorted(ids(loaded, "owned>0")) == ["bears", "bolt-ja", "bolt-lea"]
    assert sorted(ids(loaded, "owned:2")) == ["bolt-ja", "bolt-lea"]
    assert sorted(ids(loaded, "owned>=3")) == ["bears"]
    assert "bears" not in ids(loaded, "owned<4")
    assert "anthem" in ids(loaded, "owned<4")
    assert "anthem" in ids(loaded, "owned:0")
    assert "bears" not in ids(loaded, "owned:0")
    assert sorted(ids(loaded, "-owned:0")) == sorted(ids(loaded, "owned>0"))
    assert search_cards(session=loaded, query="bolt")[0].owned == 2


def test_sort_and_order(loaded: Session) -> None:
    by_grade = search_cards(session=loaded, query="game:mtg sort:grade", limit=None)
    assert [v.grade for v in by_grade] == sorted(v.grade for v in by_grade if v.grade is not None)
    descending = search_cards(session=loaded, query="game:yugioh sort:grade order:desc")
    assert descending[0].source_id == "89631139"  # grade 08 first
    assert descending[-1].grade is None  # no grade sorts last either way
    by_name = search_cards(session=loaded, query="game:mtg order:desc")
    assert [v.name for v in by_name][:2] == ["Lightning Bolt", "Lightning Bolt"]


def test_sort_by_japanese_name_and_by_copies_owned(loaded: Session) -> None:
    """The card list's other columns sort too (a click on their header in the app)."""
    by_ja = search_cards(session=loaded, query="sort:name_ja", limit=None)
    named = [v.name_ja for v in by_ja if v.name_ja]
    assert named == sorted(named)
    assert len(named) >= 2
    assert by_ja[-1].name_ja is None  # no Japanese name sorts last
    assert search_cards(session=loaded, query="sort:name_ja order:desc")[0].name_ja == max(named)
    bolt = get_card(session=loaded, card_ref="mtg:bolt-ja")
    set_owned(session=loaded, card_id=bolt.id, quantity=2)
    set_owned(session=loaded, card_id=get_card(session=loaded, card_ref="mtg:bears").id, quantity=4)
    most = ids(loaded, "sort:owned order:desc")
    assert most[0] == "bears"
    assert sorted(most[1:3]) == ["bolt-ja", "bolt-lea"]  # both printings: the identity's copies
    assert ids(loaded, "sort:owned")[-1] == "bears"
    page = [v.source_id for v in search_cards(session=loaded, query="sort:owned order:desc",
                                              limit=2, offset=1)]  # fmt: skip
    assert page == most[1:3]


def test_limit_and_offset_page_through_results(loaded: Session) -> None:
    everything = ids(loaded, "")
    assert len(everything) == len(CARDS) + 1
    page = search_cards(session=loaded, query="", limit=3, offset=3)
    assert [v.source_id for v in page] == everything[3:6]


@pytest.mark.parametrize(
    "attack",
    [
        pytest.param('name:"\'; DROP TABLE card; --"', id="quoted drop table"),
        pytest.param('"\'); DELETE FROM card; --"', id="free text delete"),
        pytest.param("text:\"' OR '1'='1\"", id="always-true text"),
        pytest.param('set:"x\' OR 1=1 --"', id="always-true set"),
        pytest.param('"card_fts MATCH *"', id="fts syntax as text"),
        pytest.param('"\\" OR pika"', id="escaped quote in fts phrase"),
    ],
)
def test_injection_attempts_find_nothing_and_change_nothing(
    loaded: Session, engine: Engine, attack: str
) -> None:
    assert search_cards(session=loaded, query=attack) == []
    loaded.commit()
    assert count_rows(engine) == len(CARDS) + 1


def test_an_unquoted_injection_is_a_syntax_error(loaded: Session, engine: Engine) -> None:
    with pytest.raises(QuerySyntaxError):
        search_cards(session=loaded, query="name:'; DROP TABLE card; --")
    assert count_rows(engine) == len(CARDS) + 1


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=st.text(max_size=30))
def test_any_query_returns_cards_or_raises_our_error(loaded: Session, text: str) -> None:
    try:
        found = search_cards(session=loaded, query=text, limit=5)
    except QuerySyntaxError:
        return
    assert len(found) <= 5
