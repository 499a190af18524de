"""Cards and deck builders for the table of deck cases (test_deck_cases.py): the sample cards
(sample_cards.py) and more, each with the facts the rules read, written for these tests.

A half deck is written as the cards that matter to its case, padded to 20 with charge effects
(`half`, `deck`), so that each case shows only what it is about."""

from __future__ import annotations

from dataclasses import replace

from converters.base import CardType
from deckbuilder.resolve import CardInfo, MemoryResolver
from tests.deckbuilder.sample_cards import LIFE5, LIFE_EXTRA, decklist, sample_cards

U, W, CE = CardType.UNIT, CardType.WEAPON, CardType.CHARGE_EFFECT
LT, LC = CardType.LIFE_TRAP, CardType.LIFE_COUNTER

#: (game, source id, name, identity key, grade, type) — beside the sample cards
MORE: list[tuple[str, str, str, str, int | None, CardType]] = [
    ("mtg", "m10-baneslayer", "Baneslayer Angel", "baneslayer", 5, U),
    ("mtg", "lea-sengir", "Sengir Vampire", "sengir", 5, U),
    ("mtg", "roe-emrakul", "Emrakul, the Aeons Torn", "emrakul", 15, U),
    ("yugioh", "70095154", "Cyber Dragon", "70095154", 5, U),
    ("yugioh", "97268402", "Effect Veiler", "97268402", 0, U),  # ATK 0 → 00
    ("yugioh", "14558127", "Ash Blossom & Joyous Spring", "14558127", 0, U),  # ATK 0 → 00
    ("pokemon", "base1-2", "Blastoise", "blastoise|100|hydro pump", 10, U),
    ("pokemon", "base1-8", "Machamp", "machamp|100|seismic toss", 10, U),
    ("pokemon", "jungle-11", "Snorlax", "snorlax|90|body slam", 9, U),
    ("yugioh", "65169794", "Black Pendant", "65169794", None, W),
    ("mtg", "dst-sword", "Sword of Fire and Ice", "sword-of-fire-and-ice", 3, W),
    ("mtg", "bok-jitte", "Umezawa's Jitte", "umezawas-jitte", 2, W),
    ("yugioh", "55226821", "Lightning Blade", "55226821", None, W),
    ("yugioh", "56948373", "Mask of the Accursed", "56948373", None, W),  # a curse (−1)
    ("yugioh", "63102017", "Gravity Bind", "63102017", None, LT),
    ("yugioh", "44656491", "Messenger of Peace", "44656491", None, LC),
    ("mtg", "tmp-bridge", "Ensnaring Bridge", "ensnaring-bridge", 7, LC),
    ("mtg", "tmp-propaganda", "Propaganda", "propaganda", 3, LC),
]
CURSED = {"Mask of the Accursed"}

#: charge effects that pad half decks (none is a unit, a weapon or a life card)
FILLER = [
    "Dark Ritual", "Brainstorm", "Swords to Plowshares", "Opt", "Shock", "Duress", "Ponder",
    "Preordain", "Negate", "Disenchant", "Naturalize", "Healing Salve", "Regrowth", "Tinker",
    "Doom Blade", "Terror", "Mana Leak", "Remand", "Thoughtseize", "Divination", "Lava Spike",
    "Rift Bolt", "Chain Lightning", "Fireblast", "Gitaxian Probe", "Manamorphose",
    "Lightning Helix", "Path to Exile", "Vindicate", "Wrath of God", "Day of Judgment",
    "Harmonize", "Rampant Growth", "Cultivate", "Explore", "Time Walk", "Ancestral Recall",
    "Demonic Tutor", "Sleight of Hand", "Impulse", "Fact or Fiction", "Force of Will",
    "Stone Rain", "Sinkhole", "Hymn to Tourach", "Lightning Strike", "Incinerate",
    "Volcanic Hammer", "Dismiss", "Memory Lapse", "Exclude", "Fling", "Twiddle", "Unsummon",
    "Boomerang", "Disfigure", "Raise the Alarm", "Spell Pierce", "Duress of Mind", "Hoodwink",
]


def rule_cards() -> list[CardInfo]:
    cards = [replace(c, owned=None) for c in sample_cards()]
    for game, source_id, name, key, grade, card_type in MORE:
        cards.append(CardInfo(game=game, source_id=source_id, name=name,
                              identity=f"{game}:{key}", grade=grade, card_type=card_type,
                              type_reason="table", curse=name in CURSED))
    for n, name in enumerate(FILLER):
        key = name.casefold().replace(" ", "-")
        cards.append(CardInfo(game="mtg", source_id=f"tst-{n}", name=name,
                              identity=f"mtg:{key}", grade=1, card_type=CE,
                              type_reason="table"))
    return cards


def resolver() -> MemoryResolver:
    return MemoryResolver(rule_cards())


def half(*cards: str, size: int = 20) -> list[str]:
    """These cards, padded with filler charge effects to `size` cards (each filler once)."""
    count = sum(int(c.split(" ", 1)[0]) if c[0].isdigit() else 1 for c in cards)
    padding = [f"mtg {name}" for name in FILLER if f"mtg {name}" not in cards]
    if size - count > len(padding):
        raise ValueError("not enough filler cards for this half")
    return [*cards, *padding[: max(0, size - count)]]


#: a free unit (01), for entries whose case is not about units
ELVES = "mtg Llanowar Elves"
LIFE = {"half": LIFE5[:3], "full": LIFE5, "trial": LIFE5 + LIFE_EXTRA}


def deck(
    fmt: str,
    *units: str,
    life: list[str] | None = None,
    library: int = 15,
    archive: int = 5,
    **sections: list[str],
) -> str:
    """A `fmt` deck: its usual life set, an entry holding `units` (else Llanowar Elves) padded to
    `library` + `archive`, then `sections`, each padded to 20 unless it starts with "=" (exactly
    these cards). A pool is never padded."""
    cards = half(*(units or (ELVES,)), size=library + archive)
    parts: dict[str, list[str]] = {
        "life": LIFE[fmt] if life is None else life,
        "entry_library": cards[:library],
        "entry_archive": cards[library:],
    }
    for key, listed in sections.items():
        if key == "pool":
            parts[key] = listed
        elif listed and listed[0] == "=":
            parts[key] = listed[1:]
        else:
            parts[key] = half(*listed)
    return decklist(fmt, **parts)


def filler_pool(count: int) -> list[str]:
    """`count` different filler charge effects (a pool)."""
    if count > len(FILLER):
        raise ValueError("not enough filler cards for this pool")
    return [f"mtg {name}" for name in FILLER[:count]]
