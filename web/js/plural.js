// Counted words in each language's plural forms, for every page (the table's i18n.js and
// the rules pages' lesson-board.js). Messages use the ICU MessageFormat subset that
// engine/i18n.py's fill() reads:
//   {count, plural, one {# card} few {# cards} many {# cards} other {# cards}}   (also =0 {...})
// "#" is the number as the language writes it (1,9 in Finnish and Czech). The category
// comes from the browser's Intl.PluralRules, as plural_category() decides it in Python
// (tests/plural_cases.json holds the two equal): a whole number as it is, any other number
// to one decimal place, so Czech 1,9 is "many", English 1.0 "other" and Nepali 1.0 "one";
// Vietnamese has "other" only.

const rules = new Map();

export function pluralCategory(code, n) {
  const whole = Number.isInteger(n);
  const id = `${code}|${whole}`;
  if (!rules.has(id)) {
    rules.set(id, new Intl.PluralRules(code, whole ? {} : { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
  }
  return rules.get(id).select(n);
}

// The locale the page's Intl formats numbers and dates in: the language, with Western digits
// (Nepali's own are Devanagari, ५; the engine writes 0–9 in every language, and so the page does)
export function numbers(code) {
  return `${code}-u-nu-latn`;
}

// Whether the browser's Intl has the language's own words for dates: Debian's Chromium has no
// Nepali, and would write "Dec 25" or "3 days ago" in English on a Nepali page
export function intlSpeaks(code) {
  return Intl.DateTimeFormat.supportedLocalesOf([code]).length > 0;
}

const two = (n) => String(n).padStart(2, "0");

/** A moment as the language writes it (``options``: Intl's), or where Intl does not speak the
 * language in digits only, year first: 2026-12-25 (and 18:05 with a time asked for). */
export function dateText(ms, code, options) {
  if (intlSpeaks(code)) return new Intl.DateTimeFormat(numbers(code), options).format(ms);
  const d = new Date(ms);
  const utc = options.timeZone === "UTC";
  const [y, m, day, h, min] = utc ? [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()]
    : [d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()];
  return `${y}-${two(m + 1)}-${two(day)}` + (options.timeStyle ? ` ${two(h)}:${two(min)}` : "");
}

// The language's decimal sign, as Intl knows it ("," in Finnish and Czech)
export function decimalPoint(code) {
  return new Intl.NumberFormat(numbers(code)).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
}

export function formatCount(n, point = ".") {
  return Number.isInteger(n) ? String(n) : n.toFixed(1).replace(".", point);
}

// A plural's number: a number, or a string that writes one ("3", "+2", "1,9"); else null
function toCount(value) {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const text = value.trim().replace(/^\+/, "").replace(",", ".").replace("\u2212", "-");
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : null;
}

function closing(text, start) {
  let depth = 1;
  for (let i = start; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  throw new Error(`unclosed brace in ${text}`);
}

// text with each {count, plural, ...} replaced by the branch its count picks; without its
// number a plural gives its "other" words ("#" as written), never the syntax itself
export function plurals(text, params, code, point = decimalPoint(code)) {
  if (!text.includes("plural")) return text;
  const plural = /\{\s*(\w+)\s*,\s*plural\s*,/g;
  const branch = /\s*(=\d+|zero|one|two|few|many|other)\s*\{/y;
  let out = "";
  let pos = 0;
  let m;
  while ((m = plural.exec(text)) !== null) {
    const end = closing(text, m.index + 1);
    const branches = {};
    let at = plural.lastIndex;
    for (;;) {
      branch.lastIndex = at;
      const b = branch.exec(text);
      if (!b || branch.lastIndex > end) break;
      const close = closing(text, branch.lastIndex);
      branches[b[1]] = text.slice(branch.lastIndex, close);
      at = close + 1;
    }
    out += text.slice(pos, m.index);
    const n = toCount(params[m[1]]);
    if (n === null) {
      out += plurals(branches.other ?? "", params, code, point);
    } else {
      const words = (Number.isInteger(n) ? branches[`=${n}`] : undefined)
        ?? branches[pluralCategory(code, n)] ?? branches.other ?? "";
      const given = params[m[1]];  // a number given as text ("+3", "−2") is written as given
      const written = typeof given === "string" ? given.trim() : formatCount(n, point);
      out += plurals(words, params, code, point).replaceAll("#", written);
    }
    pos = end + 1;
    plural.lastIndex = pos;
  }
  return out + text.slice(pos);
}

// A message with its plurals chosen and its {name} fields filled (a field without a
// param stays as written)
export function fill(text, params = {}, code = "en", point = undefined) {
  return plurals(String(text), params, code, point)
    .replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}
