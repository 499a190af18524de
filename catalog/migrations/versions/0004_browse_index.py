"""Search: the name-order index also holds the game, grade and type, so that a page of a filter
on them (`type:unit grade>=6`) is read from the index alone, never from the wide card rows;
the type index holds the grade too, for the counts of such filters.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30
"""

from __future__ import annotations

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_card_name_order", table_name="card")
    op.create_index("ix_card_browse", "card", ["name_key", "game", "grade", "card_type"])
    op.drop_index("ix_card_card_type", table_name="card")
    op.create_index("ix_card_type_grade", "card", ["card_type", "grade"])


def downgrade() -> None:
    op.drop_index("ix_card_type_grade", table_name="card")
    op.create_index("ix_card_card_type", "card", ["card_type"])
    op.drop_index("ix_card_browse", table_name="card")
    op.create_index("ix_card_name_order", "card", ["name_key", "game"])
