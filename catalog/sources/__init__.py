"""The public card APIs: rate-limited, cached HTTP clients, per-game fetchers that turn what
the user asked for into API queries, and the online look-ups that convert and import what
they find.

Imports: any room below it (`store`, `lookup`, `ingest`, …); never `catalog.collections`.
"""
