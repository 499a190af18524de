"""Alias of deckbuilder.play_formats.base for plugins that import the deck-format base
classes from their former place (docs/deck-formats.md names the new one)."""

from __future__ import annotations

from deckbuilder.play_formats.base import DeckFormatRules as DeckFormatRules
from deckbuilder.play_formats.base import GameFormat as GameFormat
from deckbuilder.play_formats.base import copies as copies
from deckbuilder.play_formats.base import deck_label as deck_label
from deckbuilder.play_formats.base import labels as labels
