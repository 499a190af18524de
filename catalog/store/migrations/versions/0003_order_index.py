"""Search: the cards in name order (name_key, game — the default sort, so a page of a filter
matching many cards is found by walking this index), and a narrow (id, name_key, game)
index, so that sorting the cards a full-text match found reads it instead of whole rows.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30
"""

from __future__ import annotations

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_card_name_order", "card", ["name_key", "game"], if_not_exists=True)
    op.create_index("ix_card_order", "card", ["id", "name_key", "game"], if_not_exists=True)


def downgrade() -> None:
    op.drop_index("ix_card_order", table_name="card", if_exists=True)
    op.drop_index("ix_card_name_order", table_name="card", if_exists=True)
