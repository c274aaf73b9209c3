// Drawing the card table from the model web/table/model.py builds from the engine's view
// of the human's seat. Nothing here decides a rule: a card is playable exactly when the
// model lists a legal action for it. table.js owns the play (pacing, requests); this file
// only draws, and calls back through ``on`` for what the player does.
import { t, el } from "./i18n.js";
import { layout, overlaps, sizes } from "./seats.js";
import { animateEnter, animateCollect } from "./motion.js";
import { openSettings } from "./settings-dialog.js";

const $ = (id) => document.getElementById(id);

export function skeleton(root, on) {
  root.replaceChildren(
    el("div", { class: "table-head" },
      el("div", { class: "table-name" },
        el("h2", { id: "table-title", tabindex: "-1" }),
        // the deal's number (anyone can deal it again: python -m engine deal), daily, practice
        el("p", { id: "table-meta", class: "table-meta" })),
      el("div", { class: "tools", role: "toolbar", "aria-label": t("web.table.tools"), "data-t-aria": "web.table.tools" },
        el("button", { id: "hint-btn", type: "button", "aria-keyshortcuts": "H", onclick: on.hint, text: t("web.hint.button") }),
        el("button", { id: "undo-btn", type: "button", hidden: true, onclick: on.undo, title: t("web.undo.help"), text: t("web.undo") }),
        el("button", { id: "last-btn", type: "button", "aria-expanded": "false", "aria-controls": "last-trick",
          "aria-keyshortcuts": "L", onclick: on.toggleLast, text: t("web.table.last_trick") }),
        el("button", { id: "sheet-btn", type: "button", "aria-keyshortcuts": "S", onclick: on.sheet, "data-t": "web.table.scores", text: t("web.table.scores") }),
        el("button", { id: "help-btn", type: "button", "aria-keyshortcuts": "?", onclick: on.help, "data-t": "web.table.help", text: t("web.table.help") }),
        el("button", { id: "table-settings", type: "button", onclick: openSettings, "data-t": "web.settings.open", text: t("web.settings.open") }),
        el("button", { id: "leave-seat", type: "button", hidden: true, onclick: on.leaveSeat, "data-t": "web.katte.leave_seat", text: t("web.katte.leave_seat") }),
        el("button", { id: "leave", type: "button", onclick: on.leave, "data-t": "action.leave", text: t("action.leave") }))),
    el("div", { id: "felt", class: "felt", role: "group", "aria-label": t("web.table.felt"), "data-t-aria": "web.table.felt" },
      el("ul", { id: "seats", class: "seats", "aria-label": t("web.table.players"), "data-t-aria": "web.table.players" }),
      el("div", { id: "center", class: "center" }),
      el("div", { id: "trick", class: "trick", role: "group", "aria-label": t("web.table.trick"), "data-t-aria": "web.table.trick" }),
      el("section", { id: "summary", class: "summary", hidden: true, "aria-labelledby": "summary-title" })),
    el("p", { id: "trick-line", class: "trick-line empty" }),
    el("div", { id: "shown", class: "shown-groups" }),
    el("p", { id: "status", class: "status" }),
    el("div", { id: "timer", class: "timer" }),
    el("p", { id: "hint", class: "hint", role: "status" }),
    el("div", { id: "why", class: "why", role: "alert" }),
    el("div", { id: "actions", class: "actions" }),
    el("div", { id: "hand", class: "hand", role: "group", tabindex: "-1", "aria-label": t("web.table.hand"), "data-t-aria": "web.table.hand" }),
    el("p", { id: "error", class: "error", role: "alert" }),
    el("div", { id: "last-trick", class: "last-trick", hidden: true, role: "region", "aria-labelledby": "last-title" }),
  );
}

// ------------------------------------------------------------------ seats around the felt

function wordBadge(word) {
  // Kočka: the game word, the letters this seat has taken marked; read as one phrase
  const taken = word.filter(([, on]) => on).map(([l]) => l).join("");
  return el("span", { class: "word" },
    el("span", { class: "visually-hidden", text: `${t("web.kocka.word")}: ${taken || "–"}` }),
    ...word.map(([letter, on]) => el("span", { class: on ? "taken" : null, "aria-hidden": "true", text: letter })));
}

function seatBadge(s, m) {
  const li = el("li", { class: "seat", "data-seat": s.seat },
    el("span", { class: "seat-name", text: s.name }),
    el("span", { class: "seat-cards" },
      s.you ? null : el("img", { class: "mini-back", src: "cards/back.svg", alt: "" }),
      el("span", { class: "count", text: s.cards }),
      el("span", { class: "count-n", "aria-hidden": "true", text: String(s.count) })),
    s.dealer ? el("span", { class: "chip", text: m.start_label }) : null,
    s.acting ? el("span", { class: "chip acting-chip", text: t("web.table.to_act") }) : null,
    s.word ? wordBadge(s.word) : null,
    s.score ? el("span", { class: "seat-score", text: s.score }) : null);
  li.classList.toggle("acting", s.acting);
  li.classList.toggle("out", Boolean(s.out));
  return li;
}

let placed = { at: {} }; // where each seat and its played cards are, in px of the felt

export function drawSeats(m) {
  const felt = $("felt");
  felt.dataset.players = String(m.players);
  const { width, height } = felt.getBoundingClientRect();
  const order = [...Array(m.players).keys()].map((i) => (m.seat + 1 + i) % m.players); // the human last
  const badges = order.map((s) => seatBadge(m.seats[s], m));
  badges.at(-1).classList.add("mine");
  $("seats").replaceChildren(...badges);
  // the first guess, then smaller until no seat or card covers another
  let { seat, card } = sizes(m.players - 1, width, height);
  const fan = m.game === "call-kitti" ? 1.5 : 1; // a show is three cards fanned (.tcard.several)
  let at = {};
  for (let attempt = 0; attempt < 8; attempt += 1) {
    felt.style.setProperty("--seat-w", `${seat}px`);
    felt.style.setProperty("--spot-w", `${card}px`);
    const boxes = {};
    badges.forEach((li, i) => { boxes[order[i]] = { w: li.offsetWidth, h: li.offsetHeight }; });
    const badge = Math.max(...badges.slice(0, -1).map((b) => b.offsetHeight), 0);
    const figure = card * fan;
    at = layout(m.players, m.seat, width, height, { seat, badge, card, figure, mine: badges.at(-1).offsetHeight });
    if (!overlaps(at, boxes, card, figure)) break;
    seat = Math.max(40, seat * 0.9);
    card = Math.max(18, card * 0.88);
  }
  badges.forEach((li, i) => {
    const p = at[order[i]];
    li.style.left = `${p.x}px`;
    li.style.top = `${p.y}px`;
    li.dataset.edge = p.edge;
  });
  placed = { at, players: m.players };
}

function spotOf(seat) {
  return placed.at[seat]?.spot ?? { x: 0, y: 0 };
}

function seatRect(seat) {
  return $("seats").querySelector(`[data-seat="${seat}"]`)?.getBoundingClientRect();
}

// ------------------------------------------------------------------ the trick

function playFigure(p, m) {
  const key = p.cards.map((c) => c.code ?? "?").join(",");
  const label = p.note ? `${p.name}: ${p.note}` : p.name;
  const f = el("figure", { class: "tcard", "data-seat": p.seat, "data-code": key },
    el("div", { class: "tcard-cards" }, ...p.cards.map((c) =>
      el("img", { src: c.img, alt: c.label, width: 200, height: 280, class: p.down ? "down" : null }))),
    el("figcaption", { text: label }));
  f.classList.toggle("several", p.cards.length > 1);
  const at = spotOf(p.seat);
  f.style.left = `${at.x}px`;
  f.style.top = `${at.y}px`;
  return f;
}

/** The cards on the felt, each in front of its player; new ones slide in from their
 * player (the human's from the hand). ``winner``: the seat that took them (marked). */
export function drawTrick(plays, m, { winner = null, from = new Map() } = {}) {
  const box = $("trick");
  const key = (p) => `${p.seat}:${p.cards.map((c) => c.code ?? "?").join(",")}`;
  const old = new Map([...box.children].filter((c) => !c.classList.contains("collect"))
    .map((c) => [`${c.dataset.seat}:${c.dataset.code}`, c]));
  const figures = plays.map((p) => old.get(key(p)) ?? playFigure(p, m));
  const leaving = [...box.children].filter((c) => c.classList.contains("collect"));
  box.replaceChildren(...leaving, ...figures);
  figures.forEach((f, i) => {
    const p = plays[i];
    const at = spotOf(p.seat); // the seats may have moved since the card was laid (resized)
    f.style.left = `${at.x}px`;
    f.style.top = `${at.y}px`;
    if (!old.has(key(p))) animateEnter(f, (p.seat === m.seat && from.get(p.cards[0]?.code)) || seatRect(p.seat));
    f.classList.toggle("winning", winner !== null && winner === p.seat);
  });
  return figures;
}

/** The taken trick goes to its winner (and off the felt). */
export function collect(figures, winner, m) {
  animateCollect(figures, winner === null ? null : seatRect(winner));
  // gone once they reached the winner (at once where motion is reduced)
  setTimeout(() => figures.forEach((f) => { if (f.classList.contains("collect")) f.remove(); }), 1000);
}

export function trickLine(text, title = "") {
  const line = $("trick-line");
  line.replaceChildren(...[title ? el("strong", { text: title }) : null, text ? el("span", { text }) : null]
    .filter(Boolean));
  line.classList.toggle("empty", !text && !title);
}

// ------------------------------------------------------------------ the hand

/** The human's cards as buttons, keyed by each copy (two decks deal a card twice).
 * Returns where each card was, so a played card can slide from there. */
export function drawHand(m, ui, on) {
  const hand = $("hand");
  const rects = new Map([...hand.children].map((b) => [b.dataset.code, b.getBoundingClientRect()]));
  const chosen = new Set(ui.groups.flat());
  const marked = new Set(m.highlight || []);
  const old = new Map([...hand.children].map((b) => [b.dataset.key, b]));
  const arrange = Boolean(m.select && m.select.verb === "arrange");
  const live = !ui.busy;
  const buttons = m.hand.map((c) => {
    const b = old.get(c.key) ?? el("button", { type: "button", class: "card", "data-code": c.code, "data-key": c.key },
      el("img", { src: c.img, alt: "", width: 200, height: 280, draggable: "false" }),
      el("span", { class: "card-note", "aria-hidden": "true" }));
    b.onclick = () => on.card(c);
    const acts = ui.actionsOf(c);
    const usable = m.select ? c.select && !(arrange && chosen.has(c.key)) : acts.length > 0;
    // an unusable card stays focusable and tappable: the tap says why (the engine's reason)
    b.setAttribute("aria-disabled", String(!(usable && live)));
    b.classList.toggle("usable", usable && live);
    b.setAttribute("aria-label", c.note ? `${c.name}, ${c.note}` : c.name);
    b.querySelector(".card-note").textContent = c.note || "";
    b.classList.toggle("placed", arrange && chosen.has(c.key));
    b.classList.toggle("received", marked.has(c.code));
    b.classList.toggle("hinted", Boolean(m.hint && m.hint.card === c.code));
    b.classList.toggle("down-mode", ui.mode === "discard" && acts.length > 0);
    b.title = acts.length === 1 && !m.select ? acts[0].label : "";
    b.draggable = arrange && usable;
    b.ondragstart = arrange ? (e) => e.dataTransfer.setData("text/plain", c.key) : null;
    if (m.select) b.setAttribute("aria-pressed", String(chosen.has(c.key)));
    else b.removeAttribute("aria-pressed");
    return b;
  });
  // moving a focused button out of the DOM blurs it: only re-order when the cards changed
  const focused = hand.contains(document.activeElement) ? document.activeElement.dataset.key : null;
  const same = buttons.length === hand.children.length && buttons.every((b, i) => hand.children[i] === b);
  if (!same) hand.replaceChildren(...buttons);
  for (const b of buttons) b.tabIndex = -1;
  const current = buttons.find((b) => b.dataset.key === focused) ?? buttons.find((b) => b.classList.contains("usable")) ?? buttons[0];
  if (current) current.tabIndex = 0; // one tab stop: arrows move within the hand
  if (focused && document.activeElement === document.body) current?.focus();
  return rects;
}

/** Arrow keys move within the hand (Home/End to its ends). */
export function handKeys(event) {
  const hand = $("hand");
  const cards = [...hand.querySelectorAll(".card:not(.placed)")];
  const i = cards.indexOf(document.activeElement);
  if (i < 0) return false;
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  let j = null;
  if (step) j = (i + step + cards.length) % cards.length;
  else if (event.key === "Home") j = 0;
  else if (event.key === "End") j = cards.length - 1;
  if (j === null) return false;
  cards[i].tabIndex = -1;
  cards[j].tabIndex = 0;
  cards[j].focus();
  return true;
}

// ------------------------------------------------------------------ the rest of the table

function cardGroup(g) {
  return el("figure", { class: "shown" },
    el("figcaption", { text: g.note ? `${g.label}: ${g.note}` : g.label }),
    el("div", { class: "shown-cards" }, ...g.cards.map((card) =>
      el("img", { src: card.img, alt: card.label, width: 200, height: 280 }))));
}

export function drawCenter(m) {
  // the middle of the felt keeps to small things (a turned trump, the pot, a counter);
  // cards on show (a shown hand, your sets, what you passed) go under the felt
  const c = m.center;
  $("center").replaceChildren(
    ...c.cards.map((card) => el("img", { class: "center-card", src: card.img, alt: card.label, width: 200, height: 280 })),
    ...c.lines.map((line) => el("p", { text: line })));
  $("shown").replaceChildren(...(c.groups || []).map(cardGroup));
}

/** The line under the title: the deal's number, the deal of the day, practice. */
export function drawMeta(m) {
  const parts = [];
  if (m.daily) parts.push(t("web.table.daily", { date: m.daily }));
  if (m.number) parts.push(t("web.table.number", { number: String(m.number) })); // digits as typed for the CLI
  if (m.practice) parts.push(t("web.table.practice"));
  $("table-meta").textContent = parts.join(" · ");
}

/** Undo: the human's last decision, on their turn or once the deal is over (never while
 * the bots play: their moves would race it). */
export function drawUndo(m, ui) {
  const btn = $("undo-btn");
  btn.hidden = !m.can_undo && !m.practice;
  btn.disabled = !m.can_undo || ui.busy || !(m.mine || m.next === "over");
}

export function drawHint(m, ui) {
  const btn = $("hint-btn");
  btn.disabled = !m.can_hint || ui.hinting || ui.busy;
  btn.textContent = t(ui.hinting ? "web.hint.thinking" : "web.hint.button");
  $("hint").textContent = m.hint ? m.hint.text : "";
  const leave = $("leave-seat");
  leave.hidden = !m.leave_seat;
  if (m.leave_seat) leave.title = m.leave_seat.help;
}

export function drawLast(m) {
  const panel = $("last-trick");
  $("last-btn").disabled = !m.last;
  if (!m.last) panel.hidden = true;
  setLastButton();
  panel.replaceChildren(
    el("h3", { id: "last-title", text: m.last ? m.last.title : t("web.table.last_trick.none") }),
    el("div", { class: "trick small" }, ...(m.last ? m.last.plays.map((p) => {
      const f = playFigure(p, m);
      f.style.left = "";
      f.style.top = "";
      return f;
    }) : [])));
}

export function setLastButton() {
  const panel = $("last-trick");
  const btn = $("last-btn");
  if (!panel || !btn) return;
  btn.setAttribute("aria-expanded", String(!panel.hidden));
  btn.textContent = t(panel.hidden ? "web.table.last_trick" : "web.table.hide_last");
}

function resultsTable(headers, rows, you, totals) {
  // a wide table scrolls sideways on a phone rather than breaking words
  return el("div", { class: "results-wrap", tabindex: "0", role: "region", "aria-label": headers.join(", ") }, el("table", { class: "results" },
    el("thead", {}, el("tr", {}, ...headers.map((h) => el("th", { scope: "col", text: h })))),
    el("tbody", {}, ...rows.map((r) => el("tr", { "data-seat": r.seat ?? null, class: r.seat === you ? "you" : null },
      ...r.cells.map((c, i) => el(i ? "td" : "th", { scope: i ? null : "row", text: c }))))),
    totals ? el("tfoot", {}, el("tr", {}, ...totals.map((c, i) => el(i ? "td" : "th", { scope: i ? null : "row", text: c })))) : null));
}

export function drawSummary(m, recordUrl, on) {
  const box = $("summary");
  const s = m.summary;
  box.hidden = !s;
  $("trick").hidden = Boolean(s);
  if (!s) return;
  // (the DOM's replaceChildren writes a null as the text "null": leave none in)
  box.replaceChildren(...[
    el("h2", { id: "summary-title", tabindex: "-1", text: s.title }),
    ...s.lines.map((line) => el("p", { class: "summary-line", text: line })),
    ...(s.groups || []).map(cardGroup),
    resultsTable(s.headers, s.rows, m.seat, null),
    s.tricks && s.tricks.length ? el("details", { class: "tricks-list" },
      el("summary", { text: s.tricks_title }),
      el("ol", {}, ...s.tricks.map((line) => el("li", { text: line })))) : null,
    // (the replay viewer draws this summary read-only: no next deal, its own download)
    el("div", { class: "summary-actions" },
      on.summaryNext ? el("button", { type: "button", id: "summary-next", class: "primary", onclick: () => on.summaryNext(s.next.id), text: s.next.label }) : null,
      recordUrl ? el("a", { id: "record-link", href: recordUrl, download: `kortti-${m.game}.json`, text: s.record }) : null,
      ...(on.summaryMore ? on.summaryMore(m) : [])),
    on.summaryMore ? el("div", { id: "summary-share-box", class: "share-box", hidden: true }) : null,
  ].filter(Boolean));
}

/** The score sheet across the match's deals, in a dialog (one tap away). */
export function sheetDialog(m) {
  const sheet = m.sheet;
  const body = sheet && sheet.rows.length
    ? resultsTable(sheet.headers, sheet.rows.map((cells) => ({ cells })), null, sheet.totals)
    : el("p", { text: t("web.table.sheet.empty") });
  return dialog("sheet-dialog", sheet ? sheet.title : t("web.table.scores"), body);
}

export function helpDialog() {
  const keys = [["←  →", "web.keys.move"], ["Enter / Space", "web.keys.play"], ["H", "web.keys.hint"],
    ["L", "web.keys.last"], ["S", "web.keys.sheet"], ["?", "web.keys.help"], ["Esc", "web.keys.close"]];
  return dialog("help-dialog", t("web.keys.title"),
    el("dl", { class: "keys" }, ...keys.flatMap(([k, what]) => [el("dt", {}, el("kbd", { text: k })), el("dd", { text: t(what) })])));
}

export function dialog(id, title, ...content) {
  document.getElementById(id)?.remove();
  const d = el("dialog", { id, class: "panel", "aria-labelledby": `${id}-title` },
    el("h2", { id: `${id}-title`, text: title }),
    ...content,
    el("form", { method: "dialog", class: "dialog-actions" },
      el("button", { type: "submit", value: "close", class: "primary", text: t("web.dialog.close") })));
  d.addEventListener("close", () => d.remove());
  document.body.append(d);
  return d;
}

/** Ask before something that cannot be undone; resolves to true for yes. */
export function confirmDialog(id, title, text, yes, no) {
  return new Promise((resolve) => {
    document.getElementById(id)?.remove();
    const d = el("dialog", { id, class: "panel", "aria-labelledby": `${id}-title`, "aria-describedby": `${id}-text` },
      el("h2", { id: `${id}-title`, text: title }),
      el("p", { id: `${id}-text`, text }),
      el("form", { method: "dialog", class: "dialog-actions" },
        el("button", { type: "submit", value: "no", id: `${id}-no`, text: no }),
        el("button", { type: "submit", value: "yes", id: `${id}-yes`, class: "primary", text: yes })));
    d.addEventListener("close", () => { resolve(d.returnValue === "yes"); d.remove(); });
    document.body.append(d);
    d.showModal();
  });
}
