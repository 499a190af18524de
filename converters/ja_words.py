"""Japanese word boundaries, so that a keyword matches only as a word: ダウン in 攻撃力ダウン is
a word, ダウン inside カウントダウン is not (docs/rules.md §6, "Japanese words match as words").

The tokenizer is MeCab through fugashi with the unidic-lite dictionary, loaded on the first
Japanese text (about 20 ms), never at import: English-only work does not pay for it."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

#: hiragana, katakana, CJK ideographs (a text without them needs no tokenizer)
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")
KATAKANA = re.compile(r"[\u30a1-\u30ff]")


@lru_cache(maxsize=1)
def _tagger() -> Any:
    import fugashi  # a dependency; imported here to keep start-up fast

    return fugashi.Tagger()


@lru_cache(maxsize=1 << 14)
def word_boundaries(text: str) -> frozenset[int]:
    """Every offset of `text` where a word starts or ends (0 and len(text) included)."""
    bounds = {0, len(text)}
    position = 0
    for node in _tagger()(text):
        position += len(node.white_space)
        bounds.add(position)
        position += len(node.surface)
        bounds.add(position)
    return frozenset(bounds)


def is_word(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] begins on a word boundary and, when it ends in katakana (a
    noun: ダウン, プラス, スタン), ends on one. A pattern may stop inside a verb or after a
    kanji stem (コントロールを得, 行動回数を減), so other endings are not checked; `\\b`
    already bounds the English parts of a pattern."""
    if not JAPANESE.search(text[start:end]):
        return True
    bounds = word_boundaries(text)
    head_ok = start in bounds or not JAPANESE.match(text[start])
    tail_ok = end in bounds or not KATAKANA.match(text[end - 1])
    return head_ok and tail_ok
