"""Real data sets as they come: folders of card files (TCGdex, punk-records, the Digimon
packs), YAML (the Lorcana data set), and the envelopes of Duel Masters and the Lorcana catalog.
The fixtures are written here in each source's shape (real card facts)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from catalog.ingest import json_records
from catalog.ingest.conversion import convert_files
from catalog.ingest.folders import card_files
from catalog.ingest.reading import iter_records
from catalog.ingest.yaml_records import MAX_YAML_BYTES
from converters.base import CardType
from converters.errors import InputFormatError
from converters.generic import GenericConverter
from converters.registry import load_converter

ANY = GenericConverter()


def write_json(path: Path, value: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value, ensure_ascii=False, indent=2), "utf-8")
    return path


def records(path: Path) -> list[Any]:
    return [source.record for source in iter_records(path, ANY)]


# --- Folders --------------------------------------------------------------------------------


def test_a_folder_stands_for_its_card_files_in_name_order(tmp_path: Path) -> None:
    root = tmp_path / "punk-records" / "english"
    write_json(root / "packs.json", {"569001": {"id": "569001", "raw_title": "ST-01"}})
    second = write_json(root / "cards" / "569001" / "ST01-002.json", {"id": "ST01-002"})
    first = write_json(root / "cards" / "569001" / "ST01-001.json", {"id": "ST01-001"})
    (root / "cards" / "569001" / "ST01-001.png").write_bytes(b"\x89PNG")
    (root / "README.md").write_text("# cards\n")
    assert card_files([root]) == [first, second]


def test_the_data_sets_own_files_of_another_kind_are_passed_over(tmp_path: Path) -> None:
    digimon = tmp_path / "digimon_card_data"
    cards = write_json(digimon / "digimon_cards_ST-1_cards.json", [{"card_no": "ST1-01"}])
    write_json(digimon / "digimon_cards_ST-1_pack.json", {"pack_id": "503101"})
    write_json(digimon / "schema.json", {"$schema": "x"})
    write_json(digimon / "sets" / "en.json", [{"id": "base1"}])
    write_json(digimon / ".git" / "config.json", {})
    assert card_files([digimon]) == [cards]


def test_a_file_named_is_read_whatever_its_name(tmp_path: Path) -> None:
    pack = write_json(tmp_path / "x_pack.json", [{"card_no": "ST1-01"}])
    assert card_files([pack, "-"]) == [pack, "-"]


def test_a_folder_given_is_read_even_when_named_sets(tmp_path: Path) -> None:
    sets = write_json(tmp_path / "sets" / "fb01.json", [{"id": "FB01-001"}])
    assert card_files([tmp_path / "sets"]) == [sets]


def test_a_linked_folder_is_not_walked(tmp_path: Path) -> None:
    root = tmp_path / "root"
    card = write_json(root / "a.json", [{"id": "1"}])
    os.symlink(root, root / "loop")
    assert card_files([root]) == [card]


def test_a_folder_without_card_files_is_refused(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "notes.txt.bak").write_text("x")
    with pytest.raises(InputFormatError, match="no card files"):
        card_files([tmp_path / "empty"])


#: TCGdex `data-asia` Japanese cards, one file per card (`v2/ja/cards/<id>/index.json`)
SABONEA = {"category": "Pokemon", "id": "SV1S-001", "localId": "001", "name": "サボネア",
           "set": {"cardCount": {"official": 78}, "id": "SV1S", "name": "スカーレットex"},
           "dexId": [331], "hp": 60, "types": ["Grass"], "stage": "Basic",
           "attacks": [{"cost": ["Colorless", "Colorless"], "name": "なぐる", "damage": 30}]}  # fmt: skip
#: a Trainer whose name is kanji only (Chinese shares it): its set's name says Japanese
GUST = {"category": "Trainer", "id": "PMCG1-072", "localId": "072", "name": "突風",
        "set": {"cardCount": {"official": 102}, "id": "PMCG1", "name": "拡張パック"}}  # fmt: skip


def test_a_tcgdex_japanese_folder_converts(tmp_path: Path) -> None:
    cards = tmp_path / "v2" / "ja" / "cards"
    write_json(cards / "SV1S-001" / "index.json", SABONEA)
    write_json(cards / "PMCG1-072" / "index.json", GUST)
    write_json(tmp_path / "v2" / "ja" / "sets" / "SV1S" / "index.json", {"id": "SV1S", "cards": []})
    outcomes = list(convert_files(load_converter("pokemon"), [tmp_path / "v2"]))
    converted = {o.card.source_id: o.card for o in outcomes if o.card is not None}
    assert set(converted) == {"SV1S-001", "PMCG1-072"}
    assert converted["SV1S-001"].grade_text == "06"
    gust = converted["PMCG1-072"]
    assert (gust.printing.lang, gust.name_ja) == ("ja", "突風")


# --- Envelopes ------------------------------------------------------------------------------

#: Duel Masters `DuelMastersCards.json`: `{"$schema": …, "cards": [...]}`
DM_FILE = {"$schema": "schema.json", "cards": [
    {"civilizations": ["Fire"], "cost": 6, "name": "Bolshack Dragon", "power": "6000+",
     "printings": [{"set": "DM-01 Base Set", "id": "S9/S10", "rarity": "Super Rare"}],
     "subtypes": ["Armored Dragon"], "type": "Creature",
     "text": "Double breaker\nWhile attacking, this creature gets +1000 power for each fire "
             "card in your graveyard."},
    {"civilizations": ["Light"], "cost": 6, "name": "Apocalypse Day", "type": "Spell",
     "printings": [{"set": "DM-14 Generate Gear", "id": "15/110", "rarity": "Rare"}],
     "text": "Shield trigger (When this spell is put into your hand from your shield zone, you "
             "may cast it immediately for no cost.)\nIf there are 6 or more creatures in the "
             "battle zone, destroy all of them."},
]}  # fmt: skip
#: the official Lorcana catalog (`catalog/ja/full.json`): `{"cards": {"all": [...]}}`
LORCANA_CATALOG = {"cards": {"all": [
    {"name": "アリエル", "subtitle": "人間にはなれたけど", "strength": 3, "willpower": 4,
     "quest_value": 2, "ink_cost": 4, "subtypes": ["ストーリーボーン", "ヒーロー", "プリンセス"],
     "rules_text": "\\失われた歌声\\ このキャラクターは歌を歌うために{E}できない。",
     "card_identifier": "1/204 JA 1", "card_sets": "1", "magic_ink_colors": ["アンバー"]},
    {"name": "パート・オブ・ユア・ワールド", "subtitle": None, "strength": None,
     "willpower": None, "ink_cost": 3, "subtypes": ["歌"], "card_identifier": "1/204 JA 27",
     "card_sets": "1", "rules_text": "自分のトラッシュにあるキャラクター・カード1枚を自分の手札に戻す。"},
]}}  # fmt: skip


@pytest.mark.parametrize(
    ("document", "names"),
    [
        pytest.param(DM_FILE, ["Bolshack Dragon", "Apocalypse Day"], id="duel masters"),
        pytest.param(LORCANA_CATALOG, ["アリエル", "パート・オブ・ユア・ワールド"], id="lorcana"),
    ],
)
@pytest.mark.parametrize("streamed", [False, True], ids=["whole", "streamed"])
def test_envelopes_of_real_data_sets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, document: Any, names: list[str],
    streamed: bool,
) -> None:  # fmt: skip
    if streamed:  # as a file too large to load whole is read
        monkeypatch.setattr(json_records, "SMALL_OBJECT_BYTES", 64)
    path = write_json(tmp_path / "cards.json", document)
    assert [record["name"] for record in records(path)] == names


def test_the_duel_masters_file_converts_as_it_is(tmp_path: Path) -> None:
    path = write_json(tmp_path / "DuelMastersCards.json", DM_FILE)
    cards = [o.card for o in convert_files(load_converter("dm"), [path])]
    bolshack, apocalypse = cards
    assert bolshack is not None
    assert apocalypse is not None
    assert (bolshack.grade_text, bolshack.card_type.value) == ("06", CardType.UNIT)
    assert (bolshack.printing.set_code, bolshack.printing.collector_number) == ("DM-01", "S9/S10")
    assert apocalypse.card_type.value is CardType.CHARGE_TRAP


# --- YAML -----------------------------------------------------------------------------------

#: great-illuminary/lorcana-data `data/<set>.yml`: a list of cards, names per language
LORCANA_YAML = """\
- variants:
    - set: fab
      id: 1
      dreamborn: "009-001"
      ravensburger:
        en: "1/204 EN 9"
        ja: "1/204 JA 9"
      rarity: rare
  lore: 1
  cost: 3
  inkwell: true
  attack: 2
  defence: 4
  colors:
    - amber
  type: glimmer
  released: 2025-05-16
  languages:
    en:
      name: "The Queen"
      title: "Conceited Ruler"
    de:
      name: "Die Königin"
      title: "Eingebildete Herrscherin"
- variants:
    - set: fab
      id: 31
  cost: 2
  type: action
  42: an integer key
  languages:
    en:
      name: "Friends on the Other Side"
"""


def test_the_lorcana_yaml_is_read_as_json_records(tmp_path: Path) -> None:
    path = tmp_path / "fab.yml"
    path.write_text(LORCANA_YAML, "utf-8")
    queen, song = records(path)
    assert queen["languages"]["en"] == {"name": "The Queen", "title": "Conceited Ruler"}
    assert queen["variants"][0]["dreamborn"] == "009-001"
    assert queen["released"] == "2025-05-16"  # a date stays text, as JSON has no dates
    assert (queen["cost"], queen["inkwell"]) == (3, True)
    assert song["42"] == "an integer key"


def test_a_yaml_folder_and_json_side_by_side(tmp_path: Path) -> None:
    (tmp_path / "fab.yml").write_text(LORCANA_YAML, "utf-8")
    write_json(tmp_path / "catalog" / "ja" / "full.json", LORCANA_CATALOG)
    found = [record for path in card_files([tmp_path]) for record in records(Path(path))]
    assert len(found) == 4


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("- &a {name: x}\n- *a\n", "line 2: an alias", id="alias"),
        pytest.param("- name: [unclosed\n", "line 2: invalid YAML", id="invalid"),
        pytest.param("[" * 100 + "]" * 100, "nested deeper", id="deep"),
        pytest.param("", "empty", id="empty"),
    ],
)
def test_hostile_or_broken_yaml_is_refused_naming_the_file(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(text, "utf-8")
    with pytest.raises(InputFormatError, match=message) as caught:
        records(path)
    assert str(path) in caught.value.message


def test_a_yaml_file_over_the_limit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.yml"
    with path.open("wb") as handle:
        handle.truncate(MAX_YAML_BYTES + 1)
    with pytest.raises(InputFormatError, match="larger than"):
        records(path)


# --- The commands ---------------------------------------------------------------------------


def test_twgp_import_and_convert_take_a_folder(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from tui.cli import app

    cards = tmp_path / "v2" / "ja" / "cards"
    write_json(cards / "SV1S-001" / "index.json", SABONEA)
    write_json(cards / "PMCG1-072" / "index.json", GUST)
    runner = CliRunner()
    db = str(tmp_path / "catalog.sqlite3")
    imported = runner.invoke(app, ["import", "pokemon", str(tmp_path / "v2"), "--db", db,
                                   "--no-starter"], env={"COLUMNS": "200"})  # fmt: skip
    assert imported.exit_code == 0, imported.stderr
    assert f"{tmp_path / 'v2'}: new 2," in imported.stdout  # the folder, not each file
    converted = runner.invoke(app, ["convert", "pokemon", str(cards), "--json"])
    assert converted.exit_code == 0, converted.stderr
    assert sorted(json.loads(line)["source_id"] for line in converted.stdout.splitlines()) == [
        "PMCG1-072", "SV1S-001"]  # fmt: skip


YAML_TOKENS = ["- ", "name: ", "&a ", "*a", "!!python/object:os.system ", "!!binary ", "[", "]",
               "{", "}", "2025-05-16", "? ", ": ", "\t", "'", '"', "|\n", "  ", "\n", "~", "<<: ",
               "%YAML 1.1\n", "---\n", "...\n", "\ufeff", "\x00", "é", "アリエル"]  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(text=st.one_of(st.text(max_size=200),
                      st.lists(st.sampled_from(YAML_TOKENS), max_size=40).map("".join)))  # fmt: skip
def test_any_yaml_is_records_or_our_error(tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    path = tmp_path_factory.mktemp("yaml") / "cards.yml"
    path.write_text(text, "utf-8", errors="surrogatepass")
    try:
        found = records(path)
    except InputFormatError as exc:
        error = exc.message
    else:
        json.dumps(found)  # JSON's data model, whatever the YAML said
        return
    assert error.startswith(str(path))
