"""The other games' deck formats (ev-tag-b, darkside-roster, 2chtcg): each rule triggered and
not, with cards converted by those games' converters; their decklists; the service the TUI
calls validating whatever format a deck declares."""

from __future__ import annotations

import pytest

from deckbuilder.codes import FORMAT_MEANINGS, FORMAT_MESSAGES, FormatCode, Violation
from deckbuilder.deck import Deck, DeckFormat, Entry
from deckbuilder.errors import DecklistFormatError, FormatMismatchError, UnknownFormatError
from deckbuilder.export import deck_from_json, export_deck
from deckbuilder.resolve import resolve_deck
from deckbuilder.service import ValidationReport, validate_deck
from deckbuilder.twgp_format import dump, parse
from tests.deckbuilder.format_samples import ev_deck, format_resolver, roster, twoch_deck

RESOLVER = format_resolver()


def check(*texts: str) -> ValidationReport:
    first, *others = (parse(text) for text in texts)
    return validate_deck(first, RESOLVER, *others)


def codes(found: tuple[Violation, ...]) -> list[str]:
    return sorted(v.code.value for v in found)


def ev(name: str) -> str:
    return f"eternalvoice {name}"


# --- ev-tag-b -------------------------------------------------------------------------------

TEAM_A = [ev("アスラ"), f"2 {ev('炎の精霊')}", ev("真アスラ"), f"2 {ev('カバー')}"]
TEAM_B = [ev("カグラ"), f"2 {ev('炎の精霊')}", ev("真アスラ"), f"2 {ev('天馬')}"]


def test_a_legal_tag_team() -> None:
    report = check(ev_deck(TEAM_A, [f"2 {ev('カバー')}"]), ev_deck(TEAM_B, [f"2 {ev('天馬')}"]))
    assert report.format_id == "ev-tag-b"
    assert (report.violations, report.warnings) == ((), ())
    assert report.legal


@pytest.mark.parametrize(
    ("a_side", "b_main", "expected"),
    [
        pytest.param([], [ev("アスラ")], "EV_CHARACTER_LIMIT", id="one character in each main"),
        pytest.param([ev("カグラ")], [], "EV_CHARACTER_LIMIT", id="a sideboard counts"),
        pytest.param([f"3 {ev('炎の精霊')}"], [], "EV_SAME_NAME_LIMIT", id="5 summons in all"),
        pytest.param([f"3 {ev('真アスラ')}"], [], "EV_SAME_NAME_LIMIT", id="5 evolution cards"),
        pytest.param([f"3 {ev('カバー')}"], [], "EV_SAME_NAME_LIMIT", id="5 covers in one deck"),
    ],
)
def test_team_limits_are_triggered(a_side: list[str], b_main: list[str], expected: str) -> None:
    report = check(ev_deck(TEAM_A, a_side), ev_deck(TEAM_B + b_main))
    assert codes(report.violations) == [expected]
    assert report.violations[0].section == "team"


@pytest.mark.parametrize(
    "a_side",
    [
        pytest.param([ev("真アスラ")], id="evolution cards are not limited to 1"),
        pytest.param([f"2 {ev('天馬')}"], id="4 mounts in all"),
        pytest.param([ev("ファイアボルト"), ev("鋼の剣")], id="other cards once"),
    ],
)
def test_team_limits_are_not_triggered(a_side: list[str]) -> None:
    assert check(ev_deck(TEAM_A, a_side), ev_deck(TEAM_B)).legal


def test_the_limit_message_says_where_the_copies_are() -> None:
    report = check(ev_deck(TEAM_A, name="Ao"), ev_deck([ev("アスラ")], [ev("アスラ")], name="Aka"))
    (problem,) = report.violations
    assert problem.cards == (ev("アスラ"),)
    assert problem.message.startswith("eternalvoice アスラ — 3 copies (Ao main 1, Aka main 1, "
                                      "Aka side 1); a same-name character card")
    assert "（Ao メイン1枚、Aka メイン1枚、Aka サイドボード1枚）" in problem.message_ja


def test_one_deck_alone_keeps_the_limits_and_warns() -> None:
    report = check(ev_deck([f"2 {ev('アスラ')}", f"4 {ev('炎の精霊')}"]))
    assert codes(report.violations) == ["EV_CHARACTER_LIMIT"]
    assert report.violations[0].section == "deck"
    assert codes(report.warnings) == ["EV_TEAMMATE_MISSING"]


def test_other_games_and_unknown_cards() -> None:
    report = check(ev_deck(TEAM_A), ev_deck([*TEAM_B, "mtg Lightning Bolt", f"5 {ev('ナゾ')}"]))
    assert codes(report.violations) == ["EV_SAME_NAME_LIMIT", "UNKNOWN_CARD", "WRONG_GAME"]
    sections = {v.code.value: v.section for v in report.violations}
    assert sections == {"WRONG_GAME": "2/main", "UNKNOWN_CARD": "2/main",
                        "EV_SAME_NAME_LIMIT": "team"}


def test_decks_of_different_formats_or_too_many_are_refused() -> None:
    with pytest.raises(FormatMismatchError, match="at most 2 decks"):
        check(ev_deck(TEAM_A), ev_deck(TEAM_B), ev_deck([]))
    with pytest.raises(FormatMismatchError, match="share one format; got ev-tag-b, darkside"):
        check(ev_deck(TEAM_A), roster([]))
    with pytest.raises(FormatMismatchError, match="one deck at a time"):
        check(roster(["ラマルトゥ"]), roster(["なわて"]))


def test_team_stats_tell_the_decks_apart() -> None:
    stats = check(ev_deck(TEAM_A, [ev("天馬")]), ev_deck(TEAM_B)).stats.to_json()
    assert list(stats["sections"]) == ["1/main", "1/side", "2/main"]
    assert stats["sections"]["1/side"]["cards"] == 1
    assert stats["all"]["cards"] == 6 + 1 + 6


# --- darkside-roster ------------------------------------------------------------------------


def test_a_legal_roster_with_lent_units() -> None:
    report = check(roster(["ラマルトゥ", "シェミハザ", "なわて", "バイオTレックス", "カニカマン"]))
    assert report.format_id == "darkside-roster"
    assert (report.violations, report.warnings) == ((), ())


@pytest.mark.parametrize(
    ("units", "character", "expected"),
    [
        pytest.param(["ラマルトゥ", "シェミハザ", "なわて", "バイオTレックス", "カニカマン",
                      "阿久津さん"], "ミナ", ["ROSTER_SIZE"], id="6 units"),
        pytest.param([], "ミナ", ["ROSTER_SIZE"], id="no unit"),
        pytest.param(["ラマルトゥ", "チーカマン"], "ミナ", ["ROSTER_SPECIAL"], id="special unit"),
        pytest.param(["チーカマン"], "ユウ", ["ROSTER_SPECIAL"], id="special even for its owner"),
        pytest.param(["ラマルトゥ", "羅堂エリ"], "ミナ", ["ROSTER_NOT_LENDABLE"],
                     id="another character's unit"),
        pytest.param(["ラマルトゥ", "ラマルトゥ"], "ミナ", ["ROSTER_DUPLICATE"], id="one unit twice"),
    ],
)
def test_roster_rules_are_triggered(
    units: list[str], character: str, expected: list[str]
) -> None:
    assert codes(check(roster(units, character)).violations) == expected


@pytest.mark.parametrize(
    ("units", "character"),
    [
        pytest.param(["羅堂エリ", "カニカマン"], "ユウ", id="own unit and own lendable"),
        pytest.param(["羅堂エリ"], "ﾕｳ", id="owner compared width-insensitively"),
        pytest.param(["ラマルトゥ", "阿久津さん", "バイオTレックス"], "ミナ", id="borrowed units"),
        pytest.param(["ラマルトゥ", "シェミハザ", "なわて", "カニカマン", "阿久津さん"], "ミナ",
                     id="exactly 5"),
    ],
)
def test_roster_rules_are_not_triggered(units: list[str], character: str) -> None:
    report = check(roster(units, character))
    assert (report.violations, report.warnings) == ((), ())


def test_the_not_lendable_message_names_both_characters() -> None:
    (problem,) = check(roster(["羅堂エリ"], "ミナ")).violations
    assert problem.message == "darkside 羅堂エリ cannot be lent: it belongs to ユウ, not to ミナ"
    assert problem.message_ja == "darkside 羅堂エリ は貸与できません。ミナ ではなく ユウ のユニットです"


def test_an_unlendable_unit_that_cannot_be_checked_is_a_warning() -> None:
    no_character = check(roster(["ラマルトゥ", "バイオTレックス"], None))
    assert no_character.legal
    assert [(w.code.value, w.cards) for w in no_character.warnings] == [
        ("ROSTER_OWNER_UNKNOWN", ("darkside ラマルトゥ",))
    ]
    no_owner = check(roster(["花月"], "ミナ"))
    assert codes(no_owner.warnings) == ["ROSTER_OWNER_UNKNOWN"]
    assert "its owner is not recorded" in no_owner.warnings[0].message


# --- 2chtcg ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("copies", "expected"),
    [
        pytest.param(40, [], id="40 cards"),
        pytest.param(39, ["DECK_SIZE_2CH"], id="39 cards"),
        pytest.param(41, ["DECK_SIZE_2CH"], id="41 cards"),
    ],
)
def test_a_2ch_deck_has_40_cards(copies: int, expected: list[str]) -> None:
    report = check(twoch_deck(copies))
    assert codes(report.violations) == expected
    assert report.format_id == "2chtcg"


def test_the_2ch_size_is_called_provisional() -> None:
    (problem,) = check(twoch_deck(39)).violations
    assert "provisional" in problem.message
    assert "暫定" in problem.message_ja


# --- codes ----------------------------------------------------------------------------------


def test_every_format_code_has_both_sentences_and_a_meaning() -> None:
    for code in FormatCode:
        english, japanese = FORMAT_MESSAGES[(code, "")]
        assert english
        assert japanese
        assert FORMAT_MEANINGS[code]
    assert {c for c in FormatCode if c.is_warning} == {
        FormatCode.EV_TEAMMATE_MISSING, FormatCode.ROSTER_OWNER_UNKNOWN
    }


def test_json_keeps_the_contract_shape() -> None:
    data = check(roster(["羅堂エリ"], "ミナ")).to_json("ja")
    assert set(data) == {"legal", "format", "violations", "warnings", "stats"}
    assert data["format"] == "darkside-roster"
    assert data["violations"] == [{
        "code": "ROSTER_NOT_LENDABLE", "section": "roster", "cards": ["darkside 羅堂エリ"],
        "message": "darkside 羅堂エリ は貸与できません。ミナ ではなく ユウ のユニットです",
    }]
    assert list(data["stats"]["sections"]) == ["roster"]


# --- decklists ------------------------------------------------------------------------------


def test_a_plugin_format_deck_reads_and_round_trips() -> None:
    text = "format: Darkside-Roster\n[Roster]\n1 darkside 羅堂エリ\ncharacter: ユウ\n"
    deck = parse(text)
    assert (deck.format_id, deck.plugin_format, deck.format) == (
        "darkside-roster", "darkside-roster", DeckFormat.FULL)
    assert deck.fields == {"character": "ユウ"}
    assert deck.section("roster") == (Entry(1, "darkside", "羅堂エリ"),)
    assert dump(deck) == ("format: darkside-roster\ncharacter: ユウ\n\n[roster]\n"
                          "1 darkside 羅堂エリ\n")
    assert parse(dump(deck)) == deck


def test_sections_are_written_in_the_formats_order() -> None:
    deck = parse("format: ev-tag-b\n[side]\n1 eternalvoice カバー\n[main]\n1 eternalvoice 天馬\n")
    assert list(deck.sections) == ["main", "side"]
    assert dump(deck).index("[main]") < dump(deck).index("[side]")


def test_the_format_may_follow_its_sections() -> None:
    deck = parse("[main]\n1 eternalvoice 天馬\nformat: ev-tag-b\n")
    assert deck.format_id == "ev-tag-b"


@pytest.mark.parametrize(
    ("text", "line", "expected"),
    [
        pytest.param("format: ev-tag-b\n[life]\n", 2,
                     "unknown section [life] in a ev-tag-b deck; expected [main] or [side]",
                     id="a TWGP section in an ev deck"),
        pytest.param("[roster]\nformat: darkside-roster\n[main]\n", 3,
                     "unknown section [main] in a darkside-roster deck; expected [roster]",
                     id="checked once the format is known"),
        pytest.param("[main]\n1 eternalvoice 天馬\n", 1,
                     "unknown section [main]; expected [life]", id="no format means full"),
        pytest.param("format: full\ncharacter: ミナ\n", 2,
                     "unknown field `character:`; expected `name:` or `format:`",
                     id="a roster field in a TWGP deck"),
        pytest.param("format: ev-tag-b\ncharacter: ミナ\n", 2,
                     "unknown field `character:` in a ev-tag-b deck", id="not an ev field"),
        pytest.param("format: lorcana\n", 1,
                     "expected half, full or trial, or an installed format: 2chtcg, "
                     "darkside-roster, ev-tag-b", id="unknown format lists the plugins"),
        pytest.param("format: ev-tag-b\n1 eternalvoice 天馬\n", 2,
                     "before any section; expected a header such as [main] or [side]",
                     id="the help names the format's sections"),
    ],
)
def test_plugin_format_parse_errors(text: str, line: int, expected: str) -> None:
    with pytest.raises(DecklistFormatError) as caught:
        parse(text, source="team.twgp")
    assert caught.value.line == line
    assert expected in caught.value.message


def test_reading_a_file_as_a_format() -> None:
    assert parse(ev_deck(TEAM_A, declare=False), format_id="ev-tag-b").format_id == "ev-tag-b"
    assert parse("[life]\n", format_id="half").format is DeckFormat.HALF
    with pytest.raises(DecklistFormatError, match="declares format 'full', but it is read as "
                       "'ev-tag-b'"):
        parse("format: full\n", format_id="ev-tag-b")
    with pytest.raises(UnknownFormatError, match="installed deck formats: half, full, trial"):
        parse("[main]\n", format_id="lorcana")


def test_deck_model_checks_its_format_and_fields() -> None:
    deck = Deck("Team", sections={"main": ()}, plugin_format="ev-tag-b")
    assert deck.format_id == "ev-tag-b"
    assert deck.with_format("half").format_id == "half"
    assert deck.with_format("half").plugin_format is None
    assert Deck().with_format("darkside-roster").plugin_format == "darkside-roster"
    for bad in ({"plugin_format": "full"}, {"plugin_format": "Has Space"},
                {"fields": {"character": "a # b"}}, {"fields": {"format": "x"}}):
        with pytest.raises(ValueError, match=r"format|field"):
            Deck(**bad)


def test_exports_keep_the_format_and_fields() -> None:
    deck = parse(roster(["羅堂エリ", "カニカマン"], "ユウ"))
    resolved = resolve_deck(deck, RESOLVER)
    assert deck_from_json(export_deck(resolved, "json")) == deck
    html = export_deck(resolved, "html")
    assert "Roster / 所持ユニット" in html
    assert "Life set" not in html
    assert "darkside-roster" in export_deck(resolved, "md")
