"""A small Nostr relay on loopback, for the tests (Trystero's table codes, the quick match's lobby).

It behaves as the public relays do where the pages depend on it (NIP-01):

* every EVENT is checked: its ``id`` must be the SHA-256 of the event's NIP-01 serialization
  and its ``sig`` a valid BIP-340 signature of that id by ``pubkey`` (checked with coincurve,
  libsecp256k1: an implementation independent of the pages' noble-secp256k1). A bad event is
  answered ``["OK", id, false, "invalid: ..."]`` and goes no further;
* ephemeral events (kinds 20000-29999: Trystero's signals, the quick match's lobby) are passed
  on to the open subscriptions whose filter matches and never kept;
* other events are kept (the newest ``keep``) and a new subscription gets the matching ones
  before its ``EOSE``;
* each connection may send ``rate`` events a second on average, ``burst`` at once; past that
  an event is answered ``["OK", id, false, "rate-limited: ..."]`` and dropped;
* ``received`` counts every EVENT that arrived, per kind; ``received_by`` per connection
  (numbered from 0 in the order they opened) and kind, so a test can state a page's event rate;
  ``refused`` the events refused, by reason ("invalid", "rate-limited").

Filters: ``ids``, ``authors``, ``kinds``, ``since``, ``until``, ``#x`` tags and ``limit``.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import hashlib
import json
import re
import threading
import time
from typing import Any

import coincurve
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

HEX64 = re.compile(r"[0-9a-f]{64}")
HEX128 = re.compile(r"[0-9a-f]{128}")


def is_ephemeral(kind: int) -> bool:
    return 20000 <= kind < 30000


def serialize(event: dict[str, Any]) -> bytes:
    """The NIP-01 serialization the id is the hash of: no whitespace, UTF-8, only the
    characters JSON requires escaped."""
    fields = [0, event["pubkey"], event["created_at"], event["kind"], event["tags"], event["content"]]
    return json.dumps(fields, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def event_id(event: dict[str, Any]) -> str:
    return hashlib.sha256(serialize(event)).hexdigest()


def why_invalid(event: dict[str, Any]) -> str | None:
    """Why ``event`` is not a well-formed, correctly signed event, or None when it is."""
    pubkey, sig, eid = event.get("pubkey"), event.get("sig"), event.get("id")
    tags = event.get("tags")
    if not (isinstance(pubkey, str) and HEX64.fullmatch(pubkey) and isinstance(eid, str) and HEX64.fullmatch(eid)
            and isinstance(sig, str) and HEX128.fullmatch(sig)):
        return "invalid: id, pubkey or sig is not lowercase hex of its length"
    created, kind = event.get("created_at"), event.get("kind")
    if not (type(created) is int and created >= 0 and type(kind) is int and 0 <= kind <= 65535):
        return "invalid: created_at and kind must be integers"
    if not (isinstance(tags, list) and all(isinstance(t, list) and all(isinstance(s, str) for s in t) for t in tags)
            and isinstance(event.get("content"), str)):
        return "invalid: tags must be lists of strings and content a string"
    if event_id(event) != eid:
        return "invalid: the id is not the hash of the event"
    try:
        good = coincurve.PublicKeyXOnly(bytes.fromhex(pubkey)).verify(bytes.fromhex(sig), bytes.fromhex(eid))
    except ValueError:  # not a point on the curve
        good = False
    return None if good else "invalid: bad signature"


def matches(event: dict[str, Any], flt: dict[str, Any]) -> bool:
    if "ids" in flt and event["id"] not in flt["ids"]:
        return False
    if "authors" in flt and event["pubkey"] not in flt["authors"]:
        return False
    if "kinds" in flt and event["kind"] not in flt["kinds"]:
        return False
    if "since" in flt and event["created_at"] < int(flt["since"]):
        return False
    if "until" in flt and event["created_at"] > int(flt["until"]):
        return False
    for key, values in flt.items():
        if key.startswith("#") and len(key) == 2:
            tags = {t[1] for t in event["tags"] if len(t) > 1 and t[0] == key[1:]}
            if not tags & set(values):
                return False
    return True


class Bucket:
    """A token bucket: ``rate`` a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.last = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Relay:
    """``Relay().start().url``: a relay in a thread of its own. ``events`` counts the events
    it accepted; ``received``/``received_by`` what arrived (see the module's doc)."""

    def __init__(self, rate: float = 20, burst: int = 100, keep: int = 1000) -> None:
        self.url = ""
        self.rate, self.burst = rate, burst
        self.events = 0
        self.received: collections.Counter[int] = collections.Counter()
        self.received_by: dict[int, collections.Counter[int]] = {}
        self.refused: collections.Counter[str] = collections.Counter()
        self.stored: collections.deque[dict[str, Any]] = collections.deque(maxlen=keep)
        # every event accepted, as (time.monotonic(), kind, pubkey): who sent what, when
        self.accepted: list[tuple[float, int, str]] = []
        self.subs: dict[ServerConnection, dict[str, list[dict[str, Any]]]] = {}
        self._connections = 0
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
        number = self._connections
        self._connections += 1
        counts = self.received_by[number] = collections.Counter()
        bucket = Bucket(self.rate, self.burst)
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
                    await self._event(ws, msg[1], counts, bucket)
                elif msg[0] == "REQ" and len(msg) > 1:
                    filters = [f for f in msg[2:] if isinstance(f, dict)]
                    self.subs[ws][str(msg[1])] = filters
                    for event in self._stored_matching(filters):
                        await ws.send(json.dumps(["EVENT", msg[1], event]))
                    await ws.send(json.dumps(["EOSE", msg[1]]))
                elif msg[0] == "CLOSE" and len(msg) > 1:
                    self.subs[ws].pop(str(msg[1]), None)
        except ConnectionClosed:
            return
        finally:
            self.subs.pop(ws, None)

    async def _event(self, ws: ServerConnection, event: dict[str, Any], counts: collections.Counter[int],
                     bucket: Bucket) -> None:
        eid = str(event.get("id", ""))
        kind = event.get("kind")
        if type(kind) is int:
            self.received[kind] += 1
            counts[kind] += 1
        why = "rate-limited: slow down" if not bucket.take() else why_invalid(event)
        if why is not None:
            self.refused[why.split(":")[0]] += 1
            await ws.send(json.dumps(["OK", eid, False, why]))
            return
        await ws.send(json.dumps(["OK", eid, True, ""]))
        self.events += 1
        self.accepted.append((time.monotonic(), event["kind"], str(event["pubkey"])))
        if not is_ephemeral(event["kind"]):
            self.stored.append(event)
        for other, subs in list(self.subs.items()):
            for sub_id, filters in list(subs.items()):
                if any(matches(event, f) for f in filters):
                    with contextlib.suppress(ConnectionClosed):  # (a client that went away)
                        await other.send(json.dumps(["EVENT", sub_id, event]))

    def _stored_matching(self, filters: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The kept events a new subscription gets before EOSE: per filter the newest
        ``limit`` (all without one), newest first, each event once."""
        out: dict[str, dict[str, Any]] = {}
        for flt in filters:
            found = sorted((e for e in self.stored if matches(e, flt)), key=lambda e: -e["created_at"])
            limit = flt.get("limit")
            for event in found[:limit] if isinstance(limit, int) else found:
                out.setdefault(event["id"], event)
        return sorted(out.values(), key=lambda e: -e["created_at"])
