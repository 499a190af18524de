"""A card as stored and handed out: its row values, its effective view (`CardView`), its
identity across sources, its effects refreshed after its effective type, and the owned totals
kept per identity.

Imports: `catalog.schema`, `catalog.base`.
"""
