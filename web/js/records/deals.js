// Numbered deals on the page: a new match's number, today's deal of the day, and the
// "Play this deal" link, which carries a deal's number, table options and bot levels,
// never its cards (the engine deals them from the number: engine/shuffle.py).
//
// The link is  #/deal/<game>?number=N&players=P&seat=S&options=<JSON>&levels=<l1,l2,…>&v=1
// `levels` lists one level per seat ("-" for the player's own seat). `v=1` comes last, so
// a link cut short anywhere is noticed: it no longer ends in v=1.

export const MAX_NUMBER = 2 ** 53 - 1;

/** A fresh deal number for a new match: 1 … 2**53-1, from the browser's crypto. */
export function newNumber() {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
  return ((hi >>> 11) * 2 ** 32 + lo) || 1;
}

/** Today's date in UTC, YYYY-MM-DD: the deal of the day is the same everywhere. */
export function today(now = new Date()) {
  return now.toISOString().slice(0, 10);
}

/** The "Play this deal" link of a match's config (its number, options, levels). */
export function playLink(config, base = location.href) {
  const levels = [];
  for (let s = 0; s < config.players; s += 1) levels.push(s === config.seat ? "-" : (config.levels?.[s] ?? "medium"));
  const q = new URLSearchParams({
    number: String(config.number), players: String(config.players), seat: String(config.seat),
    options: JSON.stringify(config.options || {}), levels: levels.join(","), v: "1",
  });
  const url = new URL(base);
  url.hash = `#/deal/${config.game}?${q}`;
  return url.href;
}

/**
 * A "Play this deal" address's fragment as lobby choices ({game, players, seat,
 * options, levels, number}), or null if the fragment is not such a link, or
 * {error: true} if it is one but broken or cut short. The engine still checks the
 * table (players, options) when it starts; this only reads the link. `games`: the
 * page data's games ({game: {levels}}).
 */
export function readPlayLink(hash, games) {
  const m = /^#\/deal\/([^?]*)(?:\?(.*))?$/.exec(hash);
  if (!m) return null;
  const bad = { error: true };
  const game = decodeURIComponent(m[1] || "");
  const q = new URLSearchParams(m[2] || "");
  const keys = [...q.keys()];
  if (!Object.hasOwn(games, game) || keys[keys.length - 1] !== "v" || q.get("v") !== "1") return bad;
  const whole = (text) => (/^\d{1,16}$/.test(text || "") ? Number(text) : NaN);
  const number = whole(q.get("number"));
  const players = whole(q.get("players"));
  const seat = whole(q.get("seat"));
  // the engine checks the table itself (players, options) when it starts
  if (!(number >= 1 && number <= MAX_NUMBER) || !(players >= 1) || !(seat >= 0 && seat < players)) return bad;
  let options;
  try { options = JSON.parse(q.get("options") || ""); } catch { return bad; }
  if (!options || typeof options !== "object" || Array.isArray(options)) return bad;
  const list = (q.get("levels") || "").split(",");
  if (list.length !== players) return bad;
  const levels = {};
  for (let s = 0; s < players; s += 1) {
    if (s === seat) { if (list[s] !== "-") return bad; continue; }
    if (!games[game].levels.includes(list[s])) return bad;
    levels[s] = list[s];
  }
  return { game, players, seat, options, levels, number };
}
