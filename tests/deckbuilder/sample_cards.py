"""Real cards of several games as the rules see them (facts written for these tests), and
decklists built from them. Identities follow each converter's idea: reprints and languages
share one (Lightning Bolt / 稲妻); two "Mind Control" cards of different games do not."""

from __future__ import annotations

from converters.base import CardType
from deckbuilder.resolve import CardInfo, MemoryResolver

U, W = CardType.UNIT, CardType.WEAPON
CE, CT = CardType.CHARGE_EFFECT, CardType.CHARGE_TRAP
LT, LC = CardType.LIFE_TRAP, CardType.LIFE_COUNTER

#: (game, source id, name, Japanese name, identity key, grade, type)
ROWS: list[tuple[str, str, str, str | None, str, int | None, CardType | None]] = [
    ("mtg", "m10-llanowar", "Llanowar Elves", "ラノワールのエルフ", "llanowar", 1, U),
    ("mtg", "m10-bears", "Grizzly Bears", "灰色熊", "bears", 2, U),
    ("mtg", "m10-serra", "Serra Angel", "セラの天使", "serra", 5, U),
    ("mtg", "m10-shivan", "Shivan Dragon", "シヴ山のドラゴン", "shivan", 6, U),
    ("mtg", "m10-bolt", "Lightning Bolt", None, "bolt", 1, CE),
    ("mtg", "m10-bolt-ja", "Lightning Bolt", "稲妻", "bolt", 1, CE),
    ("mtg", "mmq-counterspell", "Counterspell", "対抗呪文", "counterspell", 2, CE),
    ("mtg", "dst-bonesplitter", "Bonesplitter", "骨断ちの矛槍", "bonesplitter", 1, W),
    ("mtg", "apc-fire-ice", "Fire // Ice", "火 // 氷", "fire-ice", 4, CE),
    ("mtg", "m10-giant-growth", "Giant Growth", "巨大化", "giant-growth", 1, CE),
    ("mtg", "m10-anthem", "Glorious Anthem", "栄光の頌歌", "anthem", 3, LC),
    ("mtg", "tmp-recycle", "Recycle", "リサイクル", "recycle", 6, LC),
    ("mtg", "lea-bad-moon", "Bad Moon", "不吉の月", "bad-moon", 2, LC),
    ("mtg", "m10-forest", "Forest", "森", "forest", 0, None),
    ("mtg", "m10-mind-control", "Mind Control", "支配魔法", "mind-control", 5, W),
    ("mtg", "rna-ghalta", "Ghalta, Primal Hunger", None, "ghalta", 12, U),
    ("yugioh", "40640057", "Kuriboh", "クリボー", "40640057", 1, U),
    ("yugioh", "26202165", "Sangan", "クリッター", "26202165", 3, U),
    ("yugioh", "46986414", "Dark Magician", "ブラック・マジシャン", "46986414", 7, U),
    ("yugioh", "89631139", "Blue-Eyes White Dragon", "青眼の白龍", "89631139", 8, U),
    ("yugioh", "44095762", "Mirror Force", "聖なるバリア －ミラーフォース－", "44095762", None, CT),
    ("yugioh", "5318639", "Mystical Space Typhoon", "サイクロン", "5318639", None, CE),
    ("yugioh", "40619825", "Axe of Despair", "デーモンの斧", "40619825", None, W),
    ("yugioh", "55144522", "Pot of Greed", "強欲な壺", "55144522", None, CE),
    ("yugioh", "82732705", "Skill Drain", "スキルドレイン", "82732705", None, LT),
    ("yugioh", "72302403", "Swords of Revealing Light", "光の護封剣", "72302403", None, LC),
    ("yugioh", "97077563", "Call of the Haunted", "リビングデッドの呼び声", "97077563", None, LT),
    ("yugioh", "61740673", "Imperial Order", "王宮の勅命", "61740673", None, LT),
    ("yugioh", "51452091", "Royal Decree", "王宮の弾圧", "51452091", None, LT),
    ("yugioh", "37520316", "Mind Control", "精神操作", "37520316", None, CE),
    ("yugioh", "44508094", "Stardust Dragon", "スターダスト・ドラゴン", "44508094", 8, U),
    ("pokemon", "base1-58", "Pikachu", None, "pikachu|40|gnaw|thunder jolt", 4, U),
    ("pokemon", "base1-14", "Raichu", None, "raichu|80|agility|thunder", 8, U),
    ("pokemon", "base1-4", "Charizard", None, "charizard|120|energy burn|fire spin", 12, U),
    ("pokemon", "base1-91", "Bill", None, "bill", None, CE),
    ("pokemon", "base1-94", "Potion", None, "potion", None, CE),
    ("pokemon", "base1-92", "Energy Removal", None, "energy-removal", None, CE),
    ("pokemon", "base1-98", "Fire Energy", None, "fire-energy", None, CE),
    ("pokemon", "base1-100", "Lightning Energy", None, "lightning-energy", None, CE),
    ("pokemon", "fossil-61", "Recycle", None, "recycle", None, CE),
    ("pokemon", "sv1-63", "Pikachu ex", None, "pikachu ex|200|thunderbolt", 20, U),
]


def sample_cards(owned: dict[str, int] | None = None) -> list[CardInfo]:
    """The cards above; `owned` maps an identity ("mtg:bolt") to copies owned (else None)."""
    cards = []
    for game, source_id, name, name_ja, key, grade, card_type in ROWS:
        identity = f"{game}:{key}"
        cards.append(
            CardInfo(
                game=game, source_id=source_id, name=name, name_ja=name_ja, identity=identity,
                grade=grade, card_type=card_type,
                type_reason="land: lands have no TWGP type" if card_type is None
                else "table", effects=("Plus",) if name == "Giant Growth" else (),
                owned=None if owned is None else owned.get(identity, 0),
            )
        )
    return cards


def sample_resolver(owned: dict[str, int] | None = None) -> MemoryResolver:
    return MemoryResolver(sample_cards(owned))


LIFE5 = ["yugioh Skill Drain", "yugioh Swords of Revealing Light", "mtg Glorious Anthem",
         "yugioh Call of the Haunted", "yugioh Imperial Order"]
LIFE_EXTRA = ["mtg Recycle", "mtg Bad Moon", "yugioh Royal Decree"]
LIBRARY = ["mtg Llanowar Elves", "mtg Grizzly Bears", "mtg Serra Angel", "mtg Shivan Dragon",
           "mtg Lightning Bolt [m10-bolt]", "mtg Counterspell", "mtg Bonesplitter",
           "mtg Fire // Ice", "mtg Giant Growth", "yugioh Kuriboh", "yugioh Sangan",
           "yugioh Dark Magician", "yugioh Mirror Force", "yugioh Mystical Space Typhoon",
           "yugioh Axe of Despair"]
ARCHIVE = ["pokemon Pikachu", "pokemon Raichu", "pokemon Bill", "pokemon Potion",
           "yugioh Pot of Greed"]
FINAL = ["yugioh Blue-Eyes White Dragon", "pokemon Charizard", "pokemon Recycle",
         "pokemon Pikachu", "pokemon Raichu", *LIBRARY]


def decklist(fmt: str = "full", name: str = "Sample", /, **sections: list[str]) -> str:
    """A `.twgp` text; each keyword is a section (`entry_library` → [entry.library],
    `final_1` → [final.1]) holding one card per item (a leading count is kept)."""
    lines = [f"name: {name}", f"format: {fmt}"]
    for key, cards in sections.items():
        lines.append(f"[{key.replace('_', '.')}]")
        lines += [card if card[0].isdigit() else f"1 {card}" for card in cards]
    return "\n".join(lines) + "\n"


def full_deck(**changes: list[str]) -> str:
    """A legal full deck (life 5, entry 15 + 5, one final of 20), with sections replaced."""
    sections = {"life": LIFE5, "entry_library": LIBRARY, "entry_archive": ARCHIVE, "final_1": FINAL}
    return decklist("full", **{**sections, **changes})
