"""Pokémon: what makes two records of different languages one card.

A record's identity key (converters/pokemon.py) is its name, HP and move names, so reprints in
one language share it; translations do not, as their names differ. They are joined by
language-independent *links* (`Converter.links`), which the catalog uses to give every card
sharing one the same identity:

* ``print:<set>-<number>``: the printing, for the sources whose set ids are shared by every
  international language (pokemontcg.io, TCGdex en/fr/de/es/it/pt…): the French ``swsh3-1``
  is the English ``swsh3-1``. Asian TCGdex sets (ja, zh-tw, id, th…) have ids of their own.
* ``facts:<national Pokédex numbers>|<HP>|<each attack's energy count:damage>``: for Pokémon
  whose record gives the Pokédex number (pokemontcg.io ``nationalPokedexNumbers``, TCGdex
  ``dexId``), so a Japanese ピカチュウ with HP 40, Gnaw (1 energy, 10) and Thunder Jolt
  (2 energy, 30) is the English Base Set Pikachu. Two different Pikachus differ in HP or
  attacks, so they stay two cards.
* ``facts~:…``: the same with every variable or missing damage written ``?``, for the records
  that have one: TCGdex's Japanese data leaves a variable damage out (the Japanese
  カメックス's Hydro Pump has none where the English Blastoise's says ``40+``). Two cards of one
  Pokémon, HP and attack costs whose only difference is such a damage would be joined; none is
  known.

TCGdex gives a card the same id in every international language, so a record in such a
language other than English gets ``<lang>/<id>`` as its source id (``fr/swsh3-1``): one row
per language, none overwriting another."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from converters.base import Printing, Record, text_of

#: a damage that `facts~` links do not compare
UNSURE = "?"
#: TCGdex languages whose sets have ids of their own (not the international ones)
ASIAN_LANGUAGES = frozenset({"ja", "ko", "zh-tw", "zh-cn", "id", "th"})


def shares_international_ids(record: Record, lang: str | None) -> bool:
    """Whether the record's set and card ids are the international ones."""
    return "supertype" in record or lang not in ASIAN_LANGUAGES


def tcgdex_source_id(card_id: str, lang: str | None) -> str:
    """The source id of a TCGdex record: its id, prefixed by its language where the id is
    shared with the English record (``fr/swsh3-1``)."""
    if lang in (None, "en") or lang in ASIAN_LANGUAGES:
        return card_id
    return f"{lang}/{card_id}"


def links(record: Record, printing: Printing, hp: Any) -> tuple[str, ...]:
    found: list[str] = []
    if (
        printing.set_code
        and printing.collector_number
        and shares_international_ids(record, printing.lang)
    ):
        found.append(f"print:{printing.set_code}-{printing.collector_number}".casefold())
    found += _facts(record, hp)
    return tuple(found)


def _facts(record: Record, hp: Any) -> list[str]:
    dex = record.get("nationalPokedexNumbers", record.get("dexId"))
    numbers = sorted(str(n) for n in dex if isinstance(n, int)) if isinstance(dex, list) else []
    if not numbers or hp is None:
        return []
    attacks = record.get("attacks")
    moves = (
        [move for move in attacks if isinstance(move, Mapping)] if isinstance(attacks, list) else []
    )
    head = f"{'+'.join(numbers)}|{text_of(hp)}|"
    found = [f"facts:{head}{','.join(_attack(move) for move in moves)}"]
    loose = ",".join(_attack(move, loose=True) for move in moves)
    if UNSURE in loose:
        found.append(f"facts~:{head}{loose}")
    return found


def _attack(move: Mapping[str, Any], *, loose: bool = False) -> str:
    """`energy count:damage`; `loose`: a damage that is variable (`40+`, `10×`) or not given
    is UNSURE, as TCGdex's Japanese data leaves a variable damage out."""
    cost = move.get("cost")
    count = len(cost) if isinstance(cost, list) else 0
    damage = "".join(text_of(move.get("damage")).split()).replace("×", "x").casefold()
    if loose and (not damage or not damage.isdigit()):
        damage = UNSURE
    return f"{count}:{damage}"
