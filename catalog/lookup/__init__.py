"""Finding cards: the search query language (tokens, keys, parser), the search and its page
plans, look-ups by reference and name, overrides, and the card API look-ups (named,
autocomplete, random…).

Imports: `catalog.saved`, `catalog.cards`, `catalog.schema`, `catalog.base`.
"""
