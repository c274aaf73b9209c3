// The lobby: game, players, your name and seat, the bots and their levels, and every
// table option from the engine's metadata (baked in at build time), each with its
// default and help.
import { DATA, t, el, onLanguage } from "./i18n.js";

const form = document.getElementById("lobby-form");
let onStart = () => {};
let ready = false;
const touched = {}; // options the player changed: kept when the player count changes
const levels = {}; // bot level chosen per seat (kept while the seat stays a bot's)
const DEFAULT_LEVEL = "medium";

function levelOf(game, seat) {
  const known = DATA.games[game].levels;
  if (known.includes(levels[seat])) return levels[seat];
  return known.includes(DEFAULT_LEVEL) ? DEFAULT_LEVEL : known[known.length - 1];
}

function botRow(game, seat, k) {
  const id = `level-${seat}`;
  const who = t("web.lobby.bot", { seat: t("web.lobby.seat.n", { n: seat + 1 }), name: t("web.bot.name", { n: k }) });
  const choice = levelOf(game, seat);
  return el("li", { class: "bot" },
    el("label", { for: id, text: who }),
    el("select", { id, name: "level", "data-seat": seat },
      ...DATA.games[game].levels.map((lv) => el("option", { value: lv, selected: lv === choice }, t(`web.level.${lv}`)))));
}

function optionControl(opt) {
  const id = `opt-${opt.key}`;
  const help = el("small", { id: `${id}-help`, class: "help", text: t(opt.help) });
  const common = { id, name: opt.key, "aria-describedby": help.id, "data-kind": opt.kind };
  let control;
  const value = opt.key in touched ? touched[opt.key] : opt.default;
  if (opt.kind === "bool") {
    control = el("input", { ...common, type: "checkbox", checked: value === true });
  } else if (opt.kind === "choice") {
    control = el("select", common, ...opt.choices.map((c, i) => {
      const key = `option.${opt.key}.${c}`;
      const label = key in DATA.messages ? t(key) : String(c);
      return el("option", { value: String(i), selected: c === value }, label);
    }));
  } else if (opt.kind === "text") {
    control = el("input", { ...common, type: "text", value: value ?? "", required: true });
  } else { // int, seconds (empty = no limit)
    control = el("input", { ...common, type: "number", inputmode: "numeric",
      min: opt.minimum ?? null, step: 1, value: value ?? "" });
  }
  control.addEventListener("change", () => { touched[opt.key] = readOption(opt, control); });
  const row = opt.kind === "bool"
    ? el("div", { class: "field check" }, control, el("label", { for: id, text: t(opt.label) }), help)
    : el("div", { class: "field" }, el("label", { for: id, text: t(opt.label) }), control, help);
  row.dataset.option = opt.key;
  return row;
}

function readOption(opt, control) {
  if (opt.kind === "bool") return control.checked;
  if (opt.kind === "choice") return opt.choices[Number(control.value)];
  if (opt.kind === "text") return control.value;
  if (control.value === "") return opt.kind === "seconds" ? null : opt.default;
  return Number.parseInt(control.value, 10);
}

function currentGame() {
  return form.querySelector("input[name=game]:checked")?.value ?? (DATA.order ?? Object.keys(DATA.games))[0];
}

function render() {
  const game = currentGame();
  const meta = DATA.games[game];
  const oldPlayers = Number(form.elements.players?.value);
  const players = oldPlayers >= meta.min && oldPlayers <= meta.max ? oldPlayers : Math.min(Math.max(4, meta.min), meta.max);
  const oldSeat = Number(form.elements.seat?.value ?? 0);
  const seat = oldSeat < players ? oldSeat : 0;
  // the default name follows the language; a name the player typed stays
  const typed = form.elements.name?.value;
  const defaults = DATA.languages.map((code) => DATA.messages[code]?.["web.lobby.name.default"]).filter(Boolean);
  const name = typed === undefined || defaults.includes(typed) ? t("web.lobby.name.default") : typed;
  const games = el("fieldset", { class: "games" }, el("legend", { text: t("web.lobby.game") }),
    ...(DATA.order ?? Object.keys(DATA.games)).map((g) => el("label", { class: "game" },
      el("input", { type: "radio", name: "game", id: `game-${g}`, value: g, checked: g === game }),
      el("span", { class: "game-name", text: t(`game.${g}`) }),
      el("small", { text: t(`web.game.${g}.about`) }))));
  const fixed = meta.min === meta.max;
  const playersField = el("div", { class: "field" },
    el("label", { for: "players", text: t("web.lobby.players") }),
    el("select", { id: "players", name: "players", disabled: fixed, "aria-describedby": "players-help" },
      ...range(meta.min, meta.max).map((n) => el("option", { value: n, selected: n === players }, String(n)))),
    el("small", { id: "players-help", class: "help",
      text: fixed ? t("web.lobby.players.fixed", { n: meta.min }) : t("web.lobby.players.help", meta) }));
  const nameField = el("div", { class: "field" },
    el("label", { for: "name", text: t("web.lobby.name") }),
    el("input", { id: "name", name: "name", type: "text", value: name, maxlength: 24, autocomplete: "nickname" }));
  const seatField = el("div", { class: "field" },
    el("label", { for: "seat", text: t("web.lobby.seat") }),
    el("select", { id: "seat", name: "seat" },
      ...range(0, players - 1).map((s) => el("option", { value: s, selected: s === seat }, t("web.lobby.seat.n", { n: s + 1 })))));
  let k = 0;
  const bots = el("ul", { class: "bots", "aria-label": t("web.lobby.bots") },
    ...range(0, players - 1).filter((s) => s !== seat).map((s) => botRow(game, s, ++k)));
  const opts = meta.options[String(players)];
  const options = el("fieldset", { class: "options" }, el("legend", { text: t("web.lobby.options") }),
    ...(opts.length ? opts.map(optionControl) : [el("p", { text: t("web.lobby.options.none") })]));
  const start = el("button", { type: "submit", id: "start", class: "primary", disabled: !ready,
    text: ready ? t("web.lobby.start") : t("web.lobby.waiting") });
  const focused = document.activeElement?.id;
  form.replaceChildren(games,
    el("div", { class: "row" }, playersField, nameField, seatField),
    el("div", { class: "field" }, el("span", { class: "label", text: t("web.lobby.bots") }), bots),
    options, start);
  if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
}

function range(a, b) {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

function collect() {
  const game = currentGame();
  const players = Number(form.elements.players.value);
  const options = {};
  for (const opt of DATA.games[game].options[String(players)]) {
    options[opt.key] = readOption(opt, form.elements[opt.key]);
  }
  const seat = Number(form.elements.seat.value);
  const chosen = {};
  for (const s of range(0, players - 1)) if (s !== seat) chosen[s] = levelOf(game, s);
  return { game, players, seat, name: form.elements.name.value.trim(), options, levels: chosen };
}

form.addEventListener("change", (e) => {
  if (e.target.name === "level") levels[Number(e.target.dataset.seat)] = e.target.value;
  if (["game", "players", "seat"].includes(e.target.name)) {
    if (e.target.name === "game") for (const k of Object.keys(touched)) delete touched[k];
    render();
  }
});
form.addEventListener("submit", (e) => {
  e.preventDefault();
  if (ready) onStart(collect());
});

onLanguage(() => render());

export const lobby = {
  init(start) { onStart = start; render(); },
  setReady() { ready = true; render(); },
  show(error) {
    document.getElementById("lobby").hidden = false;
    document.getElementById("table").hidden = true;
    if (error) form.prepend(el("p", { class: "error", role: "alert", text: error }));
  },
};
