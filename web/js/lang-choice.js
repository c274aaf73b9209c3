// The reader's language, one rule for the lobby (js/i18n.js) and the rules pages
// (js/rules-lang.js): the remembered choice, else the browser's, else English.
const STORE = "kortti-lang";

function saved() {
  try { return localStorage.getItem(STORE); } catch { return null; } // storage may be off
}

export function pickLanguage(known) {
  const mine = saved();
  if (mine && known.includes(mine)) return mine;
  return browserLanguage(known);
}

/** The first of the browser's languages that ``known`` has ("vi-VN" is "vi"), else English. */
export function browserLanguage(known) {
  for (const tag of navigator.languages?.length ? navigator.languages : [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (known.includes(base)) return base;
  }
  return known.includes("en") ? "en" : known[0];
}

export function rememberLanguage(code) {
  try { localStorage.setItem(STORE, code); } catch { /* not remembered: the choice still holds here */ }
}
