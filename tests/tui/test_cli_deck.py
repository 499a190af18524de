"""`twgp deck …` from the command line, on a catalog of sample cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from catalog.store.db import open_engine
from deckbuilder.twgp_format import parse
from tests.deckbuilder import foreign_samples as samples
from tests.deckbuilder.catalog_samples import build_sample_catalog
from tests.deckbuilder.sample_cards import FINAL, LIFE5, full_deck
from tests.helpers.cli import deck_file, run


@pytest.fixture
def db(tmp_path: Path) -> str:
    return build_sample_catalog(tmp_path / "catalog.sqlite3")


def test_validate_a_legal_deck(tmp_path: Path, db: str) -> None:
    code, out, _ = run("deck", "validate", str(deck_file(tmp_path, full_deck())), "--db", db)
    assert code == 0
    assert "LEGAL" in out
    assert "0 problems" in out


def test_validate_an_illegal_deck_prints_every_problem(tmp_path: Path, db: str) -> None:
    text = full_deck(life=[*LIFE5[:4], "yugioh Mirror Force"], final_1=FINAL[:19])
    code, out, _ = run("deck", "validate", str(deck_file(tmp_path, text)), "--db", db)
    assert code == 1
    assert "ILLEGAL" in out
    assert "LIFE_CARD_TYPE" in out
    assert "HALF_SIZE [final.1] final.1 has 19 cards" in out


def test_validate_json_and_japanese(tmp_path: Path, db: str) -> None:
    path = deck_file(tmp_path, full_deck(life=LIFE5[:4]))
    code, out, _ = run("deck", "validate", str(path), "--json", "--lang", "ja", "--db", db)
    assert code == 1
    data = json.loads(out)
    assert set(data) == {"legal", "format", "violations", "warnings", "stats"}
    assert data["legal"] is False
    assert data["format"] == "full"
    assert data["violations"] == [{"code": "LIFE_SIZE", "section": "life", "cards": [],
                                   "message": "ライフは4枚です。フルではちょうど5枚必要です"}]
    assert data["stats"]["all"]["cards"] == 44


def test_validate_unreadable_exits_2(tmp_path: Path, db: str) -> None:
    path = deck_file(tmp_path, "[life]\nthree cards\n")
    code, _, err = run("deck", "validate", str(path), "--db", db)
    assert code == 2
    assert "deck.twgp:line 2: expected a card line" in err
    code, _, err = run("deck", "validate", str(tmp_path / "missing.twgp"), "--db", db)
    assert code == 2


def test_stats_draws_the_grade_curve(tmp_path: Path, db: str) -> None:
    code, out, _ = run("deck", "stats", str(deck_file(tmp_path, full_deck())), "--db", db)
    assert code == 0
    assert "Grade curve of the units — whole deck" in out
    assert "█" in out
    assert "free-summon units" in out
    code, out, _ = run("deck", "stats", str(deck_file(tmp_path, full_deck())), "--json",
                       "--db", db)
    assert json.loads(out)["sections"]["entry"]["free_summon"] == 6


def test_stats_and_validate_speak_japanese(tmp_path: Path, db: str) -> None:
    """`--lang ja`: Japanese wherever the English is — the verdict line, each problem's
    section, the stats' rows, columns and curves (codes, ids and card names stay)."""
    path = deck_file(tmp_path, full_deck())
    code, out, _ = run("deck", "stats", str(path), "--lang", "ja", "--db", db)
    assert code == 0
    for words in ("デッキ分析", "枚数", "ユニット", "フリー召喚", "エントリーデッキ", "プラス",
                  "ファイナル1", "全体", "ユニットの戦闘力分布 — デッキ全体", "戦闘力分布 — ファイナル1"):
        assert words in out, words
    for english in ("Deck analysis", "Grade curve", "free-summon", "Unit "):
        assert english not in out, english
    code, out, _ = run("deck", "validate", str(path), "--lang", "ja", "--db", db)
    assert code == 0
    assert out.splitlines()[0].endswith("deck.twgp: フルのデッキ「Sample」、45枚 — 合法（問題0件、注意0件）")
    broken = deck_file(tmp_path, full_deck(entry_archive=[]), "broken.twgp")
    code, out, _ = run("deck", "validate", str(broken), "--lang", "ja", "--db", db)
    assert code == 1
    assert "不正（問題" in out.splitlines()[0]
    assert "✗ HALF_SIZE [エントリーデッキ] エントリーデッキ は15枚です" in out
    code, out, _ = run("deck", "validate", str(broken), "--db", db)
    assert "✗ HALF_SIZE [entry] entry has 15 cards" in out
    assert "ILLEGAL (" in out.splitlines()[0]


def test_save_list_show_delete(tmp_path: Path, db: str) -> None:
    path = deck_file(tmp_path, full_deck())
    assert run("deck", "save", str(path), "--name", "My Deck", "--db", db)[0] == 0
    code, out, _ = run("deck", "list", "--json", "--db", db)
    assert [row["name"] for row in json.loads(out)] == ["My Deck"]
    code, out, _ = run("deck", "show", "My Deck", "--db", db)
    assert code == 0
    assert parse(out).name == "My Deck"
    assert parse(out).sections == parse(full_deck()).sections
    assert run("deck", "delete", "My Deck", "--db", db)[0] == 0
    code, _, err = run("deck", "show", "My Deck", "--db", db)
    assert code != 0
    assert "no saved deck" in err


def test_import_writes_a_draft_and_lists_unresolved_lines(tmp_path: Path, db: str) -> None:
    source = deck_file(tmp_path, samples.MTGA, "tempo.txt")
    out_path = tmp_path / "tempo.twgp"
    code, _, err = run("deck", "import", str(source), "--from", "mtga", "-o", str(out_path),
                       "--db", db)
    assert code == 0
    assert "line 13: unresolved '1 Jegantha, the Wellspring (IKO) 222'" in err
    draft = parse(out_path.read_text(encoding="utf-8"))
    assert draft.name == "Izzet Tempo"
    assert {e.name for e in draft.section("pool")} == {
        "Lightning Bolt", "Fire // Ice", "Llanowar Elves", "Pyroblast"
    }
    code, _, err = run("deck", "import", str(source), "--from", "mtga", "-o", str(out_path),
                       "--db", db)
    assert code == 2
    assert "exists" in err


def test_import_ydke_url_and_fetch_without_online(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run("deck", "import", samples.YDKE, "--from", "ydke", "--db", db)
    assert code == 0
    assert "2 yugioh Blue-Eyes White Dragon" in out
    monkeypatch.setattr("tui.commands.deck.find_fetcher", lambda: None)
    code, _, err = run("deck", "import", samples.YDKE, "--from", "ydke", "--fetch", "--db", db)
    assert code == 1
    assert "online lookup is not available" in err


def test_import_rejects_unknown_formats(tmp_path: Path, db: str) -> None:
    code, _, err = run("deck", "import", str(deck_file(tmp_path, "")), "--from", "xml",
                       "--db", db)
    assert code == 1
    assert "expected auto or one of mtga, mtgo, plain, ydk, ydke, ptcgl, cod, dck" in err


@pytest.mark.parametrize("fmt", ["twgp", "json", "csv", "md", "html"])
def test_export_every_format_and_refuse_to_overwrite(tmp_path: Path, db: str, fmt: str) -> None:
    path = deck_file(tmp_path, full_deck())
    out_path = tmp_path / f"out.{fmt}"
    code, _, _ = run("deck", "export", str(path), "--to", fmt, "-o", str(out_path), "--db", db)
    assert code == 0
    text = out_path.read_text(encoding="utf-8")
    assert "Blue-Eyes White Dragon" in text
    code, _, err = run("deck", "export", str(path), "--to", fmt, "-o", str(out_path), "--db", db)
    assert code == 2
    assert "--force" in err
    forced = run("deck", "export", str(path), "--to", fmt, "-o", str(out_path), "--force",
                 "--db", db)
    assert forced[0] == 0


def test_export_twgp_round_trips(tmp_path: Path, db: str) -> None:
    path = deck_file(tmp_path, full_deck())
    code, out, _ = run("deck", "export", str(path), "--to", "twgp", "--db", db)
    assert code == 0
    assert parse(out) == parse(full_deck())


def test_import_a_forge_dck_and_refuse_a_quantity_past_a_million(tmp_path: Path, db: str) -> None:
    forge = deck_file(tmp_path, "[metadata]\nName=Bolts\n[Main]\n4 Lightning Bolt|M10|1\n"
                      "[Sideboard]\n2 Pyroblast|ICE\n", "bolts.dck")
    code, out, err = run("deck", "import", str(forge), "--from", "dck", "--db", db)
    assert code == 0, err
    assert "name: Bolts" in out
    assert "6 cards resolved, 0 lines unresolved" in err
    code, _, err = run("deck", "import", str(forge), "--game", "magik", "--db", db)
    assert code == 2
    assert "--game: unknown game 'magik' — did you mean mtg?" in err
    huge = deck_file(tmp_path, "4 Lightning Bolt\n" + "9" * 5000 + " Pyroblast\n", "huge.txt")
    code, _, err = run("deck", "import", str(huge), "--from", "plain", "--db", db)
    assert code == 2
    assert "huge.txt:line 2: quantity '9999" in err
    assert "Traceback" not in err


def test_import_summarises_unresolved_lines_past_thirty(tmp_path: Path, db: str) -> None:
    source = deck_file(tmp_path, "".join(f"1 Unknown Card {n}\n" for n in range(45)), "x.txt")
    code, out, err = run("deck", "import", str(source), "--from", "plain", "--db", db)
    assert code == 0
    assert err.count("unresolved '1 Unknown Card") == 30
    assert "… and 15 more unresolved lines (not listed)" in err
    assert out.count("# unresolved line") == 30


def test_every_deck_command_closes_its_catalog(
    tmp_path: Path, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Engines are disposed, not left for the garbage collector (PostgreSQL connections then
    raise ResourceWarning at exit)."""
    import tui.commands.deck as deck_commands

    opened: list[object] = []
    disposed: list[object] = []

    def tracked(*args: object, **kwargs: object) -> object:
        engine = open_engine(*args, **kwargs)  # type: ignore[arg-type]
        dispose = engine.dispose
        opened.append(engine)

        def dispose_and_note(close: bool = True) -> None:
            disposed.append(engine)
            dispose(close)

        monkeypatch.setattr(engine, "dispose", dispose_and_note)
        return engine

    monkeypatch.setattr(deck_commands, "open_engine", tracked)
    path = deck_file(tmp_path, full_deck())
    foreign = deck_file(tmp_path, samples.MTGA, "list.txt")
    for args in (["validate", str(path)], ["stats", str(path)], ["save", str(path)], ["list"],
                 ["show", "Sample"], ["export", str(path), "--to", "json"],
                 ["import", str(foreign), "--from", "mtga"], ["delete", "Sample"]):
        before = len(opened)
        code, _, err = run("deck", *args, "--db", db)
        assert code in (0, 1), (args, err)
        assert len(opened) > before, args
        assert all(any(e is d for d in disposed) for e in opened), args
