"""The loopback Nostr relay of the browser tests (tests/browser/nostr_relay.py) behaves as the
public relays do: signed events only, ephemeral ones passed on and never kept, regular ones
kept and replayed before EOSE, a rate limit per connection, and counts of what arrived."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import coincurve
import pytest
from browser.nostr_relay import Relay
from nostr_events import make_event
from websockets.sync.client import ClientConnection, connect

EPHEMERAL, REGULAR = 25420, 1


@pytest.fixture
def relay() -> Iterator[Relay]:
    r = Relay(rate=1, burst=10).start()  # (slow to refill: the flood below is over in well under 5 s)
    yield r
    r.stop()


def receive(ws: ClientConnection) -> list[Any]:
    return list(json.loads(ws.recv(timeout=5)))


def publish(ws: ClientConnection, event: dict[str, Any]) -> list[Any]:
    """Sends the event; the relay's OK for it."""
    ws.send(json.dumps(["EVENT", event]))
    while True:
        msg = receive(ws)
        if msg[0] == "OK" and msg[1] == event["id"]:
            return msg


def subscribe(ws: ClientConnection, sub: str, flt: dict[str, Any]) -> list[list[Any]]:
    """Opens a subscription; what the relay sends up to its EOSE."""
    ws.send(json.dumps(["REQ", sub, flt]))
    got = []
    while (msg := receive(ws))[0] != "EOSE":
        got.append(msg)
    return got


def nothing_more(ws: ClientConnection) -> bool:
    """No message waits (asked after a round trip that would have brought it first)."""
    ws.send(json.dumps(["REQ", "probe", {"ids": ["0" * 64]}]))
    return receive(ws) == ["EOSE", "probe"]


def event(kind: int = EPHEMERAL, content: str = "hello", key: coincurve.PrivateKey | None = None) -> dict[str, Any]:
    return make_event(key or coincurve.PrivateKey(), kind, content, int(time.time()), [["t", "kortti-quick:katte-4"]])


def test_a_good_ephemeral_event_is_passed_on_and_never_replayed(relay: Relay) -> None:
    with connect(relay.url) as alice, connect(relay.url) as bob:
        assert subscribe(bob, "lobby", {"kinds": [EPHEMERAL], "#t": ["kortti-quick:katte-4"]}) == []
        good = event()
        assert publish(alice, good) == ["OK", good["id"], True, ""]
        assert receive(bob) == ["EVENT", "lobby", good]
        with connect(relay.url) as cy:  # arrives later: nothing kept to replay
            assert subscribe(cy, "lobby", {"kinds": [EPHEMERAL]}) == []
    assert relay.received[EPHEMERAL] == 1 and relay.events == 1


def test_a_forged_event_is_refused_and_goes_nowhere(relay: Relay) -> None:
    good = event()
    forged = {**good, "content": "hello, forged"}  # the id no longer hashes the event
    signed_by_another = {**good, "sig": event()["sig"]}
    not_a_point = {**good, "pubkey": "f" * 64}
    with connect(relay.url) as alice, connect(relay.url) as bob:
        subscribe(bob, "lobby", {"kinds": [EPHEMERAL]})
        assert publish(alice, forged)[2:] == [False, "invalid: the id is not the hash of the event"]
        assert publish(alice, signed_by_another)[2:] == [False, "invalid: bad signature"]
        assert publish(alice, {**not_a_point})[2] is False
        assert publish(alice, {**good, "kind": "25420"})[2] is False
        assert nothing_more(bob)
    assert relay.events == 0 and relay.refused == {"invalid": 4}


def test_regular_events_are_kept_and_replayed_before_eose(relay: Relay) -> None:
    key = coincurve.PrivateKey()
    notes = [event(REGULAR, f"note {i}", key) for i in range(3)]
    with connect(relay.url) as alice:
        for note in notes:
            assert publish(alice, note)[2] is True
    with connect(relay.url) as bob:
        replayed = subscribe(bob, "notes", {"kinds": [REGULAR], "authors": [notes[0]["pubkey"]]})
        assert sorted(m[2]["content"] for m in replayed) == ["note 0", "note 1", "note 2"]
        assert all(m[:2] == ["EVENT", "notes"] for m in replayed)
        assert len(subscribe(bob, "one", {"kinds": [REGULAR], "limit": 1})) == 1
        assert subscribe(bob, "other", {"kinds": [REGULAR], "authors": ["0" * 64]}) == []


def test_a_connection_over_its_rate_is_refused_and_counted(relay: Relay) -> None:
    with connect(relay.url) as alice, connect(relay.url) as bob:
        subscribe(bob, "lobby", {"kinds": [EPHEMERAL]})
        answers = [publish(alice, event(content=f"flood {i}")) for i in range(15)]
        accepted = [a for a in answers if a[2] is True]
        refused = [a for a in answers if a[2] is False]
        assert 10 <= len(accepted) < 15  # the burst of 10, and what the rate refilled meanwhile
        assert refused and all(a[3].startswith("rate-limited: ") for a in refused)
        passed_on = [receive(bob) for _ in accepted]
        assert [m[2]["id"] for m in passed_on] == [a[1] for a in accepted]
        assert nothing_more(bob)
        with connect(relay.url) as cy:  # a connection of its own: its own allowance
            assert publish(cy, event())[2] is True
    assert relay.refused == {"rate-limited": len(refused)}
    assert relay.received[EPHEMERAL] == 16
    assert relay.received_by[0][EPHEMERAL] == 15 and relay.received_by[2][EPHEMERAL] == 1
