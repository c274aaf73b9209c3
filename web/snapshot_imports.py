"""What the worker's memory snapshot holds (build.py, web/gen/snapshot.mjs): every module
of engine.zip and table.zip imported, so a restored worker imports nothing at all.

Run once at build time, in the pinned Pyodide under Node, with the zips unpacked where
PyScript's ``files`` puts them. Only pure Python may be left in the heap: nothing here
touches ``js`` or ``pyscript``.
"""

from __future__ import annotations

import importlib
import pkgutil


def import_all(package_name: str) -> list[str]:
    """Import the package and every module under it, in name order; their names."""
    package = importlib.import_module(package_name)
    names = [package_name]
    for info in sorted(pkgutil.walk_packages(package.__path__, package_name + "."), key=lambda i: i.name):
        importlib.import_module(info.name)
        names.append(info.name)
    return names


def main() -> None:
    import asyncio  # noqa: F401 (the worker's bots think in asyncio slices)
    import json  # noqa: F401 (every reply)

    for name in ("engine", "table"):
        import_all(name)
    from engine.bots import levels
    from engine.games import GAMES

    for game in GAMES:
        levels(game)  # each game's bots, as the worker's ``warm`` would


main()
