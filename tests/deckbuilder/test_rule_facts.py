"""Every rule fact is written once (deckbuilder/rule_facts.py): change one constant and the
check, every message, help line and page that states it follow by themselves; and no
hand-written copy of a fact is left in the code's strings or the pages."""

from __future__ import annotations

import ast
import importlib.util
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from deckbuilder import rule_facts
from deckbuilder.codes import Code, FormatCode, violation
from deckbuilder.deck import DeckFormat
from deckbuilder.play_formats.registry import format_json, load_format
from deckbuilder.service import validate_deck
from deckbuilder.twgp_format import parse
from tests.deckbuilder.sample_cards import full_deck, sample_resolver
from tui.docs_pages import expand, find_page, page_text
from tui.docs_tables import rule_codes_table
from tui.screens.new_deck import format_help
from tui.screens.rules import rules_text
from tui.terms import term

REPO = Path(__file__).resolve().parents[2]


def flat(text: str) -> str:
    """Text with every run of white space one space (page lines wrap anywhere)."""
    return " ".join(text.split())


def hook() -> ModuleType:
    """docs/hooks.py, the site's build hook, as mkdocs loads it (a file, not a package)."""
    spec = importlib.util.spec_from_file_location("docs_hooks", REPO / "docs" / "hooks.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def site_page(src: str) -> str:
    """A docs page as the site builds it (the hook's output)."""
    page = SimpleNamespace(file=SimpleNamespace(src_uri=src))
    markdown = (REPO / "docs" / src).read_text(encoding="utf-8")
    return flat(hook().on_page_markdown(markdown, page))


def app_rules(lang: str) -> str:
    return flat(rules_text(lang))


def test_a_changed_entry_split_changes_the_check_every_message_and_every_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = validate_deck(parse(full_deck()), sample_resolver())
    assert not before.violations
    monkeypatch.setattr(rule_facts, "LIBRARY_SIZE", 14)
    monkeypatch.setattr(rule_facts, "ARCHIVE_SIZE", 6)
    after = validate_deck(parse(full_deck()), sample_resolver())
    (problem,) = after.violations
    assert problem.code is Code.ENTRY_SPLIT
    assert problem.message.endswith("it must be 14 + 6")
    assert problem.message_ja.endswith("14枚＋6枚にしてください")
    assert "14 library + 6 archive" in Code.ENTRY_SPLIT.meaning
    assert "ライブラリ14枚＋アーカィヴ6枚" in Code.ENTRY_SPLIT.meaning_ja
    assert "14 library + 6 archive" in rule_codes_table("en")
    assert "ライブラリ14枚＋アーカィヴ6枚" in rule_codes_table("ja")
    # the format lines: `twgp deck formats`, GET /v1/formats, the app's new-deck dialog
    assert "entry 14 + 6" in format_json(load_format("full"))["rule"]
    assert "(14 library + 6 archive)" in format_json(load_format("half"))["rule"]
    assert "entry 14+6" in format_help(DeckFormat.FULL, "en")
    assert "エントリー14+6" in format_help(DeckFormat.FULL, "ja")
    # the rules page: the app's (F5), `twgp docs rules`, the site's (hook), both languages
    for text in (app_rules("en"), flat(page_text(find_page("rules"))), site_page("rules.md")):
        assert "**entry library** of 14 and an **entry archive** of 6" in text
        assert "entry library** of 15" not in text
        assert "| `ENTRY_SPLIT` | the entry deck is not 14 library + 6 archive |" in text
    for text in (app_rules("ja"), flat(page_text(find_page("rules"), "ja")),
                 site_page("rules.ja.md")):  # fmt: skip
        assert "**エントリー・ライブラリ**14枚と**エントリー・アーカィヴ**6枚" in text
    # the other pages that state it
    assert "a library of 14 and a starting hand, the archive, of 6" in site_page(
        "getting-started.md"
    )
    assert "ライブラリ14枚と、最初の手札であるアーカィヴ6枚" in site_page("getting-started.ja.md")
    assert "entry 14 + 6 and 1–3 final halves" in site_page("deck-formats.md")
    assert "one half deck of 20 (14 + 6)" in site_page("deck-formats.md")
    assert "the entry half is split 14 + 6" in site_page("deck-assistant.md")
    assert "[entry.library] # 14 cards" in flat(page_text(find_page("decks")))


def test_a_changed_life_size_changes_the_check_every_message_and_every_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(rule_facts.LIFE_SIZES, DeckFormat.FULL, (6, 6))
    (problem,) = validate_deck(parse(full_deck()), sample_resolver()).violations
    assert problem.code is Code.LIFE_SIZE
    assert problem.message == "the life set has 5 cards; a full deck needs exactly 6"
    assert problem.message_ja == "ライフは5枚です。フルではちょうど6枚必要です"
    assert "exactly 6 (full)" in Code.LIFE_SIZE.meaning
    assert "ちょうど6枚（フル）" in Code.LIFE_SIZE.meaning_ja
    assert "life exactly 6" in format_json(load_format("full"))["rule"]
    assert "life exactly 6" in format_help(DeckFormat.FULL, "en")
    for text in (app_rules("en"), site_page("rules.md")):
        assert "| Full (フル) | the entry half deck, plus 1 to 3 final half decks of 20 | " \
               "exactly 6 cards |" in text  # fmt: skip
    for text in (app_rules("ja"), site_page("rules.ja.md")):
        assert "| ちょうど6枚 |" in text
    assert "a **life set** of exactly 6 life cards" in site_page("getting-started.md")
    assert "ライフ・カードちょうど6枚の**ライフ**" in site_page("getting-started.ja.md")
    assert "life exactly 6" in site_page("deck-formats.md")


def test_a_changed_free_summon_limit_changes_every_message_and_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(rule_facts, "FREE_SUMMON_MAX", 4)
    warning = violation(Code.NO_FREE_SUMMON, "entry")
    assert "no unit of grade 04 or less" in warning.message
    assert "戦闘力04以下" in warning.message_ja
    assert "≤ 04" in Code.NO_FREE_SUMMON.meaning
    assert "≥ 05" in Code.UNSUMMONABLE.meaning
    assert term("free_summon", "en") == "free-summon units (≤ 04)"
    assert term("free_summon", "ja") == "フリー召喚できるユニット（04以下）"
    for text in (app_rules("en"), site_page("rules.md")):
        assert "a unit of grade **04 or less** is summoned directly" in text
        assert "a unit of grade **05 or more** needs two" in text
    for text in (app_rules("ja"), site_page("rules.ja.md")):
        assert "戦闘力**04以下**のユニットはそのまま" in text
        assert "戦闘力**05以上**のユニットには" in text
    assert "(grade 04 or less: a *free summon*)" in site_page("getting-started.md")
    assert "a unit of grade ≤ 04 is free-summoned" in site_page("decks.md")


def test_a_changed_limit_of_another_games_format_changes_its_messages_and_pages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(rule_facts, "DECK_SIZE_2CH", 50)
    monkeypatch.setattr(rule_facts, "ROSTER_MAX_UNITS", 6)
    problem = violation(FormatCode.DECK_SIZE_2CH, "deck", count=40)
    assert "a 2ch TCG deck has 50" in problem.message
    assert "2ちゃんねるTCGのデッキは50枚です" in problem.message_ja
    assert "not 50 cards" in FormatCode.DECK_SIZE_2CH.meaning
    assert format_json(load_format("2chtcg"))["rule"].startswith("exactly 50 cards")
    assert "at most 6 units" in format_json(load_format("darkside-roster"))["rule"]
    assert "a character brings at most 6" in violation(
        FormatCode.ROSTER_SIZE, "roster", count=7
    ).message
    assert "exactly **50** cards" in site_page("deck-formats.md")
    assert "at most **6** units" in site_page("deck-formats.md")
    assert "counted against 50" in site_page("app.md")


def test_a_changed_weapon_limit_and_life_types_follow_on_the_rules_pages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from converters.base import CardType

    monkeypatch.setattr(rule_facts, "MAX_WEAPONS", 2)
    monkeypatch.setattr(rule_facts, "LIFE_TYPES", frozenset({CardType.LIFE_TRAP}))
    assert "(up to 2, +1 each" in app_rules("en")
    assert "1スタックのウェポンは2枚まで" in app_rules("ja")
    problem = violation(Code.LIFE_CARD_TYPE, "life", ["mtg X"], type="Unit", type_ja="ユニット")
    assert problem.message.endswith("only Life Traps may be in the life set")
    assert problem.message_ja.endswith("ライフに置けるのはライフ・トラップだけです")


def test_an_unknown_marker_is_an_error_not_left_in_the_text() -> None:
    with pytest.raises(ValueError, match="LIBARY"):
        rule_facts.fill("a library of {{LIBARY}}")
    with pytest.raises(Exception, match="LIBARY"):
        expand("a library of {{LIBARY}}")


def test_every_page_fills_every_marker() -> None:
    from tui.docs_pages import PAGES

    for page in PAGES:
        for lang in ("en", "ja") if page.title_ja else ("en",):
            assert "{{" not in page_text(page, lang), page.file_for(lang)


# --- no hand-written copy ----------------------------------------------------------------------

#: how the facts used to be written by hand (English and Japanese)
OLD_PHRASINGS = re.compile(
    r"\b15 ?\+ ?5\b|15枚＋5枚|ライブラリ15枚|\b05 or less|05以下|grade ≤ ?05|grade ≥ ?06|"
    r"\b06 or more|06以上|exactly 20\b|(?:half decks?|halves) of 20\b|\b20 different|20種類|"
    r"ちょうど20枚|1 to 3 final|1[–〜]3 final|ファイナルデッキ1〜3|\bexactly [35]\b|ちょうど[35]枚|"
    r"at least 8\b|\b8 or more|8枚以上|\b40 cards|"
    r"(?<!Charge Effect, )Life Traps? (?:and|or) Life Counters?|"
    r"ライフ・トラップ(?:と|か|でも)ライフ・カウンター|up to three|at most three|toward its three"
)
#: the code whose strings are shown to a user, and the pages
SOURCE_DIRS = ("converters", "catalog", "deckbuilder", "service", "tui")


def _strings(path: Path) -> Iterator[tuple[int, str]]:
    """The string literals of a module that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                yield node.lineno, node.value


def test_no_string_of_the_code_states_a_fact_by_hand() -> None:
    found = [
        f"{path.relative_to(REPO)}:{line}: {match[0]!r}"
        for folder in SOURCE_DIRS
        for path in sorted((REPO / folder).rglob("*.py"))
        for line, text in _strings(path)
        for match in [OLD_PHRASINGS.search(text)]
        if match
    ]
    assert not found, "state the fact with a rule_facts marker ({{HALF}}):\n" + "\n".join(found)


def test_no_page_states_a_fact_by_hand() -> None:
    pages = [
        *(p for p in sorted((REPO / "docs").glob("*.md")) if p.name != "changelog.md"),
        *sorted((REPO / "tui" / "rules").glob("*.md")),
        REPO / "README.md",
    ]
    found = [
        f"{path.relative_to(REPO)}:{number}: {match[0]!r}"
        for path in pages
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        for match in [OLD_PHRASINGS.search(line)]
        if match
    ]
    assert not found, "state the fact with a rule_facts marker ({{HALF}}):\n" + "\n".join(found)


def test_the_scan_finds_an_old_phrasing() -> None:
    """The two scans above would catch a copy (a scan that cannot fail proves nothing)."""
    for old in ("it must be 15 + 5", "grade 05 or less", "ライブラリ15枚", "exactly 20 cards",
                "a Life Trap or Life Counter", "8枚以上", "exactly 40 cards"):  # fmt: skip
        assert OLD_PHRASINGS.search(old), old
    for filled in (rule_facts.fill("it must be {{LIBRARY}} + {{ARCHIVE}}"),):
        assert OLD_PHRASINGS.search(filled)  # the facts as shown are the phrasings scanned for
