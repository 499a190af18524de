"""Yes/no cells of hand-made CSV/JSON records (貸与可能, 特殊, evolution…): the words players
write for yes and no, in English and Japanese."""

from __future__ import annotations

import unicodedata
from typing import Any

from converters.errors import InvalidRecordError

YES_WORDS = frozenset(
    {"yes", "y", "true", "t", "1", "on", "○", "〇", "◯", "●", "✓", "✔", "はい", "可", "可能",
     "あり", "有", "有り", "する"}
)  # fmt: skip
NO_WORDS = frozenset(
    {"no", "n", "false", "f", "0", "off", "×", "✕", "✗", "いいえ", "不可", "なし", "無", "無し",
     "しない", "-", "－", "—", "ー"}
)  # fmt: skip


def read_flag(value: Any, column: str) -> bool | None:
    """True/False for a yes/no cell, None when the cell is absent or blank.

    Raises InvalidRecordError naming `column` for anything else ("maybe", 2, a list)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        word = unicodedata.normalize("NFKC", value).strip().casefold()
        if not word:
            return None
        if word in YES_WORDS:
            return True
        if word in NO_WORDS:
            return False
    raise InvalidRecordError(
        f"{column} {value!r} is not yes or no",
        hint="write yes/no, true/false, 1/0, ○/× or はい/いいえ",
    )
