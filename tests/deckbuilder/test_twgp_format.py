"""The `.twgp` decklist: reading the issue's example, errors with line numbers, round trips."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckbuilder.deck import Deck, DeckFormat, Entry, section_key
from deckbuilder.errors import DecklistFormatError
from deckbuilder.twgp_format import dump, parse

EXAMPLE = """\
# comments start with #
name: Mixed Beatdown
format: full                    # half | full | trial
[life]
1 yugioh Skill Drain
1 mtg Glorious Anthem
[entry.library]                 # 15 cards
1 pokemon Pikachu [base1-58]    # optional [source id] picks the exact printing
1 mtg Fire // Ice
[entry.archive]                 # 5 cards: the starting hand
1 ws Misaka Mikoto [ID/W10-E001]
[final.1]                       # full: 1 to 3 candidate final half decks of 20
[final.2]
[half.2]                        # trial: second, third … half decks, in order
[half.3]
[pool]                          # optional: the variant rule's card pool
"""


def test_reads_the_issue_example() -> None:
    deck = parse(EXAMPLE)
    assert deck.name == "Mixed Beatdown"
    assert deck.format is DeckFormat.FULL
    assert deck.section("life") == (Entry(1, "yugioh", "Skill Drain"), Entry(1, "mtg", "Glorious Anthem"))
    pikachu, fire_ice = deck.section("entry.library")
    assert (pikachu.name, pikachu.source_id, pikachu.line) == ("Pikachu", "base1-58", 8)
    assert (fire_ice.name, fire_ice.source_id) == ("Fire // Ice", None)
    assert deck.section("entry.archive") == (Entry(1, "ws", "Misaka Mikoto", "ID/W10-E001"),)
    assert set(deck.sections) == {
        "life", "entry.library", "entry.archive", "final.1", "final.2", "half.2", "half.3", "pool"
    }
    assert deck.numbered("final.") == []  # empty sections are placeholders


def test_japanese_names_quantities_and_case() -> None:
    deck = parse("format: TRIAL\n[Entry.Library]\n3x MTG 稲妻\n2 yugioh ブラック・マジシャン [46986414]\n")
    assert deck.format is DeckFormat.TRIAL
    assert deck.section("entry.library") == (
        Entry(3, "mtg", "稲妻"), Entry(2, "yugioh", "ブラック・マジシャン", "46986414")
    )


def test_missing_format_means_full_and_bom_is_ignored() -> None:
    deck = parse("\ufeff[life]\n1 mtg Glorious Anthem\n")
    assert deck.format is DeckFormat.FULL
    assert deck.name == ""


@pytest.mark.parametrize(
    ("text", "line", "expected"),
    [
        pytest.param("[life]\nfoo bar\n", 2, "expected a card line", id="neither card nor header"),
        pytest.param("1 mtg Opt\n", 1, "before any section", id="card before a section"),
        pytest.param("[lives]\n", 1, "unknown section [lives]", id="unknown section"),
        pytest.param("[half.1]\n", 1, "unknown section", id="half.1 is the entry deck"),
        pytest.param("[life]\n[pool]\n[life]\n", 3, "first on line 1", id="section twice"),
        pytest.param("format: huge\n", 1, "expected half, full or trial", id="unknown format"),
        pytest.param("name: a\nname: b\n", 2, "appears twice", id="name twice"),
        pytest.param("colour: red\n", 1, "unknown field", id="unknown field"),
        pytest.param("[life]\n0 mtg Opt\n", 2, "quantity from 1", id="zero copies"),
        pytest.param("[life]\n" + "9" * 5000 + " mtg Opt\n", 2, "(5,000 digits)",
                     id="5,000 digits"),
        pytest.param(f"[life]\n{10**30} mtg Opt\n", 2, "quantity from 1", id="10**30"),
        pytest.param("[life]\n1 mtg\n", 2, "QTY GAME NAME", id="no name"),
        pytest.param("[life]\n1 ma$h Opt\n", 2, "game id", id="bad game id"),
        pytest.param("[life]\n1 mtg [abc]\n", 2, "card name before", id="source id only"),
        pytest.param("[life]\n1 mtg Opt [a]b]\n", 2, "without brackets", id="bracket in id"),
    ],
)
def test_parse_errors_name_the_line(text: str, line: int, expected: str) -> None:
    with pytest.raises(DecklistFormatError) as caught:
        parse(text, source="my.twgp")
    assert caught.value.line == line
    assert f"my.twgp:line {line}: " in caught.value.message
    assert expected in caught.value.message
    assert caught.value.exit_code == 2


def test_dump_writes_play_order_and_reads_back() -> None:
    deck = parse(EXAMPLE)
    text = dump(deck)
    assert text.index("[life]") < text.index("[entry.library]") < text.index("[final.1]")
    assert text.index("[final.2]") < text.index("[half.2]") < text.index("[pool]")
    assert parse(text) == deck
    assert dump(parse(text)) == text


def test_a_name_ending_in_a_bracket_survives() -> None:
    deck = Deck("Odd", DeckFormat.HALF, {"pool": (Entry(1, "mtg", "Thing [Token]"),)})
    text = dump(deck)
    assert "1 mtg Thing [Token] []" in text
    assert parse(text) == deck


def test_section_keys() -> None:
    assert section_key(" Final.01 ") == "final.1"
    assert section_key("half.2") == "half.2"
    assert section_key("final.0") is None
    assert section_key("entry") is None


def test_entries_that_cannot_be_written_are_refused() -> None:
    with pytest.raises(ValueError, match="one decklist line"):
        Entry(1, "mtg", "Opt # not a comment")
    with pytest.raises(ValueError, match="brackets"):
        Entry(1, "mtg", "Opt", "a]b")


# --- properties ---------------------------------------------------------------------------------

_games = st.sampled_from(["mtg", "yugioh", "pokemon", "ws", "dm"])
_names = st.text(
    alphabet=st.characters(blacklist_categories=["Cs"]), min_size=1, max_size=20
).map(str.strip).filter(bool)
_sections = st.sampled_from(
    ["life", "entry.library", "entry.archive", "final.1", "final.3", "half.2", "half.4", "pool"]
)


def _writable(name: str) -> bool:
    try:
        Entry(1, "mtg", name)
    except ValueError:
        return False
    return True


_entries = st.builds(
    Entry,
    qty=st.integers(1, 999),
    game=_games,
    name=_names.filter(_writable),
    source_id=st.one_of(st.none(), st.text("abcXYZ0189/_-", min_size=1, max_size=12)),
)
_decks = st.builds(
    Deck,
    name=st.one_of(st.just(""), _names.filter(_writable)),
    format=st.sampled_from(list(DeckFormat)),
    sections=st.dictionaries(_sections, st.lists(_entries, max_size=4).map(tuple), max_size=5),
)


@settings(max_examples=300)
@given(_decks)
def test_any_deck_round_trips(deck: Deck) -> None:
    assert parse(dump(deck)) == deck


_line_parts = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["[life]", "[pool]", "[final.2]", "format: half", "name: x", "# c", ""]),
    st.builds(lambda q, g, n: f"{q} {g} {n}", st.integers(-1, 1200), _games, st.text(max_size=15)),
)


@settings(max_examples=500)
@given(st.lists(_line_parts, max_size=12).map("\n".join))
def test_any_text_parses_or_raises_our_error_and_dump_is_stable(text: str) -> None:
    try:
        deck = parse(text)
    except DecklistFormatError:
        return
    once = dump(deck)
    assert parse(once) == deck
    assert dump(parse(once)) == once
