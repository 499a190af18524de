"""Every deck-rule fact the program checks or states, written once (docs/rules.md §2–§5), and
`fill`, the one helper that puts them into text when it is shown.

The checks read the constants (deckbuilder/rules.py, summon.py, the other games' formats); every
sentence that states one — the problem messages and their meanings (deckbuilder/codes.py), help
texts, the app's words, the rules pages and the documentation — carries a marker such as
`{{LIBRARY}}` instead of the number, filled by `fill` when the text is shown: by `violation()`,
by `twgp docs` and the app's rules page (tui/docs_pages.expand) and by the site's build hook
(docs/hooks.py). Change a constant here and every check, message and page follows.

Markers are upper-case names between double braces; `markers(lang)` lists them with their
values. An unknown marker is an error, never left in the text.
"""

from __future__ import annotations

import re

from converters.base import CardType
from deckbuilder.deck import DeckFormat

# --- TWGP (docs/rules.md §3) --------------------------------------------------------------------
#: cards of every half deck
HALF_DECK_SIZE = 20
#: the entry deck's split: library (the deck) + archive (the starting hand)
LIBRARY_SIZE = 15
ARCHIVE_SIZE = 5
#: a full deck prepares 1 … MAX_FINALS final half decks
MAX_FINALS = 3
#: a trial deck has at least this many half decks in all (entry included)
MIN_TRIAL_HALVES = 3
#: format → (fewest, most) life cards; None = no upper limit
LIFE_SIZES: dict[DeckFormat, tuple[int, int | None]] = {
    DeckFormat.HALF: (3, 3),
    DeckFormat.FULL: (5, 5),
    DeckFormat.TRIAL: (8, None),
}
#: the only types a life set may hold (the life cards); the other five are deck cards
LIFE_TYPES = frozenset({CardType.LIFE_TRAP, CardType.LIFE_COUNTER})

# --- summoning (docs/rules.md §5) ---------------------------------------------------------------
#: a unit of grade ≤ this is free-summoned; above it, grade-summoned onto two stacks
FREE_SUMMON_MAX = 5
#: weapons under one unit (+1 each, −1 for a curse-like one; none under a grade-00 unit)
MAX_WEAPONS = 3

# --- the other games' deck formats (deckbuilder/play_formats) ----------------------------------
#: 2chtcg: cards of a deck (provisional: "40 is the likely size")
DECK_SIZE_2CH = 40
#: ev-tag-b: copies of one same-name character card across the team's decks and sideboards
EV_CHARACTER_LIMIT = 1
#: ev-tag-b: copies of any other same-name card across the team's decks and sideboards
EV_SAME_NAME_LIMIT = 4
#: darkside-roster: units a character brings
ROSTER_MAX_UNITS = 5

_MARKER = re.compile(r"\{\{([A-Z][A-Z0-9_]*)\}\}")


def grade_text(grade: int) -> str:
    """A grade as the rules write it: two digits (`05`)."""
    return f"{grade:02d}"


def life_need(fmt: DeckFormat, lang: str = "en") -> str:
    """The life cards `fmt` needs: "exactly 3", "at least 8", "3 to 5" (ちょうど3枚, 8枚以上)."""
    fewest, most = LIFE_SIZES[fmt]
    ja = lang == "ja"
    if most is None:
        return f"{fewest}枚以上" if ja else f"at least {fewest}"
    if most == fewest:
        return f"ちょうど{fewest}枚" if ja else f"exactly {fewest}"
    return f"{fewest}〜{most}枚" if ja else f"{fewest} to {most}"


def markers(lang: str = "en") -> dict[str, str]:
    """Every marker `fill` knows and its text in `lang` ("en" or "ja"), from the constants as
    they are now."""
    ja = lang == "ja"
    life_names = [t.label_ja if ja else t.label for t in CardType if t in LIFE_TYPES]
    values = {
        "HALF": HALF_DECK_SIZE,
        "LIBRARY": LIBRARY_SIZE,
        "ARCHIVE": ARCHIVE_SIZE,
        "FINALS_MAX": MAX_FINALS,
        "TRIAL_HALVES": MIN_TRIAL_HALVES,
        "TRIAL_CARDS": MIN_TRIAL_HALVES * HALF_DECK_SIZE,
        "WEAPONS_MAX": MAX_WEAPONS,
        "DECK_2CH": DECK_SIZE_2CH,
        "EV_CHARACTER": EV_CHARACTER_LIMIT,
        "EV_SAME_NAME": EV_SAME_NAME_LIMIT,
        "ROSTER_MAX": ROSTER_MAX_UNITS,
    }
    found = {name: str(value) for name, value in values.items()}
    found |= {
        "FREE_MAX": grade_text(FREE_SUMMON_MAX),
        "GRADE_SUMMON_MIN": grade_text(FREE_SUMMON_MAX + 1),
        # "Life Trap or Life Counter", "Life Traps and Life Counters" (ライフ・トラップか…,
        # ライフ・トラップと…); NOR: "ライフ・トラップでもライフ・カウンターでもない" in Japanese
        "LIFE_TYPES_OR": ("か" if ja else " or ").join(life_names),
        "LIFE_TYPES_AND": "と".join(life_names) if ja else " and ".join(
            f"{name}s" for name in life_names
        ),
        "LIFE_TYPES_NOR": "".join(f"{name}でも" for name in life_names) if ja else " or ".join(
            life_names
        ),
    }
    for fmt in DeckFormat:
        found[f"LIFE_{fmt.name}"] = life_need(fmt, lang)
    return found


def fill(text: str, lang: str = "en") -> str:
    """`text` with every `{{NAME}}` marker replaced by its fact in `lang`; ValueError for a
    marker that names no fact."""
    if "{{" not in text:
        return text
    known = markers(lang)

    def value(match: re.Match[str]) -> str:
        name = match[1]
        if name not in known:
            raise ValueError(f"unknown rule-fact marker {{{{{name}}}}}; known: {', '.join(known)}")
        return known[name]

    return _MARKER.sub(value, text)

