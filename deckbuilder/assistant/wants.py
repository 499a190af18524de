"""Wants lists of `twgp deck missing`: the copies to acquire as text or in the CSV shapes of
Moxfield and ManaBox (the collection's own writers, catalog/collections/writers.py), Deckbox
and Cardmarket (written here: the collection export has no writer for them)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from sqlmodel import Session

from catalog.cards.views import CardView
from catalog.collections.owned import OwnedRowView
from catalog.collections.writers import LANGUAGE_NAMES, WRITERS, csv_table
from catalog.lookup import repository

if TYPE_CHECKING:
    from deckbuilder.assistant.service import MissingLine

DECKBOX_COLUMNS = ("Count", "Tradelist Count", "Name", "Edition", "Edition Code", "Card Number",
                   "Condition", "Language", "Foil")  # fmt: skip
CARDMARKET_COLUMNS = ("Amount", "Name", "Game", "Expansion", "Number", "Language")
#: the games Cardmarket sells (our converter ids → its game names)
CARDMARKET_GAMES = {"mtg": "Magic: The Gathering", "pokemon": "Pokémon", "yugioh": "Yu-Gi-Oh!",
                    "onepiece": "One Piece Card Game", "ws": "Weiß Schwarz",
                    "dm": "Duel Masters"}  # fmt: skip


def _csv(columns: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """CRLF rows, quoted where needed, by the collection writers' CSV code."""
    buffer, writer = csv_table(columns, quote_all=False, crlf=True)
    for row in rows:
        writer.writerow(row)
    return buffer.getvalue()


def write_deckbox(wants: Sequence[OwnedRowView]) -> str:
    """Deckbox's CSV (MTG only; the other games' lines are left out)."""
    rows = [[w.quantity, 0, w.card.name, "", w.card.set_code or "", w.card.collector_number
             or "", "Near Mint", LANGUAGE_NAMES.get(w.card.lang or "en", "English"), ""]
            for w in wants if w.card.game == "mtg"]  # fmt: skip
    return _csv(DECKBOX_COLUMNS, rows)


def write_cardmarket(wants: Sequence[OwnedRowView]) -> str:
    """Cardmarket's wants CSV: the games it sells, others left out."""
    rows = [[w.quantity, w.card.name, CARDMARKET_GAMES[w.card.game], w.card.set_code or "",
             w.card.collector_number or "", LANGUAGE_NAMES.get(w.card.lang or "en", "English")]
            for w in wants if w.card.game in CARDMARKET_GAMES]  # fmt: skip
    return _csv(CARDMARKET_COLUMNS, rows)


def write_text(wants: Sequence[OwnedRowView]) -> str:
    """`QTY GAME NAME [SOURCE_ID]` lines, as in a .twgp file."""
    return "".join(f"{w.quantity} {w.card.game} {w.card.name} [{w.card.source_id}]\n"
                   for w in wants)  # fmt: skip


WANTS_WRITERS: dict[str, Callable[[Sequence[OwnedRowView]], str]] = {
    "text": write_text,
    "moxfield": lambda wants: WRITERS["moxfield"](wants).text,
    "deckbox": write_deckbox,
    "manabox": lambda wants: WRITERS["manabox"](wants).text,
    "cardmarket": write_cardmarket,
}


def wants_row(view: CardView, quantity: int) -> OwnedRowView:
    """A wanted card as a collection row (what the collection writers take)."""
    return OwnedRowView(view, quantity, "nonfoil", None, None, None, None, None)


def wants_rows(session: Session, lines: Sequence[MissingLine]) -> list[OwnedRowView]:
    """The missing copies of `deck missing` as collection rows, for every wants-list writer
    (`twgp deck missing` and POST /v1/decks/missing)."""
    return [wants_row(repository.get_card(session=session,
                                          card_ref=f"{m.card.game}:{m.card.source_id}"),
                      m.missing)
            for m in lines]  # fmt: skip
