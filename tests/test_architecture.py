"""The arrows between packages and between the catalog's rooms run one way, and no module
imports itself round a circle (docs/architecture.md). `lint-imports` checks the contracts of
pyproject.toml in CI; these tests show that the contracts hold on the code as it is, that
they break on an upward import or a circle, and that no circle hides below a package (a
package's `__init__` and its own modules), which the contracts' sibling check cannot see."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("converters", "catalog", "deckbuilder", "service", "tui")
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def _circles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph.modules):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.find_modules_directly_imported_by(start))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append(
                        (target, iter(sorted(graph.find_modules_directly_imported_by(target))))
                    )
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def _graph(root: Path) -> grimp.ImportGraph:
    sys.path.insert(0, str(root))
    try:
        return grimp.build_graph(*PACKAGES, cache_dir=None)
    finally:
        sys.path.remove(str(root))


def test_no_module_is_part_of_an_import_circle() -> None:
    assert _circles(_graph(ROOT)) == []


def test_a_circle_is_found() -> None:
    graph = grimp.ImportGraph()
    for module in ("p", "p.a", "p.b", "p.c"):
        graph.add_module(module)
    graph.add_import(importer="p.a", imported="p.b")
    graph.add_import(importer="p.b", imported="p.c")
    graph.add_import(importer="p.c", imported="p.a")
    graph.add_import(importer="p", imported="p.a")
    assert _circles(graph) == [["p.a", "p.b", "p.c"]]


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """The packages' modules and pyproject.toml, copied: a place to add a bad import."""
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "static",
                                                      "templates", "styles", "starter"))  # fmt: skip
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def _lint(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--config", "pyproject.toml"],
        cwd=root, env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


def _add_import(module: Path, line: str) -> None:
    module.write_text(module.read_text(encoding="utf-8") + f"\n{line}  # noqa\n", "utf-8")


def test_the_contracts_hold_on_the_code_as_it_is(copy: Path) -> None:
    result = _lint(copy)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "line", "said"),
    [
        pytest.param("catalog/base/keys.py", "from catalog.sources import online",
                     "catalog.base is not allowed to import catalog.sources",
                     id="an upward import between rooms"),
        pytest.param("converters/base.py", "import deckbuilder.deck",
                     "converters is not allowed to import deckbuilder",
                     id="an upward import between packages"),
        pytest.param("catalog/lookup/query.py", "import catalog.lookup.search",
                     "No import cycles among the modules of any package BROKEN",
                     id="a circle between modules"),
    ],
)  # fmt: skip
def test_a_forbidden_import_breaks_the_build(copy: Path, module: str, line: str, said: str) -> None:
    _add_import(copy / module, line)
    result = _lint(copy)
    assert result.returncode == 1
    assert said in result.stdout
