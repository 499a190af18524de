"""TWGP decks and life sets: decklists, validation, analysis, import and export."""
