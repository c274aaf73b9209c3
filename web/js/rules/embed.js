// The embed frame (embed/example.html#lang=…&r=…): the hand record travels in the URL.
// The first position shows at once as plain HTML; Python boots (in a worker) only when
// the frame scrolls into view or is touched, then the example steps and answers.
// The frame tells its host page its content height ({type: "kortti-embed-height",
// height}) whenever that changes, for hosts that size their frames to fit.
import { Example, Words, boardHtml, fill, icon } from "./lesson-board.js";
import { startPython } from "./lesson-python.js";
import { decodeRecord } from "./lesson-codec.js";
import { browserLanguage } from "../lang-choice.js";

const cfg = JSON.parse(document.getElementById("rules-config").textContent);
// The games, their decks and player ranges, as the engine has them (written by the build).
const GAMES = cfg.games;
const DECKS = cfg.decks;
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));

// the benchmark figure: the longest main-thread task of this frame so far
let longest = 0;
try {
  new PerformanceObserver((list) => list.getEntries().forEach((e) => { longest = Math.max(longest, e.duration); }))
    .observe({ type: "longtask", buffered: true });
} catch { /* no Long Tasks API */ }

const params = new URLSearchParams(location.hash.slice(1));
const asked = params.get("lang");
// the embed code's language, else the browser's (of the site's languages: cfg.langs)
const lang = cfg.ui[asked] ? asked : browserLanguage(cfg.langs);
document.documentElement.lang = lang;
const ui = cfg.ui[lang];
const t = (key, p = {}) => fill(String(ui[key] ?? key), p, lang);
const root = document.getElementById("embed");
// Opened alone, the example is the page's main content. In another site's page it is part
// of that page's content, inside the host's own landmarks: no second "main" there.
if (window.parent === window) root.setAttribute("role", "main");
let state = "decoding";
let drawn = null; // ms of script from the start of this module to the first position on screen
let live = null; // the example's steps once Python has made them (for tallest())
const began = performance.now();
window.korttiEmbed = { longest: () => longest, state: () => state, drawn: () => drawn, tallest: (data) => tallest(data || live) };

function setState(s) { state = s; root.dataset.state = s; reportHeight(); }

// The content height, posted to the host page when it changes. Measured at once after each
// change this script makes (a frame out of view gets no rendering updates, so no
// ResizeObserver callbacks, until it is scrolled to), and by a ResizeObserver for the rest.
let reported = 0;
function reportHeight() {
  const height = Math.ceil(root.getBoundingClientRect().height);
  if (!height || height === reported || window.parent === window) return;
  reported = height;
  window.parent.postMessage({ type: "kortti-embed-height", height }, "*");
}
if ("ResizeObserver" in window) new ResizeObserver(() => reportHeight()).observe(root);

function fail(kind, detail = "") {
  root.innerHTML = `<div class="embed-error" role="alert"><h1>${esc(t("embed_error"))}</h1>`
    + `<p>${esc(t(`embed_${kind}`, { message: detail }))}</p><p class="embed-help">${esc(t("embed_help"))}</p></div>`;
  setState("error");
}

function code(c, deck) {
  const s = String(c).toUpperCase().replace(/^10/, "T");
  return DECKS[deck].ranks.includes(s.slice(0, -1)) && s.length === 2 && DECKS[deck].suits.includes(s.slice(-1)) ? s : null;
}

/** Enough of the record's shape to draw its first position (the engine checks the rest). */
function shape(record) {
  if (!record || typeof record !== "object" || Array.isArray(record)) return t("embed_not_object");
  if (!Object.hasOwn(GAMES, record.game)) return t("embed_no_game", { game: String(record.game) });
  const [fewest, most] = GAMES[record.game].players;
  if (!Number.isInteger(record.players) || record.players < fewest || record.players > most) return t("embed_no_players", { fewest, most });
  if (record.deals !== undefined && !Array.isArray(record.deals)) return t("embed_no_deals");
  const deal = (record.deals || [])[0];
  if (deal && deal.hands !== undefined) {
    const deck = GAMES[record.game].deck;
    if (!Array.isArray(deal.hands) || deal.hands.length !== record.players
        || !deal.hands.every((h) => Array.isArray(h) && h.every((c) => code(c, deck)))) return t("embed_bad_hands");
  }
  return null;
}

function firstStep(record, names, deck) {
  const deal = (record.deals || [])[0] || {};
  const order = (c) => DECKS[deck].suits.indexOf(c[1]) * 20 - DECKS[deck].ranks.indexOf(c[0]);
  const hands = names.map((_, s) => (deal.hands ? deal.hands[s].map((c) => code(c, deck)).sort((a, b) => order(a) - order(b)).join(" ") : ""));
  return {
    h: t("first_position"), hands, table: [], st: names.map(() => ""), act: [],
    dealer: Number.isInteger(deal.dealer) ? deal.dealer : null, out: [], info: "",
    text: t(deal.hands ? "embed_waiting" : "embed_seeded"), why: "",
  };
}

/** True when the Kortti site cannot be reached: the reader is offline (or the site is down). */
async function unreachable() {
  if (navigator.onLine === false) return true;
  try {
    await fetch(location.href.split("#")[0], { method: "HEAD", cache: "no-store" });
    return false;
  } catch {
    return true;
  }
}

/**
 * The frame height this example needs at its tallest, at this frame's width: each step is
 * drawn in turn into a hidden copy of the example (for "your turn", the question too, with
 * an answer of the usual length). data: the steps as Python makes them (or as a rules page
 * carries them): {steps, names, deck, game, question?}. The copy button of the rules pages
 * and the test page call this in a frame of their own site (web/js/embed-size.js).
 */
async function tallest(data) {
  const fig = root.querySelector("figure.embed-ex");
  if (!data || !fig) return null;
  // clipped to nothing, so the copy never makes this frame scroll
  const clip = document.createElement("div");
  clip.setAttribute("aria-hidden", "true");
  clip.style.cssText = "position:absolute;left:0;top:0;width:0;height:0;overflow:hidden;visibility:hidden;pointer-events:none";
  const box = document.createElement("div");
  box.style.width = `${root.getBoundingClientRect().width}px`;
  const copy = /** @type {HTMLElement} */ (fig.cloneNode(true));
  copy.removeAttribute("id");
  copy.querySelector(".embed-status").textContent = "";
  copy.querySelector(".ex-q")?.remove();
  box.append(copy);
  clip.append(box);
  document.body.append(clip);
  try {
    const words = new Words(ui, cfg.cards[lang][data.deck], data.deck, lang, {});
    const ex = new Example(copy, { ...data, start: 0 }, words, cfg.base, {});
    const q = data.question;
    const why = ex.full.map((s) => s.why || "").reduce((a, b) => (b.length > a.length ? b : a), "") || t("embed_waiting");
    let max = 0;
    let slice = performance.now();
    for (let i = 0; i < ex.full.length; i++) {
      ex.show(i);
      const out = q && i === q.step ? copy.querySelector(".ex-answer") : null;
      if (out) { // room for the verdict, the bot's answer and what was played, and a line to spare
        const move = ex.actualLabel();
        const name = data.names[q.seat];
        out.innerHTML = `<p class="ex-verdict no"><strong>✗ ${esc(t("illegal"))}</strong> ${words.chips(t("illegal_move", { move }))} ${words.chips(why)}</p>`
          + `<p class="ex-bot">${words.chips(t("bot_says", { move }))} ${words.chips(t("because", { reason: why }))}</p>`
          + `<p class="ex-actual">${words.chips(t("actual", { name, move }))}</p><p class="ex-actual">&nbsp;</p>`
          + `<button type="button">${esc(t("try_again"))}</button> <button type="button">${esc(t("continue"))}</button>`;
      }
      max = Math.max(max, box.getBoundingClientRect().height);
      if (performance.now() - slice > 25) { // never one long task, even for a long record
        await new Promise((resolve) => setTimeout(resolve));
        slice = performance.now();
      }
    }
    // a reader's fonts may wrap a line where the author's did not: one line to spare
    const line = parseFloat(getComputedStyle(copy.querySelector(".ex-text")).lineHeight) || 24;
    return Math.ceil(max + line);
  } finally {
    clip.remove();
  }
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
  const deck = GAMES[record.game].deck;
  const words = new Words(ui, cfg.cards[lang][deck], deck, lang, {});
  const pool = cfg.names[lang];
  const names = Array.isArray(record.names) && record.names.length === record.players
    ? record.names.map(String) : Array.from({ length: record.players }, (_, i) => pool[i] || t("seat", { n: i + 1 }));
  const title = params.get("title") || t("embed_title", { game: t(`game.${record.game}`) });
  document.title = title;
  const rules = new URL(`${cfg.base}rules/${lang}/${record.game}.html`, location.href).href;
  root.innerHTML = `<figure class="ex embed-ex" id="ex" tabindex="-1"><figcaption><h1 class="embed-title">${esc(title)}</h1> `
    + `<a class="embed-rules" href="${esc(rules)}" target="_blank" rel="noopener">${esc(t("rules_link", { game: t(`game.${record.game}`) }))}</a></figcaption>`
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
    status.textContent = t("starting");
    go.disabled = true;
    setState("booting");
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
      live = data;
      setState("live");
    } catch (e) {
      if (await unreachable()) {
        // Offline, and this example was never saved on this device (the site's service
        // worker keeps it after one visit online): keep the cards, say so, and try again
        // when the connection is back.
        status.textContent = t("embed_offline");
        const retry = /** @type {HTMLButtonElement} */ (go.cloneNode(false));
        retry.innerHTML = `${icon("forward")} ${esc(t("embed_retry"))}`;
        retry.disabled = false;
        retry.addEventListener("click", () => location.reload());
        go.replaceWith(retry);
        window.addEventListener("online", () => location.reload(), { once: true });
        return setState("offline");
      }
      status.textContent = t("python_failed", { error: e.message || String(e) });
      setState("error");
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
