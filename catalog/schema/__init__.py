"""The catalog's tables and the database under them: the SQLModel tables, what differs between
SQLite and PostgreSQL, all-or-nothing write transactions, interrupts, SQLite files on disk and
the lock imports and restores share, and how a catalog URL reads (`urls`).

Imports: `catalog.base` (and the converters).
"""
