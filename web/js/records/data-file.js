// The player's data as one file, and back: the history and the statistics' rows in
// {kind: "kortti-data", version: 1, exported, history: [...], results: [...]}. Pure
// functions (no page, no storage): a file is checked whole before anything is merged,
// and a merge adds only what is missing, so importing the same file twice changes nothing.

export const KIND = "kortti-data";
export const VERSION = 1;

const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const isTime = (v) => Number.isFinite(v) && v >= 0;
const isIndex = (v) => Number.isInteger(v) && v >= 0;

// Why a history entry is not one ("" when it is): {id, game, started, updated, config,
// record (a hand record of that game), deals: [{index, when, outcome}], over}.
export function checkEntry(e, games = null) {
  if (!isObject(e)) return "not an object";
  if (typeof e.id !== "string" || !e.id) return "id";
  if (typeof e.game !== "string" || (games && !games.includes(e.game))) return "game";
  if (!isTime(e.started) || !isTime(e.updated)) return "time";
  if (!isObject(e.config)) return "config";
  if (!isObject(e.record) || !Array.isArray(e.record.deals)) return "record";
  if (e.record.game !== undefined && e.record.game !== e.game) return "record";
  if (!Array.isArray(e.deals)) return "deals";
  for (const d of e.deals) {
    if (!isObject(d) || !isIndex(d.index) || !isTime(d.when) || !isObject(d.outcome)) return "deals";
  }
  if (typeof e.over !== "boolean") return "over";
  return "";
}

// Why a statistics row is not one (""): {key, match, game, kind: "deal" | "match",
// deal (index, or null for the match's row), when, level, practice, daily, figures}.
export function checkRow(r, games = null) {
  if (!isObject(r)) return "not an object";
  if (typeof r.match !== "string" || !r.match) return "match";
  if (r.kind !== "deal" && r.kind !== "match") return "kind";
  if (r.kind === "deal" ? !isIndex(r.deal) : r.deal !== null) return "deal";
  if (r.key !== rowKey(r.match, r.kind === "deal" ? r.deal : null)) return "key";
  if (typeof r.game !== "string" || (games && !games.includes(r.game))) return "game";
  if (!isTime(r.when)) return "when";
  if (typeof r.level !== "string") return "level";
  if (typeof r.practice !== "boolean" || typeof r.daily !== "boolean") return "flags";
  if (!isObject(r.figures)) return "figures";
  return "";
}

// A results row's key: one per finished deal, one per finished match.
export function rowKey(match, deal) {
  return deal === null ? `${match}:match` : `${match}:${deal}`;
}

// The file's content for the stored entries and rows (`now`: ms since 1970).
export function exportData(history, results, now = Date.now()) {
  return { kind: KIND, version: VERSION, exported: new Date(now).toISOString(), history, results };
}

// Read a file's text: {ok: true, history, results} or {ok: false, code, where}. code:
// "json" (not JSON text), "kind" (not Kortti's data: another file), "version" (a newer
// version's file), "shape" (an entry or row is not what it should be; `where` names it,
// e.g. "history[3]: record").
export function parseData(text, games = null) {
  let doc;
  try {
    doc = JSON.parse(String(text));
  } catch {
    return { ok: false, code: "json", where: "" };
  }
  if (!isObject(doc) || doc.kind !== KIND) return { ok: false, code: "kind", where: "" };
  if (doc.version !== VERSION) return { ok: false, code: "version", where: String(doc.version) };
  for (const part of ["history", "results"]) {
    if (!Array.isArray(doc[part])) return { ok: false, code: "shape", where: part };
  }
  const ids = new Set();
  for (const [i, e] of doc.history.entries()) {
    const why = checkEntry(e, games);
    if (why) return { ok: false, code: "shape", where: `history[${i}]: ${why}` };
    if (ids.has(e.id)) return { ok: false, code: "shape", where: `history[${i}]: id` };
    ids.add(e.id);
  }
  for (const [i, r] of doc.results.entries()) {
    const why = checkRow(r, games);
    if (why) return { ok: false, code: "shape", where: `results[${i}]: ${why}` };
  }
  return { ok: true, history: doc.history, results: doc.results };
}

// What to store so that `current` ({history, results}, as stored) holds everything of
// `incoming` once: {history, results} to put, and the counts added or replaced.
// A match already present is kept once; the incoming entry replaces it only when it
// has more deals (the later copy of the same match). A row already present is kept.
export function mergeData(current, incoming) {
  const have = new Map(current.history.map((e) => [e.id, e]));
  const rows = new Set(current.results.map((r) => r.key));
  const history = [];
  let replaced = 0;
  for (const e of incoming.history) {
    const old = have.get(e.id);
    if (old && old.deals.length >= e.deals.length) continue;
    if (old) replaced += 1;
    history.push(e);
    have.set(e.id, e);
  }
  const results = [];
  for (const r of incoming.results) {
    if (rows.has(r.key)) continue;
    rows.add(r.key);
    results.push(r);
  }
  return { history, results, added: history.length - replaced, replaced, rows: results.length };
}
