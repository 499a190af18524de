"""A catalog on SQLite holding the sample cards (converted cards written for these tests)."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine

from catalog.ingest.importer import import_cards
from catalog.store.db import open_engine
from converters.base import CardType, ConvertedCard, Printing, Ruling
from tests.deckbuilder.sample_cards import ROWS

#: source id → (set code, collector number, language) of the printings foreign lists name
PRINTINGS = {
    "m10-bolt": ("STA", "42", "en"),
    "m10-bolt-ja": ("STA", "42", "ja"),
    "apc-fire-ice": ("APC", "128", "en"),
    "m10-llanowar": ("DOM", "168", "en"),
    "base1-58": ("base1", "58", "en"),
    "base1-91": ("base1", "91", "en"),
    "base1-100": ("base1", "100", "en"),
    "sv1-63": ("sv1", "63", "en"),
}
#: cards only the import tests need: (game, source id, name, identity key, grade, type)
EXTRA = [
    ("mtg", "ice-pyroblast", "Pyroblast", "pyroblast", 1, CardType.CHARGE_EFFECT),
]


def converted(
    game: str, source_id: str, name: str, name_ja: str | None, key: str, grade: int | None,
    card_type: CardType | None,
) -> ConvertedCard:
    set_code, number, lang = PRINTINGS.get(source_id, (None, None, "en"))
    reason = "written for the tests" if card_type else "land: lands have no TWGP type"
    return ConvertedCard(
        game=game, source_id=source_id, name=name, name_ja=name_ja, identity=f"{game}:{key}",
        grade=Ruling(grade, "written for the tests"), card_type=Ruling(card_type, reason),
        effects=("Plus",) if name == "Giant Growth" else (), text="", reading="",
        printing=Printing(set_code, number, lang),
    )


def build_sample_catalog(path: Path) -> str:
    """Create a catalog at `path` holding the sample cards (no starter cards); its path."""
    engine = open_engine(str(path), load_starter=False)
    fill_sample_catalog(engine)
    engine.dispose()
    return str(path)


def fill_sample_catalog(engine: Engine) -> None:
    """Import the sample cards into the (empty) catalog of `engine`."""
    cards = [converted(*row) for row in ROWS]
    cards += [converted(g, s, n, None, k, gr, t) for g, s, n, k, gr, t in EXTRA]
    import_cards(engine, cards, source="tests")
