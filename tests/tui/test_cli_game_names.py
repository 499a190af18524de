"""The names players give games (issue 21): one alias table (converters/game_names.py) that
every reader of a game name uses — a deck line, a command's GAME, `--game`, `game:` in a
search, a card reference — and a name it cannot place is said so, with the closest game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from converters.errors import UnknownGameError
from converters.game_names import closest_game, game_id, parse_game, unknown_game_text
from converters.registry import converter_ids, load_converter
from deckbuilder.twgp_format import parse
from tests.deckbuilder.sample_cards import LIFE5, full_deck
from tests.tui.run_cli import run

EXAMPLES = Path(__file__).parents[2] / "converters" / "examples"


@pytest.mark.parametrize(
    ("name", "game"),
    [("magic", "mtg"), ("Magic: The Gathering", "mtg"), ("ygo", "yugioh"),
     ("Yu-Gi-Oh!", "yugioh"), ("pokémon", "pokemon"), ("Pokemon", "pokemon"),
     ("遊戯王", "yugioh"), ("ポケモン", "pokemon"), ("mtg", "mtg"), ("2chtcg", "2chtcg")],
)  # fmt: skip
def test_usual_names_are_the_installed_games(name: str, game: str) -> None:
    assert game_id(name, converter_ids()) == game


def test_a_name_it_cannot_place_says_the_closest_game() -> None:
    installed = converter_ids()
    assert parse_game("magik") is None
    assert closest_game("magik", installed) == "mtg"
    assert unknown_game_text("magik", installed) == "unknown game 'magik' — did you mean mtg?"
    assert unknown_game_text("chess", installed).startswith("unknown game 'chess'; installed")


def test_the_registry_loads_a_game_by_its_usual_name() -> None:
    assert load_converter("magic") is load_converter("mtg")
    with pytest.raises(UnknownGameError, match="did you mean yugioh"):
        load_converter("yugio")


def test_a_deck_line_names_its_game_any_usual_way() -> None:
    deck = parse("[life]\n1 magic Lightning Bolt\n1 ygo Kuriboh\n2 Pokémon Pikachu\n")
    assert [(e.game, e.name) for e in deck.section("life")] == [
        ("mtg", "Lightning Bolt"), ("yugioh", "Kuriboh"), ("pokemon", "Pikachu"),
    ]  # fmt: skip


def test_validate_accepts_aliases_and_names_an_unknown_game(tmp_path: Path, db: str) -> None:
    aliased = [line.replace("mtg ", "magic ").replace("yugioh ", "ygo ") for line in LIFE5]
    path = tmp_path / "deck.twgp"
    path.write_text(full_deck(life=aliased), encoding="utf-8")
    code, out, err = run("deck", "validate", str(path), "--db", db)
    assert code == 0, out + err
    assert "LEGAL" in out
    path.write_text(full_deck(life=["magik Glorious Anthem", *LIFE5[1:]]), encoding="utf-8")
    code, out, _ = run("deck", "validate", str(path), "--db", db, "--json")
    assert code == 1
    problems = json.loads(out)["violations"]
    unknown = [p for p in problems if p["code"] == "UNKNOWN_CARD"]
    assert [p["message"] for p in unknown] == ["line 4: unknown game 'magik' — did you mean mtg?"]
    code, out, _ = run("deck", "validate", str(path), "--db", db, "--json", "--lang", "ja")
    problems = json.loads(out)["violations"]
    unknown = [p["message"] for p in problems if p["code"] == "UNKNOWN_CARD"]
    assert unknown == ["4行目: ゲーム「magik」はインストールされていません（mtg のことですか？）"]


def test_commands_take_a_game_by_its_usual_name(db: str) -> None:
    code, out, err = run("convert", "magic", str(EXAMPLES / "mtg.json"), "--json")
    assert code == 0, err
    assert {json.loads(line)["game"] for line in out.splitlines()} == {"mtg"}
    code, out, err = run("search", "game:ygo", "--json", "--db", db)
    assert code == 0, err
    assert {json.loads(line)["game"] for line in out.splitlines()} == {"yugioh"}
    code, out, err = run("show", "magic:Lightning Bolt", "--json", "--db", db)
    assert code == 0, err
    assert json.loads(out)["game"] == "mtg"
    code, _, err = run("search", "game:magik", "--db", db)
    assert code != 0
    assert "did you mean mtg?" in err
