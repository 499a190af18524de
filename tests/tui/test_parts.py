"""The app's parts without a running app: deck edits and history, query suggestions, terms,
the key table, settings, the query cheat-sheet examples."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from catalog.lookup.query import parse_query
from deckbuilder.deck import ARCHIVE, LIBRARY, LIFE, POOL, DeckFormat, Entry
from tui import deck_edit
from tui.config import UiSettings, config_path, load_settings, save_settings
from tui.keys import KEYS, SCOPES, display_keys
from tui.screens.query_help import EXAMPLES
from tui.suggest import complete
from tui.terms import TERMS, Doing, count, field_label, section_label, term

BOLT = Entry(1, "mtg", "Lightning Bolt", "abc")
BEARS = Entry(1, "mtg", "Grizzly Bears")
GAMES = ("dm", "mtg", "pokemon", "yugioh")


def test_add_counts_copies_and_remove_takes_one_away() -> None:
    deck = deck_edit.add(deck_edit.add(deck_edit.new_deck(), ARCHIVE, BOLT), ARCHIVE, BOLT)
    assert [(e.qty, e.name) for e in deck.section(ARCHIVE)] == [(2, "Lightning Bolt")]
    deck = deck_edit.remove(deck, ARCHIVE, 0)
    assert deck.section(ARCHIVE) == (BOLT,)
    assert deck_edit.remove(deck, ARCHIVE, 0).section(ARCHIVE) == ()


def test_move_takes_one_copy_to_the_other_section() -> None:
    deck = deck_edit.add(deck_edit.new_deck(), LIBRARY, Entry(2, "mtg", "Grizzly Bears"))
    moved = deck_edit.move(deck, LIBRARY, 0, ARCHIVE)
    assert moved.section(LIBRARY) == (BEARS,)
    assert moved.section(ARCHIVE) == (BEARS,)
    assert deck_edit.move(deck, LIBRARY, 0, LIBRARY) == deck


@pytest.mark.parametrize(
    ("fmt", "sections"),
    [
        pytest.param(
            DeckFormat.FULL,
            [LIFE, LIBRARY, ARCHIVE, "final.1", "final.2", "final.3", POOL],
            id="full: three finals",
        ),
        pytest.param(DeckFormat.HALF, [LIFE, LIBRARY, ARCHIVE, POOL], id="half: entry only"),
        pytest.param(
            DeckFormat.TRIAL,
            [LIFE, LIBRARY, ARCHIVE, "half.2", "half.3", POOL],
            id="trial: added halves",
        ),
    ],
)
def test_layout_follows_the_format(fmt: DeckFormat, sections: list[str]) -> None:
    assert deck_edit.layout(deck_edit.new_deck(fmt)) == sections


def test_layout_keeps_sections_the_format_does_not_show() -> None:
    deck = deck_edit.add(deck_edit.new_deck(DeckFormat.HALF), "final.2", BEARS)
    assert "final.2" in deck_edit.layout(deck)


@pytest.mark.parametrize(
    ("fmt", "sections"),
    [
        pytest.param("ev-tag-b", ["main", "side"], id="ev-tag-b: main and side"),
        pytest.param("darkside-roster", ["roster"], id="darkside-roster: the roster"),
        pytest.param("2chtcg", ["main"], id="2chtcg: main"),
    ],
)
def test_layout_of_a_plugin_format_is_its_sections(fmt: str, sections: list[str]) -> None:
    assert deck_edit.layout(deck_edit.new_deck(fmt)) == sections


@pytest.mark.parametrize(
    ("fmt", "key", "text"),
    [
        pytest.param(DeckFormat.FULL, LIFE, "5", id="full life 5"),
        pytest.param(DeckFormat.HALF, LIFE, "3", id="half life 3"),
        pytest.param(DeckFormat.TRIAL, LIFE, "8+", id="trial life 8 or more"),
        pytest.param(DeckFormat.FULL, LIBRARY, "15", id="library 15"),
        pytest.param(DeckFormat.FULL, ARCHIVE, "5", id="archive 5"),
        pytest.param(DeckFormat.FULL, "final.1", "20", id="final 20"),
        pytest.param(DeckFormat.FULL, POOL, "20+", id="pool 20 or more"),
        pytest.param("darkside-roster", "roster", "1–5", id="roster 1 to 5 units"),
        pytest.param("2chtcg", "main", "40", id="2chtcg main 40"),
        pytest.param("ev-tag-b", "main", "", id="ev-tag-b limits copies, not sizes"),
    ],
)
def test_targets_come_from_the_rules(fmt: str, key: str, text: str) -> None:
    assert deck_edit.target_text(deck_edit.new_deck(fmt), key) == text


@pytest.mark.parametrize(
    ("fmt", "n", "fits"),
    [
        pytest.param("darkside-roster", 0, False, id="an empty roster"),
        pytest.param("darkside-roster", 5, True, id="5 units"),
        pytest.param("darkside-roster", 6, False, id="6 units"),
        pytest.param("ev-tag-b", 60, None, id="no target"),
    ],
)
def test_on_target_of_a_plugin_section(fmt: str, n: int, fits: bool | None) -> None:
    key = deck_edit.layout(deck_edit.new_deck(fmt))[0]
    deck = deck_edit.new_deck(fmt)
    if n:
        deck = deck_edit.add(deck, key, Entry(n, "darkside", "カニカマン"))
    assert deck_edit.on_target(deck, key) is fits


def test_the_format_cycle_skips_formats_without_a_place_for_the_cards() -> None:
    empty = deck_edit.new_deck()
    assert deck_edit.next_format(empty) == ("half", [])
    assert deck_edit.next_format(deck_edit.new_deck("ev-tag-b")) == ("full", [])
    twgp = deck_edit.add(deck_edit.new_deck("trial"), LIFE, BOLT)
    assert deck_edit.next_format(twgp) == ("full", ["2chtcg", "darkside-roster", "ev-tag-b"])
    assert deck_edit.misfits(twgp, "2chtcg") == [LIFE]
    main = deck_edit.add(deck_edit.new_deck("2chtcg"), "main", BEARS)
    assert deck_edit.next_format(main) == ("ev-tag-b", ["darkside-roster"])
    main = main.with_format("ev-tag-b")
    assert deck_edit.next_format(main) == ("2chtcg", ["full", "half", "trial"])
    assert deck_edit.next_format(deck_edit.add(twgp, "main", BEARS))[0] is None


def test_a_broken_format_plugin_is_left_out_of_the_cycle(monkeypatch: pytest.MonkeyPatch) -> None:
    from deckbuilder.play_formats import registry
    from tests.helpers.plugins import with_entry_points

    with_entry_points(monkeypatch, registry.GROUP, broken="twgp_no_such_module:Format")
    assert "broken" in registry.format_ids()
    assert deck_edit.format_cycle() == [
        "full", "half", "trial", "2chtcg", "darkside-roster", "ev-tag-b"
    ]  # fmt: skip
    assert deck_edit.next_format(deck_edit.new_deck("ev-tag-b")) == ("full", [])


def test_a_format_change_drops_empty_sections_and_fields_it_does_not_read() -> None:
    named = deck_edit.set_field(deck_edit.new_deck("darkside-roster"), "character", " ミナ ")
    assert named.fields == {"character": "ミナ"}
    emptied = deck_edit.remove(deck_edit.add(named, "roster", BEARS), "roster", 0)
    assert emptied.sections == {"roster": ()}
    changed, dropped = deck_edit.set_format(emptied, "2chtcg")
    assert changed == deck_edit.new_deck("2chtcg")
    assert changed.plugin_format == "2chtcg"
    assert dropped == {"character": "ミナ"}
    back, _ = deck_edit.set_format(changed, "full")
    assert (back.format, back.plugin_format) == (DeckFormat.FULL, None)
    assert deck_edit.set_field(named, "character", "").fields == {}


def test_history_undo_redo_and_a_new_edit_drops_the_redo() -> None:
    history = deck_edit.History()
    empty = history.present
    assert history.apply(deck_edit.add(empty, LIFE, BOLT))
    one = history.present
    assert not history.apply(one)  # no change, nothing to undo
    assert history.undo()
    assert history.present == empty
    assert not history.undo()
    assert history.redo()
    assert history.present == one
    history.undo()
    history.apply(deck_edit.add(empty, POOL, BEARS))
    assert not history.redo()


@pytest.mark.parametrize(
    ("last", "expected"),
    [
        pytest.param("ga", "game:", id="key"),
        pytest.param("ty", "type:", id="type key"),
        pytest.param("game:m", "game:mtg", id="game value"),
        pytest.param("type:life_c", "type:life_counter", id="type value"),
        pytest.param("effect:haz", "effect:hazard", id="effect value"),
        pytest.param("-game:po", "-game:pokemon", id="negated"),
        pytest.param("sort:gr", "sort:grade", id="sort"),
        pytest.param("game:mtg", None, id="complete already"),
        pytest.param("zzz", None, id="no key"),
        pytest.param("bolt:x", None, id="unknown key"),
    ],
)
def test_suggestions_complete_the_last_word(last: str, expected: str | None) -> None:
    assert complete(last, GAMES) == expected


@pytest.mark.parametrize("query", [q for q, _, _ in EXAMPLES])
def test_cheat_sheet_examples_parse(query: str) -> None:
    parse_query(query)


def test_every_term_has_both_languages() -> None:
    assert all(english and japanese for english, japanese in TERMS.values())
    assert term("results", "ja", cards=count(1, "card", "ja"), printings="2版") == "1枚・2版"
    assert [count(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert count(1, "copy") == "1 copy"
    assert count(3, "copy") == "3 copies"
    assert section_label("final.2", "en") == "Final 2"
    assert section_label("half.3", "ja") == "ハーフ3"
    assert section_label("side", "ja") == "サイドボード"
    assert section_label("save", "en") == "save"  # a plugin's section is not any term
    assert field_label("character", "ja") == "キャラクター"
    assert Doing("save", "a.twgp").text("en") == "saving to a.twgp"
    assert Doing("check").text("ja") == "デッキの確認"


def test_every_placeholder_is_the_same_in_both_languages() -> None:
    for key, (english, japanese) in TERMS.items():
        assert set(re.findall(r"{(\w*)}", english)) == set(re.findall(r"{(\w*)}", japanese)), key


def test_every_key_is_in_a_known_scope_and_unique_there() -> None:
    seen: set[tuple[str, str]] = set()
    for key in KEYS:
        assert key.scope in SCOPES
        for name in key.keys.split(","):
            assert (key.scope, name) not in seen, name
            seen.add((key.scope, name))
    assert display_keys(next(k for k in KEYS if k.action == "remove")) == "delete / - / backspace"


def test_settings_round_trip_and_survive_a_broken_file(tmp_path: Path) -> None:
    path = tmp_path / "tui.json"
    assert load_settings(path) == UiSettings()
    save_settings(UiSettings(lang="ja", export_format="md"), path)
    assert json.loads(path.read_text()) == {"lang": "ja", "recent": [], "export_format": "md"}
    assert load_settings(path) == UiSettings(lang="ja", export_format="md")
    path.write_text("{not json", encoding="utf-8")
    assert load_settings(path) == UiSettings()


def test_settings_file_lives_in_the_user_config_dir_or_where_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert config_path().parts[-2:] == ("twgp", "tui.json")
    monkeypatch.setenv("TWGP_TUI_CONFIG", str(tmp_path / "x.json"))
    assert config_path() == tmp_path / "x.json"
