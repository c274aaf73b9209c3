"""A small Nostr relay on loopback, for the table-code tests (Trystero's Nostr strategy).

It keeps nothing: an event is passed on to every open subscription whose filter matches
(``kinds``, ``#x`` tags, ``since``) and acknowledged with ``OK``; a subscription gets
``EOSE`` at once. That is all Trystero asks of a relay for the ephemeral events (kinds
20000-29999) it signals with. Signatures are not checked: nothing here is public.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed


def matches(event: dict[str, Any], flt: dict[str, Any]) -> bool:
    if "kinds" in flt and event.get("kind") not in flt["kinds"]:
        return False
    if "since" in flt and int(event.get("created_at", 0)) < int(flt["since"]):
        return False
    for key, values in flt.items():
        if key.startswith("#"):
            tags = {t[1] for t in event.get("tags", []) if len(t) > 1 and t[0] == key[1:]}
            if not tags & set(values):
                return False
    return True


class Relay:
    """``Relay().url`` once started (a thread of its own); ``events`` counts what it passed on."""

    def __init__(self) -> None:
        self.url = ""
        self.events = 0
        self.subs: dict[ServerConnection, dict[str, list[dict[str, Any]]]] = {}
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Future[None] | None = None
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)

    def start(self) -> Relay:
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the test relay did not start")
        return self

    def stop(self) -> None:
        if self._loop and self._stop:
            self._loop.call_soon_threadsafe(self._stop.set_result, None)
        self._thread.join(10)

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = self._loop.create_future()
        async with serve(self._client, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            self.url = f"ws://127.0.0.1:{port}"
            self._ready.set()
            await self._stop

    async def _client(self, ws: ServerConnection) -> None:
        self.subs[ws] = {}
        try:  # (a client may close without a word: ConnectionClosed ends the loop)
            async for raw in ws:
                try:
                    msg = json.loads(raw)
                except ValueError:
                    await ws.send(json.dumps(["NOTICE", "bad JSON"]))
                    continue
                if not isinstance(msg, list) or not msg:
                    continue
                if msg[0] == "EVENT" and len(msg) > 1 and isinstance(msg[1], dict):
                    event = msg[1]
                    await ws.send(json.dumps(["OK", event.get("id", ""), True, ""]))
                    self.events += 1
                    for other, subs in list(self.subs.items()):
                        for sub_id, filters in list(subs.items()):
                            if any(matches(event, f) for f in filters):
                                with contextlib.suppress(ConnectionClosed):  # (a client that went away)
                                    await other.send(json.dumps(["EVENT", sub_id, event]))
                elif msg[0] == "REQ" and len(msg) > 1:
                    self.subs[ws][str(msg[1])] = [f for f in msg[2:] if isinstance(f, dict)]
                    await ws.send(json.dumps(["EOSE", msg[1]]))
                elif msg[0] == "CLOSE" and len(msg) > 1:
                    self.subs[ws].pop(str(msg[1]), None)
        except ConnectionClosed:
            return
        finally:
            self.subs.pop(ws, None)
