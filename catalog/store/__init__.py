"""The catalog as a database: where it lives and how it is opened (`db`), created whole with
the starter cards, migrated (Alembic, `migrations/`), backed up and restored, checked and
repaired (doctor), and the HTTP service's API keys kept in it.

Imports: `catalog.ingest` (the starter cards, the identity upgrade), `catalog.cards`,
`catalog.schema`, `catalog.base`.
"""
