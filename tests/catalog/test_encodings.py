"""Text encodings of card files: detected from enough of the file, decoded as a stream (no
buffer boundary can cut a character), refused with `--encoding` named when unsure, never
decoded into mojibake."""

from __future__ import annotations

import codecs
import io
from pathlib import Path

import pytest

from catalog.ingest.conversion import convert_files
from catalog.ingest.encodings import SAMPLE_BYTES, checked_encoding, detect_encoding
from catalog.ingest.reading import iter_records
from catalog.ingest.textfiles import open_text
from converters.errors import InputFormatError
from converters.registry import load_converter
from tests.helpers.records import NameOnly

MONSTERS = ("スライム", "竜王", "キングスライム", "ゴーレム", "はぐれメタル", "魔王", "りゅうおう")
KANJI_ONLY = ("竜王", "魔王", "大魔王", "勇者", "戦士", "魔法使", "僧侶", "武闘家", "賢者", "盗賊")


TWO_CH = (
    "id,名前,種類,AP,HP,攻撃力,防御力,属性,消費容量,効果\n"
    "2ch-demo-02,ギコ,モンスター,赤赤無無,4,4,0,炎,2,攻撃した相手モンスターをファヒ゛ョり状態にする。\n"
    "2ch-demo-05,ブラクラ職人,モンスター,黒×2+無×1,3,2,1,闇,2,攻撃した相手モンスターをブラクラ状態にする。\n"
    "2ch-demo-06,ROMれ,マジック,紫,,,,雷,,相手モンスター1体をＲＯＭにする。\n"
    "2ch-demo-07,規制の嵐,マジック,紫紫無,,,,雷,,相手プレイヤーを規制する。\n"
)


def japanese_csv(rows: int, *, pad: int = 0, names: tuple[str, ...] = MONSTERS) -> tuple[str, list[str]]:
    """A DQ Battle Road CSV with Japanese names; `pad` shifts every byte after the header."""
    expected = [f"{names[i % len(names)]}{i}" for i in range(rows)]
    lines = ["id,name,kind,hp" + "," * 0 + " " * pad]
    lines += [f"dq-{i},{name},モンスター,{100 + i}" for i, name in enumerate(expected)]
    return "\r\n".join(lines) + "\r\n", expected


def read_names(path: Path | str, encoding: str | None = None) -> list[str]:
    """The names as read (big files: the conversion itself is tested on small ones)."""
    return [r.record["name"] for r in iter_records(path, NameOnly(), encoding=encoding)]


def converted_names(path: Path | str, encoding: str | None = None) -> list[str]:
    outcomes = list(convert_files(load_converter("dqbr"), [path], encoding=encoding))
    assert all(o.card is not None for o in outcomes), [o.failed for o in outcomes]
    return [o.card.name for o in outcomes if o.card is not None]


ENCODED = {
    "utf-8": lambda text: text.encode("utf-8"),
    "utf-8 BOM": lambda text: codecs.BOM_UTF8 + text.encode("utf-8"),
    "Shift_JIS": lambda text: text.encode("cp932"),
}


@pytest.mark.parametrize("pad", range(4))  # moves a character across every buffer boundary
@pytest.mark.parametrize("form", ENCODED)
def test_a_10_kb_japanese_csv_converts_with_every_name_intact(
    tmp_path: Path, form: str, pad: int
) -> None:
    text, expected = japanese_csv(300, pad=pad)
    data = ENCODED[form](text)
    assert len(data) > 10_000
    path = tmp_path / "dqbr.csv"
    path.write_bytes(data)
    assert converted_names(path) == expected


@pytest.mark.parametrize("form", ENCODED)
def test_a_10_mb_japanese_csv_reads_with_every_name_intact(tmp_path: Path, form: str) -> None:
    text, expected = japanese_csv(260_000)
    data = ENCODED[form](text)
    assert len(data) > 10 << 20
    path = tmp_path / "big.csv"
    path.write_bytes(data)
    assert read_names(path) == expected


def test_japanese_text_after_the_first_megabyte_of_ascii_is_still_utf_8(tmp_path: Path) -> None:
    head = "".join(f"en-{i},Slime {i},monster,100\n" for i in range(40_000))
    assert len(head) > SAMPLE_BYTES
    path = tmp_path / "late.csv"
    path.write_text("id,name,kind,hp\n" + head + "ja-1,スライム,モンスター,481\n", encoding="utf-8")
    assert read_names(path)[-1] == "スライム"


def test_shift_jis_after_the_first_megabyte_of_ascii_is_refused_naming_the_line(
    tmp_path: Path,
) -> None:
    head = "".join(f"en-{i},Slime {i},monster,100\n" for i in range(40_000))
    path = tmp_path / "late.csv"
    path.write_bytes(("id,name,kind,hp\n" + head + "ja-1,竜王,モンスター,481\n").encode("cp932"))
    with pytest.raises(InputFormatError) as caught:
        read_names(path)
    assert "line 40002: not UTF-8 text" in caught.value.message
    assert "--encoding" in caught.value.hint
    assert read_names(path, encoding="shift_jis")[-1] == "竜王"


def test_kanji_only_shift_jis_is_not_read_as_windows_1252(tmp_path: Path) -> None:
    path = tmp_path / "kanji.csv"
    path.write_bytes("name,hp\n竜王,100\n魔王,200\n".encode("cp932"))
    assert [o.card.name for o in convert_files(load_converter("dqbr"), [path]) if o.card] == [
        "竜王",
        "魔王",
    ]


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        pytest.param("名前,HP\n竜王,100\n".encode("cp932"), "cp932", id="kanji-only Shift_JIS"),
        pytest.param(
            ("name,hp\n" + "".join(f"{n},{i}\n" for i, n in enumerate(KANJI_ONLY))).encode("cp932"),
            "cp932",
            id="ten kanji names",
        ),
        pytest.param("name,hp\nスライム,481\n".encode("euc_jp"), "euc_jp", id="EUC-JP"),
        pytest.param(
            "Count,Name\n1,Lim-Dûl's Vault\n1,Jötun Grunt\n".encode("cp1252"),
            "cp1252",
            id="accented Latin",
        ),
        pytest.param("Name\n“Ach! Hans, Run!”\n".encode("cp1252"), "cp1252", id="curly quotes"),
        pytest.param("name\nスライム\n".encode("utf-16"), "utf-16", id="UTF-16 with BOM"),
        pytest.param("name\nスライム\n".encode("utf-16-le"), "utf-16-le", id="UTF-16 LE"),
        pytest.param("name\nSlime\n".encode("utf-16-be"), "utf-16-be", id="UTF-16 BE"),
        pytest.param("name\nスライム\n".encode("utf-32"), "utf-32", id="UTF-32 with BOM"),
        pytest.param(b"name\nSlime\n", "utf-8", id="ASCII"),
        # full-width letters, ×, a separate dakuten: a chunk of charset-normalizer's above its
        # default chaos threshold refused the whole file (found by benchmarks/hostile.py)
        pytest.param(TWO_CH.encode("cp932"), "cp932", id="2ch TCG Shift_JIS"),
        pytest.param(TWO_CH.encode("euc_jp"), "euc_jp", id="2ch TCG EUC-JP"),
    ],
)
def test_detected_encodings(data: bytes, encoding: str) -> None:
    assert detect_encoding(data, complete=True) == encoding


@pytest.mark.parametrize(
    "form", ["utf-16", "utf-16-le", "utf-16-be"], ids=["BOM", "LE no BOM", "BE no BOM"]
)
def test_utf_16_csv_and_json_convert(tmp_path: Path, form: str) -> None:
    csv_path = tmp_path / "dq.csv"
    csv_path.write_bytes("id,name,kind,hp\n1,スライム,モンスター,481\n".encode(form))
    assert converted_names(csv_path) == ["スライム"]
    json_path = tmp_path / "dq.json"
    json_path.write_bytes('[{"id": "1", "name": "スライム", "kind": "モンスター", "hp": 481}]'.encode(form))
    assert converted_names(json_path) == ["スライム"]


def test_an_undecidable_file_is_refused_naming_encoding() -> None:
    with pytest.raises(InputFormatError) as caught:
        detect_encoding(b"name\n\x8e\xa9\n", complete=True)  # 自 in Shift_JIS, Ž© in cp1252
    assert "cannot tell the text encoding" in caught.value.message
    assert "--encoding" in caught.value.hint


def test_binary_data_is_refused() -> None:
    with pytest.raises(InputFormatError, match="NUL byte"):
        detect_encoding(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", complete=True)


@pytest.mark.parametrize(
    ("name", "codec"),
    [("Shift_JIS", "cp932"), ("sjis", "cp932"), ("utf8", "utf-8-sig"), ("latin-1", "iso8859-1")],
)
def test_encoding_names_users_type(name: str, codec: str) -> None:
    assert checked_encoding(name) == codec


@pytest.mark.parametrize("name", ["klingon", "rot13", "base64"])
def test_unknown_or_binary_codecs_are_refused(name: str) -> None:
    with pytest.raises(InputFormatError):
        checked_encoding(name)


def test_stdin_over_the_sample_size_is_read_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    text, expected = japanese_csv(40_000)
    assert len(text.encode("cp932")) > SAMPLE_BYTES
    stdin = io.TextIOWrapper(io.BytesIO(text.encode("cp932")))
    monkeypatch.setattr("sys.stdin", stdin)
    assert read_names("-") == expected


def test_a_line_that_is_not_text_names_the_line_and_the_option(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes("4 スライム\n".encode() + b"2 \xff\xfe\xfa\n")
    with open_text(path, encoding="utf-8") as file, pytest.raises(InputFormatError) as caught:
        list(file.lines())
    assert "line 2: not UTF-8 text" in caught.value.message
    assert "--encoding" in caught.value.hint


def test_a_codec_raising_a_bare_unicode_error_is_a_clean_error(tmp_path: Path) -> None:
    """punycode raises UnicodeError, not UnicodeDecodeError: it ended in "twgp failed
    unexpectedly" (found by benchmarks/hostile.py)."""
    path = tmp_path / "dq.csv"
    path.write_bytes(b"id,name,kind,hp\n1,Slime,monster,481\n")
    with pytest.raises(InputFormatError) as caught:
        converted_names(path, encoding="punycode")
    assert "line 1: not punycode text" in caught.value.message
