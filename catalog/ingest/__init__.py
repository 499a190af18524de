"""User files in, cards written: opening and decoding files, the JSON and YAML record readers
under their limits, folders, conversion and the game check, the converter options, upserts,
the importer with its writer process, and the bundled starter cards (`starter/`).

Imports: `catalog.cards`, `catalog.schema`, `catalog.base`.
"""
