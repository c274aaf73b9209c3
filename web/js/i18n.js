// Messages from the catalogues build.py baked into the page (engine + web words, one
// catalogue per language; a language's gaps are filled from English). The language is
// the reader's choice (remembered), else the browser's, else English.
import { pickLanguage, rememberLanguage } from "./lang-choice.js";
import { fill } from "./plural.js";

export const DATA = JSON.parse(document.getElementById("kortti-data").textContent);

const listeners = [];
export let lang = pickLanguage(DATA.languages);

// A message with its {name} fields filled from params (a field without a param stays as
// written) and its counted words in the language's plural forms (plural.js: the syntax
// engine/i18n.py's fill() reads, {count, plural, one {# card} other {# cards}}).
export function t(key, params = {}) {
  const own = DATA.messages[lang]?.[key];
  const code = own === undefined ? "en" : lang;
  const text = own ?? DATA.messages.en[key] ?? key;
  return fill(text, params, code, DATA.messages[code]?.["format.decimal_point"] ?? ".");
}

// A sentence about a seat: its second-person variant ("<key>.you": "You take the trick")
// when the seat is the human's and the catalogue has one, as web/table/text.py's Text.you
export function tYou(key, you, params = {}) {
  const own = you && (DATA.messages[lang]?.[`${key}.you`] ?? DATA.messages.en[`${key}.you`]) !== undefined;
  return t(own ? `${key}.you` : key, params);
}

// Words of a language, in that language (for the language menu)
export function languageName(code) {
  return DATA.messages[code]?.["web.lang.name"] ?? DATA.messages.en["web.lang.name"] ?? code;
}

// Static words of the page: elements marked data-t (text), data-t-aria (aria-label), data-t-title
// and data-t-href (a link with {lang} in it)
export function applyStatic(root = document) {
  document.documentElement.lang = lang;
  document.title = t("web.app.title");
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-t]"))) node.textContent = t(node.dataset.t);
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-t-aria]"))) node.setAttribute("aria-label", t(node.dataset.tAria));
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-t-title]"))) node.setAttribute("title", t(node.dataset.tTitle));
  // links to a page per language (the rules): without script they go to rules/, which picks one
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-t-href]"))) node.setAttribute("href", node.dataset.tHref.replace("{lang}", lang));
}

export function onLanguage(fn) { listeners.push(fn); }

export function setLanguage(code) {
  if (!DATA.languages.includes(code) || code === lang) return;
  lang = code;
  rememberLanguage(code);
  applyStatic();
  for (const fn of listeners) fn(code);
}

// Build an element: el("p", {class: "x", text: "hi"}, child, ...)
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}
