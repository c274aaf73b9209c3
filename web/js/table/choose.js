// Cards chosen together before one action: Kočka's pass of three, and Call Kitti's
// arrangement (four sets of three and a discard) on a board of drop zones. The page only
// collects the cards; the engine (asked through the worker) judges them.
import { t, el } from "../i18n.js";

/** The selection state of the table (``ui.groups`` holds card keys, one list per group). */
export function syncGroups(m, ui) {
  const keys = new Set(m.hand.map((c) => c.key));
  ui.groups = m.select ? m.select.groups.map((_, i) => (ui.groups[i] ?? []).filter((k) => keys.has(k))) : [];
  if (!m.select) ui.target = 0;
}

export function arranging(m) {
  return Boolean(m.select && m.select.verb === "arrange");
}

function codeOf(m, key) {
  return m.hand.find((c) => c.key === key)?.code;
}

/** The chosen cards as the engine reads them: codes, "/" between groups. */
export function selectionCodes(m, ui) {
  return ui.groups.flatMap((g, i) => (i ? ["/", ...g.map((k) => codeOf(m, k))] : g.map((k) => codeOf(m, k))));
}

export function full(m, ui) {
  return ui.groups.every((g, i) => g.length === m.select.groups[i]);
}

/** Groups from codes (a hint's or the bots' suggestion), each code taking one copy. */
export function groupsFromCodes(m, codeGroups) {
  const free = m.hand.map((c) => ({ ...c }));
  return m.select.groups.map((_, i) => (codeGroups[i] ?? []).map((code) => {
    const c = free.find((x) => x.code === code && !x.used);
    if (!c) return null;
    c.used = true;
    return c.key;
  }).filter(Boolean));
}

function place(m, ui, key, at) {
  const sizes = m.select.groups;
  const from = ui.groups.findIndex((g) => g.includes(key));
  if (from === at || ui.groups[at].length >= sizes[at]) return;
  if (from >= 0) ui.groups[from] = ui.groups[from].filter((x) => x !== key);
  ui.groups[at].push(key);
}

function fillLast(m, ui) {
  // the only group with room takes the only cards left (Call Kitti's discard)
  const sizes = m.select.groups;
  const chosen = new Set(ui.groups.flat());
  const left = m.hand.filter((h) => h.select && !chosen.has(h.key)).map((h) => h.key);
  const room = ui.groups.map((g, i) => [sizes[i] - g.length, i]).filter(([k]) => k > 0);
  if (room.length === 1 && room[0][0] === left.length && left.length) ui.groups[room[0][1]].push(...left);
}

function nextTarget(m, ui) {
  const sizes = m.select.groups;
  if (ui.groups[ui.target].length < sizes[ui.target]) return;
  const free = ui.groups.findIndex((g, i) => g.length < sizes[i]);
  if (free >= 0) ui.target = free;
}

/** A tap on a hand card while choosing: into the target group, or back out. */
export function toggle(m, ui, card) {
  const sizes = m.select.groups;
  const at = ui.groups.findIndex((g) => g.includes(card.key));
  if (at >= 0) ui.groups[at] = ui.groups[at].filter((x) => x !== card.key);
  else {
    if (ui.groups[ui.target]?.length >= sizes[ui.target]) ui.target = ui.groups.findIndex((g, i) => g.length < sizes[i]);
    if (ui.target >= 0) ui.groups[ui.target].push(card.key);
    else ui.target = 0;
  }
  if (arranging(m)) { fillLast(m, ui); nextTarget(m, ui); }
}

/** One set (or the discard) of Call Kitti's arrangement: a drop target with its cards. */
export function zone(m, ui, i, category, redraw) {
  const size = m.select.groups[i];
  const keys = ui.groups[i];
  const label = m.select.labels[i];
  const state = category || `${keys.length}/${size}`;
  // the button's name is what it shows (label, then state), then what it does
  const head = el("button", { type: "button", class: "zone-head", "aria-pressed": String(i === ui.target),
    onclick: () => { ui.target = i; redraw(); } },
    el("span", { class: "zone-label", text: label }),
    el("span", { class: "visually-hidden", text: ", " }),
    el("span", { class: "zone-category", text: state }),
    el("span", { class: "visually-hidden", text: `: ${t("web.arrange.place.short")}` }));
  const slots = el("div", { class: "zone-cards" }, ...keys.map((key) => {
    const c = m.hand.find((h) => h.key === key);
    return el("button", { type: "button", class: "zone-card", "data-code": c.code, "data-key": key,
      "aria-label": t("web.arrange.back", { card: c.name }), draggable: "true",
      ondragstart: (e) => e.dataTransfer.setData("text/plain", key),
      onclick: () => { ui.groups[i] = ui.groups[i].filter((x) => x !== key); ui.target = i; redraw(); } },
      el("img", { src: c.img, alt: "", width: 200, height: 280, draggable: "false" }));
  }));
  const box = el("div", { class: "zone", "data-group": i }, head, slots);
  box.classList.toggle("target", i === ui.target);
  box.classList.toggle("full", keys.length === size);
  box.addEventListener("dragover", (e) => { e.preventDefault(); box.classList.add("over"); });
  box.addEventListener("dragleave", () => box.classList.remove("over"));
  box.addEventListener("drop", (e) => {
    e.preventDefault();
    const key = e.dataTransfer.getData("text/plain");
    if (key && m.hand.some((h) => h.key === key)) {
      place(m, ui, key, i);
      ui.target = i;
      fillLast(m, ui);
      nextTarget(m, ui);
      redraw();
    }
  });
  return box;
}
