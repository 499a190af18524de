"""Collections: reading the collection CSVs of other apps (and twgp's own), resolving their rows
to catalog cards, storing owned copies, and writing them back out.

formats.py (the formats as data) · reader.py (CSV → rows, pure, streamed) · games.py (which
game a file holds) · vocab.py (condition, finish, language, quantity) · names.py (name forms) ·
card_index.py + resolve.py (rows → cards, in bulk) · service.py (the import transaction,
streamed) · report.py (what an import did) · limits.py (chunk size, row and report limits) ·
writers.py (export) · fetch.py (the online look-up hook)."""
