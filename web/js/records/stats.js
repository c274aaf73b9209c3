// The statistics page (#/stats): per game and bot level, in each game's own terms, from
// the results rows history.js stores (one per finished deal, one per finished match).
// Practice matches (with undo) are counted apart. A small SVG chart per game shows the
// last deals' figures, drawn here, with a text alternative.
import { t, el, lang, onLanguage } from "../i18n.js";
import { numbers } from "../plural.js";
import { rows as storedRows, dataBox } from "./history.js";
import { checkRow } from "./data-file.js";

const CHART_DEALS = 30;
const LEVEL_ORDER = ["easy", "medium", "hard", "random", "mixed", ""];
const SVG = "http://www.w3.org/2000/svg";

function group(level, practice, person) {
  return { level, practice, person, deals: 0, wins: 0, streak: 0, best: 0, matches: 0, matchesWon: 0, matchesLost: 0,
    penalty: 0, letters: 0, chips: 0, points: 0, money: 0 };
}

const num = (v) => (Number.isFinite(v) ? v : 0);

// The figures of every game from the rows: {game: {groups: [group, ...], chart: [{value,
// win}]}}. Groups are per bot level, practice ones apart; the streaks run over deals in
// the order they were played (a deal "goes your way" as outcome.py's `win` says).
export function computeStats(rows) {
  const out = {};
  const ok = rows.filter((r) => checkRow(r) === "")
    .sort((a, b) => a.when - b.when || (a.deal ?? Infinity) - (b.deal ?? Infinity));
  for (const r of ok) {
    const game = (out[r.game] ??= { groups: {}, chart: [] });
    // pass-and-play rows carry the person's name: each person's figures apart from solo play
    const person = typeof r.person === "string" ? r.person : null;
    const key = `${r.level}|${r.practice ? "practice" : ""}|${person ?? ""}`;
    const g = (game.groups[key] ??= group(r.level, r.practice, person));
    const f = r.figures;
    if (r.kind === "deal") {
      g.deals += 1;
      if (f.win) {
        g.wins += 1;
        g.streak += 1;
        g.best = Math.max(g.best, g.streak);
      } else {
        g.streak = 0;
      }
      g.penalty += num(f.penalty);
      g.letters += f.letter ? 1 : 0;
      g.chips += num(f.chips);
      g.points += num(f.points);
      g.money += num(f.money);
      if (!r.practice && person === null) game.chart.push({ value: num(f.value), win: Boolean(f.win) });
    } else {
      g.matches += 1;
      if (f.won) g.matchesWon += 1;
      if (f.lost) g.matchesLost += 1;
      g.money += num(f.settle); // Call Kitti: what the end of the match settled
    }
  }
  for (const game of Object.values(out)) {
    game.groups = Object.values(game.groups).sort((a, b) => (Number(a.person !== null) - Number(b.person !== null))
      || String(a.person ?? "").localeCompare(String(b.person ?? "")) || (a.practice - b.practice)
      || LEVEL_ORDER.indexOf(a.level) - LEVEL_ORDER.indexOf(b.level));
    game.chart = game.chart.slice(-CHART_DEALS);
  }
  return out;
}

// ------------------------------------------------------------ drawing

const whole = (n) => new Intl.NumberFormat(numbers(lang)).format(n);
const signed = (n) => new Intl.NumberFormat(numbers(lang), { signDisplay: "exceptZero" }).format(n);
const tenth = (n) => new Intl.NumberFormat(numbers(lang), { maximumFractionDigits: 1 }).format(n);

// Each game's own columns, between "deals played" and the streaks: [key, value, heading's
// message when it is not web.stats.col.<key> (the table's own word, defined once)].
const COLUMNS = {
  kocka: [["penalty", (g) => whole(g.penalty)], ["penalty_per_deal", (g) => (g.deals ? tenth(g.penalty / g.deals) : "–")],
    ["letters", (g) => whole(g.letters)], ["matches", (g) => whole(g.matches)], ["matches_lost", (g) => whole(g.matchesLost)]],
  katte: [["hands_won", (g) => whole(g.wins)], ["chips", (g) => signed(g.chips), "katte.chips"]],
  katko: [["points", (g) => whole(g.points)], ["matches", (g) => whole(g.matches)], ["matches_won", (g) => whole(g.matchesWon)]],
  "call-kitti": [["money", (g) => signed(g.money)], ["matches", (g) => whole(g.matches)],
    ["matches_won", (g) => whole(g.matchesWon)]],
};

function levelName(g) {
  const level = g.level ? t(g.level === "mixed" ? "web.stats.level.mixed" : `web.level.${g.level}`) : "–";
  const name = g.practice ? t("web.stats.practice", { level }) : level;
  return g.person !== null ? `${t("web.stats.person", { name: g.person || "?" })} · ${name}` : name;
}

function table(game, stats) {
  const cols = [["deals", (g) => whole(g.deals)], ...(COLUMNS[game] ?? []),
    ["streak", (g) => whole(g.streak)], ["best", (g) => whole(g.best)]];
  return el("table", { class: "stats-table", "data-game": game },
    el("caption", { text: t("web.stats.table", { game: t(`game.${game}`) }) }),
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("web.stats.col.level") }),
      ...cols.map(([k, , label]) => el("th", { scope: "col", text: t(label ?? `web.stats.col.${k}`) })))),
    el("tbody", {}, ...stats.groups.map((g) => el("tr", { class: g.practice ? "practice" : null,
      "data-level": g.level, "data-practice": g.practice ? "1" : "" },
    el("th", { scope: "row", text: levelName(g) }),
    // (the heading again, drawn beside the figure where the rows stack: a phone)
    ...cols.map(([k, fn, label]) => el("td", { "data-col": k, "data-label": t(label ?? `web.stats.col.${k}`), text: fn(g) }))))));
}

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
}

// The last deals' figures as bars above (for) and below (against) a middle line, and the
// same in words under it (read once: the drawing itself is hidden from screen readers).
function chart(game, bars) {
  const width = 300;
  const height = 80;
  const mid = height / 2;
  const step = width / CHART_DEALS;
  const top = Math.max(1, ...bars.map((b) => Math.abs(b.value)));
  const wins = bars.filter((b) => b.win).length;
  const alt = t("web.stats.chart.alt", { count: bars.length, wins, total: signed(bars.reduce((s, b) => s + b.value, 0)) });
  const drawing = svg("svg", { class: "stats-chart", viewBox: `0 0 ${width} ${height}`, "aria-hidden": "true",
    "data-bars": bars.length },
  svg("line", { x1: 0, x2: width, y1: mid, y2: mid, class: "axis" }),
  ...bars.map((b, i) => {
    // a deal with nothing won or lost still shows as a sliver, coloured by how it went
    const h = Math.max(2, (Math.abs(b.value) / top) * (mid - 2));
    return svg("rect", { x: i * step + 1, width: step - 2, y: b.value > 0 ? mid - h : b.value < 0 ? mid : mid - h / 2,
      height: h, class: b.win ? "bar win" : "bar loss" });
  }));
  return el("figure", { class: "stats-figure" }, drawing, el("figcaption", { class: "help", text: alt }));
}

// Draw the statistics page into `root` (the #stats section).
export async function showStats(root) {
  shown = root;
  const draw = async (said = null) => {
    const stats = computeStats(await storedRows());
    const games = Object.keys(stats);
    if (root.hidden) return; // another page was opened meanwhile
    root.replaceChildren(
      el("p", { class: "page-back" }, el("a", { href: "#/", text: t("web.stats.back") })),
      el("h2", { id: "stats-title", tabindex: "-1", text: t("web.stats.title") }),
      games.length ? el("p", { class: "stats-note", text: t("web.stats.note") })
        : el("p", { class: "stats-empty", text: t("web.stats.empty") }),
      ...games.map((game) => el("section", { class: "stats-game", "data-game": game }, // (no landmark: its table's box is the region)
        el("h3", { id: `stats-${game}`, text: t(`game.${game}`) }),
        el("p", { class: "stats-win", text: t(`web.stats.win.${game}`) }),
        // a table wider than a phone scrolls across in a box of its own, which the keyboard can reach
        el("div", { class: "stats-scroll", tabindex: "0", role: "region", "aria-labelledby": `stats-${game}` },
          table(game, stats[game])),
        stats[game].chart.length ? chart(game, stats[game].chart) : null)),
      dataBox(draw, said));
    root.dataset.drawn = String(games.length); // tests wait for it
  };
  await draw();
  root.querySelector("h2")?.focus();
}

let shown = null; // the page's section, once drawn
onLanguage(() => {
  if (shown && !shown.hidden) showStats(shown); // drawn again in the new language
});
