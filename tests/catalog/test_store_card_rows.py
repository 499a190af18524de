"""The content hash and the JSON text of stored rows stay what earlier versions wrote, so a
re-import after an upgrade still finds its cards unchanged."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from catalog.cards.card_rows import SOURCE_COLUMNS, content_hash, dumps


def test_content_hash_is_the_one_stored_by_earlier_versions() -> None:
    values: dict[str, Any] = {column: f"{column} 稲妻 ’x’" for column in SOURCE_COLUMNS}
    values.update(name_ja=None, source_grade=4, raw=None)
    # the digest the column-by-column hashing of the first catalog release gave
    assert content_hash(values) == "0bf641bde62e34798abb215df857b102"


@pytest.mark.parametrize(
    ("value", "text"),
    [
        pytest.param({"name": "稲妻", "cmc": 1.0, "ids": [1, 2]},
                     '{"name":"稲妻","cmc":1.0,"ids":[1,2]}', id="compact, Japanese kept"),
        pytest.param({"hp": 2**70}, '{"hp":1180591620717411303424}', id="integer beyond 64 bits"),
        pytest.param({1: "a"}, '{"1":"a"}', id="a key that is not text"),
        pytest.param({"text": "a\udc80"}, '{"text":"a\udc80"}', id="lone surrogate"),
        pytest.param({"when": date(2024, 5, 1), "price": Decimal("1.50")},
                     '{"when":"2024-05-01","price":"1.50"}', id="odd values as text"),
        pytest.param({"c": "\x00\n\t\"\\/"}, '{"c":"\\u0000\\n\\t\\"\\\\/"}', id="escapes"),
    ],
)  # fmt: skip
def test_dumps(value: Any, text: str) -> None:
    assert dumps(value) == text
