"""Fixtures for every test: no real user directories, no real environment, no network."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

#: Hypothesis for the suite (and CI): the same examples on every run, drawn from a seed derived
#: from each test (a run never fails on an example no earlier run saw), no per-example time
#: limit and no "too slow" check (a loaded machine is not a failing test). The longer, random
#: run is benchmarks/fuzz.py: TWGP_HYPOTHESIS_PROFILE=explore draws new examples each time and
#: keeps failing ones in .hypothesis/ to try first next time.
settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "explore", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile(os.environ.get("TWGP_HYPOTHESIS_PROFILE", "ci"))


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """The whole suite (`pytest` with no paths, as CI and the README run it) runs on every
    core with pytest-xdist, each test file on one worker (its module fixtures built once); a
    run of chosen tests stays in one process (no workers to start for a few tests). `-n N`
    (`-n0`: one process) decides for itself; so does a worker."""
    whole_suite = config.args_source is pytest.Config.ArgsSource.TESTPATHS
    if (
        whole_suite
        and config.pluginmanager.hasplugin("xdist")
        and not hasattr(config, "workerinput")
        and config.option.numprocesses is None
    ):
        config.option.numprocesses = "auto"
        if config.option.dist == "no":
            config.option.dist = "loadfile"


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
    for var in list(os.environ):
        if var.startswith("TWGP_") and var != "TWGP_TEST_POSTGRES_URL":
            monkeypatch.delenv(var)
    return


@pytest.fixture
def no_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    """The online look-ups' retries of a failed connection, without their waits (with
    tests/offline.py's `no_network`)."""
    from catalog.sources.clients import OnlineSettings

    from_env = OnlineSettings.from_env
    monkeypatch.setattr(OnlineSettings, "from_env", classmethod(
        lambda cls, **kw: dataclasses.replace(from_env(**kw), sleep=lambda _seconds: None)))
