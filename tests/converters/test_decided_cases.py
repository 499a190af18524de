"""The cases of Lorcana, Digimon and Fusion World the rules' policy table leaves open are decided
once (converters/decided_cases.py) and written out on the policies page, in English in full and
in Japanese on the rules page: the pages and the table stay in step."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from converters.decided_cases import CASES, Case
from converters.registry import converter_ids

REPO = Path(__file__).resolve().parents[2]
POLICIES = (REPO / "docs" / "policies.md").read_text(encoding="utf-8")
RULES_JA = (REPO / "tui" / "rules" / "ja.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case.game}: {case.case}")
def test_every_case_is_written_on_the_policies_page(case: Case) -> None:
    assert f"| `{case.game}` | {case.case} | {case.decision} |" in POLICIES


def test_the_policies_page_lists_no_case_the_table_does_not_decide() -> None:
    section = POLICIES.split("### Decided cases", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([\w-]+)` \|", section, flags=re.MULTILINE)
    assert rows == [case.game for case in CASES]


def test_the_japanese_rules_page_has_a_row_per_case() -> None:
    section = RULES_JA.split("表が決めていないこと", 1)[1].split("\n## ", 1)[0]
    table = [line for line in section.splitlines() if line.startswith("| ") and "---" not in line]
    assert len(table) - 1 == len(CASES)  # the header row, then one row per case


def test_every_case_names_an_installed_game() -> None:
    assert {case.game for case in CASES} <= set(converter_ids())
