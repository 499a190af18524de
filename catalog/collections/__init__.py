"""Collections: reading the collection CSVs of other apps (and twgp's own), resolving their rows
to catalog cards, storing owned copies, and writing them back out.

formats.py (the formats as data) · reader.py (CSV → rows, pure) · vocab.py (condition, finish,
language, quantity) · names.py (name forms) · resolve.py (rows → cards) · service.py (import
transaction) · writers.py (export) · fetch.py (the online look-up hook)."""
