"""Magic Online decks (FORMATS.md §2.4): `.txt` (`N Name` lines, a blank line before the
sideboard) and `.dek` XML (`<Cards CatID Quantity Sideboard Name/>`; one name may come under
several CatIDs — other printings — and is summed per zone by the importer)."""

from __future__ import annotations

from deckbuilder.decklists.base import MAIN, SIDE, ForeignDeck, ForeignLine
from deckbuilder.decklists.mtgtext import read_mtg_text
from deckbuilder.decklists.xmltree import parse_xml, xml_quantity
from deckbuilder.errors import DecklistFormatError


def parse(text: str, source: str = "") -> ForeignDeck:
    if text.lstrip("\ufeff \t\r\n").startswith("<"):
        return parse_dek(text, source)
    return read_mtg_text(ForeignDeck("mtgo"), text)


def parse_dek(text: str, source: str = "") -> ForeignDeck:
    root = parse_xml(text, source=source)
    if root.tag != "Deck":
        raise DecklistFormatError(
            f"expected an MTGO <Deck> document, found <{root.tag}>", line=root.line, source=source
        )
    deck = ForeignDeck("mtgo")
    for card in root.findall("Cards"):
        name = card.attrs.get("Name", "").strip()
        quantity = card.attrs.get("Quantity", "1").strip()
        if not name:
            deck.notes.append(f"line {card.line}: a <Cards> without a name (skipped)")
            continue
        zone = SIDE if card.attrs.get("Sideboard", "false").strip().lower() == "true" else MAIN
        if "/" in name and " // " not in name:
            name = " // ".join(part.strip() for part in name.split("/") if part.strip())
        cat_id = card.attrs.get("CatID")
        text_of = f'<Cards CatID="{cat_id}" Quantity="{quantity}" Name="{name}">'
        # A CatID is MTGO's printing id, not our source id: the name decides.
        count = xml_quantity(quantity, card.line, "Quantity")
        deck.add(ForeignLine(card.line, count, name, zone, text=text_of))
    return deck
