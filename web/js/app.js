// The page's entry: lobby at once, boot progress, then the table once Python is ready.
import { lobby } from "./lobby.js";
import { table } from "./table.js";
import { watchBoot, bootDone, bootFailed } from "./boot.js";
import { registerWorker } from "./pwa.js";

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
  const error = window.korttiPy.start(JSON.stringify({ ...choices, seed }));
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

// the Python side (main.py) calls these
window.korttiUI = { update: (json) => table.update(json), ready: pythonReady, failed: bootFailed };
// for tests and bug reports: the match as a hand record, and the model on screen
window.kortti = { record: () => JSON.parse(window.korttiPy.record()), model: () => table.model };

lobby.init(start);
performance.mark("kortti:lobby"); // the lobby is on screen, Python still loading
watchBoot();
if (window.korttiPy) pythonReady();
registerWorker(() => playing);
