"""The way back from the cut standard library (build.py's ``stdlib_files``): the page's
Pyodide mounts only the standard modules the page's Python was found to reach. An import
of any other module of the full library (a path the build did not run) must still work:
this finder, last on ``sys.meta_path``, fetches the full library once (synchronously: an
import cannot wait, and a worker may block), writes it over the cut one where Pyodide
mounted it, and the import goes on from there. It says so on the console, naming the
module, so a module the cut misses is seen. pyodide-boot.mjs runs this file and calls
``install`` after every boot, plain or restored.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import json
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any


class FullLibrary:
    """A meta path finder for the modules the cut library leaves out (``missing``, names
    from the build): anything else is not its business, so a module that is in no library
    (an optional import that fails anyway) never costs a download."""

    def __init__(self, fetch: Callable[[], Any], missing: set[str], say: Callable[[str], None]) -> None:
        self.fetch = fetch  # the full library's bytes (a JS Uint8Array), synchronously
        self.missing = missing
        self.say = say
        self.loaded = False

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if self.loaded or name not in self.missing:
            return None
        self.loaded = True  # once, whatever happens: a failed download is not tried at every import
        stdlib = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
        try:
            data = self.fetch().to_bytes()
        except Exception as e:  # noqa: BLE001 (offline with nothing cached: the import fails as it would)
            self.say(f"{name} is not in the standard library this page loaded, and the full one "
                     f"could not be fetched: {e}")
            return None
        with open(stdlib, "wb") as f:
            f.write(data)
        importlib.invalidate_caches()  # the zip importers read the new directory
        self.say(f"{name} is not in the standard library this page loaded: the full one was fetched")
        return importlib.machinery.PathFinder.find_spec(name, path, target)


def install(fetch: Callable[[], Any], missing: str, say: Callable[[str], None]) -> None:
    """Puts the finder last on ``sys.meta_path``, once; ``missing`` is JSON (a list of names)."""
    # by name: each boot runs this file afresh, so a finder a snapshot kept is of another class
    if not any(type(f).__name__ == "FullLibrary" for f in sys.meta_path):
        sys.meta_path.append(FullLibrary(fetch, set(json.loads(missing)), say))
