"""`twgp convert --json` lines: compact UTF-8 JSON from orjson, and valid JSON still for the
values orjson refuses."""

from __future__ import annotations

import json
from typing import Any

import pytest

from catalog.ingest.conversion import json_line


@pytest.mark.parametrize(
    ("value", "raw"),
    [
        pytest.param({"name": "稲妻", "grade": "01"}, '{"name":"稲妻","grade":"01"}\n',
                     id="Japanese stays readable"),
        pytest.param({"stats": {"hp": 2**70}}, '{"stats": {"hp": 1180591620717411303424}}\n',
                     id="integer beyond 64 bits"),
        pytest.param({"text": "a\udc80b"}, '{"text": "a\\udc80b"}\n', id="lone surrogate escaped"),
    ],
)  # fmt: skip
def test_json_line(value: dict[str, Any], raw: str) -> None:
    line = json_line(value)
    assert line.decode("utf-8") == raw
    assert json.loads(line) == value
