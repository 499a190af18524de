// The twgp web page: a thin client of the /v1 API. Every string that comes from a card, a
// decklist or the server goes into the page with textContent — never as markup.
"use strict";

const T = JSON.parse(document.getElementById("texts").textContent);
const LANG = document.documentElement.lang === "ja" ? "ja" : "en";
const $ = (id) => document.getElementById(id);

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

async function problemText(response) {
  try {
    const problem = await response.json();
    return [problem.detail || problem.title, problem.hint].filter(Boolean).join(" — ");
  } catch (_) {
    return `${response.status} ${response.statusText}`;
  }
}

// On a --private server the page sends the API key the user entered (kept in this tab's
// session storage only) with every call.
const KEY_STORE = "twgp-api-key";

function withKey(options) {
  const headers = new Headers((options && options.headers) || {});
  const key = sessionStorage.getItem(KEY_STORE);
  if (key) headers.set("authorization", `Bearer ${key}`);
  return { ...(options || {}), headers };
}

async function call(path, options) {
  const response = await fetch(path, withKey(options));
  if (!response.ok) throw new Error(await problemText(response));
  return response;
}

// -- cards -------------------------------------------------------------------------------

let nextCursor = null;
let currentQuery = "";

async function search(query, cursor) {
  const params = new URLSearchParams({ q: query, limit: "50", lang: LANG });
  if (cursor) params.set("cursor", cursor);
  const status = $("search-status");
  try {
    const page = await (await call(`/v1/cards?${params}`)).json();
    const body = $("results").tBodies[0];
    if (!cursor) body.replaceChildren();
    for (const card of page.cards) body.append(cardRow(card));
    $("results").hidden = body.rows.length === 0;
    nextCursor = page.next_cursor;
    $("more").hidden = !nextCursor;
    if (page.total === 0) status.textContent = T.no_cards;
    else if (page.total !== null) status.textContent = `${page.total} ${T.cards_found}`;
  } catch (error) {
    status.textContent = `${T.error}: ${error.message}`;
  }
}

// A row: its card's name is a button that opens the card's detail (a click anywhere on the
// row does too); the card's id is shown in the row where there is room and in the detail.
function cardRow(card) {
  const row = el("tr");
  row.className = "card-row";
  const name = el("td");
  const button = el("button", null, "card-open");
  button.type = "button";
  button.append(el("span", card.name, "name"));
  if (card.name_ja) button.append(el("span", card.name_ja, "name-ja"));
  name.append(button, el("span", `${card.game}:${card.source_id}`, "dim card-id"));
  row.append(name, el("td", card.grade || "—", "grade"), el("td", card.labels.type || "—", "type"),
    el("td", card.labels.effects.join(", "), "effects-col"));
  row.addEventListener("click", () => showCard(card.game, card.source_id, button));
  return row;
}

// The detail is a modal dialog: focus moves into it, Escape or Close shuts it, and focus goes
// back to the button of the row that opened it.
let opener = null;

async function showCard(game, sourceId, from) {
  const path = `/v1/cards/${encodeURIComponent(game)}/${encodeURIComponent(sourceId)}`;
  try {
    const card = await (await call(`${path}?lang=${LANG}`)).json();
    $("card-name").textContent = card.name + (card.name_ja ? ` / ${card.name_ja}` : "");
    $("card-source").textContent = [card.game, card.source_id, card.set, card.lang]
      .filter(Boolean).join(" · ");
    $("card-grade").textContent = card.grade || "—";
    $("card-grade-reason").textContent = card.labels.grade_reason ?? card.grade_reason;
    $("card-type").textContent = card.labels.type || "—";
    $("card-type-reason").textContent = card.labels.type_reason ?? card.type_reason;
    const effects = $("card-effects");
    effects.replaceChildren();
    const reasons = card.effect_reasons || {};
    card.effects.forEach((effect, index) => {
      const item = el("li", card.labels.effects[index] || effect);
      if (reasons[effect]) item.append(el("span", ` — “${reasons[effect]}”`, "dim"));
      effects.append(item);
    });
    $("card-text").textContent = card.text || "—";
    $("card-reading").textContent = card.labels.reading || card.reading || "—";
    opener = from || null;
    const dialog = $("card");
    if (!dialog.open) dialog.showModal();
  } catch (error) {
    $("search-status").textContent = `${T.error}: ${error.message}`;
  }
}

// -- decks -------------------------------------------------------------------------------

let deckText = "";

async function loadFormats() {
  const formats = await (await call("/v1/formats")).json();
  for (const id of formats.import) $("deck-format").append(new Option(id, id));
  for (const id of formats.export) $("export-format").append(new Option(id, id));
}

function guessFormat(name) {
  const lower = name.toLowerCase();
  if (lower.endsWith(".ydk")) return "ydk";
  if (lower.endsWith(".cod")) return "cod";
  if (lower.endsWith(".dek")) return "mtgo";
  if (lower.endsWith(".dck")) return "dck";
  if (lower.endsWith(".twgp")) return "twgp";
  return null;
}

// A .twgp deck names its sections ([life], [entry.library], [final.1], [half.2], [pool]) or
// its format (`format:` line; deckbuilder/twgp_format.py); every other list goes to the API's
// own detection (from=auto).
const TWGP_TEXT = /^\s*(?:\[(?:life|pool|entry\.[a-z]+|final\.\d+|half\.\d+)\]|format\s*:)/im;

function chosenFormat(text) {
  const chosen = $("deck-format").value;
  return chosen === "auto" && TWGP_TEXT.test(text) ? "twgp" : chosen;
}

async function checkDeck() {
  const text = $("deck-text").value;
  const format = chosenFormat(text);
  const error = $("deck-error");
  error.hidden = true;
  keepDeck();
  try {
    let draft = text;
    let unresolved = [];
    if (format !== "twgp") {
      const imported = await (await call(`/v1/decks/import?from=${encodeURIComponent(format)}`,
        { method: "POST", headers: { "content-type": "text/plain; charset=utf-8" }, body: text })).json();
      draft = imported.draft;
      unresolved = imported.unresolved;
    }
    const report = await (await call(`/v1/decks/validate?lang=${LANG}`,
      { method: "POST", headers: { "content-type": "text/plain; charset=utf-8" }, body: draft })).json();
    deckText = draft;
    showReport(report, draft, unresolved);
  } catch (failure) {
    error.textContent = `${T.error}: ${failure.message}`;
    error.hidden = false;
    $("deck-result").hidden = true;
    $("validation-heading").hidden = true;
    $("verdict").textContent = "";
    $("verdict").className = "";
  }
}

// The verdict is a live region (always in the page): screen readers announce each new one.
function showReport(report, draft, unresolved) {
  $("validation-heading").hidden = false;
  const verdict = $("verdict");
  verdict.textContent = `${report.legal ? T.legal : T.illegal} (${report.format}) — ` +
    `${report.violations.length} ${T.problems}, ${report.warnings.length} ${T.warnings}`;
  verdict.className = report.legal ? "legal" : "illegal";
  for (const [id, list] of [["violations", report.violations], ["warnings", report.warnings]]) {
    const target = $(id);
    target.replaceChildren();
    for (const item of list) {
      const line = el("li", null, id === "violations" ? "violation" : "warning");
      line.append(el("code", item.code), el("span", ` [${item.section}] ${item.message}`));
      target.append(line);
    }
  }
  $("draft").textContent = draft;
  const missing = $("unresolved");
  missing.replaceChildren();
  for (const line of unresolved) {
    const closest = line.closest.length ? ` (${line.closest.join(", ")})` : "";
    missing.append(el("li", `${line.line}: ${line.text} — ${line.reason}${closest}`));
  }
  $("unresolved-block").hidden = unresolved.length === 0;
  $("deck-result").hidden = false;
}

async function download() {
  const format = $("export-format").value;
  try {
    const response = await call(`/v1/decks/export?to=${encodeURIComponent(format)}`,
      { method: "POST", headers: { "content-type": "text/plain; charset=utf-8" }, body: deckText });
    const blob = await response.blob();
    const link = el("a");
    link.href = URL.createObjectURL(blob);
    link.download = `deck.${format}`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  } catch (failure) {
    $("deck-error").textContent = `${T.error}: ${failure.message}`;
    $("deck-error").hidden = false;
  }
}

// -- build for me (POST /v1/decks/build) ------------------------------------------------

// "2 mtg:Lightning Bolt" → {card: "mtg:Lightning Bolt", quantity: 2}; a line with no count
// is one copy; blank lines and # comments are skipped.
function collectionOf(text) {
  const owned = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const counted = /^(\d+)\s*x?\s+(.+)$/i.exec(line);
    owned.push(counted ? { card: counted[2].trim(), quantity: Number(counted[1]) }
      : { card: line, quantity: 1 });
  }
  return owned;
}

async function buildDeck() {
  const error = $("deck-error");
  error.hidden = true;
  const request = {
    format: $("build-format").value,
    goal: $("build-goal").value,
    time_limit: Number($("build-time").value) || 10,
    from: $("build-source").value,
    lang: LANG,
  };
  if (request.from === "owned") request.collection = collectionOf($("build-collection").value);
  const summary = $("build-summary");
  summary.textContent = T.building;
  summary.className = "";
  $("build-result").hidden = false;
  $("build").disabled = true;
  try {
    const answer = await (await call("/v1/decks/build", { method: "POST",
      headers: { "content-type": "application/json" }, body: JSON.stringify(request) })).json();
    showBuilt(answer);
    if (answer.deck) {  // the deck goes where pasted decks go, checked as they are
      $("deck-text").value = answer.deck;
      $("deck-format").value = "twgp";
      await checkDeck();
    }
  } catch (failure) {
    $("build-result").hidden = true;
    error.textContent = `${T.error}: ${failure.message}`;
    error.hidden = false;
  } finally {
    $("build").disabled = false;
  }
}

function showBuilt(answer) {
  const summary = $("build-summary");
  summary.textContent = answer.summary;
  summary.className = answer.built ? "legal" : "illegal";
  const problems = $("build-problems");
  problems.replaceChildren(...answer.problems.map((p) => el("li", p.message, "violation")));
  const acquire = $("build-acquire");
  acquire.replaceChildren(...answer.acquire.map(
    (a) => el("li", `${T.build_acquire}: ${a.quantity} ${a.card} [${a.source_id}]`)));
  const body = $("build-cards").tBodies[0];
  body.replaceChildren();
  for (const card of answer.cards) {
    const row = el("tr");
    const acquireNote = card.acquire ? ` (${T.build_acquire} ${card.acquire})` : "";
    row.append(el("td", card.section), el("td", card.card + acquireNote), el("td", card.why));
    body.append(row);
  }
  $("build-cards").hidden = answer.cards.length === 0;
}

// -- what a change of language keeps ---------------------------------------------------
// The query travels in the address (?q=, the server fills the search box with it); the
// decklist and its format stay in this browser's local storage.

const DECK_STORE = "twgp-deck";

function keepQuery(query) {
  const params = new URLSearchParams({ lang: LANG });
  if (query) params.set("q", query);
  history.replaceState(null, "", `/?${params}`);
  const other = new URLSearchParams({ lang: LANG === "ja" ? "en" : "ja" });
  if (query) other.set("q", query);
  $("other-lang").href = `/?${other}`;
}

function keepDeck() {
  try {
    localStorage.setItem(DECK_STORE, JSON.stringify(
      { text: $("deck-text").value, format: $("deck-format").value }));
  } catch (_) { /* storage off or full: the deck is simply not kept */ }
}

function keptDeck() {
  try {
    const kept = JSON.parse(localStorage.getItem(DECK_STORE) || "null");
    return kept && typeof kept.text === "string" ? kept : null;
  } catch (_) {
    return null;
  }
}

// -- wiring ------------------------------------------------------------------------------

document.addEventListener("DOMContentLoaded", () => {
  $("search-form").addEventListener("submit", (event) => {
    event.preventDefault();
    currentQuery = $("q").value;
    keepQuery(currentQuery);
    search(currentQuery, null);
  });
  const dialog = $("card");
  $("card-close").addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => {
    if (opener && opener.isConnected) opener.focus();
    opener = null;
  });
  const kept = keptDeck();
  if (kept && !$("deck-text").value) $("deck-text").value = kept.text;
  $("deck-text").addEventListener("input", keepDeck);
  $("deck-format").addEventListener("change", keepDeck);
  $("more").addEventListener("click", () => search(currentQuery, nextCursor));
  $("deck-form").addEventListener("submit", (event) => {
    event.preventDefault();
    checkDeck();
  });
  $("deck-file").addEventListener("change", async () => {
    const file = $("deck-file").files[0];
    if (!file) return;
    $("deck-text").value = await file.text();
    const guessed = guessFormat(file.name);
    if (guessed) $("deck-format").value = guessed;
    keepDeck();
  });
  $("download").addEventListener("click", download);
  $("build-form").addEventListener("submit", (event) => {
    event.preventDefault();
    buildDeck();
  });
  const keyForm = $("key-form");
  if (keyForm) {
    keyForm.addEventListener("submit", (event) => {
      event.preventDefault();
      sessionStorage.setItem(KEY_STORE, $("api-key").value.trim());
      $("api-key").value = "";
      start();
    });
    if (!sessionStorage.getItem(KEY_STORE)) return;
  }
  start();
});

function start() {
  $("deck-error").hidden = true;
  $("deck-format").replaceChildren(new Option(T.auto_format, "auto", true, true),
    new Option(T.twgp_format, "twgp"));
  $("export-format").replaceChildren();
  loadFormats().then(() => {
    const kept = keptDeck();
    const format = kept && kept.format;
    if (format && [...$("deck-format").options].some((option) => option.value === format)) {
      $("deck-format").value = format;
    }
  }).catch((failure) => {
    $("deck-error").textContent = `${T.error}: ${failure.message}`;
    $("deck-error").hidden = false;
  });
  currentQuery = $("q").value;  // a query the address brought (a change of language)
  if (currentQuery) search(currentQuery, null);
}
