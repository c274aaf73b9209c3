"""The cut standard library in the browser (build.py's ``stdlib_files``): a first visit
boots, plays a deal of every game and asks for a hint with the cut library alone, never
asking for the full one; and in a worker of the page, an import the cut left out fetches
the full library synchronously and goes on (web/stdlib_fallback.py through
pyodide-boot.mjs, as the page's worker and the lessons' worker boot)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .play import menu_click, open_lobby, play_deal, start_match

FULL = "/python_stdlib.zip"


@pytest.fixture
def first_visit(browser: Any, server: str) -> Iterator[Any]:
    """A context with nothing kept and no service worker: every request is seen."""
    context = browser.new_context(base_url=server, service_workers="block")
    try:
        yield context
    finally:
        context.close()


def test_a_first_visit_plays_every_game_from_the_cut_library(first_visit: Any) -> None:
    asked: list[str] = []
    said: list[str] = []
    first_visit.on("request", lambda r: asked.append(r.url))
    page = first_visit.new_page()
    page.on("console", lambda m: said.append(m.text))
    open_lobby(page)
    assert page.evaluate("document.body.dataset.boot") == "plain"
    for game in ("kocka", "katko", "katte", "call-kitti"):
        start_match(page, game)
        play_deal(page)
        to_lobby(page)  # (on the same Python: the games' modules pile up in one interpreter)
    assert [u for u in asked if "/python-stdlib-" in u], asked  # the cut one, mounted
    assert not [u for u in asked if u.endswith(FULL)]  # never the full one
    assert not [s for s in said if "not in the standard library" in s]


def to_lobby(page: Any) -> None:
    """Menu, Leave (and "Leave" again if the page asks: the match is kept), as a player goes
    back to the lobby: no new boot of the page's Python."""
    menu_click(page, "#leave")
    page.wait_for_selector("#lobby:not([hidden]), #leave-dialog[open]")
    if page.is_visible("#leave-dialog[open]"):
        page.click("#leave-dialog-yes")
    page.wait_for_selector("#lobby:not([hidden])")


# A module worker of the page that boots Python as the page's worker does and imports two
# modules the cut leaves out.
FALLBACK_WORKER = """async () => {
  const code = `
    const { loadPyodide } = await import(new URL("./pyodide-boot.mjs", location.origin + "/").href);
    const said = [];
    console.info = (line) => said.push(String(line));
    const py = await loadPyodide({ stdout: () => {}, stderr: () => {} });
    const files = py.runPython("import tomllib, xml.dom.minidom; tomllib.__file__ + ' ' + xml.dom.minidom.__file__");
    postMessage({ files, said, parsed: py.runPython("tomllib.loads('a = 1')['a']") });`;
  const worker = new Worker(URL.createObjectURL(new Blob([code], { type: "text/javascript" })), { type: "module" });
  return await new Promise((resolve, reject) => {
    worker.onmessage = (e) => resolve(e.data);
    worker.onerror = (e) => reject(new Error(e.message));
  });
}"""


def test_an_import_the_cut_left_out_fetches_the_full_library_in_the_worker(first_visit: Any) -> None:
    asked: list[str] = []
    first_visit.on("request", lambda r: asked.append(r.url))
    page = first_visit.new_page()
    open_lobby(page)
    got = page.evaluate(FALLBACK_WORKER)
    assert got["files"] == "/lib/python314.zip/tomllib/__init__.py /lib/python314.zip/xml/dom/minidom.py"
    assert got["parsed"] == 1
    assert got["said"] == ["tomllib is not in the standard library this page loaded: the full one was fetched"]
    assert len([u for u in asked if u.endswith(FULL)]) == 1  # once, for both
