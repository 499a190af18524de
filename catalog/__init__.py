"""The catalog: converted cards, printings, collections, overrides and decks."""
