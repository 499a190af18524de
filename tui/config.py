"""The app's own small settings (the UI language, the decks opened or saved last),
remembered in a JSON file under the platform's user config directory; `TWGP_TUI_CONFIG`
relocates it (tests, portable installs)."""

from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Literal, cast

import platformdirs

from catalog.base.safe_output import write_output
from converters.errors import OutputRefusedError

ENV_VAR = "TWGP_TUI_CONFIG"
FILE_NAME = "tui.json"
LANGS = ("en", "ja")
Lang = Literal["en", "ja"]

log = logging.getLogger(__name__)


#: how many recent decks are remembered
MAX_RECENT = 8
#: where a recent deck is: a `.twgp` file, or a name in the catalog
RECENT_KINDS = ("file", "catalog")


@dataclass(frozen=True)
class RecentDeck:
    kind: str  # one of RECENT_KINDS
    where: str  # the file's absolute path, or the catalog name


@dataclass(frozen=True)
class UiSettings:
    lang: Lang = "en"
    #: the decks opened or saved last, the newest first
    recent: tuple[RecentDeck, ...] = ()
    #: the format of the last export (the export dialog starts on it)
    export_format: str = ""

    def toggled_lang(self) -> UiSettings:
        return replace(self, lang="ja" if self.lang == "en" else "en")

    def with_recent(self, deck: RecentDeck) -> UiSettings:
        """`deck` first among the recent decks (once), the oldest forgotten past MAX_RECENT."""
        kept = [deck, *(d for d in self.recent if d != deck)][:MAX_RECENT]
        return replace(self, recent=tuple(kept))

    def to_json(self) -> dict[str, object]:
        return {
            "lang": self.lang,
            "recent": [asdict(deck) for deck in self.recent],
            "export_format": self.export_format,
        }


def config_path() -> Path:
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    return platformdirs.user_config_path("twgp") / FILE_NAME


def load_settings(path: Path | None = None) -> UiSettings:
    """The saved settings, or the defaults when there are none or the file is unreadable
    (a broken settings file must never keep the app from opening)."""
    path = path or config_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return UiSettings()
    except (OSError, ValueError) as exc:
        log.warning("ignoring unreadable settings %s: %s", path, exc)
        return UiSettings()
    if not isinstance(data, dict):
        return UiSettings()
    lang, export_format = data.get("lang"), data.get("export_format")
    return UiSettings(
        lang=cast(Lang, lang) if lang in LANGS else "en",
        recent=_recent(data.get("recent")),
        export_format=export_format if isinstance(export_format, str) else "",
    )


def _recent(data: object) -> tuple[RecentDeck, ...]:
    """The recent decks of a settings file; entries that are not one are skipped."""
    if not isinstance(data, list):
        return ()
    found = []
    for item in data[:MAX_RECENT]:
        if isinstance(item, dict):
            kind, where = item.get("kind"), item.get("where")
            if kind in RECENT_KINDS and isinstance(where, str) and where:
                found.append(RecentDeck(kind, where))
    return tuple(found)


def save_settings(settings: UiSettings, path: Path | None = None) -> None:
    """Write the settings whole (through a temporary file moved into place: two apps saving
    at once never leave half a file); an unwritable folder is logged, not fatal."""
    path = path or config_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(settings.to_json(), indent=2, ensure_ascii=False)
        write_output(path, text + "\n")
    except (OSError, OutputRefusedError) as exc:  # a folder or a device at the path too
        log.warning("cannot save settings to %s: %s", path, exc)
