"""The catalog: converted cards, printings, collections, overrides and decks, in rooms.

Each room is a package that answers "what lives here" in one sentence (its docstring). The
arrows between rooms run one way, top to bottom, and `lint-imports` (the `[tool.importlinter]`
contracts in pyproject.toml) fails CI on any import that runs upward:

    exports | sources | collections   bulk files out / the card APIs / owned copies and other
                                      apps' collection files
    lookup  | store           finding cards / the catalog as a database (open, create, migrate…)
    ingest  | saved           user files in, cards written / saved decks
    cards                     a card as stored and handed out
    schema                    the tables and the database plumbing under them
    base                      the shared words: errors, limits, matching keys, safe output

Rooms on one line are independent of each other. Below `base` are only the converters.
"""
