"""Alembic environment for the catalog: always run from catalog/migrate.py, which passes an
open connection in `config.attributes["connection"]` (there is no alembic.ini)."""

from __future__ import annotations

from alembic import context

from catalog.models import metadata

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=True,  # SQLite alters tables by copying them
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
