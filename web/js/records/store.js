// The player's data in the browser: saved matches (one per game) in IndexedDB, saves that
// could not be resumed "kept aside" (never deleted silently), the history of matches and
// the statistics' rows (version 2), a per-match lock so a second tab can tell a match is
// open elsewhere, and the lobby's choices in localStorage.
//
// Nothing here throws to its callers for storage trouble: every call resolves with a
// result that says what happened. Where IndexedDB cannot be opened (some private
// windows, storage switched off) the data lives in memory for this page only, and
// `store.persistent` is false (`store.reason` says why).

export const DB_NAME = "kortti";
const SAVES = "saves"; // key: the game ("kocka"); value: the save object (any value, read defensively)
const ASIDE = "aside"; // key: id (auto); value: {id, game, raw, reason, when}
const HISTORY = "history"; // key: the match's id; value: {id, game, started, updated, config, record, deals, over}
const RESULTS = "results"; // key: `${matchId}:${dealIndex}` or `${matchId}:match`; value: a statistics row

// One step per database version, in order: what that version adds. A shipped step is
// never edited; a new version appends the next step (createObjectStore, createIndex, or
// a migration of existing values through `tx`). `onupgradeneeded` runs every step from
// the stored version up, so a browser that skipped versions still ends up complete.
/** @type {((db: IDBDatabase, tx: IDBTransaction) => void)[]} */
export const UPGRADES = [
  /* 1 */ (db) => {
    db.createObjectStore(SAVES);
    db.createObjectStore(ASIDE, { keyPath: "id", autoIncrement: true });
  },
  /* 2, issue 10 */ (db) => {
    db.createObjectStore(HISTORY, { keyPath: "id" }).createIndex("updated", "updated");
    db.createObjectStore(RESULTS, { keyPath: "key" });
  },
];
export const DB_VERSION = UPGRADES.length;

export const SAVE_VERSION = 1; // save.v: the shape of a saved match
const CHOICES_KEY = "kortti-lobby"; // localStorage: the lobby's choices
const LOCK_PREFIX = "kortti-match-"; // Web Locks name: one per game
const BLOCKED_MS = 4000; // another tab blocks an upgrade this long: keep to memory for this page

// ------------------------------------------------------------ backends

function requestDone(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

// Run `work(tx)` in one transaction; resolves with work's result once the transaction
// has committed, rejects with the transaction's error.
function transact(db, names, mode, work) {
  return new Promise((resolve, reject) => {
    let tx;
    let out;
    try {
      tx = db.transaction(names, mode);
      out = work(tx);
    } catch (e) {
      try { tx?.abort(); } catch { /* already finished */ }
      reject(e);
      return;
    }
    tx.oncomplete = () => Promise.resolve(out).then(resolve, reject);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new DOMException("transaction aborted", "AbortError"));
  });
}

function idbBackend(db) {
  return {
    putSave: (game, value) => transact(db, [SAVES], "readwrite", (tx) => { tx.objectStore(SAVES).put(value, game); }),
    deleteSave: (game) => transact(db, [SAVES], "readwrite", (tx) => { tx.objectStore(SAVES).delete(game); }),
    readSaves: () => transact(db, [SAVES], "readonly", (tx) => {
      const out = [];
      const req = tx.objectStore(SAVES).openCursor();
      req.onsuccess = () => {
        const cursor = req.result;
        if (!cursor) return;
        out.push({ key: cursor.key, value: cursor.value });
        cursor.continue();
      };
      return out;
    }),
    aside: (entry, key) => transact(db, [SAVES, ASIDE], "readwrite", (tx) => {
      const added = requestDone(tx.objectStore(ASIDE).add(entry));
      tx.objectStore(SAVES).delete(key);
      return added; // the new id
    }),
    listAside: () => transact(db, [ASIDE], "readonly", (tx) => requestDone(tx.objectStore(ASIDE).getAll())),
    deleteAside: (id) => transact(db, [ASIDE], "readwrite", (tx) => { tx.objectStore(ASIDE).delete(id); }),
    getHistory: (id) => transact(db, [HISTORY], "readonly", (tx) => requestDone(tx.objectStore(HISTORY).get(id))),
    readAll: (name) => transact(db, [name], "readonly", (tx) => requestDone(tx.objectStore(name).getAll())),
    // history entries and results rows in one transaction: all are stored, or none
    putData: (history, results) => transact(db, [HISTORY, RESULTS], "readwrite", (tx) => {
      for (const h of history) tx.objectStore(HISTORY).put(h);
      for (const r of results) tx.objectStore(RESULTS).put(r);
    }),
    deleteHistory: (ids) => transact(db, [HISTORY], "readwrite", (tx) => {
      for (const id of ids) tx.objectStore(HISTORY).delete(id);
    }),
  };
}

function memoryBackend() {
  const saves = new Map();
  const aside = new Map();
  const history = new Map();
  const results = new Map();
  let next = 1;
  const copy = (v) => (typeof structuredClone === "function" ? structuredClone(v) : JSON.parse(JSON.stringify(v)));
  return {
    putSave: async (game, value) => { saves.set(game, copy(value)); },
    deleteSave: async (game) => { saves.delete(game); },
    readSaves: async () => [...saves].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, value]) => ({ key, value: copy(value) })),
    aside: async (entry, key) => {
      const id = next++;
      aside.set(id, { ...entry, id });
      saves.delete(key);
      return id;
    },
    listAside: async () => [...aside.values()].map(copy),
    deleteAside: async (id) => { aside.delete(id); },
    getHistory: async (id) => (history.has(id) ? copy(history.get(id)) : undefined),
    readAll: async (name) => [...(name === HISTORY ? history : results).values()].map(copy),
    putData: async (hs, rs) => {
      const h = hs.map(copy);
      const r = rs.map(copy); // copied first: a value that cannot be copied stores nothing
      for (const e of h) history.set(e.id, e);
      for (const e of r) results.set(e.key, e);
    },
    deleteHistory: async (ids) => { for (const id of ids) history.delete(id); },
  };
}

// ------------------------------------------------------------ opening the database

let opening = null; // Promise<{backend, db}>

function openDb() {
  return new Promise((resolve, reject) => {
    let req;
    try {
      req = indexedDB.open(DB_NAME, DB_VERSION);
    } catch (e) {
      reject(e);
      return;
    }
    let timer = null;
    req.onupgradeneeded = (e) => {
      const db = req.result;
      for (let v = e.oldVersion + 1; v <= DB_VERSION; v++) UPGRADES[v - 1](db, req.transaction);
    };
    req.onblocked = () => { // an old tab keeps the database open and will not close it
      timer = setTimeout(() => reject(new DOMException("another tab blocks the database upgrade", "BlockedError")), BLOCKED_MS);
    };
    req.onsuccess = () => {
      clearTimeout(timer);
      resolve(req.result);
    };
    req.onerror = () => {
      clearTimeout(timer);
      reject(req.error);
    };
  });
}

// A newer version of the site (another tab) upgraded the database past ours: use it as it
// is when it still has our stores (a later version only adds stores).
function openAnyVersion() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME);
    req.onsuccess = () => {
      const db = req.result;
      if ([SAVES, ASIDE].every((n) => db.objectStoreNames.contains(n))) resolve(db);
      else {
        db.close();
        reject(new DOMException("the database lacks the saves", "VersionError"));
      }
    };
    req.onerror = () => reject(req.error);
  });
}

function connect() {
  if (opening) return opening;
  opening = (async () => {
    if (typeof indexedDB === "undefined" || indexedDB === null) return fallback("no IndexedDB in this browser window");
    let db;
    try {
      db = await openDb();
    } catch (e) {
      if (e?.name === "VersionError") {
        try { db = await openAnyVersion(); } catch (e2) { return fallback(describe(e2)); }
      } else return fallback(describe(e));
    }
    // a newer version in another tab wants to upgrade: let it (we reopen on next use)
    db.onversionchange = () => {
      db.close();
      opening = null;
    };
    db.onclose = () => { opening = null; }; // closed by the browser (storage cleared)
    store.persistent = true;
    store.reason = "";
    return { backend: idbBackend(db), db };
  })();
  return opening;
}

let memory = null;
function fallback(reason) {
  memory ??= memoryBackend();
  store.persistent = false;
  store.reason = reason;
  return { backend: memory, db: null };
}

function describe(e) {
  if (!e) return "unknown error";
  return e.name ? `${e.name}: ${e.message}` : String(e);
}

// Run one operation on the backend; never rejects.
async function attempt(op) {
  try {
    const { backend } = await connect();
    return { ok: true, value: await op(backend) };
  } catch (e) {
    return { ok: false, error: describe(e) };
  }
}

// ------------------------------------------------------------ write lanes (one per game)

// Writes to one game's save run one at a time, in order. A write or delete waiting behind
// the running one is replaced by the next (last write wins: saves come after every
// action); each caller's promise resolves when the value that replaced its own is stored.
// Setting a save aside is never replaced.
const lanes = new Map();

function enqueue(game, kind, arg) {
  return new Promise((resolve) => {
    let lane = lanes.get(game);
    if (!lane) {
      lane = { queue: [], idle: null };
      lanes.set(game, lane);
    }
    const last = lane.queue[lane.queue.length - 1];
    if (last && last.kind !== "aside" && kind !== "aside") {
      last.kind = kind;
      last.arg = arg;
      last.waiters.push(resolve);
    } else {
      lane.queue.push({ kind, arg, waiters: [resolve] });
    }
    if (!lane.idle) lane.idle = pump(game, lane);
  });
}

async function pump(game, lane) {
  while (lane.queue.length) {
    const job = lane.queue.shift();
    let result;
    if (job.kind === "put") result = await attempt((b) => b.putSave(game, job.arg));
    else if (job.kind === "delete") result = await attempt((b) => b.deleteSave(game));
    else result = await attempt((b) => b.aside(job.arg.entry, job.arg.key));
    const out = result.ok
      ? { ok: true, ...(job.kind === "aside" ? { id: result.value } : {}), persistent: store.persistent }
      : { ok: false, error: result.error, persistent: store.persistent };
    for (const w of job.waiters) w(out);
  }
  lanes.delete(game);
}

// ------------------------------------------------------------ saves

function isObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

// Why a stored value is not a save this version can offer ("" when it is one).
export function checkSave(value, key) {
  if (!isObject(value)) return `not an object (${value === null ? "null" : Array.isArray(value) ? "array" : typeof value})`;
  if (value.v !== SAVE_VERSION) return `unknown save version ${JSON.stringify(value.v) ?? "(none)"}`;
  if (typeof value.game !== "string" || !value.game) return "no game";
  if (key !== undefined && value.game !== key) return `saved under ${JSON.stringify(key)} but for ${JSON.stringify(value.game)}`;
  if (!isObject(value.config)) return "no config";
  if (!isObject(value.record)) return "no hand record";
  if (!Array.isArray(value.record.deals)) return "the hand record has no deals list";
  if (value.record.game !== undefined && value.record.game !== value.game) return "the hand record is for another game";
  if (value.updated !== undefined && !Number.isFinite(value.updated)) return "bad time";
  if (value.summary !== undefined && !isObject(value.summary)) return "bad summary";
  return "";
}

// Any stored value as text (what a player downloads from "kept aside").
export function rawText(value) {
  if (typeof value === "string") return value;
  try {
    const text = JSON.stringify(value, null, 1);
    if (text !== undefined) return text;
  } catch { /* a cycle or a BigInt: fall through */ }
  try { return String(value); } catch { return Object.prototype.toString.call(value); }
}

// Save the match in progress (replaces the game's previous save).
// Resolves {ok: true, persistent} or {ok: false, error, persistent}.
export function saveMatch(save) {
  const why = checkSave(save);
  if (why) return Promise.resolve({ ok: false, error: `not saved: ${why}`, persistent: store.persistent });
  let copy;
  try {
    copy = structuredClone(save); // taken now: later changes by the caller are not saved
  } catch (e) {
    return Promise.resolve({ ok: false, error: `not saved: ${describe(e)}`, persistent: store.persistent });
  }
  return enqueue(save.game, "put", copy);
}

// Every saved match: {saves: {game: save}, broken: [{game, key, raw, reason}], persistent,
// error?}. A value that is not a save is reported in broken, never thrown; it stays
// stored until setAside() (or dropMatch) moves it.
export async function loadMatches() {
  await flush();
  const read = await attempt((b) => b.readSaves());
  const out = { saves: {}, broken: [], persistent: store.persistent };
  if (!read.ok) return { ...out, error: read.error };
  for (const { key, value } of read.value) {
    const why = checkSave(value, key);
    if (why) {
      const game = typeof key === "string" ? key : isObject(value) && typeof value.game === "string" ? value.game : String(key);
      out.broken.push({ game, key, raw: rawText(value), reason: why });
    } else {
      out.saves[key] = value;
    }
  }
  return out;
}

// Forget the game's saved match. Resolves {ok, persistent, error?}.
export function dropMatch(game) {
  return enqueue(String(game), "delete", null);
}

// Move a save that cannot be resumed out of the saves into "kept aside" (`raw`: its text,
// or any value, turned into text). Resolves {ok: true, id} or {ok: false, error}.
// `key`: where the save is stored, when not under its game (a broken entry's key).
export function setAside(game, raw, reason = "", key = undefined) {
  const entry = { game: String(game), raw: rawText(raw), reason: String(reason ?? ""), when: Date.now() };
  return enqueue(entry.game, "aside", { entry, key: key ?? entry.game });
}

// Everything kept aside, oldest first: [{id, game, raw, reason, when}] ([] if unreadable).
export async function keptAside() {
  const read = await attempt((b) => b.listAside());
  if (!read.ok || !Array.isArray(read.value)) return [];
  return read.value
    .filter(isObject)
    .map((e) => ({ id: e.id, game: String(e.game ?? ""), raw: rawText(e.raw), reason: String(e.reason ?? ""), when: Number(e.when) || 0 }))
    .sort((a, b) => a.id - b.id);
}

// Delete one kept-aside save for good (the player asked). Resolves {ok, error?}.
export async function discardAside(id) {
  const done = await attempt((b) => b.deleteAside(id));
  return done.ok ? { ok: true } : { ok: false, error: done.error };
}

// The saves and the kept-aside list in one call, with every malformed save moved aside
// first: {saves: {game: save}, aside: [...keptAside()], persistent}.
// Calls run one after another (two at once would set the same save aside twice).
let loading = Promise.resolve();
export function loadAll() {
  const run = loading.then(async () => {
    const { saves, broken } = await loadMatches();
    for (const b of broken) await setAside(b.game, b.raw, b.reason, b.key);
    return { saves, aside: await keptAside(), persistent: store.persistent };
  });
  loading = run.catch(() => undefined);
  return run;
}

// Resolves once every write asked for so far has finished.
export async function flush() {
  while (lanes.size) await Promise.all([...lanes.values()].map((l) => l.idle));
}

// The open IndexedDB connection (null when in memory).
export async function database() {
  return (await connect()).db;
}

// ------------------------------------------------------------ history and statistics (v2)
// The shapes are history.js's and data-file.js's; here they are only stored. Each call
// resolves {ok: true, value?} or {ok: false, error}; a database a newer version made
// without these stores answers {ok: false}.

// One match's history entry (undefined when there is none).
export function getHistory(id) {
  return attempt((b) => b.getHistory(String(id)));
}

// Every history entry (unordered).
export function listHistory() {
  return attempt((b) => b.readAll(HISTORY));
}

// Every statistics row (unordered).
export function listResults() {
  return attempt((b) => b.readAll(RESULTS));
}

// Store history entries (by id) and results rows (by key) together: all or nothing.
export function putData(history = [], results = []) {
  return attempt((b) => b.putData(history, results));
}

// Drop history entries (never results rows: the statistics keep them for good).
export function dropHistory(ids) {
  return attempt((b) => b.deleteHistory(ids.map(String)));
}

// ------------------------------------------------------------ one tab per match

const tabId = Math.random().toString(36).slice(2);
const held = new Set(); // games this page holds without Web Locks (BroadcastChannel fallback)
let channel = null;

function lockName(game) {
  return LOCK_PREFIX + game;
}

function broadcast() {
  if (channel || typeof BroadcastChannel !== "function") return channel;
  channel = new BroadcastChannel("kortti-locks");
  channel.onmessage = (e) => {
    const m = e.data;
    if (m?.type === "who" && held.has(m.game)) channel.postMessage({ type: "mine", game: m.game, from: tabId, to: m.from });
  };
  return channel;
}

// Hold the game's match for this tab: resolves {release()} (release resolves when the lock
// is let go), or null when another tab of this site holds it. With ``waitMs`` (and Web
// Locks; the fallback below answers at once), a lock held elsewhere is waited for that long: a reloaded table's old page lets go of it only as it
// unloads, a moment after the new page asks (without the wait, a reload sometimes found its
// own match "open in another tab" and showed the lobby).
export async function lockMatch(game, waitMs = 0) {
  game = String(game);
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (locks?.request) {
    try {
      let letGo = null;
      let done;
      const options = waitMs > 0 && typeof AbortSignal.timeout === "function"
        ? { signal: AbortSignal.timeout(waitMs) } : { ifAvailable: true };
      const granted = await new Promise((answer, fail) => {
        done = locks.request(lockName(game), options, (lock) => {
          if (!lock) {
            answer(false);
            return null;
          }
          answer(true);
          return new Promise((r) => { letGo = r; }); // held until release()
        });
        // (the wait ran out: another tab holds it)
        done.catch((e) => (e?.name === "TimeoutError" || e?.name === "AbortError" ? answer(false) : fail(e)));
      });
      if (!granted) return null;
      let released = false;
      return {
        release() {
          if (!released) {
            released = true;
            letGo?.();
          }
          return done.then(() => undefined, () => undefined);
        },
      };
    } catch { /* locks refused (e.g. an opaque origin): fall back below */ }
  }
  const ch = broadcast();
  if (ch) {
    const other = await new Promise((answer) => {
      const listen = (e) => {
        if (e.data?.type === "mine" && e.data.game === game && e.data.to === tabId) answer(true);
      };
      ch.addEventListener("message", listen);
      ch.postMessage({ type: "who", game, from: tabId });
      setTimeout(() => {
        ch.removeEventListener("message", listen);
        answer(false);
      }, 150);
    });
    if (other || held.has(game)) return null;
  } else if (held.has(game)) return null;
  held.add(game);
  let released = false;
  return {
    release() {
      if (!released) {
        released = true;
        held.delete(game);
      }
      return Promise.resolve();
    },
  };
}

// Resolves true once no tab holds the game's match (after lockMatch gave null), false if
// this browser cannot tell; `signal` (AbortSignal) stops waiting (resolves false).
/** @param {string} game @param {{signal?: AbortSignal}} [options] */
export async function whenFree(game, { signal } = {}) {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (!locks?.request) return false;
  try {
    // a shared request waits behind the holder's exclusive lock, then lets go at once
    await locks.request(lockName(String(game)), { mode: "shared", signal }, () => null);
    return true;
  } catch {
    return false;
  }
}

// ------------------------------------------------------------ keep the data

let persistAnswer = null;

// Ask the browser once (per page) to keep this site's storage; resolves true when it is
// kept (also when it already was), false when refused or not supported.
export function askPersist() {
  persistAnswer ??= (async () => {
    try {
      const s = navigator.storage;
      if (!s?.persist) return false;
      if (s.persisted && (await s.persisted())) return true;
      return Boolean(await s.persist());
    } catch {
      return false;
    }
  })();
  return persistAnswer;
}

// ------------------------------------------------------------ the lobby's choices

// The lobby's remembered choices (an object; {} when none or unreadable). Synchronous, so
// the lobby is drawn with them at once.
export function loadChoices() {
  try {
    const text = localStorage.getItem(CHOICES_KEY);
    if (!text) return {};
    const value = JSON.parse(text);
    return isObject(value) ? value : {};
  } catch {
    return {};
  }
}

// Remember the lobby's choices; true when stored.
export function saveChoices(choices) {
  try {
    localStorage.setItem(CHOICES_KEY, JSON.stringify(choices));
    return true;
  } catch {
    return false;
  }
}

// ------------------------------------------------------------ the module's face

export const store = {
  // true: IndexedDB (kept across visits); false: memory only (this page); `reason` says why.
  // Known for sure after the first call that touches the saves (or `await store.open()`).
  persistent: typeof indexedDB !== "undefined" && indexedDB !== null,
  reason: "",
  open: async () => { await connect(); return store.persistent; },
  saveMatch, loadMatches, dropMatch, setAside, keptAside, discardAside, loadAll, flush,
  lockMatch, whenFree, askPersist, loadChoices, saveChoices, database, checkSave,
  getHistory, listHistory, listResults, putData, dropHistory,
};
export default store;
