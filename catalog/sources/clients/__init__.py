"""Clients of the public card APIs (Scryfall, YGOPRODeck, pokemontcg.io, TCGdex). Each takes
an `httpx.Client` built by `_http.build_client`; `catalog/sources/online.py` is the service using
them."""
