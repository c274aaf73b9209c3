// The history of matches and the statistics' rows: what a finished deal (and match)
// stores, the history page (#/history), the 500-match cap (never dropped silently), and
// the data file (export, import) offered on the history and statistics pages.
import { DATA, t, el, lang, onLanguage } from "../i18n.js";
import { dateText, numbers } from "../plural.js";
import * as store from "./store.js";
import { checkEntry, exportData, mergeData, parseData, rowKey } from "./data-file.js";
import { confirmDialog } from "../table/table-view.js";

export const HISTORY_CAP = 500;
const GAMES = DATA.order ?? Object.keys(DATA.games);
const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

// ------------------------------------------------------------ recording

// A new match's id (kept in the save's config as config.id).
export function newMatchId() {
  if (typeof crypto !== "undefined" && crypto.randomUUID) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

// The bots' level, for the statistics: theirs when all play at one, else "mixed".
export function levelOf(config) {
  const levels = new Set(Object.values(isObject(config.levels) ? config.levels : {}).map(String));
  if (levels.size === 0) return "";
  return levels.size === 1 ? [...levels][0] : "mixed";
}

let chain = Promise.resolve(); // writes one after another: each reads the entry the last wrote

// A deal (and maybe the match) just finished: store the match's history entry and the
// statistics' rows. `outcome`: the table's (web/table/outcome.py). Resolves {ok, error?}.
export function recordOutcome(config, record, outcome) {
  const run = chain.then(() => write(config, record, outcome));
  chain = run.catch(() => undefined);
  return run;
}

async function write(config, record, outcome) {
  if (!isObject(config) || !config.id || !isObject(outcome) || !isObject(record)) return { ok: false, error: "nothing to record" };
  const now = Date.now();
  const id = String(config.id);
  const got = await store.getHistory(id);
  const old = got.ok && checkEntry(got.value) === "" ? got.value : null;
  const deals = (old?.deals ?? []).filter((d) => d.index !== outcome.deal);
  deals.push({ index: outcome.deal, when: now, outcome });
  deals.sort((a, b) => a.index - b.index);
  const { lang: _lang, ...kept } = config; // the reader's language is no part of the match
  const entry = { id, game: String(outcome.game ?? config.game), started: old?.started ?? (Number(config.started) || now),
    updated: now, config: kept, record, deals, over: Boolean(outcome.match_over) };
  const base = { match: id, game: entry.game, when: now, level: levelOf(config), players: Number(config.players) || 0,
    practice: Boolean(config.practice), daily: Boolean(config.daily) };
  // solo play: the player's figures; pass-and-play: each person's, under their name, apart
  const people = Array.isArray(outcome.people) ? outcome.people.filter(isObject) : null;
  const rows = [];
  for (const who of people ?? [outcome]) {
    const match = people ? `${id}/${who.seat}` : id; // (one row per person and deal)
    const own = people ? { ...base, match, person: String(who.name ?? "") } : base;
    rows.push({ ...own, key: rowKey(match, outcome.deal), kind: "deal", deal: outcome.deal, figures: who.result ?? {} });
    if (outcome.match_over && isObject(who.match)) {
      rows.push({ ...own, key: rowKey(match, null), kind: "match", deal: null, figures: who.match });
    }
  }
  const done = await store.putData([entry], rows);
  if (done.ok) store.askPersist(); // the player now has something to lose
  return done.ok ? { ok: true } : { ok: false, error: done.error };
}

// ------------------------------------------------------------ reading

// Every stored history entry, newest first (malformed ones left out).
export async function entries() {
  const read = await store.listHistory();
  if (!read.ok || !Array.isArray(read.value)) return [];
  return read.value.filter((e) => checkEntry(e) === "").sort((a, b) => b.started - a.started || b.updated - a.updated);
}

// Every statistics row (unchecked: stats.js reads them defensively).
export async function rows() {
  const read = await store.listResults();
  return read.ok && Array.isArray(read.value) ? read.value : [];
}

// ------------------------------------------------------------ the cap

// How many of the oldest matches are past the cap (0: none).
export async function overCap() {
  return Math.max(0, (await entries()).length - HISTORY_CAP);
}

async function dropOldest() {
  const all = await entries();
  const old = all.slice(HISTORY_CAP).map((e) => e.id);
  if (old.length) await store.dropHistory(old);
  return old.length;
}

// The notice when the history holds more than the cap: export first, or drop the oldest
// after a confirmation. null when under the cap. `after` runs once something was done.
export async function capNotice(after = () => {}) {
  const over = await overCap();
  if (!over) return null;
  const box = el("div", { class: "data-notice cap-notice", role: "status" },
    el("p", { text: t("web.history.cap.text", { cap: HISTORY_CAP, count: over }) }),
    el("div", { class: "data-actions" },
      el("button", { type: "button", class: "primary cap-export", text: t("web.history.cap.export"),
        onclick: async () => {
          await downloadData();
          await dropOldest();
          after();
        } }),
      el("button", { type: "button", class: "cap-drop", text: t("web.history.cap.drop"),
        onclick: async () => {
          if (!(await confirmDialog("cap-dialog", t("web.history.cap.title"),
            t("web.history.cap.confirm", { count: over }), t("web.history.cap.drop"), t("web.dialog.cancel")))) return;
          await dropOldest();
          after();
        } })));
  return box;
}

// ------------------------------------------------------------ the data file

function saveFile(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = el("a", { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// Download everything (history and statistics) as one file.
export async function downloadData() {
  const data = exportData(await entries(), await rows());
  const day = new Date().toISOString().slice(0, 10);
  saveFile(`kortti-data-${day}.json`, JSON.stringify(data));
}

// Import a file's text: checked whole first, then merged. Resolves the sentence to show
// and whether anything went wrong ({ok, text}).
export async function importText(text) {
  const parsed = parseData(text, GAMES);
  if (!parsed.ok) {
    const where = parsed.where ? t("web.history.import.where", { where: parsed.where }) : "";
    return { ok: false, text: `${t(`web.history.import.${parsed.code}`)}${where ? ` ${where}` : ""}` };
  }
  const read = [await store.listHistory(), await store.listResults()];
  if (!read.every((r) => r.ok)) return { ok: false, text: t("web.history.import.storage") };
  const current = { history: read[0].value.filter((e) => checkEntry(e) === ""), results: read[1].value.filter(isObject) };
  const merge = mergeData(current, parsed);
  const done = await store.putData(merge.history, merge.results);
  if (!done.ok) return { ok: false, text: t("web.history.import.storage") };
  if (merge.history.length || merge.results.length) store.askPersist();
  return { ok: true, text: t("web.history.import.done", { count: merge.added, rows: merge.rows }) };
}

// The "your data" box: export, import, and what the last import said (`said`: {ok, text},
// kept when the page is drawn again after an import).
/** @param {(out: any) => void} [after] what follows an import that went well */
export function dataBox(after = (out) => {}, said = null) {
  const note = el("p", { class: said && !said.ok ? "data-note error" : "data-note", id: "data-note", role: "status",
    text: said?.text ?? "" });
  const input = el("input", { type: "file", id: "data-file", accept: ".json,application/json", class: "visually-hidden" });
  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    let text;
    try {
      text = await file.text();
    } catch {
      text = "";
    }
    const out = await importText(text);
    note.textContent = out.text;
    note.classList.toggle("error", !out.ok);
    if (out.ok) after(out);
  });
  return el("section", { class: "data-box", "aria-labelledby": "data-title" },
    el("h3", { id: "data-title", text: t("web.history.data.title") }),
    el("p", { text: t("web.history.data.text") }),
    el("div", { class: "data-actions" },
      el("button", { type: "button", id: "data-export", text: t("web.history.data.export"), onclick: () => downloadData() }),
      el("label", { for: "data-file", class: "button", id: "data-import", text: t("web.history.data.import") }),
      input),
    note);
}

// ------------------------------------------------------------ the history page

function when(ms) {
  const d = new Date(ms);
  return el("time", { datetime: d.toISOString(),
    text: dateText(ms, lang, { dateStyle: "medium", timeStyle: "short" }) });
}

const signed = (n) => new Intl.NumberFormat(numbers(lang), { signDisplay: "exceptZero" }).format(n);

function players(e) {
  const names = Array.isArray(e.record.names) ? e.record.names.map(String) : [];
  const seat = Number(e.config.seat) || 0;
  const levels = isObject(e.config.levels) ? e.config.levels : {};
  // pass-and-play: the other people at the device are persons, whatever a level says
  const people = isObject(e.config.humans) ? e.config.humans : {};
  return names.map((name, s) => (s === seat || !levels[s] || s in people ? name
    : t("web.history.bot", { name, level: t(`web.level.${levels[s]}`) }))).join(", ");
}

// The match's result in its game's terms ("" while it goes on).
function resultText(e) {
  const last = e.deals[e.deals.length - 1]?.outcome;
  const m = isObject(last?.match) ? last.match : null;
  if (!e.over || !m) return t("web.history.unfinished", { count: e.deals.length });
  switch (e.game) {
    case "kocka": return t(m.lost ? "web.history.result.kocka.lost" : "web.history.result.kocka.won", { letters: m.letters ?? 0 });
    case "katte": return t("web.history.result.katte", { chips: signed(m.chips ?? 0), count: e.deals.length });
    case "katko": return t(m.won ? "web.history.result.katko.won" : "web.history.result.katko.lost", { points: m.score ?? 0 });
    case "call-kitti": return t(m.won ? "web.history.result.call-kitti.won" : "web.history.result.call-kitti.lost", { money: signed(m.money ?? 0) });
    default: return "";
  }
}

function item(e) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(e.record)], { type: "application/json" }));
  urls.push(url);
  const day = new Date(e.started).toISOString().slice(0, 10);
  const titleId = `h-${e.id}`;
  const tags = [e.config.practice ? t("web.history.practice") : null, e.config.daily ? t("web.history.daily") : null].filter(Boolean);
  return el("li", { class: "history-item", "data-id": e.id, "data-game": e.game },
    el("h3", { id: titleId }, el("span", { class: "history-game", text: t(`game.${e.game}`) }), " ", when(e.started),
      ...tags.map((x) => el("span", { class: "tag", text: x }))),
    el("p", { class: "history-players", text: players(e) }),
    el("p", { class: "history-result", text: resultText(e) }),
    el("div", { class: "history-actions" },
      el("a", { class: "history-replay", href: `#/replay/${encodeURIComponent(e.id)}`, "aria-describedby": titleId,
        text: t("web.history.replay") }),
      el("a", { class: "history-download", href: url, download: `kortti-${e.game}-${day}.json`, "aria-describedby": titleId,
        text: t("web.history.download") })));
}

let urls = [];

// Draw the history page into `root` (the #history section).
export async function showHistory(root) {
  shown = root;
  const draw = async (said = null) => {
    const list = await entries();
    for (const u of urls) URL.revokeObjectURL(u);
    urls = [];
    const notice = await capNotice(() => draw());
    if (root.hidden) return; // another page was opened meanwhile
    root.replaceChildren(
      el("p", { class: "page-back" }, el("a", { href: "#/", text: t("web.history.back") })),
      el("h2", { id: "history-title", tabindex: "-1", text: t("web.history.title") }),
      notice ?? "", // (no notice: nothing, not the word "null")
      list.length
        ? el("ul", { class: "history-list" }, ...list.map(item))
        : el("p", { class: "history-empty", text: t("web.history.empty") }),
      dataBox(draw, said));
    root.dataset.drawn = String(list.length); // tests wait for it
  };
  await draw();
  root.querySelector("h2")?.focus();
}

let shown = null; // the page's section, once drawn
onLanguage(() => {
  if (shown && !shown.hidden) showHistory(shown); // drawn again in the new language
});
