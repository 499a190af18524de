"""Readers of other games' decklists (FORMATS.md §2–3), one module per format, each with
`parse(text, source="") -> ForeignDeck`. They only read: finding the cards is the importer's job.

| id    | format                                   | game    |
|-------|------------------------------------------|---------|
| plain | plain `N Name` list (MTG and others)     | mtg     |
| mtga  | MTG Arena text                           | mtg     |
| mtgo  | MTGO `.txt` or `.dek` XML                | mtg     |
| cod   | Cockatrice `.cod` XML                    | mtg     |
| ydk   | Yu-Gi-Oh! `.ydk`                         | yugioh  |
| ydke  | Yu-Gi-Oh! `ydke://` URL                  | yugioh  |
| ptcgl | Pokémon TCG Live / PTCGO text            | pokemon |
| dck   | XMage or Forge `.dck`                    | mtg     |
| lorcana | Dreamborn / Inktable `4 Ariel - On Human Legs` | lorcana |
| optcg | OPTCGSim / egman `4xOP01-016`              | onepiece, dbs-fusion-world (by the codes) |
| digimon | Digimon `4 Agumon BT1-010`, `4x BT1-010` | digimon |

Limits (lines, card lines, distinct cards, quantities) are limits.py's, checked by
`deckbuilder.importer.read_foreign` before and right after parsing.
"""

from __future__ import annotations

from deckbuilder.decklists import cardcodes, cod, dck, lorcana, mtga, mtgo, plain, ptcgl, ydk
from deckbuilder.decklists.base import EXTRA as EXTRA
from deckbuilder.decklists.base import MAIN as MAIN
from deckbuilder.decklists.base import SIDE as SIDE
from deckbuilder.decklists.base import ForeignDeck as ForeignDeck
from deckbuilder.decklists.base import ForeignLine as ForeignLine
from deckbuilder.decklists.base import Parser
from deckbuilder.decklists.base import quantity as quantity
from deckbuilder.decklists.base import split_quantity as split_quantity
from deckbuilder.errors import DeckError


def parser(format_id: str) -> Parser:
    """The reader of a format id (KeyError for an unknown one: the CLI lists FORMAT_IDS)."""
    table: dict[str, Parser] = {
        "plain": plain.parse,
        "mtga": mtga.parse,
        "mtgo": mtgo.parse,
        "cod": cod.parse,
        "ydk": ydk.parse,
        "ydke": ydk.parse_ydke,
        "ptcgl": ptcgl.parse,
        "dck": dck.parse,
        "lorcana": lorcana.parse,
        "optcg": cardcodes.parse_optcg,
        "digimon": cardcodes.parse_digimon,
    }
    return table[format_id]


FORMAT_IDS = ("mtga", "mtgo", "plain", "ydk", "ydke", "ptcgl", "cod", "dck", "lorcana", "optcg",
              "digimon")  # fmt: skip
#: what `twgp deck import --from` and `POST /v1/decks/import?from=` take; auto is the default
IMPORT_FROM = ("auto", *FORMAT_IDS)


def checked_from(format_id: str) -> str:
    """`format_id` if a decklist can be imported from it, else a DeckError listing the choices."""
    if format_id not in IMPORT_FROM:
        raise DeckError(f"unknown format {format_id!r}; expected auto or one of "
                        f"{', '.join(FORMAT_IDS)}")  # fmt: skip
    return format_id
DEFAULT_GAME = {
    "plain": "mtg", "mtga": "mtg", "mtgo": "mtg", "cod": "mtg", "dck": "mtg",
    "ydk": "yugioh", "ydke": "yugioh", "ptcgl": "pokemon", "lorcana": "lorcana",
    "optcg": "onepiece", "digimon": "digimon",
}  # fmt: skip
