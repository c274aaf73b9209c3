// The lobby: game, players, your name and seat, the bots and their levels, and every
// table option from the engine's metadata (baked in at build time), each with its
// default and help. The choices are remembered (store.js, localStorage); a remembered
// choice that no longer fits (a level, a player count, an option the game has not) falls
// back to the default. Above the game choice: "Continue" offers for saved matches and
// the saves that could not be read (kept aside, downloadable).
import { readCode } from "./net/words.js";
import { noPeekOffered } from "./net/friends.js";
import { DATA, t, el, lang, onLanguage, acrossLanguages } from "./i18n.js";
import { dateText, intlSpeaks, numbers } from "./plural.js";
import { loadChoices, saveChoices, discardAside, dropMatch, loadAll, rawText } from "./records/store.js";

/** The lobby's form; its controls by name (``form.elements.players``…) @type {HTMLFormElement & {elements: any}} */
const form = /** @type {any} */ (document.getElementById("lobby-form"));
const GAMES = DATA.order ?? Object.keys(DATA.games);
/** @type {(choices: any) => void} */
let onStart = () => {};
let ready = false; // Python is ready (the boot's progress bar hides then)
let starting = false; // a start was asked for and waits for Python
const DEFAULT_LEVEL = "medium";
// Katte has no end in its rules (K-3): the table ends a session after this many hands
// (0: open, until the player leaves). A table setting, not an engine option.
const SESSIONS = { katte: { choices: [5, 10, 20, 0], default: 10 } };

// ------------------------------------------------------------ remembered choices

// {game, name, levels: {seat: level or "person"}, people: {seat: name}, games: {game: {players, seat, session, options}},
//  quickNoPeek: the quick match's "No-peek deal" (on unless turned off)}
const memory = readMemory(loadChoices());

function isObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function readMemory(raw) {
  const m = { v: 1, game: "", name: "", levels: {}, people: {}, games: {}, quickNoPeek: true };
  if (!isObject(raw)) return m;
  if (raw.quickNoPeek === false) m.quickNoPeek = false;
  if (typeof raw.game === "string" && raw.game in DATA.games) m.game = raw.game;
  if (typeof raw.name === "string") m.name = raw.name.slice(0, 24);
  if (isObject(raw.levels)) {
    for (const [s, lv] of Object.entries(raw.levels)) if (typeof lv === "string") m.levels[s] = lv;
  }
  if (isObject(raw.people)) {
    for (const [s, name] of Object.entries(raw.people)) if (typeof name === "string") m.people[s] = name.slice(0, 24);
  }
  if (isObject(raw.games)) {
    for (const [g, mem] of Object.entries(raw.games)) {
      if (!(g in DATA.games) || !isObject(mem)) continue;
      m.games[g] = {
        players: Number.isInteger(mem.players) ? mem.players : undefined,
        seat: Number.isInteger(mem.seat) ? mem.seat : undefined,
        session: Number.isInteger(mem.session) ? mem.session : undefined,
        options: isObject(mem.options) ? { ...mem.options } : {},
      };
    }
  }
  return m;
}

function gameMemory(game) {
  memory.games[game] ??= { options: {} };
  return memory.games[game];
}

const levels = memory.levels; // bot level chosen per seat (kept while the seat stays a bot's)

function defaultNames() {
  return acrossLanguages("web.lobby.name.default");
}

function remember() {
  if (!form.elements.players) return;
  const game = currentGame();
  const mine = gameMemory(game);
  mine.players = Number(form.elements.players.value);
  mine.seat = Number(form.elements.seat.value);
  if (form.elements.session) mine.session = Number(form.elements.session.value);
  memory.game = game;
  const name = form.elements.name.value;
  memory.name = defaultNames().includes(name) ? "" : name; // a default name follows the language
  saveChoices(memory);
}

// Does a remembered option value still fit the option as the engine describes it now?
function fits(opt, v) {
  switch (opt.kind) {
    case "bool": return typeof v === "boolean";
    case "choice": return opt.choices.some((c) => c === v);
    case "text": return typeof v === "string";
    case "seconds": if (v === null) return true; // falls through: a number of seconds
    case "int": return Number.isInteger(v) && (opt.minimum == null || v >= opt.minimum)
      && (opt.maximum == null || v <= opt.maximum);
    default: return false;
  }
}

// ------------------------------------------------------------ the form

function levelOf(game, seat) {
  const known = DATA.games[game].levels;
  if (levels[seat] === PERSON) return PERSON;
  if (known.includes(levels[seat])) return levels[seat];
  return known.includes(DEFAULT_LEVEL) ? DEFAULT_LEVEL : known[known.length - 1];
}

// A seat another person plays at this device (pass-and-play), instead of a bot
const PERSON = "person";
const personNames = memory.people; // seat → the name typed for a person's seat (remembered)

function botRow(game, seat, k) {
  const id = `level-${seat}`;
  const choice = levelOf(game, seat);
  const person = choice === PERSON;
  const who = person ? t("web.lobby.seat.n", { n: seat + 1 })
    : t("web.lobby.bot", { seat: t("web.lobby.seat.n", { n: seat + 1 }), name: t("web.bot.name", { n: k }) });
  return el("li", { class: person ? "bot person" : "bot" },
    el("label", { for: id, text: who }),
    el("select", { id, name: "level", "data-seat": seat },
      ...DATA.games[game].levels.map((lv) => el("option", { value: lv, selected: lv === choice }, t(`web.level.${lv}`))),
      el("option", { value: PERSON, selected: person }, t("web.lobby.person"))),
    person ? el("label", { class: "person-name" }, el("span", { text: t("web.lobby.person.name", { n: seat + 1 }) }),
      el("input", { type: "text", name: "person-name", "data-seat": seat, maxlength: 24,
        value: personNames[seat] ?? "", autocomplete: "off" })) : null);
}

function optionControl(opt, touched) {
  const id = `opt-${opt.key}`;
  const help = el("small", { id: `${id}-help`, class: "help", text: t(opt.help) });
  const common = { id, name: opt.key, "aria-describedby": help.id, "data-kind": opt.kind };
  let control;
  const value = opt.key in touched && fits(opt, touched[opt.key]) ? touched[opt.key] : opt.default;
  if (opt.kind === "bool") {
    control = el("input", { ...common, type: "checkbox", checked: value === true });
  } else if (opt.kind === "choice") {
    control = el("select", common, ...opt.choices.map((c, i) => {
      const key = `option.${opt.key}.${c}`;
      const label = key in DATA.messages.en ? t(key) : String(c); // (a number is its own label)
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

// Katte's session length: a table setting shown with the options
function sessionControl(game) {
  const spec = SESSIONS[game];
  const mine = gameMemory(game);
  const value = spec.choices.includes(mine.session) ? mine.session : spec.default;
  return el("div", { class: "field lobby-session", "data-setting": "session" },
    el("label", { for: "session", text: t("web.lobby.session") }),
    el("select", { id: "session", name: "session", "aria-describedby": "session-help" },
      ...spec.choices.map((n) => el("option", { value: n, selected: n === value },
        n ? t("web.lobby.session.hands", { count: n }) : t("web.lobby.session.open")))),
    el("small", { id: "session-help", class: "help", text: t("web.lobby.session.help") }));
}

function readOption(opt, control) {
  if (opt.kind === "bool") return control.checked;
  if (opt.kind === "choice") return opt.choices[Number(control.value)];
  if (opt.kind === "text") return control.value;
  if (control.value === "") return opt.kind === "seconds" ? null : opt.default;
  return Number.parseInt(control.value, 10);
}

function currentGame() {
  const checked = /** @type {HTMLInputElement | null} */ (form.querySelector("input[name=game]:checked"))?.value;
  if (checked && checked in DATA.games) return checked;
  return memory.game || GAMES[0];
}

let shown = null; // the game the form shows

function render() {
  const game = currentGame();
  const meta = DATA.games[game];
  const mine = gameMemory(game);
  const switched = game !== shown; // a game chosen (or the first drawing): its remembered choices
  shown = game;
  const fitsPlayers = (n) => Number.isInteger(n) && n >= meta.min && n <= meta.max;
  const oldPlayers = Number(form.elements.players?.value);
  const players = switched && fitsPlayers(mine.players) ? mine.players
    : fitsPlayers(oldPlayers) ? oldPlayers : Math.min(Math.max(4, meta.min), meta.max);
  const oldSeat = switched && Number.isInteger(mine.seat) ? mine.seat : Number(form.elements.seat?.value ?? 0);
  const seat = oldSeat >= 0 && oldSeat < players ? oldSeat : 0;
  // the default name follows the language; a name the player typed stays
  const typed = form.elements.name?.value ?? (memory.name || undefined);
  const name = typed === undefined || defaultNames().includes(typed) ? t("web.lobby.name.default") : typed;
  const games = el("fieldset", { class: "games" }, el("legend", { text: t("web.lobby.game") }),
    ...GAMES.map((g) => el("label", { class: "game" },
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
  let k = 0; // (the bots are numbered as the table names them: people are no bots)
  const others = range(0, players - 1).filter((s) => s !== seat);
  const passing = others.some((s) => levelOf(game, s) === PERSON);
  const bots = el("ul", { class: "bots", "aria-label": t(passing ? "web.lobby.others" : "web.lobby.bots") },
    ...others.map((s) => botRow(game, s, levelOf(game, s) === PERSON ? 0 : ++k)));
  const opts = meta.options[String(players)];
  const session = SESSIONS[game] ? [sessionControl(game)] : [];
  const options = el("fieldset", { class: "options" }, el("legend", { text: t("web.lobby.options") }),
    ...session,
    ...(opts.length ? opts.map((opt) => optionControl(opt, mine.options))
      : session.length ? [] : [el("p", { text: t("web.lobby.options.none") })]));
  // Start answers at once, even while Python still boots in its worker: the table then
  // opens as soon as it is ready (the button says so meanwhile)
  const start = el("button", { type: "submit", id: "start", class: "primary", "aria-busy": starting ? "true" : null,
    text: starting ? t("web.lobby.waiting") : t("web.lobby.start") });
  // the deal of the day: the same cards for everyone today, on a table the engine fixes
  const daily = el("div", { class: "daily" },
    el("button", { type: "button", id: "daily", "aria-describedby": "daily-help", text: t("web.daily.play") }),
    el("small", { id: "daily-help", class: "help", text: t("web.daily.help") }));
  const focused = document.activeElement?.id;
  form.replaceChildren(games,
    el("div", { class: "row" }, playersField, nameField, seatField),
    el("div", { class: "field" }, el("span", { class: "label", text: t(passing ? "web.lobby.others" : "web.lobby.bots") }), bots,
      passing ? el("small", { class: "help", text: t("web.lobby.person.help") }) : null),
    // Start stays on the screen while the form scrolls (app.css): one tap from any choice
    options, el("div", { class: "lobby-go" }, start),
    // a quick match: strangers online, at a public table of this game (its preset: quick-presets.js)
    el("div", { class: "daily quick" },
      el("button", { type: "button", id: "quick-start", "aria-describedby": "quick-help", text: t("web.quick.open") }),
      el("small", { id: "quick-help", class: "help", text: t("web.quick.open.help", { game: t(`game.${game}`) }) }),
      ...quickNoPeekField(game)),
    daily,
    // a friends table: the same choices; friends at other devices take seats before the deal
    el("div", { class: "daily" },
      el("button", { type: "button", id: "friends-start", "aria-describedby": "friends-help", text: t("web.friends.open") }),
      el("small", { id: "friends-help", class: "help", text: t("web.friends.open.help") })),
    // a friend's table code, typed (or read aloud): the join page says what joining sends where
    el("div", { class: "daily join-code" },
      el("label", { for: "join-code", text: t("web.friends.code.lobby") }),
      el("input", { id: "join-code", type: "text", autocomplete: "off", spellcheck: "false", "aria-describedby": "join-code-help" }),
      el("button", { type: "button", id: "join-code-go", text: t("web.friends.join.go") }),
      el("small", { id: "join-code-help", class: "help", role: "status", text: t("web.friends.code.lobby.help") })));
  if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
}

/** The quick match's "No-peek deal", where the game has it: on unless the player turns it off
 * (a quick match then sits only at tables its host deals). @param {string} game */
function quickNoPeekField(game) {
  if (!noPeekOffered(game)) return [];
  return [el("span", { class: "quick-choice" },
    el("input", { type: "checkbox", id: "quick-nopeek-choice", name: "quick-nopeek", checked: memory.quickNoPeek,
      "aria-describedby": "quick-nopeek-help" }), " ",
    el("label", { for: "quick-nopeek-choice", text: t("web.nopeek.choice") })),
  el("small", { id: "quick-nopeek-help", class: "help", text: t("web.nopeek.choice.help") })];
}

function range(a, b) {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

function collect() {
  const game = currentGame();
  const players = Number(form.elements.players.value);
  const touched = gameMemory(game).options;
  const options = {};
  for (const opt of DATA.games[game].options[String(players)]) {
    options[opt.key] = readOption(opt, form.elements[opt.key]);
    if (opt.key in touched || options[opt.key] !== opt.default) touched[opt.key] = options[opt.key];
  }
  const seat = Number(form.elements.seat.value);
  const chosen = {};
  const humans = {}; // pass-and-play: the other people's seats and names
  for (const s of range(0, players - 1)) {
    if (s === seat) continue;
    if (levelOf(game, s) === PERSON) humans[s] = (personNames[s] ?? "").trim();
    else chosen[s] = levelOf(game, s);
  }
  const session = SESSIONS[game] ? Number(form.elements.session.value) : 0;
  const config = { game, players, seat, name: form.elements.name.value.trim(), options, levels: chosen, session };
  if (Object.keys(humans).length) config.humans = humans;
  return config;
}

form.addEventListener("change", (/** @type {Event & {target: HTMLInputElement}} */ e) => {
  if (e.target.name === "level") levels[Number(e.target.dataset.seat)] = e.target.value;
  if (e.target.name === "quick-nopeek") memory.quickNoPeek = e.target.checked;
  if (["game", "players", "seat", "level"].includes(e.target.name)) render(); // (a person's row has a name)
  remember();
});
form.addEventListener("keydown", (/** @type {KeyboardEvent & {target: HTMLInputElement}} */ e) => {
  if (e.target.id === "join-code" && e.key === "Enter") { // (a code, not the lobby's Start)
    e.preventDefault();
    document.getElementById("join-code-go").click();
  }
});
form.addEventListener("input", (/** @type {Event & {target: HTMLInputElement}} */ e) => {
  if (e.target.name === "person-name") personNames[Number(e.target.dataset.seat)] = e.target.value;
  if (e.target.name === "name" || e.target.name === "person-name") remember();
});
form.addEventListener("submit", (e) => {
  e.preventDefault();
  if (starting) return;
  const choices = collect();
  remember();
  onStart(choices);
});

// ------------------------------------------------------------ continue offers

/** @type {{onContinue: (game: string) => void, onDiscard: (game: string) => any, onRemoveAside: ((item: any) => void) | null, onDaily: (game: string) => void, onQuick: (game: string) => void}} */
let callbacks = { onContinue: () => {}, onDiscard: (game) => dropMatch(game), onRemoveAside: null, onDaily: () => {}, onQuick: () => {} };

form.addEventListener("click", (/** @type {MouseEvent & {target: HTMLElement}} */ e) => {
  if (e.target.id === "daily" && !starting) callbacks.onDaily(currentGame());
  if (e.target.id === "quick-start") {
    remember();
    callbacks.onQuick(currentGame());
  }
  if (e.target.id === "join-code-go") {
    const code = readCode(form.elements["join-code"]?.value);
    if (code) location.hash = `#/table/${code}`;
    else document.getElementById("join-code-help").textContent = t("web.friends.code.bad");
  }
  if (e.target.id === "friends-start" && !starting) {
    const { humans, ...choices } = collect(); // (the people at this device play elsewhere then)
    remember();
    onStart({ ...choices, friends: true });
  }
});
let offered = { saves: {}, broken: [] };
const lockedGames = new Set();
let blobUrls = [];
let box = null;

function offerBox() {
  if (!box) {
    box = el("section", { id: "lobby-offers", class: "lobby-offers", "aria-labelledby": "offers-title", hidden: true });
    const lobbyEl = document.getElementById("lobby");
    lobbyEl.insertBefore(box, lobbyEl.firstChild); // above the new table's choices
  }
  return box;
}

function gameName(game) {
  return typeof game === "string" && game in DATA.games ? t(`game.${game}`) : "";
}

function savedWhen(ms) {
  try {
    const ago = (Date.now() - ms) / 1000;
    if (ago < 45) return t("web.offer.saved.now"); // also a clock set back
    if (!intlSpeaks(lang)) return t("web.offer.saved.date", { date: dateText(ms, lang, { dateStyle: "medium" }) });
    const rtf = new Intl.RelativeTimeFormat(numbers(lang), { numeric: "auto" });
    if (ago < 3600) return t("web.offer.saved", { when: rtf.format(-Math.max(1, Math.round(ago / 60)), "minute") });
    if (ago < 86400) return t("web.offer.saved", { when: rtf.format(-Math.round(ago / 3600), "hour") });
    if (ago < 7 * 86400) return t("web.offer.saved", { when: rtf.format(-Math.round(ago / 86400), "day") });
    return t("web.offer.saved.date", { date: dateText(ms, lang, { dateStyle: "medium" }) });
  } catch {
    return "";
  }
}

function lockNote(li, game) {
  const locked = lockedGames.has(game);
  li.classList.toggle("offer-is-locked", locked);
  for (const b of li.querySelectorAll("button")) b.disabled = locked;
  const note = li.querySelector(".offer-note");
  if (note) note.textContent = locked ? t("web.offer.locked") : "";
}

function offerCard(game, save) {
  const summary = isObject(save.summary) ? save.summary : {};
  const deals = Array.isArray(save.record?.deals) ? save.record.deals.length : 0;
  const deal = Number.isInteger(summary.deal) && summary.deal > 0 ? summary.deal : deals;
  const titleId = `offer-${game}-title`;
  const dealKey = `web.offer.deal.${game}` in DATA.messages.en ? `web.offer.deal.${game}` : "web.offer.deal";
  const when = Number.isFinite(save.updated) ? savedWhen(save.updated) : "";
  const li = el("li", { class: "offer", "data-game": game },
    el("h3", { id: titleId, class: "offer-title" },
      el("span", { class: "offer-game", text: gameName(game) }),
      deal ? el("span", { class: "offer-deal", text: t(dealKey, { n: deal }) }) : null),
    typeof summary.text === "string" && summary.text ? el("p", { class: "offer-text", text: summary.text }) : null,
    when ? el("p", { class: "offer-when" }, el("time", { datetime: new Date(save.updated).toISOString(), text: when })) : null,
    el("p", { class: "offer-note", role: "status" }),
    el("div", { class: "offer-actions" },
      el("button", { type: "button", class: "primary offer-continue", "aria-describedby": titleId,
        text: t("web.offer.continue"), onclick: () => call("onContinue", game) }),
      el("button", { type: "button", class: "offer-discard", "aria-describedby": titleId,
        text: t("web.offer.discard"), onclick: () => discard(game, li) })));
  lockNote(li, game);
  return li;
}

function asideCard(item) {
  const name = gameName(item.game);
  const text = name ? t("web.offer.aside", { game: name }) : t("web.offer.aside.unknown");
  const url = URL.createObjectURL(new Blob([rawText(item.raw)], { type: "application/json" }));
  blobUrls.push(url);
  const file = `kortti-${String(item.game ?? "").replace(/[^a-z0-9-]/gi, "") || "unknown"}-save.json`;
  const li = el("li", { class: "offer offer-aside", "data-game": String(item.game ?? "") },
    el("p", { class: "offer-aside-text", text }),
    el("div", { class: "offer-actions" },
      el("a", { class: "offer-download", href: url, download: file, text: t("web.offer.aside.download") }),
      el("button", { type: "button", class: "offer-remove", text: t("web.offer.aside.remove"),
        onclick: () => removeAside(item, li) })));
  if (item.id !== undefined) li.dataset.asideId = String(item.id);
  return li;
}

function drawOffers() {
  const section = offerBox();
  for (const url of blobUrls) URL.revokeObjectURL(url);
  blobUrls = [];
  const cards = [];
  for (const game of GAMES) {
    const save = offered.saves[game];
    if (!isObject(save)) continue;
    try {
      cards.push(offerCard(game, save));
    } catch (e) { // a save the lobby cannot even show: say so, never break the lobby
      try { cards.push(asideCard({ game, raw: save, reason: String(e) })); } catch { /* nothing to show */ }
    }
  }
  for (const item of offered.broken) {
    try { cards.push(asideCard(isObject(item) ? item : { game: "", raw: item })); } catch { /* nothing to show */ }
  }
  section.replaceChildren(
    el("h2", { id: "offers-title", text: t("web.offer.title") }),
    el("ul", { class: "offer-list" }, ...cards));
  section.hidden = cards.length === 0;
}

function call(name, ...args) {
  try {
    const out = callbacks[name]?.(...args);
    if (out && typeof out.catch === "function") out.catch((e) => console.warn(`lobby ${name}:`, e));
  } catch (e) {
    console.warn(`lobby ${name}:`, e);
  }
}

// A card went: focus moves to the next offer's first button, else the game choice
function forget(li) {
  const list = li.parentElement;
  const next = li.nextElementSibling ?? li.previousElementSibling;
  li.remove();
  if (list && !list.children.length) offerBox().hidden = true;
  (next?.querySelector("button:enabled, a") ?? form.querySelector("input[name=game]:checked"))?.focus();
}

async function discard(game, li) {
  const yes = await ask(t("web.offer.discard.confirm", { game: gameName(game) }), t("web.offer.discard.yes"));
  if (!yes) return;
  delete offered.saves[game];
  forget(li);
  call("onDiscard", game);
}

async function removeAside(item, li) {
  const name = gameName(item.game);
  const question = name ? t("web.offer.aside.confirm", { game: name }) : t("web.offer.aside.confirm.unknown");
  if (!(await ask(question, t("web.offer.aside.remove")))) return;
  offered.broken = offered.broken.filter((b) => b !== item);
  forget(li);
  if (callbacks.onRemoveAside) call("onRemoveAside", item);
  else if (item.id !== undefined) discardAside(item.id);
  else if (typeof item.game === "string" && item.game) dropMatch(item.key ?? item.game); // reported, never kept aside
}

// A confirmation in the page's words: a modal <dialog>; resolves true for "yes".
function ask(question, yes) {
  const lobbyEl = document.getElementById("lobby");
  const dialog = el("dialog", { class: "lobby-dialog", "aria-labelledby": "lobby-dialog-q" },
    el("form", { method: "dialog" },
      el("p", { id: "lobby-dialog-q", text: question }),
      el("div", { class: "lobby-dialog-actions" },
        el("button", { value: "no", autofocus: true, text: t("web.offer.cancel") }),
        el("button", { value: "yes", class: "lobby-danger", text: yes }))));
  if (typeof dialog.showModal !== "function") return Promise.resolve(window.confirm(question));
  lobbyEl.querySelector("dialog.lobby-dialog")?.remove();
  lobbyEl.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      resolve(dialog.returnValue === "yes");
      dialog.remove();
    }, { once: true });
    dialog.showModal();
  });
}

let storedLoad = null;

onLanguage(() => {
  render();
  if (box) drawOffers();
});

export const lobby = {
  // start(choices) on "Start"; callbacks: onContinue(game), onDiscard(game) (default: drop
  // the save), onRemoveAside(item) (default: delete it from "kept aside"). A second call
  // may pass start = null to change only the callbacks.
  /** @param {((choices: any) => void) | null} start @param {Partial<typeof callbacks>} [on] */
  init(start, { onContinue, onDiscard, onRemoveAside, onDaily, onQuick } = {}) {
    if (typeof onQuick === "function") callbacks.onQuick = onQuick;
    if (typeof start === "function") onStart = start;
    if (typeof onDaily === "function") callbacks.onDaily = onDaily;
    if (typeof onContinue === "function") callbacks.onContinue = onContinue;
    if (typeof onDiscard === "function") callbacks.onDiscard = onDiscard;
    if (typeof onRemoveAside === "function") callbacks.onRemoveAside = onRemoveAside;
    render();
  },
  setReady() { ready = true; render(); },
  // what a table not set up in the lobby (a deal link, the deal of the day) still takes from it
  choicesFor() { return { name: form.elements.name?.value.trim() ?? memory.name }; },
  /** Whether the player's quick matches deal no-peek (the lobby's "No-peek deal", on unless turned off). */
  quickNoPeek() { return memory.quickNoPeek; },
  /** The player's name, given elsewhere (a quick match asks for one): the lobby's from now on. @param {string} name */
  setName(name) {
    memory.name = name;
    if (form.elements.name) form.elements.name.value = name;
    saveChoices(memory);
  },
  /** A match of ``game`` against the computer players, with the lobby's choices for it (one tap
   * from a quick match that found nobody, or whose table closed). @param {string} game */
  play(game) {
    const radio = /** @type {HTMLInputElement | null} */ (form.querySelector(`#game-${CSS.escape(game)}`));
    if (radio && !radio.checked) {
      radio.checked = true;
      render();
      remember();
    }
    form.requestSubmit();
  },
  // a start (or continue) waits for Python: the start button says so
  busy(on) {
    starting = Boolean(on);
    const button = document.getElementById("start");
    if (!button) return;
    button.textContent = t(starting ? "web.lobby.waiting" : "web.lobby.start");
    if (starting) button.setAttribute("aria-busy", "true");
    else button.removeAttribute("aria-busy");
  },
  show(error) {
    document.getElementById("lobby").hidden = false;
    document.getElementById("table").hidden = true;
    if (error) form.prepend(el("p", { class: "error", role: "alert", text: error }));
  },
  // Offer the saved matches ({game: save} or a list of saves) and the saves that could
  // not be read ([{id?, game, raw, reason}], store.keptAside()); replaces earlier offers.
  offer(saves, broken) {
    try {
      const map = {};
      for (const s of Array.isArray(saves) ? saves : isObject(saves) ? Object.values(saves) : []) {
        if (isObject(s) && typeof s.game === "string" && s.game in DATA.games) map[s.game] = s;
      }
      offered = { saves: map, broken: Array.isArray(broken) ? [...broken] : [] };
      drawOffers();
    } catch (e) {
      console.warn("lobby offer:", e);
    }
  },
  // Read the stored saves (malformed ones are moved aside first) and offer them;
  // resolves {saves, aside}. Concurrent calls share one reading.
  offerStored() {
    storedLoad ??= loadAll().then(({ saves, aside }) => {
      lobby.offer(saves, aside);
      return { saves, aside };
    }).catch((e) => {
      console.warn("lobby offerStored:", e);
      return { saves: {}, aside: [] };
    }).finally(() => { storedLoad = null; });
    return storedLoad;
  },
  // The match is open in another tab: said on its offer; Continue and Discard disabled.
  locked(game) {
    lockedGames.add(game);
    const li = box?.querySelector(`.offer[data-game="${CSS.escape(String(game))}"]:not(.offer-aside)`);
    if (li) lockNote(li, game);
  },
  unlocked(game) {
    lockedGames.delete(game);
    const li = box?.querySelector(`.offer[data-game="${CSS.escape(String(game))}"]:not(.offer-aside)`);
    if (li) lockNote(li, game);
  },
};
