"""The load guard (``web/js/load-guard.js``, see its comment) for a page's head: inlined,
since a file of its own could fail to arrive like the page's other scripts."""

from __future__ import annotations

from pathlib import Path

GUARD = Path(__file__).resolve().parents[1] / "js" / "load-guard.js"


def code() -> str:
    """The guard's function ``korttiLoadGuard(ready, say)``, for a page's inline script
    that calls it (its comment stays in its file)."""
    source = GUARD.read_text("utf-8")
    return source[source.index("/**"):]


def script(call: str) -> str:
    """An inline ``<script>`` with the guard and ``call``, the page's own call of it."""
    return f"<script>\n{code()}{call}\n</script>"
