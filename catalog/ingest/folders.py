"""A folder given to `twgp import GAME DIR` or `twgp convert GAME DIR`: the card files in it.

Real data sets come as trees of files — a file per card (TCGdex's `cards/<id>/index.json`,
punk-records' `cards/<pack>/<id>.json`), a file per pack (Digimon's `…_cards.json`, Fusion
World's `fb01.json`), a file per set (Lorcana's `data/<set>.yml`) — beside files that hold no
cards. A folder stands for every card file under it, in name order:

* files ending in one of CARD_SUFFIXES are read; everything else (images, READMEs) is not;
* the data sets' own files of another kind are passed over, by name (METADATA_FILES: a pack
  list, a pack record, a JSON schema) or by the folder they sit in (METADATA_FOLDERS: set
  records beside the card files);
* hidden files and folders (`.git`) are passed over, and so are folders reached through a
  symbolic link (no loop can be walked); a linked file is read.

A folder holding no card file is an InputFormatError. Files named one by one are read as
given, whatever their name."""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterable
from pathlib import Path

from converters.errors import InputFormatError

CARD_SUFFIXES = (".json", ".jsonl", ".ndjson", ".csv", ".tsv", ".yml", ".yaml")
#: file name pattern → what the file holds instead of cards
METADATA_FILES: dict[str, str] = {
    "packs.json": "the pack list of punk-records (One Piece)",
    "*_pack.json": "a pack record of the Digimon card data",
    "schema.json": "a JSON schema (Duel Masters cards)",
}
#: folder name → what its files hold (below the folder given; the folder given is read)
METADATA_FOLDERS: dict[str, str] = {
    "sets": "set records (pokemontcg.io `sets/en.json`, TCGdex `sets/<id>/index.json`)",
    "categories": "TCGdex's lists of localised category names",
}


def card_files(paths: Iterable[str | Path]) -> list[str | Path]:
    """`paths` with every folder replaced by its card files (see the module)."""
    found: list[str | Path] = []
    for path in paths:
        if str(path) != "-" and os.path.isdir(path):
            files = sorted(_walk(Path(path)))
            if not files:
                raise InputFormatError(
                    f"{path}: a folder with no card files (none ending in "
                    f"{', '.join(CARD_SUFFIXES)})",
                    hint="give the folder of the card files, or the files themselves",
                )
            found.extend(files)
        else:
            found.append(path)
    return found


def is_metadata(name: str) -> bool:
    """Whether a file of this name holds no cards (METADATA_FILES)."""
    return any(fnmatch.fnmatchcase(name.casefold(), pattern) for pattern in METADATA_FILES)


def _walk(root: Path) -> Iterable[Path]:
    try:
        entries = list(os.scandir(root))
    except OSError as exc:
        raise InputFormatError(f"{root}: cannot list the folder: {exc.strerror or exc}") from exc
    for entry in entries:
        if entry.name.startswith("."):
            continue
        if entry.is_dir(follow_symlinks=False):
            if entry.name.casefold() not in METADATA_FOLDERS:
                yield from _walk(Path(entry.path))
        elif (
            entry.is_file()
            and entry.name.casefold().endswith(CARD_SUFFIXES)
            and not is_metadata(entry.name)
        ):
            yield Path(entry.path)
