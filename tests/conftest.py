"""Fixtures for every test: no real user directories, no real environment, no network."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = (REPO / ".." / "shared").resolve()
REALDATA = SHARED / "realdata"

requires_shared = pytest.mark.skipif(
    not REALDATA.is_dir(), reason="../shared/realdata is absent (real-data checks skipped)"
)


@pytest.fixture(autouse=True)
def _isolated_user_dirs(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """platformdirs paths and TWGP_* settings point into a fresh temporary folder."""
    home = tmp_path_factory.mktemp("home")
    for var in ("XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(var, str(home / var.lower()))
    monkeypatch.setenv("HOME", str(home))
    import os

    for var in list(os.environ):
        if var.startswith("TWGP_") and var != "TWGP_TEST_POSTGRES_URL":
            monkeypatch.delenv(var)
    return
