"""Any locale works (issue 22, item 4): with an ASCII, Latin-1 or Shift_JIS (cp932) standard
output, or `LC_ALL=C PYTHONUTF8=0`, every command prints what the encoding can show, replaces
the rest and succeeds; the crash reporter never prints a raw traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.deckbuilder.catalog_samples import build_sample_catalog
from tests.deckbuilder.sample_cards import full_deck
from tui import crash

ROOT = Path(__file__).resolve().parents[2]
#: name → the environment's changes (None: the variable is removed)
LOCALES: dict[str, dict[str, str | None]] = {
    "ascii": {"PYTHONIOENCODING": "ascii"},
    "latin-1": {"PYTHONIOENCODING": "latin-1"},
    "cp932": {"PYTHONIOENCODING": "cp932"},
    "ascii-strict": {"PYTHONIOENCODING": "ascii:strict"},
    "C": {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": None},
}
#: what each command prints includes characters none of these encodings has (→, ✓, ─, 稲妻)
COMMANDS = [
    ["games"],
    ["search", "Lightning Bolt"],
    ["show", "mtg:m10-bolt-ja"],
    ["deck", "validate", "{deck}"],
    ["deck", "export", "{deck}", "--to", "md"],
    ["doctor"],
    ["docs", "rules"],
]


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("locales")
    build_sample_catalog(folder / "catalog.sqlite3")
    (folder / "deck.twgp").write_text(full_deck().replace("name: Sample", "name: 稲妻デッキ →"),
                                      encoding="utf-8")  # fmt: skip
    return folder


def _env(locale: str, place: Path) -> dict[str, str]:
    env = {**os.environ, "TWGP_NO_STARTER": "1", "COLUMNS": "100",
           "TWGP_DATABASE_URL": str(place / "catalog.sqlite3")}  # fmt: skip
    for key, value in LOCALES[locale].items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    for key in ("LC_CTYPE", "LANGUAGE") if locale == "C" else ():
        env.pop(key, None)
    return env


@pytest.mark.parametrize("locale", list(LOCALES))
def test_every_command_prints_in_any_encoding(place: Path, locale: str) -> None:
    encoding = {"C": "ascii", "ascii-strict": "ascii"}.get(locale, locale)
    for command in COMMANDS:
        args = [arg.format(deck=place / "deck.twgp") for arg in command]
        done = subprocess.run([sys.executable, "-m", "tui.cli", *args], cwd=ROOT,
                              env=_env(locale, place), capture_output=True, timeout=120,
                              check=False)  # fmt: skip
        err = done.stderr.decode(encoding)
        assert done.returncode == 0, f"{locale} {args}: {err}"
        assert "Traceback" not in err
        assert "unexpectedly" not in err
        out = done.stdout.decode(encoding)  # all of it in the encoding
        assert out.strip(), args
        if args[:2] == ["deck", "export"]:
            shown = "稲妻デッキ →" if locale == "cp932" else "?"
            assert shown in out.splitlines()[0]


def test_the_crash_reporter_never_prints_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Even when no log can be written: one line, no traceback."""
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setattr(crash, "log_folder", lambda: blocked / "log")
    try:
        raise ZeroDivisionError("稲妻 → boom")
    except ZeroDivisionError as exc:
        code = crash.report_unexpected(exc)
    err = capsys.readouterr().err
    assert code == 70
    assert "Traceback" not in err
    assert "File " not in err
    assert err.startswith("error: twgp failed unexpectedly (ZeroDivisionError: 稲妻 → boom); "
                          "no log written (")  # fmt: skip
    assert len(err.splitlines()) == 2


def test_a_crash_in_an_ascii_locale_is_one_line(place: Path, tmp_path: Path) -> None:
    """A bug's message holding characters the terminal cannot show still makes one line."""
    code = ("import sys; sys.argv = ['twgp', 'games']\n"
            "import tui.commands.convert as c\n"
            "def boom(*a, **k): raise RuntimeError('\\u7a32\\u59bb \\u2192')\n"
            "c.converter_ids = boom\n"
            "from tui.cli import main; main()\n")  # fmt: skip
    env = {**_env("C", place), "XDG_STATE_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          timeout=120, check=False)  # fmt: skip
    err = done.stderr.decode("ascii")
    assert done.returncode == 70, err
    assert "Traceback" not in err
    assert "RuntimeError: ?? ?" in err


def test_names_and_file_names_in_the_c_locale_are_text(place: Path, tmp_path: Path) -> None:
    """In the C locale a name or file name given on the command line arrives as undecodable
    bytes: stored as the UTF-8 text they are, written into files as themselves."""
    listing = tmp_path / "リスト é.txt"
    listing.write_text("4 Lightning Bolt\n", encoding="utf-8")
    db = str(tmp_path / "catalog.sqlite3")
    (tmp_path / "catalog.sqlite3").write_bytes((place / "catalog.sqlite3").read_bytes())
    env = _env("C", place)
    steps: list[list[str | bytes]] = [
        ["deck", "import", os.fsencode(listing), "-o", os.fsencode(tmp_path / "下書き.twgp"),
         "--db", db],
        ["deck", "save", os.fsencode(tmp_path / "下書き.twgp"), "--name", "稲妻".encode(),
         "--db", db],
        ["deck", "show", "稲妻".encode(), "--db", db],
        ["collection", "export", "-o", os.fsencode(tmp_path / "コレクション.csv"), "--db", db],
    ]  # fmt: skip
    for args in steps:
        done = subprocess.run([sys.executable, "-m", "tui.cli", *args], cwd=ROOT, env=env,
                              capture_output=True, timeout=120, check=False)  # fmt: skip
        err = done.stderr.decode("ascii")
        assert done.returncode == 0, f"{args}: {err}"
        assert "Traceback" not in err
    draft = (tmp_path / "下書き.twgp").read_text(encoding="utf-8")
    assert "name: リスト é" in draft
    assert (tmp_path / "コレクション.csv").exists()
    listed = subprocess.run([sys.executable, "-m", "tui.cli", "deck", "list", "--json", "--db",
                             db], cwd=ROOT, capture_output=True, timeout=120, check=True,
                            env={**os.environ, "PYTHONUTF8": "1"})  # fmt: skip
    assert "稲妻" in [deck["name"] for deck in json.loads(listed.stdout)]


async def test_a_bug_in_the_app_is_told_in_one_line_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual would print a traceback with local variables (API keys among them)."""
    from tests.tui.cards import build_catalog
    from tui.app import make_app
    from tui.config import UiSettings
    from tui.services import Services

    monkeypatch.setattr(crash, "log_folder", lambda: tmp_path / "log")
    engine = build_catalog(tmp_path)
    app = make_app(services=Services(engine, label="test"), settings=UiSettings())

    def boom() -> None:
        secret = "twgp_live_SECRET"  # a local Textual's traceback would show  # noqa: F841
        raise ZeroDivisionError("稲妻 boom")

    printed: list[str] = []
    monkeypatch.setattr(app, "_print_error_renderables",
                        lambda: printed.extend(str(r) for r in app._exit_renderables))  # fmt: skip

    async def run() -> None:
        async with app.run_test() as pilot:
            app.call_later(boom)
            await pilot.pause()

    with pytest.raises(ZeroDivisionError):
        await run()
    engine.dispose()
    assert app.crashed
    shown = "\n".join(str(r) for r in app._exit_renderables) or "\n".join(printed)
    assert shown.startswith("error: twgp failed unexpectedly (ZeroDivisionError: 稲妻 boom); "
                            f"details in {tmp_path / 'log'}")  # fmt: skip
    assert "Traceback" not in shown
    assert "SECRET" not in shown
    logged = next((tmp_path / "log").iterdir()).read_text(encoding="utf-8")
    assert "Traceback" in logged
