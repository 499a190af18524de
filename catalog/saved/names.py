"""A saved deck's name as it is stored and looked up (catalog/saved/decks.py saves decks,
catalog/saved/deck_choices.py keys their remembered choices by it)."""

from __future__ import annotations

import unicodedata


def deck_name(name: str) -> str:
    """A deck's name as it is stored and looked up: NFC, without spaces around it."""
    return unicodedata.normalize("NFC", name).strip()
