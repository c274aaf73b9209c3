// The card table, drawn from the JSON model web/table/model.py builds from the engine's
// view of your seat. This file decides no rule: a card is enabled exactly when the
// model lists a legal action for it, and a set of cards is sent only when the engine
// (asked through Python) accepts it.
import { t, el, onLanguage } from "./i18n.js";
import { animateEnter, animateCollect } from "./motion.js";

const root = document.getElementById("table");
let py = null;          // the Python side: start, act, actCards, checkCards, hint, nextDeal, record …
let model = null;
let groups = [];        // cards chosen for a several-card action, by group (Kočka's pass, Call Kitti's sets)
let target = 0;         // the group a tapped card goes to (Call Kitti's arrangement)
let mode = null;        // Katte: "play" (beat, face up) or "discard" (face down)
let modeFor = -1;       // the decision the mode was chosen for
let hintApplied = null; // the hint whose cards were put into the groups already
let clock = null;       // the turn timer's countdown
let onLeave = () => {};
const $ = (id) => document.getElementById(id);

function skeleton() {
  root.replaceChildren(
    el("div", { class: "table-head" },
      el("h2", { id: "table-title", tabindex: "-1" }),
      el("p", { id: "status", class: "status" }),
      el("div", { class: "tools" },
        el("button", { id: "hint-btn", type: "button", onclick: askHint, "data-t": "web.hint.button", text: t("web.hint.button") }),
        el("button", { id: "last-btn", type: "button", "aria-expanded": "false", "aria-controls": "last-trick",
          onclick: toggleLast, "data-t": "web.table.last_trick", text: t("web.table.last_trick") }),
        el("button", { id: "leave-seat", type: "button", hidden: true, onclick: leaveSeat,
          "data-t": "web.katte.leave_seat", text: t("web.katte.leave_seat") }),
        el("button", { id: "leave", type: "button", onclick: () => onLeave(), "data-t": "web.table.leave", text: t("web.table.leave") }))),
    el("ul", { id: "seats", class: "seats" }),
    el("div", { class: "felt" },
      el("div", { id: "center", class: "center" }),
      el("p", { id: "trick-title", class: "trick-title" }),
      el("div", { id: "trick", class: "trick", role: "group", "aria-label": t("web.table.trick"), "data-t-aria": "web.table.trick" }),
      el("div", { id: "last-trick", class: "last-trick", hidden: true }),
      el("section", { id: "summary", class: "summary", hidden: true, "aria-labelledby": "summary-title" })),
    el("div", { id: "me", class: "me" }),
    el("div", { id: "timer", class: "timer" }),
    el("p", { id: "hint", class: "hint", role: "status" }),
    el("div", { id: "actions", class: "actions" }),
    el("div", { id: "hand", class: "hand", role: "group", "aria-label": t("web.table.hand"), "data-t-aria": "web.table.hand" }),
    el("p", { id: "error", class: "error", role: "alert" }),
  );
}

function wordBadge(word) {
  // Kočka: the game word, the letters this seat has taken marked
  return el("span", { class: "word", "aria-label": `${t("web.kocka.word")}: ${word.filter(([, on]) => on).map(([l]) => l).join("") || "–"}` },
    ...word.map(([letter, on]) => el("span", { class: on ? "taken" : null, "aria-hidden": "true", text: letter })));
}

function seatBadge(s, m) {
  const li = el("li", { class: "seat", "data-seat": s.seat },
    el("span", { class: "seat-name", text: s.you && s.name !== t("web.lobby.name.default") ? t("web.table.you", { name: s.name }) : s.name }),
    s.dealer ? el("span", { class: "chip", text: m.start_label }) : null,
    s.acting ? el("span", { class: "chip acting-chip", text: t("web.table.to_act") }) : null,
    el("span", { class: "seat-cards" },
      s.you ? null : el("img", { class: "mini-back", src: "cards/back.svg", alt: "", "aria-hidden": "true" }),
      el("span", { class: "count", text: s.count === 1 ? t("web.table.cards.one") : t("web.table.cards", { count: s.count }) })),
    s.word ? wordBadge(s.word) : null,
    s.score ? el("span", { class: "seat-score", text: s.score }) : null);
  li.classList.toggle("acting", s.acting);
  li.classList.toggle("out", Boolean(s.out));
  li.classList.toggle("winner", m.trick.winner === s.seat);
  return li;
}

function drawSeats(m) {
  // the others clockwise from your left, then you by your hand
  const order = [...Array(m.players).keys()].map((i) => (m.seat + 1 + i) % m.players).filter((s) => s !== m.seat);
  $("seats").replaceChildren(...order.map((s) => seatBadge(m.seats[s], m)));
  $("me").replaceChildren(el("ul", { class: "seats mine" }, seatBadge(m.seats[m.seat], m)));
}

function playFigure(p, winner) {
  const key = p.cards.map((c) => c.code ?? "").join(",");
  const f = el("figure", { class: "tcard", "data-seat": p.seat, "data-code": key },
    el("div", { class: "tcard-cards" }, ...p.cards.map((c) =>
      el("img", { src: c.img, alt: c.label, width: 200, height: 280, class: p.down ? "down" : null }))),
    el("figcaption", { text: p.note ? `${p.name}: ${p.note}` : p.name }));
  f.classList.toggle("several", p.cards.length > 1);
  f.classList.toggle("winning", winner === p.seat);
  return f;
}

function drawTrick(m, handRects) {
  const box = $("trick");
  $("trick-title").textContent = m.trick.title || "";
  const key = (p) => `${p.seat}:${p.cards.map((c) => c.code ?? "").join(",")}`;
  const old = new Map([...box.children].map((c) => [`${c.dataset.seat}:${c.dataset.code}`, c]));
  const figures = m.trick.plays.map((p) => old.get(key(p)) ?? playFigure(p, null));
  box.replaceChildren(...figures);
  figures.forEach((f, i) => {
    const p = m.trick.plays[i];
    if (!old.has(key(p))) {
      const from = p.seat === m.seat ? handRects.get(p.cards[0].code) : $("seats").querySelector(`[data-seat="${p.seat}"]`)?.getBoundingClientRect();
      animateEnter(f, from);
    }
    f.classList.toggle("winning", m.trick.winner === p.seat);
  });
  if (m.trick.winner !== null && m.trick.winner !== undefined) {
    const to = document.querySelector(`.seat[data-seat="${m.trick.winner}"]`)?.getBoundingClientRect();
    animateCollect(figures, to);
  }
}

// ------------------------------------------------------------------ the hand

function arranging(m) {
  return Boolean(m.select && m.select.verb === "arrange");
}

function cardActions(m, c) {
  // with two modes (Katte: beat or discard), a card does what the chosen mode does
  return m.modes ? c.actions.filter((a) => a.verb === mode) : c.actions;
}

function syncState(m) {
  const codes = new Set(m.hand.map((c) => c.code));
  groups = m.select ? m.select.groups.map((_, i) => (groups[i] ?? []).filter((c) => codes.has(c))) : [];
  if (!m.select) target = 0;
  if (m.modes && modeFor !== m.decision) {
    modeFor = m.decision;
    mode = m.modes[0].id;
  }
  if (!m.modes) mode = null;
  const h = m.hint;
  if (h && hintApplied !== h) {
    hintApplied = h;
    if (h.groups && m.select) groups = m.select.groups.map((_, i) => [...(h.groups[i] ?? [])].filter((c) => codes.has(c)));
    if (h.card && m.modes) mode = h.verb;
  }
}

function drawHand(m) {
  const hand = $("hand");
  const rects = new Map([...hand.children].map((b) => [b.dataset.code, b.getBoundingClientRect()]));
  const chosen = new Set(groups.flat());
  const marked = new Set(m.highlight || []);
  const old = new Map([...hand.children].map((b) => [b.dataset.code, b]));
  const arrange = arranging(m);
  const buttons = m.hand.map((c) => {
    const b = old.get(c.code) ?? el("button", { type: "button", class: "card", "data-code": c.code, "aria-label": c.name },
      el("img", { src: c.img, alt: "", width: 200, height: 280, draggable: "false" }));
    b.onclick = () => clickCard(c);
    const acts = cardActions(m, c);
    b.disabled = m.select ? !c.select || (arrange && chosen.has(c.code)) : acts.length === 0;
    b.classList.toggle("placed", arrange && chosen.has(c.code));
    b.classList.toggle("received", marked.has(c.code));
    b.classList.toggle("hinted", Boolean(m.hint && m.hint.card === c.code));
    b.classList.toggle("down-mode", mode === "discard" && acts.length > 0);
    b.title = acts.length === 1 && !m.select ? acts[0].label : "";
    b.draggable = arrange && !b.disabled;
    b.ondragstart = arrange ? (e) => e.dataTransfer.setData("text/plain", c.code) : null;
    if (m.select) b.setAttribute("aria-pressed", String(chosen.has(c.code)));
    else b.removeAttribute("aria-pressed");
    return b;
  });
  // moving a focused button out of the DOM blurs it: only re-order when the cards changed
  const focused = hand.contains(document.activeElement) ? document.activeElement.dataset.code : null;
  const same = buttons.length === hand.children.length && buttons.every((b, i) => hand.children[i] === b);
  if (!same) hand.replaceChildren(...buttons);
  if (focused && document.activeElement === document.body) {
    hand.querySelector(`[data-code="${focused}"]:enabled`)?.focus();
  }
  return rects;
}

// ------------------------------------------------------------------ choosing cards

function place(code, at) {
  // into group ``at`` (if it has room), out of any other
  const sizes = model.select.groups;
  const from = groups.findIndex((g) => g.includes(code));
  if (from === at) return;
  if (groups[at].length >= sizes[at]) return;
  if (from >= 0) groups[from] = groups[from].filter((x) => x !== code);
  groups[at].push(code);
}

function fillLast() {
  // the only group with room takes the only cards left (Call Kitti's discard)
  const sizes = model.select.groups;
  const chosen = new Set(groups.flat());
  const left = model.hand.filter((h) => h.select && !chosen.has(h.code)).map((h) => h.code);
  const open = groups.map((g, i) => sizes[i] - g.length);
  const room = open.map((k, i) => [k, i]).filter(([k]) => k > 0);
  if (room.length === 1 && room[0][0] === left.length && left.length) groups[room[0][1]].push(...left);
}

function nextTarget() {
  const sizes = model.select.groups;
  if (groups[target].length < sizes[target]) return;
  const free = groups.findIndex((g, i) => g.length < sizes[i]);
  if (free >= 0) target = free;
}

function clickCard(c) {
  if (!model || model.busy) return;
  if (model.select) {
    const sizes = model.select.groups;
    const at = groups.findIndex((g) => g.includes(c.code));
    if (at >= 0) groups[at] = groups[at].filter((x) => x !== c.code);
    else {
      if (groups[target]?.length >= sizes[target]) target = groups.findIndex((g, i) => g.length < sizes[i]);
      if (target >= 0) groups[target].push(c.code);
      else target = 0;
    }
    if (arranging(model)) { fillLast(); nextTarget(); }
    draw(model);
    return;
  }
  const acts = cardActions(model, c);
  if (acts.length === 1) act(acts[0].id);
  else if (acts.length > 1) chooseAction(c, acts);
}

function chooseAction(c, acts) {
  // one card, several legal actions: ask which
  const box = $("actions");
  const cancel = el("button", { type: "button", onclick: () => draw(model), text: t("web.table.cancel") });
  box.replaceChildren(el("p", { text: t("web.table.choose", { card: c.name }) }),
    ...acts.map((a) => el("button", { type: "button", class: "action", onclick: () => act(a.id), text: a.label })), cancel);
  box.querySelector("button").focus();
}

function selectionCodes() {
  return groups.flatMap((g, i) => (i ? ["/", ...g] : g));
}

function selectionReady(m) {
  if (!groups.every((g, i) => g.length === m.select.groups[i])) return false;
  if (!arranging(m)) return true;
  return py.checkCards("arrange", JSON.stringify(selectionCodes())) === ""; // the engine judges
}

function submitSelection() {
  if (!selectionReady(model)) return;
  const error = py.actCards(model.select.verb, JSON.stringify(selectionCodes()));
  groups = [];
  target = 0;
  $("error").textContent = error || "";
}

function suggest() {
  const got = py.suggest ? py.suggest() : "";
  if (!got) return;
  groups = JSON.parse(got);
  target = 0;
  draw(model);
}

function zone(m, i) {
  // one set (or the discard) of Call Kitti's arrangement: a drop target with its cards
  const size = m.select.groups[i];
  const cards = groups[i];
  const category = size === 3 && cards.length === 3 ? py.category(JSON.stringify(cards)) : "";
  const label = m.select.labels[i];
  const head = el("button", { type: "button", class: "zone-head", "aria-pressed": String(i === target),
    "aria-label": t("web.arrange.place", { group: label }),
    onclick: () => { target = i; draw(model); } },
    el("span", { class: "zone-label", text: label }),
    el("span", { class: "zone-category", text: category || `${cards.length}/${size}` }));
  const slots = el("div", { class: "zone-cards" }, ...cards.map((code) => {
    const c = m.hand.find((h) => h.code === code);
    return el("button", { type: "button", class: "zone-card", "data-code": code,
      "aria-label": t("web.arrange.back", { card: c.name }), draggable: "true",
      ondragstart: (e) => e.dataTransfer.setData("text/plain", code),
      onclick: () => { groups[i] = groups[i].filter((x) => x !== code); target = i; draw(model); } },
      el("img", { src: c.img, alt: "", width: 200, height: 280, draggable: "false" }));
  }));
  const box = el("div", { class: "zone", "data-group": i }, head, slots);
  box.classList.toggle("target", i === target);
  box.classList.toggle("full", cards.length === size);
  box.addEventListener("dragover", (e) => { e.preventDefault(); box.classList.add("over"); });
  box.addEventListener("dragleave", () => box.classList.remove("over"));
  box.addEventListener("drop", (e) => {
    e.preventDefault();
    const code = e.dataTransfer.getData("text/plain");
    if (code && m.hand.some((h) => h.code === code)) {
      place(code, i);
      target = i;
      fillLast();
      nextTarget();
      draw(model);
    }
  });
  return box;
}

function drawActions(m) {
  const box = $("actions");
  const parts = [];
  if (m.select) {
    const ready = selectionReady(m);
    if (arranging(m)) {
      parts.push(el("div", { class: "zones" }, ...m.select.groups.map((_, i) => zone(m, i))));
      parts.push(el("p", { class: "select-count", text: `${t("web.arrange.incomplete", { count: groups.flat().length })} · ${m.select.order}` }));
      parts.push(el("button", { type: "button", id: "suggest", onclick: suggest, text: m.select.suggest }));
      parts.push(el("button", { type: "button", id: "select-clear", onclick: () => { groups = []; target = 0; draw(model); }, text: m.select.clear }));
    } else {
      parts.push(el("p", { class: "select-count", text: t("web.pass.count", { count: groups[0].length }) }));
    }
    parts.push(el("button", { type: "button", id: "select-go", class: "primary",
      disabled: !ready, onclick: submitSelection, text: m.select.button }));
  }
  if (m.modes) {
    // Katte: beating and discarding are two distinct controls
    parts.push(el("div", { class: "modes", role: "group", "aria-label": t("web.katte.mode.label") },
      ...m.modes.map((x) => el("button", { type: "button", class: "mode", id: `mode-${x.id}`, "aria-pressed": String(mode === x.id),
        onclick: () => { mode = x.id; draw(model); }, text: x.label }))));
  }
  for (const b of m.buttons) {
    const hinted = m.hint && m.hint.action === b.id;
    parts.push(el("button", { type: "button", class: hinted ? "action hinted" : "action", "data-id": b.id, onclick: () => act(b.id), text: b.label }));
  }
  box.replaceChildren(...parts);
}

// ------------------------------------------------------------------ the rest of the table

function cardGroup(g) {
  return el("figure", { class: "shown" },
    el("figcaption", { text: g.note ? `${g.label}: ${g.note}` : g.label }),
    el("div", { class: "shown-cards" }, ...g.cards.map((card) =>
      el("img", { src: card.img, alt: card.label, width: 200, height: 280 }))));
}

function drawCenter(m) {
  const c = m.center;
  $("center").replaceChildren(
    ...c.cards.map((card) => el("img", { class: "center-card", src: card.img, alt: card.label, width: 200, height: 280 })),
    ...c.lines.map((line) => el("p", { text: line })),
    ...(c.groups || []).map(cardGroup));
}

function drawTimer(m) {
  const box = $("timer");
  if (!m.timer) {
    box.replaceChildren(); box.dataset.decision = "";
    if (clock) { clearInterval(clock); clock = null; }
    return;
  }
  if (box.dataset.decision === String(m.decision)) return; // the same turn: keep running
  box.dataset.decision = String(m.decision);
  const end = performance.now() + m.timer * 1000;
  const count = el("span", { class: "timer-count", "aria-hidden": "true" });
  const tick = () => {
    const left = Math.max(0, Math.ceil((end - performance.now()) / 1000));
    count.textContent = t("web.timer.left", { s: left });
    if (left <= 5) count.classList.add("low");
  };
  tick();
  if (clock) clearInterval(clock);
  clock = setInterval(tick, 250);
  box.replaceChildren(
    el("div", { class: "timer-track" }, el("div", { class: "timer-bar", role: "timer", "aria-label": t("web.timer"),
      style: `animation-duration: ${m.timer}s` })), count);
}

function drawHint(m) {
  const btn = $("hint-btn");
  btn.disabled = !m.can_hint || m.hinting;
  btn.dataset.t = m.hinting ? "web.hint.thinking" : "web.hint.button";
  btn.textContent = t(btn.dataset.t);
  $("hint").textContent = m.hint ? m.hint.text : "";
  const leave = $("leave-seat");
  leave.hidden = !m.leave_seat;
  if (m.leave_seat) leave.title = m.leave_seat.help;
}

function drawLast(m) {
  const panel = $("last-trick");
  $("last-btn").disabled = !m.last;
  if (!m.last) { panel.hidden = true; setLastButton(); }
  panel.replaceChildren(
    el("h3", { text: m.last ? m.last.title : t("web.table.last_trick.none") }),
    el("div", { class: "trick small" }, ...(m.last ? m.last.plays.map((p) => playFigure(p, null)) : [])));
}

function setLastButton() {
  const panel = $("last-trick");
  $("last-btn").setAttribute("aria-expanded", String(!panel.hidden));
  $("last-btn").dataset.t = panel.hidden ? "web.table.last_trick" : "web.table.hide_last";
  $("last-btn").textContent = t($("last-btn").dataset.t);
}

function toggleLast() {
  const panel = $("last-trick");
  panel.hidden = !panel.hidden;
  setLastButton();
}

function drawSummary(m) {
  const box = $("summary");
  const s = m.summary;
  const wasHidden = box.hidden;
  box.hidden = !s;
  $("trick").hidden = Boolean(s);
  $("trick-title").hidden = Boolean(s);
  if (!s) return;
  const record = new Blob([py.record()], { type: "application/json" });
  box.replaceChildren(
    el("h2", { id: "summary-title", text: s.title }),
    ...s.lines.map((line) => el("p", { class: "summary-line", text: line })),
    ...(s.groups || []).map(cardGroup),
    el("table", { class: "results" },
      el("thead", {}, el("tr", {}, ...s.headers.map((h) => el("th", { scope: "col", text: h })))),
      el("tbody", {}, ...s.rows.map((r) => el("tr", { "data-seat": r.seat, class: r.seat === m.seat ? "you" : null },
        ...r.cells.map((c, i) => el(i ? "td" : "th", { scope: i ? null : "row", text: c })))))),
    s.tricks && s.tricks.length ? el("details", { class: "tricks-list" },
      el("summary", { text: s.tricks_title }),
      el("ol", {}, ...s.tricks.map((line) => el("li", { text: line })))) : null,
    el("div", { class: "summary-actions" },
      el("button", { type: "button", id: "summary-next", class: "primary", onclick: () => summaryNext(s.next.id), text: s.next.label }),
      el("a", { id: "record-link", href: URL.createObjectURL(record), download: `kortti-${m.game}.json`, text: s.record })));
  if (wasHidden) $("summary-next").focus();
}

function summaryNext(id) {
  if (id === "new") onLeave();
  else py.nextDeal();
}

function act(id) {
  const error = py.act(id);
  $("error").textContent = error || "";
}

function askHint() {
  const error = py.hint();
  $("error").textContent = error || "";
}

function leaveSeat() {
  const error = py.leaveSeat();
  $("error").textContent = error || "";
}

function announce(lines) {
  if (lines.length) $("live").textContent = lines.join(" ");
}

function keepFocus(m) {
  // a played card's button is gone and buttons are disabled while bots play: when it is
  // your turn again, put the focus back on your hand (keyboard play needs no mouse)
  const active = document.activeElement;
  if (m.summary || (active && active !== document.body)) return;
  $("hand").querySelector("button:enabled")?.focus();
}

function draw(m) {
  model = m;
  syncState(m);
  $("table-title").textContent = m.title;
  $("status").textContent = m.status;
  drawSeats(m);
  const rects = drawHand(m);
  drawTrick(m, rects);
  drawLast(m);
  drawCenter(m);
  drawTimer(m);
  drawHint(m);
  drawActions(m);
  drawSummary(m);
  keepFocus(m);
}

onLanguage(() => {
  if (!root.hidden && model) setLastButton();
});

export const table = {
  attach(api, leave) { py = api; onLeave = leave; },
  begin() {
    skeleton();
    groups = [];
    target = 0;
    mode = null;
    modeFor = -1;
    hintApplied = null;
    root.hidden = false;
    document.getElementById("lobby").hidden = true;
  },
  update(json) {
    const m = JSON.parse(json);
    draw(m);
    announce(m.announce);
  },
  get model() { return model; },
};
