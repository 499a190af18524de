"""`twgp games` and `twgp convert` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tui.cli import app

EXAMPLES = Path(__file__).resolve().parents[2] / "converters" / "examples"
runner = CliRunner()

BOLT = {
    "object": "card",
    "id": "e3285e6b-3e79-4d7c-bf96-d920f973b80d",
    "oracle_id": "4457ed35-7c10-48c8-9776-456485fdf070",
    "name": "Lightning Bolt",
    "lang": "en",
    "layout": "normal",
    "mana_cost": "{R}",
    "cmc": 1.0,
    "type_line": "Instant",
    "oracle_text": "Lightning Bolt deals 3 damage to any target.",
    "set": "m10",
    "collector_number": "146",
}
TOKEN = {
    **BOLT,
    "id": "t1",
    "name": "Goblin",
    "layout": "token",
    "type_line": "Token Creature — Goblin",
}


def json_lines(output: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in output.splitlines() if line.strip()]


def test_games_lists_every_converter_with_its_rule() -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    games = {g["id"]: g for g in json_lines(result.stdout)}
    assert {"mtg", "yugioh", "pokemon", "ws", "dm", "dqbr", "dinoking", "liveon"} <= set(games)
    assert games["pokemon"]["grade_rule"]
    assert games["dqbr"]["name_ja"]


def test_games_table() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "mtg" in result.stdout


def test_convert_json_fields_are_the_contract(tmp_path: Path) -> None:
    path = tmp_path / "bolt.json"
    path.write_text(json.dumps(BOLT))
    result = runner.invoke(app, ["convert", "mtg", str(path), "--json"])
    assert result.exit_code == 0, result.stderr
    (card,) = json_lines(result.stdout)
    for key in (
        "game",
        "source_id",
        "name",
        "name_ja",
        "identity",
        "grade",
        "type",
        "grade_reason",
        "type_reason",
        "effects",
        "reading",
        "warnings",
    ):
        assert key in card
    assert card["game"] == "mtg"
    assert card["source_id"] == BOLT["id"]
    assert card["grade"] == "01"
    assert card["type"] == "charge_effect"
    assert "1" in str(card["grade_reason"])
    assert (card["effect_reasons"], card["curse"], card["curse_reason"]) == ({}, False, None)


def test_convert_json_explains_every_effect(tmp_path: Path) -> None:
    giant_growth = {**BOLT, "id": "gg-1", "oracle_id": "gg", "name": "Giant Growth",
                    "oracle_text": "Target creature gets +3/+3 until end of turn."}  # fmt: skip
    path = tmp_path / "growth.json"
    path.write_text(json.dumps(giant_growth))
    result = runner.invoke(app, ["convert", "mtg", str(path), "--json"])
    (card,) = json_lines(result.stdout)
    assert card["effects"] == ["plus"]
    assert card["effect_reasons"] == {"plus": "Target creature gets +3/+3 until end of turn"}


def test_convert_reads_stdin() -> None:
    result = runner.invoke(app, ["convert", "mtg", "-", "--json"], input=json.dumps([BOLT]))
    assert result.exit_code == 0
    assert json_lines(result.stdout)[0]["name"] == "Lightning Bolt"


def test_convert_prints_a_table_by_default() -> None:
    result = runner.invoke(app, ["convert", "mtg", str(EXAMPLES / "mtg.json")])
    assert result.exit_code == 0
    assert "Lightning Bolt" in result.stdout
    assert "converted" in result.stderr


def test_bad_and_skipped_records_are_reported_and_the_rest_converted(tmp_path: Path) -> None:
    path = tmp_path / "mixed.json"
    path.write_text(json.dumps([BOLT, "not a card", TOKEN, {**BOLT, "id": "b2"}]))
    result = runner.invoke(app, ["convert", "mtg", str(path), "--json"])
    assert result.exit_code == 0
    assert len(json_lines(result.stdout)) == 2
    assert "record 2: failed" in result.stderr
    assert "record 3: skipped" in result.stderr
    assert "converted 2, skipped 1, failed 1" in result.stderr
    strict = runner.invoke(app, ["convert", "mtg", str(path), "--json", "--strict"])
    assert strict.exit_code == 1


def test_unreadable_json_exits_2_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('[{"name": "Lightning Bolt",')
    result = runner.invoke(app, ["convert", "mtg", str(path)])
    assert result.exit_code == 2
    assert "broken.json" in result.stderr
    assert "invalid JSON" in result.stderr


def test_unknown_game_exits_2_naming_the_installed_ones() -> None:
    result = runner.invoke(app, ["convert", "netrunner", str(EXAMPLES / "mtg.json")])
    assert result.exit_code == 2
    assert "unknown game 'netrunner'; installed games:" in result.stderr
    assert "mtg" in result.stderr


def test_csv_game_with_japanese_headers(tmp_path: Path) -> None:
    path = tmp_path / "dq.csv"
    path.write_text("名前,種類,HP\r\nスライム,モンスター,481\r\n", encoding="shift_jis")
    result = runner.invoke(app, ["convert", "dqbr", str(path), "--json"])
    assert result.exit_code == 0, result.stderr
    (card,) = json_lines(result.stdout)
    assert card["grade"] == "04"
    assert card["name"] == "スライム"


def test_generic_converter_takes_options_and_a_kind_table(tmp_path: Path) -> None:
    cards = tmp_path / "home.csv"
    cards.write_text(
        "name,kind,strength\nDragon,beast,4200\nBlessing,blessing,\n", encoding="utf-8"
    )
    kinds = tmp_path / "kinds.txt"
    kinds.write_text("# my game\nbeast = unit\nblessing = life counter\n", encoding="utf-8")
    result = runner.invoke(
        app,
        [
            "convert",
            "generic",
            str(cards),
            "--json",
            "--kinds",
            str(kinds),
            "-o",
            "digits=thousands-hundreds",
        ],
    )
    assert result.exit_code == 0, result.stderr
    dragon, blessing = json_lines(result.stdout)
    assert (dragon["grade"], dragon["type"]) == ("42", "unit")
    assert blessing["type"] == "life_counter"


def test_bad_options_are_errors_naming_the_accepted_ones(tmp_path: Path) -> None:
    mtg = str(EXAMPLES / "mtg.json")
    assert "accepted options" in runner.invoke(app, ["convert", "mtg", mtg, "-o", "x=1"]).stderr
    assert "key=value" in runner.invoke(app, ["convert", "generic", mtg, "-o", "digits"]).stderr
    kinds = tmp_path / "bad.txt"
    kinds.write_text("beast = dragon\n", encoding="utf-8")
    result = runner.invoke(app, ["convert", "generic", mtg, "--kinds", str(kinds)])
    assert "bad.txt" in result.stderr
    assert "line 1" in result.stderr
    fixed = runner.invoke(app, ["convert", "mtg", mtg, "--kinds", str(kinds)])
    assert fixed.exit_code != 0


def test_convert_in_japanese_explains_grade_and_type_in_japanese() -> None:
    args = ["convert", "mtg", "-"]
    english = runner.invoke(app, args, input=json.dumps([BOLT]), env={"COLUMNS": "200"})
    assert english.exit_code == 0
    assert "mana value 1 → 01" in english.stdout
    result = runner.invoke(app, [*args, "--lang", "ja"], input=json.dumps([BOLT]),
                           env={"COLUMNS": "200"})  # fmt: skip
    assert result.exit_code == 0
    assert "マナ総量 1 → 01" in result.stdout
    assert "インスタントかソーサリー → チャージ・エフェクト" in result.stdout
    assert "mana value" not in result.stdout
