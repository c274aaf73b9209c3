// The service worker makes the site work offline. It is registered only at an idle moment
// once Python is ready (registerWorker), so its download of the whole site (the memory
// snapshot for the next visit, the rules pages…) never competes with the first boot; on a
// connection that says Save-Data or is slow, it keeps what offline play needs first and the
// rest on a later visit on a better one (lightConnection; sw.js). A new version
// installs in the background and waits; it is taken up when the page is next opened,
// before any game starts (takeUpdate; never in the middle of one).
import { t, lang } from "./i18n.js";

let updating = false; // this page asked a waiting version to take over, and will reload

/** How long the page waits for a waiting version to take over before it goes on without
 * it. The takeover takes well under a second when the old version is idle; a browser that
 * keeps the old one busy must not keep the player from the match they came back to. */
const TAKEOVER_WAIT_MS = 8000;

/** At load: a version that installed during an earlier visit takes over now, before any
 * game starts; the page then reloads itself once. Resolves true when the page will not
 * resume a match itself: it reloads, or the player began a game meanwhile (app.js waits
 * for this before it resumes one). Resolves false when there is nothing to take up, or
 * when the takeover has not come within TAKEOVER_WAIT_MS: the page then goes on with the
 * version it has, and the new one waits for the next load. */
export async function takeUpdate(inGame) {
  if (!("serviceWorker" in navigator)) return false;
  const sw = navigator.serviceWorker;
  let reloading = false;
  let tookOver = () => {}; // ends the wait below
  sw.addEventListener("controllerchange", () => {
    // the waiting version took over at load time: reload once, unless a game has begun
    // (a match continued meanwhile) or the page stopped waiting: then it stays as it is
    if (!reloading && !inGame() && sessionStorage.getItem("kortti-update") === "1") {
      reloading = true;
      sessionStorage.removeItem("kortti-update");
      location.reload();
    } else if (!reloading) {
      doneUpdating();
    }
    tookOver();
  });
  let reg;
  try {
    reg = await sw.getRegistration(); // fetches nothing: the update check waits for registerWorker
  } catch {
    return false; // no service worker here: nothing to take up
  }
  // the browser checks for a new version at every navigation: a check under way shows as an
  // install, even of the version already waiting; its end decides what is waiting
  if (reg?.installing && !reg.waiting) await settled(reg.installing);
  if (!reg?.waiting || !sw.controller || inGame()) return false;
  updating = true;
  sessionStorage.setItem("kortti-update", "1");
  // this page reloads itself once the new version has taken over (tests wait for that)
  document.documentElement.dataset.updating = "1";
  const came = new Promise((done) => { tookOver = () => done(true); });
  reg.waiting.postMessage("skip-waiting");
  const waited = new Promise((done) => setTimeout(() => done(false), TAKEOVER_WAIT_MS));
  if (await Promise.race([came, waited])) return true;
  // not taken over in time: go on with this version (a late takeover then reloads nothing)
  doneUpdating();
  return inGame();
}

/** This page is no longer waiting for a new version to take over. */
function doneUpdating() {
  updating = false;
  sessionStorage.removeItem("kortti-update");
  delete document.documentElement.dataset.updating;
}

/** Resolves once ``worker`` is past installing (installed, or redundant: nothing new), or
 * after a few seconds: a real install (a whole new version downloading) must not hold back
 * the match the player came back to; that version then waits for the next load. */
function settled(worker) {
  return new Promise((done) => {
    const check = () => { if (worker.state !== "installing") done(); };
    worker.addEventListener("statechange", check);
    setTimeout(done, 5000);
    check();
  });
}

/** Whether the connection asks to be spared: Save-Data on, or a 2G/3G effective type
 * (the Network Information API; a browser without it is taken as a good connection). */
export function lightConnection() {
  const c = /** @type {{saveData?: boolean, effectiveType?: string} | undefined} */ (/** @type {any} */ (navigator).connection);
  return Boolean(c && (c.saveData || ["slow-2g", "2g", "3g"].includes(c.effectiveType ?? "")));
}

/** ``fn`` at an idle moment (or after ``timeout`` ms at the latest). */
function whenIdle(fn, timeout = 3000) {
  if ("requestIdleCallback" in window) window.requestIdleCallback(() => fn(), { timeout });
  else setTimeout(fn, 500);
}

/** Once Python is ready, at an idle moment: install the service worker (first visit) or
 * check for a new version, which then installs beside this one and waits for the next
 * load. The installing worker asks this page about its connection (sw.js's askPage); on a
 * good connection, a worker that a light one left short is asked for the rest. */
export function registerWorker() {
  if (!("serviceWorker" in navigator)) return;
  whenIdle(() => register(navigator.serviceWorker));
}

// an installing worker asks about the connection (a new version may install at any load):
// answered from the start, so that no question goes unheard
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data === "connection?") event.ports[0]?.postMessage({ light: lightConnection(), lang });
  });
}

function register(sw) {
  if (!lightConnection()) sw.ready.then((reg) => reg.active?.postMessage("precache-later"));
  sw.register("./sw.js").then((reg) => {
    // a version found now waits for the next load (takeUpdate): this page is not reloaded
    if (reg.waiting && sw.controller && !updating) note(t("web.boot.update"));
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
