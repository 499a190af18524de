"""The cases of Disney Lorcana, Digimon and Fusion World that the shared rules digest ("More
games") does not answer, each decided here once. The converters (converters/lorcana.py,
digimon.py, fusionworld.py) apply them and the policies page (docs/policies.md and
docs/policies.ja.md, "Decided cases") writes each one out; a test keeps the page and this
table in step."""

from __future__ import annotations

from typing import NamedTuple


class Case(NamedTuple):
    """One decided case: the game, the case as the data raises it, the decision, and the
    one-line reason a card it decides shows ("" where the case decides no grade or type)."""

    game: str
    case: str
    decision: str
    reason: str = ""


LORCANA_FULL_NAME = Case(
    "lorcana", "how the full name is written",
    "name and version joined by ' - ' (\"Ariel - On Human Legs\"), the form decklists share; "
    "a card with no version is its name alone",
)
LORCANA_LANGUAGE = Case(
    "lorcana", "which language a catalog record is in",
    "the language code of card_identifier (\"1/204 JA 1\" → ja, \"ZH\" → zh); only a Japanese "
    "record's name is the card's Japanese name (a Chinese name is not)",
)
LORCANA_JOIN = Case(
    "lorcana", "joining languages and variants (enchanted, promo)",
    "identity = set and number of the record's print (\"1/204 JA 1\" → 1-1; Lorcast's set.code "
    "1 and collector_number 1 → 1-1); links = every print the record lists (\"print:9-205\") "
    "and its full name per language (\"name:ja:…\"): records sharing a link are one card",
)
LORCANA_NO_COST = Case(
    "lorcana", "a record without an ink cost",
    "no grade, with a warning",
    "no ink cost → no grade",
)
DIGIMON_TOKEN_GRADE = Case(
    "digimon", "a token's grade (no play cost, no level)",
    "no grade, no warning: a token is no deck card and has no TWGP type",
    "a token: no play cost, no level → no grade",
)
DIGIMON_NO_COST = Case(
    "digimon", "a Digimon, Tamer or Option without a play cost",
    "no grade, with a warning",
    "no play cost → no grade",
)
DIGIMON_NAME = Case(
    "digimon", "the name of a Japanese-only record",
    "the name without the card number is both the name and the Japanese name",
)
FUSION_SIDE_GRADE = Case(
    "dbs-fusion-world", "the grade of a LEADER or an ENERGY MARKER",
    "no grade, no warning: neither is a deck card (both have no TWGP type)",
    "not a deck card → no grade",
)
FUSION_EXTRA_NO_COST = Case(
    "dbs-fusion-world", "an EXTRA card without a cost (cost '-', e.g. Instant Kamehameha)",
    "graded 00 with a warning: it is played without paying energy",
    "EXTRA with no cost: played without paying energy → 00",
)

CASES: tuple[Case, ...] = (
    LORCANA_FULL_NAME, LORCANA_LANGUAGE, LORCANA_JOIN, LORCANA_NO_COST,
    DIGIMON_TOKEN_GRADE, DIGIMON_NO_COST, DIGIMON_NAME,
    FUSION_SIDE_GRADE, FUSION_EXTRA_NO_COST,
)  # fmt: skip

