"""The name forms a collection row may use for one card (FORMATS.md §1 "Names"): `A // B`,
`A /// B`, `A/B`, `A / B`, the front face only, TCGplayer decorations such as
`(Borderless)` or `[Version 2]`, price sites' suffixes (`Sol Ring CE`), and furigana in
parentheses after Japanese names."""

from __future__ import annotations

import re
from functools import lru_cache

from catalog.base.keys import face_names, name_key
from catalog.collections.limits import CHUNK_ROWS

_FACE_SEPARATOR = re.compile(r"\s*/{1,3}\s*")
_TRAILING_DECORATION = re.compile(r"\s*(?:\([^()]*\)|\[[^\[\]]*\]|（[^（）]*）)\s*$")
_LEADING_DECORATION = re.compile(r"^\s*\([^()]*\)\s*")
#: what price sites add after a name: the edition (`Sol Ring CE`, Collectors' Edition; `IE`,
#: International Edition), the finish (`- Foil`), MTGGoldfish's variant (`<borderless>`)
_PRICE_SUFFIX = re.compile(r"\s+(?:CE|IE|-\s*Foil|Foil|<[^<>]*>)\s*$")


@lru_cache(maxsize=2 * CHUNK_ROWS)  # a chunk's rows ask twice: to fetch, then to resolve
def name_forms(name: str) -> tuple[str, ...]:
    """Names to try, strongest first: as written, the canonical `A // B`, the front face, then
    the same without trailing decorations. No duplicates, no empty strings."""
    forms: list[str] = []
    undecorated = _undecorated(name)
    for base in (name, undecorated, _without_price_suffix(undecorated)):
        forms += [base]
        faces = [f for f in _FACE_SEPARATOR.split(base) if f.strip()]
        if len(faces) > 1:
            forms += [" // ".join(faces), faces[0]]
    return tuple(f for f in dict.fromkeys(f.strip() for f in forms) if f)


def _undecorated(name: str) -> str:
    """`Orcish Bowmasters (Borderless) [Version 2]` → `Orcish Bowmasters`; a leading `(…)`
    goes too (Cockatrice's rule); furigana `（かな）` after a Japanese name goes as well."""
    previous = None
    while previous != name:
        previous = name
        name = _TRAILING_DECORATION.sub("", name)
    stripped = _LEADING_DECORATION.sub("", name)
    return stripped or name


def _without_price_suffix(name: str) -> str:
    """`Sol Ring CE` → `Sol Ring`, `Sol Ring <borderless> - Foil` → `Sol Ring`."""
    previous = None
    while previous != name:
        previous = name
        stripped = _PRICE_SUFFIX.sub("", name)
        name = stripped if stripped.strip() else name
    return name


def names_agree(row_names: list[str], card_name: str, card_name_ja: str | None) -> bool:
    """Whether any form of the row's names is the card's name, a face of it, its Japanese
    name, or its name without the catalog's own decoration (pokemontcg.io's `Boss's Orders
    (Ghetsis)` is PTCGL's `Boss's Orders PAL 172`), compared by matching key."""
    card_keys = {
        name_key(n)
        for full in (card_name, card_name_ja) if full
        for n in (full, _undecorated(full), *face_names(full))
    }  # fmt: skip
    return any(name_key(form) in card_keys for name in row_names for form in name_forms(name))
