#!/usr/bin/env python3
"""How fast the site is on a phone (issue 49): prints measured figures, asserts nothing.

    .venv/bin/python tools/bench_phone.py            # 3 runs, four deals, Lighthouse: half an hour or more
    .venv/bin/python tools/bench_phone.py --quick    # one run, one game: a quick look
    .venv/bin/python tools/bench_phone.py --mbit 9 --latency-ms 150 --cpu 4 --games katko

It builds the site into a temporary folder (with bench_site.py's bare Pyodide references
beside it) and drives Debian's Chromium through Playwright, as ``tools/bench_site.py`` does
(whose functions it reuses), on a phone's profile:

* **The link.** A Python server serves the built site as a static host does: gzip
  (``Content-Encoding: gzip``, level 6) for every file that gzip shrinks by at least 10 %
  ("compress what compresses": HTML, JS, CSS, JSON, the wasm, the zips, the snapshot; the
  output lists the kinds), the
  ``Cache-Control`` of ``netlify.toml`` (``vendor/`` and the snapshot immutable, the rest
  Netlify's default ``max-age=0, must-revalidate``), and every byte it writes (headers and
  bodies, every connection together) passes through ONE shared link of ``--mbit`` Mbit/s (9):
  a token bucket with no burst, shared by all connections, that lets each 16 kB chunk out
  when the link is free; and each response waits ``--latency-ms`` (150 ms) before it starts,
  like a mobile network's round trip. The shaping is done in the server, not by DevTools'
  network emulation, so every request (the page's, its workers', the service worker's)
  shares the one link. The bytes sent through the link are printed.
* **The CPU.** The page's main thread is slowed ``--cpu`` times (4) through DevTools
  (``Emulation.setCPUThrottlingRate`` on every page, before it navigates). Chromium refuses
  that command on a worker ("Operation is only supported for pages, not workers": the bench's
  check asks a worker it attached to with ``Target.setAutoAttach`` and prints the answer), so
  the workers are slowed by the operating system the way DevTools slows the main thread,
  in wall time: a helper process (this file with ``--slow-workers``, at real-time priority)
  puts the threads of every dedicated worker (PyScript's Python worker, the rules pages'
  lesson worker, the bare reference's worker) and of the service worker of the bench's
  Chromium into a cgroup-v1 freezer of its own, lets them run about 2 ms, then keeps them
  frozen (rate - 1) times as long as they ran, over and over. It needs root (without it the
  bench prints that the workers are not slowed). New worker threads are found within about
  50 ms (new renderer processes within 0.5 s). As with DevTools, V8's compile threads are
  not slowed. The check is printed first: a fixed loop timed in a worker and on a page,
  slowed and not, in turns. On an idle machine both come out 4x; on a loaded one both
  less, since what a thread gets while it may run depends on the load.
* **The screen.** A 360 × 740 touch screen, device scale factor 3, a mobile viewport
  (``is_mobile``, ``has_touch``).

Then, on that profile, side by side in one run (``--runs`` times; medians):

* the site's first visit (service worker allowed: its precache shares the link), its return
  visit (a new tab: the service worker answers) to ``data-ready``, and bare Pyodide in a
  dedicated worker (``bare-worker.html``), first and return visit: each ÷ bare;
* bytes before a first visit can play: what the page and its Python worker fetched before
  ``data-ready`` with the service worker blocked, as sent (gzip where gzipped), ÷ the
  Pyodide runtime's files as the bare reference fetched them (as sent);
* one deal of each game (``--games``) against the hard bots, the human's turns played by
  tapping the first usable card or button (``tests/browser/play.py``'s ``take_turn``): the
  duration of every tap's interaction (Event Timing: ``event`` entries over 16 ms with an
  ``interactionId``, pointer down to the next paint; a tap with none took under 16 ms), the
  INP (the worst, or the 98th percentile from 50 taps on), and the longest main-thread task
  (``longtask``) from navigation to the end of the deal;
* Lighthouse 12.2.3 (npm, installed into ``.cache/lighthouse`` when missing) with Debian's
  Chromium, its mobile default (simulated slow 4G, 4× CPU), for the lobby, a rules page and
  the embed frame: the performance score, total blocking time, LCP and CLS. Lighthouse
  simulates its own link and CPU, so it is served by the same gzip server without the
  shaping, with the workers' slowing paused.

It ends with issue 49's bars, each beside its figure. The load average is printed with the
figures: on a shared machine every wall time moves with it.
"""

from __future__ import annotations

import argparse
import fnmatch
import functools
import gzip
import io
import json
import os
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
from collections.abc import Callable
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))
sys.path.insert(0, str(ROOT / "tools"))

from bench_site import (
    INIT,
    BenchHandler,
    add_bare_pages,
    attribute,
    count_bytes,
    file_of,
    fmt,
    load,
    mb,
    med,
    start_hard_deal,
    visit,
)
from gen.serve import Server

import build
from tests.browser.conftest import CHROMIUM_FLAGS, chromium_path
from tests.browser.play import TURN, take_turn

LIGHTHOUSE = "12.2.3"
LIGHTHOUSE_DIR = ROOT / ".cache" / "lighthouse"
FREEZER = Path("/sys/fs/cgroup/freezer")
QUANTUM = 0.002  # s: the workers run this long, then stay frozen (rate - 1) times as long
CHUNK = 16 * 1024  # bytes: the link lets data out in pieces this big
BOOT_TIMEOUT = 600_000  # ms: a boot through a 9 Mbit/s link at 4x slower CPU on a loaded machine
SCREEN = (360, 740)
PHONE: dict[str, Any] = {"viewport": {"width": SCREEN[0], "height": SCREEN[1]}, "device_scale_factor": 3,
                         "is_mobile": True, "has_touch": True}
BARS = {"cold": "≤ 0.9", "bytes": "≤ 0.8", "warm": "≤ 0.5", "inp": "≤ 200 ms", "task": "≤ 200 ms",
        "lighthouse": "≥ 90 each"}
LOOP = "let x = 0; const t = performance.now(); for (let i = 0; i < 4e7; i++) x = (x * 31 + i) | 0; "
WORKER_LOOP = ("() => new Promise((done) => { const w = new Worker(URL.createObjectURL(new Blob(["
               "`onmessage = () => { " + LOOP + "postMessage(performance.now() - t); }`]))); "
               "w.onmessage = (e) => { done(e.data); w.terminate(); }; setTimeout(() => w.postMessage(0), 300); })")
PAGE_LOOP = "() => { " + LOOP + "return performance.now() - t; }"
BLANK = "bench-blank.html"  # the slowing's check runs on it: a page of the site's origin that does nothing


# ------------------------------------------------------------------ the link and the static host

class Link:
    """One link shared by every connection: a token bucket with no burst. Each chunk takes the
    link's next free slot (in the order asked), and leaves when its slot ends."""

    def __init__(self, mbit: float) -> None:
        self.rate = mbit * 1e6 / 8  # bytes a second
        self.lock = threading.Lock()
        self.free_at = 0.0
        self.sent = 0

    def send(self, n: int) -> None:
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + n / self.rate
            self.sent += n
            done = self.free_at
        time.sleep(max(0.0, done - time.monotonic()))


class LinkWriter(io.RawIOBase):
    """A connection's writes, through the shared link."""

    def __init__(self, raw: Any, link: Link) -> None:
        self.raw, self.link = raw, link

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        view = memoryview(data).cast("B")
        for at in range(0, len(view), CHUNK):
            piece = view[at:at + CHUNK]
            self.link.send(len(piece))
            self.raw.write(piece)
        return len(view)


def netlify_cache_rules() -> list[tuple[str, str]]:
    """``netlify.toml``'s Cache-Control headers: (path pattern, value)."""
    doc = tomllib.loads((ROOT / "netlify.toml").read_text("utf-8"))
    return [(h["for"], h["values"]["Cache-Control"]) for h in doc.get("headers", [])
            if "Cache-Control" in h.get("values", {})]


NETLIFY_DEFAULT = "public, max-age=0, must-revalidate"


class PhoneHandler(BenchHandler):
    """bench_site's logged handler, as a static host: gzip, netlify.toml's caching, the link."""
    gz: ClassVar[dict[str, bytes]] = {}  # file path -> its gzip, for the files that gzip shrinks
    link: ClassVar[Link | None] = None
    latency: ClassVar[float] = 0.0
    cache_rules: ClassVar[list[tuple[str, str]]] = []

    def setup(self) -> None:
        super().setup()
        self.body_gz: bytes | None = None
        self.code = 0
        if self.link is not None:
            self.wfile = LinkWriter(self.wfile, self.link)  # type: ignore[assignment]

    def send_response(self, code: int, message: str | None = None) -> None:
        self.code = int(code)
        super().send_response(code, message)

    def do_GET(self) -> None:
        time.sleep(self.latency)
        super().do_GET()

    def do_HEAD(self) -> None:
        time.sleep(self.latency)
        super().do_HEAD()

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        self.body_gz = self.gz.get(str(path)) if accepts else None
        f = super().send_head()
        if f is not None and self.body_gz is not None and self.code == 200:
            f.close()
            return io.BytesIO(self.body_gz)
        return f

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length" and self.body_gz is not None and self.code == 200:
            super().send_header("Content-Encoding", "gzip")
            super().send_header("Vary", "Accept-Encoding")
            value = str(len(self.body_gz))
        super().send_header(keyword, value)

    def log_message(self, format: str, *args: object) -> None:
        if not urlsplit(self.path).path.endswith(".map"):  # Lighthouse asks for source maps: none shipped
            super().log_message(format, *args)

    def end_headers(self) -> None:  # the host's caching, not the dev server's no-cache
        url = unquote(urlsplit(self.path).path)
        rule = next((v for pattern, v in self.cache_rules if fnmatch.fnmatch(url, pattern)), NETLIFY_DEFAULT)
        self.send_header("Cache-Control", rule)
        SimpleHTTPRequestHandler.end_headers(self)


def compressed(site: Path) -> tuple[dict[str, bytes], dict[str, tuple[int, int]]]:
    """Every file gzip shrinks by 10 % or more: its gzip (level 6). And every file's size:
    (raw, as sent), keyed as bench_site keys them (for its count_bytes)."""
    gz: dict[str, bytes] = {}
    sizes: dict[str, tuple[int, int]] = {}
    for p in sorted(site.rglob("*")):
        if not p.is_file() or p.is_symlink():
            continue
        data = p.read_bytes()
        packed = gzip.compress(data, 6)
        sent = len(data)
        if len(packed) <= 0.9 * len(data):
            gz[str(p)] = packed
            sent = len(packed)
        sizes[p.relative_to(site).as_posix()] = (len(data), sent)
    return gz, sizes


def serve(site: Path, gz: dict[str, bytes], link: Link | None, latency: float) -> tuple[Server, str]:
    handler_class = type("Handler", (PhoneHandler,), {"gz": gz, "link": link, "latency": latency,
                                                      "cache_rules": netlify_cache_rules()})

    def handler(*args: Any, **kwargs: Any) -> PhoneHandler:
        return handler_class(*args, directory=str(site), **kwargs)  # type: ignore[no-any-return]
    srv = Server(("127.0.0.1", 0), handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f"http://127.0.0.1:{srv.server_address[1]}"


# ------------------------------------------------------------------ the workers' CPU

def slow_workers(root_pid: int, rate: float) -> None:
    """The helper process (``--slow-workers``): freeze the worker threads of every Chromium
    renderer descended from ``root_pid`` (rate - 1) × QUANTUM of every rate × QUANTUM, while
    "on". Reads "on"/"off" lines on stdin and answers "ok" once applied; thaws, puts the
    threads back and removes its cgroup on "quit", at the end of stdin or on SIGTERM."""
    try:
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(10))  # its timing, not the load's
    except OSError:
        pass
    group = FREEZER / f"kortti-bench-phone-{os.getpid()}"
    group.mkdir()
    state = group / "freezer.state"
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    renderers: set[int] = set()
    moved: set[str] = set()
    on = True
    try:
        thawed_at = found_renderers = found_threads = 0.0
        while True:
            if select.select([sys.stdin], [], [], 0)[0]:
                line = sys.stdin.readline().strip()
                if line in ("", "quit"):
                    return
                on = line == "on"
                if not on:
                    state.write_text("THAWED")
                print("ok", flush=True)
            now = time.monotonic()
            if now - found_renderers > 0.5:  # the /proc walk costs about 15 ms: not too often
                renderers, found_renderers = renderer_pids(root_pid), now
            if now - found_threads > 0.05:
                for tid in worker_threads(renderers) - moved:
                    try:
                        (group / "tasks").write_text(tid)
                        moved.add(tid)
                    except OSError:
                        pass  # gone meanwhile
                found_threads = now
            time.sleep(max(0.0, thawed_at + QUANTUM - time.monotonic()))
            if on:  # as DevTools does the main thread: stopped (rate - 1) times as long as it ran
                frozen_at = time.monotonic()
                ran = min(frozen_at - thawed_at, 10 * QUANTUM)  # (the scans above run while it runs)
                state.write_text("FROZEN")
                time.sleep(max(0.0, frozen_at + ran * (rate - 1) - time.monotonic()))
                state.write_text("THAWED")
            thawed_at = time.monotonic()
    finally:
        state.write_text("THAWED")
        for tid in (group / "tasks").read_text().split():
            try:
                (FREEZER / "tasks").write_text(tid)
            except OSError:
                pass
        group.rmdir()


def renderer_pids(root_pid: int) -> set[int]:
    """Chromium's renderer processes descended from ``root_pid``."""
    parent: dict[int, int] = {}
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                parent[int(proc.name)] = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    out = set()
    for pid in parent:
        up, hops = pid, 0
        while up in parent and up != root_pid and hops < 12:
            up, hops = parent[up], hops + 1
        if up == root_pid and pid != root_pid:
            try:
                if b"--type=renderer" in (Path("/proc") / str(pid) / "cmdline").read_bytes():
                    out.add(pid)
            except OSError:
                continue
    return out


def worker_threads(renderers: set[int]) -> set[str]:
    """The threads of dedicated workers and service workers in those renderers."""
    out = set()
    for pid in renderers:
        try:
            for task in (Path("/proc") / str(pid) / "task").iterdir():
                if (task / "comm").read_text().startswith(("DedicatedWorker", "ServiceWorker")):
                    out.add(task.name)
        except OSError:
            continue
    return out


class WorkerSlowing:
    """The helper process, from the bench's side: ``set(True/False)``, ``close()``."""

    def __init__(self, rate: float) -> None:
        self.why = ""
        self.proc: subprocess.Popen[str] | None = None
        if rate <= 1:
            self.why = "not asked (--cpu 1)"
        elif not os.access(FREEZER, os.W_OK):
            self.why = f"no writable cgroup-v1 freezer at {FREEZER} (needs root)"
        else:
            self.proc = subprocess.Popen([sys.executable, __file__, "--slow-workers", str(os.getpid()),
                                          "--cpu", str(rate)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         text=True)
            self.set(True)

    def set(self, on: bool) -> None:
        if self.proc is None or self.proc.stdin is None or self.proc.stdout is None:
            return
        self.proc.stdin.write("on\n" if on else "off\n")
        self.proc.stdin.flush()
        if self.proc.stdout.readline().strip() != "ok":
            self.why = f"the helper process stopped (exit {self.proc.poll()})"
            self.proc = None

    def close(self) -> None:
        if self.proc is not None and self.proc.stdin is not None:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)
            self.proc = None


def slow_page(rate: float, sessions: list[Any]) -> Callable[[Any, Any], None]:
    """bench_site.visit's ``on_page``: DevTools slows the page's main thread ``rate`` times."""
    def on_page(context: Any, page: Any) -> None:
        if rate > 1:
            session = context.new_cdp_session(page)
            session.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            sessions.append(session)  # kept: a detached session would drop the slowing
    return on_page


def devtools_on_worker(context: Any, page: Any, rate: float) -> str:
    """Ask DevTools to slow a worker (auto-attached to the page's session, messages passed
    through ``Target.sendMessageToTarget``): Chromium's answer."""
    session = context.new_cdp_session(page)
    attached: list[str] = []
    answers: list[str] = []
    session.on("Target.attachedToTarget",
               lambda e: attached.append(e["sessionId"]) if e["targetInfo"]["type"] == "worker" else None)
    session.on("Target.receivedMessageFromTarget",
               lambda e: answers.append(e["message"]) if '"id":1' in e["message"] else None)
    page.evaluate("window.__w = new Worker(URL.createObjectURL(new Blob(['onmessage = () => {}'])))")
    session.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": False})
    for _ in range(50):
        if attached:
            break
        page.wait_for_timeout(100)
    if not attached:
        return "no worker target attached"
    session.send("Target.sendMessageToTarget", {"sessionId": attached[0], "message": json.dumps(
        {"id": 1, "method": "Emulation.setCPUThrottlingRate", "params": {"rate": rate}})})
    for _ in range(50):
        if answers:
            break
        page.wait_for_timeout(100)
    session.detach()
    if not answers:
        return "no answer"
    doc = json.loads(answers[0])
    return f"refused: {doc['error']['message']}" if "error" in doc else "accepted"


def check_slowing(playwright: Any, base: str, rate: float, workers: WorkerSlowing) -> dict[str, Any]:
    """A fixed loop timed in a worker and on a page (a page of the site's server: the slowing
    must outlast the navigation), slowed and not; medians of three."""
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="bench-phone-check-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium_path(), args=CHROMIUM_FLAGS, base_url=base, **PHONE)
        try:
            page = context.pages[0] if context.pages else context.new_page()
            sessions: list[Any] = []
            slow_page(rate, sessions)(context, page)
            page.goto(f"{base}/{BLANK}")  # slowed before it navigated: it must still be
            times: dict[str, list[float]] = {"worker": [], "worker_slowed": [], "page": [], "page_slowed": []}
            for _ in range(3):  # taken in turns: the machine's load drifts
                times["page_slowed"].append(page.evaluate(PAGE_LOOP))
                if sessions:  # (one renderer's main thread: a second page of the origin would share it)
                    sessions[0].send("Emulation.setCPUThrottlingRate", {"rate": 1})
                times["page"].append(page.evaluate(PAGE_LOOP))
                workers.set(False)
                times["worker"].append(page.evaluate(WORKER_LOOP))
                workers.set(True)
                times["worker_slowed"].append(page.evaluate(WORKER_LOOP))
                if sessions:
                    sessions[0].send("Emulation.setCPUThrottlingRate", {"rate": rate})
            out = {k: statistics.median(v) for k, v in times.items()}
            out["devtools_worker"] = devtools_on_worker(context, page, rate)
        finally:
            context.close()
    return out


# ------------------------------------------------------------------ a deal, tapped

def tapped_deal(playwright: Any, base: str, game: str, on_page: Callable[[Any, Any], None]) -> dict[str, Any]:
    """A first visit to ``/?fast&seed=11`` on the phone's profile, a deal of ``game`` against the
    hard bots, every human turn tapped (take_turn): each tap's interaction and the long tasks."""
    with tempfile.TemporaryDirectory(prefix="bench-phone-deal-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium_path(), args=CHROMIUM_FLAGS, base_url=base, **PHONE)
        try:
            context.add_init_script(INIT)
            page = context.pages[0] if context.pages else context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            on_page(context, page)
            page.goto("/?fast&seed=11", wait_until="commit")
            page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
            started = start_hard_deal(page, game, 4)
            turns = 0
            for _ in range(400):
                kind = str(page.wait_for_function(TURN, timeout=BOOT_TIMEOUT).json_value())
                if kind == "summary":
                    break
                turns += 1
                take_turn(page, kind)
            ended = float(page.evaluate("performance.now()"))
            page.wait_for_timeout(500)  # the last entries reach the observers
            b = page.evaluate("window.__bench")
        finally:
            context.close()
    worst: dict[int, float] = {}
    for e in b["events"]:
        if e["id"] and e["start"] >= started - 1:
            worst[e["id"]] = max(worst.get(e["id"], 0.0), e["duration"])
    taps = [t for t in b["presses"] if t >= started - 1]
    durations = sorted(worst.values(), reverse=True)
    tasks = sorted(([d, s] for s, d in b["longtasks"] if s <= ended), reverse=True)
    return {"turns": turns, "taps": len(taps), "durations": durations, "inp": inp(durations, len(taps)),
            "tasks": tasks, "loafs": b["loafs"], "errors": errors, "deal_s": (ended - started) / 1000}


def inp(durations: list[float], taps: int) -> float:
    """Interaction to Next Paint: the worst interaction, one left out for every 50 (web-vitals);
    taps with no entry over 16 ms count as 0 here."""
    if not durations:
        return 0.0
    return durations[min(len(durations) - 1, taps // 50)]


# ------------------------------------------------------------------ Lighthouse

def lighthouse_cli() -> tuple[Path | None, str]:
    """Lighthouse's CLI, installed (pinned) into .cache/lighthouse like test.sh's TypeScript."""
    cli = LIGHTHOUSE_DIR / "node_modules" / "lighthouse" / "cli" / "index.js"
    if not cli.exists():
        if shutil.which("npm") is None:
            return None, "no npm on this machine"
        print(f"installing lighthouse@{LIGHTHOUSE} into {LIGHTHOUSE_DIR} …", flush=True)
        done = subprocess.run(["npm", "install", "--silent", "--no-save", "--no-audit", "--no-fund", "--prefix",
                               str(LIGHTHOUSE_DIR), f"lighthouse@{LIGHTHOUSE}"], check=False, capture_output=True,
                              text=True)
        if done.returncode or not cli.exists():
            return None, f"npm install lighthouse@{LIGHTHOUSE} failed: {(done.stderr or done.stdout)[-300:]}"
    return cli, ""


def lighthouse(cli: Path, url: str) -> dict[str, Any]:
    """One Lighthouse run (mobile, its default): score, TBT, LCP, CLS, or why not."""
    with tempfile.TemporaryDirectory(prefix="bench-phone-lh-") as tmp:
        report = Path(tmp) / "report.json"
        flags = " ".join(["--headless=new", *CHROMIUM_FLAGS])
        cmd = ["node", str(cli), url, "--quiet", "--only-categories=performance", "--output=json",
               f"--output-path={report}", f"--chrome-flags={flags}", "--max-wait-for-load=120000"]
        env = {**os.environ, "CHROME_PATH": chromium_path() or "chromium"}
        try:
            done = subprocess.run(cmd, check=False, capture_output=True, text=True, env=env, timeout=600)
        except subprocess.TimeoutExpired:
            return {"error": "Lighthouse took over 10 minutes"}
        if not report.exists():
            return {"error": f"Lighthouse exited {done.returncode}: {(done.stderr or done.stdout).strip()[-300:]}"}
        doc = json.loads(report.read_text("utf-8"))
    audits = doc["audits"]
    score = doc["categories"]["performance"]["score"]
    problem = doc.get("runtimeError", {}).get("message") or ""
    return {"score": round(score * 100) if score is not None else None,
            "tbt": audits["total-blocking-time"].get("numericValue"),
            "lcp": audits["largest-contentful-paint"].get("numericValue"),
            "cls": audits["cumulative-layout-shift"].get("numericValue"),
            "warnings": [problem] if problem else doc.get("runWarnings", [])}


def embed_url(site: Path) -> str:
    """The embed frame of the first example on the English Kočka rules page."""
    from tests.browser.test_embed import embeds
    return "/embed/example.html#" + next(iter(embeds(site, "en", "kocka").values()))


# ------------------------------------------------------------------ the run

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="page loads of each kind (medians printed)")
    parser.add_argument("--games", default="katte,katko,call-kitti,kocka", help="games whose deal is tapped")
    parser.add_argument("--mbit", type=float, default=9.0, help="the one link's speed, Mbit/s, all requests together")
    parser.add_argument("--latency-ms", type=float, default=150.0, help="the wait before each response starts")
    parser.add_argument("--cpu", type=float, default=4.0, help="how many times slower the CPU (page and workers)")
    parser.add_argument("--quick", action="store_true", help="one run, one game (katko)")
    parser.add_argument("--no-lighthouse", action="store_true", help="skip Lighthouse")
    parser.add_argument("--slow-workers", type=int, metavar="PID", help=argparse.SUPPRESS)  # the helper process
    args = parser.parse_args(argv)
    if args.slow_workers:
        slow_workers(args.slow_workers, args.cpu)
        return 0
    if args.quick:
        args.runs, args.games = 1, "katko"
    from playwright.sync_api import sync_playwright

    loads = [load()]
    workers = WorkerSlowing(args.cpu)
    try:
        with tempfile.TemporaryDirectory(prefix="bench-phone-") as tmp:
            site = Path(tmp) / "dist"
            print("building the site …", flush=True)
            build.build(site)
            add_bare_pages(site)
            (site / BLANK).write_text("<!doctype html><html lang='en'><title>blank</title><link rel='icon' href='data:,'></html>", "utf-8")
            gz, sizes = compressed(site)
            link = Link(args.mbit)
            shaped, base = serve(site, gz, link, args.latency_ms / 1000)
            plain, plain_base = serve(site, gz, None, 0.0)
            try:
                with sync_playwright() as p:
                    result = measure(p, args, site, base, plain_base, link, workers, loads)
            finally:
                for srv in (shaped, plain):
                    srv.shutdown()
                    srv.server_close()
    finally:
        workers.close()
    loads.append(load())
    report(args, result, sizes, gz, loads, workers)
    return 0


def measure(p: Any, args: argparse.Namespace, site: Path, base: str, plain_base: str, link: Link,
            workers: WorkerSlowing, loads: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"runs": {"site": [], "nosw": [], "bare": []}, "sent": [], "deals": {}, "lighthouse": {}}
    print(f"checking the slowing (load {load()}) …", flush=True)
    out["check"] = check_slowing(p, base, args.cpu, workers)
    sessions: list[Any] = []
    on_page = slow_page(args.cpu, sessions)

    def counted(label: str, fn: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        before, t = link.sent, time.monotonic()
        got = fn()
        out["sent"].append((label, link.sent - before, time.monotonic() - t))
        return got

    for i in range(args.runs):
        print(f"page loads, run {i + 1}/{args.runs} (load {load()}) …", flush=True)
        out["runs"]["site"].append(counted("site: first visit, return visit, reload", lambda: visit(
            p, base, base + "/", warm=True, device=PHONE, on_page=on_page)))
        out["runs"]["nosw"].append(counted("site, service worker blocked: first visit", lambda: visit(
            p, base, base + "/", warm=False, service_workers="block", device=PHONE, on_page=on_page)))
        out["runs"]["bare"].append(counted("bare Pyodide in a worker: first visit, return visit, reload", lambda: visit(
            p, base, base + "/bare-worker.html", warm=True, device=PHONE, on_page=on_page)))
    loads.append(load())
    for game in [g for g in args.games.split(",") if g]:
        print(f"a {game} deal on the phone, tapped, hard bots (load {load()}) …", flush=True)
        try:
            out["deals"][game] = counted(f"a {game} deal", functools.partial(tapped_deal, p, base, game, on_page))
        except Exception as e:  # noqa: BLE001 (a deal that cannot finish is reported, the rest still runs)
            out["deals"][game] = {"failed": str(e).splitlines()[0][:300]}
    if args.no_lighthouse:
        out["lighthouse_why"] = "skipped (--no-lighthouse)"
        return out
    cli, why = lighthouse_cli()
    if cli is None:
        out["lighthouse_why"] = why
        return out
    workers.set(False)  # Lighthouse simulates its own phone
    try:
        pages = {"lobby": "/", "rules page": "/rules/en/kocka.html", "embed frame": embed_url(site)}
        for label, path in pages.items():
            print(f"Lighthouse {LIGHTHOUSE}, {label} (load {load()}) …", flush=True)
            out["lighthouse"][label] = (path, lighthouse(cli, plain_base + path))
    finally:
        workers.set(True)
    return out


# ------------------------------------------------------------------ printing

def report(args: argparse.Namespace, r: dict[str, Any], sizes: dict[str, tuple[int, int]], gz: dict[str, bytes],
           loads: list[str], workers: WorkerSlowing) -> None:
    site_r, nosw, bare = r["runs"]["site"], r["runs"]["nosw"], r["runs"]["bare"]
    pyodide = build.PYODIDE[4]

    def ready(rows: list[dict[str, Any]], phase: str) -> float | None:
        return med([x[phase]["ready"] for x in rows if phase in x])

    def ratio(a: float | None, b: float | None) -> tuple[str, float | None]:
        return (f"{a:.0f} / {b:.0f} ms = {a / b:.2f}", a / b) if a and b else ("n/a", None)

    print()
    print(f"load average: at the start {loads[0]}")
    print(f"              after the page loads {loads[1] if len(loads) > 2 else '-'}")
    print(f"              at the end {loads[-1]}")
    kinds = sorted({Path(k).suffix or Path(k).name for k in gz})
    print(f"\nThe phone: one {args.mbit:g} Mbit/s link for all requests, {args.latency_ms:g} ms before each response; "
          f"gzip for {len(gz)} of {len(sizes)} files ({', '.join(kinds)}); CPU {args.cpu:g}x slower; "
          f"{SCREEN[0]}x{SCREEN[1]} touch screen, scale {PHONE['device_scale_factor']}")
    c = r["check"]
    print("The slowing, checked (a fixed loop, median of 3):")
    print(f"  page main thread (DevTools, kept across the navigation): {c['page']:.0f} ms -> {c['page_slowed']:.0f} ms "
          f"= {c['page_slowed'] / c['page']:.1f}x")
    print(f"  a dedicated worker (freezer duty cycle): {c['worker']:.0f} ms -> {c['worker_slowed']:.0f} ms "
          f"= {c['worker_slowed'] / c['worker']:.1f}x" + (f"   (NOT slowed: {workers.why})" if workers.why else ""))
    print(f"  DevTools asked to slow a worker (Target.setAutoAttach, Emulation.setCPUThrottlingRate): "
          f"{c['devtools_worker']}")
    print("Bytes through the link:")
    for label, n, secs in r["sent"]:
        print(f"  {label:62s} {mb(n):>9s} in {secs:5.0f} s")

    print("\nPage loads (ms from navigation start to data-ready; median of runs)")
    for label, rows, phase in (("site, first visit (its service worker installs meanwhile)", site_r, "cold"),
                               ("site, first visit, service worker blocked", nosw, "cold"),
                               ("site, return visit (new tab; the service worker serves)", site_r, "warm"),
                               ("site, reload of that tab", site_r, "reload"),
                               ("bare Pyodide in a worker, first visit", bare, "cold"),
                               ("bare Pyodide in a worker, return visit (HTTP cache)", bare, "warm"),
                               ("bare Pyodide in a worker, reload", bare, "reload")):
        print(f"  {label:58s} {fmt([x[phase]['ready'] for x in rows if phase in x])}")
    print(f"  lobby drawn (kortti:lobby), first visit: {fmt([x['cold']['lobby'] for x in site_r])}; "
          f"first-contentful-paint {fmt([x['cold']['fcp'] for x in site_r])}")
    cold_text, cold = ratio(ready(site_r, "cold"), ready(bare, "cold"))
    warm_text, warm = ratio(ready(site_r, "warm"), ready(bare, "warm"))
    print(f"  first visit / bare: {cold_text}   (service worker blocked: "
          f"{ratio(ready(nosw, 'cold'), ready(bare, 'cold'))[0]})")
    print(f"  return visit / bare: {warm_text}")

    def runtime_sent(row: dict[str, Any]) -> int:
        rows = [x for x in row["cold"]["served"] if file_of(x[1]).startswith(pyodide + "/")]
        return int(count_bytes(rows, sizes)["gzip"])
    need = [count_bytes(x["cold"]["served"], sizes) for x in nosw]
    runtime = [runtime_sent(x) for x in bare]
    byte_ratio = None
    if need and runtime and runtime[0]:
        n, rt = statistics.median(x["gzip"] for x in need), statistics.median(runtime)
        byte_ratio = n / rt
        print(f"  bytes before a first visit can play (page + Python worker, service worker blocked, as sent): "
              f"{mb(n)} / runtime as the bare reference fetched it {mb(rt)} = {byte_ratio:.2f}")
        top = sorted(need[0]["files"].items(), key=lambda kv: -kv[1])[:6]
        print("    largest: " + ", ".join(f"{k.rsplit('/', 1)[-1]} {v / 1e3:.0f} kB" for k, v in top))

    print(f"\nDeals on the phone, each human turn tapped, hard bots ({args.cpu:g}x CPU)")
    inps: dict[str, float] = {}
    longest: dict[str, float] = {}
    for game, d in r["deals"].items():
        if "failed" in d:
            print(f"  {game}: the deal could not be played: {d['failed']}")
            continue
        inps[game] = d["inp"]
        longest[game] = d["tasks"][0][0] if d["tasks"] else 0.0
        shown = ", ".join(f"{v:.0f}" for v in d["durations"][:12])
        print(f"  {game:11s} INP {d['inp']:.0f} ms; {d['taps']} taps in {d['turns']} turns, "
              f"{len(d['durations'])} interactions over 16 ms (ms, slowest first: {shown or 'none'}); "
              f"deal {d['deal_s']:.0f} s; errors {len(d['errors'])}")
        print(f"  {'':11s} longest main-thread task, navigation -> end of the deal: "
              f"{longest[game]:.0f} ms ({len(d['tasks'])} long tasks)")
        for dur, at in d["tasks"][:3]:
            print(f"  {'':13s}{dur:5.0f} ms at {at / 1000:6.2f} s: {attribute(d['loafs'], at, dur)}")
        for e in d["errors"][:2]:
            print(f"  {'':13s}error: {e[:200]}")

    print(f"\nLighthouse {LIGHTHOUSE}, mobile (its default: simulated slow 4G, 4x CPU), Debian's Chromium, "
          "gzip, no shaping")
    scores: list[str] = []
    if not r["lighthouse"]:
        print(f"  not run: {r.get('lighthouse_why', '?')}")
    for label, (path, lh) in r["lighthouse"].items():
        if "error" in lh:
            print(f"  {label:12s} could not run: {lh['error']}")
            scores.append("n/a")
            continue
        scores.append(str(lh["score"]))
        lcp = f"{lh['lcp'] / 1000:.1f} s" if lh["lcp"] is not None else "n/a"
        tbt = f"{lh['tbt']:.0f} ms" if lh["tbt"] is not None else "n/a"
        cls = f"{lh['cls']:.3f}" if lh["cls"] is not None else "n/a"
        print(f"  {label:12s} performance {lh['score']}, total blocking time {tbt}, LCP {lcp}, CLS {cls}   ({path[:60]})")
        for w in lh["warnings"][:2]:
            print(f"  {'':12s} warning: {str(w)[:200]}")

    print(f"\nIssue 49's bars (this run; load average {' -> '.join(x.split(' (')[0] for x in loads)})")
    rows = [
        ("first visit data-ready / bare Pyodide, phone profile", f"{cold:.2f}" if cold else "n/a", BARS["cold"]),
        ("bytes before a first visit can play / runtime (as sent)",
         f"{byte_ratio:.2f}" if byte_ratio else "n/a", BARS["bytes"]),
        ("return visit data-ready / bare Pyodide, phone profile", f"{warm:.2f}" if warm else "n/a", BARS["warm"]),
        (f"INP, every tap of one deal per game, {args.cpu:g}x CPU",
         f"{max(inps.values()):.0f} ms ({', '.join(f'{g} {v:.0f}' for g, v in inps.items())})" if inps else "n/a",
         BARS["inp"]),
        (f"longest main-thread task, navigation -> end of a deal, {args.cpu:g}x CPU",
         f"{max(longest.values()):.0f} ms ({', '.join(f'{g} {v:.0f}' for g, v in longest.items())})"
         if longest else "n/a", BARS["task"]),
        ("Lighthouse mobile performance, lobby / rules page / embed", " / ".join(scores) or "n/a",
         BARS["lighthouse"]),
    ]
    print(f"  | {'figure':70s} | {'measured':40s} | required |")
    print(f"  |{'-' * 72}|{'-' * 42}|----------|")
    for figure, value, bar in rows:
        print(f"  | {figure:70s} | {value:40s} | {bar:8s} |")


if __name__ == "__main__":
    sys.exit(main())
