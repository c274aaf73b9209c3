// Boot progress while Pyodide and PyScript load: stages are read from the resource
// timings of the files they fetch, then a slow creep while the interpreter starts.
import { t, onLanguage } from "./i18n.js";

const bar = /** @type {HTMLProgressElement} */ (document.getElementById("boot-bar"));
const text = document.getElementById("boot-text");
const STAGES = [ // [file name ending, percent reached, message key of the next step]
  ["core.js", 10, "web.boot.pyscript"],
  ["pyodide.mjs", 20, "web.boot.runtime"],
  ["pyodide.asm.wasm", 45, "web.boot.stdlib"],
  ["python_stdlib.zip", 60, "web.boot.compile"],
  ["table.zip", 85, "web.boot.engine"],
];
let percent = 5;
let done = false;
let shown = ["web.boot.page", {}]; // the message on show, to say again in another language

function say(key, params = {}) {
  shown = [key, params];
  text.textContent = t(key, params);
  // (a page waiting on Python elsewhere than the lobby, the replay's, shows the same)
  document.dispatchEvent(new CustomEvent("kortti:boot", { detail: { percent, text: text.textContent } }));
}
onLanguage(() => say(...shown));

function show(value, key) {
  if (done) return;
  if (value > percent) percent = value;
  bar.value = percent;
  if (key) say(key);
  else document.dispatchEvent(new CustomEvent("kortti:boot", { detail: { percent, text: text.textContent } }));
}

export function watchBoot() {
  show(5, "web.boot.pyscript");
  const seen = (name) => {
    for (const [end, value, key] of STAGES) if (name.endsWith(end)) show(value, key);
  };
  for (const e of performance.getEntriesByType("resource")) seen(e.name);
  new PerformanceObserver((list) => list.getEntries().forEach((e) => seen(e.name)))
    .observe({ type: "resource", buffered: true });
  // the interpreter's start-up is CPU time with no event to watch: creep towards 95%
  const timer = setInterval(() => (done ? clearInterval(timer) : show(Math.min(95, percent + 1))), 300);
}

export function bootDone() {
  show(100, "web.boot.ready");
  done = true;
  document.getElementById("boot").classList.add("ready");
}

export function bootFailed(error) {
  done = true;
  say("web.boot.failed", { error });
  document.getElementById("boot").classList.add("failed");
}
