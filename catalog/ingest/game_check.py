"""Records that are not the game they are converted as are refused before any is stored.

Converting Pokémon cards as `mtg`, or MTG cards as `yugioh` or `ws`, used to "succeed": every
record converted without a type or a grade, and the import stored them. Now the first
SAMPLE_RECORDS records of each file are judged before any of them is passed on:

* a record *fits* the game when its converter gave it a TWGP type, and a grade too when it
  is a unit; records the converter skipped (tokens, emblems…) are not counted;
* when fewer than half of the sample fit, every other installed converter (but `generic`,
  which reads anything) converts the same sample: one that fits at least 80 % of it is named
  as the likely game; failing that, a sample of five or more records of which at most a fifth
  fits and most failed outright is refused as not being the game's records at all (fewer
  records are converted, their failures listed one by one).

A file of the right game with many unknown kind words (a table game's house words) is not
refused: no other game claims it, and its records are not failures — they convert with
warnings as before. `generic` is never judged. The policy is written in docs/input.md,
"Another game's data is refused".
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from itertools import islice

from catalog.ingest.bulk_records import bulk_game, is_bulk_record
from catalog.ingest.json_records import SourceRecord
from catalog.ingest.outcomes import Outcome, convert_record
from converters.base import CardType, Converter
from converters.errors import InputFormatError
from converters.registry import load_all

SAMPLE_RECORDS = 100
FIT_MINIMUM = 0.5  # below this share the file is suspect
OTHER_GAME_FIT = 0.8  # another game fitting this share is named
NOT_A_GAME_FIT = 0.2  # at most this share fitting, most failing: not the game's records
NOT_A_GAME_MIN = 5  # … judged on at least this many records (fewer: failures are listed)
_UNJUDGED = frozenset({"generic"})
log = logging.getLogger(__name__)


class WrongGameError(InputFormatError):
    """The records of a file are not the game they are converted as."""


def checked(
    converter: Converter, sources: Iterator[SourceRecord], file: str
) -> Iterator[SourceRecord]:
    """`sources`, after their first SAMPLE_RECORDS have been judged (see the module). A
    file that breaks within them passes on the records before the fault, then the fault."""
    head: list[SourceRecord] = []
    fault: InputFormatError | None = None
    try:
        head.extend(islice(sources, SAMPLE_RECORDS))
    except InputFormatError as exc:
        fault = exc
    bulk = [bulk_game(s.record) for s in head if is_bulk_record(s.record)]
    if bulk:  # twgp's own bulk records name their game
        _judge_bulk(converter, bulk, file)
    elif converter.game_id not in _UNJUDGED and head:
        _judge(converter, [s.record for s in head], file)
    yield from head
    if fault is not None:
        raise fault
    yield from sources


def _judge_bulk(converter: Converter, games: list[str], file: str) -> None:
    other = next((game for game in games if game != converter.game_id), None)
    if other is not None:
        raise WrongGameError(
            f"{file}: a twgp bulk file of {other!r} cards, not {converter.display_name}",
            hint=f"import it as `{other}`; nothing was stored",
        )


def _outcome(converter: Converter, record: object) -> Outcome | None:
    """The conversion of one record, None when the converter broke on it (a plugin's)."""
    try:
        return convert_record(converter, SourceRecord(0, record), "")
    except Exception:
        log.debug("%s raised on a sample record", converter.game_id, exc_info=True)
        return None


def _fits(outcome: Outcome | None) -> bool | None:
    """True: read as the game's card; False: not; None: skipped (not a card to play)."""
    if outcome is not None and outcome.skipped is not None:
        return None
    card = outcome.card if outcome is not None else None
    if card is None or card.card_type.value is None:
        return False
    return not (card.card_type.value is CardType.UNIT and card.grade.value is None)


def _share(outcomes: list[Outcome | None]) -> tuple[float, int]:
    """(the share of the judged records that fit, how many were judged)."""
    verdicts = [v for v in map(_fits, outcomes) if v is not None]
    return (sum(verdicts) / len(verdicts) if verdicts else 1.0), len(verdicts)


def _judge(converter: Converter, records: list[object], file: str) -> None:
    outcomes = [_outcome(converter, r) for r in records]
    share, judged = _share(outcomes)
    if share >= FIT_MINIMUM or judged == 0:
        return
    name = converter.display_name
    misfits = round((1 - share) * judged)
    what = f"{misfits} of the {judged} records checked could not be read as {name} cards"
    likely = _likely_game(converter, records)
    if likely is not None:
        raise WrongGameError(
            f"{file}: these look like {likely.display_name} records, not {name}: {what}",
            hint=f"convert or import them as `{likely.game_id}`; nothing was stored",
        )
    failed = sum(o is None or o.failed is not None for o in outcomes)
    if judged >= NOT_A_GAME_MIN and share <= NOT_A_GAME_FIT and failed * 2 > len(outcomes):
        raise WrongGameError(
            f"{file}: these are not {name} records: {what}",
            hint="check the file and the game (`twgp games` lists them); nothing was stored",
        )


def _likely_game(converter: Converter, records: list[object]) -> Converter | None:
    """The installed game whose converter reads the most of `records`, if it reads 80 %."""
    best: tuple[float, Converter] | None = None
    for game_id, other in load_all().items():
        if game_id in _UNJUDGED or game_id == converter.game_id:
            continue
        sample = _unwrapped(other, records)
        share, judged = _share([_outcome(other, r) for r in sample])
        if judged and share >= OTHER_GAME_FIT and (best is None or share > best[0]):
            best = (share, other)
    return best[1] if best else None


def _unwrapped(converter: Converter, records: list[object]) -> list[object]:
    """A file read as one record (a JSON object) unwrapped as `converter` would unwrap it: an
    MTGJSON set file is one record to the Pokémon converter and a list of cards to MTG's."""
    if len(records) != 1:
        return records
    try:
        return list(islice(converter.records(records[0]), SAMPLE_RECORDS))
    except Exception:
        log.debug("%s could not unwrap a document", converter.game_id, exc_info=True)
        return records
