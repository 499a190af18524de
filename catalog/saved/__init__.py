"""Saved decks (whole `.twgp` texts by name) and the card each name-only line resolved to.

Imports: `catalog.schema`, `catalog.base`.
"""
