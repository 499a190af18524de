"""Every decklist reader on any input: a ForeignDeck or a DecklistFormatError, never anything
else (issue 14 items 2 and 6) — including quantities of thousands of digits, `10**30`, words
where numbers go, entity bombs, and text past the documented limits."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckbuilder.decklists import FORMAT_IDS, ForeignDeck
from deckbuilder.decklists.limits import MAX_CARD_LINES, MAX_DECKLIST_LINES, MAX_YDKE_CHARS
from deckbuilder.errors import DecklistFormatError
from deckbuilder.importer import read_foreign

HUGE = "9" * 5000
TOKENS = [
    "4", "4x", "x4", "(4)", "0", HUGE, "10**30", str(10**30), "abc", "-1", "４", "SB:", "//",
    "#", "Sideboard", "Commander:", "Deck", "[M10:146]", "[Main]", "[metadata]", "Name=X",
    "NAME:X", "LAYOUT MAIN:(1,1)", "|M10|1", "Lightning Bolt", "Fire/Ice", "(STA) 42", "*F*",
    "#!tag", "Pokémon: 3", "Énergie : 2", "Total Cards: 9", "PAL 97", "PH", "SVALT",
    "{R}", "Energy", "#main", "#extra", "!side", "89631139", "ydke://", "AAAA!", "!",
    '<Cards Quantity="', '" Name="Bolt" />', "<Deck>", "</Deck>", "<cockatrice_deck>",
    '<zone name="sideboard">', '<card number="', '" name="Bolt"/>', "</zone>", "&amp;",
    "<!DOCTYPE d [<!ENTITY a 'aaaa'>]>", "&a;", "\ufeff", "\x00", "---", "LANDS",
]  # fmt: skip
lines = st.lists(st.sampled_from(TOKENS), max_size=6).map(" ".join)
texts = st.one_of(st.text(max_size=300), st.lists(lines, max_size=30).map("\n".join))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(format_id=st.sampled_from((*FORMAT_IDS, "auto")), text=texts)
def test_any_text_is_a_deck_or_our_error(format_id: str, text: str) -> None:
    try:
        deck = read_foreign(text, format_id, source="fuzz.txt")
    except DecklistFormatError as exc:
        error = str(exc)
    else:
        assert isinstance(deck, ForeignDeck)
        assert all(0 < line.qty <= 1_000_000 for line in deck.lines)
        return
    assert error.startswith("fuzz.txt")


@pytest.mark.parametrize("format_id", [f for f in FORMAT_IDS if f not in ("cod", "ydke")])
@pytest.mark.parametrize(
    "quantity", [HUGE, str(10**30)], ids=["5,000 digits", "10**30"]
)
def test_a_quantity_past_a_million_is_a_clean_error(format_id: str, quantity: str) -> None:
    text = {
        "mtgo": f'<Deck><Cards Quantity="{quantity}" Sideboard="false" Name="Bolt"/></Deck>',
        "ydk": f"#main\n{quantity}\n",
        "optcg": f"Leader\n{quantity}xOP01-016\n",
        "digimon": f"Main Deck\n{quantity} Agumon BT1-010\n",
    }.get(format_id, f"Pokémon: 1\n{quantity} Lightning Bolt M10 146\n")
    if format_id == "ydk":  # not a passcode either: noted and skipped
        assert read_foreign(text, format_id).lines == []
        return
    with pytest.raises(DecklistFormatError, match=r"line 2: quantity .* more than 1,000,000"):
        read_foreign(text if format_id != "mtgo" else "\n" + text, format_id, source="")


def test_cod_quantities_that_are_not_counts() -> None:
    for bad in ("abc", HUGE, "-1"):
        text = f'<cockatrice_deck><zone name="main"><card number="{bad}" name="X"/></zone>' \
               "</cockatrice_deck>"
        with pytest.raises(DecklistFormatError, match=r"number=.* copies|more than"):
            read_foreign(text, "cod")


def test_an_entity_bomb_is_refused_at_once() -> None:
    bomb = '<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa">' + "".join(
        f'<!ENTITY {chr(98 + n)} "{("&" + chr(97 + n) + ";") * 10}">' for n in range(8)
    ) + ']>\n<cockatrice_deck><deckname>&i;</deckname></cockatrice_deck>'
    assert len(bomb) < 1000
    for format_id in ("cod", "mtgo"):
        with pytest.raises(DecklistFormatError, match="entities"):
            read_foreign(bomb, format_id)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("1 Bolt\n" * (MAX_DECKLIST_LINES + 1), "lines is more", id="lines"),
        pytest.param("".join(f"1 Card {n}\n" for n in range(MAX_CARD_LINES + 1)),
                     "card lines is more", id="card lines"),
        pytest.param("x" * 2_000_001, "characters is more", id="characters"),
    ],
)
def test_limits_are_checked_before_the_work(text: str, expected: str) -> None:
    with pytest.raises(DecklistFormatError, match=expected):
        read_foreign(text, "plain", source="big.txt")


def test_distinct_cards_limit() -> None:
    text = "".join(f"1 Card {n}\n1 Card {n}\n" for n in range(2001))
    with pytest.raises(DecklistFormatError, match="2,001 different cards"):
        read_foreign(text, "plain")


def test_a_huge_ydke_url_is_refused_before_decoding() -> None:
    url = "ydke://" + "A" * (MAX_YDKE_CHARS + 4) + "!!!"
    with pytest.raises(DecklistFormatError, match="ydke:// URL of"):
        read_foreign(url, "ydke")
