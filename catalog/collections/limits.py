"""The documented limits of collection imports (issue 14 items 5 and 10). The byte-level ones
(line, field and row length, the encoding sample) are catalog/base/limits.py's, enforced while the
file is read; these bound the work and the report.

An import streams: rows are read, resolved and written CHUNK_ROWS at a time, so memory stays
flat whatever the file's size (a million rows under 300 MB); quantities are vocab.py's
(0 to MAX_QUANTITY copies, measured before conversion)."""

from __future__ import annotations

#: rows read, resolved and written together (one bulk look-up and one bulk write each)
CHUNK_ROWS = 5_000
#: the most rows one file may hold: five times the largest real export seen
MAX_COLLECTION_ROWS = 5_000_000
#: unresolved rows, problems and notes listed one by one in a report; past it, a count. The
#: closest catalog names are looked up for these only (a fuzzy search over every name).
REPORTED_LINES = 30
