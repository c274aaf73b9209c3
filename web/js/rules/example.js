// The rules pages: every example is live at once (its steps are in the page), and
// "your turn" questions start Python in a worker when they come near the screen.
import { Example, Words } from "./lesson-board.js";
import { startPython } from "./lesson-python.js";

const cfg = JSON.parse(document.getElementById("rules-config").textContent);
const deck = Object.keys(cfg.cards)[0];
const words = new Words(cfg.ui, cfg.cards[deck], deck, cfg.lang, cfg.rules);

function python(status) {
  const client = startPython(cfg.base, cfg.pyodide);
  if (status && client.seconds === null) status.textContent = words.t("starting");
  return client.ready;
}

for (const fig of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("figure.ex"))) {
  const data = JSON.parse(fig.querySelector(".ex-data").textContent);
  new Example(fig, data, words, cfg.base, { python, embedHash: fig.dataset.embed });
}
document.documentElement.dataset.examples = "live";
performance.mark("kortti:examples-live");

// Python only matters for "your turn": start it once the page is idle after load (so it
// is up before the reader reaches a question), or sooner if one comes near the screen.
const turns = document.querySelectorAll("figure.ex-turn");
if (turns.length) {
  let started = false;
  const boot = () => {
    if (started) return;
    started = true;
    const client = startPython(cfg.base, cfg.pyodide);
    client.ready.then(() => turns.forEach((t) => {
      const wait = t.querySelector(".ex-q-status");
      if (wait && wait.textContent === words.t("starting")) wait.textContent = "";
    }), () => {});
  };
  const idle = () => (window.requestIdleCallback ? requestIdleCallback(boot, { timeout: 2000 }) : setTimeout(boot, 200));
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
  if ("IntersectionObserver" in window) {
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) { io.disconnect(); boot(); }
    }, { rootMargin: "600px 0px" });
    turns.forEach((t) => io.observe(t));
  }
}

// Offline: the site's service worker caches everything, these pages too.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register(new URL("sw.js", new URL(cfg.base, location.href))).catch(() => {});
}

// Printing: the whole play of every example goes on paper, not just its first position.
window.addEventListener("beforeprint", () => {
  /** @type {NodeListOf<HTMLDetailsElement>} */ (document.querySelectorAll("details.ex-log:not([open])")).forEach((d) => { d.open = true; d.dataset.printOpened = "1"; });
});
window.addEventListener("afterprint", () => {
  /** @type {NodeListOf<HTMLDetailsElement>} */ (document.querySelectorAll("details.ex-log[data-print-opened]")).forEach((d) => { d.open = false; delete d.dataset.printOpened; });
});
