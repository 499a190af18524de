"""The app's own small settings (the UI language), remembered in a JSON file under the
platform's user config directory; `TWGP_TUI_CONFIG` relocates it (tests, portable installs)."""

from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Literal, cast

import platformdirs

ENV_VAR = "TWGP_TUI_CONFIG"
FILE_NAME = "tui.json"
LANGS = ("en", "ja")
Lang = Literal["en", "ja"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class UiSettings:
    lang: Lang = "en"

    def toggled_lang(self) -> UiSettings:
        return replace(self, lang="ja" if self.lang == "en" else "en")


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
    lang = data.get("lang") if isinstance(data, dict) else None
    return UiSettings(lang=cast(Lang, lang)) if lang in LANGS else UiSettings()


def save_settings(settings: UiSettings, path: Path | None = None) -> None:
    """Write the settings; an unwritable folder is logged, not fatal."""
    path = path or config_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(asdict(settings), indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        log.warning("cannot save settings to %s: %s", path, exc)
