"""Running a coroutine to its end from a plain test, whatever else runs in the session.

Playwright's sync API (the browser tests, which run first) keeps an event loop going
in the main thread, where ``asyncio.run`` then refuses to start: so each coroutine
gets a thread and a loop of its own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T]) -> T:
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()
