"""The documentation's own promises: the README's links resolve, the rules page holds the grade
table and the seven types in both languages, nothing user-facing points outside the repository,
`twgp docs` finds every page and each command's help names its page."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from converters.base import CardType
from tests.docs.walkthrough import REPO
from tui import docs_pages
from tui.cli import COMMANDS, app
from tui.docs_pages import PAGES, DocsError, expand, find_page, page_text

README = REPO / "README.md"
_LINK = re.compile(r"\]\((?P<target>[^)\s]+)\)")


def test_the_readme_is_short() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 150


def test_every_readme_link_resolves_in_the_repository() -> None:
    targets = _LINK.findall(README.read_text(encoding="utf-8"))
    assert len(targets) > 20
    for target in targets:
        assert "://" not in target, f"the README links outside the repository: {target}"
        path = REPO / target.split("#")[0]
        assert path.exists(), f"README links to {target}, which does not exist"


def test_every_page_is_in_the_site_and_in_twgp_docs() -> None:
    nav = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    on_disk = {p.name for p in (REPO / "docs").glob("*.md") if ".ja." not in p.name}
    assert on_disk == {page.file for page in PAGES}
    for page in PAGES:
        assert f": {page.file}" in nav, f"{page.file} is not in mkdocs.yml's nav"
        if page.title_ja:
            assert (REPO / "docs" / f"{page.id}.ja.md").is_file()


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["Magic: The Gathering", "Pokémon", "Yu-Gi-Oh!", "Weiß Schwarz", "481 → 04"]),
    ("ja", ["マジック・ザ・ギャザリング", "ポケモン", "遊戯王", "ヴァイスシュヴァルツ", "481 → 04"]),
])  # fmt: skip
def test_the_rules_page_holds_the_grade_table_and_the_seven_types(
    lang: str, words: list[str]
) -> None:
    from tui.screens.rules import rules_text

    text = page_text(find_page("rules"), lang)
    assert text.strip() == rules_text(lang).strip()  # the site's page is the app's (F5)
    assert "{{" not in text  # every fact filled in
    assert "<!--" not in text  # and every table
    for word in words:
        assert word in text
    for card_type in CardType:
        name = card_type.label_ja if lang == "ja" else card_type.label
        assert f"| {name} |" in text, f"the {lang} rules page has no row for {name}"


def test_tables_come_from_the_code() -> None:
    keys = expand("<!-- table: keys -->")
    assert "`ctrl+n`" in keys
    assert "`f3`" in keys
    codes = expand("<!-- table: codes -->")
    assert "`HALF_SIZE`" in codes
    assert "`NOT_OWNED` ⚠" in codes
    assert "`pokemon`" in expand("<!-- table: games -->")
    with pytest.raises(DocsError, match="no-such-table"):
        expand("<!-- table: no-such-table -->")


def test_section_anchors_are_the_same_in_both_languages() -> None:
    sections = {"grade": 1, "effects": 6}
    english = docs_pages.section_anchors("## 1. Grade\n## 6. The twelve effects\n", sections)
    japanese = docs_pages.section_anchors("## 1. 戦闘力（グレード）\n## 6. 十二の効果\n", sections)
    assert english == "## 1. Grade {#grade}\n## 6. The twelve effects {#effects}\n"
    assert japanese == "## 1. 戦闘力（グレード） {#grade}\n## 6. 十二の効果 {#effects}\n"


def test_nothing_user_facing_points_outside_the_repository() -> None:
    files = subprocess.run(
        ["git", "ls-files"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.split()
    outside = re.compile(r"\.\./shared|shared/(docs|realdata|seeds)|TWGP_RULES|/work/")
    found = [
        f"{name}:{number}"
        for name in files
        if not name.startswith(("tests/", "benchmarks/", ".ci/"))
        and name.endswith((".py", ".md", ".toml", ".yml", ".html", ".js", ".tcss", ".txt"))
        for number, line in enumerate(
            (REPO / name).read_text(encoding="utf-8", errors="replace").splitlines(), 1
        )
        if outside.search(line)
    ]
    assert found == []


@pytest.mark.parametrize("name", ["decks", "getting", "RULES", "rules.md"])
def test_pages_are_found_by_id_or_prefix(name: str) -> None:
    assert find_page(name).id in {"decks", "getting-started", "rules"}


@pytest.mark.parametrize("name", ["nope", "d", ""])
def test_an_unknown_or_unclear_page_is_a_usage_error(name: str) -> None:
    with pytest.raises(DocsError) as caught:
        find_page(name)
    assert caught.value.exit_code == 2
    assert "getting-started" in caught.value.message


def test_twgp_docs_lists_prints_and_locates_pages() -> None:
    runner = CliRunner()
    listing = runner.invoke(app, ["docs"])
    assert listing.exit_code == 0
    assert "getting-started" in listing.output
    page = runner.invoke(app, ["docs", "getting-started", "--lang", "ja"])
    assert page.exit_code == 0
    assert "はじめに" in page.output
    path = runner.invoke(app, ["docs", "decks", "--path"])
    assert Path(path.output.strip()) == REPO / "docs" / "decks.md"
    rules = runner.invoke(app, ["docs", "rules"])
    assert "include:" not in rules.output
    assert "Life Counter" in rules.output
    unknown = runner.invoke(app, ["docs", "nope"])
    assert unknown.exit_code == 2
    assert "is not a page" in unknown.output


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_each_command_help_ends_with_its_page(command: str) -> None:
    result = CliRunner().invoke(app, [command, "--help"], terminal_width=100)
    assert result.exit_code == 0
    last = result.output.strip().splitlines()[-1].strip()
    assert last.startswith("Docs: twgp docs ")
    find_page(last.removeprefix("Docs: twgp docs ").split()[0])  # a page that exists


def test_root_help_points_to_the_docs() -> None:
    result = CliRunner().invoke(app, ["--help"], terminal_width=100)
    assert "Docs: twgp docs" in result.output


def test_pages_link_to_no_website() -> None:
    """The documentation works offline and names outside sources in words, not links."""
    pages = [README, *sorted((REPO / "docs").glob("*.md"))]
    linked = [page.name for page in pages if "](http" in page.read_text(encoding="utf-8")]
    assert linked == []
