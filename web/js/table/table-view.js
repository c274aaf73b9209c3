// Drawing the card table from the model web/table/model.py builds from the engine's view
// of the human's seat. Nothing here decides a rule: a card is playable exactly when the
// model lists a legal action for it. table.js owns the play (pacing, requests); this file
// only draws, and calls back through ``on`` for what the player does.
import { DATA, t, el, lang, languageName, setLanguage } from "../i18n.js";
import { dateText } from "../plural.js";
import { layout, overlaps, sizes } from "./seats.js";
import { animateEnter, animateCollect } from "./motion.js";
import { openSettings } from "../settings-dialog.js";

/** An element of the page by its id (of many kinds: typed loosely) @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);

export function skeleton(root, on) {
  // One screen, top to bottom: the title and one toolbar (the tools that do not fit in a
  // menu), the felt's words on a line of their own (no card ever covers them), the felt,
  // then the human's side: the trick's sentence, the prompt, the actions and the hand.
  // (table.css lays the side beside the felt on a short landscape screen.)
  const item = (id, key, onclick, extra = {}) => el("button", { id, type: "button", class: "menu-item",
    onclick: () => { closeMenu(); onclick(); }, "data-t": key, text: t(key), ...extra });
  root.replaceChildren(
    el("div", { class: "table-head" },
      el("div", { class: "table-name" },
        el("h1", { id: "table-title", tabindex: "-1" }),
        // the deal's number (anyone can deal it again: python -m engine deal), daily, practice
        el("p", { id: "table-meta", class: "table-meta" })),
      el("div", { class: "tools", role: "toolbar", "aria-label": t("web.table.tools"), "data-t-aria": "web.table.tools" },
        // both words of the hint button share one place: "Thinking…" never moves the toolbar
        el("button", { id: "hint-btn", type: "button", class: "swap", "aria-keyshortcuts": "H", onclick: on.hint },
          el("span", { class: "swap-a", "data-t": "web.hint.button", text: t("web.hint.button") }),
          el("span", { class: "swap-b", "aria-hidden": "true", "data-t": "web.hint.thinking", text: t("web.hint.thinking") })),
        el("button", { id: "undo-btn", type: "button", hidden: true, onclick: on.undo, title: t("web.undo.help"),
          "data-t-title": "web.undo.help", "data-t": "web.undo", text: t("web.undo") }),
        // the tools that do not fit the toolbar: a panel that opens under its button
        el("div", { class: "menu-wrap", onfocusout: (e) => { if (!e.currentTarget.contains(e.relatedTarget)) closeMenu(); } },
          el("button", { id: "menu-btn", type: "button", "aria-expanded": "false",
            "aria-controls": "table-menu", onclick: toggleMenu, "data-t": "web.table.menu", text: t("web.table.menu") }),
          el("div", { id: "table-menu", class: "menu", role: "group", hidden: true, "aria-labelledby": "menu-btn", onkeydown: menuKeys },
            item("last-btn", "web.table.last_trick", on.toggleLast, { "aria-keyshortcuts": "L", "aria-expanded": "false",
              "aria-controls": "last-trick" }),
            item("sheet-btn", "web.table.scores", on.sheet, { "aria-keyshortcuts": "S" }),
            item("help-btn", "web.table.help", on.help, { "aria-keyshortcuts": "?" }),
            item("table-settings", "web.settings.open", openSettings),
            item("invite-btn", "web.friends.invite.open", on.invite, { hidden: true }),
            item("leave-seat", "web.katte.leave_seat", on.leaveSeat, { hidden: true }),
            el("label", { class: "menu-lang" }, el("span", { "data-t": "web.lang.label", text: t("web.lang.label") }),
              el("select", { id: "table-lang", onchange: async (e) => { if (!(await setLanguage(e.target.value))) e.target.value = lang; } },
                ...DATA.languages.map((code) => el("option", { value: code, lang: code, selected: code === document.documentElement.lang },
                  languageName(code))))),
            item("leave", "action.leave", on.leave))))),
    el("p", { id: "felt-info", class: "felt-info" }),
    el("div", { id: "felt", class: "felt", role: "group", "aria-label": t("web.table.felt"), "data-t-aria": "web.table.felt" },
      el("ul", { id: "seats", class: "seats", "aria-label": t("web.table.players"), "data-t-aria": "web.table.players" }),
      el("div", { id: "center", class: "center" }),
      el("div", { id: "trick", class: "trick", role: "group", "aria-label": t("web.table.trick"), "data-t-aria": "web.table.trick" }),
      el("section", { id: "summary", class: "summary", hidden: true, "aria-labelledby": "summary-title" })),
    el("div", { class: "side" },
      el("p", { id: "trick-line", class: "trick-line empty" }),
      el("div", { id: "shown", class: "shown-groups" }),
      el("p", { id: "status", class: "status" }),
      // a friends table: who left this deal (a computer player took the seat)
      el("p", { id: "table-notice", class: "table-notice", role: "status" }),
      // a no-peek table: what its deal is doing ("Shuffling… 2 of 4", "Checking the deal… all fair")
      el("p", { id: "nopeek-state", class: "table-notice", role: "status" }),
      el("div", { id: "timer", class: "timer" }),
      el("p", { id: "hint", class: "hint", role: "status" }),
      el("div", { id: "why", class: "why", role: "alert" }),
      el("div", { id: "actions", class: "actions" }),
      el("p", { id: "error", class: "error", role: "alert" }),
      // the match could not be stored (a reload would lose it): said until a save succeeds
      el("p", { id: "save-error", class: "error", role: "alert", hidden: true }),
      el("div", { id: "last-trick", class: "last-trick", hidden: true, role: "region", "aria-labelledby": "last-title" })),
    el("div", { id: "hand", class: "hand", role: "group", tabindex: "-1", "aria-label": t("web.table.hand"), "data-t-aria": "web.table.hand" }),
    // pass-and-play: the screen the table hides behind while the device goes to the next person
    el("section", { id: "pass-screen", class: "pass-screen", hidden: true, role: "dialog", "aria-modal": "true",
      "aria-labelledby": "pass-title", "aria-describedby": "pass-text" },
      el("h2", { id: "pass-title" }), el("p", { id: "pass-text" }),
      el("button", { id: "pass-go", type: "button", class: "primary" })),
  );
  keepSeatsPlaced();
}

/** Pass-and-play: hide the table (the last person's hand leaves the page) until the next
 * person taps; resolves on that tap. */
export function passScreen(handover) {
  $("hand").replaceChildren();
  $("hint").textContent = "";
  $("why").replaceChildren();
  $("live").textContent = ""; // (what was said to the last person)
  const box = $("pass-screen");
  $("pass-title").textContent = handover.title;
  $("pass-text").textContent = handover.text;
  const go = $("pass-go");
  go.textContent = handover.button;
  box.hidden = false;
  go.focus();
  return new Promise((resolve) => {
    go.onclick = () => { box.hidden = true; go.onclick = null; resolve(); };
  });
}

// ------------------------------------------------------------------ the table's menu

function menuItems() {
  return [...$("table-menu").querySelectorAll(".menu-item:not([hidden]), select")];
}

export function closeMenu(refocus = false) {
  const menu = $("table-menu");
  if (!menu || menu.hidden) return;
  menu.hidden = true;
  $("menu-btn").setAttribute("aria-expanded", "false");
  if (refocus) $("menu-btn").focus();
}

function toggleMenu() {
  const menu = $("table-menu");
  if (!menu.hidden) return closeMenu(true);
  menu.hidden = false;
  $("menu-btn").setAttribute("aria-expanded", "true");
  $("table-lang").value = document.documentElement.lang;
  menuItems()[0]?.focus();
}

function menuKeys(event) {
  // Tab goes through the panel; the arrows too, between its buttons; Escape closes it
  const items = menuItems();
  const i = items.indexOf(document.activeElement);
  const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
  if (step && document.activeElement.tagName !== "SELECT") items[(i + step + items.length) % items.length]?.focus();
  else if (event.key === "Escape") closeMenu(true);
  else return;
  event.preventDefault();
  event.stopPropagation();
}

// a tap anywhere else closes the menu
document.addEventListener("pointerdown", (event) => {
  if (!/** @type {HTMLElement} */ (event.target).closest?.(".menu-wrap")) closeMenu();
});

// ------------------------------------------------------------------ seats around the felt

function wordBadge(word) {
  // Kočka: the game word, the letters this seat has taken marked; read as one phrase
  const taken = word.filter(([, on]) => on).map(([l]) => l).join("");
  return el("span", { class: "word" },
    el("span", { class: "visually-hidden", text: `${t("web.kocka.word")}: ${taken || "–"}` }),
    ...word.map(([letter, on]) => el("span", { class: on ? "taken" : null, "aria-hidden": "true", text: letter })));
}

/** A seat's score ("0 chips · 0 tricks") in a narrow box: it breaks between its parts,
 * the "·" ending the line, and a number keeps to its word ("0 chips", never "0 / chips"). */
function scoreLine(score) {
  const parts = score.split(" · ");
  return el("span", { class: "seat-score" }, ...parts.flatMap((part, i) => [
    i ? " " : null,
    el("span", { class: "score-part", text: part.replace(/(\d) /g, "$1\u00a0") + (i < parts.length - 1 ? "\u00a0·" : "") }),
  ]).filter(Boolean));
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
    // a friends table: a friend's seat a computer player has for now says whose it is
    s.friend ? el("span", { class: "chip friend-chip", text: s.friend }) : null,
    s.score ? scoreLine(s.score) : null);
  li.classList.toggle("acting", s.acting);
  li.classList.toggle("out", Boolean(s.out));
  return li;
}

let placed = { at: {} }; // where each seat and its played cards are, in px of the felt

export function drawSeats(m) {
  const felt = $("felt");
  felt.dataset.players = String(m.players);
  const { width, height } = felt.getBoundingClientRect();
  felt.toggleAttribute("data-short", height < 300 || width < 340); // (badges in fewer lines)
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
    fitCounts(badges, seat);
    const boxes = {};
    badges.forEach((li, i) => { boxes[order[i]] = { w: li.offsetWidth, h: li.offsetHeight }; });
    const badge = Math.max(...badges.slice(0, -1).map((b) => b.offsetHeight), 0);
    const figure = card * fan;
    at = layout(m.players, m.seat, width, height, { seat, badge, card, figure, mine: badges.at(-1).offsetHeight });
    const clash = overlaps(at, boxes, card, figure);
    if (!clash) break;
    // (a narrower badge is a taller one: it gains no room for the cards)
    if (clash === "badges") seat = Math.max(40, seat * 0.9);
    card = Math.max(18, card * 0.88);
  }
  badges.forEach((li, i) => {
    const p = at[order[i]];
    li.style.left = `${p.x}px`;
    li.style.top = `${p.y}px`;
    li.dataset.edge = p.edge;
  });
  placed = { at, players: m.players, width, height, m };
}

/** A badge too narrow for its card count in words ("13 korttia") shows the number alone
 * (.tight; readers still hear the words). Measuring means a layout of the page with no
 * badge tight, then another: on a phone's CPU two of the longest parts of a draw. So each
 * answer is kept, by what decides it (the words, the badge's width, what else the line
 * holds, the card size and the window), and a badge seen before is not measured again. */
const tightKept = new Map();

function fitCounts(badges, seatWidth) {
  const felt = $("felt");
  const context = [seatWidth, felt.dataset.players, felt.hasAttribute("data-short"),
    document.documentElement.dataset.cardSize, window.innerWidth].join("|");
  const keyOf = (li) => `${context}|${li.querySelector(".mini-back") ? 1 : 0}|${li.querySelector(".count")?.textContent}`;
  if (tightKept.size > 2000) tightKept.clear(); // (a long session of many tables: start afresh)
  const unknown = badges.filter((li) => !tightKept.has(keyOf(li)));
  if (unknown.length) {
    unknown.forEach((li) => li.classList.remove("tight"));
    const style = getComputedStyle(unknown[0]); // (every badge has the same padding)
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    for (const li of unknown) {
      tightKept.set(keyOf(li), li.querySelector(".seat-cards").offsetWidth > li.clientWidth - padding + 0.5);
    }
  }
  badges.forEach((li) => li.classList.toggle("tight", tightKept.get(keyOf(li)) === true));
}

/** Keep the seats and the cards before them placed for the felt as it is: what lies under
 * the felt grows and shrinks between two draws (the trick's sentence on two lines and its
 * Continue, a refusal's box, a prompt), and the felt with it; seats placed for the taller
 * felt would lie below its edge, over those very lines. (Before the frame is painted.) */
export function keepSeatsPlaced(felt = $("felt")) {
  new ResizeObserver(() => {
    if (!placed.m || !felt.isConnected || !feltResized()) return;
    drawSeats(placed.m);
    for (const f of $("trick").querySelectorAll(".tcard:not(.collect)")) {
      const at = spotOf(f.dataset.seat);
      f.style.left = `${at.x}px`;
      f.style.top = `${at.y}px`;
    }
  }).observe(felt);
}

/** Whether the felt is no longer the size its seats were placed for (the hand and the
 * actions below it, drawn after the seats, can take or give back height). */
export function feltResized() {
  const { width, height } = $("felt").getBoundingClientRect();
  return Math.abs(width - (placed.width ?? 0)) > 0.5 || Math.abs(height - (placed.height ?? 0)) > 0.5;
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
  const f = el("figure", { class: "tcard", "data-seat": p.seat, "data-code": key, ...(p.mine ? { "data-mine": "mine" } : {}) },
    el("div", { class: "tcard-cards" }, ...p.cards.map((c) =>
      el("img", { src: c.img, alt: p.mine ? p.note : c.label, width: 200, height: 280, class: p.down ? "down" : null }))),
    el("figcaption", { text: label }));
  f.classList.toggle("several", p.cards.length > 1);
  if (p.mine) f.append(el("span", { class: "tcard-mine", "aria-hidden": "true", text: t("web.table.down.mine.short") }));
  const at = spotOf(p.seat);
  f.style.left = `${at.x}px`;
  f.style.top = `${at.y}px`;
  return f;
}

/** The cards on the felt, each in front of its player; new ones slide in from their
 * player (the human's from the hand). ``winner``: the seat that took them (marked). */
export function drawTrick(plays, m, { winner = null, from = new Map() } = {}) {
  const box = $("trick");
  // (a face-down card marked as the viewer's is another figure than the same card unmarked:
  // pass-and-play turns the table to another person, whose it is not)
  const key = (p) => `${p.seat}:${p.cards.map((c) => c.code ?? "?").join(",")}:${p.mine ? "mine" : ""}`;
  const old = new Map([...box.children].filter((c) => !c.classList.contains("collect"))
    .map((c) => [`${c.dataset.seat}:${c.dataset.code}:${c.dataset.mine ?? ""}`, c]));
  const figures = plays.map((p) => old.get(key(p)) ?? playFigure(p, m));
  const leaving = [...box.children].filter((c) => c.classList.contains("collect"));
  box.replaceChildren(...leaving, ...figures);
  figures.forEach((f, i) => {
    const p = plays[i];
    const at = spotOf(p.seat); // the seats may have moved since the card was laid (resized)
    f.style.left = `${at.x}px`;
    f.style.top = `${at.y}px`;
    // (the human's card from where it lay in the hand; resolves once it has landed)
    if (!old.has(key(p))) f.landed = animateEnter(f, (p.seat === m.seat && from.get(p.cards[0]?.code ?? p.from)) || seatRect(p.seat));
    f.landed ??= Promise.resolve();
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
  const focused = hand.contains(document.activeElement) ? /** @type {HTMLElement} */ (document.activeElement).dataset.key : null;
  const same = buttons.length === hand.children.length && buttons.every((b, i) => hand.children[i] === b);
  if (!same) hand.replaceChildren(...buttons);
  for (const b of buttons) b.tabIndex = -1;
  const current = buttons.find((b) => b.dataset.key === focused) ?? buttons.find((b) => b.classList.contains("usable")) ?? buttons[0];
  if (current) current.tabIndex = 0; // one tab stop: arrows move within the hand
  if (focused && document.activeElement === document.body) current?.focus();
  fitHand(hand);
  return rects;
}

const TAP = 44; // px: the least of a card left uncovered to tap, across and down
// px: how far a card rises when focused, hinted or chosen (table.css): a risen card of a
// lower row must still leave the middle of the card above it uncovered
const LIFT = 8;

/** The height the table leaves for the hand under the side's content (a landscape
 * screen: the side and the hand share the column beside the felt). */
function leftOver(hand) {
  const table = hand.parentElement;
  const side = table.querySelector(".side");
  const head = table.querySelector(".table-head");
  const info = table.querySelector(".felt-info");
  const px = (e, p) => parseFloat(getComputedStyle(e)[p]) || 0;
  const shown = [...side.children].filter((c) => c.offsetHeight > 0);
  const content = shown.reduce((sum, c) => sum + c.offsetHeight, 0) + px(side, "rowGap") * Math.max(0, shown.length - 1);
  const room = table.clientHeight - px(table, "paddingTop") - px(table, "paddingBottom") - head.offsetHeight
    - info.offsetHeight - 3 * px(table, "rowGap") - content - px(hand, "paddingTop");
  return Math.max(TAP * 1.4, room - 2);
}

/** The hand's cards as large as the room allows: one row, overlapping as much as needed
 * (never below a 44 px strip each), else two or more rows that overlap; the card width is
 * at most the reader's card size (--card-w) and the rows stay within --hand-h. */
export function fitHand(hand = $("hand")) {
  const n = [...hand.children].filter((b) => !b.classList.contains("placed")).length;
  if (!n) return;
  const style = getComputedStyle(hand);
  const fill = style.getPropertyValue("--hand-fill").trim() === "1"; // beside the felt: the side's width
  const across = fill ? hand.parentElement.querySelector(".side") : hand.parentElement;
  const width = Math.max(TAP, (across?.clientWidth ?? 360) - 16);
  let budget = parseFloat(style.getPropertyValue("--hand-h")) || 200;
  if (fill) budget = Math.min(budget, leftOver(hand));
  const largest = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--card-w")) || 80;
  const ratio = 1.4;
  let best = null;
  for (let rows = 1; rows <= 4; rows += 1) {
    const per = Math.ceil(n / rows);
    const used = Math.ceil(n / per);
    if (used < rows) break; // no more rows to gain
    // across: the first card whole, the others a strip of at least TAP each, and of more
    // than half a card (a card's middle always shows: where a tap lands surely)
    const close = width - (per - 1) * TAP;
    const across = per === 1 ? width : close <= 2 * TAP - 2 ? close : Math.min(close, Math.max(2 * TAP - 2, (width - 2 * (per - 1)) / (1 + (per - 1) / 2)));
    // down: the first row whole, the others at least TAP and more than half a card
    // (a row below shows max(TAP, half a card + 4 + LIFT): whichever holds, the rows fill the budget)
    const half = (budget - (4 + LIFT) * (used - 1)) / (1 + 0.5 * (used - 1));
    const tall = used === 1 ? budget : half >= 2 * (TAP - 4 - LIFT) ? half : Math.min(2 * (TAP - 4 - LIFT), budget - TAP * (used - 1));
    const cw = Math.min(largest, across, tall / ratio);
    if (!best || cw > best.cw * 1.08) best = { cw, per, rows: used };
  }
  const cw = Math.max(TAP, Math.floor(best.cw));
  const step = best.per > 1 ? Math.max(TAP, cw / 2 + 2, Math.min(cw + 4, (width - cw) / (best.per - 1))) : cw;
  const vis = best.rows > 1 ? Math.max(TAP, Math.ceil(cw * ratio * 0.5) + 4 + LIFT) : cw * ratio;
  hand.style.setProperty("--cw", `${cw}px`);
  hand.style.setProperty("--step", `${step}px`);
  hand.style.setProperty("--vis", `${vis}px`);
  hand.style.width = `${best.per * step + 0.5}px`;
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
  // the middle of the felt keeps to a turned card (a trump); its words (the pot, a
  // counter) have their own line above the felt, where no card can cover them; cards on
  // show (a shown hand, your sets, what you passed) go under the felt
  const c = m.center;
  $("center").replaceChildren(
    ...c.cards.map((card) => el("img", { class: "center-card", src: card.img, alt: card.label, width: 200, height: 280 })));
  $("felt-info").replaceChildren(...c.lines.map((line) => el("span", { text: line })));
  const groups = (c.groups || []).map(cardGroup);
  const heading = c.heading && groups.length ? [el("p", { class: "shown-head", text: c.heading })] : [];
  $("shown").replaceChildren(...heading, ...groups);
}

/** The line under the title: the deal's number, the deal of the day, practice. */
export function drawMeta(m) {
  const parts = [];
  if (m.daily) parts.push(t("web.table.daily", { date: dayOf(m.daily) }));
  if (m.number) parts.push(t("web.table.number", { number: String(m.number) })); // digits as typed for the CLI
  if (m.practice) parts.push(t("web.table.practice"));
  // a no-peek table (issue 50): said, and that its computer players play face up
  if (m.nopeek) parts.push(t("web.nopeek.badge"), ...(m.nopeek_bots ? [t("web.nopeek.badge.bots")] : []));
  $("table-meta").textContent = parts.join(" · ");
}

/** "2026-12-05" (the deal of the day's UTC date) as the reader writes a day: "Dec 5", "5. 12.". */
function dayOf(iso) {
  const when = Date.parse(`${iso}T00:00:00Z`);
  if (Number.isNaN(when)) return iso;
  return dateText(when, lang, { day: "numeric", month: "short", timeZone: "UTC" });
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
  // (a friend's page: the button stays, and a tap says why it gives no hint)
  btn.disabled = m.guest ? false : !m.can_hint || ui.hinting || ui.busy;
  btn.classList.toggle("on", ui.hinting);
  btn.querySelector(".swap-a").setAttribute("aria-hidden", String(ui.hinting));
  btn.querySelector(".swap-b").setAttribute("aria-hidden", String(!ui.hinting));
  $("hint").textContent = m.hint ? m.hint.text : m.guest && ui.hintRefused === m.decision ? t("web.friends.hint.none") : "";
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
    ...(s.legend || []).map((line) => el("p", { class: "results-legend", text: line })),
    s.tricks && s.tricks.length ? el("details", { class: "tricks-list" },
      el("summary", { text: s.tricks_title }),
      el("ol", {}, ...s.tricks.map((line) => el("li", { text: line })))) : null,
    // a friends table: who the next deal waits for
    s.waiting ? el("p", { id: "summary-waiting", class: "summary-waiting", role: "status", text: s.waiting }) : null,
    // (the replay viewer draws this summary read-only: no next deal, its own download)
    el("div", { class: "summary-actions" },
      on.summaryNext ? el("button", { type: "button", id: "summary-next", class: "primary", disabled: s.next.id === "wait",
        onclick: () => on.summaryNext(s.next.id), text: s.next.label }) : null,
      recordUrl ? el("a", { id: "record-link", href: recordUrl, download: `kortti-${m.game}.json`, text: s.record }) : null,
      ...(on.summaryMore ? on.summaryMore(m) : [])),
    on.summaryMore ? el("div", { id: "summary-share-box", class: "share-box", hidden: true }) : null,
    el("div", { class: "summary-foot", "aria-hidden": "true" }),
  ].filter(Boolean));
  box.onscroll = () => moreBelow(box);
  moreBelow(box);
}

/** data-more="below" while the summary has more below what shows (its foot then says so). */
export function moreBelow(box = $("summary")) {
  if (!box || box.hidden) return;
  const more = box.scrollTop + box.clientHeight < box.scrollHeight - 2;
  if (more) box.dataset.more = "below";
  else delete box.dataset.more;
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

/** Ask before something that cannot be undone; resolves to true for yes. The focus
 * starts on "no", unless ``yesFirst`` (an offer, not a risk: "Sit down at this deal"). */
export function confirmDialog(id, title, text, yes, no, { yesFirst = false } = {}) {
  return new Promise((resolve) => {
    document.getElementById(id)?.remove();
    const d = el("dialog", { id, class: "panel", "aria-labelledby": `${id}-title`, "aria-describedby": `${id}-text` },
      el("h2", { id: `${id}-title`, text: title }),
      el("p", { id: `${id}-text`, text }),
      el("form", { method: "dialog", class: "dialog-actions" },
        el("button", { type: "submit", value: "no", id: `${id}-no`, text: no }),
        el("button", { type: "submit", value: "yes", id: `${id}-yes`, class: "primary", autofocus: yesFirst, text: yes })));
    d.addEventListener("close", () => { resolve(d.returnValue === "yes"); d.remove(); });
    document.body.append(d);
    d.showModal();
  });
}
