// The embed frame (embed/example.html#lang=…&r=…): the hand record travels in the URL.
// The first position shows at once as plain HTML; Python boots (in a worker) only when
// the frame scrolls into view or is touched, then the example steps and answers.
import { Example, Words, boardHtml, icon } from "./lesson-board.js";
import { startPython } from "./lesson-python.js";
import { decodeRecord } from "./lesson-codec.js";

const cfg = JSON.parse(document.getElementById("rules-config").textContent);
const GAMES = { katte: "french", katko: "french", "call-kitti": "french", kocka: "german" };
const RANKS = { french: "23456789TJQKA", german: "789TUOKA" };
const SUITS = { french: "SHDC", german: "HLAB" };
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));

// the benchmark figure: the longest main-thread task of this frame so far
let longest = 0;
try {
  new PerformanceObserver((list) => list.getEntries().forEach((e) => { longest = Math.max(longest, e.duration); }))
    .observe({ type: "longtask", buffered: true });
} catch { /* no Long Tasks API */ }

const params = new URLSearchParams(location.hash.slice(1));
const asked = params.get("lang");
const lang = cfg.ui[asked] ? asked : (["fi", "cs"].find((l) => (navigator.language || "").startsWith(l)) || "en");
document.documentElement.lang = lang;
const ui = cfg.ui[lang];
const t = (key, p = {}) => String(ui[key] ?? key).replace(/\{(\w+)\}/g, (w, k) => (k in p ? String(p[k]) : w));
const root = document.getElementById("embed");
let state = "decoding";
let drawn = null; // ms of script from the start of this module to the first position on screen
const began = performance.now();
window.korttiEmbed = { longest: () => longest, state: () => state, drawn: () => drawn };

function setState(s) { state = s; root.dataset.state = s; }

function fail(kind, detail = "") {
  setState("error");
  root.innerHTML = `<div class="embed-error" role="alert"><p><strong>${esc(t("embed_error"))}</strong></p>`
    + `<p>${esc(t(`embed_${kind}`, { message: detail }))}</p><p class="embed-help">${esc(t("embed_help"))}</p></div>`;
}

function code(c, deck) {
  const s = String(c).toUpperCase().replace(/^10/, "T");
  return RANKS[deck].includes(s.slice(0, -1)) && s.length === 2 && SUITS[deck].includes(s.slice(-1)) ? s : null;
}

/** Enough of the record's shape to draw its first position (the engine checks the rest). */
function shape(record) {
  if (!record || typeof record !== "object" || Array.isArray(record)) return t("embed_not_object");
  if (!(record.game in GAMES)) return t("embed_no_game", { game: String(record.game) });
  if (!Number.isInteger(record.players) || record.players < 2 || record.players > 20) return t("embed_no_players");
  if (record.deals !== undefined && !Array.isArray(record.deals)) return t("embed_no_deals");
  const deal = (record.deals || [])[0];
  if (deal && deal.hands !== undefined) {
    const deck = GAMES[record.game];
    if (!Array.isArray(deal.hands) || deal.hands.length !== record.players
        || !deal.hands.every((h) => Array.isArray(h) && h.every((c) => code(c, deck)))) return t("embed_bad_hands");
  }
  return null;
}

function firstStep(record, names, deck) {
  const deal = (record.deals || [])[0] || {};
  const order = (c) => SUITS[deck].indexOf(c[1]) * 20 - RANKS[deck].indexOf(c[0]);
  const hands = names.map((_, s) => (deal.hands ? deal.hands[s].map((c) => code(c, deck)).sort((a, b) => order(a) - order(b)).join(" ") : ""));
  return {
    h: t("first_position"), hands, table: [], st: names.map(() => ""), act: [],
    dealer: Number.isInteger(deal.dealer) ? deal.dealer : null, out: [], info: "",
    text: t(deal.hands ? "embed_waiting" : "embed_seeded"), why: "",
  };
}

/** Several embeds on one page start Python one after another, not all at once: each boot
 * compiles a large WebAssembly module, and on a small machine parallel boots starve the
 * host page. (Web Locks are shared by this site's frames on the page; without them, go.) */
async function oneAtATime(boot) {
  const booted = async () => { const client = boot(); await client.ready; return client; };
  if (!navigator.locks) return booted();
  try {
    return await navigator.locks.request("kortti-python-boot", booted);
  } catch {
    return booted(); // locks refused here (e.g. third-party storage blocked)
  }
}

async function main() {
  let record;
  try { record = await decodeRecord(params.get("r")); } catch (e) { return fail(e.kind || "broken"); }
  const problem = shape(record);
  if (problem) return fail("invalid", problem);
  const deck = GAMES[record.game];
  const words = new Words(ui, cfg.cards[lang][deck], deck, lang, {});
  const pool = cfg.names[lang];
  const names = Array.isArray(record.names) && record.names.length === record.players
    ? record.names.map(String) : Array.from({ length: record.players }, (_, i) => pool[i] || t("seat", { n: i + 1 }));
  const title = params.get("title") || t("embed_title", { game: t(`game_${record.game}`) });
  const rules = new URL(`${cfg.base}rules/${lang}/${record.game}.html`, location.href).href;
  root.innerHTML = `<figure class="ex embed-ex" id="ex" tabindex="-1"><figcaption><strong>${esc(title)}</strong> `
    + `<a class="embed-rules" href="${esc(rules)}" target="_blank" rel="noopener">${esc(t("rules_link", { game: t(`game_${record.game}`) }))}</a></figcaption>`
    + `<div class="ex-board"></div><div class="ex-bar"></div><p class="embed-status" role="status"></p></figure>`;
  const fig = root.querySelector("figure");
  fig.querySelector(".ex-board").innerHTML = boardHtml(firstStep(record, names, deck), names, deck, words, cfg.base);
  const status = fig.querySelector(".embed-status");
  const bar = fig.querySelector(".ex-bar");
  const go = document.createElement("button");
  go.type = "button";
  go.className = "ex-start";
  go.innerHTML = `${icon("forward")} ${esc(t("start_example"))}`;
  bar.append(go);
  setState("first");
  performance.mark("kortti:embed-first");
  drawn = performance.now() - began;

  let started = false;
  const turn = (params.get("turn") || "").split(".").map(Number);
  const start = async () => {
    if (started) return;
    started = true;
    setState("booting");
    status.textContent = t("starting");
    go.disabled = true;
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register(new URL("sw.js", new URL(cfg.base, location.href))).catch(() => {});
    }
    try {
      const client = await oneAtATime(() => startPython(cfg.base, cfg.pyodide));
      const data = await client.call({ fn: "steps", record, lang, turn: turn.length === 2 && turn.every(Number.isInteger) ? turn : null });
      if (data.error) {
        const where = data.error.where ? `${data.error.where}: ` : "";
        return fail("invalid", where + data.error.message);
      }
      data.start = data.question ? data.question.step : 0;
      data.record = record;
      status.textContent = "";
      new Example(fig, data, words, cfg.base, { python: () => client.ready });
      setState("live");
    } catch (e) {
      setState("error");
      status.textContent = t("python_failed", { error: e.message || String(e) });
    }
  };
  go.addEventListener("click", start);
  for (const type of ["pointerdown", "keydown", "focusin"]) document.addEventListener(type, start, { once: true, passive: true });
  if ("IntersectionObserver" in window) {
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) { io.disconnect(); start(); }
    }, { threshold: 0.3 });
    io.observe(fig);
  }
}

main();
