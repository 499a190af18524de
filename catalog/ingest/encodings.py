"""Telling the text encoding of a user's file from its first megabyte (the sample).

Order, each step final when it applies:

1. a byte order mark: UTF-8, UTF-16 or UTF-32;
2. UTF-16 without a mark, told by its NUL bytes (CSV text is mostly ASCII: `,`, digits, newlines);
3. NUL bytes otherwise: binary data, refused;
4. UTF-8 when the sample decodes as UTF-8 (so also plain ASCII);
5. otherwise charset-normalizer (a maintained detector) chooses among the legacy encodings our
   users' files come in: Shift_JIS (as CP932, Windows' superset), EUC-JP and Windows-1252.
   When two of them read the sample equally well, accented Latin letters inside Latin words
   (`Lim-Dûl`) settle it for Windows-1252 and kana for CP932; when nothing settles it, the
   file is refused with an error naming `--encoding` — a guess could store mojibake.

An encoding the user names (`--encoding`) is used as given, after checking that Python knows it.
"""

from __future__ import annotations

import codecs
import re

from charset_normalizer import from_bytes

from converters.errors import InputFormatError

#: how much of a file the detection reads
SAMPLE_BYTES = 1 << 20
#: legacy encodings charset-normalizer may choose (Python codec names)
LEGACY = ("cp932", "euc_jp", "cp1252")
#: the "chaos" above which charset-normalizer rejects an encoding. Its default (0.2) applies to
#: each chunk it samples, and a chunk of real Japanese card text (full-width letters, ×, a
#: separate dakuten) can exceed it while the whole file scores 0.12: the file was refused.
#: Random bytes still score far above 0.5, and the tie rules below still decide close calls.
CHAOS_THRESHOLD = 0.5
#: names users type for Shift_JIS; CP932 is what Windows and Excel write
_SHIFT_JIS_NAMES = {"shiftjis", "sjis", "shift_jis", "shift-jis", "s_jis", "ms932", "windows-31j"}
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),  # before UTF-16 LE, whose mark is its prefix
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
_NAMES = {"utf-8": "UTF-8", "utf-8-sig": "UTF-8", "cp932": "Shift_JIS (CP932)",
          "euc_jp": "EUC-JP", "cp1252": "Windows-1252"}  # fmt: skip
_KANA = re.compile("[\u3000-\u30ff\uff01-\uff5e]")  # CJK punctuation, kana, full-width ASCII
_LATIN_WORD = re.compile("[A-Za-z][\u00c0-\u00ff]|[\u00c0-\u00ff][a-z]")


def encoding_name(encoding: str) -> str:
    """How messages name an encoding: "Shift_JIS (CP932)", "UTF-8"…"""
    return _NAMES.get(encoding, encoding)


def checked_encoding(name: str) -> str:
    """The codec for an `--encoding` value; Shift_JIS names mean CP932. Unknown names are an
    InputFormatError listing the usual ones."""
    if name.strip().casefold() in _SHIFT_JIS_NAMES:
        return "cp932"
    try:
        info = codecs.lookup(name.strip())
    except LookupError:
        raise InputFormatError(
            f"unknown encoding {name!r}",
            hint="use one of utf-8, utf-16, cp932 (Shift_JIS), euc_jp, cp1252 (Windows-1252)",
        ) from None
    if not getattr(info, "_is_text_encoding", True):
        raise InputFormatError(f"{name!r} is not a text encoding")
    return "utf-8-sig" if info.name == "utf-8" else info.name  # a BOM is dropped if present


def unicode_encoding(head: bytes) -> str | None:
    """UTF-8 with a BOM, UTF-16 or UTF-32 when `head` shows one (a mark, or UTF-16's NUL
    bytes); None otherwise."""
    for bom, encoding in _BOMS:
        if head.startswith(bom):
            return encoding
    return _utf16_without_bom(head)


def detect_encoding(sample: bytes, *, complete: bool = False, name: str = "") -> str:
    """The encoding of a file whose first bytes are `sample` (`complete`: the whole file).
    Raises InputFormatError when the bytes are not text or the encoding cannot be told."""
    prefix = f"{name}: " if name else ""
    marked = unicode_encoding(sample)
    if marked:
        return marked
    nul = sample.find(b"\0")
    if nul >= 0:
        raise InputFormatError(
            f"{prefix}binary data (a NUL byte at byte {nul}): not a text file",
            hint="if it is text in an encoding twgp did not recognise, pass --encoding NAME",
        )
    if _decodes(sample, "utf-8", complete=complete):
        return "utf-8"
    return _legacy(_whole_lines(sample, complete), prefix)


def _decodes(sample: bytes, encoding: str, *, complete: bool) -> bool:
    try:
        codecs.getincrementaldecoder(encoding)().decode(sample, final=complete)
    except UnicodeDecodeError:
        return False
    return True


def _whole_lines(sample: bytes, complete: bool) -> bytes:
    """The sample up to its last line end, so that no character is cut in two."""
    if complete:
        return sample
    end = sample.rfind(b"\n")
    return sample[: end + 1] if end > 0 else sample


def _utf16_without_bom(sample: bytes) -> str | None:
    """UTF-16 LE/BE told by NUL bytes on one side of most ASCII characters."""
    head = sample[: 1 << 16]
    pairs = len(head) // 2
    if pairs < 2:
        return None
    even, odd = head[0 : pairs * 2 : 2].count(0), head[1 : pairs * 2 : 2].count(0)
    for nuls, others, encoding in ((odd, even, "utf-16-le"), (even, odd, "utf-16-be")):
        if nuls >= pairs * 0.2 and others <= pairs * 0.02:
            text = head[: pairs * 2]
            if _decodes(text, encoding, complete=False):
                return encoding
    return None


def _legacy(sample: bytes, prefix: str) -> str:
    """CP932, EUC-JP or Windows-1252, as charset-normalizer (then the tie rules) decide."""
    results = from_bytes(sample, cp_isolation=list(LEGACY), threshold=CHAOS_THRESHOLD)
    best = results.best()
    if best is None:
        raise InputFormatError(
            f"{prefix}cannot tell the text encoding (it is not UTF-8, UTF-16, Shift_JIS, "
            "EUC-JP or Windows-1252 text)",
            hint="pass --encoding NAME (for example --encoding cp932), or save the file as UTF-8",
        )
    close = [m.encoding for m in results if m.chaos <= best.chaos + 0.02]
    if len(close) == 1:
        return best.encoding
    return _tie(sample, close, prefix)


def _tie(sample: bytes, candidates: list[str], prefix: str) -> str:
    """Two encodings read the sample equally well: accented letters inside Latin words say
    Windows-1252, kana say a Japanese encoding; nothing decisive is an error."""
    latin = sample.decode("cp1252", errors="replace") if "cp1252" in candidates else ""
    japanese = [c for c in candidates if c != "cp1252"]
    kana = [c for c in japanese if _KANA.search(sample.decode(c, errors="replace"))]
    if latin and _LATIN_WORD.search(latin) and not kana:
        return "cp1252"
    if len(kana) >= 1 and not _LATIN_WORD.search(latin):
        return kana[0]
    names = " or ".join(encoding_name(c) for c in candidates)
    options = " or ".join(f"--encoding {c}" for c in candidates)
    raise InputFormatError(
        f"{prefix}cannot tell the text encoding: it reads as {names}",
        hint=f"pass {options}, or save the file as UTF-8",
    )
