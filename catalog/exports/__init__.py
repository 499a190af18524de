"""Exports: the whole catalog written out as files others download — every game's converted
cards as gzip JSON Lines and CSV with a manifest (`twgp bulk export`, `GET /v1/bulk`), and the
cache the service keeps them in. May import every room below it."""
