"""Search: the full-text index on names and text (SQLite FTS5, filled from existing cards)
and a combined (game, grade) index for the most common filter pair.

Revision ID: 0002
Revises: 0001
Create Date: 2025-01-02
"""

from __future__ import annotations

from alembic import op

from catalog.schema.dialects import create_search_index, drop_search_index

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_card_game_grade", "card", ["game", "grade"], if_not_exists=True)
    create_search_index(op.get_bind())


def downgrade() -> None:
    drop_search_index(op.get_bind())
    op.drop_index("ix_card_game_grade", table_name="card", if_exists=True)
