"""Records and files several test modules share: a minimal converter, real One Piece
records, a Moxfield collection export, and how many examples each fuzzing property runs."""

from __future__ import annotations

import os

from converters.base import CardType, Converter, Record, Ruling, pick

#: examples per fuzzing property (default 150); benchmarks/fuzz.py sets TWGP_FUZZ_EXAMPLES for
#: the longer run (for example 20,000)
FUZZ_EXAMPLES = int(os.environ.get("TWGP_FUZZ_EXAMPLES", "150"))


class NameOnly(Converter):
    """A minimal converter: the reader only needs `records()` from it."""

    game_id = "test"
    display_name = display_name_ja = short_name = grade_rule = "test"
    formats = ("test",)

    def source_id(self, record: Record) -> str:
        return str(pick(record, "id") or pick(record, "name"))

    def names(self, record: Record) -> tuple[str, str | None]:
        return str(pick(record, "name", "名前") or ""), None

    def identity_key(self, record: Record) -> str:
        return self.source_id(record)

    def to_grade(self, record: Record) -> Ruling[int]:
        return Ruling(None, "no grade")

    def card_type(self, record: Record) -> Ruling[CardType]:
        return Ruling(CardType.UNIT, "always a unit")


#: punk-records `english/cards/569001/ST01-001.json` and its Japanese twin
LUFFY_EN = {"attributes": ["Strike"], "block_number": 1, "category": "Leader", "colors": ["Red"],
            "cost": 5, "counter": None, "id": "ST01-001", "name": "Monkey.D.Luffy",
            "effect": "[Activate: Main] [Once Per Turn] Give this Leader or 1 of your Characters "
                      "up to 1 rested DON!! card.",
            "img_full_url": "https://en.onepiece-cardgame.com/images/cardlist/card/ST01-001.png",
            "pack_id": "569001", "power": 5000, "rarity": "Leader", "trigger": None,
            "types": ["Supernovas", "Straw Hat Crew"]}  # fmt: skip
LUFFY_JA = {**LUFFY_EN, "name": "モンキー・D・ルフィ", "pack_id": "550001",
            "effect": "【起動メイン】【ターン1回】このリーダーか自分のキャラ1枚にレストのドン!!1枚までを付与する。",
            "img_full_url": "https://www.onepiece-cardgame.com/images/cardlist/card/ST01-001.png",
            "types": ["超新星", "麦わらの一味"]}  # fmt: skip
#: a Character whose printed power is 0 (punk-records: null)
HIYORI = {"attributes": ["Wisdom"], "block_number": 2, "category": "Character",
          "colors": ["Green"], "cost": 4, "counter": 1000, "id": "EB01-013",
          "name": "Kouzuki Hiyori", "effect": "[Activate: Main] You may trash this Character: …",
          "img_full_url": "https://en.onepiece-cardgame.com/images/cardlist/card/EB01-013.png",
          "pack_id": "569201", "power": None, "rarity": "Rare", "trigger": None,
          "types": ["Land of Wano", "Kouzuki Clan"]}  # fmt: skip
KID = {**HIYORI, "id": "EB01-003_p1", "name": "Kid &amp; Killer", "power": 5000, "cost": 4}

#: a Moxfield collection export: two known cards and one no catalog has
MOXFIELD = (
    '"Count","Tradelist Count","Name","Edition","Condition","Language","Foil","Tags",'
    '"Last Modified","Collector Number"\n'
    '"3","0","Lightning Bolt","sta","Near Mint","English","","","2024-01-01","42"\n'
    '"1","0","Llanowar Elves","dom","Near Mint","English","","","2024-01-01","168"\n'
    '"2","0","No Such Card At All","lea","Near Mint","English","","","2024-01-01","1"\n'
)
#: the content type of a CSV upload
CSV = {"content-type": "text/csv"}
