// The card table, drawn from the JSON model web/table/model.py builds from the engine's
// view of your seat. This file decides no rule: a card is enabled exactly when the
// model lists a legal action for it.
import { t, el } from "./i18n.js";
import { animateEnter, animateCollect } from "./motion.js";

const root = document.getElementById("table");
let py = null;          // the Python side: start, act, actCards, nextDeal, record
let model = null;
let groups = [];          // cards chosen for a several-card action, by group (Kočka's pass, Call Kitti's sets)
let onLeave = () => {};
const $ = (id) => document.getElementById(id);

function skeleton() {
  root.replaceChildren(
    el("div", { class: "table-head" },
      el("h2", { id: "table-title", tabindex: "-1" }),
      el("p", { id: "status", class: "status" }),
      el("div", { class: "tools" },
        el("button", { id: "last-btn", type: "button", "aria-expanded": "false", "aria-controls": "last-trick",
          onclick: toggleLast, text: t("web.table.last_trick") }),
        el("button", { id: "leave", type: "button", onclick: () => onLeave(), text: t("web.table.leave") }))),
    el("ul", { id: "seats", class: "seats" }),
    el("div", { class: "felt" },
      el("div", { id: "center", class: "center" }),
      el("div", { id: "trick", class: "trick", role: "group", "aria-label": t("web.table.trick") }),
      el("div", { id: "last-trick", class: "last-trick", hidden: true }),
      el("section", { id: "summary", class: "summary", hidden: true, "aria-labelledby": "summary-title" })),
    el("div", { id: "me", class: "me" }),
    el("div", { id: "timer", class: "timer" }),
    el("div", { id: "actions", class: "actions" }),
    el("div", { id: "hand", class: "hand", role: "group", "aria-label": t("web.table.hand") }),
    el("p", { id: "error", class: "error", role: "alert" }),
  );
}

function seatBadge(s, m) {
  const li = el("li", { class: "seat", "data-seat": s.seat },
    el("span", { class: "seat-name", text: s.you && s.name !== t("web.lobby.name.default") ? t("web.table.you", { name: s.name }) : s.name }),
    s.dealer ? el("span", { class: "chip", text: m.start_label }) : null,
    s.acting ? el("span", { class: "chip acting-chip", text: t("web.table.to_act") }) : null,
    el("span", { class: "seat-cards" },
      s.you ? null : el("img", { class: "mini-back", src: "cards/back.svg", alt: "", "aria-hidden": "true" }),
      el("span", { class: "count", text: s.count === 1 ? t("web.table.cards.one") : t("web.table.cards", { count: s.count }) })),
    s.score ? el("span", { class: "seat-score", text: s.score }) : null);
  li.classList.toggle("acting", s.acting);
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

function drawHand(m) {
  const hand = $("hand");
  const rects = new Map([...hand.children].map((b) => [b.dataset.code, b.getBoundingClientRect()]));
  const codes = new Set(m.hand.map((c) => c.code));
  groups = m.select ? m.select.groups.map((_, i) => (groups[i] ?? []).filter((c) => codes.has(c))) : [];
  const chosen = new Set(groups.flat());
  const old = new Map([...hand.children].map((b) => [b.dataset.code, b]));
  const buttons = m.hand.map((c) => {
    const b = old.get(c.code) ?? el("button", { type: "button", class: "card", "data-code": c.code, "aria-label": c.name },
      el("img", { src: c.img, alt: "", width: 200, height: 280 }));
    b.onclick = () => clickCard(c);
    b.disabled = m.select ? !c.select : c.actions.length === 0;
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

function drawActions(m) {
  const box = $("actions");
  const parts = [];
  if (m.select) {
    const full = groups.every((g, i) => g.length === m.select.groups[i]);
    if (m.select.groups.length > 1) {
      parts.push(el("div", { class: "groups" }, ...m.select.groups.map((size, i) =>
        el("div", { class: "group" }, el("span", { class: "group-label", text: m.select.labels[i] }),
          el("span", { class: "group-cards" }, ...groups[i].map((code) => {
            const c = m.hand.find((h) => h.code === code);
            return el("img", { src: c.img, alt: c.name, width: 200, height: 280 });
          }))))));
      parts.push(el("button", { type: "button", onclick: () => { groups = []; draw(model); }, text: m.select.clear }));
    } else {
      parts.push(el("p", { class: "select-count", text: t("web.pass.count", { count: groups[0].length }) }));
    }
    parts.push(el("button", { type: "button", id: "select-go", class: "primary",
      disabled: !full, onclick: submitSelection, text: m.select.button }));
  }
  for (const b of m.buttons) {
    parts.push(el("button", { type: "button", class: "action", onclick: () => act(b.id), text: b.label }));
  }
  box.replaceChildren(...parts);
}

function drawCenter(m) {
  const c = m.center;
  $("center").replaceChildren(
    ...c.cards.map((card) => el("img", { class: "center-card", src: card.img, alt: card.label, width: 200, height: 280 })),
    ...c.lines.map((line) => el("p", { text: line })));
}

function drawTimer(m) {
  const box = $("timer");
  if (!m.timer) { box.replaceChildren(); box.dataset.decision = ""; return; }
  if (box.dataset.decision === String(m.decision)) return; // the same turn: keep running
  box.dataset.decision = String(m.decision);
  box.replaceChildren(el("div", { class: "timer-bar", role: "timer", "aria-label": t("web.timer"),
    style: `animation-duration: ${m.timer}s` }));
}

function drawLast(m) {
  const panel = $("last-trick");
  $("last-btn").disabled = !m.last;
  if (!m.last) { panel.hidden = true; $("last-btn").setAttribute("aria-expanded", "false"); }
  panel.replaceChildren(
    el("h3", { text: m.last ? m.last.title : t("web.table.last_trick.none") }),
    el("div", { class: "trick small" }, ...(m.last ? m.last.plays.map((p) => playFigure(p, null)) : [])));
}

function toggleLast() {
  const panel = $("last-trick");
  panel.hidden = !panel.hidden;
  $("last-btn").setAttribute("aria-expanded", String(!panel.hidden));
  $("last-btn").textContent = t(panel.hidden ? "web.table.last_trick" : "web.table.hide_last");
}

function drawSummary(m) {
  const box = $("summary");
  const s = m.summary;
  const wasHidden = box.hidden;
  box.hidden = !s;
  $("trick").hidden = Boolean(s);
  if (!s) return;
  const record = new Blob([py.record()], { type: "application/json" });
  box.replaceChildren(
    el("h2", { id: "summary-title", text: s.title }),
    ...s.lines.map((line) => el("p", { class: "summary-line", text: line })),
    el("table", { class: "results" },
      el("thead", {}, el("tr", {}, ...s.headers.map((h) => el("th", { scope: "col", text: h })))),
      el("tbody", {}, ...s.rows.map((r) => el("tr", { "data-seat": r.seat, class: r.seat === m.seat ? "you" : null },
        ...r.cells.map((c, i) => el(i ? "td" : "th", { scope: i ? null : "row", text: c })))))),
    el("div", { class: "summary-actions" },
      el("button", { type: "button", id: "summary-next", class: "primary", onclick: () => summaryNext(s.next.id), text: s.next.label }),
      el("a", { id: "record-link", href: URL.createObjectURL(record), download: `kortti-${m.game}.json`, text: s.record })));
  if (wasHidden) $("summary-next").focus();
}

function summaryNext(id) {
  if (id === "new") onLeave();
  else py.nextDeal();
}

function clickCard(c) {
  if (!model || model.busy) return;
  if (model.select) {
    const sizes = model.select.groups;
    const at = groups.findIndex((g) => g.includes(c.code));
    if (at >= 0) groups[at] = groups[at].filter((x) => x !== c.code);
    else {
      const free = groups.findIndex((g, i) => g.length < sizes[i]);
      if (free >= 0) groups[free].push(c.code);
    }
    // the last group takes the only cards left (Call Kitti's discard)
    const chosen = new Set(groups.flat());
    const left = model.hand.filter((h) => h.select && !chosen.has(h.code)).map((h) => h.code);
    const open = groups.map((g, i) => sizes[i] - g.length);
    if (open.slice(0, -1).every((k) => k === 0) && open.at(-1) === left.length && left.length) groups[groups.length - 1].push(...left);
    draw(model);
    return;
  }
  if (c.actions.length === 1) act(c.actions[0].id);
  else if (c.actions.length > 1) chooseAction(c);
}

function chooseAction(c) {
  // one card, several legal actions (e.g. play or discard): ask which
  const box = $("actions");
  const cancel = el("button", { type: "button", onclick: () => draw(model), text: t("web.table.cancel") });
  box.replaceChildren(el("p", { text: t("web.table.choose", { card: c.name }) }),
    ...c.actions.map((a) => el("button", { type: "button", class: "action", onclick: () => act(a.id), text: a.label })), cancel);
  box.querySelector("button").focus();
}

function submitSelection() {
  const codes = groups.flatMap((g, i) => (i ? ["/", ...g] : g));
  const error = py.actCards(model.select.verb, JSON.stringify(codes));
  groups = [];
  $("error").textContent = error || "";
}

function act(id) {
  const error = py.act(id);
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
  $("table-title").textContent = m.title;
  $("status").textContent = m.status;
  drawSeats(m);
  const rects = drawHand(m);
  drawTrick(m, rects);
  drawLast(m);
  drawCenter(m);
  drawTimer(m);
  drawActions(m);
  drawSummary(m);
  keepFocus(m);
}

export const table = {
  attach(api, leave) { py = api; onLeave = leave; },
  begin() {
    skeleton();
    groups = [];
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
