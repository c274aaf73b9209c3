// The replay viewer: a finished deal stepped through from one seat, drawn by the table's own
// drawing code (table-view.js) but read-only. Routes (app.js):
//   #/replay/<historyId>               a match of this device's history (history.js, store.js)
//   #/share/<seat>.<deal>.<payload>    a shared deal: the hand record in the link itself,
//                                      encoded as embeds do (lesson-codec.js; docs/links.md)
// Python (web/table/replay.py, in the worker) replays the record with the engine and gives
// each step's model: what the seat saw then, never more. Nothing is uploaded anywhere.
import { DATA, t, el, lang, onLanguage } from "../i18n.js";
import { call } from "../engine.js";
import * as view from "../table/table-view.js";
import * as store from "./store.js";
import { encodeRecord, decodeRecord } from "../rules/lesson-codec.js";

/** An element of the page by its id (of many kinds: typed loosely) @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
const root = () => $("replay");
const NO_HAND_UI = { groups: [], busy: true, mode: null, actionsOf: () => [] };
const NOOP = { card() {} };

let open = 0; // bumped by every opening (and closing): older replies are dropped
let state = null; // {record, seat, deals, deal, step, steps, want (the step asked for), reply}
let requests = 0; // steps asked for: only the last one's reply is drawn

// ------------------------------------------------------------------ links

/** "#/share/<seat>.<deal>.[s<step>.]<payload>" read: {seat, deal, step, payload}, or null if it
 * is not one. The optional step (a review's link to one decision) opens the viewer there; a
 * payload starts with "z" or "j" (lesson-codec.js), so "s" cannot be mistaken for one. */
export function parseShare(text) {
  const m = /^(\d{1,3})\.(\d{1,4})\.(?:s(\d{1,4})\.)?(.*)$/s.exec(text || "");
  return m ? { seat: Number(m[1]), deal: Number(m[2]), step: Number(m[3] || 0), payload: m[4] } : null;
}

/** The share link of deal ``deal`` (from 0) of ``record``, seen from ``seat``: the record up
 * to that deal (later deals stay private), in the URL fragment (never sent to a server). */
export async function shareLink(record, seat, deal) {
  const trimmed = { ...record, deals: (record.deals || []).slice(0, deal + 1) };
  const page = new URL(location.href);
  page.hash = "";
  page.search = "";
  return `${page.href.replace(/#$/, "")}#/share/${seat}.${deal}.${await encodeRecord(trimmed)}`;
}

/** Make the link, copy it, and show it in a selectable field (where copying is refused, the
 * field is the way). ``box``: where the message and the field go. */
export async function share(box, record, seat, deal) {
  const link = await shareLink(record, seat, deal);
  let copied = false;
  try {
    await navigator.clipboard.writeText(link);
    copied = true;
  } catch { /* no clipboard here (permissions, insecure origin): the field below */ }
  const field = el("input", { id: "share-link", class: "share-link", type: "text", readonly: true, value: link,
    "aria-label": t("web.replay.share.label"), onfocus: (e) => e.target.select() });
  box.replaceChildren(el("p", { role: "status", text: t(copied ? "web.replay.share.copied" : "web.replay.share.select") }), field);
  box.hidden = false;
  if (!copied) { field.focus(); field.select(); }
  return link;
}

// ------------------------------------------------------------------ the page

function skeleton() {
  // the table keeps its own drawing ids (felt, seats, hand …): only one of the two holds them
  $("table")?.replaceChildren();
  root().replaceChildren(
    el("div", { class: "table-head" },
      el("h1", { id: "replay-title", tabindex: "-1" }), // (the page's h1 here: the site's header hides)
      el("p", { id: "replay-seat", class: "replay-seat" })),
    el("p", { id: "felt-info", class: "felt-info" }),
    el("div", { id: "felt", class: "felt", role: "group", "aria-label": t("web.table.felt") },
      el("ul", { id: "seats", class: "seats", "aria-label": t("web.table.players") }),
      el("div", { id: "center", class: "center" }),
      el("div", { id: "trick", class: "trick", role: "group", "aria-label": t("web.table.trick") })),
    el("p", { id: "trick-line", class: "trick-line empty" }),
    el("div", { id: "shown", class: "shown-groups" }),
    el("p", { id: "replay-line", class: "status replay-line", "aria-live": "polite" }),
    el("p", { id: "replay-who", class: "replay-who" }),
    // the hand by the step buttons: on a phone both on the first screen, what a step did in sight
    el("div", { id: "hand", class: "hand", role: "group", tabindex: "-1", "aria-label": t("web.table.hand") }),
    el("div", { class: "replay-bar", role: "toolbar", "aria-label": t("web.replay.steps"), "aria-controls": "felt" },
      el("button", { id: "replay-first", type: "button", "aria-keyshortcuts": "Home", onclick: () => go(0), text: "«", title: t("web.replay.first"), "aria-label": t("web.replay.first") }),
      el("button", { id: "replay-prev", type: "button", "aria-keyshortcuts": "ArrowLeft", onclick: () => go((state.want ?? state.step) - 1), text: "◀", title: t("web.replay.prev"), "aria-label": t("web.replay.prev") }),
      el("output", { id: "replay-step", class: "replay-step" }),
      el("button", { id: "replay-next", type: "button", "aria-keyshortcuts": "ArrowRight", onclick: () => go((state.want ?? state.step) + 1), text: "▶", title: t("web.replay.next"), "aria-label": t("web.replay.next") }),
      el("button", { id: "replay-last", type: "button", "aria-keyshortcuts": "End", onclick: () => go(state.steps), text: "»", title: t("web.replay.last"), "aria-label": t("web.replay.last") }),
      el("label", { id: "replay-deal-label", class: "replay-deal", hidden: true }, el("span", { text: t("web.replay.deal") }),
        el("select", { id: "replay-deal", onchange: (e) => go(0, Number(e.target.value)) }))),
    el("p", { class: "replay-keys", text: t("web.replay.keys") }),
    // the deal's results under the bar, not over the felt: the last trick stays in sight
    el("section", { id: "summary", class: "summary", hidden: true, "aria-labelledby": "summary-title" }),
    el("div", { class: "summary-actions replay-actions" },
      el("a", { id: "replay-download", class: "button", text: t("web.replay.download") }),
      el("button", { id: "replay-share", type: "button", onclick: () => share($("replay-share-box"), state.record, state.seat, state.deal), text: t("web.replay.share") }),
      el("a", { id: "replay-back", class: "button", href: "#/", text: t("web.replay.back") })),
    el("div", { id: "replay-share-box", class: "share-box", hidden: true }),
  );
  view.keepSeatsPlaced(); // (the lines under the felt change its height)
}

function loading() {
  // before Python is up (a shared replay opened on a first visit), how far its start is
  const booting = document.body.dataset.ready !== "1";
  root().replaceChildren(el("p", { class: "replay-loading", role: "status", text: t("web.replay.loading") }),
    ...(booting ? [el("progress", { id: "replay-boot-bar", class: "replay-boot", max: 100, value: $("boot-bar")?.value ?? 0,
      "aria-label": t("web.boot.label") }),
    el("p", { id: "replay-boot-text", class: "replay-boot", text: $("boot-text")?.textContent ?? "" })] : []));
  root().dataset.state = "loading";
}

document.addEventListener("kortti:boot", (/** @type {CustomEvent} */ event) => {
  const bar = $("replay-boot-bar");
  if (!bar) return;
  bar.value = event.detail.percent;
  $("replay-boot-text").textContent = event.detail.text;
});

function fail(message, detail = "") {
  root().replaceChildren(el("div", { class: "replay-error", role: "alert" },
    el("h2", { id: "replay-error-title", text: t("web.replay.error.title") }),
    el("p", { id: "replay-error", text: message }),
    detail ? el("p", { class: "replay-detail", text: detail }) : null,
    el("p", {}, el("a", { id: "replay-back", class: "button", href: "#/", text: t("web.replay.back") }))));
  root().dataset.state = "error";
}

/** The record to show, from the route: {record, seat, deal, you} or {error}. */
async function source(r) {
  if (r.page === "share") {
    const link = parseShare(r.arg);
    if (!link) return { error: t("web.replay.error.broken") };
    let record;
    try {
      record = await decodeRecord(link.payload);
    } catch (e) {
      return { error: t(e.kind === "truncated" ? "web.replay.error.truncated" : "web.replay.error.broken") };
    }
    if (!record || typeof record !== "object" || Array.isArray(record)) return { error: t("web.replay.error.broken") };
    if (!DATA.order.includes(record.game)) return { error: t("web.replay.error.game", { game: String(record.game) }) };
    return { record, seat: link.seat, deal: link.deal, step: link.step, you: false };
  }
  // a history entry (history.js): {id, config: {seat …}, record, deals, …}; opens on its last deal
  let id;
  try { id = decodeURIComponent(r.arg); } catch { return { error: t("web.replay.error.missing") }; }
  const got = await store.getHistory(id).catch(() => null);
  const entry = got && got.ok ? got.value : null;
  if (!entry || !entry.record || typeof entry.record !== "object") return { error: t("web.replay.error.missing") };
  const deals = Array.isArray(entry.record.deals) ? entry.record.deals.length : 0;
  // pass-and-play: every person by name, as the table named them (nobody there was "you")
  const passing = Boolean(entry.config?.humans) && Object.keys(entry.config.humans).length > 0;
  return { record: entry.record, seat: Number(entry.config?.seat ?? 0), deal: Math.max(0, deals - 1), you: !passing };
}

async function show(r, ready) {
  const mine = ++open;
  state = null;
  root().hidden = false;
  loading();
  const src = await source(r);
  if (mine !== open) return;
  if (src.error) return fail(src.error);
  let opened;
  try {
    await ready();
    opened = await call("replay_open", JSON.stringify({ record: src.record, seat: src.seat, you: src.you, lang }));
  } catch (e) {
    console.warn("kortti: the replay's Python failed:", e);
    if (mine === open) fail(t("web.replay.error.python"));
    return;
  }
  if (mine !== open) return;
  if (opened.error) return fail(opened.error, opened.detail || "");
  const deal = Math.min(Math.max(0, src.deal | 0), opened.deals.length - 1);
  state = { record: src.record, seat: src.seat, you: src.you, deals: opened.deals, names: opened.names, deal, step: 0, steps: 0 };
  skeleton();
  dealPicker();
  download();
  await go(src.step || 0, deal);
  if (mine === open) $("replay-title").focus();
}

function dealPicker() {
  const select = $("replay-deal");
  select.replaceChildren(...state.deals.map((d, i) => el("option", { value: String(i), selected: i === state.deal,
    text: t(d.over ? "web.replay.deal.option" : "web.replay.deal.unfinished", { n: i + 1 }) })));
  $("replay-deal-label").hidden = state.deals.length < 2;
}

function download() {
  const a = $("replay-download");
  if (a.href) URL.revokeObjectURL(a.href);
  a.href = URL.createObjectURL(new Blob([JSON.stringify(state.record, null, 1)], { type: "application/json" }));
  a.download = `kortti-${state.record.game}.json`;
}

/** Show step ``step`` of deal ``deal`` (the current deal if not given). */
async function go(step, deal = state.deal) {
  const mine = open;
  // quick presses add up: each asks from the step the last one asked for
  const asked = ++requests;
  state.want = deal === state.deal && state.steps ? Math.min(Math.max(0, step), state.steps) : Math.max(0, step);
  let reply;
  try {
    reply = await call("replay_step", JSON.stringify({ deal, step: state.want, lang }));
  } catch (e) {
    console.warn("kortti: the replay's Python failed:", e);
    if (mine === open) fail(t("web.replay.error.python"));
    return;
  }
  if (mine !== open || !state || asked !== requests) return; // a later step was asked for
  if (reply.error) return fail(reply.error);
  Object.assign(state, { deal: reply.deal, step: reply.step, steps: reply.steps, reply });
  draw(reply);
}

function draw(r) {
  const m = r.model;
  root().dataset.state = "ready";
  root().dataset.step = String(r.step);
  root().dataset.deal = String(r.deal);
  $("replay-title").textContent = t("web.replay.title", { game: t(`game.${m.game}`), n: r.deal + 1 });
  // (one's own match says "You" on the felt already)
  $("replay-seat").textContent = state.you ? "" : t("web.replay.seen_from", { name: state.names[state.seat] });
  view.drawSeats(m);
  view.drawHand(m, NO_HAND_UI, NOOP);
  // the trick a step finished stays on the felt, its winner marked, with who took it
  const taken = r.moments.filter((x) => x.kind === "taken").at(-1);
  view.drawTrick(taken ? taken.plays : m.trick.plays, m, { winner: taken ? taken.winner : null });
  view.trickLine(taken ? taken.line : "", taken ? taken.title : "");
  // (the felt's words name that trick, not the next one)
  view.drawCenter(taken?.info ? { ...m, center: { ...m.center, lines: taken.info } } : m);
  view.drawSummary(m, null, {}); // at the deal's end: what the rules reveal, the results
  $("replay-line").textContent = r.line;
  $("replay-who").textContent = m.status;
  $("replay-step").textContent = t("web.replay.step", { k: r.step, n: r.steps });
  $("replay-first").disabled = $("replay-prev").disabled = r.step === 0;
  $("replay-next").disabled = $("replay-last").disabled = r.step >= r.steps;
  $("replay-deal").value = String(r.deal);
}

function keys(event) {
  const box = root();
  if (!box || box.hidden || !state || box.dataset.state !== "ready" || event.defaultPrevented) return;
  if (event.target.closest("input, select, textarea, dialog")) return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const at = state.want ?? state.step;
  const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: state.steps }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  if (to >= 0 && to <= state.steps && to !== at) go(to);
}

document.addEventListener("keydown", keys);
window.addEventListener("resize", () => { if (!root()?.hidden && state?.reply) draw(state.reply); });
onLanguage(() => {
  // the words come from Python in the new language, the frame from here
  if (!root() || root().hidden || !state || root().dataset.state !== "ready") return;
  skeleton();
  dealPicker();
  download();
  go(state.step);
});

export const replay = {
  /** Open the route's replay (``r``: {page: "replay" | "share", arg}); ``ready``: a
   * function giving the Promise of Python ready. */
  open: (r, ready) => show(r, ready),
  /** Leave the viewer (the table or the lobby takes the page). */
  close() {
    open += 1;
    state = null;
    const box = root();
    if (!box || box.hidden) return;
    box.hidden = true;
    box.replaceChildren();
  },
};
