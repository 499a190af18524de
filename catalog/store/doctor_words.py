"""What `twgp doctor` says, in English and Japanese, defined once: a finding's code → its
message, filled with the finding's values (lists are joined)."""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    "read_only": (
        "the catalog is read-only here: checked, nothing repaired",
        "このカタログはここでは読み取り専用です: 検査のみ行い、修復はしていません",
    ),
    "leftovers_none": (
        "no leftovers of an interrupted creation, backup or restore",
        "作成・バックアップ・復元の中断による残りファイルなし",
    ),
    "leftovers_found": (
        "leftovers of an interrupted creation, backup or restore: {files}",
        "作成・バックアップ・復元が中断されたときの残りファイル: {files}",
    ),
    "leftovers_removed": (
        "removed leftovers of an interrupted creation, backup or restore: {files}",
        "作成・バックアップ・復元が中断されたときの残りファイルを削除しました: {files}",
    ),
    "integrity_server": (
        "integrity: the database server checks its own storage",
        "整合性: データベースサーバーが自身で検査します",
    ),
    "integrity_ok": ("SQLite integrity check: ok", "SQLite 整合性検査: 問題なし"),
    "integrity_failed": (
        "SQLite integrity check failed: {problems} — the file is damaged; restore a backup "
        "(`twgp restore`) or import your files into a new catalog; nothing was repaired",
        "SQLite 整合性検査で異常: {problems} — ファイルが壊れています。バックアップを復元"
        "（`twgp restore`）するか、新しいカタログに取り込み直してください。修復はしていません",
    ),
    "schema_unreadable": (
        "cannot read the schema version: {fault}",
        "スキーマのバージョンを読めません: {fault}",
    ),
    "schema_current": ("schema: current (revision {revision})", "スキーマ: 最新（{revision}）"),
    "schema_newer": (
        "schema revision {revision} was written by a newer twgp: upgrade twgp",
        "スキーマ {revision} は新しい twgp で書かれています: twgp を更新してください",
    ),
    "schema_behind": (
        "schema at revision {revision}, {head} is current: an upgrade is due",
        "スキーマは {revision}、最新は {head}: 更新が必要です",
    ),
    "schema_upgraded": (
        "schema upgraded from revision {revision} to {head}",
        "スキーマを {revision} から {head} に更新しました",
    ),
    "schema_upgrade_failed": (
        "the schema upgrade from {revision} failed (the catalog was left as it was): {fault}",
        "スキーマ {revision} からの更新に失敗しました（カタログは元のままです）: {fault}",
    ),
    "indexes_ok": ("tables and indexes: as expected", "テーブルと索引: 正常"),
    "indexes_created": ("indexes made again: {indexes}", "索引を作り直しました: {indexes}"),
    "schema_differs": (
        "tables or indexes differ from this twgp's: missing {missing}; other {other}",
        "テーブルか索引がこの twgp と異なります: 不足 {missing}、その他 {other}",
    ),
    "search_index_server": (
        "full-text index: not used on this database (searches read the cards)",
        "全文索引: このデータベースでは使いません",
    ),
    "search_index_ok": ("full-text index: consistent with the cards", "全文索引: カードと一致"),
    "search_index_broken": ("full-text index: {fault}", "全文索引に異常: {fault}"),
    "search_index_rebuilt": (
        "full-text index rebuilt from the cards (was: {fault})",
        "全文索引をカードから作り直しました（異常: {fault}）",
    ),
    "orphans_none": ("no orphan name, effect or alias keys", "孤立した名前・効果・別名キーなし"),
    "orphan_keys": (
        "{count} name, effect or alias keys of cards that are gone",
        "存在しないカードの名前・効果・別名キーが {count} 件",
    ),
    "orphan_keys_removed": (
        "removed {count} name, effect or alias keys of cards that are gone",
        "存在しないカードの名前・効果・別名キー {count} 件を削除しました",
    ),
    "check_failed": (
        "{check}: could not be checked: {fault}",
        "{check}: 検査できませんでした: {fault}",
    ),
    "owned_totals_ok": (
        "owned copies per card: equal to the collection", "カードごとの所持枚数: コレクションと一致"
    ),
    "owned_totals_stale": (
        "owned copies per card: {count} totals differ from the collection (repair sums them "
        "again)",
        "カードごとの所持枚数: {count} 件がコレクションと不一致（修復で数え直します）",
    ),
    "owned_totals_rebuilt": (
        "owned copies per card summed again from the collection ({count} differed)",
        "カードごとの所持枚数をコレクションから数え直しました（{count} 件が不一致）",
    ),
    "orphan_collection_rows": (
        "{count} collection rows name a card that is gone (kept: re-import the card, or "
        "`twgp collection import --mode replace` the collection)",
        "コレクションの {count} 行が存在しないカードを指しています（残しています: カードを取り"
        "込み直すか、コレクションを `--mode replace` で取り込み直してください）",
    ),
}

STATUS: dict[str, tuple[str, str]] = {
    "ok": ("ok", "正常"),
    "repaired": ("repaired", "修復"),
    "problem": ("problem", "異常"),
    "skipped": ("skipped", "省略"),
}


def say(code: str, lang: str = "en", **values: object) -> str:
    """The message of `code` in `lang` ("en" or "ja"); a missing code is a bug and raises."""
    template = MESSAGES[code][1 if lang == "ja" else 0]
    shown = {k: ", ".join(map(str, v)) if isinstance(v, list) else v for k, v in values.items()}
    return template.format(**shown)


def status_word(status: str, lang: str = "en") -> str:
    return STATUS[status][1 if lang == "ja" else 0]
