// build.py puts VERSION (a hash of every file), PRECACHE (every file) and LATER (those
// offline play can do without) above this line.
// The whole site, Pyodide and the worker's memory snapshot included, is cached at
// install, so it boots and plays offline. The page registers this worker only at an idle
// moment once its Python is ready (js/pwa.js): the install's downloads never slow the boot.
// Kind to a data plan: the install asks the page about its connection; on one that says
// Save-Data or is slow (2G, 3G), it keeps what offline play needs (and the page's own
// language's words) and leaves LATER for a later visit on a better connection, when the
// page asks for it ("precache-later"). A file of the site fetched meanwhile is kept too.
// A new version installs beside the old one and waits: the page lets it take over when
// opened next, before a game starts (js/pwa.js). Old versions' caches go on activate.
const CACHE = `kortti-${VERSION}`;
const KEEP = new Set(PRECACHE);

/** The registering page's answer: {light: a Save-Data or slow connection, lang: its language}.
 * No page that answers within a few seconds: a full install, as before. */
async function askPage() {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  if (pages.length === 0) return { light: false, lang: "en" };
  return Promise.race([
    new Promise((done) => {
      for (const page of pages) {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => done(event.data || { light: false, lang: "en" });
        page.postMessage("connection?", [channel.port2]);
      }
    }),
    new Promise((done) => setTimeout(() => done({ light: false, lang: "en" }), 3000)),
  ]);
}

function fresh(url) {
  // no-cache: revalidate with the server, never take a stale file from the HTTP cache
  return new Request(url, { cache: "no-cache" });
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const { light, lang } = await askPage();
    const later = new Set(LATER);
    const first = light ? PRECACHE.filter((url) => !later.has(url) || url.startsWith(`./i18n/${lang}-`)) : PRECACHE;
    const cache = await caches.open(CACHE);
    await cache.addAll(first.map(fresh));
  })());
});

/** LATER's files this version does not have yet (a light connection's install left them). */
async function keepTheRest() {
  if (!(await caches.has(CACHE))) return; // (an old version's message: its cache is gone)
  const cache = await caches.open(CACHE);
  for (const url of LATER) {
    if (!(await cache.match(new URL(url, self.location.href).href))) await cache.add(fresh(url));
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("kortti-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  // a visit on a good connection: what a light one left for later
  if (event.data === "precache-later") event.waitUntil(keepTheRest().catch(() => { /* offline again: next visit */ }));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  // Pyodide's wasm goes to the network and the HTTP cache, where V8 keeps its compiled
  // code between visits (a response from here would be compiled again at every visit).
  // Offline, pyodide-boot.mjs asks again with "?offline": that one is answered from here.
  if (url.pathname.endsWith(".wasm") && url.search !== "?offline") return;
  // The cached file is the path's, whatever the query (?fast, ?seed=…, ?offline): looked up
  // by that exact key, one index lookup. (ignoreSearch would do the same, but Chromium then
  // reads every entry of the cache for every request: a second of CPU per page load.)
  // caches.match with a cacheName never creates that cache (caches.open would): an old
  // version's fetch still in flight when the new one has deleted its cache must not bring it back
  const key = url.origin + url.pathname;
  event.respondWith(caches.match(key, { cacheName: CACHE }).then((hit) => hit || fetch(request).then((response) => {
    // a file of the site not kept yet (left for later on a light connection): kept now
    const path = "." + url.pathname.slice(new URL(self.registration.scope).pathname.length - 1);
    if (response.ok && KEEP.has(path) && !url.search) {
      const copy = response.clone();
      event.waitUntil(caches.has(CACHE).then((has) => has && caches.open(CACHE).then((c) => c.put(key, copy))));
    }
    return response;
  })));
});
