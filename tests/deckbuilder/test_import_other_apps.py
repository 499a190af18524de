"""Issue 21, "Other apps' files": decklists as other apps write them — a format asked for that
reads nothing, several ydke:// URLs, a token section followed by a heading, the blank-line rule
where a format has none, another game's list, basic lands, the printing you own, --json and
--fetch without a network."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest
import respx
from sqlalchemy import Engine
from typer.testing import CliRunner

from catalog.collections.rows import CollectionRow
from catalog.ingest.importer import import_cards
from converters.base import CardType
from deckbuilder.decklists import MAIN, SIDE
from deckbuilder.errors import DecklistFormatError
from deckbuilder.importer import draft_text, import_decklist, read_foreign
from deckbuilder.resolve import CardInfo, MemoryResolver, choose
from deckbuilder.twgp_format import parse
from tests.deckbuilder import foreign_samples as samples
from tests.deckbuilder.catalog_samples import converted
from tests.offline import no_network
from tui.cli import app

# --- --from FORMAT that reads nothing -----------------------------------------------------


def test_a_format_that_reads_nothing_names_the_format_that_fits() -> None:
    """`--from ydk` on an Arena export read no line and said "0 cards resolved" (exit 0)."""
    with pytest.raises(DecklistFormatError, match="written as mtga") as caught:
        read_foreign(samples.MTGA, "ydk", source="deck.txt")
    assert "--from mtga" in caught.value.hint
    assert caught.value.exit_code != 0


def test_a_ydk_file_asked_as_ptcgl_is_refused() -> None:
    with pytest.raises(DecklistFormatError, match=r"--from ptcgl reads no card.*written as ydk"):
        read_foreign(samples.YDK, "ptcgl")


def test_the_cli_exits_non_zero_naming_the_format(tmp_path: Path, catalog_db: str) -> None:
    deck = tmp_path / "Kaiba.ydk"
    deck.write_text(samples.YDK, encoding="utf-8")
    done = CliRunner().invoke(app, ["deck", "import", str(deck), "--from", "mtga",
                                    "--db", catalog_db])  # fmt: skip
    assert done.exit_code != 0
    assert "written as ydk" in done.output
    assert "resolved" not in done.output


def test_a_format_that_reads_the_file_is_kept() -> None:
    assert len(read_foreign(samples.MTGO_TXT, "mtga").lines) == 3


# --- several ydke:// URLs ------------------------------------------------------------------

_EMPTY_URL = "ydke://!!!"


def test_an_empty_first_url_is_skipped() -> None:
    text = f"Template: {_EMPTY_URL}\nMy deck: {samples.YDKE}\n"
    deck = read_foreign(text, "auto")
    assert deck.format_id == "ydke"
    assert [line.source_id for line in deck.lines] == [
        "89631139", "89631139", "46986414", "44508094", "5318639"
    ]
    assert deck.notes == ["line 1: an empty ydke:// URL (skipped)"]


def test_the_same_deck_twice_is_read_once() -> None:
    deck = read_foreign(f"{samples.YDKE}\n{samples.YDKE}\n", "ydke")
    assert len(deck.lines) == 5


def test_two_different_decks_ask_which() -> None:
    other = "ydke://o6lXBQ==!!!"  # one Blue-Eyes
    with pytest.raises(DecklistFormatError, match=r"2 ydke:// URLs of different decks \(lines 1, 3\)"):
        read_foreign(f"{samples.YDKE}\n\n{other}\n", "ydke")


# --- sections and the blank-line rule ------------------------------------------------------

_TOKENS_FIRST = """Commander (1):
1 Ghalta, Primal Hunger
Tokens (2):
1 Dinosaur
1 Treasure
Spells (33):
4 Lightning Bolt
2 Giant Growth
Lands (22):
22 Forest
"""


def test_a_token_section_ends_at_the_next_heading() -> None:
    deck = read_foreign(_TOKENS_FIRST, "plain")
    assert [(line.name, line.zone) for line in deck.lines] == [
        ("Ghalta, Primal Hunger", MAIN), ("Lightning Bolt", MAIN), ("Giant Growth", MAIN),
        ("Forest", MAIN),
    ]
    assert any("'1 Dinosaur' is not in the deck" in note for note in deck.notes)


def _commander_deck(commander: str) -> str:
    """A Commander deck as deck sites export it for MTGO: 99 cards, a blank line, the
    commander."""
    return f"1 Llanowar Elves\n4 Lightning Bolt\n1 Giant Growth\n93 Forest\n\n1 {commander}\n"


def test_a_commander_written_last_is_the_commander() -> None:
    deck = read_foreign(_commander_deck("Ghalta, Primal Hunger"), "plain")
    assert {line.zone for line in deck.lines} == {MAIN}
    assert "line 6: 'Ghalta, Primal Hunger', written last, is the commander" in deck.notes


def test_a_sixty_card_deck_keeps_its_blank_line_sideboard() -> None:
    deck = read_foreign(samples.MTGO_TXT, "plain")
    assert [line.zone for line in deck.lines] == [MAIN, MAIN, SIDE]


_YGO_LIST = """3 Dark Magician
1 Pot of Greed
1 Mirror Force

1 Stardust Dragon

1 Mystical Space Typhoon
"""


def test_no_blank_line_sideboard_in_a_headerless_yugioh_list(catalog_engine: Engine) -> None:
    result = import_decklist(catalog_engine, read_foreign(_YGO_LIST, "plain"), game="yugioh")
    assert {line.line.zone for line in result.lines} == {MAIN}
    assert result.copies == 7
    assert any("blank line does not start a sideboard in yugioh" in n for n in result.foreign.notes)


def test_a_yugioh_list_read_as_magic_says_so(catalog_engine: Engine) -> None:
    result = import_decklist(catalog_engine, read_foreign(_YGO_LIST, "plain"))
    assert result.copies == 0
    assert result.hints == ["these look like Yu-Gi-Oh! cards: --game yugioh"]
    assert "# these look like Yu-Gi-Oh! cards: --game yugioh" in draft_text(result)


def test_a_magic_list_with_one_stray_card_gets_no_hint(catalog_engine: Engine) -> None:
    text = "4 Lightning Bolt\n4 Counterspell\n2 Giant Growth\n1 Pot of Greed\n"
    result = import_decklist(catalog_engine, read_foreign(text, "plain"))
    assert result.hints == []


# --- a decklist saved as a CSV table -------------------------------------------------------

_ARCHIDEKT_CSV = (
    "Quantity,Name,Finish,Condition,Date Added,Language,Purchase Price,Tags,Edition Name,"
    "Edition Code,Multiverse Id,Scryfall ID,Collector Number,Category\r\n"
    "4,Lightning Bolt,Normal,NM,2024-05-01,EN,0.00,,Magic 2010,m10,,,146,Burn\r\n"
    '2,"Fire // Ice",Foil,NM,2024-05-01,EN,0.00,,Apocalypse,apc,,,128,Burn\r\n'
    ",Counterspell,Normal,NM,2024-05-01,EN,0.00,,Mercadian Masques,mmq,,,69,Control\r\n"
)


def test_a_csv_decklist_is_read_by_its_columns(catalog_engine: Engine) -> None:
    deck = read_foreign(_ARCHIDEKT_CSV, "auto")
    assert [(line.line, line.qty, line.name, line.set_code) for line in deck.lines] == [
        (2, 4, "Lightning Bolt", "m10"), (3, 2, "Fire // Ice", "apc")]
    assert deck.notes == ["line 4: the quantity is blank: write how many copies (like 4 or 4x; "
                          "0 for a card known but not owned) (skipped)"]  # fmt: skip
    assert import_decklist(catalog_engine, deck).copies == 6


def test_a_csv_without_a_name_column_says_so(catalog_engine: Engine) -> None:
    text = "Quantity,Set,Collector Number\n4,STA,42\n2,APC,128\n"
    deck = read_foreign(text, "plain")
    assert deck.notes[0].startswith("a CSV table with no column of card names (columns: "
                                    "Quantity, Set, Collector Number)")  # fmt: skip
    result = import_decklist(catalog_engine, deck)
    assert result.copies == 6
    with pytest.raises(DecklistFormatError, match="no column of card names, ids or numbers"):
        read_foreign("Quantity,Price\n4,0.25\n", "plain")


def test_a_csv_board_column_places_the_rows() -> None:
    text = '"Count","Name","Board"\r\n"4","Lightning Bolt","mainboard"\r\n' \
           '"2","Pyroblast","sideboard"\r\n"1","Treasure","tokens"\r\n'
    deck = read_foreign(text, "plain")
    assert [(line.name, line.zone) for line in deck.lines] == [
        ("Lightning Bolt", MAIN), ("Pyroblast", SIDE)]
    assert deck.notes == ["line 4: '1,Treasure,tokens' is not in the deck (skipped)"]


def test_names_with_commas_are_not_a_table() -> None:
    deck = read_foreign("Ajani, Nacatl Pariah\nKongming, \"Sleeping Dragon\"\n", "plain")
    assert [line.name for line in deck.lines] == ["Ajani, Nacatl Pariah",
                                                  'Kongming, "Sleeping Dragon"']


# --- cards with no TWGP counterpart --------------------------------------------------------


def _add_basic_lands(engine: Engine) -> None:
    lands = [
        replace(converted("mtg", f"m21-{name.lower()}", name, None, name.lower(), 0, None),
                stats={"type_line": f"Basic Land — {name}"})
        for name in ("Mountain", "Island")
    ]  # fmt: skip
    wasteland = replace(converted("mtg", "tmp-wasteland", "Wasteland", None, "wasteland", 0,
                                  None), stats={"type_line": "Land"})  # fmt: skip
    import_cards(engine, [*lands, wasteland], source="tests")


_BURN = """Deck
4 Lightning Bolt
2 Giant Growth
20 Mountain
5 Island
"""


def test_basic_lands_are_left_out_with_one_note(catalog_engine: Engine) -> None:
    _add_basic_lands(catalog_engine)
    result = import_decklist(catalog_engine, read_foreign(_BURN, "plain"))
    assert result.copies == 31  # every line resolved…
    pool = {e.name for e in result.deck.section("pool")}
    assert pool == {"Lightning Bolt", "Giant Growth"}  # …the lands left out of the draft
    assert result.foreign.notes == ["25 basic lands have no TWGP type and were left out"]
    draft = draft_text(result)
    assert draft.count("no TWGP type") == 1
    assert parse(draft) == result.deck


def test_other_untyped_cards_are_named_in_the_same_note(catalog_engine: Engine) -> None:
    _add_basic_lands(catalog_engine)
    text = _BURN + "1 Wasteland\n"
    result = import_decklist(catalog_engine, read_foreign(text, "plain"))
    assert result.foreign.notes == [
        "25 basic lands and 1 other card (Wasteland) have no TWGP type and were left out"
    ]


def test_validation_gives_no_override_advice_for_a_basic_land() -> None:
    from deckbuilder.resolve import resolve_deck
    from deckbuilder.rules import check_cards
    from deckbuilder.twgp_format import parse as parse_deck

    mountain = CardInfo("mtg", "m21-mountain", "Mountain", "mtg:mountain", 0, None,
                        type_reason="type line 'Basic Land — Mountain' → land: no TWGP "
                        "counterpart", stats={"type_line": "Basic Land — Mountain"})
    wasteland = replace(mountain, source_id="tmp-wasteland", name="Wasteland",
                        identity="mtg:wasteland", stats={"type_line": "Land"})
    deck = parse_deck("[entry.library]\n1 mtg Mountain\n1 mtg Wasteland\n")
    found = check_cards(resolve_deck(deck, MemoryResolver([mountain, wasteland])))
    by_card = {v.cards[0]: v for v in found}
    assert "override" not in by_card["mtg Mountain"].message
    assert "basic lands have no TWGP counterpart" in by_card["mtg Mountain"].message
    assert "override" in by_card["mtg Wasteland"].message


# --- the printing you own -------------------------------------------------------------------


def _pikachu(source_id: str, identity: str, owned: int | None) -> CardInfo:
    return CardInfo("pokemon", source_id, "Pikachu", identity, 4, CardType.UNIT, owned=owned)


def test_the_owned_card_wins_an_ambiguous_name() -> None:
    cards = [_pikachu("xy1-42", "pokemon:pikachu|60|nuzzle", 0),
             _pikachu("base1-58", "pokemon:pikachu|40|gnaw", 2)]  # fmt: skip
    card, candidates = choose(cards, "Pikachu")
    assert card is not None
    assert card.source_id == "base1-58"
    assert candidates == ()


def test_owned_candidates_are_listed_first() -> None:
    cards = [_pikachu("xy1-42", "a", 0), _pikachu("base1-58", "b", 1),
             _pikachu("swsh12pt5-160", "c", 0), _pikachu("sv1-1", "d", 3)]  # fmt: skip
    card, candidates = choose(cards, "Pikachu")
    assert card is None
    assert [c.source_id for c in candidates] == ["base1-58", "sv1-1", "xy1-42", "swsh12pt5-160"]


def test_without_a_collection_an_ambiguous_name_stays_ambiguous() -> None:
    cards = [_pikachu("xy1-42", "a", None), _pikachu("base1-58", "b", None)]
    assert choose(cards, "Pikachu")[0] is None


# --- --json --------------------------------------------------------------------------------

_ARENA = """About
Name Burn

Deck
4 Lightning Bolt (STA) 42
2 Giant Growth (M10) 180
1 Jegantha, the Wellspring (IKO) 222
1 Lightning Bolts (STA) 42
0 Counterspell (MMQ) 61

Sideboard
2 Pyroblast (ICE) 212
"""


def test_deck_import_json_accounts_for_every_line(tmp_path: Path, catalog_db: str) -> None:
    deck = tmp_path / "burn.txt"
    deck.write_text(_ARENA, encoding="utf-8")
    done = CliRunner().invoke(app, ["deck", "import", str(deck), "--json", "--db", catalog_db])
    assert done.exit_code == 0, done.output
    report = json.loads(done.stdout)
    assert report["format"] == "mtga"
    assert report["cards_resolved"] == 8
    assert [u["line"] for u in report["unresolved"]] == [7, 8]
    bolts = report["unresolved"][1]
    assert bolts["reason"]
    assert "Lightning Bolt" in bolts["closest"]
    assert report["line_notes"] == [{"line": 9, "note": "quantity 0 (skipped)"}]
    accounted = ({r["line"] for r in report["resolved"]} | {u["line"] for u in report["unresolved"]}
                 | {n["line"] for n in report["line_notes"]}
                 | {o["line"] for o in report["other_lines"]})  # fmt: skip
    written = {n for n, line in enumerate(_ARENA.splitlines(), start=1) if line.strip()}
    assert accounted == written
    assert parse(report["draft"]).name == "Burn"


def test_deck_import_json_lists_every_unresolved_line(tmp_path: Path, catalog_db: str) -> None:
    """The terminal lists the first REPORTED_LINES; --json every one, each with its reason."""
    from deckbuilder.decklists.limits import REPORTED_LINES

    many = REPORTED_LINES + 15
    deck = tmp_path / "unknown.txt"
    deck.write_text("".join(f"1 Lightning Bolt {n}\n" for n in range(many)), encoding="utf-8")
    done = CliRunner().invoke(app, ["deck", "import", str(deck), "--json", "--db", catalog_db])
    report = json.loads(done.stdout)
    assert len(report["unresolved"]) == many
    assert all(u["reason"] for u in report["unresolved"])
    assert all("Lightning Bolt" in u["closest"] for u in report["unresolved"])
    terminal = CliRunner().invoke(app, ["deck", "import", str(deck), "--db", catalog_db])
    assert "… and 15 more unresolved lines (not listed)" in terminal.stderr


# --- --fetch without a network -------------------------------------------------------------



@respx.mock
@pytest.mark.usefixtures("no_waits")
def test_fetch_offline_imports_what_resolves_and_says_what_it_could_not(
    catalog_engine: Engine, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from catalog.sources.online import fetch_collection_rows

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("TWGP_OFFLINE", raising=False)
    route = respx.route(host="api.scryfall.com").mock(side_effect=no_network)
    text = "4 Lightning Bolt\n2 Giant Growth\n1 Jegantha, the Wellspring\n"
    result = import_decklist(catalog_engine, read_foreign(text, "plain"),
                             fetch=fetch_collection_rows)  # fmt: skip
    assert route.called
    assert result.copies == 6
    assert [u.line.line for u in result.unresolved] == [3]
    (hint,) = result.hints
    assert hint.startswith("--fetch: the online look-up failed (")
    assert hint.endswith("1 line was not looked up: Jegantha, the Wellspring")


def test_a_fetch_that_fails_is_not_fatal(catalog_engine: Engine) -> None:
    def fetch(engine: Engine, rows: Sequence[CollectionRow]) -> None:
        raise OSError("Network is unreachable")

    result = import_decklist(catalog_engine, read_foreign(samples.YDK, "ydk"), fetch=fetch)
    assert result.copies == 6
    assert result.hints == ["--fetch: the online look-up failed (Network is unreachable), so 1 "
                            "line was not looked up: 89631141"]  # fmt: skip
