"""What each deck section is called, in English and Japanese — once, for the app, the CLI's
reports, the problems' Japanese messages and the exports."""

from __future__ import annotations

from deckbuilder.deck import ARCHIVE, ENTRY, FINAL_PREFIX, HALF_PREFIX, LIBRARY, LIFE, POOL

#: section key (or numbered prefix, with `{n}`) → (English, Japanese)
SECTION_NAMES: dict[str, tuple[str, str]] = {
    LIFE: ("Life", "ライフ"),
    LIBRARY: ("Entry library", "エントリー・ライブラリ"),
    ARCHIVE: ("Entry archive", "エントリー・アーカィヴ"),
    FINAL_PREFIX: ("Final {n}", "ファイナル{n}"),
    HALF_PREFIX: ("Half {n}", "ハーフ{n}"),
    POOL: ("Pool", "プール"),
    ENTRY: ("Entry deck", "エントリーデッキ"),
    "deck": ("Deck", "デッキ"),  # a problem of the deck as a whole
    # the sections of other games' formats (deckbuilder/play_formats)
    "main": ("Main", "メイン"),
    "side": ("Sideboard", "サイドボード"),
    "roster": ("Roster", "所持ユニット"),
}


def section_name(key: str, lang: str) -> str:
    """ "final.2" → "Final 2" / "ファイナル2"; a section with no name here (another format's,
    "deck") by its key."""
    for prefix in (FINAL_PREFIX, HALF_PREFIX):
        if key.startswith(prefix):
            english, japanese = SECTION_NAMES[prefix]
            return (japanese if lang == "ja" else english).format(n=key.removeprefix(prefix))
    if key in SECTION_NAMES:
        english, japanese = SECTION_NAMES[key]
        return japanese if lang == "ja" else english
    return key
