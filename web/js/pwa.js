// The service worker makes the site work offline. A new version installs in the
// background and waits; it is taken up when the page is next opened, before any
// game starts (never in the middle of one).
import { t } from "./i18n.js";

export function registerWorker(inGame) {
  if (!("serviceWorker" in navigator)) return;
  const sw = navigator.serviceWorker;
  let reloading = false;
  sw.addEventListener("controllerchange", () => {
    // the waiting version took over at load time: reload once, unless a game has begun
    // (a match continued meanwhile): then this page stays as it is, and is done updating
    if (!reloading && !inGame() && sessionStorage.getItem("kortti-update") === "1") {
      reloading = true;
      sessionStorage.removeItem("kortti-update");
      location.reload();
    } else if (!reloading) {
      sessionStorage.removeItem("kortti-update");
      delete document.documentElement.dataset.updating;
    }
  });
  sw.register("./sw.js").then((reg) => {
    if (reg.waiting && sw.controller && !inGame()) {
      sessionStorage.setItem("kortti-update", "1");
      // this page reloads itself once the new version has taken over (tests wait for that)
      document.documentElement.dataset.updating = "1";
      reg.waiting.postMessage("skip-waiting");
    }
    reg.addEventListener("updatefound", () => {
      const next = reg.installing;
      next?.addEventListener("statechange", () => {
        if (next.state === "installed" && sw.controller) note(t("web.boot.update"));
      });
    });
  }).catch(() => { /* no offline support (e.g. a private window): the site still works */ });
}

function note(message) {
  const live = document.getElementById("live");
  live.textContent = message;
}
