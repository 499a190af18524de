"""A small catalog for the app's tests: real cards of three games, facts written here, in each
source's record shape, imported through the real converters into a fresh SQLite file."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

from sqlalchemy import Engine

from catalog.ingest.importer import import_files
from catalog.store.db import open_engine
from converters.registry import load_converter

# name, mana cost, mana value, type line, rules text, set, number, power/toughness
MTG: tuple[tuple[str, str, float, str, str, str, str, str], ...] = (
    ("Llanowar Elves", "{G}", 1, "Creature — Elf Druid", "{T}: Add {G}.", "m19", "314", "1/1"),
    ("Savannah Lions", "{W}", 1, "Creature — Cat", "", "lea", "39", "2/1"),
    ("Elvish Mystic", "{G}", 1, "Creature — Elf Druid", "{T}: Add {G}.", "m14", "169", "1/1"),
    (
        "Goblin Guide",
        "{R}",
        1,
        "Creature — Goblin Scout",
        "Haste\nWhenever Goblin Guide attacks, defending player reveals the top card of their "
        "library. If it's a land card, that player puts it into their hand.",
        "zen",
        "126",
        "2/2",
    ),
    ("Grizzly Bears", "{1}{G}", 2, "Creature — Bear", "", "m10", "189", "2/2"),
    (
        "Prodigal Sorcerer",
        "{2}{U}",
        3,
        "Creature — Human Wizard",
        "{T}: Prodigal Sorcerer deals 1 damage to any target.",
        "lea",
        "70",
        "1/1",
    ),
    ("Gray Ogre", "{2}{R}", 3, "Creature — Ogre", "", "lea", "154", "2/2"),
    ("Hill Giant", "{3}{R}", 4, "Creature — Giant", "", "lea", "155", "3/3"),
    ("Air Elemental", "{3}{U}{U}", 5, "Creature — Elemental", "Flying", "lea", "46", "4/4"),
    ("Serra Angel", "{3}{W}{W}", 5, "Creature — Angel", "Flying\nVigilance", "lea", "39a", "4/4"),
    ("Craw Wurm", "{4}{G}{G}", 6, "Creature — Wurm", "", "lea", "189", "6/4"),
    (
        "Shivan Dragon",
        "{4}{R}{R}",
        6,
        "Creature — Dragon",
        "Flying\n{R}: Shivan Dragon gets +1/+0 until end of turn.",
        "lea",
        "174",
        "5/5",
    ),
    (
        "Lightning Bolt",
        "{R}",
        1,
        "Instant",
        "Lightning Bolt deals 3 damage to any target.",
        "m10",
        "146",
        "",
    ),
    ("Shock", "{R}", 1, "Instant", "Shock deals 2 damage to any target.", "m19", "156", ""),
    (
        "Giant Growth",
        "{G}",
        1,
        "Instant",
        "Target creature gets +3/+3 until end of turn.",
        "lea",
        "198",
        "",
    ),
    ("Dark Ritual", "{B}", 1, "Instant", "Add {B}{B}{B}.", "lea", "98", ""),
    ("Counterspell", "{U}{U}", 2, "Instant", "Counter target spell.", "lea", "54", ""),
    ("Divination", "{2}{U}", 3, "Sorcery", "Draw two cards.", "m19", "51", ""),
    (
        "Bonesplitter",
        "{1}",
        1,
        "Artifact — Equipment",
        "Equipped creature gets +2/+0.\nEquip {1}",
        "mrd",
        "146",
        "",
    ),
    (
        "Short Sword",
        "{1}",
        1,
        "Artifact — Equipment",
        "Equipped creature gets +1/+1.\nEquip {1}",
        "dom",
        "229",
        "",
    ),
    (
        "Glorious Anthem",
        "{1}{W}{W}",
        3,
        "Enchantment",
        "Creatures you control get +1/+1.",
        "m10",
        "13",
        "",
    ),
    ("Crusade", "{W}{W}", 2, "Enchantment", "White creatures get +1/+1.", "lea", "10", ""),
    ("Bad Moon", "{1}{B}", 2, "Enchantment", "Black creatures get +1/+1.", "lea", "93", ""),
    ("Forest", "", 0, "Basic Land — Forest", "({T}: Add {G}.)", "lea", "288", ""),
)

#: a Japanese printing of one card: same oracle id, its own name
MTG_JA = ("Lightning Bolt", "稲妻", "4ed", "213")

# name, id, type, race, level, atk, def, text
YUGIOH: tuple[tuple[str, int, str, str, int | None, int | None, int | None, str], ...] = (
    (
        "Dark Magician",
        46986414,
        "Normal Monster",
        "Spellcaster",
        7,
        2500,
        2100,
        "The ultimate wizard in terms of attack and defense.",
    ),
    (
        "Kuriboh",
        40640057,
        "Effect Monster",
        "Fiend",
        1,
        300,
        200,
        "During damage calculation, if your opponent's monster attacks (Quick Effect): You can "
        "discard this card; you take no battle damage from that battle.",
    ),
    (
        "Skill Drain",
        82732705,
        "Trap Card",
        "Continuous",
        None,
        None,
        None,
        "Activate by paying 1000 LP. Negate the effects of all face-up monsters while they are "
        "face-up on the field.",
    ),
    (
        "Mirror Force",
        44095762,
        "Trap Card",
        "Normal",
        None,
        None,
        None,
        "When an opponent's monster declares an attack: Destroy all your opponent's Attack "
        "Position monsters.",
    ),
    (
        "Axe of Despair",
        40619825,
        "Spell Card",
        "Equip",
        None,
        None,
        None,
        "The equipped monster gains 1000 ATK.",
    ),
)

# id, name, supertype, hp, subtypes, text
POKEMON: tuple[tuple[str, str, str, str | None, str, str], ...] = (
    ("base1-58", "Pikachu", "Pokémon", "40", "Basic", "Gnaw: 10 damage."),
    ("base1-4", "Charizard", "Pokémon", "120", "Stage 2", "Fire Spin: 100 damage."),
    ("base1-91", "Bill", "Trainer", None, "Item", "Draw 2 cards."),
)


def _oracle(name: str) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"oracle:{name}"))


def mtg_records() -> list[dict[str, object]]:
    records: list[dict[str, object]] = []
    for name, cost, cmc, type_line, text, set_code, number, pt in MTG:
        record: dict[str, object] = {
            "object": "card", "id": str(uuid.uuid5(uuid.NAMESPACE_URL, f"card:{name}")),
            "oracle_id": _oracle(name), "name": name, "lang": "en", "layout": "normal",
            "mana_cost": cost, "cmc": float(cmc), "type_line": type_line,
            "oracle_text": text, "set": set_code, "collector_number": number,
        }  # fmt: skip
        if pt:
            record["power"], record["toughness"] = pt.split("/")
        records.append(record)
    name, printed, set_code, number = MTG_JA
    english = next(r for r in records if r["name"] == name)
    records.append({
        **english, "id": str(uuid.uuid5(uuid.NAMESPACE_URL, f"card:{name}:ja")), "lang": "ja",
        "printed_name": printed, "set": set_code, "collector_number": number,
    })  # fmt: skip
    return records


def yugioh_records() -> list[dict[str, object]]:
    records: list[dict[str, object]] = []
    for name, card_id, kind, race, level, atk, defence, text in YUGIOH:
        frame = (
            "spell"
            if kind.startswith("Spell")
            else "trap"
            if kind.startswith("Trap")
            else ("normal" if kind.startswith("Normal") else "effect")
        )
        record: dict[str, object] = {
            "id": card_id, "name": name, "type": kind, "frameType": frame, "desc": text,
            "race": race,
        }  # fmt: skip
        if level is not None:
            record.update(level=level, atk=atk, attribute="DARK")
            record["def"] = defence
        records.append(record)
    return records


def pokemon_records() -> list[dict[str, object]]:
    records: list[dict[str, object]] = []
    for card_id, name, supertype, hp, subtype, text in POKEMON:
        record: dict[str, object] = {
            "id": card_id, "name": name, "supertype": supertype, "subtypes": [subtype],
            "number": card_id.split("-")[1],
        }  # fmt: skip
        if hp is not None:
            record["hp"] = hp
            record["attacks"] = [
                {
                    "name": text.split(":")[0],
                    "text": "",
                    "cost": [],
                    "damage": text.split(": ")[1].split()[0],
                }
            ]
        else:
            record["rules"] = [text]
        records.append(record)
    return records


def build_catalog(folder: Path) -> Engine:
    """A fresh SQLite catalog in `folder` holding only the cards above."""
    sources = {
        "mtg": {"object": "list", "data": mtg_records()},
        "yugioh": {"data": yugioh_records()},
        "pokemon": {"data": pokemon_records()},
    }
    engine = open_engine(str(folder / "catalog.sqlite3"), load_starter=False)
    for game, document in sources.items():
        path = folder / f"{game}.json"
        path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
        report = import_files(engine, load_converter(game), [path])
        assert report.failed == 0, report.failures
    return engine
