"""Decklists in the shapes real exporters write (real_lists.py): every reader finds exactly the
copies listed — headings, deck names, separators, footers and markers are never cards — and
a catalog holding the cards resolves every line (nothing unresolved, nothing stray)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from sqlalchemy import Engine

from catalog.ingest.importer import import_cards
from catalog.store.db import open_engine
from converters.base import CardType, ConvertedCard, Printing, Ruling
from deckbuilder.decklists import SIDE, ForeignDeck
from deckbuilder.importer import import_decklist, read_foreign
from tests.deckbuilder.real_lists import CASES, FORGE, PTCGL_EN, XMAGE, YDK, Case

#: the cards the lists name: (game, source id, name, set, number[, Japanese name])
CARDS: list[tuple[str, str, str, str | None, str | None, *tuple[str, ...]]] = [
    ("mtg", "m10-146", "Lightning Bolt", "m10", "146", "稲妻"),
    ("mtg", "m10-242", "Mountain", "m10", "242", "山"),
    ("mtg", "zen-goblin-guide", "Goblin Guide", "zen", "126"),
    ("mtg", "ktk-swiftspear", "Monastery Swiftspear", "ktk", "118"),
    ("mtg", "zen-lava-spike", "Lava Spike", "chk", "178"),
    ("mtg", "mmq-fireblast", "Fireblast", "vis", "79"),
    ("mtg", "ice-212", "Pyroblast", "ice", "212", "紅蓮破"),
    ("mtg", "tsr-242", "Dralnu, Lich Lord", "tsr", "242"),
    ("mtg", "cmm-400", "Sol Ring", "cmm", "400"),
    ("mtg", "mh2-baleful", "Baleful Strix", "pc2", "82"),
    ("mtg", "ana-64", "Island", "ana", "64"),
    ("mtg", "ana-66", "Swamp", "ana", "66"),
    ("mtg", "ptk-8", 'Kongming, "Sleeping Dragon"', "ptk", "8"),
    ("pokemon", "sv3pt5-16", "Pidgey", "sv3pt5", "16"),
    ("pokemon", "sv2-97", "Mimikyu", "sv2", "97"),
    ("pokemon", "sv8pt5-4", "Budew", "sv8pt5", "4"),
    ("pokemon", "sv2-172", "Boss's Orders", "sv2", "172"),
    ("pokemon", "sv4-177", "Technical Machine: Devolution", "sv4", "177"),
    ("pokemon", "sv4-air-balloon", "Air Balloon", "swsh6", "156"),
    ("pokemon", "sve-2", "Basic Fire Energy", "sve", "2"),
    ("pokemon", "sve-5", "Basic Psychic Energy", "sve", "5"),
    ("yugioh", "89631139", "Blue-Eyes White Dragon", None, None),
    ("yugioh", "46986414", "Dark Magician", None, None),
    ("yugioh", "44508094", "Stardust Dragon", None, None),
    ("yugioh", "5318639", "Mystical Space Typhoon", None, None),
]


def counts(deck: ForeignDeck) -> dict[str, tuple[int, int]]:
    main: Counter[str] = Counter()
    side: Counter[str] = Counter()
    for line in deck.lines:
        key = line.name if line.name or not line.source_id else line.source_id
        (side if line.zone == SIDE else main)[key] += line.qty
    return {key: (main[key], side[key]) for key in {*main, *side}}


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in CASES])
def test_exact_quantities_and_nothing_stray(case: Case) -> None:
    deck = read_foreign(case.text, case.format_id)
    assert counts(deck) == case.expected
    assert deck.name == case.deck_name
    assert not [note for note in deck.notes if "says" in note or "total" in note]


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    path: Path = tmp_path_factory.mktemp("real-lists") / "catalog.sqlite3"
    engine = open_engine(str(path), load_starter=False)
    cards = [
        ConvertedCard(
            game=game, source_id=source_id, name=name, name_ja=ja[0] if ja else None,
            identity=f"{game}:{name.casefold()}", grade=Ruling(1, "test"),
            card_type=Ruling(CardType.UNIT, "test"), effects=(), text="", reading="",
            printing=Printing(set_code, number, "en"),
        )
        for game, source_id, name, set_code, number, *ja in CARDS
    ]  # fmt: skip
    import_cards(engine, cards, source="tests")
    return engine


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in CASES])
def test_every_line_resolves_to_its_card(engine: Engine, case: Case) -> None:
    result = import_decklist(engine, read_foreign(case.text, case.format_id))
    assert [u.line.text for u in result.unresolved] == []
    copies = Counter[str]()
    for line in result.lines:
        assert line.card is not None
        copies[line.card.name] += line.line.qty
    assert copies == _expected_by_card(case)


def _expected_by_card(case: Case) -> Counter[str]:
    names = {source_id: name for _, source_id, name, *_ in CARDS}
    names |= {ja[0]: name for _, _, name, _, _, *ja in CARDS if ja}
    wanted = Counter[str]()
    for key, (main, side) in case.expected.items():
        name = names.get(key, key)
        if case is XMAGE and key == "":
            name = "Pyroblast"  # `1 [ICE:212]`: the set and number name it
        if name.endswith(" Energy"):
            name = f"Basic {name}"
        wanted[name] += main + side
    if case is YDK:
        assert set(wanted) <= {name for _, _, name, *_ in CARDS}
    return wanted


def test_a_set_the_catalog_lacks_never_matches_another_set_by_number(tmp_path: Path) -> None:
    engine = open_engine(str(tmp_path / "c.sqlite3"), load_starter=False)
    charmanders = [("sm115-7", "sm115", "7", "hidden fates"), ("base1-46", "base1", "46", "base")]
    cards = [
        ConvertedCard(
            game="pokemon", source_id=source_id, name="Charmander", name_ja=None,
            identity=f"pokemon:charmander|{key}", grade=Ruling(5, "test"),
            card_type=Ruling(CardType.UNIT, "test"), effects=(), text="", reading="",
            printing=Printing(set_code, number, "en"),
        )
        for source_id, set_code, number, key in charmanders
    ]  # fmt: skip
    import_cards(engine, cards, source="tests")
    result = import_decklist(engine, read_foreign("Pokémon: 1\n3 Charmander PAF 7\n", "ptcgl"))
    assert [line.card for line in result.lines] == [None]
    assert "2 different cards" in result.lines[0].reason
    hidden_fates = read_foreign("Pokémon: 1\n3 Charmander HIF 7\n", "ptcgl")
    found = import_decklist(engine, hidden_fates).lines[0].card
    assert found is not None
    assert found.source_id == "sm115-7"
    engine.dispose()


def test_a_catalog_name_with_its_own_decoration_agrees(tmp_path: Path) -> None:
    """pokemontcg.io names PAL 172 `Boss's Orders (Ghetsis)`; PTCGL writes `Boss's Orders`."""
    engine = open_engine(str(tmp_path / "c.sqlite3"), load_starter=False)
    bosses = [("tcgdex-sv02-172", "Boss's Orders (Ghetsis)", "sv2", "172"),
              ("swsh2-154", "Boss's Orders", "swsh2", "154")]  # fmt: skip
    import_cards(engine, [
        ConvertedCard(
            game="pokemon", source_id=source_id, name=name, name_ja=None,
            identity=f"pokemon:{name}", grade=Ruling(None, "test"),
            card_type=Ruling(CardType.CHARGE_EFFECT, "test"), effects=(), text="", reading="",
            printing=Printing(set_code, number, "en"),
        )
        for source_id, name, set_code, number in bosses
    ], source="tests")  # fmt: skip
    result = import_decklist(engine, read_foreign("Trainer: 1\n3 Boss's Orders PAL 172\n", "ptcgl"))
    found = result.lines[0].card
    assert found is not None
    assert found.source_id == "tcgdex-sv02-172"
    engine.dispose()


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in CASES])
def test_auto_tells_every_format_and_reads_the_same(case: Case) -> None:
    told = read_foreign(case.text, "auto")
    expected = {"mtgo": "mtgo", "mtga": "mtga"}.get(case.format_id, case.format_id)
    arena_headers = ("About", "デッキ\n")  # a Japanese client's list is told as Arena too
    if (case.format_id in ("mtgo", "mtga") and "<" not in case.text
            and not any(header in case.text for header in arena_headers)):  # fmt: skip
        expected = "plain"  # an MTGO .txt is a plain list
    assert told.format_id == expected
    assert counts(told) == case.expected


@pytest.mark.parametrize("case", [XMAGE, FORGE, PTCGL_EN, YDK], ids=lambda c: c.id)
def test_plain_reads_an_unmistakable_format_with_its_reader(case: Case) -> None:
    deck = read_foreign(case.text, "plain")
    assert counts(deck) == case.expected
    assert deck.notes[0] == f"read as {case.format_id}: the list is written in that format"
