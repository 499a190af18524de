"""Alembic environment for the catalog: always run from catalog/store/migrate.py, which passes an
open connection in `config.attributes["connection"]` (there is no alembic.ini).

That connection is inside one write transaction (catalog/schema/transactions.py: a real `BEGIN
IMMEDIATE` on SQLite, whose DDL is transactional, and a plain transaction on PostgreSQL), so
Alembic sees an external transaction and opens none of its own: all the migrations of an
upgrade and their version stamps commit together or not at all. `transactional_ddl` says so
for SQLite too (Alembic assumes SQLite's DDL is not transactional)."""

from __future__ import annotations

from alembic import context

from catalog.schema.models import metadata

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=True,  # SQLite alters tables by copying them
    compare_type=True,
    transactional_ddl=True,
    transaction_per_migration=False,
)
with context.begin_transaction():
    context.run_migrations()
