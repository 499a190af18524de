"""The card each name-only deck line resolved to (`deck_choice`, catalog/saved/deck_choices.py): a
deck keeps meaning the card it meant once an import adds other cards of that name.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "deck_choice",
        sa.Column("deck", sa.String(), primary_key=True),
        sa.Column("game", sa.String(length=40), primary_key=True),
        sa.Column("name_key", sa.String(), primary_key=True),
        sa.Column("identity", sa.String(), nullable=False),
        sa.Column("source_id", sa.String(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("deck_choice")
