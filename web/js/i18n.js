// Messages from the catalogues build.py made (engine + web words, one catalogue per
// language; a language's gaps are filled from English). The page carries English and, in
// every language, the few words read across languages (DATA.across); another language's
// catalogue is fetched when it is used (DATA.catalogues: its file). The language is the
// reader's choice (remembered), else the browser's, else English.
import { pickLanguage, rememberLanguage } from "./lang-choice.js";
import { fill } from "./plural.js";

export const DATA = JSON.parse(document.getElementById("kortti-data").textContent);

const listeners = [];
/** @type {((code: string, messages: Record<string, string>) => unknown)[]} */
const catalogueListeners = [];
/** @type {Map<string, Promise<void>>} each catalogue's fetch, once */
const fetching = new Map();

/** Resolves once ``code``'s catalogue is in DATA.messages (and every onCatalogue hook has
 * taken it); rejects when it cannot be fetched (offline, and not kept offline). */
export function loadCatalogue(code) {
  if (DATA.messages[code] || !DATA.languages.includes(code)) return Promise.resolve();
  if (!fetching.has(code)) {
    fetching.set(code, (async () => {
      const response = await fetch(DATA.catalogues[code]);
      if (!response.ok) throw new Error(`${DATA.catalogues[code]}: ${response.status}`);
      const messages = await response.json();
      await Promise.all(catalogueListeners.map((fn) => fn(code, messages)));
      DATA.messages[code] = messages;
    })().catch((e) => { fetching.delete(code); throw e; })); // a later try fetches again
  }
  return fetching.get(code);
}

/** ``fn(code, messages)`` once each fetched catalogue has come, before it is used (the
 * worker's Python takes it: its table speaks that language too). */
export function onCatalogue(fn) { catalogueListeners.push(fn); }

/** The word ``key`` in every language, from the words the page carries for all (DATA.across). */
export function acrossLanguages(key) {
  return DATA.languages.map((code) => DATA.across[code]?.[key]).filter(Boolean);
}

export let lang = pickLanguage(DATA.languages);
// the page opens in its language's words, never half in English: its catalogue first (on a
// return visit from the service worker's cache); if that cannot come, the page speaks English
await loadCatalogue(lang).catch(() => { lang = "en"; });

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
  return DATA.across[code]?.["web.lang.name"] ?? code;
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

/** Switches the page to ``code``: at once when its words are here, else once they are
 * fetched (the page stays in the old language meanwhile: never half translated). Resolves
 * true when switched; false, with the reason said, when they cannot come (offline). */
export async function setLanguage(code) {
  if (!DATA.languages.includes(code) || code === lang) return false;
  const mine = ++switches;
  if (!DATA.messages[code]) {
    const root = document.documentElement;
    root.dataset.langLoading = code; // (tests and the menus: a switch under way)
    try {
      await loadCatalogue(code);
    } catch {
      say(t("web.lang.offline", { language: languageName(code) }));
      return false; // (the menus go back to the language the page speaks: their callers)
    } finally {
      if (root.dataset.langLoading === code) delete root.dataset.langLoading;
    }
    if (mine !== switches) return false; // (a later switch came meanwhile: it stands)
  }
  const note = document.getElementById("lang-note");
  if (note) note.hidden = true;
  lang = code;
  rememberLanguage(code);
  applyStatic();
  for (const fn of listeners) fn(code);
  return true;
}

let switches = 0; // setLanguage's calls: of two at once, the later stands

/** Why the language did not change, shown and said (an alert) until a switch succeeds. */
function say(message) {
  const note = document.getElementById("lang-note");
  if (!note) return;
  note.textContent = message;
  note.hidden = false;
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
