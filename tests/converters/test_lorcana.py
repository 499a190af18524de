"""Disney Lorcana: grade = ink cost; character → Unit, action and song → Charge Effect, item and
location → Life Counter; the catalog's kind inferred as the shared digest decides; one card across
languages and variants. Card facts written here from the printed cards; records in the official
catalog's shape (Japanese, Chinese) and the English data set's yml shape."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from catalog.ingest.importer import import_files
from catalog.lookup import repository
from catalog.store.db import open_engine, session_scope
from converters.base import CardType
from converters.lorcana import LorcanaConverter, read_print
from tests.conftest import REALDATA, requires_shared
from tests.converters.tabular_cases import convert_or_signal

LOR = LorcanaConverter()
U, CE, LC = CardType.UNIT, CardType.CHARGE_EFFECT, CardType.LIFE_COUNTER


def catalog(name: str, subtitle: str | None, cost: int, number: str, text: str | None = None,
            *, strength: int | None = None, willpower: int | None = None,
            subtypes: list[Any] | None = None) -> dict[str, Any]:  # fmt: skip
    """A record of the official catalog JSON (`cards.all[]`)."""
    return {"name": name, "subtitle": subtitle, "strength": strength, "willpower": willpower,
            "quest_value": 1 if willpower is not None else None, "rarity": "RARE",
            "ink_cost": cost, "ink_convertible": True, "abilities": [], "subtypes": subtypes or [],
            "rules_text": text, "card_identifier": number, "card_sets": number.split()[-1],
            "magic_ink_colors": ["アンバー"]}  # fmt: skip


def yml(name: str, title: str, cost: int, kind: str, codes: list[str], *,
        classifications: list[str] | None = None, **stats: int) -> dict[str, Any]:  # fmt: skip
    """An entry of lorcana-data's per-set yml, as yaml.safe_load gives it."""
    variants = [{"set": "x", "id": int(code.split("/")[0]) if code[0].isdigit() else 0,
                 "ravensburger": {"en": code, "ja": code.replace(" EN ", " JA ")}}
                for code in codes]  # fmt: skip
    return {"variants": variants, "cost": cost, "inkwell": True, "type": kind,
            "colors": ["amber"], "classifications": classifications or [],
            "languages": {"en": {"name": name, "title": title, "flavour": ""},
                          "fr": {"name": f"{name} (fr)", "title": title, "flavour": ""}},
            **stats}  # fmt: skip


ARIEL = catalog("アリエル", "人間にはなれたけど", 4, "1/204 JA 1",
                "\\失われた歌声\\ このキャラクターは歌を歌うために{E}できない。",
                strength=3, willpower=4, subtypes=["ストーリーボーン", "ヒーロー", "プリンセス"])  # fmt: skip
FREEZE = catalog("凍りなさい", "", 2, "63/204 JA 1", "対戦相手のキャラクター１体を選び、エグザートする。")
BE_OUR_GUEST = catalog(
    "BE OUR GUEST", "", 2, "25/204 JA 1",
    "（コスト２以上のキャラクターは{E}することでこの歌をコストを支払わずに歌える。）%あなたのデッキの"
    "上からカードを４枚見る。キャラクター・カードを１枚公開し手札に加えてもよい。", subtypes=["歌"])  # fmt: skip
LANTERN = catalog("ランタン", "", 2, "33/204 JA 1",
                  "\\誕生日の光\\ {E}：このターン、あなたが次にキャラクターをプレイするコストの支払いは"
                  "１{I}減る。")  # fmt: skip
POISONED_APPLE = catalog("毒リンゴ", "", 3, "134/204 JA 1",
                         "\\ひとくちお食べ…\\ １{I}，このアイテムを退場させる：キャラクター１体を選び、"
                         "エグザートする。プリンセス・キャラクターが選ばれたなら、代わりに退場させる。")  # fmt: skip
FRYING_PAN = catalog("フライパン", "", 2, "202/204 JA 1",
                     "\\カァーン！\\ このアイテムを退場させる：キャラクター１体を選び、そのキャラクターは"
                     "それのプレイヤーの次のターンの間、チャレンジできない。")  # fmt: skip
NEVER_LAND = catalog("梦幻岛", "美人鱼珊瑚礁", 1, "32/204 ZH 3", None, willpower=4)
HEAL_WHAT_HAS_BEEN_HURT = catalog(
    "治愈那创伤", None, 3, "26/204 ZH 3",
    "（费用等于或大于 3 的角色可以 {E} 来免费演唱这首歌曲。）%从所选的角色上移去至多 3 点伤害。抽一张卡。",
    subtypes=[{"id": 7, "cards_id": 26, "name": "歌曲"}])  # fmt: skip
MAGIC_FEATHER = catalog("魔法の羽根", "", 2, "64/204 JA 9",
                        "あなたのキャラクターを選ぶ。このアイテムがプレイされている間、そのキャラクター"
                        "は<回避>を得る。")  # fmt: skip  # illustrative wording: "this item", no name
THE_QUEEN = yml("The Queen", "Conceited Ruler", 3, "glimmer",
                ["1/204 EN 9", "3/P3 EN 9", "205/204 EN 9"], attack=2, defence=4, lore=1)  # fmt: skip
CIRCLE_OF_LIFE = yml("Circle of Life", "", 8, "action", ["26/204 EN 9", "225/204 EN 9"],
                     classifications=["song"])  # fmt: skip
THE_MAGIC_FEATHER = yml("The Magic Feather", "", 2, "item", ["64/204 EN 9"])


@pytest.mark.parametrize(
    ("record", "grade", "card_type", "clue"),
    [pytest.param(ARIEL, 4, U, "strength 3 → a character", id="Ariel - On Human Legs (character)"),
     pytest.param(FREEZE, 2, CE, "no named ability → an action", id="Freeze (action)"),
     pytest.param(BE_OUR_GUEST, 2, CE, "subtype song", id="Be Our Guest (song)"),
     pytest.param(LANTERN, 2, LC, "a named ability \\誕生日の光\\ → an item", id="Lantern (item)"),
     pytest.param(MAGIC_FEATHER, 2, LC, "speaks of this item", id="this item, no named ability"),
     pytest.param(NEVER_LAND, 1, LC, "willpower 4 and no strength → a location", id="Never Land (location, zh)"),
     pytest.param(HEAL_WHAT_HAS_BEEN_HURT, 3, CE, "subtype song", id="Heal What Hurts (zh song)"),
     pytest.param(THE_QUEEN, 3, U, "type 'glimmer'", id="The Queen (yml character)"),
     pytest.param(CIRCLE_OF_LIFE, 8, CE, "with subtype song", id="Circle of Life (yml song)"),
     pytest.param(THE_MAGIC_FEATHER, 2, LC, "type 'item'", id="The Magic Feather (yml item)")],
)  # fmt: skip
def test_grade_and_type(record: dict[str, Any], grade: int, card_type: CardType, clue: str) -> None:
    card = LOR.convert(record)
    assert (card.grade.value, card.card_type.value) == (grade, card_type)
    assert card.grade.reason == f"ink cost {grade} → {grade:02d}"
    assert clue in card.card_type.reason
    assert card.warnings == ()


@pytest.mark.parametrize(
    ("record", "effects"),
    [pytest.param(FREEZE, {"hazard"}, id="exert a chosen opposing character"),
     pytest.param(POISONED_APPLE, {"hazard"}, id="exert a chosen character"),
     pytest.param(FRYING_PAN, {"hazard"}, id="can't challenge"),
     pytest.param(catalog("刀を持ってるぞ！", "", 1, "132/204 JA 1", "キャラクター１体を選び、このターン、+２{S}する。"),
                  {"plus"}, id="+2 strength"),
     pytest.param(catalog("怒ってばかりね！", "", 1, "26/204 JA 1", "キャラクター１体を選び、このターン、-２{S}する。"),
                  {"down"}, id="-2 strength"),
     pytest.param(catalog("癒しのきらめき", "", 1, "28/204 JA 1", "キャラクター１体を選び、２ダメージまで取り除く。"),
                  {"medical"}, id="remove up to 2 damage"),
     pytest.param(catalog("スマッシュ", "", 3, "200/204 JA 1", "キャラクター１体を選び、３ダメージを与える。"),
                  set(), id="damage is none of the twelve"),
     pytest.param(ARIEL, set(), id="a Unit's text is void")],
)  # fmt: skip
def test_effects_from_the_japanese_wording(record: dict[str, Any], effects: set[str]) -> None:
    assert set(LOR.convert(record).effects) == effects


def test_english_wording_of_the_same_effects() -> None:
    record = {**FREEZE, "rules_text": "Exert chosen opposing character."}
    assert LOR.convert(record).effects == ("hazard",)
    record = {**FRYING_PAN, "rules_text": "Chosen character can't challenge during their next turn."}
    assert LOR.convert(record).effects == ("hazard",)


def test_the_catalog_percent_is_a_line_break_and_discarding_reads_as_the_library_bottom() -> None:
    card = LOR.convert(catalog("背すじがゾクッ！", "", 2, "98/204 JA 1", "（コスト２以上のキャラクターは{E}する"
                               "ことでこの歌をコストを支払わずに歌える。）%各対戦相手はカードを１枚選んで捨てる。",
                               subtypes=["歌"]))  # fmt: skip
    assert card.text.splitlines()[1] == "各対戦相手はカードを１枚選んで捨てる。"
    assert "ライブラリの一番下に戻す" in card.reading


# --- names, languages and identity --------------------------------------------------------------


def test_a_japanese_record_is_named_by_its_full_name_in_japanese() -> None:
    card = LOR.convert(ARIEL)
    assert (card.name, card.name_ja) == ("アリエル - 人間にはなれたけど", "アリエル - 人間にはなれたけど")
    assert (card.identity, card.source_id) == ("lorcana:1-1", "1-1-ja")
    assert (card.printing.set_code, card.printing.collector_number, card.printing.lang) == ("1", "1", "ja")
    assert card.links == ("print:1-1", "name:ja:ありえる - 人間にはなれたけど")


def test_a_chinese_name_is_not_a_japanese_name() -> None:
    card = LOR.convert(NEVER_LAND)
    assert (card.name, card.name_ja, card.printing.lang) == ("梦幻岛 - 美人鱼珊瑚礁", None, "zh")


def test_the_english_record_links_every_print_and_every_language() -> None:
    card = LOR.convert(THE_QUEEN)
    assert (card.name, card.identity, card.printing.lang) == ("The Queen - Conceited Ruler", "lorcana:9-1", "en")
    assert card.links[:3] == ("print:9-1", "print:9-P3-3", "print:9-205")
    assert "name:en:the queen - conceited ruler" in card.links


@pytest.mark.parametrize(
    ("code", "key"),
    [("1/204 JA 1", "1-1"), ("4a/204 ZH 3", "3-4A"), ("26/P1 ZH 3", "3-P1-26"), ("001/204 EN 2", "2-1"),
     ("nonsense", None), ("", None)],
)  # fmt: skip
def test_print_codes(code: str, key: str | None) -> None:
    found = read_print(code)
    assert (found.key if found else None) == key


def test_japanese_and_english_prints_and_an_enchanted_variant_are_one_card(tmp_path: Path) -> None:
    """The English yml lists the enchanted print (205); a Japanese record of that print joins,
    and a Japanese record of another set that shares its full name joins too."""
    ja_base = catalog("女王", "うぬぼれた支配者", 3, "1/204 JA 9", strength=2, willpower=4)  # illustrative ja name
    ja_enchanted = catalog("女王", "うぬぼれた支配者", 3, "205/204 JA 9", strength=2, willpower=4)
    ja_reprint = catalog("女王", "うぬぼれた支配者", 3, "7/204 JA 10", strength=2, willpower=4)
    other = catalog("アリエル", "人間にはなれたけど", 4, "1/204 JA 1", strength=3, willpower=4)
    ja_file, en_file = tmp_path / "ja.json", tmp_path / "en.json"
    ja_file.write_text(json.dumps([ja_base, ja_enchanted, ja_reprint, other], ensure_ascii=False), "utf-8")
    en_file.write_text(json.dumps([THE_QUEEN]), "utf-8")
    engine = open_engine(str(tmp_path / "c.sqlite3"), load_starter=False)
    try:
        for path in (ja_file, en_file):
            assert import_files(engine, LOR, [path]).failed == 0
        with session_scope(engine) as session:
            identity = repository.get_card(session=session, card_ref="lorcana:9-1").identity
            printings = repository.printings(session=session, identity=identity)
            ariel = repository.get_card(session=session, card_ref="lorcana:1-1-ja")
        assert {p.source_id for p in printings} == {"9-1", "9-1-ja", "9-205-ja", "10-7-ja"}
        assert ariel.identity != identity
    finally:
        engine.dispose()


# --- Lorcast (online, English): the set number from `set.code` and `collector_number` ------------


def lorcast(name: str, version: str | None, number: str, set_code: str, **extra: Any) -> dict[str, Any]:
    """A Lorcast card object, as `/cards/<set>/<number>` answers (SOURCES.md §6)."""
    return {"id": f"crd_{set_code}_{number}", "name": name, "version": version, "layout": "normal",
            "cost": 4, "inkwell": True, "ink": "Amber", "type": ["Character"],
            "classifications": ["Storyborn", "Hero", "Princess"], "text": "VOICELESS This character "
            "can't {E} to sing songs.", "strength": 3, "willpower": 4, "lore": 2, "rarity": "Rare",
            "collector_number": number, "lang": "en",
            "set": {"id": f"set_{set_code}", "code": set_code, "name": "The First Chapter"},
            **extra}  # fmt: skip


LORCAST_ARIEL = lorcast("Ariel", "On Human Legs", "1", "1")


@pytest.mark.parametrize(
    ("record", "source_id", "identity", "printing"),
    [
        pytest.param(LORCAST_ARIEL, "1-1", "lorcana:1-1", ("1", "1", "en"), id="set 1 number 1"),
        pytest.param(lorcast("Ariel", "On Human Legs", "001", "1"), "1-1", "lorcana:1-1",
                     ("1", "1", "en"), id="a zero-padded number"),
        pytest.param(lorcast("Ariel", "On Human Legs", "207", "1"), "1-207", "lorcana:1-207",
                     ("1", "207", "en"), id="an enchanted print: its own set number"),
        pytest.param(lorcast("Ariel", "On Human Legs", "4a", "3"), "3-4A", "lorcana:3-4A",
                     ("3", "4a", "en"), id="a letter in the number"),
        pytest.param(lorcast("Ariel", "On Human Legs", "26", "P1"), "P1-26", "lorcana:P1-26",
                     ("P1", "26", "en"), id="a promo set"),
        pytest.param(lorcast("Ariel", "On Human Legs", "1", "1", lang="de"), "1-1-de",
                     "lorcana:1-1", ("1", "1", "de"), id="another language: a row of its own"),
    ],
)  # fmt: skip
def test_a_lorcast_card_is_its_set_number(
    record: dict[str, Any], source_id: str, identity: str, printing: tuple[str, str, str]
) -> None:
    card = LOR.convert(record)
    assert (card.source_id, card.identity) == (source_id, identity)
    assert (card.printing.set_code, card.printing.collector_number, card.printing.lang) == printing
    assert f"print:{identity.removeprefix('lorcana:')}" in card.links
    assert "name:en:ariel - on human legs" in card.links or printing[2] != "en"
    assert (card.name, card.grade.value, card.card_type.value) == ("Ariel - On Human Legs", 4, U)


@pytest.mark.parametrize(
    "record",
    [{**LORCAST_ARIEL, "set": None}, {**LORCAST_ARIEL, "collector_number": ""},
     {**LORCAST_ARIEL, "set": {"code": "1/2"}}],
    ids=["no set", "no number", "a code that is no code"],
)  # fmt: skip
def test_a_lorcast_card_without_a_set_number_keeps_its_name_identity(record: dict[str, Any]) -> None:
    card = LOR.convert(record)
    assert card.identity == "lorcana:name:ariel - on human legs"


def test_lorcast_joins_the_japanese_catalog_and_the_english_data_set_by_set_number(
    tmp_path: Path,
) -> None:
    """The Japanese catalog's `1/204 JA 9`, the English yml listing `1/204 EN 9` and Lorcast's set
    9 number 1 are one card; Lorcast's and the yml's English print are one row; Lorcast's
    enchanted print (205) joins through the yml's variant."""
    ja_base = catalog("女王", "うぬぼれた支配者", 3, "1/204 JA 9", strength=2, willpower=4)  # illustrative ja name
    queen = lorcast("The Queen", "Conceited Ruler", "1", "9", cost=3, strength=2, willpower=4)
    enchanted = {**queen, "collector_number": "205", "rarity": "Enchanted"}
    files = {"ja.json": [ja_base, ARIEL], "lorcast.json": [queen, enchanted], "en.json": [THE_QUEEN]}
    engine = open_engine(str(tmp_path / "c.sqlite3"), load_starter=False)
    try:
        for name, records in files.items():
            path = tmp_path / name
            path.write_text(json.dumps(records, ensure_ascii=False), "utf-8")
            assert import_files(engine, LOR, [path]).failed == 0
        with session_scope(engine) as session:
            identity = repository.get_card(session=session, card_ref="lorcana:9-1-ja").identity
            printings = repository.printings(session=session, identity=identity)
            ariel = repository.get_card(session=session, card_ref="lorcana:1-1-ja")
        assert identity == "lorcana:9-1"
        assert {(p.source_id, p.lang) for p in printings} == {
            ("9-1-ja", "ja"), ("9-1", "en"), ("9-205", "en")}  # fmt: skip
        assert ariel.identity == "lorcana:1-1"
    finally:
        engine.dispose()


# --- records that are no Lorcana card, and odd values ---------------------------------------------


def test_another_games_record_gets_no_type() -> None:
    card = LOR.convert({"name": "Pikachu", "supertype": "Pokémon", "hp": "40", "type": "Character",
                        "cost": 2})  # fmt: skip
    assert (card.grade.value, card.card_type.value) == (None, None)
    assert "not a Lorcana record" in card.card_type.reason


def test_a_record_without_an_ink_cost_gets_no_grade_and_a_warning() -> None:
    card = LOR.convert({**FREEZE, "ink_cost": None})
    assert card.grade.value is None
    assert card.grade.reason == "no ink cost → no grade"
    assert "the card has no ink cost; no grade" in card.warnings


def test_an_unknown_type_word_gets_no_type_with_the_word() -> None:
    card = LOR.convert({**THE_MAGIC_FEATHER, "type": "dreamborn-sticker"})
    assert card.card_type.value is None
    assert "'dreamborn-sticker' is not a Lorcana card type" in card.card_type.reason


def test_a_named_ability_granted_inside_a_sentence_does_not_make_an_item() -> None:
    record = catalog("魔法の言葉", "", 2, "99/204 JA 2", "あなたのキャラクター１体を選ぶ。そのキャラクターは"
                     "このターン、\\勇気\\ を得る。")  # fmt: skip  # illustrative wording
    assert LOR.convert(record).card_type.value is CE


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(
    st.sampled_from(["name", "subtitle", "ink_cost", "strength", "willpower", "subtypes", "rules_text",
                     "card_identifier", "type", "cost", "languages", "variants", "quest_value"]),
    st.one_of(st.none(), st.integers(-5, 10**6), st.text(max_size=12),
              st.sampled_from(["1/204 JA 1", "4a/204 ZH 3", "glimmer", "action", "歌", "\\名前\\ text"]),
              st.lists(st.one_of(st.text(max_size=4), st.dictionaries(st.just("name"), st.text(max_size=3))),
                       max_size=2),
              st.dictionaries(st.sampled_from(["en", "ja"]), st.dictionaries(st.sampled_from(["name", "title"]),
                                                                            st.text(max_size=4)))),
))  # fmt: skip
def test_no_record_crashes(record: dict[str, Any]) -> None:
    convert_or_signal(LOR, record)


def test_the_catalog_envelope_unwraps() -> None:
    assert list(LOR.records({"cards": {"all": [ARIEL, FREEZE]}})) == [ARIEL, FREEZE]


# --- the real developer sample ------------------------------------------------------------------

LORCANA = REALDATA / "lorcana"


def expected(record: dict[str, Any]) -> tuple[int, CardType]:
    """The digest's policy, read independently of the converter."""
    if "languages" in record:
        kinds = {"glimmer": U, "action": CE, "item": LC, "location": LC}
        return record["cost"], kinds[record["type"]]
    subtypes = [s["name"] if isinstance(s, dict) else s for s in record["subtypes"]]
    text = record["rules_text"] or ""
    if record["strength"] is not None:
        kind = U
    elif record["willpower"] is not None:
        kind = LC
    elif "歌" in subtypes or "歌曲" in subtypes:
        kind = CE
    elif text.startswith("\\") or "このアイテム" in text or "这个物品" in text:
        kind = LC
    else:
        kind = CE
    return record["ink_cost"], kind


@requires_shared
def test_every_real_record_converts_by_the_policy() -> None:
    yaml = pytest.importorskip("yaml")
    records: list[dict[str, Any]] = []
    for lang in ("ja", "zh"):
        document = json.loads((LORCANA / "catalog" / lang / "full.json").read_text("utf-8"))
        records += list(LOR.records(document))
    records += yaml.safe_load((LORCANA / "data" / "fab.yml").read_text("utf-8"))
    cards = [LOR.convert(record) for record in records]
    assert len(cards) == 481
    assert len({c.source_id for c in cards}) == len(cards)
    mismatches = [(c.source_id, c.grade.value, c.card_type.value, expected(r))
                  for r, c in zip(records, cards, strict=True)
                  if (c.grade.value, c.card_type.value) != expected(r)]  # fmt: skip
    assert mismatches == []
    kinds = {c.card_type.value for c in cards}
    assert kinds == {U, CE, LC}
