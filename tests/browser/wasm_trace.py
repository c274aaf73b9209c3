"""What V8 did with WebAssembly during a page load, from a Chromium trace (CDP ``Tracing``
on a page's session: the trace covers the page's renderer process, its workers included).

Used by the offline test (a return visit hits V8's wasm code cache) and by
tools/bench_site.py, which prints the same counts for each load.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

# V8's own wasm events (seen in Chromium 156): a streamed module's compile starts with
# wasm.StartStreamingCompilation; wasm.SerializeModule stores its compiled code in the
# code cache; wasm.Deserialize takes it from there; wasm.CompileLazy is one function
# compiled on its first call (thousands when Pyodide's module is compiled afresh).
CATEGORIES = "v8.wasm,disabled-by-default-v8.wasm.detailed"
WATCHED = ("wasm.StartStreamingCompilation", "wasm.SerializeModule", "wasm.Deserialize",
           "wasm.CompilationAfterDeserialization", "wasm.CompileLazy")


def traced(context: Any, page: Any, action: Callable[[], None], timeout_ms: int = 60_000) -> Counter[str]:
    """Run ``action`` (a load of ``page``) under a trace; the count of each watched event."""
    session = context.new_cdp_session(page)
    events: list[dict[str, Any]] = []
    complete: list[bool] = []
    session.on("Tracing.dataCollected", lambda params: events.extend(params["value"]))
    session.on("Tracing.tracingComplete", lambda _params: complete.append(True))
    session.send("Tracing.start", {"traceConfig": {"includedCategories": CATEGORIES.split(",")},
                                   "transferMode": "ReportEvents"})
    try:
        action()
    finally:
        session.send("Tracing.end")
        # the trace arrives as events on this session: wait for its end (a condition, not a sleep)
        waited = 0
        while not complete and waited < timeout_ms:
            page.wait_for_timeout(50)
            waited += 50
        session.detach()
    if not complete:
        raise AssertionError("the trace did not complete")
    return Counter(e["name"] for e in events if e.get("name") in WATCHED)
