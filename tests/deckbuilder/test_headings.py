"""Section headers and group headings in every wrapping and count form players write (`Extra
Deck: 15`, `【メインデッキ】`, `メインデッキ 40枚`, `エクストラデッキ（15）`, `グッズ: 10`) are never
cards; a header moves the cards after it to its zone."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deckbuilder.decklists.mtgtext import SECTIONS, names_no_card
from deckbuilder.decklists.ptcgl import basic_energy
from deckbuilder.importer import read_foreign

WRAPS = ["{}", "// {}", "【{}】"]  # `[Main]` is a Forge .dck section
COUNTS = ["", ":", " :", "：", ": {n}枚", " ({n})", "（{n}）", ": {n}", " {n}", " {n}枚", " ({n}枚)"]
GROUPS = ["Monsters", "Spells", "Traps", "モンスター", "魔法", "罠", "グッズ", "サポート",
          "スタジアム", "ポケモンのどうぐ", "Trainers", "Pokémon", "Energy", "LANDS",
          "Creatures", "INSTANTS and SORC.", "効果モンスター", "エクシーズ"]  # fmt: skip


@given(word=st.sampled_from([w for w, zone in SECTIONS.items() if zone in ("main", "side",
                                                                          "extra")]),
       wrap=st.sampled_from(WRAPS), count=st.sampled_from(COUNTS), n=st.integers(0, 99),
       upper=st.booleans())  # fmt: skip
def test_a_header_is_a_zone_never_a_card(
    word: str, wrap: str, count: str, n: int, upper: bool
) -> None:
    header = wrap.format(word.upper() if upper else word.title()) + count.format(n=n)
    deck = read_foreign(f"4 Lightning Bolt\n{header}\n2 Negate\n", "plain")
    assert [(line.name, line.zone) for line in deck.lines] == [
        ("Lightning Bolt", "main"), ("Negate", SECTIONS[word])]
    assert names_no_card(header)


@given(group=st.sampled_from(GROUPS), count=st.sampled_from(COUNTS), n=st.integers(1, 60))
def test_a_group_heading_is_never_a_card(group: str, count: str, n: int) -> None:
    heading = group + count.format(n=n)
    deck = read_foreign(f"Main Deck\n{heading}\n3 Ash Blossom & Joyous Spring\n", "plain")
    assert [line.name for line in deck.lines] == ["Ash Blossom & Joyous Spring"]
    assert names_no_card(heading)


@pytest.mark.parametrize("name", ["Lightning Bolt", "Giant Growth", "Burn Spells", "稲妻",
                                  "灰流うらら", "Trap Hole", "Monster Reborn", "Energy Switch"])
def test_names_are_not_headings(name: str) -> None:
    assert not names_no_card(name)


@pytest.mark.parametrize(("name", "kind"), [
    ("基本雷エネルギー", "Lightning"), ("基本フェアリーエネルギー", "Fairy"),
    ("基本炎エネルギー SVE 2", "Fire"), ("Basic {R} Energy", "Fire"), ("Water Energy", "Water"),
])  # fmt: skip
def test_basic_energy_in_english_and_japanese(name: str, kind: str) -> None:
    found = basic_energy(name)
    assert found is not None
    assert found[0] == kind


@pytest.mark.parametrize("header", ["デッキ", "統率者", "相棒", "Mazo", "Mazzo", "Commandant"])
def test_a_localised_arena_list_is_told_as_arena(header: str) -> None:
    deck = read_foreign(f"{header}\n4 稲妻 (M11) 149\n\n2 否認 (M21) 55\n", "auto")
    assert deck.format_id == "mtga"
    assert (deck.lines[0].name, deck.lines[0].set_code) == ("稲妻", "M11")


@given(escape_all=st.booleans(), last_bang=st.booleans(),
       around=st.sampled_from(["", "> ", "deck: "]))
def test_a_ydke_url_however_a_chat_or_a_link_escaped_it(
    escape_all: bool, last_bang: bool, around: str
) -> None:
    from urllib.parse import quote

    from tests.deckbuilder.foreign_samples import YDKE

    body = YDKE.removeprefix("ydke://") if last_bang else YDKE.removeprefix("ydke://")[:-1]
    if escape_all:  # a link's query parameter: `?deck=ydke%3A%2F%2F…%21`
        url = quote("ydke://" + body, safe="")
    else:  # a chat that escaped the Base64 only
        url = "ydke://" + body.replace("+", "%2B").replace("/", "%2F")
    deck = read_foreign(f"{around}{url} good luck\n", "auto")
    assert deck.format_id == "ydke"
    assert [(line.source_id, line.zone) for line in deck.lines] == [
        ("89631139", "main"), ("89631139", "main"), ("46986414", "main"), ("44508094", "extra"),
        ("5318639", "side")]
