// The page's entry: lobby at once, boot progress, then the table once Python is ready.
import { lobby } from "./lobby.js";
import { table } from "./table.js";
import { watchBoot, bootDone, bootFailed } from "./boot.js";
import { registerWorker } from "./pwa.js";
import { DATA, lang, applyStatic, setLanguage, languageName, onLanguage, el } from "./i18n.js";

let playing = false;
const params = new URLSearchParams(location.search);

function leave() {
  playing = false;
  window.korttiPy.stop();
  lobby.show();
}

function start(choices) {
  const seed = params.has("seed") ? Number(params.get("seed")) : crypto.getRandomValues(new Uint32Array(1))[0];
  table.begin();
  playing = true;
  const error = window.korttiPy.start(JSON.stringify({ ...choices, seed, lang }));
  if (error) { playing = false; lobby.show(error); }
}

function pythonReady() {
  if (document.body.dataset.ready === "1") return;
  table.attach(window.korttiPy, leave);
  lobby.setReady();
  bootDone();
  document.body.dataset.ready = "1"; // play works from here on (tests wait for it)
  performance.mark("kortti:ready");
}

function languageMenu() {
  const menu = document.getElementById("lang");
  menu.replaceChildren(...DATA.languages.map((code) =>
    el("option", { value: code, lang: code, selected: code === lang }, languageName(code))));
  menu.addEventListener("change", () => setLanguage(menu.value));
  onLanguage((code) => {
    menu.value = code;
    window.korttiPy?.setLanguage(code); // the table's words come from Python: redrawn there
  });
}

// the Python side (main.py) calls these
window.korttiUI = { update: (json) => table.update(json), ready: pythonReady, failed: bootFailed, lang: () => lang };
// for tests and bug reports: the match as a hand record, the model on screen, bot faults
window.kortti = {
  record: () => JSON.parse(window.korttiPy.record()),
  model: () => table.model,
  botErrors: () => JSON.parse(window.korttiPy.botErrors()),
  setLanguage,
};

applyStatic();
languageMenu();
lobby.init(start);
performance.mark("kortti:lobby"); // the lobby is on screen, Python still loading
// fetch all of Python's boot at once (index.html), not in PyScript's waterfall
document.head.append(document.getElementById("boot-preload").content.cloneNode(true));
watchBoot();
if (window.korttiPy) pythonReady();
registerWorker(() => playing);
