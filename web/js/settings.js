// The reader's settings: the model, remembered in localStorage ("kortti-settings", JSON)
// and applied to the page as attributes on <html> (app.css and table.css draw from them).
// A stored value is read defensively: anything unreadable or unknown falls back to the
// default, and nothing here ever throws at the page. The dialog is settings-dialog.js.
const KEY = "kortti-settings";

// each setting: its allowed values (the first is the default), or a number range
export const CHOICES = {
  pace: ["normal", "slow", "fast", "instant"],
  afterTrick: ["auto", "tap"],
  onlyCard: [false, true],
  cardSize: ["medium", "small", "large"],
  deck: ["two", "four"],
  theme: ["system", "light", "dark", "contrast"],
  sound: [false, true],
  volume: { min: 0, max: 100, default: 60 },
  motion: ["system", "reduce", "full"],
};

/** @typedef {{pace: string, afterTrick: string, onlyCard: boolean, cardSize: string, deck: string,
 *   theme: string, sound: boolean, volume: number, motion: string}} Settings */

/** @type {Settings} */
export const DEFAULTS = /** @type {any} */ (Object.fromEntries(Object.entries(CHOICES).map(([k, c]) => [k, Array.isArray(c) ? c[0] : c.default])));

function valid(key, value) {
  const c = CHOICES[key];
  if (!c) return false;
  if (Array.isArray(c)) return c.includes(value);
  return typeof value === "number" && Number.isFinite(value) && value >= c.min && value <= c.max;
}

/** @returns {Settings} */
function read() {
  const out = { ...DEFAULTS };
  let raw = null;
  try {
    raw = JSON.parse(localStorage.getItem(KEY) ?? "null");
  } catch {
    return out; // corrupt (or storage refused): the defaults, and the page goes on
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return out;
  for (const key of Object.keys(DEFAULTS)) if (valid(key, raw[key])) out[key] = raw[key];
  return out;
}

let current = read();
const listeners = [];

export function get() {
  return { ...current };
}

/** Change one setting: applied at once, remembered, and told to the listeners. False
 * (and nothing changed) for an unknown key or a value it cannot take. */
export function set(key, value) {
  if (!valid(key, value)) return false;
  if (current[key] === value) return true;
  current = { ...current, [key]: value };
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // storage full or refused: the setting still holds for this visit
  }
  apply();
  for (const fn of listeners) fn(key, value, get());
  return true;
}

export function onChange(fn) {
  listeners.push(fn);
}

const darkScheme = matchMedia("(prefers-color-scheme: dark)");
const lessMotion = matchMedia("(prefers-reduced-motion: reduce)");

/** Less motion: the reader's setting, else the system's. */
export function reducedMotion() {
  return current.motion === "system" ? lessMotion.matches : current.motion === "reduce";
}

/** Card faces: the four-colour French deck lives in cards/french4/ (web/gen/cards.py). */
export function cardSrc(src) {
  if (typeof src !== "string") return src;
  return current.deck === "four" ? src.replace("cards/french/", "cards/french4/") : src.replace("cards/french4/", "cards/french/");
}

function swapFaces(root) {
  for (const img of root.querySelectorAll("img[src*='cards/french']")) {
    const src = cardSrc(img.getAttribute("src"));
    if (src !== img.getAttribute("src")) img.setAttribute("src", src);
  }
}

/** The settings onto <html>: data-theme (light, dark or contrast: "system" resolved),
 * data-motion (reduce or full: resolved), data-card-size, data-deck, data-pace; and the
 * card faces on the page swapped to the chosen deck. */
export function apply() {
  const html = document.documentElement;
  const theme = current.theme === "system" ? (darkScheme.matches ? "dark" : "light") : current.theme;
  html.dataset.theme = theme;
  html.dataset.themeChoice = current.theme;
  html.dataset.motion = reducedMotion() ? "reduce" : "full";
  html.dataset.motionChoice = current.motion;
  html.dataset.cardSize = current.cardSize;
  html.dataset.deck = current.deck;
  html.dataset.pace = current.pace;
  swapFaces(document);
}

// The model (web/table/model.py) names the two-colour faces; every card face put on the
// page is shown from the chosen deck, whoever draws it (table, hand, arrangement board).
new MutationObserver((changes) => {
  if (current.deck !== "four") return;
  for (const change of changes) {
    const nodes = change.type === "attributes" ? [change.target] : [...change.addedNodes];
    for (const node of nodes) {
      if (node.nodeType !== 1 || !(node instanceof Element)) continue;
      if (node.tagName === "IMG") {
        const src = cardSrc(node.getAttribute("src"));
        if (src !== node.getAttribute("src")) node.setAttribute("src", src);
      } else {
        swapFaces(node);
      }
    }
  }
}).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ["src"] });

darkScheme.addEventListener("change", apply);
lessMotion.addEventListener("change", apply);
