// The card table: the play, paced on the page. Python (web/worker.py, in a worker) keeps
// the match and answers requests; this file asks for each computer player's move, plays
// out what happened (every card in front of its player, each trick taken with a sentence
// that says by whom and what it scored, the deciding moments of the deal), then shows the
// deal's summary after a short beat. Nothing here decides a rule, and nothing waits on
// Python except the reply it asked for: every control answers at once.
import { DATA, t, el, onLanguage } from "../i18n.js";
import { call } from "../engine.js";
import * as view from "./table-view.js";
import * as choose from "./choose.js";
import { share, shareLink } from "../records/replay.js";
import * as settings from "../settings.js";
import * as sound from "./sound.js";

const root = document.getElementById("table");
/** An element of the page by its id (of many kinds: typed loosely) @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
// The pauses, by the reader's pace (settings.js): between bot moves, after a trick, before
// the summary, before the only legal card is played for the human. Instant: none at all.
const PACES = {
  slow: { bot: 1300, trick: 2400, beat: 2200, only: 900 },
  normal: { bot: 700, trick: 1300, beat: 1500, only: 600 },
  fast: { bot: 300, trick: 700, beat: 800, only: 400 },
  instant: { bot: 0, trick: 0, beat: 0, only: 300 },
};
const fast = new URLSearchParams(location.search).has("fast"); // tests: same flow, at most these
const FAST = { bot: 20, trick: 150, beat: 150, only: 20 };
const pauses = []; // each pause taken, with its planned length (tests and bug reports)

let model = null;
let run = 0; // the match on the table: bumped when it is left, so older work stops
/** What the page around the table does (app.js, friends.js): saving (resolves once the
 * match is stored: {ok, persistent}), leaving, the end, and for a friends table or a
 * numbered deal, its invite and its link.
 * @type {{save: (record: any, model: any) => (Promise<{ok: boolean, persistent?: boolean, error?: string}> | void), leave: () => void, ended: (model: any) => any,
 *   invite?: (...args: any[]) => any, playLink?: (...args: any[]) => any}} */
let hooks = { save() {}, leave() {}, ended() {} };
let recordUrl = null;
let lastRecord = null; // the match as a hand record (the summary's download link)
let wasMine = false; // it was the human's turn at the last look ("your turn" is said once)
let clock = null; // the turn timer's countdown
let skip = null; // resolves the pause on show now (a tap skips it)
// A friends table: replies that come without being asked for (a friend's move on the host's
// page; every change on a friend's page), played out in order by pace(). ``seq`` orders a
// friend's replies: one older than the table already drawn is dropped.
const inbox = [];
let mail = null; // resolves when the inbox gets a reply (a friend's page waits on it)
let lastSeq = -1;
const ui = {
  groups: [], target: 0, mode: null, modeFor: -1, hintApplied: null, hintRefused: -1,
  busy: false, // the table is playing out moves: the hand waits
  pending: null, // the human's card, played, until Python's reply: drawn out of the hand at once
  hinting: false, categories: new Map(), verdicts: new Map(), summaryShown: false,
  screen: false, // pass-and-play: the hand-over screen is up (the table drawn for nobody)
  toolSeat: -1, // pass-and-play: the person whose seat the summary's tools look from (-1: the table's)
  saveError: "", // the words' key when the match could not be stored (a reload would lose it)
  actionsOf: (c) => (model?.modes ? c.actions.filter((a) => a.verb === ui.mode) : c.actions),
};

// ------------------------------------------------------------------ pauses a tap skips

function pause(ms) {
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); skip = null; resolve(); };
    const timer = setTimeout(done, ms);
    skip = done;
  });
}

function skipPause() {
  if (skip) skip();
}

/** A pause of the pace's length for ``kind`` (less ``spent``: the bot's thinking counts). */
function wait(kind, spent = 0) {
  const planned = PACES[settings.get().pace][kind];
  pauses.push({ kind, planned });
  if (pauses.length > 1000) pauses.shift();
  const ms = Math.max(0, (fast ? Math.min(planned, FAST[kind]) : planned) - spent);
  return ms > 0 ? pause(ms) : Promise.resolve();
}

/** After a trick, on a tap (a setting): the trick stays until Continue, or a tap on the
 * table; the focus goes back where it was. */
function tapToContinue() {
  const before = /** @type {HTMLElement | null} */ (document.activeElement);
  const button = el("button", { type: "button", id: "trick-continue", class: "trick-continue", text: t("web.settings.continue") });
  pauses.push({ kind: "tap", planned: null });
  const tapped = new Promise((resolve) => {
    skip = () => { skip = null; resolve(); };
  });
  button.addEventListener("click", skipPause);
  $("trick-line").append(button);
  button.focus();
  return tapped.then(() => {
    if (document.activeElement === button || document.activeElement === document.body) before?.focus?.();
  });
}

// ------------------------------------------------------------------ replies from Python

/** Play out a reply: its moments, then its table. False if the match was left meanwhile. */
const watchers = []; // tests and bug reports: every reply drawn, as it came

async function settle(reply, mine = run) {
  if (mine !== run) return false;
  if (typeof reply.seq === "number") {
    if (reply.seq <= lastSeq) return true; // (a friend's page: already past it)
    lastSeq = reply.seq;
  }
  for (const fn of watchers) fn(reply);
  // the match is stored while its moments play out, and before its table is drawn: a
  // decision is offered only once a reload would find it
  const saving = reply.record ? store(reply.record, reply.model) : null;
  // pass-and-play: the table turns to another person; what happened plays out with no hand
  // on show, then the table waits behind a screen until that person taps
  const handover = reply.model.handover;
  const next = handover ? screened(reply.model) : reply.model;
  const moments = reply.moments || [];
  for (let i = 0; i < moments.length;) {
    if (mine !== run) return false;
    // (a step back from Call Kitti's shows goes to the one before)
    i += await show(moments[i], next, i > 0 && Boolean(moments[i - 1].step));
  }
  if (mine !== run) return false;
  if (handover) {
    // under the screen, nothing of either person's: the table as anybody may see it
    ui.screen = true;
    paint(between(next));
    await view.passScreen(handover);
    ui.screen = false;
    if (mine !== run) return false;
  }
  if (saving && !(await saving)) return false;
  if (reply.model.next !== "over") { ui.summaryShown = false; ui.toolSeat = -1; } // (a new deal: its summary comes at its end)
  ui.pending = null; // (the reply has the human's card where it lies: drawn for this model's seat)
  draw(reply.model);
  announce(reply.model.announce);
  return true;
}

/** The match stored (hooks.save): resolves true once it is (or once it is said on the
 * page that it could not be), false if the table was left meanwhile. */
async function store(record, m) {
  const mine = run;
  lastRecord = record;
  const result = await hooks.save(record, m);
  if (mine !== run) return false;
  let key = ""; // (a friend's page stores nothing: the host's page keeps the match)
  if (result && !result.ok) {
    key = "web.save.failed";
    console.warn("kortti: the match was not stored:", result.error);
  } else if (result && result.persistent === false) key = "web.save.memory";
  if (key !== ui.saveError) {
    ui.saveError = key;
    redraw();
  }
  return true;
}

/** A moment on the table: 1 to go on to the next, -1 to step back to the one before. */
async function show(moment, next, canBack = false) {
  let step = 1;
  if (moment.kind === "taken") {
    // the trick's cards lie in front of their players, the table as it is after the last
    // of them (out of the hand, nobody to act, no prompt); once every card has landed, who
    // took it is said; then it goes
    ui.pending = null;
    const during = between(next);
    if (moment.info) during.center = { ...during.center, lines: moment.info }; // "Trick 3", not the next one's
    if (moment.scores) during.seats = during.seats.map((s) => ({ ...s, score: moment.scores[s.seat] })); // not the deal's end
    const figures = paint(during, { plays: moment.plays, winner: moment.winner });
    await Promise.all(figures.map((f) => f.landed));
    view.trickLine(moment.line, moment.title); // the live region says it with the table's news
    sound.play("trick");
    // Call Kitti's four shows come at once: each waits for the player (the test hook
    // "fast" keeps them paced like tricks, as the suite plays through them by itself)
    if (moment.step && !fast) step = await stepOn(canBack);
    else if (settings.get().afterTrick === "tap") await tapToContinue();
    else await wait("trick");
    view.collect(figures, moment.winner, next);
    view.trickLine("");
  } else if (moment.kind === "result") {
    paint(between(next), { plays: [] });
    view.trickLine(moment.line);
  }
  return step;
}

/** A show stays until Continue (or a tap on the table), or Back to the show before;
 * resolves to 1 or -1. */
function stepOn(canBack) {
  const before = /** @type {HTMLElement | null} */ (document.activeElement);
  pauses.push({ kind: "step", planned: null });
  const on = el("button", { type: "button", id: "trick-continue", class: "trick-continue", text: t("web.settings.continue") });
  const back = canBack ? el("button", { type: "button", id: "trick-back", class: "trick-continue", text: t("web.table.show_back") }) : null;
  const stepped = new Promise((resolve) => {
    skip = () => { skip = null; resolve(1); };
    on.addEventListener("click", skipPause);
    back?.addEventListener("click", () => { skip = null; resolve(-1); });
  });
  if (back) $("trick-line").append(back);
  $("trick-line").append(on);
  on.focus();
  return stepped.then((step) => {
    if ([on, back, document.body].includes(/** @type {any} */ (document.activeElement))) before?.focus?.();
    return step;
  });
}

/** Pass-and-play: the table as anybody may see it while the device changes hands: no
 * hand, no cards passed or received, no face-down card marked as someone's own. */
function screened(m) {
  const open = (plays) => plays.map((p) => (p.mine ? { ...p, mine: false, note: "" } : p));
  return { ...m, hand: [], center: { ...m.center, groups: [], heading: "" },
    trick: { ...m.trick, plays: open(m.trick.plays) }, last: m.last && { ...m.last, plays: open(m.last.plays) } };
}

/** The table while a moment plays out: the state after it, with nobody to act yet. */
function between(m) {
  return { ...m, mine: false, status: "", buttons: [], modes: null, select: null, hint: null, timer: null,
    can_hint: false, seats: m.seats.map((s) => ({ ...s, acting: false })) };
}

/** The table at once after the human's card is played, before Python's reply: the card
 * has left the hand and lies in front of the seat (a Katte discard face down), and the
 * seat no longer acts. The reply then draws the table as the engine has it. */
function played(m, p) {
  const mine = m.seats[m.seat];
  return { ...between(m), hand: m.hand.filter((c) => c.key !== p.key),
    trick: { ...m.trick, plays: [...m.trick.plays, { seat: m.seat, name: mine.name, down: p.down, mine: p.down, from: p.code,
      note: p.down ? t("web.table.down.mine") : "",
      cards: [p.down ? { code: null, img: "cards/back.svg", label: t("web.table.card_back") }
        : { code: p.code, img: p.img, label: p.name }] }] } };
}

/** Replies that came by themselves, or computer players' moves, are waiting to be played out. */
function moving() {
  return Boolean(model) && (inbox.length > 0 || model.next === "bots");
}

/** The deal is over and its summary is still to come. */
function summaryDue() {
  return Boolean(model) && model.next === "over" && !ui.summaryShown;
}

/** Computer players move, one request at a time, until it is the human's turn or the
 * deal is over; then, after a beat, the summary. */
async function pace({ drawn = false } = {}) {
  const mine = run;
  if (ui.busy) return;
  if (model && !moving() && !summaryDue()) {
    // nothing to play out: the table is the human's, drawn once with the hand free (not
    // busy and back: on opening a match, with the table just drawn, that made one long
    // task of four drawings)
    if (!drawn) redraw();
    yourTurn();
    playOnlyCard();
    return;
  }
  ui.busy = true;
  redraw();
  try {
    while (mine === run && moving()) {
      const began = performance.now();
      let reply;
      // a reply that came by itself first; a friend's page waits for the host's next one
      const byMail = inbox.length > 0 || Boolean(model.guest);
      try {
        reply = byMail ? await fromInbox(mine) : await call("bot_turn");
      } catch (e) {
        failed(e, mine);
        break;
      }
      if (mine !== run) return;
      if (!reply || reply.cancelled) continue;
      if (reply.error) { $("error").textContent = reply.error; break; }
      // the bot's thinking was part of the pause that lets the human follow the play; a
      // friend's move (or, on a friend's page, the host's table, already paced there) shows at once
      if (!byMail && (!reply.model.simultaneous || reply.moments.length)) await wait("bot", performance.now() - began);
      sound.play("card");
      if (!(await settle(reply, mine))) return;
    }
    if (mine === run && summaryDue()) {
      await wait("beat");
      if (mine !== run) return;
      ui.summaryShown = true;
      sound.play("over");
    }
  } finally {
    if (mine === run) {
      ui.busy = false;
      redraw();
      yourTurn();
      playOnlyCard();
      // a reply that came by itself during the last beat (push() saw the table busy): played out now
      if (inbox.length) pace();
    }
  }
}

/** The next reply that came by itself (null once the table is left). */
function fromInbox(mine) {
  if (inbox.length) return Promise.resolve(inbox.shift());
  return new Promise((resolve) => { mail = resolve; }).then(() => (mine === run ? fromInbox(mine) : null));
}

async function send(name, ...args) {
  // the human's decision: the hand waits until Python has answered and the table has
  // played out what the decision caused
  const mine = run;
  ui.busy = true;
  if (name !== "act" || !ui.pending || ui.pending.id !== args[0]) ui.pending = null;
  redraw();
  try {
    const reply = await call(name, ...args);
    if (mine !== run) return;
    $("error").textContent = reply.error || "";
    if (reply.error) { ui.pending = null; redraw(); }
    if (!reply.error) {
      wasMine = false; // this turn is used: the next one is announced and focused again
      $("why").replaceChildren();
      sound.play("card");
      await settle(reply, mine);
    }
  } catch (e) {
    failed(e, mine);
  } finally {
    if (mine === run) { ui.busy = false; ui.pending = null; }
  }
  if (mine === run) await pace(); // bots move next; pace() also redraws with the hand free
}

/** Python failed on a request (a bug): said in words, never as a traceback; the match
 * was saved before the request, so a reload continues it. */
function failed(error, mine) {
  console.warn("kortti: the table's Python failed:", error);
  if (mine === run) $("error").textContent = t("web.error.python");
}

// ------------------------------------------------------------------ the player's input

const handlers = {
  card: (c) => tapCard(c),
  hint: () => askHint(),
  toggleLast: () => toggleLast(),
  sheet: () => view.sheetDialog(model).showModal(),
  help: () => view.helpDialog().showModal(),
  leaveSeat: () => send("leave_seat"),
  leave: () => hooks.leave(),
  summaryNext: (id) => summaryNext(id),
  summaryMore: (m) => summaryShare(m),
  undo: () => undo(),
  invite: () => hooks.invite?.(),
};

/** Undo: the first one of a counted match asks first (the match becomes practice), and
 * says so when it is done. */
async function undo() {
  const counted = model && !model.practice;
  if (counted && !(await view.confirmDialog("undo-dialog", t("web.undo.practice.title"), t("web.undo.practice.text"),
    t("web.undo.practice.yes"), t("web.undo.practice.no")))) return;
  ui.summaryShown = false;
  await send("undo");
  if (counted && model?.practice) announce([t("web.undo.practice.now")]);
}

function tapCard(c) {
  if (!model || ui.busy) return;
  if (model.select) {
    if (!c.select) return explain(c);
    choose.toggle(model, ui, c);
    redraw();
    return;
  }
  const acts = ui.actionsOf(c);
  if (acts.length === 1) playCard(c, acts[0]);
  else if (acts.length > 1) chooseAction(c, acts);
  else explain(c);
}

/** A card's legal action (the engine listed it): the card leaves the hand at once. */
function playCard(c, action) {
  if (action.cards === undefined || action.cards <= 1) {
    ui.pending = { id: action.id, key: c.key, code: c.code, img: c.img, name: c.name, down: action.verb === "discard" };
  }
  send("act", action.id);
}

/** A card that may not be played: the engine's reason, with a link to the rule. */
async function explain(c) {
  const box = $("why");
  if (!model.mine) {
    box.replaceChildren(el("p", { text: model.status || t("web.error.busy") }));
    return;
  }
  const mine = run;
  const reason = await call("why", c.code).catch((e) => failed(e, mine));
  if (mine !== run || !reason || !reason.text) return;
  const link = ruleLink(reason);
  box.replaceChildren(el("p", {}, el("span", { text: reason.text }), link ? " " : null, link));
}

function ruleLink(reason) {
  const lang = document.documentElement.lang || "en";
  const rules = DATA.rules?.[reason.game]?.[lang];
  const at = rules?.[reason.rule];
  if (!at) return null;
  return el("a", { href: `rules/${lang}/${reason.game}.html${at[0]}`, target: "_blank", rel: "noopener",
    text: t("web.why.rule", { rule: reason.rule, title: at[1] }) });
}

function chooseAction(c, acts) {
  // one card, several legal actions: ask which
  const box = $("actions");
  const cancel = el("button", { type: "button", onclick: () => redraw(), text: t("web.table.cancel") });
  box.replaceChildren(el("p", { text: t("web.table.choose", { card: c.name }) }),
    ...acts.map((a) => el("button", { type: "button", class: "action", onclick: () => playCard(c, a), text: a.label })), cancel);
  box.querySelector("button").focus();
}

async function askHint() {
  if (model?.guest) {
    // a friend's page has no Python: hints come from the host's device, for the host alone
    ui.hintRefused = model.decision; // (said until the table moves on: drawHint)
    redraw();
    return;
  }
  if (!model || !model.can_hint || ui.hinting) return;
  const mine = run;
  ui.hinting = true;
  redraw();
  let reply;
  try {
    reply = await call("hint");
  } catch (e) {
    failed(e, mine);
    return;
  } finally {
    if (mine === run) ui.hinting = false;
    redraw();
  }
  if (mine !== run) return;
  if (reply.error) $("error").textContent = reply.error;
  if (reply.model && reply.model.decision === model.decision) draw(reply.model);
  else redraw();
}

function toggleLast() {
  const panel = $("last-trick");
  if ($("last-btn").disabled) return;
  panel.hidden = !panel.hidden;
  view.setLastButton();
}

/** The summary's "Share" (a link to this deal's replay) and "Replay" (open it here). */
function summaryShare(m) {
  if (m.guest) return []; // a friend's page has no record: the host's page keeps it
  const deal = m.deal - 1;
  const seat = toolSeat(m);
  const link = hooks.playLink?.(); // "Play this deal": the number, options and bots; no cards
  const more = [
    m.daily_share ? el("button", { type: "button", id: "daily-copy",
      onclick: () => offerText($("summary-share-box"), m.daily_share, "web.daily.copied"), text: t("web.daily.copy") }) : null,
    link ? el("button", { type: "button", id: "play-link", title: t("web.share.play.help"),
      onclick: () => offerText($("summary-share-box"), link, "web.share.play.copied"), text: t("web.share.play") }) : null,
    ...duplicateControls(m),
    ...reviewControls(m),
  ].filter(Boolean);
  if (!lastRecord) return [...people(m), ...more];
  return [...people(m), ...more,
    el("button", { type: "button", id: "summary-share", onclick: () => share($("summary-share-box"), lastRecord, seat, deal), text: t("web.replay.share") }),
    el("button", { type: "button", id: "summary-replay", onclick: async () => {
      const link = await shareLink(lastRecord, seat, deal);
      location.hash = link.slice(link.indexOf("#"));
    }, text: whose(m, "web.replay.replay") }),
  ];
}

/** The seat the summary's tools look from: pass-and-play, the person chosen (at first the
 * one who holds the device: the table was last turned to them). */
function toolSeat(m) {
  return m.passing && m.seats.some((s) => s.seat === ui.toolSeat && !s.bot) ? ui.toolSeat : m.seat;
}

/** Pass-and-play: whose seat the summary's tools look from, one button per person (each
 * may review and replay their own play; the deal is over). */
function people(m) {
  if (!m.passing) return [];
  const seat = toolSeat(m);
  return [el("div", { class: "modes summary-people", role: "group", "aria-label": t("web.summary.people") },
    ...m.seats.filter((s) => !s.bot).map((s) => el("button", { type: "button", class: "mode", "data-seat": String(s.seat),
      "aria-pressed": String(s.seat === seat), text: s.name, onclick: () => {
        ui.toolSeat = s.seat;
        redraw(); // (the summary drawn again: the focus back on the person's button)
        $("summary").querySelector(`.summary-people [data-seat="${s.seat}"]`)?.focus();
      } })))];
}

/** A summary tool's words: pass-and-play names whose seat it looks from. */
function whose(m, key) {
  const name = m.passing ? m.seats.find((s) => s.seat === toolSeat(m))?.name : null;
  return name ? t(`${key}.person`, { name }) : t(key);
}

// "How would the hard bot have done in my seat?": the summary's deal played again in the
// worker (web/table/duplicate.py). Its state outlives the summary's redraws; it belongs to
// one deal of one match, in one language (the words come formatted from Python).
let duplicated = { key: null, busy: false, got: null, error: "" };

function duplicateControls(m) {
  const key = `${run}:${m.deal}:${document.documentElement.lang}:${toolSeat(m)}`;
  if (duplicated.key !== key) duplicated = { key, busy: false, got: null, error: "" };
  const d = duplicated;
  const button = el("button", { type: "button", id: "duplicate-btn", disabled: d.busy,
    onclick: () => askDuplicate(d, toolSeat(m)), text: whose(m, "web.duplicate.button") });
  if (!d.busy && !d.got && !d.error) return [button];
  let lines;
  if (d.busy) lines = [el("p", { text: t("web.duplicate.running") })];
  else if (d.error) lines = [el("p", { text: d.error })];
  else {
    const s = d.got.shown;
    lines = [
      el("h3", { text: t("web.duplicate.title") }),
      el("p", { class: "duplicate-unit", text: s.unit }),
      el("p", { class: "duplicate-you", "data-figure": d.got.human, text: t("web.duplicate.you", { figure: s.you }) }),
      el("p", { class: "duplicate-runs", "data-runs": d.got.bot.runs.join(" "), text: t("web.duplicate.runs", s) }),
      el("p", { class: "duplicate-average", text: t("web.duplicate.average", s) }),
    ];
  }
  return [button, el("div", { id: "duplicate-box", class: "duplicate-box", role: "status",
    "data-state": d.busy ? "running" : d.error ? "error" : "done" }, ...lines)];
}

async function askDuplicate(d, seat) {
  if (d.busy || d !== duplicated) return;
  d.busy = true;
  redraw();
  let reply = null;
  try {
    reply = await call("duplicate", seat);
  } catch (e) {
    console.warn("kortti: playing the deal again failed:", e);
  }
  d.busy = false;
  if (d !== duplicated) return; // another deal, match or language meanwhile
  if (reply?.cancelled) { redraw(); return; }
  if (reply?.duplicate) d.got = reply.duplicate;
  else d.error = reply?.error || t("web.duplicate.failed");
  redraw();
  if (document.activeElement === document.body) $("duplicate-btn")?.focus(); // the redraw replaced it
  $("duplicate-box")?.scrollIntoView({ block: "nearest" }); // the summary scrolls: show the answer
}

// "Review my play": the hard bot judges each of the human's decisions of the summary's deal
// (web/table/review.py, in the worker), one request per decision so the page can say how
// far it got; each item links to that step in the replay viewer. State as for duplicates.
let reviewed = { key: null, busy: false, k: 0, n: 0, items: null, error: "", link: "" };

function reviewControls(m) {
  const key = `${run}:${m.deal}:${document.documentElement.lang}:${toolSeat(m)}`;
  if (reviewed.key !== key) reviewed = { key, busy: false, k: 0, n: 0, items: null, error: "", link: "" };
  const r = reviewed;
  const button = el("button", { type: "button", id: "review-btn", disabled: r.busy,
    onclick: () => askReview(r, m), text: whose(m, "web.review.button") });
  if (!r.busy && !r.items && !r.error) return [button];
  let lines;
  if (r.busy) lines = [el("p", { id: "review-progress", text: t("web.review.running", { k: Math.min(r.k + 1, r.n), n: r.n }) })];
  else if (r.error) lines = [el("p", { text: r.error })];
  else if (!r.items.length) lines = [el("p", { text: t("web.review.empty") })];
  else {
    const marked = r.items.filter((x) => x.marked).length;
    lines = [el("h3", { text: t("web.review.title") }),
      el("p", { class: "review-total", text: t("web.review.summary", { marked, total: r.items.length }) }),
      el("ol", { id: "review-list", class: "review-list" }, ...r.items.map((x, i) => reviewItem(x, i, r.link)))];
  }
  return [button, el("div", { id: "review-box", class: "review-box", role: "status",
    "data-state": r.busy ? "running" : r.error ? "error" : "done" }, ...lines)];
}

function reviewItem(x, i, link) {
  const parts = [el("span", { class: "review-flag", text: t(x.marked ? "web.review.marked" : "web.review.ok") }),
    " ", el("span", { text: t("web.review.decision", { n: i + 1, action: x.action_label }) })];
  if (x.marked) {
    parts.push(el("p", { class: "review-best", text: t("web.review.best", { action: x.best_label }) }),
      el("p", { class: "review-estimate", text: t("web.review.estimate", { you: x.human_text, bot: x.best_text }) }),
      el("p", { class: "review-why", text: t("web.review.why", { reason: x.reason }) }));
  }
  // the viewer's step x.step is the table just before this decision
  if (link) parts.push(el("p", { class: "review-link" }, el("a", { class: "review-step",
    href: link.replace(/(#\/share\/\d+\.\d+\.)/, `$1s${x.step}.`), text: t("web.review.show") })));
  return el("li", { class: x.marked ? "review-item marked" : "review-item", "data-step": String(x.step),
    "data-action": x.action }, ...parts);
}

async function askReview(r, m) {
  if (r.busy || r !== reviewed) return;
  r.busy = true;
  redraw();
  const items = [];
  try {
    const seat = toolSeat(m);
    const start = await call("review_start", seat);
    if (start.error) throw Object.assign(new Error(start.error), { said: start.error });
    r.n = start.count;
    for (r.k = 0; r.k < r.n; r.k++) {
      if (r !== reviewed) return;
      redraw();
      const item = await call("review_one", r.k);
      if (item.cancelled || r !== reviewed) { r.busy = false; if (r === reviewed) redraw(); return; }
      if (item.error) throw Object.assign(new Error(item.error), { said: item.error });
      if (!item.skipped) items.push(item);
    }
    if (lastRecord) r.link = await shareLink(lastRecord, seat, m.deal - 1);
    r.items = items;
  } catch (e) {
    console.warn("kortti: the review failed:", e);
    r.error = e.said || t("web.review.failed");
  }
  r.busy = false;
  if (r !== reviewed) return;
  redraw();
  $("review-box")?.scrollIntoView({ block: "nearest" }); // the summary scrolls: show the answer
}

/** A line to share (a link, a result): to the clipboard, and shown selectable as well. */
async function offerText(box, text, copiedKey) {
  const field = el("input", { type: "text", id: "share-text", readonly: true, value: text,
    "aria-label": t("web.share.play.select") });
  // one sentence: "copied" once it is, else (no clipboard here: permissions, an old
  // browser) the ask to copy it by hand from the field, selected for that
  const said = el("label", { for: "share-text", role: "status" });
  box.replaceChildren(said, field);
  box.hidden = false;
  field.select();
  try {
    await navigator.clipboard.writeText(text);
    said.textContent = t(copiedKey);
  } catch {
    said.textContent = t("web.share.play.select");
  }
}

async function summaryNext(id) {
  if (id === "new") return hooks.ended(model);
  if (id === "wait") return; // a friend's page, ready: the host deals when everyone is
  if (id === "ready") return send("ready"); // a friend's page: the summary stays until the deal
  // (the summary goes when the next deal comes, settle(): a friends table may wait for someone's "ready")
  send("next_deal", id === "now" ? "now" : ""); // ("now": the host deals without waiting)
}

async function submitSelection() {
  const codes = choose.selectionCodes(model, ui);
  if (!choose.full(model, ui)) return;
  const verb = model.select.verb;
  await send("act_cards", verb, JSON.stringify(codes));
  ui.target = 0;
}

async function suggest() {
  const mine = run;
  const got = await call("suggest").catch((e) => failed(e, mine));
  if (mine !== run || !got) return;
  ui.groups = choose.groupsFromCodes(model, got);
  ui.target = 0;
  redraw();
}

// ------------------------------------------------------------------ drawing

function syncState(m) {
  choose.syncGroups(m, ui);
  if (m.modes && ui.modeFor !== m.decision) {
    ui.modeFor = m.decision;
    ui.mode = m.modes[0].id;
  }
  if (!m.modes) ui.mode = null;
  const h = m.hint;
  if (h && ui.hintApplied !== h.action) {
    ui.hintApplied = h.action;
    if (h.groups && m.select) ui.groups = choose.groupsFromCodes(m, h.groups);
    if (h.card && m.modes) ui.mode = h.verb;
  }
}

/** What the arrangement board needs from the engine (set names, verdicts), asked once. */
function ask(cache, key, request) {
  if (cache.has(key)) return cache.get(key);
  cache.set(key, undefined);
  const mine = run;
  request().then((answer) => {
    cache.set(key, answer);
    if (mine === run) redraw();
  }, (e) => failed(e, mine));
  return undefined;
}

function drawActions(m) {
  const box = $("actions");
  const parts = [];
  if (m.select && m.mine) {
    let ready = choose.full(m, ui);
    const arrange = choose.arranging(m);
    if (arrange) {
      const codes = choose.selectionCodes(m, ui);
      if (ready) ready = ask(ui.verdicts, codes.join(" "), () => call("check_cards", "arrange", JSON.stringify(codes))) === "";
      parts.push(el("div", { class: "zones" }, ...m.select.groups.map((size, i) => {
        const set = ui.groups[i].map((k) => m.hand.find((c) => c.key === k).code);
        const category = size === 3 && set.length === 3
          ? ask(ui.categories, set.join(" "), () => call("category", JSON.stringify(set))) : "";
        return choose.zone(m, ui, i, category || "", redraw);
      })));
      parts.push(el("p", { class: "select-how", text: `${m.select.how} ${m.select.order}` }));
      parts.push(el("p", { class: "select-count", text: t("web.arrange.incomplete", { count: ui.groups.flat().length }) }));
      parts.push(el("button", { type: "button", id: "suggest", onclick: suggest, text: m.select.suggest }));
      parts.push(el("button", { type: "button", id: "select-clear", onclick: () => { ui.groups = []; ui.target = 0; redraw(); }, text: m.select.clear }));
    } else {
      parts.push(el("p", { class: "select-count", text: t("web.pass.count", { count: ui.groups[0].length }) }));
    }
    parts.push(el("button", { type: "button", id: "select-go", class: "primary",
      disabled: !ready || ui.busy, onclick: submitSelection, text: m.select.button }));
  }
  if (m.modes && m.mine) {
    // Katte: beating and discarding are two distinct controls
    parts.push(el("div", { class: "modes", role: "group", "aria-label": t("web.katte.mode.label") },
      ...m.modes.map((x) => el("button", { type: "button", class: "mode", id: `mode-${x.id}`, "aria-pressed": String(ui.mode === x.id),
        onclick: () => { ui.mode = x.id; redraw(); }, text: x.label }))));
  }
  for (const b of m.buttons) {
    const hinted = m.hint && m.hint.action === b.id;
    parts.push(el("button", { type: "button", class: hinted ? "action hinted" : "action", "data-id": b.id,
      disabled: ui.busy, onclick: () => send("act", b.id), text: b.label }));
  }
  box.replaceChildren(...parts);
}

function drawTimer(m) {
  const box = $("timer");
  const timer = ui.busy ? null : m.timer;
  if (!timer) {
    box.replaceChildren();
    box.dataset.decision = "";
    if (clock) { clearInterval(clock); clock = null; }
    return;
  }
  if (box.dataset.decision === String(m.decision)) return; // the same turn: keep running
  box.dataset.decision = String(m.decision);
  const end = performance.now() + timer.seconds * 1000;
  const decision = m.decision;
  const count = el("span", { class: "timer-count", "aria-hidden": "true" });
  const tick = () => {
    const left = Math.max(0, Math.ceil((end - performance.now()) / 1000));
    count.textContent = t("web.timer.left", { s: left });
    if (left <= 5) count.classList.add("low");
    if (left === 0 && model.decision === decision && !ui.busy) {
      clearInterval(clock);
      clock = null;
      // time is up: the engine plays for the seat (Katte, K-13), or the seat's bot decides this once
      if (timer.call) send(timer.call);
      else send("act", timer.action);
    }
  };
  tick();
  if (clock) clearInterval(clock);
  clock = setInterval(tick, 250);
  box.replaceChildren(
    el("div", { class: "timer-track" }, el("div", { class: "timer-bar", role: "timer", "aria-label": t("web.timer"),
      style: `animation-duration: ${timer.seconds}s` })), count);
}

function draw(m) {
  const first = !model;
  model = m;
  syncState(m);
  redraw();
  if (first) $("table-title").focus();
}

function redraw() {
  if (!model) return;
  if (ui.screen) paint(between(screened(model)));
  else paint(ui.pending ? played(model, ui.pending) : model);
}

/** Draw the table from ``m`` (the model, or the table at a moment: ``trick`` then gives
 * the cards on the felt and the seat that took them). Returns the trick's figures. */
function paint(m, trick = null) {
  root.dataset.game = m.game; // (first: the layout's columns depend on the game)
  choose.syncGroups(m, ui);
  $("table-title").textContent = m.title;
  view.drawMeta(m);
  $("invite-btn").hidden = !hooks.invite || m.guest || m.passing; // (a friend's page invites nobody)
  view.drawUndo(m, ui);
  $("status").textContent = m.status;
  $("table-notice").textContent = (m.notices || []).join(" ");
  $("save-error").textContent = ui.saveError ? t(ui.saveError) : "";
  $("save-error").hidden = !ui.saveError;
  view.drawSeats(m);
  const rects = view.drawHand(m, ui, handlers);
  const plays = trick ? trick.plays : m.trick.plays;
  const winner = trick?.winner ?? null;
  const figures = view.drawTrick(plays, m, { from: rects, winner });
  view.drawLast(m);
  view.drawCenter(m);
  drawTimer(m);
  view.drawHint(m, ui);
  drawActions(m);
  const summary = m.summary && ui.summaryShown;
  if (summary) {
    if (recordUrl) URL.revokeObjectURL(recordUrl);
    // (a friend's page has no record: the host's page keeps it, with every hand; no link then)
    recordUrl = lastRecord ? URL.createObjectURL(new Blob([JSON.stringify(lastRecord)], { type: "application/json" })) : null;
  }
  const wasHidden = $("summary").hidden;
  view.drawSummary(summary ? m : { ...m, summary: null }, recordUrl, handlers);
  if (summary) view.trickLine("");
  if (summary && wasHidden) $("summary-next").focus();
  root.dataset.busy = ui.busy ? "1" : "";
  root.dataset.next = m.next;
  view.fitHand(); // (again: the actions above it are drawn now)
  if (view.feltResized()) { // the seats again, for the felt as it now is (their cards too)
    view.drawSeats(m);
    view.drawTrick(plays, m, { winner }); // (the same figures, placed again)
  }
  return figures;
}

/** "Your turn", said once per turn, and the focus back on the hand. */
function yourTurn() {
  const m = model;
  if (!m) return;
  const mine = m.mine && !ui.busy;
  if (mine && !wasMine) {
    announce([m.status]);
    sound.play("turn");
    const active = document.activeElement;
    if (!active || active === document.body || active === $("hand") || !root.contains(active) || active.closest("#trick")) {
      ($("hand").querySelector(".card.usable") ?? $("actions").querySelector("button:enabled"))?.focus();
    }
  }
  wasMine = mine;
}

/** The only legal card, played by itself (a setting): when the model lists exactly one
 * legal action in all and it is a card's, it is played after a short beat, and said. */
async function playOnlyCard() {
  const m = model;
  if (!settings.get().onlyCard || !m || !m.mine || ui.busy || m.select || m.buttons.length) return;
  const cards = m.hand.filter((c) => c.actions.length);
  if (cards.length !== 1 || cards[0].actions.length !== 1) return;
  const mine = run;
  const card = cards[0];
  await wait("only");
  if (mine !== run || ui.busy || !model.mine || model.decision !== m.decision) return; // played by hand meanwhile
  announce([t("web.settings.onlyCard.played", { card: card.name })]);
  playCard(card, card.actions[0]);
}

function announce(lines) {
  if (lines && lines.length) $("live").textContent = lines.join(" ");
}

function keys(event) {
  if (root.hidden || !model || event.defaultPrevented) return;
  if (event.target.closest("input, select, textarea, dialog") || !$("pass-screen").hidden) return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (view.handKeys(event)) { event.preventDefault(); return; }
  const k = event.key.toLowerCase();
  if (k === "h") { askHint(); event.preventDefault(); }
  else if (k === "l") { toggleLast(); event.preventDefault(); }
  else if (k === "s") { handlers.sheet(); event.preventDefault(); }
  else if (k === "?") { handlers.help(); event.preventDefault(); }
}

document.addEventListener("keydown", keys);
window.addEventListener("resize", () => { if (!root.hidden) { redraw(); view.moreBelow(); } }); // seats placed anew
settings.onChange(() => { if (!root.hidden) redraw(); }); // a card size: the hand fitted anew
onLanguage(async (code) => {
  if (root.hidden || !model) return;
  $("why").replaceChildren(); // a reason or an error in the old language is not said again
  $("error").textContent = "";
  const reply = await call("set_language", code);
  if (reply && reply.model) settle(reply);
});

export const table = {
  /** A match on the table: ``reply`` is Python's answer to start or resume. */
  open(reply, callbacks) {
    run += 1;
    hooks = callbacks;
    model = null;
    lastRecord = reply.record ?? null;
    for (const fn of watchers) fn(reply);
    // the match as opened is stored before the hand is free (drawn at once, waiting)
    const saving = reply.record ? store(reply.record, reply.model) : null;
    Object.assign(ui, { groups: [], target: 0, mode: null, modeFor: -1, hintApplied: null, hintRefused: -1, busy: Boolean(saving), pending: null,
      hinting: false, summaryShown: false, categories: new Map(), verdicts: new Map(), saveError: "", screen: false, toolSeat: -1 });
    wasMine = false;
    inbox.length = 0;
    lastSeq = typeof reply.seq === "number" ? reply.seq : -1;
    view.skeleton(root, handlers);
    root.addEventListener("click", (e) => { if (!/** @type {HTMLElement} */ (e.target).closest("button, a, input, select")) skipPause(); });
    root.hidden = false;
    draw(reply.model);
    announce(reply.model.announce);
    if (reply.model.next === "over") { // (its summary at once, and the focus on it)
      ui.summaryShown = true;
      redraw();
    }
    if (!saving) pace({ drawn: true });
    else {
      const mine = run;
      saving.then((stored) => {
        if (!stored || mine !== run) return;
        ui.busy = false;
        pace();
      });
    }
  },
  /** The table is left (or paused): older replies and pauses are dropped. */
  close() {
    run += 1;
    inbox.length = 0;
    mail?.();
    skipPause();
    if (clock) { clearInterval(clock); clock = null; }
    root.hidden = true;
  },
  get model() { return model; },
  get busy() { return ui.busy; },
  /** Each pause taken ({kind: bot, trick, beat, only or tap, planned: ms}), oldest first. */
  get pauses() { return pauses.slice(); },
  /** A public table's host deals the next deal without waiting for anyone's "ready" (a
   * stranger who went quiet holds nobody up); nothing if no deal is over. */
  dealNow() {
    if (root.hidden || model?.next !== "over" || model.match_over || model.guest) return;
    send("next_deal", "now");
  },
  /** Call ``fn`` with every reply the table draws (its model and moments). */
  watch(fn) { watchers.push(fn); },
  /** A reply that came by itself (a friends table): played out in its turn. */
  push(reply) {
    if (root.hidden || !model) return;
    inbox.push(reply);
    const wake = mail;
    mail = null;
    wake?.();
    if (!ui.busy) pace();
  },
};
