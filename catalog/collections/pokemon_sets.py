"""Pokémon TCG Live / PTCGO set codes → the catalog's set ids, and how each source writes
its numbers. One row per code: the pokemontcg.io set id (also the prefix of its card ids:
`SVI 63` is `sv1-63`), then the TCGdex set id where TCGdex's differs (`SVI 63` is TCGdex
`sv01-063`: newer sets write three-digit local ids, `.5` sets keep their dot: `CRZ` is
`swsh12.5`, `PGO` is `swsh10.5`, `FUT20` is `fut2020`, `PR-HS` is `hgssp`; `HIF` stays `sm115`).

Facts from the sets' published codes (pokemontcg.io `ptcgoCode`, TCGdex `tcgOnline` and
`abbreviations.official`), plus what PTCGL and Limitless write beyond them: gallery subsets as
`CRZ-GG 25` / `LOR-TG 12` (pokemontcg.io: set `swsh12pt5gg`, number `GG25`; TCGdex: the main
set, number `GG25`), promos as `PR-SW 121` (`swshp`, number `SWSH121`), and PTCGL's in-game
`SWSHALT`/`SVALT`/`SMALT` numbering, which names no printed set (those lines are found by
name)."""

from __future__ import annotations

import re
from dataclasses import dataclass

SETS: dict[str, tuple[str, ...]] = {
    "BS": ("base1",), "JU": ("base2",), "PR": ("basep",), "FO": ("base3",), "B2": ("base4",),
    "TR": ("base5",), "G1": ("gym1",), "G2": ("gym2",), "N1": ("neo1",), "N2": ("neo2",),
    "N3": ("neo3",), "N4": ("neo4",), "LC": ("base6",), "EX": ("ecard1",), "BP": ("bp",),
    "AQ": ("ecard2",), "SK": ("ecard3",), "RS": ("ex1",), "SS": ("ex2",), "DR": ("ex3",),
    "PR-NP": ("np",), "MA": ("ex4",), "HL": ("ex5",), "RG": ("ex6",), "TRR": ("ex7",),
    "DX": ("ex8",), "EM": ("ex9",), "UF": ("ex10",), "DS": ("ex11",), "LM": ("ex12",),
    "HP": ("ex13",), "CG": ("ex14",), "DF": ("ex15",), "PK": ("ex16",), "DP": ("dp1",),
    "PR-DPP": ("dpp",), "MT": ("dp2",), "SW": ("dp3",), "GE": ("dp4",), "MD": ("dp5",),
    "LA": ("dp6",), "SF": ("dp7",), "PL": ("pl1",), "RR": ("pl2",), "SV": ("pl3",),
    "AR": ("pl4",), "HS": ("hgss1",), "PR-HS": ("hsp", "hgssp"), "UL": ("hgss2",), "UD": ("hgss3",),
    "TM": ("hgss4",), "CL": ("col1",), "PR-BLW": ("bwp",), "BLW": ("bw1",), "EPO": ("bw2",),
    "NVI": ("bw3",), "NXD": ("bw4",), "DEX": ("bw5",), "DRX": ("bw6",), "DRV": ("dv1",),
    "BCR": ("bw7",), "PLS": ("bw8",), "PLF": ("bw9",), "PLB": ("bw10",), "PR-XY": ("xyp",),
    "LTR": ("bw11",), "KSS": ("xy0",), "XY": ("xy1",), "FLF": ("xy2",), "FFI": ("xy3",),
    "PHF": ("xy4",), "PRC": ("xy5",), "DCR": ("dc1",), "ROS": ("xy6",), "AOR": ("xy7",),
    "BKT": ("xy8",), "BKP": ("xy9",), "GEN": ("g1",), "FCO": ("xy10",), "STS": ("xy11",),
    "EVO": ("xy12",), "SUM": ("sm1",), "PR-SM": ("smp",), "GRI": ("sm2",), "BUS": ("sm3",),
    "SLG": ("sm35", "sm3.5"), "CIN": ("sm4",), "UPR": ("sm5",), "FLI": ("sm6",),
    "CES": ("sm7",), "DRM": ("sm75", "sm7.5"), "LOT": ("sm8",), "TEU": ("sm9",),
    "DET": ("det1",), "UNB": ("sm10",), "UNM": ("sm11",), "HIF": ("sm115",), "CEC": ("sm12",),
    "PR-SW": ("swshp",), "SSH": ("swsh1",), "RCL": ("swsh2",), "DAA": ("swsh3",),
    "FUT20": ("fut20", "fut2020"), "CPA": ("swsh35", "swsh3.5"), "VIV": ("swsh4",),
    "SHF": ("swsh45", "swsh4.5"), "BST": ("swsh5",), "CRE": ("swsh6",), "EVS": ("swsh7",),
    "CEL": ("cel25",), "FST": ("swsh8",), "BRS": ("swsh9",), "ASR": ("swsh10",),
    "PGO": ("pgo", "swsh10.5"), "LOR": ("swsh11",), "SIT": ("swsh12",),
    "CRZ": ("swsh12pt5", "swsh12.5"), "PR-SV": ("svp",), "SVP": ("svp",), "SVE": ("sve",),
    "SVI": ("sv1", "sv01"), "PAL": ("sv2", "sv02"), "OBF": ("sv3", "sv03"),
    "MEW": ("sv3pt5", "sv03.5"), "PAR": ("sv4", "sv04"), "PAF": ("sv4pt5", "sv04.5"),
    "TEF": ("sv5", "sv05"), "TWM": ("sv6", "sv06"), "SFA": ("sv6pt5", "sv06.5"),
    "SCR": ("sv7", "sv07"), "SSP": ("sv8", "sv08"), "PRE": ("sv8pt5", "sv08.5"),
    "JTG": ("sv9", "sv09"), "DRI": ("sv10", "sv10"), "BLK": ("zsv10pt5", "sv10.5b"),
    "WHT": ("rsv10pt5", "sv10.5w"),
}  # fmt: skip
#: promo sets whose numbers carry a prefix and zero padding (`PR-SW 121` → `SWSH121`)
PROMO_NUMBERS = {
    "swshp": ("SWSH", 3), "smp": ("SM", 2), "xyp": ("XY", 2), "bwp": ("BW", 2),
    "hsp": ("HGSS", 2), "dpp": ("DP", 2),
}  # fmt: skip
#: subsets written `<SET>-<suffix> <n>`: (set id suffix, number prefix, number width)
SUBSETS = {"TG": ("tg", "TG", 2), "GG": ("gg", "GG", 2), "RC": ("", "RC", 0)}
#: PTCGL's in-game numbering and the legacy basic-Energy "set": no printed set to look up
NAME_ONLY = frozenset({"SWSHALT", "SVALT", "SMALT", "ENERGY"})
SET_CODE = re.compile(r"^(?:[A-Z][A-Z0-9]{1,7}(?:-[A-Z]{2,3})?|Energy|ENERGY)$")


@dataclass(frozen=True)
class Printing:
    """Where a PTCGL `SET number` points in the catalog (`set_id` None: find by name):
    pokemontcg.io's set and number, and `tcgdex`'s (set id, local id) where they differ."""

    set_id: str | None
    number: str | None
    tcgdex: tuple[str, str] | None = None


def printing(code: str, number: str | None) -> Printing:
    """`SVI`, `63` → sv1 63 (TCGdex sv01 063); `CRZ-GG`, `25` → swsh12pt5gg GG25 (TCGdex
    swsh12.5 GG25); `PR-SW`, `121` → swshp SWSH121; an unknown code stays itself (lower case),
    so that it matches no other set."""
    upper = code.upper()
    if upper in NAME_ONLY:
        return Printing(None, None)
    base, _, subset = upper.partition("-")
    if subset in SUBSETS and base in SETS:
        suffix, prefix, width = SUBSETS[subset]
        local = prefix + number.zfill(width) if number else None
        return _with_tcgdex(SETS[base], SETS[base][0] + suffix, local, local)
    ids = SETS.get(upper, (code.lower(),))
    set_id = ids[0]
    if number and set_id in PROMO_NUMBERS and number.isdigit():
        prefix, width = PROMO_NUMBERS[set_id]
        number = prefix + number.zfill(width)
    return _with_tcgdex(ids, set_id, number, number)


def _with_tcgdex(ids: tuple[str, ...], set_id: str, number: str | None,
                 local: str | None) -> Printing:  # fmt: skip
    """TCGdex pads local ids to three digits in newer sets (`sv01-057`, `swsh10.5-010`) and
    not in older ones (`swsh3-1`): the padded form is given, and the look-up also tries it
    without its zeros."""
    tcgdex_set = ids[-1]
    if local and local.isdigit():
        local = local.zfill(3)
    if not local or (tcgdex_set, local) == (set_id, number):
        return Printing(set_id, number)
    return Printing(set_id, number, (tcgdex_set, local))
