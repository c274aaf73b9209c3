// Python for the live examples, in a worker so the page never waits on it: Pyodide
// (the site's own copy), the engine and the lesson package. The page sends
// {id, request} and gets {id, result} back, JSON text both ways.
let ready = null;

async function boot(config) {
  const { loadPyodide } = await import(config.pyodide + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: config.pyodide });
  for (const url of config.zips) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/home/pyodide" });
  }
  pyodide.runPython("import sys\nif '/home/pyodide' not in sys.path: sys.path.insert(0, '/home/pyodide')\nimport lesson");
  return pyodide.pyimport("lesson").call;
}

self.onmessage = async (event) => {
  const { id, config, request } = event.data;
  if (config) {
    ready = ready || boot(config);
    try { await ready; self.postMessage({ id, ready: true }); }
    catch (e) { self.postMessage({ id, error: String(e && e.message || e) }); }
    return;
  }
  try {
    const call = await ready;
    self.postMessage({ id, result: call(request) });
  } catch (e) {
    self.postMessage({ id, error: String(e && e.message || e) });
  }
};
