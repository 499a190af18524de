"""Search: the name-order index also holds the game, grade and type, so that a page of a filter
on them (`type:unit grade>=6`) is read from the index alone, never from the wide card rows;
the type index holds the grade too, for the counts of such filters.

`IF [NOT] EXISTS` throughout: an older twgp committed these statements one by one and a kill
could leave some done with the stamp still at 0003 (`no such index: ix_card_name_order` on
every later open); running the migration again finishes the job. (Migrations now run in one
transaction with their stamp; new ones need not do this.)

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
    op.drop_index("ix_card_name_order", table_name="card", if_exists=True)
    op.create_index(
        "ix_card_browse", "card", ["name_key", "game", "grade", "card_type"], if_not_exists=True
    )
    op.drop_index("ix_card_card_type", table_name="card", if_exists=True)
    op.create_index("ix_card_type_grade", "card", ["card_type", "grade"], if_not_exists=True)


def downgrade() -> None:
    op.drop_index("ix_card_type_grade", table_name="card", if_exists=True)
    op.create_index("ix_card_card_type", "card", ["card_type"], if_not_exists=True)
    op.drop_index("ix_card_browse", table_name="card", if_exists=True)
    op.create_index("ix_card_name_order", "card", ["name_key", "game"], if_not_exists=True)
