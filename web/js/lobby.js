// The lobby: game, players, your name and seat, the bots, and every table option
// from the engine's metadata (baked in at build time), each with its default and help.
import { DATA, t, el } from "./i18n.js";

const form = document.getElementById("lobby-form");
let onStart = () => {};
let ready = false;
const touched = {}; // options the player changed: kept when the player count changes

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
  return form.querySelector("input[name=game]:checked")?.value ?? Object.keys(DATA.games)[0];
}

function render() {
  const game = currentGame();
  const meta = DATA.games[game];
  const oldPlayers = Number(form.elements.players?.value);
  const players = oldPlayers >= meta.min && oldPlayers <= meta.max ? oldPlayers : Math.min(Math.max(4, meta.min), meta.max);
  const oldSeat = Number(form.elements.seat?.value ?? 0);
  const seat = oldSeat < players ? oldSeat : 0;
  const name = form.elements.name?.value ?? t("web.lobby.name.default");
  const games = el("fieldset", { class: "games" }, el("legend", { text: t("web.lobby.game") }),
    ...Object.keys(DATA.games).map((g) => el("label", { class: "game" },
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
    ...range(0, players - 1).filter((s) => s !== seat).map((s) =>
      el("li", { text: t("web.lobby.bot", { seat: t("web.lobby.seat.n", { n: s + 1 }), name: t("web.bot.name", { n: ++k }) }) })));
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
  return { game, players, seat: Number(form.elements.seat.value), name: form.elements.name.value.trim(), options };
}

form.addEventListener("change", (e) => {
  if (["game", "players", "seat"].includes(e.target.name)) {
    if (e.target.name === "game") for (const k of Object.keys(touched)) delete touched[k];
    render();
  }
});
form.addEventListener("submit", (e) => {
  e.preventDefault();
  if (ready) onStart(collect());
});

export const lobby = {
  init(start) { onStart = start; render(); },
  setReady() { ready = true; render(); },
  show(error) {
    document.getElementById("lobby").hidden = false;
    document.getElementById("table").hidden = true;
    if (error) form.prepend(el("p", { class: "error", role: "alert", text: error }));
  },
};
