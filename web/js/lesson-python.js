// The page's side of the Python worker: started once, on demand (an example scrolled
// into view, or a click), shared by every example on the page.
let client = null;

export function startPython(base, pyodide) {
  if (client) return client;
  const root = new URL(base, location.href);
  const worker = new Worker(new URL("./lesson-worker.js", import.meta.url), { type: "module" });
  const waiting = new Map();
  let next = 1;
  worker.onmessage = (event) => {
    const { id, result, error } = event.data;
    const pending = waiting.get(id);
    if (!pending) return;
    waiting.delete(id);
    if (error) pending.reject(new Error(error));
    else pending.resolve(result);
  };
  worker.onerror = (event) => {
    for (const p of waiting.values()) p.reject(new Error(event.message || "the Python worker failed"));
    waiting.clear();
  };
  const send = (message) => new Promise((resolve, reject) => {
    const id = next++;
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, ...message });
  });
  const started = performance.now();
  const ready = send({
    config: {
      pyodide: new URL(pyodide, root).href,
      zips: [new URL("engine.zip", root).href, new URL("lesson.zip", root).href],
    },
  }).then(() => {
    performance.mark("kortti:python-ready");
    client.seconds = (performance.now() - started) / 1000;
    document.documentElement.dataset.python = "ready";
    return client;
  }, (e) => {
    document.documentElement.dataset.python = "failed";
    throw e;
  });
  document.documentElement.dataset.python = "starting";
  client = {
    ready,
    seconds: null,
    async call(request) {
      await ready;
      return JSON.parse(await send({ request: JSON.stringify(request) }));
    },
  };
  return client;
}
