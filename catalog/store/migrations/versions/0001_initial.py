"""The first catalog schema: cards, their name and effect keys, overrides, collections, decks.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

_TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "card",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("source_id", sa.String(), nullable=False),
        sa.Column("identity", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("name_ja", sa.String(), nullable=True),
        sa.Column("name_key", sa.String(), nullable=False),
        sa.Column("search_key", sa.Text(), nullable=False),
        sa.Column("grade", sa.Integer(), nullable=True),
        sa.Column("card_type", sa.String(), nullable=True),
        sa.Column("source_grade", sa.Integer(), nullable=True),
        sa.Column("source_type", sa.String(), nullable=True),
        sa.Column("grade_reason", sa.Text(), nullable=False),
        sa.Column("type_reason", sa.Text(), nullable=False),
        sa.Column("effects", sa.Text(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("reading", sa.Text(), nullable=False),
        sa.Column("text_key", sa.Text(), nullable=False),
        sa.Column("stats", sa.Text(), nullable=False),
        sa.Column("set_code", sa.String(), nullable=True),
        sa.Column("collector_number", sa.String(), nullable=True),
        sa.Column("lang", sa.String(), nullable=True),
        sa.Column("warnings", sa.Text(), nullable=False),
        sa.Column("raw", sa.Text(), nullable=True),
        sa.Column("content_hash", sa.String(64), nullable=False),
        sa.Column("imported_at", _TZ, nullable=False),
        sa.UniqueConstraint("game", "source_id", name="uq_card_game_source"),
    )
    for column in ("identity", "name_key", "grade", "card_type", "set_code"):
        op.create_index(f"ix_card_{column}", "card", [column])

    for name, key, length in (("card_name", "key", None), ("card_effect", "effect", 40)):
        op.create_table(
            name,
            sa.Column(key, sa.String(length), primary_key=True),
            sa.Column(
                "card_id",
                sa.Integer(),
                sa.ForeignKey("card.id", ondelete="CASCADE"),
                primary_key=True,
            ),
        )
        op.create_index(f"ix_{name}_card", name, ["card_id"])

    op.create_table(
        "card_override",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("identity", sa.String(), nullable=False, unique=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("grade", sa.Integer(), nullable=True),
        sa.Column("card_type", sa.String(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("created_at", _TZ, nullable=False),
    )
    op.create_table(
        "collection_row",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("source_key", sa.String(), nullable=False, unique=True),
        sa.Column("card_id", sa.Integer(), sa.ForeignKey("card.id"), nullable=False),
        sa.Column("quantity", sa.Integer(), nullable=False),
        sa.Column("finish", sa.String(40), nullable=False),
        sa.Column("condition", sa.String(), nullable=True),
        sa.Column("lang", sa.String(), nullable=True),
        sa.Column("location", sa.String(), nullable=True),
        sa.Column("source_file", sa.String(), nullable=True),
        sa.Column("line", sa.Integer(), nullable=True),
        sa.Column("updated_at", _TZ, nullable=False),
    )
    op.create_index("ix_collection_row_card_id", "collection_row", ["card_id"])
    op.create_table(
        "deck",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(), nullable=False, unique=True),
        sa.Column("format", sa.String(40), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", _TZ, nullable=False),
        sa.Column("updated_at", _TZ, nullable=False),
    )


def downgrade() -> None:
    for name in ("deck", "collection_row", "card_override", "card_effect", "card_name", "card"):
        op.drop_table(name)
