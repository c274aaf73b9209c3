#!/usr/bin/env python3
"""How fast the site is in headless Chromium: prints figures, asserts nothing.

    python tools/bench_site.py               # build into a temporary folder, measure, print
    python tools/bench_site.py --runs 5 --games kocka,katte

It builds the site into a temporary folder, serves it from a thread (web/gen/serve.py,
which sends no gzip and ``Cache-Control: no-cache``), and drives Debian's Chromium (the
one the browser tests use) through Playwright. Times are milliseconds from navigation
start unless said otherwise; the machine's load average is printed with them, since every
figure moves with it: compare the site with the bare reference taken in the same run.

Page loads, ``--runs`` times each (medians, with min and max). Each kind gets a fresh
browser profile on disk (``launch_persistent_context``: a real disk HTTP cache and V8 code
cache, unlike Playwright's in-memory incognito contexts, whose HTTP cache does not even
keep the 9.6 MB wasm):

* **site**: the first visit (nothing cached; the service worker installs meanwhile and
  precaches the whole site; the lobby is pressed, figure 2), then, once the service worker
  controls the page, the page is closed and the site opened in a new tab (the **return
  visit**: a new renderer process, every file from the service worker), then that tab is
  reloaded. Figures: first-contentful-paint, the page's ``kortti:lobby`` mark (the lobby is
  drawn and answers), ``kortti:ready`` (Python booted in its worker, ``init`` answered,
  play enabled).
* **site, service worker blocked**: only the page and its Python worker fetch; no presses.
  Its first visit is a first boot untouched by the service worker's install, and its
  requests are the bytes a first visit needs to play (figure 4); its return visit and
  reload come from the HTTP cache, like the references'.
* **first visit that downloads the snapshot** (the other first-visit policy, not shipped):
  a copy of the site under ``/eager/`` whose ``pyodide-boot.mjs`` fetches the memory
  snapshot from the network when it is not cached, and restores from it; service worker
  blocked. Printed beside the shipped first visit (plain boot), with its bytes before play.
* **bare Pyodide, main thread** (``bare.html``: ``loadPyodide`` in a module script) and
  **bare Pyodide, dedicated worker** (``bare-worker.html``: a module ``Worker`` that boots
  Pyodide and posts back), the references: they boot the same local Pyodide from
  ``vendor/`` and run ``1 + 1``; first visit, return visit (HTTP cache, revalidated: 304),
  reload. The site boots Pyodide in a worker (PyScript's named worker), so the worker
  reference is the like-for-like one.

Why the return visit and not only the reload: a reload keeps the renderer process, and V8
keeps compiled wasm modules per process, so a reloaded *main-thread* Pyodide skips most of
its wasm compile (measured: 0.36 s of compile-thread CPU after a reload, 3.8 s in a new
tab); a worker's Pyodide, like the site's, compiles again either way. Both are printed.

CPU time: on a shared 2-core machine wall time mostly measures the other work running.
Beside each boot the CPU time of the browser's renderer processes over the load is printed
(``/proc``: user + system time of the processes of that profile with ``--type=renderer``:
page main thread, dedicated workers, service worker, V8's compile threads). The deals are
recorded as a Chromium trace (categories ``toplevel``, ``blink.user_timing``,
``disabled-by-default-devtools.timeline``; ``--no-trace`` turns it off) to give each long
main-thread task its thread CPU time: about what its wall time would be on an idle machine.

Each load of the site says how its worker booted (``body[data-boot]``: ``snapshot`` or
``plain``), and the first visit and the return visit are traced for V8's wasm events
(``tests/browser/wasm_trace.py``): how many functions were compiled lazily, whether the
compiled module was stored in and taken from V8's code cache. The output ends with issue
17's four bars, each beside its figure.

The four figures of issue 9 (aims beside them in the output):

1. **Longest main-thread task, navigation → end of a deal**, per game: a fresh profile
   opens ``/?fast&seed=11`` (``fast``: the table's pauses shortened, the same flow), every
   other seat is set to the hard bot, and at each of the human's turns the page's Hint
   button is pressed and ``kortti.model().hint`` awaited before playing (the hinted card or
   button when there is one). Long tasks come from a ``PerformanceObserver`` of type
   ``longtask`` registered before the page's own scripts run (an init script, ``buffered``),
   so every task over 50 ms from the document's start to the deal's summary counts. The
   source of each long task is read from the Long Animation Frames API (``long-animation-
   frame`` entries overlapping it: the scripts that ran, with their URL and entry point,
   and the frame's style/layout and render time), since ``longtask`` attribution names only
   the frame. A calibration task (a 120 ms busy loop) shows the observer works.
2. **The lobby answers its first input (cold)**: in the site's first visit, as soon as the
   lobby form has the game choice, the bench presses the mouse on Katko's choice (a real
   input event through the browser, CDP ``Input.dispatchMouseEvent``, queued behind
   whatever the page's main thread is doing). The figure is what a player feels: from the
   press (the ``pointerdown`` event's timestamp, i.e. when the browser received the input)
   to the first animation frame after the lobby re-rendered for Katko (a ``change``
   listener on the document runs after the lobby's own, then ``requestAnimationFrame``).
   Beside it, Event Timing's own view of that input: the input delay (``first-input``
   ``processingStart - startTime``) and the click's duration to the next paint (``event``
   entries over 16 ms; none means under 16 ms). Then the bench keeps clicking between two
   games every 250 ms until ``data-ready``, the same way, and prints the slowest of those
   answers (the lobby while Python boots).
3. **Warm data-ready ÷ bare Pyodide warm boot**, against both references (dedicated
   worker: like for like; main thread), for the return visit and for the reload; medians,
   with the same ratio of renderer CPU time. The site's warm loads are served by its
   service worker, the references' by the HTTP cache (the requests that reached the server
   during each return visit are printed), so the site with its service worker blocked is
   printed too: the difference is what serving Pyodide from the service worker costs.
4. **Bytes fetched before a first visit can play (gzip) ÷ Pyodide runtime (gzip)**. The
   server logs every request it answers (page, dedicated worker and service worker alike:
   nothing can slip past it), and the page, from an init script, sends a beacon to the
   server when the ready mark is made; requests received before that beacon count. The
   dev server does not compress, so each response that carried a body (200) counts the
   size of that file gzipped here (``gzip.compress(level=6)``); a 304 counts nothing.
   Printed: (a) service worker blocked: what the page and its Python worker fetch before
   play (the figure); (b) first visit as shipped: everything the server sent before
   ``data-ready`` including the service worker's install (told apart by the
   ``Cache-Control: max-age=0`` its ``cache: "no-cache"`` requests carry, checked against
   Playwright's attribution); (c) what the service worker precaches (build.py's PRECACHE
   list in sw.js) and the whole site; all ÷ Pyodide's runtime files (pyodide.mjs,
   pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json), gzipped.
   Playwright reports the Python worker's requests on the page (checked: Pyodide's files
   appear there), but the server log is what is counted.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))
sys.path.insert(0, str(ROOT / "tests"))  # (the browser tests' conftest imports build_steps as pytest puts it)

from gen.serve import Handler, Server

import build
from tests.browser.conftest import CHROMIUM_FLAGS, SNAPSHOT_CACHED, chromium_path
from tests.browser.play import TURN, take_turn
from tests.browser.wasm_trace import traced

BOOT_TIMEOUT = 240_000  # ms: a cold boot on a loaded 2-core machine
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
AIM = {"task": "≤ 100 ms", "input": "≤ 0.5 s", "warm": "≤ 0.5", "cold": "≤ 1.0", "bytes": "≤ 1.1"}

BARE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title><link rel="icon" href="data:,"></head>
<body><p>Booting Pyodide on the main thread…</p>
<script type="module">
const { loadPyodide } = await import("./%(pyodide)s/pyodide.mjs");
const py = await loadPyodide({ indexURL: "./%(pyodide)s/" });
py.runPython("1 + 1");
performance.mark("bare:ready");
document.body.dataset.ready = "1";
</script></body></html>
"""

BARE_WORKER_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide, worker</title><link rel="icon" href="data:,"></head>
<body><p>Booting Pyodide in a dedicated worker…</p>
<script type="module">
const worker = new Worker("./bare-worker.js", { type: "module" });
worker.onmessage = (e) => {
  if (e.data !== "ready") { document.body.dataset.error = String(e.data); return; }
  performance.mark("bare:ready");
  document.body.dataset.ready = "1";
};
</script></body></html>
"""

BARE_WORKER = """import { loadPyodide } from "./%(pyodide)s/pyodide.mjs";
try {
  const py = await loadPyodide({ indexURL: new URL("./%(pyodide)s/", self.location).href });
  py.runPython("1 + 1");
  postMessage("ready");
} catch (e) {
  postMessage(String(e));
}
"""

# Registered before any of the page's scripts run (context.add_init_script): long tasks and
# long animation frames from the document's start, event timing, the presses and the
# lobby's re-render after each game change, and a beacon to the server at the ready mark.
INIT = """(() => {
  const b = window.__bench = { longtasks: [], loafs: [], events: [], first: null, presses: [],
                               changes: [], unsupported: [] };
  const watch = (type, opts, fn) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(fn)).observe({ type, buffered: true, ...opts });
    } catch (e) { b.unsupported.push(type); }
  };
  watch('longtask', {}, (e) => b.longtasks.push([e.startTime, e.duration]));
  watch('long-animation-frame', {}, (e) => b.loafs.push({
    start: e.startTime, duration: e.duration, blocking: e.blockingDuration,
    style: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
    render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
    scripts: e.scripts.map((s) => ({ duration: s.duration, type: s.invokerType, invoker: s.invoker,
      url: s.sourceURL, fn: s.sourceFunctionName, layout: s.forcedStyleAndLayoutDuration })),
  }));
  watch('event', { durationThreshold: 16 }, (e) => b.events.push({ name: e.name, start: e.startTime,
    ps: e.processingStart, pe: e.processingEnd, duration: e.duration, id: e.interactionId }));
  watch('first-input', {}, (e) => { b.first = { name: e.name, start: e.startTime, ps: e.processingStart,
    duration: e.duration }; });
  watch('mark', {}, (e) => {
    if (e.name === 'kortti:ready' || e.name === 'bare:ready') navigator.sendBeacon('/__bench/ready', e.name);
  });
  addEventListener('pointerdown', (e) => b.presses.push(e.timeStamp), true);
  // bubbling to the document: runs after the lobby form's own change listener (its re-render)
  document.addEventListener('change', (e) => {
    if (e.target.name !== 'game') return;
    const rec = { press: b.presses[b.presses.length - 1], value: e.target.value, rendered: performance.now() };
    b.changes.push(rec);
    requestAnimationFrame(() => {
      rec.frame = performance.now();
      rec.shown = document.querySelector('input[name=game]:checked')?.value;
    });
  });
})();"""

MARKS = """() => {
  const out = Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]));
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  out.fcp = fcp ? fcp.startTime : null;
  return out;
}"""

# the human asked for a hint: its answer is on the table (or the page said why not)
HINTED = """() => {
  const m = window.kortti.model();
  const error = document.getElementById('error');
  return Boolean(m && m.hint) || Boolean(error && error.textContent) || Boolean(m && !m.can_hint);
}"""


# ------------------------------------------------------------------ the server and its log

class Log:
    """Every request the server answered: (monotonic time, path, status, request headers)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.rows: list[tuple[float, str, int, dict[str, str]]] = []

    def add(self, path: str, status: int, headers: dict[str, str]) -> None:
        with self.lock:
            self.rows.append((time.monotonic(), path, status, headers))

    def mark(self) -> int:
        with self.lock:
            return len(self.rows)

    def since(self, start: int) -> list[tuple[float, str, int, dict[str, str]]]:
        with self.lock:
            return self.rows[start:]


LOG = Log()
READY_PATH = "/__bench/ready"


class BenchHandler(Handler):
    def send_response(self, code: int, message: str | None = None) -> None:
        keep = ("cache-control", "pragma", "service-worker", "sec-fetch-dest", "range")
        LOG.add(self.path, int(code), {k.lower(): v for k, v in self.headers.items() if k.lower() in keep})
        super().send_response(code, message)

    def do_POST(self) -> None:  # the page's beacon at its ready mark
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        if urlsplit(self.path).path == READY_PATH:
            self.send_response(204)
        else:
            self.send_response(405)
        self.end_headers()


def make_server(root: Path) -> Server:
    def handler(*args: Any, **kwargs: Any) -> BenchHandler:
        return BenchHandler(*args, directory=str(root), **kwargs)
    return Server(("127.0.0.1", 0), handler)


def file_of(path: str) -> str:
    """The site file a request path names."""
    p = unquote(urlsplit(path).path).lstrip("/").removeprefix(f"{EAGER}/")
    return p + "index.html" if p == "" or p.endswith("/") else p


def from_service_worker(headers: dict[str, str]) -> bool:
    """sw.js precaches with ``cache: "no-cache"``: Chromium adds ``Cache-Control: max-age=0``
    (a page's own first-visit requests carry none); the worker script itself is marked."""
    return "max-age=0" in headers.get("cache-control", "") or "service-worker" in headers


# ------------------------------------------------------------------ traces: CPU time

TRACE_CATEGORIES = ["toplevel", "blink.user_timing", "disabled-by-default-devtools.timeline"]
TASK_EVENTS = ("RunTask", "ThreadControllerImpl::RunTask", "ThreadPool_RunTask")


def thread_group(name: str) -> str:
    if name == "CrRendererMain":
        return "main"
    if name.startswith("DedicatedWorker"):
        return "worker"
    if name.startswith("ServiceWorker"):
        return "service worker"
    if name.startswith("ThreadPool"):
        return "pool"
    return "other"


def read_trace(data: bytes, mark: str, until_ms: float | None = None) -> dict[str, Any] | None:
    """A Chromium trace: the CPU time (thread time) of every task of the renderer process(es)
    from navigation to ``mark`` (or to ``until_ms`` from navigation), by thread, and the main
    thread's tasks with wall and CPU time (to read each long task's CPU time)."""
    doc = json.loads(data)
    events = doc["traceEvents"] if isinstance(doc, dict) else doc
    threads: dict[tuple[int, int], str] = {}
    procs: dict[int, str] = {}
    for e in events:
        if e.get("ph") == "M" and e.get("name") == "thread_name":
            threads[(e["pid"], e["tid"])] = e["args"]["name"]
        elif e.get("ph") == "M" and e.get("name") == "process_name":
            procs[e["pid"]] = e["args"]["name"]
    marks = [e for e in events if e.get("name") == mark and "user_timing" in e.get("cat", "")]
    if not marks:
        return None
    m = marks[-1]
    nav = m["ts"] - m["args"]["data"]["startTime"] * 1000
    end = nav + until_ms * 1000 if until_ms is not None else m["ts"]
    tasks: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for e in events:
        if (e.get("ph") == "X" and e.get("name") in TASK_EVENTS and procs.get(e.get("pid", -1)) == "Renderer"
                and nav <= e["ts"] <= end):
            tasks.setdefault((e["pid"], e["tid"]), []).append(e)
    cpu: dict[str, float] = {}
    main: list[tuple[float, float, float]] = []  # (start ms from navigation, wall ms, cpu ms)
    for key, got in tasks.items():
        group = thread_group(threads.get(key, ""))
        got.sort(key=lambda e: (e["ts"], -e.get("dur", 0)))
        outer_end = -1.0
        for e in got:
            if e["ts"] < outer_end:
                continue  # nested in a task already counted
            outer_end = e["ts"] + e.get("dur", 0)
            cpu[group] = cpu.get(group, 0.0) + e.get("tdur", 0) / 1000
            if group == "main" and key[0] == m["pid"]:
                main.append(((e["ts"] - nav) / 1000, e.get("dur", 0) / 1000,
                             e["tdur"] / 1000 if "tdur" in e else None))
    return {"cpu": cpu, "total": sum(cpu.values()), "main": main}


def task_cpu(trace: dict[str, Any] | None, start: float, duration: float) -> float | None:
    """The CPU time of the main-thread task a long task entry describes."""
    if not trace:
        return None
    near = [t for t in trace["main"] if abs(t[0] - start) < 3 and abs(t[1] - duration) < 0.2 * duration + 3]
    return max(near, key=lambda t: t[1])[2] if near else None  # None: no matching task, or no thread time


# ------------------------------------------------------------------ the browser

EAGER = "eager"  # the site again, booting from the snapshot on a first visit too (not shipped)


def eager_copy(site: Path) -> None:
    """The other first-visit policy, for comparison: a copy of the site whose worker downloads
    the snapshot and restores from it even when nothing is cached (the shipped site boots
    plainly then, and fetches the snapshot after data-ready)."""
    copy = site / EAGER
    copy.mkdir()
    for path in site.iterdir():
        if path.name != EAGER:
            (copy / path.name).symlink_to(path)
    boot = copy / "pyodide-boot.mjs"
    text = boot.read_text("utf-8")
    boot.unlink()
    policy = '{ cache: "only-if-cached", mode: "same-origin" }'
    assert policy in text, "pyodide-boot.mjs no longer asks the cache only: update bench_site's eager copy"
    boot.write_text(text.replace(policy, "{}"), "utf-8")


def launch(playwright: Any) -> Any:
    """The browser tests' Chromium, with their flags: the figures are for the browser they test."""
    path = chromium_path()
    if path is None:
        sys.exit("bench_site: no system chromium (apt-get install chromium)")
    return playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)


def new_context(browser: Any, base: str, service_workers: str = "allow") -> Any:
    context = browser.new_context(base_url=base, service_workers=service_workers)
    context.add_init_script(INIT)
    return context


def ready_at(log_start: int, timeout: float = 10.0) -> int | None:
    """The server log's index of the ready beacon after ``log_start`` (it may trail the mark)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for i, row in enumerate(LOG.since(log_start)):
            if urlsplit(row[1]).path == READY_PATH:
                return log_start + i
        time.sleep(0.05)
    return None


def first_input(page: Any, deadline_ms: int) -> dict[str, Any]:
    """Press on Katko's choice as soon as the lobby form has it; then press between two games
    every 250 ms until data-ready. Returns the lobby's answers, measured in the page."""
    choice = "label.game:has(input[value='{}'])"
    page.wait_for_selector(choice.format("katko"), state="attached", timeout=deadline_ms)
    boxes = {g: page.locator(choice.format(g)).bounding_box() for g in ("katko", "katte")}
    at = page.evaluate("performance.now()")

    def press(game: str) -> None:
        box = boxes[game]
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + min(12, box["height"] / 2))

    press("katko")
    presses = 1
    game = "katte"
    while not page.evaluate("document.body.dataset.ready === '1'"):
        page.wait_for_timeout(250)
        press(game)
        presses += 1
        game = "katko" if game == "katte" else "katte"
    page.wait_for_timeout(200)  # the last frame
    b = page.evaluate("window.__bench")
    answered = [c for c in b["changes"] if c.get("frame") is not None and c.get("press") is not None]
    answers = [c["frame"] - c["press"] for c in answered]
    slowest = max(answered[1:], key=lambda c: c["frame"] - c["press"]) if len(answered) > 1 else None
    first = b["changes"][0] if b["changes"] else None
    click = [e for e in b["events"] if first and e["name"] == "click" and e["start"] <= (first.get("frame") or 0)]
    return {
        "form_at": at, "presses": presses, "answers": answers,
        "first": answers[0] if answers else None,
        "first_ok": bool(first and first.get("shown") == "katko" and first.get("value") == "katko"),
        "pressed_at": first["press"] if first else None,
        "delay": (b["first"]["ps"] - b["first"]["start"]) if b["first"] else None,
        "click_paint": click[0]["duration"] if click else None,
        "worst": max(answers[1:]) if len(answers) > 1 else None,
        "worst_at": slowest["press"] if slowest else None,
        "worst_why": attribute(b["loafs"], slowest["press"], slowest["frame"] - slowest["press"]) if slowest else "",
    }


def renderer_cpu(profile: str) -> dict[int, float]:
    """CPU seconds (user + system) of each live renderer process of the browser using ``profile``."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            # Chromium's child processes rewrite their command line as one string
            cmd = (proc / "cmdline").read_bytes().replace(b"\0", b" ").split()
            if (b"--type=renderer" not in cmd or b"--top-chrome-webui" in cmd
                    or f"--user-data-dir={profile}".encode() not in cmd):
                continue
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            out[int(proc.name)] = (int(fields[11]) + int(fields[12])) / tick
        except (OSError, IndexError, ValueError):
            continue
    return out


def cpu_since(profile: str, before: dict[int, float]) -> float:
    """Renderer CPU ms spent since ``before`` (processes started meanwhile count in full)."""
    now = renderer_cpu(profile)
    return sum(v - before.get(pid, 0.0) for pid, v in now.items()) * 1000


def load_page(page: Any, url: str, profile: str, *, reload: bool = False, clicks: bool = False) -> dict[str, Any]:
    """One page load until data-ready: its marks, the server's log up to the ready beacon,
    the renderer's CPU time meanwhile, and (cold) the lobby's answers to presses."""
    start = LOG.mark()
    before = renderer_cpu(profile)
    out: dict[str, Any] = {}
    if reload:
        page.reload(wait_until="commit")
    else:
        page.goto(url, wait_until="commit")
    if clicks:
        out["input"] = first_input(page, BOOT_TIMEOUT)
    page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
    out["cpu"] = cpu_since(profile, before)
    marks = page.evaluate(MARKS)
    out.update(fcp=marks.get("fcp"), lobby=marks.get("kortti:lobby"),
               ready=next(v for k, v in marks.items() if k.endswith(":ready")),
               boot=page.evaluate("document.body.dataset.boot || null"))  # the site's: snapshot or plain
    beacon = ready_at(start)
    served = LOG.since(start)
    cut = (beacon - start) if beacon is not None else len(served)
    out["served"] = served[:cut]
    out["to_server"] = [f"{file_of(r[1])} {r[2]}" for r in served[:cut]]
    b = page.evaluate("window.__bench")
    out["longtasks"] = sorted(([d, at] for at, d in b["longtasks"] if at <= out["ready"]), reverse=True)
    out["loafs"] = b["loafs"]
    return out


def visit(playwright: Any, base: str, url: str, *, warm: bool, service_workers: str = "allow",
          clicks: bool = False, device: dict[str, Any] | None = None,
          on_page: Callable[[Any, Any], None] | None = None) -> dict[str, Any]:
    """A first visit to ``url`` in a fresh browser profile (cold); with ``warm``, once cached (by
    the service worker if the page has one, else the HTTP cache), the page is closed and the
    site opened again in a new tab (a return visit: a new renderer process, the profile's disk
    caches), then reloaded in that tab. ``device``: more options of the browser context (a
    phone's screen, bench_phone.py); ``on_page(context, page)`` runs on each page before it
    navigates (bench_phone.py slows its CPU there)."""
    path = chromium_path()
    if path is None:
        sys.exit("bench_site: no system chromium (apt-get install chromium)")
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=path, args=CHROMIUM_FLAGS, base_url=base, service_workers=service_workers,
            **(device or {}))
        try:
            context.add_init_script(INIT)
            sw_requests: list[str] = []
            worker_seen: list[str] = []
            context.on("request", lambda r: sw_requests.append(r.url) if r.service_worker is not None else None)
            page = context.pages[0] if context.pages else context.new_page()
            page.on("request", lambda r: worker_seen.append(r.url) if "pyodide.asm.wasm" in r.url else None)
            if on_page:
                on_page(context, page)
            page.wait_for_timeout(1000)  # the new browser settles
            wasm = traced(context, page, lambda: out.update(cold=load_page(page, url, profile, clicks=clicks)))
            out["cold"]["wasm"] = wasm
            if clicks:
                out["input"] = out["cold"].pop("input")
            out["worker_on_page"] = bool(worker_seen)
            if warm:
                if page.evaluate("'serviceWorker' in navigator && navigator.serviceWorker.getRegistrations()"
                                 ".then((r) => r.length > 0)"):
                    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT)
                    if page.evaluate("document.body.dataset.boot !== undefined"):  # the site: its snapshot kept too
                        page.wait_for_function(SNAPSHOT_CACHED, timeout=BOOT_TIMEOUT)
                out["sw_requests"] = len(sw_requests)
                page.wait_for_timeout(1000)
                tab = context.new_page()
                if on_page:
                    on_page(context, tab)
                page.close()
                tab.wait_for_timeout(1000)  # the old renderer goes
                wasm = traced(context, tab, lambda: out.update(warm=load_page(tab, url, profile)))
                out["warm"]["wasm"] = wasm
                out["reload"] = load_page(tab, url, profile, reload=True)
        finally:
            context.close()
    return out


# ------------------------------------------------------------------ a deal

def attribute(loafs: list[dict[str, Any]], start: float, duration: float) -> str:
    """What ran in a long task: the long animation frame(s) that overlap it."""
    parts = []
    for f in loafs:
        if f["start"] <= start + 1 and start < f["start"] + f["duration"]:
            scripts = sorted(f["scripts"], key=lambda s: -s["duration"])
            for s in scripts[:3]:
                where = (s["url"] or "?").rsplit("/", 1)[-1] or "(page)"
                fn = f" {s['fn']}" if s["fn"] else ""
                parts.append(f"{where}{fn} [{s['type']} {s['invoker'].rsplit('/', 1)[-1]}] {s['duration']:.0f} ms")
            if f["style"] >= 5:
                parts.append(f"style+layout+paint {f['style']:.0f} ms")
            if not scripts:
                parts.append(f"no script attributed (frame {f['duration']:.0f} ms, blocking {f['blocking']:.0f})")
    return "; ".join(parts) or "no long animation frame overlaps it"


def play_deal(browser: Any, base: str, game: str, players: int, trace: bool = False) -> dict[str, Any]:
    """A first visit to ``/?fast&seed=11``, hard bots at every other seat, a hint asked at each
    of the human's turns (and awaited) before playing: every long main-thread task from the
    document's start to the deal's summary."""
    context = new_context(browser, base)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tracing = False
    try:
        if trace:
            browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
            tracing = True
        page.goto("/?fast&seed=11")
        page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
        started = start_hard_deal(page, game, players)
        hints = turns = 0
        for _ in range(400):
            kind = str(page.wait_for_function(TURN, timeout=180_000).json_value())
            if kind == "summary":
                break
            turns += 1
            if page.is_enabled("#hint-btn"):
                page.click("#hint-btn")
                page.wait_for_function(HINTED, timeout=180_000)
                hints += 1 if page.evaluate("Boolean(window.kortti.model().hint)") else 0
            if kind == "play" and page.locator("#hand .card.usable.hinted").count():
                page.locator("#hand .card.usable.hinted").first.click()
                if page.locator("#actions button.action:enabled").count():  # one card, several actions
                    page.locator("#actions button.action:enabled").first.click()
            elif kind == "buttons" and page.locator("#actions button.action.hinted:enabled").count():
                page.locator("#actions button.action.hinted:enabled").first.click()
            elif kind == "select" and _enabled_soon(page, "#select-go"):
                page.click("#select-go")  # the hint chose the cards
            else:
                take_turn(page, kind)
        ended = page.evaluate("performance.now()")
        page.wait_for_timeout(300)  # the last entries reach the observers
        cpu = read_trace(browser.stop_tracing(), "kortti:ready", ended) if tracing else None
        tracing = False
        b = page.evaluate("window.__bench")
        ready = page.evaluate("performance.getEntriesByName('kortti:ready')[0]?.startTime ?? null")
        # calibration: a task known to be long must show (the observer works in this browser)
        page.evaluate("window.__bench.longtasks = []; setTimeout(() => { const t = performance.now(); "
                      "while (performance.now() - t < 120); }, 0)")
        page.wait_for_timeout(500)
        probe = page.evaluate("window.__bench.longtasks")
        bot_errors = page.evaluate("window.kortti.botErrors()") or []
        tasks = sorted(([d, s] for s, d in b["longtasks"] if s <= ended), reverse=True)
        return {"tasks": tasks, "loafs": b["loafs"], "hints": hints, "turns": turns, "ready": ready, "trace": cpu,
                "started": started, "ended": ended, "errors": errors + [str(e) for e in bot_errors],
                "unsupported": b["unsupported"], "probe": max(p[1] for p in probe) if probe else None}
    finally:
        if tracing:
            browser.stop_tracing()
        context.close()


def start_hard_deal(page: Any, game: str, players: int) -> float:
    """From the ready lobby: ``game`` with ``players`` seats, the hard bot at every other seat,
    Start pressed; returns when Start was pressed (ms from navigation)."""
    page.check(f"input[name=game][value='{game}']")
    if page.is_enabled("#players"):
        page.select_option("#players", str(players))
    for select in page.locator("select[name=level]").all():
        values = select.locator("option").evaluate_all("os => os.map((o) => o.value)")
        select.select_option("hard" if "hard" in values else values[-1])
    started = float(page.evaluate("performance.now()"))
    page.click("#start")
    page.wait_for_selector("#table:not([hidden])", timeout=60_000)
    return started


def _enabled_soon(page: Any, selector: str, ms: int = 5000) -> bool:
    try:
        page.wait_for_selector(f"{selector}:enabled", timeout=ms)
        return True
    except Exception:  # noqa: BLE001 (Playwright's timeout: not ready in time)
        return False


# ------------------------------------------------------------------ bytes

def gzip_sizes(site: Path) -> dict[str, tuple[int, int]]:
    """Every file of the built site: (bytes, gzip level 6 bytes)."""
    out = {}
    for p in sorted(site.rglob("*")):
        if p.is_file() and p.relative_to(site).parts[0] != EAGER:  # the copy's files are the site's
            data = p.read_bytes()
            out[p.relative_to(site).as_posix()] = (len(data), len(gzip.compress(data, 6)))
    return out


def precache_list(site: Path) -> list[str]:
    text = (site / "sw.js").read_text("utf-8")
    m = re.search(r"const PRECACHE = (\[.*?\]);", text, re.DOTALL)
    urls = json.loads(m.group(1)) if m else []
    return [file_of("/" + u.removeprefix("./")) for u in urls]


def count_bytes(rows: list[tuple[float, str, int, dict[str, str]]], sizes: dict[str, tuple[int, int]]
                ) -> dict[str, Any]:
    """Requests answered with a body (200) count their file's gzip size; 304 count nothing."""
    out: dict[str, Any] = {"requests": 0, "bodies": 0, "not_modified": 0, "raw": 0, "gzip": 0, "files": {}}
    for _, path, status, _headers in rows:
        if urlsplit(path).path == READY_PATH:
            continue
        out["requests"] += 1
        name = file_of(path)
        if status == 200 and name in sizes:
            out["bodies"] += 1
            raw, gz = sizes[name]
            out["raw"] += raw
            out["gzip"] += gz
            out["files"][name] = out["files"].get(name, 0) + gz
        elif status == 304:
            out["not_modified"] += 1
    return out


# ------------------------------------------------------------------ printing

def med(values: list[float | None]) -> float | None:
    got = [v for v in values if v is not None]
    return statistics.median(got) if got else None


def fmt(values: list[float | None], unit: str = "ms") -> str:
    got = [v for v in values if v is not None]
    if not got:
        return "n/a"
    if len(got) == 1:
        return f"{got[0]:7.0f} {unit}"
    return f"{statistics.median(got):7.0f} {unit} (min {min(got):.0f}, max {max(got):.0f}, n={len(got)})"


def mb(n: float) -> str:
    return f"{n / 1e6:.2f} MB"


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f} (1, 5, 15 min; {os.cpu_count()} cores)"


def top_tasks(tasks: list[list[float]], loafs: list[dict[str, Any]], trace: dict[str, Any] | None,
              n: int, indent: str) -> None:
    for dur, at in tasks[:n]:
        cpu = task_cpu(trace, at, dur)
        cpu_text = f" (CPU {cpu:.0f} ms)" if cpu is not None else ""
        print(f"{indent}{dur:5.0f} ms{cpu_text} at {at / 1000:6.2f} s: {attribute(loafs, at, dur)}")


def add_bare_pages(site: Path) -> set[str]:
    """The bare Pyodide references (main thread, dedicated worker) beside the built site:
    the names of the files added."""
    pyodide = build.PYODIDE[4]
    (site / "bare.html").write_text(BARE % {"pyodide": pyodide}, "utf-8")
    (site / "bare-worker.html").write_text(BARE_WORKER_PAGE, "utf-8")
    (site / "bare-worker.js").write_text(BARE_WORKER % {"pyodide": pyodide}, "utf-8")
    return {"bare.html", "bare-worker.html", "bare-worker.js"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="page loads of each kind (median reported)")
    parser.add_argument("--games", default="kocka,katte,katko,call-kitti",
                        help="games whose deal is played for the long-task figure")
    parser.add_argument("--no-trace", action="store_true",
                        help="no Chromium trace (each long task's CPU time) during the deals")
    args = parser.parse_args(argv)
    trace = not args.no_trace
    from playwright.sync_api import sync_playwright

    loads = [load()]
    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        site = Path(tmp) / "dist"
        print("building the site …", flush=True)
        build.build(site)
        pyodide = build.PYODIDE[4]
        bench_files = add_bare_pages(site)
        eager_copy(site)
        sizes = gzip_sizes(site)
        precache = precache_list(site)
        srv = make_server(site)
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{srv.server_address[1]}"
        runs: dict[str, list[dict[str, Any]]] = {k: [] for k in ("site", "site-nosw", "bare", "bare-worker",
                                                                 "eager")}
        deals: dict[str, dict[str, Any]] = {}
        try:
            with sync_playwright() as p:
                for i in range(args.runs):
                    print(f"page loads, run {i + 1}/{args.runs} (load {load()}) …", flush=True)
                    runs["site"].append(visit(p, base, base + "/", warm=True, clicks=True))
                    runs["site-nosw"].append(visit(p, base, base + "/", warm=True, service_workers="block"))
                    runs["eager"].append(visit(p, base, base + f"/{EAGER}/", warm=False, service_workers="block"))
                    runs["bare"].append(visit(p, base, base + "/bare.html", warm=True))
                    runs["bare-worker"].append(visit(p, base, base + "/bare-worker.html", warm=True))
                loads.append(load())
                browser = launch(p)
                try:
                    for game in [g for g in args.games.split(",") if g]:
                        print(f"a {game} deal: hard bots, a hint each turn (load {load()}) …", flush=True)
                        deals[game] = play_deal(browser, base, game, 4, trace=trace)
                finally:
                    browser.close()
        finally:
            srv.shutdown()
            srv.server_close()
    loads.append(load())
    report(runs, deals, sizes, precache, bench_files, pyodide, loads)
    return 0


def report(runs: dict[str, list[dict[str, Any]]], deals: dict[str, dict[str, Any]],
           sizes: dict[str, tuple[int, int]], precache: list[str], bench_files: set[str], pyodide: str,
           loads: list[str]) -> None:
    site_r, nosw, bare, bw = runs["site"], runs["site-nosw"], runs["bare"], runs["bare-worker"]
    runtime_gz = sum(sizes[f"{pyodide}/{f}"][1] for f in RUNTIME)
    runtime_raw = sum(sizes[f"{pyodide}/{f}"][0] for f in RUNTIME)

    def col(rows: list[dict[str, Any]], phase: str, key: str) -> list[float | None]:
        return [r[phase][key] for r in rows if phase in r]

    print()
    print(f"load average: at the start {loads[0]}")
    print(f"              after the page loads {loads[1] if len(loads) > 2 else '-'}")
    print(f"              at the end {loads[-1]}")
    print()
    print("Page loads in headless Chromium (ms from navigation start; median of runs; in brackets the renderer")
    print("processes' CPU time meanwhile, from /proc: page, workers, service worker, V8's compile threads)")
    table = [
        ("lobby painted (first-contentful-paint), first visit", site_r, "cold", "fcp"),
        ("lobby drawn (kortti:lobby mark), first visit", site_r, "cold", "lobby"),
        ("lobby painted (first-contentful-paint), return visit", site_r, "warm", "fcp"),
        ("site data-ready, first visit (see *)", site_r, "cold", "ready"),
        ("site data-ready, first visit, service worker blocked", nosw, "cold", "ready"),
        ("site data-ready, return visit (service worker serves)", site_r, "warm", "ready"),
        ("site data-ready, reload of that tab", site_r, "reload", "ready"),
        ("site data-ready, return visit, service worker blocked", nosw, "warm", "ready"),
        ("site data-ready, reload, service worker blocked", nosw, "reload", "ready"),
        ("bare Pyodide, main thread, first visit", bare, "cold", "ready"),
        ("bare Pyodide, main thread, return visit (HTTP cache)", bare, "warm", "ready"),
        ("bare Pyodide, main thread, reload of that tab", bare, "reload", "ready"),
        ("bare Pyodide, dedicated worker, first visit", bw, "cold", "ready"),
        ("bare Pyodide, dedicated worker, return visit", bw, "warm", "ready"),
        ("bare Pyodide, dedicated worker, reload of that tab", bw, "reload", "ready"),
    ]
    for label, rs, phase, key in table:
        cpu = f"   [CPU {fmt(col(rs, phase, 'cpu')).strip()}]" if key == "ready" else ""
        print(f"  {label:55s} {fmt(col(rs, phase, key))}{cpu}")
    print("  * first visit: the service worker installs (precaches the whole site) meanwhile, and the lobby")
    print("    is pressed every 250 ms (figure 2); the row below it has neither")
    for label, rs in (("site", site_r), ("bare, main thread", bare), ("bare, dedicated worker", bw)):
        print(f"  requests that reached the server during the return visit, {label}: "
              + " | ".join(", ".join(r["warm"]["to_server"]) or "none" for r in rs))
    if nosw:
        print("  main-thread long tasks, first visit with the service worker blocked and no presses, "
              "longest of each run: "
              + ", ".join(f"{r['cold']['longtasks'][0][0]:.0f} ms" if r["cold"]["longtasks"] else "none"
                          for r in nosw))
        worst = max(nosw, key=lambda r: r["cold"]["longtasks"][0][0] if r["cold"]["longtasks"] else 0)
        top_tasks(worst["cold"]["longtasks"], worst["cold"]["loafs"], None, 4, "    ")

    print()
    print("Issue 9 figures (aims in brackets; issue 17's bars are summed up at the end)")
    # 1
    print(f"1. longest main-thread task, navigation -> end of a deal (hard bots, a hint each turn) [{AIM['task']}]")
    for game, d in deals.items():
        tasks = d["tasks"]
        longest = f"{tasks[0][0]:.0f} ms" if tasks else "none over 50 ms"
        boot = [t for t in tasks if d["ready"] is None or t[1] <= d["ready"]]
        during = [t for t in tasks if t[1] >= d["started"]]
        cpu = d["trace"]["cpu"] if d["trace"] else None
        print(f"   {game:11s} {longest:>16s}   ({len(tasks)} long tasks: {len(boot)} before data-ready, "
              f"{len(during)} during the deal; human turns {d['turns']}, hints shown {d['hints']}; "
              f"errors {len(d['errors'])}; deal {(d['ended'] - d['started']) / 1000:.0f} s"
              + (f"; renderer CPU: main thread {cpu.get('main', 0) / 1000:.1f} s, "
                 f"worker {cpu.get('worker', 0) / 1000:.1f} s" if cpu else "") + ")")
        top_tasks(tasks, d["loafs"], d["trace"], 5, "      ")
        if d["trace"] and d["trace"]["main"]:
            at, wall, cpu_ms = max(d["trace"]["main"], key=lambda t: t[2] or 0)
            print(f"      longest main-thread task by CPU time (trace): {cpu_ms or 0:.0f} ms CPU ({wall:.0f} ms wall) "
                  f"at {at / 1000:.2f} s: {attribute(d['loafs'], at, wall)}")
        probe = d["probe"]
        print(f"      (observer check: a 120 ms busy task was seen as {probe:.0f} ms)" if probe is not None
              else "      (observer check FAILED: a 120 ms busy task was not seen; the figure above means nothing)")
        if d["unsupported"]:
            print(f"      (entry types this browser refused: {', '.join(d['unsupported'])})")
        for e in d["errors"][:3]:
            print(f"      error: {e[:300]}")
    # 2
    inputs = [r["input"] for r in site_r if "input" in r]
    print(f"2. the lobby answers its first input after navigation, first visit: press -> first frame after the "
          f"lobby re-rendered [{AIM['input']}]")
    print(f"   {fmt([i['first'] for i in inputs])}   (Katko chosen on screen: "
          f"{', '.join('yes' if i['first_ok'] else 'NO' for i in inputs)})")
    print(f"   the press came at {fmt([i['pressed_at'] for i in inputs])} from navigation "
          f"(the form was found at {fmt([i['form_at'] for i in inputs])})")
    print("   Event Timing: input delay (first-input processingStart - startTime) "
          f"{fmt([i['delay'] for i in inputs])}; click to next paint "
          + ", ".join(f"{i['click_paint']:.0f} ms" if i["click_paint"] is not None else "< 16 ms" for i in inputs))
    print(f"   later presses while Python boots (every 250 ms until data-ready): slowest answer "
          f"{fmt([i['worst'] for i in inputs])}; "
          + ", ".join(f"{len(i['answers'])}/{i['presses']} answered" for i in inputs))
    for i in inputs:
        if i["worst"] is not None:
            print(f"      {i['worst']:.0f} ms, pressed at {i['worst_at'] / 1000:.2f} s: {i['worst_why']}")
    # 3
    print(f"3. warm data-ready / bare Pyodide warm boot [{AIM['warm']}] (medians; renderer CPU time beside)")
    for phase, what in (("warm", "return visit"), ("reload", "reload of that tab")):
        for site_label, site_rows in (("site (service worker)", site_r), ("site, service worker blocked", nosw)):
            site_t, site_cpu = med(col(site_rows, phase, "ready")), med(col(site_rows, phase, "cpu"))
            for label, ref in (("dedicated worker", bw), ("main thread", bare)):
                ref_t, ref_cpu = med(col(ref, phase, "ready")), med(col(ref, phase, "cpu"))
                ratio = f"{site_t / ref_t:.2f}" if site_t and ref_t else "n/a"
                cpu_ratio = f"{site_cpu / ref_cpu:.2f}" if site_cpu and ref_cpu else "n/a"
                print(f"   {what}, {site_label} / bare in a {label}: {site_t or 0:.0f} / {ref_t or 0:.0f} ms "
                      f"= {ratio}   (CPU {site_cpu or 0:.0f} / {ref_cpu or 0:.0f} ms = {cpu_ratio})")
    # 4
    need = [count_bytes(r["cold"]["served"], sizes) for r in nosw]
    print(f"4. bytes fetched before a first visit can play (gzip) / Pyodide runtime (gzip, {len(RUNTIME)} files: "
          f"{mb(runtime_gz)}; raw {mb(runtime_raw)}) [{AIM['bytes']}]")
    if need:
        n = sorted(need, key=lambda x: x["gzip"])[len(need) // 2]
        print(f"   (a) page + its Python worker, service worker blocked, navigation -> data-ready: "
              f"{mb(n['gzip'])} gzip = {n['gzip'] / runtime_gz:.2f} x runtime")
        print(f"       ({n['requests']} requests, {n['bodies']} with a body, {n['not_modified']} answered 304; "
              f"raw {mb(n['raw'])}; each run: " + ", ".join(f"{x['gzip'] / runtime_gz:.3f}" for x in need) + ")")
        top = sorted(n["files"].items(), key=lambda kv: -kv[1])
        print("       largest: " + ", ".join(f"{k.rsplit('/', 1)[-1]} {v / 1e3:.0f} kB" for k, v in top[:8]))
        print("       the Python worker's requests are reported by Playwright on the page: "
              f"{'yes' if all(r['worker_on_page'] for r in nosw) else 'NO'} (pyodide.asm.wasm seen there); "
              "counted here from the server's log either way")
    print("   (b) first visit as shipped (service worker allowed): everything the server sent, "
          "navigation -> data-ready")
    for i, r in enumerate(site_r):
        rows_ = r["cold"]["served"]
        sw_rows = [x for x in rows_ if from_service_worker(x[3])]
        page_rows = [x for x in rows_ if not from_service_worker(x[3])]
        total, sw_b, page_b = count_bytes(rows_, sizes), count_bytes(sw_rows, sizes), count_bytes(page_rows, sizes)
        wasm = sum(1 for x in rows_ if x[1].endswith("pyodide.asm.wasm") and x[2] == 200)
        print(f"       run {i + 1}: {mb(total['gzip'])} gzip = {total['gzip'] / runtime_gz:.2f} x runtime "
              f"({total['requests']} requests): page + worker {mb(page_b['gzip'])} ({page_b['requests']}), "
              f"service worker's install {mb(sw_b['gzip'])} ({sw_b['requests']}; Playwright counted "
              f"{r.get('sw_requests', '?')} service-worker requests over the whole visit); "
              f"pyodide.asm.wasm sent {wasm}x")
    site_files = {k: v for k, v in sizes.items() if k not in bench_files}
    whole = sum(gz for _raw, gz in site_files.values())
    unique = sorted(set(precache))
    pre = sum(sizes[f][1] for f in unique if f in sizes)
    print(f"   (c) the service worker precaches {len(precache)} URLs ({len(unique)} files; ./ and ./index.html "
          f"are fetched apart): {mb(pre)} gzip = {pre / runtime_gz:.2f} x runtime (+ sw.js "
          f"{sizes['sw.js'][1] / 1e3:.0f} kB)")
    print(f"       the whole site ({len(site_files)} files): {mb(whole)} gzip = {whole / runtime_gz:.2f} x runtime")
    if need:
        fetched = set(sorted(need, key=lambda x: x["gzip"])[len(need) // 2]["files"])
        extra = sorted(((sizes[f][1], f) for f in unique if f in sizes and f not in fetched), reverse=True)
        groups: dict[str, int] = {}
        for gz, f in extra:
            key = f if f.startswith("vendor/") or "/" not in f else f.split("/")[0] + "/"
            groups[key] = groups.get(key, 0) + gz
        top = sorted(groups.items(), key=lambda kv: -kv[1])[:8]
        print(f"       precached but not fetched before play: {mb(sum(g for g, _ in extra))} gzip in {len(extra)} "
              "files; largest: " + ", ".join(f"{k.rsplit('/', 1)[-1] or k} {v / 1e3:.0f} kB" for k, v in top))
    bars(site_r, nosw, bw, runs["eager"], deals, need, sizes, runtime_gz, loads)


def bars(site_r: list[dict[str, Any]], nosw: list[dict[str, Any]], bw: list[dict[str, Any]],
         eager: list[dict[str, Any]], deals: dict[str, dict[str, Any]], need: list[dict[str, Any]],
         sizes: dict[str, tuple[int, int]], runtime_gz: int, loads: list[str]) -> None:
    """Issue 17's bars, each beside its figure from this run (medians over the runs)."""
    def ready(rows: list[dict[str, Any]], phase: str) -> float | None:
        return med([r[phase]["ready"] for r in rows if phase in r])

    def ratio(a: float | None, b: float | None) -> str:
        return f"{a:.0f} / {b:.0f} ms = {a / b:.2f}" if a and b else "n/a"

    def boots(rows: list[dict[str, Any]], phase: str) -> str:
        return ", ".join(str(r[phase].get("boot")) for r in rows if phase in r)

    def wasm(rows: list[dict[str, Any]], phase: str, name: str) -> str:
        return ", ".join(str(r[phase].get("wasm", {}).get(name, 0)) for r in rows if phase in r)

    print()
    print(f"Issue 17 bars (this run, side by side; load average {' -> '.join(loads)})")
    print(f"  return visit data-ready / bare Pyodide worker's return visit [{AIM['warm']}]: "
          f"{ratio(ready(site_r, 'warm'), ready(bw, 'warm'))}   (boots: {boots(site_r, 'warm')})")
    print(f"  first visit data-ready / bare Pyodide worker's first visit [{AIM['cold']}]: "
          f"{ratio(ready(site_r, 'cold'), ready(bw, 'cold'))} as shipped; service worker blocked "
          f"{ratio(ready(nosw, 'cold'), ready(bw, 'cold'))}   (boots: {boots(site_r, 'cold')})")
    if eager:
        gz = [count_bytes(r["cold"]["served"], sizes)["gzip"] / runtime_gz for r in eager]
        print(f"    the other policy, a first visit that downloads the snapshot and restores (service worker "
              f"blocked; not shipped): {ratio(ready(eager, 'cold'), ready(bw, 'cold'))}, bytes before play "
              f"{', '.join(f'{g:.2f}' for g in gz)} x runtime (boots: {boots(eager, 'cold')})")
    if need:
        n = sorted(need, key=lambda x: x["gzip"])[len(need) // 2]
        print(f"  bytes before a first visit can play / Pyodide runtime, gzip [{AIM['bytes']}]: "
              f"{n['gzip'] / runtime_gz:.2f}")
    longest = {g: (d["tasks"][0][0] if d["tasks"] else 0.0) for g, d in deals.items()}
    if longest:
        print(f"  longest main-thread task, navigation -> end of a deal [{AIM['task']}]: "
              f"{max(longest.values()):.0f} ms ({', '.join(f'{g} {v:.0f}' for g, v in longest.items())})")
    print("  V8 and Pyodide's wasm (each run): first visit compiles lazily "
          f"{wasm(site_r, 'cold', 'wasm.CompileLazy')} functions and stores the code "
          f"(SerializeModule {wasm(site_r, 'cold', 'wasm.SerializeModule')}); the return visit takes it from "
          f"the code cache (Deserialize {wasm(site_r, 'warm', 'wasm.Deserialize')}) and compiles "
          f"{wasm(site_r, 'warm', 'wasm.CompileLazy')}")


if __name__ == "__main__":
    sys.exit(main())
