"""The shared vocabularies of collection files (FORMATS.md §5): quantity, condition, finish and
language, each normalised from any app's spelling to ours."""

from __future__ import annotations

import re
import unicodedata

from catalog.collections.errors import QuantityError

MAX_QUANTITY = 1_000_000  # more copies than any collection holds: an Excel accident, not a count

CONDITIONS = ("M", "NM", "LP", "MP", "HP", "D")
FINISHES = ("nonfoil", "foil", "etched", "holofoil", "reverse_holofoil")

# `excellent` and `good` are European grades between NM and LP/MP: mapped as FORMATS.md §5 says.
_CONDITION_WORDS = {
    "M": ("mint", "m"),
    "NM": ("nearmint", "nm", "excellent", "ex"),
    "LP": (
        "lightlyplayed",
        "goodlightlyplayed",
        "lightplayed",
        "slightlyplayed",
        "slightyplayed",
        "lp",
        "good",
        "gd",
    ),
    "MP": ("moderatelyplayed", "played", "mp", "pl"),
    "HP": ("heavilyplayed", "hp"),
    "D": ("damaged", "poor", "d", "dm", "dmg", "po"),
}
CONDITION_OF = {word: code for code, words in _CONDITION_WORDS.items() for word in words}

_NONFOIL_WORDS = frozenset(
    {
        "",
        "normal",
        "regular",
        "nonfoil",
        "no",
        "false",
        "0",
        "n",
        "unlimited",
        "limited",
        "1stedition",
        "firstedition",
        "unlimitededition",
        "limitededition",
    }
)
_FINISH_WORDS = {
    "etched": "etched",
    "foiletched": "etched",
    "etchedfoil": "etched",
    "holofoil": "holofoil",
    "holo": "holofoil",
    "reverseholofoil": "reverse_holofoil",
    "reverseholo": "reverse_holofoil",
    "foil": "foil",
    "yes": "foil",
    "true": "foil",
    "1": "foil",
    "y": "foil",
}

_LANGUAGE_WORDS = {
    "en": ("en", "eng", "english"),
    "ja": ("ja", "jp", "jpn", "japanese", "日本語"),
    "ko": ("ko", "kr", "kor", "korean", "한국어"),
    "zh-Hans": (
        "zhs",
        "cs",
        "zhcn",
        "zhhans",
        "cn",
        "chinese",
        "simplifiedchinese",
        "chinesesimplified",
        "简体中文",
    ),
    "zh-Hant": (
        "zht",
        "ct",
        "zhtw",
        "zhhant",
        "tw",
        "traditionalchinese",
        "chinesetraditional",
        "繁體中文",
    ),
    "es": ("es", "sp", "spa", "spanish", "español"),
    "pt": ("pt", "por", "portuguese", "portuguesebrazil", "ptbr", "português"),
    "fr": ("fr", "fra", "french", "français"),
    "de": ("de", "deu", "ger", "german", "deutsch"),
    "it": ("it", "ita", "italian", "italiano"),
    "ru": ("ru", "rus", "russian", "русский"),
    "ph": ("ph", "phyrexian"),
    "he": ("he", "hebrew"),
    "la": ("la", "latin"),
    "grc": ("grc", "ancientgreek"),
    "ar": ("ar", "arabic"),
    "sa": ("sa", "sanskrit"),
}
LANGUAGE_OF = {word: code for code, words in _LANGUAGE_WORDS.items() for word in words}

_QUANTITY = re.compile(r"(?:[x×*]\s*)?([0-9]+)(?:\s*[x×*])?", re.ASCII)


def vocab_key(value: str) -> str:
    """A cell compared as a vocabulary word: NFKC, case-folded, no spaces, `_ - ( )`."""
    folded = unicodedata.normalize("NFKC", value).casefold()
    return re.sub(r"[\s_\-()（）]", "", folded)


def parse_quantity(cell: str) -> int:
    """`4`, `4x`, `4X`, `x4`, `2x`, `4 x` (also full-width digits) → 4.

    Raises QuantityError for anything else: empty cells, negatives, decimals, dates, words,
    and counts above MAX_QUANTITY (told apart before any conversion, so 5,000 digits are cheap)."""
    text = unicodedata.normalize("NFKC", cell).strip().casefold()
    match = _QUANTITY.fullmatch(text)
    if not text:
        raise QuantityError("the quantity is blank: write how many copies (like 4 or 4x; 0 for "
                            "a card known but not owned)")  # fmt: skip
    if match is None:
        shown = shown_value(cell.strip())
        raise QuantityError(f"quantity {shown} is not a whole number of copies (like 4 or 4x)")
    return count_of(match.group(1))


def count_of(digits: str) -> int:
    """ASCII digits → a count of copies; QuantityError above MAX_QUANTITY. The digits are
    measured before `int()` (Python refuses to convert more than 4,300 of them)."""
    significant = digits.lstrip("0")
    if len(significant) > len(str(MAX_QUANTITY)) or int(significant or "0") > MAX_QUANTITY:
        raise QuantityError(
            f"quantity {shown_value(digits)} is more than {MAX_QUANTITY:,}: not a count of copies"
        )
    return int(significant or "0")


def shown_value(value: str, most: int = 24) -> str:
    """A cell for a message: quoted, cut to `most` characters with its full length named."""
    if len(value) <= most:
        return repr(value)
    return f"{value[:most]!r}… ({len(value):,} characters)"


def parse_condition(cell: str) -> tuple[str | None, str | None]:
    """A condition cell → (our code or None, a warning when the word is unknown).

    A finish word inside (TCGplayer's `Near Mint Foil`) is left to `finish_in_condition`."""
    key = vocab_key(cell)
    if not key:
        return None, None
    for suffix in ("reverseholofoil", "holofoil", "foil", "etched"):
        if key.endswith(suffix) and key != suffix:
            key = key.removesuffix(suffix)
            break
    code = CONDITION_OF.get(key)
    if code is None:
        return None, f"condition {cell.strip()!r} is not one we know: left unset"
    return code, None


def finish_in_condition(cell: str) -> str | None:
    """The finish a condition cell carries (`Near Mint Foil` → foil), else None."""
    key = vocab_key(cell)
    for suffix, finish in (
        ("reverseholofoil", "reverse_holofoil"),
        ("holofoil", "holofoil"),
        ("etched", "etched"),
        ("foil", "foil"),
    ):
        if key.endswith(suffix) and key != suffix:
            return finish
    return None


def parse_finish(cell: str) -> tuple[str, str | None]:
    """A foil/finish/printing cell → (our finish, a warning when the word is unknown).

    Anything naming a foil (`Rainbow Foil`, `Surge Foil`) is a foil; unknown words are nonfoil."""
    key = vocab_key(cell)
    if key in _NONFOIL_WORDS:
        return "nonfoil", None
    if key in _FINISH_WORDS:
        return _FINISH_WORDS[key], None
    if "etched" in key:
        return "etched", None
    if "reverse" in key and "holo" in key:
        return "reverse_holofoil", None
    if "foil" in key:
        return "foil", None
    return "nonfoil", f"finish {cell.strip()!r} is not one we know: taken as nonfoil"


def parse_language(cell: str, *, blank: str | None = None) -> tuple[str | None, str | None]:
    """A language cell (name or code, any app's spelling) → (our code, a warning if unknown).

    `blank` is what an empty cell means in this format (`en` where the format documents it)."""
    key = vocab_key(cell)
    if not key:
        return blank, None
    code = LANGUAGE_OF.get(key)
    if code is None:
        return None, f"language {cell.strip()!r} is not one we know: left unset"
    return code, None
