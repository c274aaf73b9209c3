// Messages from the catalogues build.py baked into the page (engine + web words, one
// catalogue per language; a language's gaps are filled from English). The language is
// the reader's choice (remembered), else the browser's, else English.
import { pickLanguage, rememberLanguage } from "./lang-choice.js";

export const DATA = JSON.parse(document.getElementById("kortti-data").textContent);

const listeners = [];
export let lang = pickLanguage(DATA.languages);

export function t(key, params = {}) {
  const text = DATA.messages[lang]?.[key] ?? DATA.messages.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// Words of a language, in that language (for the language menu)
export function languageName(code) {
  return DATA.messages[code]?.["web.lang.name"] ?? DATA.messages.en["web.lang.name"] ?? code;
}

// Static words of the page: elements marked data-t (text), data-t-aria (aria-label)
// and data-t-href (a link with {lang} in it)
export function applyStatic(root = document) {
  document.documentElement.lang = lang;
  document.title = t("web.app.title");
  for (const node of root.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  for (const node of root.querySelectorAll("[data-t-aria]")) node.setAttribute("aria-label", t(node.dataset.tAria));
  // links to a page per language (the rules): without script they go to rules/, which picks one
  for (const node of root.querySelectorAll("[data-t-href]")) node.setAttribute("href", node.dataset.tHref.replace("{lang}", lang));
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
