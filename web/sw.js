// build.py puts VERSION (a hash of every file) and PRECACHE (every file) above this line.
// The whole site, Pyodide and the worker's memory snapshot included, is cached at
// install, so it boots and plays offline. The page registers this worker only once its
// Python is ready (js/pwa.js): the install's downloads never slow the first boot.
// A new version installs beside the old one and waits: the page lets it take over when
// opened next, before a game starts (js/pwa.js). Old versions' caches go on activate.
const CACHE = `kortti-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) =>
    // no-cache: revalidate with the server, never take a stale file from the HTTP cache
    cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "no-cache" })))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("kortti-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
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
  event.respondWith(caches.match(url.origin + url.pathname, { cacheName: CACHE })
    .then((hit) => hit || fetch(request)));
});
