"""Matching keys: how names and text are normalised for look-ups and search, one place.

A key is NFKC, case-folded, katakana folded to hiragana and whitespace-collapsed
(`converters.base.normalise_name_key`), so "ピカチュウ", "ぴかちゅう" and half-width "ﾋﾟｶﾁｭｳ"
share a key, as do "ＰＩＫＡ" and "pika"."""

from __future__ import annotations

import re
from functools import lru_cache

from converters.base import FACE_SPLIT, card_name_key, normalise_name_key


def name_key(name: str) -> str:
    """The key of a name; "Fire//Ice" and "Fire // Ice" share one (memoised with the
    converters' identity keys: `card_name_key`)."""
    return card_name_key(name)


@lru_cache(maxsize=1 << 14)  # reprints share their text
def text_key(text: str) -> str:
    return normalise_name_key(text)


#: Hepburn's long vowels as English names write them: ちゅう "chuu" → "chu", とう "tou" → "to"
_LONG_VOWELS = re.compile(r"([aeiou])(?:\1|(?<=o)u)")


@lru_cache(maxsize=1 << 12)
def romaji_keys(key: str) -> tuple[str, ...]:
    """The romaji a kana name key may be written in ("ぴかちゅう" → "pikachuu", "pikachu"),
    so that kana find the cards named in Latin letters (Pikachu); () for a key that is not
    all kana and Latin (kanji have no single reading)."""
    if key.isascii() or not any("ぁ" <= char <= "ゖ" or char == "ー" for char in key):
        return ()
    import jaconv  # only when a query holds kana

    romaji = jaconv.kana2alphabet(key.replace("ー", ""))
    if not romaji.isascii():
        return ()
    return tuple(dict.fromkeys((romaji, _LONG_VOWELS.sub(r"\1", romaji))))


def face_names(name: str) -> list[str]:
    """The faces of "A // B" (just [name] for a one-face card)."""
    faces = [face for face in FACE_SPLIT.split(name) if face.strip()]
    return faces if len(faces) > 1 else [name]


def card_name_keys(name: str, name_ja: str | None) -> list[str]:
    """Every key a card answers to, in order: its name, each face, its Japanese name and
    the Japanese faces (no duplicates, no empty keys)."""
    keys: list[str] = []
    for full in (name, name_ja):
        if not full:
            continue
        for candidate in [full, *face_names(full)]:
            key = name_key(candidate)
            if key and key not in keys:
                keys.append(key)
    return keys
