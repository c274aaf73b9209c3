// A live example: a hand record shown as a small table that steps forward and back,
// plays through, and says why each card and trick went the way it did. The steps come
// ready-made (the build replays every page example; an embed asks Python); this file
// only draws them, so stepping works before Python has booted.
// boardHtml's markup is web/gen/rules_board.py's render_board, which draws the first
// position into the page: tests/test_rules_board_same.py holds the two equal, step by step.
import { measureHeight, embedCode as iframeCode } from "./embed-size.js";
import { fill as fillWords } from "../plural.js";

const FRENCH_SIGN = { S: "♠", H: "♥", D: "♦", C: "♣" };
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));

// A message filled, its counted words in the language's plural forms (plural.js)
export function fill(text, params = {}, lang = "en") {
  return fillWords(text, params, lang);
}

/** Each step keeps only what changed: merge them into full positions. */
export function expand(steps) {
  const out = [];
  let cur = {};
  for (const s of steps) { cur = { ...cur, ...s }; out.push(cur); }
  return out;
}

export class Words {
  constructor(ui, cards, deck, lang, rules = {}) {
    this.ui = ui; this.cards = cards; this.deck = deck; this.lang = lang; this.rules = rules;
  }
  t(key, params) { return fill(this.ui[key] ?? key, params, this.lang); }
  name(code) { return (this.cards[code] || [code, code])[1]; }
  chip(code) {
    const [label, name] = this.cards[code] || [code.slice(0, -1), code];
    const s = code.slice(-1);
    if (this.deck === "french") return `<span class="cc s${s}" role="img" aria-label="${esc(name)}">${esc(label)}${FRENCH_SIGN[s]}</span>`;
    return `<span class="cc g${s}" role="img" aria-label="${esc(name)}">${esc(label)}</span>`;
  }
  /** Escape text and turn its [[KS]] tokens into card chips. */
  chips(text) {
    let out = "";
    let pos = 0;
    for (const m of String(text).matchAll(/\[\[([0-9A-Z ]+)\]\]/g)) {
      out += esc(String(text).slice(pos, m.index)).replace(/&quot;/g, '"');
      const codes = m[1].split(" ");
      out += codes.length > 1 ? `<span class="ccs">${codes.map((c) => this.chip(c)).join("")}</span>` : this.chip(codes[0]);
      pos = m.index + m[0].length;
    }
    return out + esc(String(text).slice(pos)).replace(/&quot;/g, '"');
  }
}

export function cardImg(code, deck, words, base, cls = "") {
  const c = cls ? ` class="${cls}"` : "";
  return `<img${c} src="${base}cards/${deck}/${code}.svg" alt="${esc(words.name(code))}" width="200" height="280">`;
}

function handHtml(hand, deck, words, base) {
  if (!hand) return "";
  const groups = hand.split("|");
  return groups.map((g) => {
    const cards = g.replace(/^!/, "").split(" ").filter(Boolean)
      .map((code) => cardImg(code.replace(/^\*/, ""), deck, words, base, code.startsWith("*") ? "new" : "")).join("");
    if (groups.length === 1) return cards;
    return `<span class="${g.startsWith("!") ? "ex-group discard" : "ex-group"}">${cards}</span>`;
  }).join("");
}

function playHtml(play, deck, words, base) {
  const [, codes, flags] = play;
  let tag = play[3] || "";
  const cls = ["ex-card"];
  if (flags.includes("w")) cls.push("win");
  if (flags.includes("d")) { cls.push("down"); tag = tag || words.t("face_down"); }
  if (flags.includes("p")) cls.push("passed");
  if (flags.includes("t")) cls.push("tie");
  const imgs = codes.split(" ").map((c) => cardImg(c, deck, words, base)).join("");
  return `<span class="${cls.join(" ")}"><span class="ex-cards">${imgs}</span>${tag ? `<span class="ex-tag">${esc(tag)}</span>` : ""}</span>`;
}

export function boardHtml(step, names, deck, words, base) {
  const rows = names.map((name, seat) => {
    const cls = ["ex-seat"];
    if (step.act.includes(seat)) cls.push("acting");
    if (step.out.includes(seat)) cls.push("out");
    const badge = step.dealer === seat ? ` <span class="ex-badge">${esc(words.t("dealer"))}</span>` : "";
    const plays = step.table.filter((p) => p[0] === seat).map((p) => playHtml(p, deck, words, base)).join("");
    return `<li class="${cls.join(" ")}"><div class="ex-who"><b>${esc(name)}</b>${badge}`
      + `<span class="ex-st">${esc(step.st[seat] ?? "")}</span></div>`
      + `<div class="ex-hand">${handHtml(step.hands[seat], deck, words, base)}</div><div class="ex-play">${plays}</div></li>`;
  }).join("");
  return `<p class="ex-head"><b class="ex-h">${esc(step.h)}</b> <span class="ex-info">${words.chips(step.info)}</span></p>`
    + `<ol class="ex-seats">${rows}</ol>`
    + `<p class="ex-text" aria-live="polite">${words.chips(step.text)}</p>`
    + `<p class="ex-why">${words.chips(step.why)}</p>`;
}

const ICON = {
  first: "M5 4h2v16H5zM20 4v16L8 12z",
  back: "M18 4v16L6 12z",
  forward: "M6 4v16l12-8z",
  play: "M3 4v16l9-8zM12 4v16l9-8z",
  pause: "M6 4h4v16H6zM14 4h4v16h-4z",
  end: "M17 4h2v16h-2zM4 4v16l12-8z",
  copy: "M8 2h12v14H8zM10 4v10h8V4zM4 6h2v14h10v2H4z",
};
export const icon = (name) => `<svg class="ico" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path d="${ICON[name]}" fill="currentColor" fill-rule="evenodd"/></svg>`;

function button(label, title, onclick, cls = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.innerHTML = label;
  b.title = title;
  b.setAttribute("aria-label", title);
  if (cls) b.className = cls;
  b.addEventListener("click", onclick);
  return b;
}

/**
 * One example on a page or in an embed.
 * root: the figure (holds .ex-board, .ex-bar, .ex-q); data: {steps, names, deck, game, start,
 * record, question?}; words: Words; base: the site root URL; python: () => Promise of the
 * worker client (only "your turn" needs it); embedHash: the embed URL's hash, for the copy button.
 */
export class Example {
  constructor(root, data, words, base, { python = null, embedHash = null, onStep = null } = {}) {
    this.root = root;
    this.data = data;
    this.words = words;
    this.base = base;
    this.python = python;
    this.embedHash = embedHash;
    this.onStep = onStep;
    this.full = expand(data.steps);
    this.i = data.start || 0;
    this.timer = null;
    this.board = root.querySelector(".ex-board");
    this.q = data.question || null;
    this.answered = false;
    this.bar();
    this.show(this.i);
    root.dataset.live = "1";
  }

  bar() {
    const w = this.words;
    const bar = this.root.querySelector(".ex-bar");
    bar.replaceChildren();
    this.first = button(icon("first"), w.t("first"), () => this.go(0), "ex-first");
    this.prev = button(icon("back"), w.t("back"), () => this.go(this.i - 1), "ex-prev");
    this.pos = document.createElement("span");
    this.pos.className = "ex-pos";
    this.next = button(icon("forward"), w.t("forward"), () => this.go(this.i + 1), "ex-next");
    this.playBtn = button(icon("play"), w.t("play"), () => this.toggle(), "ex-playbtn");
    this.last = button(icon("end"), w.t("end"), () => this.go(this.full.length - 1), "ex-last");
    bar.append(this.first, this.prev, this.pos, this.next, this.playBtn, this.last);
    if (this.embedHash !== null) {
      const copy = button(`${icon("copy")} ${esc(w.t("copy_embed"))}`, w.t("copy_embed"), () => this.copyEmbed(), "ex-copy");
      bar.append(copy);
    }
    bar.hidden = false;
    this.root.addEventListener("keydown", (e) => {
      if (e.target.closest("textarea, input")) return;
      if (e.key === "ArrowRight") { this.go(this.i + 1); e.preventDefault(); }
      if (e.key === "ArrowLeft") { this.go(this.i - 1); e.preventDefault(); }
    });
  }

  go(i) {
    if (i < 0 || i >= this.full.length) return;
    if (this.timer && i !== this.i + 1) this.stop();
    this.show(i);
  }

  show(i) {
    this.i = i;
    const step = this.full[i];
    this.board.innerHTML = boardHtml(step, this.data.names, this.data.deck, this.words, this.base);
    this.board.dataset.step = String(i);
    this.pos.textContent = this.words.t("step_of", { n: i + 1, total: this.full.length });
    this.first.disabled = this.prev.disabled = i === 0;
    this.next.disabled = this.last.disabled = i === this.full.length - 1;
    const active = /** @type {HTMLButtonElement | null} */ (document.activeElement);
    if (active && active.disabled && this.root.contains(active)) { // keep the keyboard in the example
      (i === 0 ? this.next : this.prev).focus();
    }
    if (this.q) this.question(i === this.q.step);
    if (this.onStep) this.onStep(i);
  }

  toggle() { if (this.timer) this.stop(); else this.play(); }

  play() {
    if (this.i >= this.full.length - 1) this.show(0);
    this.playBtn.innerHTML = icon("pause");
    this.playBtn.title = this.words.t("pause");
    this.playBtn.setAttribute("aria-label", this.words.t("pause"));
    this.timer = setInterval(() => {
      if (this.q && this.i === this.q.step && !this.answered) return this.stop();
      if (this.i >= this.full.length - 1) return this.stop();
      this.show(this.i + 1);
    }, Number(this.root.dataset.speed || 1400));
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    this.playBtn.innerHTML = icon("play");
    this.playBtn.title = this.words.t("play");
    this.playBtn.setAttribute("aria-label", this.words.t("play"));
  }

  async embedCode() {
    const url = new URL(`${this.base}embed/example.html#${this.embedHash}`, location.href).href;
    this.sized = this.sized || measureHeight(url, this.data); // the frame's height: measured once
    const title = this.words.t("embed_title", { game: this.words.t(`game.${this.data.game}`) });
    return iframeCode(url, title, await this.sized);
  }

  async copyEmbed() {
    const code = await this.embedCode();
    let box = this.root.querySelector(".ex-embed");
    if (!box) {
      box = document.createElement("div");
      box.className = "ex-embed";
      box.innerHTML = `<label>${esc(this.words.t("embed_code"))}<textarea readonly rows="3"></textarea></label><span class="ex-copied" role="status"></span>`;
      this.root.querySelector(".ex-bar").after(box);
    }
    const area = box.querySelector("textarea");
    area.value = code;
    let done = false;
    try { await navigator.clipboard.writeText(code); done = true; } catch { /* not allowed here: select it instead */ }
    if (!done) { area.focus(); area.select(); }
    box.querySelector(".ex-copied").textContent = this.words.t(done ? "copied" : "copy_by_hand");
  }

  // ------------------------------------------------------------ your turn

  question(visible) {
    let box = this.root.querySelector(".ex-q");
    if (!box) {
      box = document.createElement("div");
      box.className = "ex-q";
      this.board.after(box);
    }
    box.hidden = !visible;
    if (!visible || box.dataset.built === "1") return;
    box.dataset.built = "1";
    const q = this.q;
    const w = this.words;
    const ask = box.querySelector(".ex-ask")?.outerHTML
      || `<p class="ex-ask">${esc(w.t(q.choices ? "ask_arrange" : "ask", { name: this.data.names[q.seat] }))}</p>`;
    box.innerHTML = `${ask}<div class="ex-choices" role="group" aria-label="${esc(w.t("choices"))}"></div>`
      + `<p class="ex-q-status" role="status"></p><div class="ex-answer" aria-live="polite"></div>`;
    const choices = box.querySelector(".ex-choices");
    const verbs = new Set([q.verb, ...q.legal.map((a) => a.split(" ")[1])]);
    if (q.choices) { // Call Kitti's arrangement: whole arrangements to pick from, one tap each
      choices.classList.add("ex-arrs");
      q.choices.forEach((c, i) => choices.append(this.arrangementButton(c, i)));
      if (verbs.has("declare")) choices.append(button(esc(w.t("action.declare")), w.t("action.declare"), () => this.answer(`${q.seat} declare`), "ex-choice"));
    } else if (q.verb === "bid" || verbs.has("bid")) {
      for (let n = 0; n <= 4; n++) choices.append(button(esc(String(n)), w.t("bid_n", { n }), () => this.answer(`${q.seat} bid ${n}`), "ex-choice"));
      if (verbs.has("declare")) choices.append(button(esc(w.t("action.declare")), w.t("action.declare"), () => this.answer(`${q.seat} declare`), "ex-choice"));
    } else if (q.verb === "pass") {
      const picked = new Set();
      const go = button(esc(w.t("pass_these")), w.t("pass_these"), () => this.answer(`${q.seat} pass ${[...picked].join(" ")}`), "ex-choice ex-go");
      go.disabled = true;
      for (const code of q.hand) {
        const b = button(cardImg(code, this.data.deck, w, this.base), w.name(code), () => {
          if (picked.has(code)) picked.delete(code); else picked.add(code);
          b.setAttribute("aria-pressed", picked.has(code) ? "true" : "false");
          go.disabled = picked.size !== 3;
        }, "ex-choice ex-cardbtn");
        b.setAttribute("aria-pressed", "false");
        choices.append(b);
      }
      choices.append(go);
    } else {
      let verb = "play";
      if (this.data.game === "katte") {
        const how = document.createElement("div");
        how.className = "ex-how";
        how.setAttribute("role", "radiogroup");
        how.innerHTML = `<label><input type="radio" name="how-${this.root.id}" value="play" checked> ${esc(w.t("face_up"))}</label>`
          + `<label><input type="radio" name="how-${this.root.id}" value="discard"> ${esc(w.t("face_down"))}</label>`;
        how.addEventListener("change", (e) => { verb = /** @type {HTMLInputElement} */ (e.target).value; });
        choices.before(how);
      }
      for (const code of q.hand) {
        choices.append(button(cardImg(code, this.data.deck, w, this.base), w.name(code), () => this.answer(`${q.seat} ${verb} ${code}`), "ex-choice ex-cardbtn"));
      }
    }
  }

  /** One candidate arrangement as a button: its sets (with their kinds) and the discard. */
  arrangementButton(choice, i) {
    const w = this.words;
    const groups = choice.sets.map((cards, k) => `<span class="ex-arr-set">${w.chips(`[[${cards.join(" ")}]]`)}`
      + `<small>${esc(choice.cats[k] || "")}</small></span>`);
    groups.push(choice.discard
      ? `<span class="ex-arr-set ex-arr-discard">${w.chips(`[[${choice.discard}]]`)}<small>${esc(w.t("discard_tag"))}</small></span>`
      : `<span class="ex-arr-set ex-arr-discard"><small>${esc(w.t("no_discard"))}</small></span>`);
    const title = w.t("arrangement_n", { n: i + 1 });
    const b = button(`<span class="ex-arr-n">${esc(title)}</span>${groups.join("")}`, title, () => this.answer(choice.move), "ex-choice ex-arr");
    b.removeAttribute("aria-label"); // the cards inside say it (each chip names its card)
    b.dataset.move = choice.move;
    return b;
  }

  async answer(move) {
    const box = this.root.querySelector(".ex-q");
    const status = box.querySelector(".ex-q-status");
    const out = box.querySelector(".ex-answer");
    const w = this.words;
    box.querySelectorAll(".ex-choice").forEach((b) => { b.disabled = true; });
    box.querySelectorAll(".ex-arr").forEach((b) => { b.setAttribute("aria-pressed", b.dataset.move === move ? "true" : "false"); });
    status.textContent = w.t("asking");
    try {
      const py = await this.python(status);
      const q = this.q;
      const ask = { record: this.data.record, deal: q.deal, action: q.action, lang: w.lang };
      const verdict = await py.call({ fn: "verdict", move, ...ask });
      if (verdict.error) throw new Error(verdict.error.message);
      let html = "";
      if (verdict.legal) {
        html += `<p class="ex-verdict ok"><strong>✓ ${esc(w.t("legal"))}</strong> ${w.chips(w.t("legal_move", { move: verdict.label }))}</p>`;
      } else {
        const rule = w.rules[verdict.rule];
        const see = rule ? ` <a href="${esc(rule[0])}">${esc(w.t("see", { section: rule[1] }))}</a>` : "";
        html += `<p class="ex-verdict no"><strong>✗ ${esc(w.t("illegal"))}</strong> ${w.chips(verdict.label ? w.t("illegal_move", { move: verdict.label }) : "")} ${esc(verdict.message)}.${see}</p>`;
      }
      out.innerHTML = html;
      status.textContent = w.t("bot_thinking");
      if (!this.botAnswer) this.botAnswer = await py.call({ fn: "bot", ...ask });
      const bot = this.botAnswer;
      if (bot.error) throw new Error(bot.error.message);
      box.querySelectorAll(".ex-arr").forEach((b) => { b.classList.toggle("ex-bot-pick", b.dataset.move === bot.action); });
      const actual = this.actualLabel();
      out.innerHTML = html
        + `<p class="ex-bot">${w.chips(w.t("bot_says", { move: bot.label }))}${bot.reason ? ` ${w.chips(w.t("because", { reason: bot.reason }))}` : ""}</p>`
        + `<p class="ex-actual">${w.chips(w.t("actual", { name: this.data.names[q.seat], move: actual }))}</p>`;
      status.textContent = "";
      this.answered = true;
      const again = button(esc(w.t("try_again")), w.t("try_again"), () => {
        box.querySelectorAll(".ex-choice").forEach((b) => { b.disabled = false; });
        box.querySelectorAll(".ex-arr").forEach((b) => { b.removeAttribute("aria-pressed"); b.classList.remove("ex-bot-pick"); });
        again.remove(); cont.remove(); out.replaceChildren();
      }, "ex-again");
      const cont = button(esc(w.t("continue")), w.t("continue"), () => this.go(this.i + 1), "ex-continue");
      out.append(again, cont);
      this.root.dataset.answered = "1";
    } catch (e) {
      status.textContent = w.t("python_failed", { error: e.message || String(e) });
      box.querySelectorAll(".ex-choice").forEach((b) => { b.disabled = false; });
    }
  }

  actualLabel() {
    if (this.q.actual_label) return this.q.actual_label;
    const words = this.q.actual.split(" ");
    const verb = words[1];
    const cards = words.slice(2);
    if (verb === "bid") return this.words.t("turn.bid", { n: cards[0] });
    if (verb === "declare") return this.words.t("action.declare");
    return this.words.t(`turn.${verb}`, { card: `[[${cards.join(" ")}]]`, cards: `[[${cards.join(" ")}]]` });
  }
}
