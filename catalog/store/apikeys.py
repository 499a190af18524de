"""API keys of the HTTP service: created, listed and revoked with `twgp apikey`, checked by
`twgp serve` on every write (and every read of a `--private` server).

A key is `twgp_` and 43 random URL-safe characters (256 bits from `secrets`), shown once at
creation. Only its SHA-256 is stored: a random key of that length cannot be guessed from its
hash, so a slow password hash (which exists to protect short human passwords) would only slow
every request down."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import select, update
from sqlmodel import Session

from catalog.base.errors import CatalogError
from catalog.schema.models import API_KEY

KEY_PREFIX = "twgp_"
#: characters of a key kept in clear to tell keys apart in listings
SHOWN = 12
NAME_MAX = 100


class ApiKeyError(CatalogError):
    """A key name that cannot be used, or no key of that name."""


@dataclass(frozen=True)
class ApiKeyView:
    name: str
    prefix: str
    created_at: datetime
    revoked_at: datetime | None

    @property
    def active(self) -> bool:
        return self.revoked_at is None

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "prefix": self.prefix,
            "created_at": self.created_at.isoformat(),
            "revoked_at": self.revoked_at.isoformat() if self.revoked_at else None,
            "active": self.active,
        }


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def create_key(*, session: Session, name: str) -> tuple[str, ApiKeyView]:
    """A new key named `name` (unique): (the key itself, shown only now; its listing)."""
    name = " ".join(name.split())
    if not name or len(name) > NAME_MAX:
        raise ApiKeyError(f"an API key needs a name of 1–{NAME_MAX} characters")
    if session.execute(select(API_KEY.c.id).where(API_KEY.c.name == name)).first():
        raise ApiKeyError(f"an API key named {name!r} exists",
                          hint="choose another name, or revoke that key first")  # fmt: skip
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    now = datetime.now(UTC)
    session.execute(API_KEY.insert().values(
        name=name, prefix=key[:SHOWN], key_hash=hash_key(key), created_at=now, revoked_at=None,
    ))  # fmt: skip
    return key, ApiKeyView(name, key[:SHOWN], now, None)


def list_keys(*, session: Session) -> list[ApiKeyView]:
    rows = session.execute(select(API_KEY).order_by(API_KEY.c.created_at, API_KEY.c.id))
    return [_view(row.name, row.prefix, row.created_at, row.revoked_at) for row in rows]


def revoke_key(*, session: Session, name: str) -> ApiKeyView:
    """Revoke the key `name` (a revoked key is refused from then on; revoking twice is fine)."""
    row = session.execute(select(API_KEY).where(API_KEY.c.name == name.strip())).first()
    if row is None:
        raise ApiKeyError(f"no API key named {name!r}", hint="`twgp apikey list` shows them")
    revoked = row.revoked_at or datetime.now(UTC)
    session.execute(update(API_KEY).where(API_KEY.c.id == row.id).values(revoked_at=revoked))
    return _view(row.name, row.prefix, row.created_at, revoked)


def check_key(*, session: Session, key: str) -> ApiKeyView | None:
    """The key's listing when `key` is a key we issued (revoked or not), else None."""
    if not key.startswith(KEY_PREFIX) or len(key) > 200:
        return None
    wanted = hash_key(key)
    row = session.execute(select(API_KEY).where(API_KEY.c.key_hash == wanted)).first()
    if row is None or not hmac.compare_digest(row.key_hash, wanted):
        return None
    return _view(row.name, row.prefix, row.created_at, row.revoked_at)


def _view(
    name: str, prefix: str, created_at: datetime, revoked_at: datetime | None
) -> ApiKeyView:
    return ApiKeyView(name, prefix, _utc(created_at), _utc(revoked_at) if revoked_at else None)


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
