"""The sections of the rules page (tui/rules/*.md) and which one explains each problem code:
below the screens, so the docs tables and the app's Rules screen share them."""

from __future__ import annotations

#: a section of the rules page → the number its heading starts with (both languages)
SECTIONS = {
    "grade": 1, "types": 2, "decks": 3, "duplicates": 4, "summoning": 5, "effects": 6,
    "reading": 7, "problems": 8, "words": 9,
}  # fmt: skip
#: each problem code of the deck checks → the section that explains it
PROBLEM_SECTIONS = {
    "HALF_SIZE": "decks", "ENTRY_SPLIT": "decks", "LIFE_SIZE": "decks", "FINAL_COUNT": "decks",
    "TRIAL_HALVES": "decks", "POOL": "decks", "DUPLICATE_IN_HALF": "duplicates",
    "DUPLICATE_IN_LIFE": "duplicates", "LIFE_CARD_TYPE": "types", "DECK_CARD_TYPE": "types",
    "UNCONVERTED": "types", "NO_FREE_SUMMON": "summoning", "UNSUMMONABLE": "summoning",
    "UNKNOWN_CARD": "problems", "NOT_OWNED": "problems", "COMMITTED_ELSEWHERE": "problems",
}  # fmt: skip
