"""Opening a catalog that is already current loads no Alembic (issue 26: start-up): the
newest revision is read from the revision files' names, the catalog's from its stamp."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sqlalchemy import create_engine

from catalog.store.db import open_engine
from catalog.store.migrate import MIGRATIONS, current_revision, head_revision


def test_the_newest_revision_file_is_alembics_head() -> None:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    assert head_revision() == ScriptDirectory.from_config(config).get_current_head()


def test_the_stamp_is_read_as_alembic_reads_it(tmp_path: Path) -> None:
    from alembic.runtime.migration import MigrationContext

    url = f"sqlite:///{tmp_path / 'catalog.sqlite3'}"
    empty = create_engine(url)
    with empty.connect() as connection:
        assert current_revision(connection) is None
    empty.dispose()
    open_engine(url, load_starter=False).dispose()
    engine = create_engine(url)
    with engine.connect() as connection:
        stamped = MigrationContext.configure(connection).get_current_revision()
        assert current_revision(connection) == stamped == head_revision()
    engine.dispose()


def test_opening_a_current_catalog_imports_no_alembic(tmp_path: Path) -> None:
    db = tmp_path / "catalog.sqlite3"
    open_engine(str(db), load_starter=False).dispose()
    script = (
        "import sys\n"
        "from catalog.store.db import open_engine\n"
        f"open_engine({str(db)!r}, load_starter=False).dispose()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'alembic'))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).resolve().parents[2])  # fmt: skip
    assert done.stdout.strip() == "[]"
