"""js/net/peer.js over real WebRTC: two browser contexts of one Chromium, host and guest.

Runs only inside a network namespace (test_in_netns.py starts it there, with the WebRTC
flags of netns.py): the two contexts connect over the namespace's loopback, and nothing
leaves it. The codes travel through the test, as a player would carry them.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator
from typing import Any

import pytest

from .netns import in_namespace  # noqa: F401 (autouse: inside the namespace only)

# Any page of the origin will do for the module: a light one, so that no Pyodide boots and
# the two cores stay with the browser (the lobby would start Python in both contexts).
PAGE = "/rules/en/"
IMPORT = "async () => { window.peer = await import('/js/net/peer.js'); return typeof window.peer.invite; }"

# What a call fails with, in words the test can compare: [class, reason], or "ok".
REASON = """async ([call, code]) => {
  try {
    if (call === "answer") await window.peer.answer(code);
    else if (call === "accept") await window.inv.accept(code);
    else window.peer.unpackDescription(code);
    return "ok";
  } catch (e) {
    return [e instanceof TypeError ? "TypeError" : e.constructor.name, e.reason ?? null, e.message];
  }
}"""

# The same code with another version number (its check byte made right again).
OTHER_VERSION = """(code) => {
  const b = Uint8Array.from(atob(code.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  b[0] = (b[0] & 0xf0) | 2;
  let crc = 0;
  for (let i = 0; i < b.length - 1; i += 1) {
    crc ^= b[i];
    for (let k = 0; k < 8; k += 1) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  b[b.length - 1] = crc;
  return btoa(String.fromCharCode(...b)).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
}"""


class Side:
    """One player's browser: its own context, a page of the site, peer.js imported."""

    def __init__(self, browser: Any, server: str) -> None:
        self.context = browser.new_context()
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(server + PAGE)
        assert self.page.evaluate(IMPORT) == "function"

    def reason(self, call: str, code: object) -> Any:
        return self.page.evaluate(REASON, [call, code])


@pytest.fixture
def sides(browser: Any, server: str) -> Iterator[tuple[Side, Side]]:
    host, guest = Side(browser, server), Side(browser, server)
    yield host, guest
    for side in (host, guest):
        side.context.close()
    assert host.errors == [] and guest.errors == [], (host.errors, guest.errors)


def test_invite_answer_and_talk(sides: tuple[Side, Side]) -> None:
    host, guest = sides
    started = time.monotonic()
    invite = host.page.evaluate("""async () => {
      window.inv = await window.peer.invite();
      window.hostGot = [];
      window.inv.channel.then((ch) => {
        window.hostCh = ch;
        ch.onmessage = (e) => {
          if (String(e.data).startsWith("ping")) ch.send("pong" + e.data.slice(4)); // echo
          else window.hostGot.push(e.data);
        };
      });
      return window.inv.code;
    }""")
    answer = guest.page.evaluate("""async (code) => {
      window.ans = await window.peer.answer(code);
      return window.ans.code;
    }""", invite)
    print(f"\ninvite code: {len(invite)} chars {invite}\nanswer code: {len(answer)} chars {answer}")
    # both sides offer 127.0.0.1 over udp, and tcp (active) : under 120 characters
    assert len(invite) <= 120 and len(answer) <= 120
    offer_sdp = guest.page.evaluate("(c) => window.peer.unpackDescription(c, 'offer').sdp", invite)
    assert " 127.0.0.1 " in offer_sdp and "a=sctp-port:5000" in offer_sdp

    # a wrong code first: the invite stays usable, and says plainly what was wrong
    assert host.reason("accept", "no such code")[:2] == ["PeerError", "malformed"]
    assert host.reason("accept", invite)[:2] == ["PeerError", "malformed"]  # the invite itself

    accepted = time.monotonic()
    host.page.evaluate("(code) => window.inv.accept(code)", answer)
    host.page.evaluate("() => window.inv.channel.then(() => true)")
    guest.page.evaluate("() => window.ans.channel.then(() => true)")
    print(f"open {1000 * (time.monotonic() - accepted):.0f} ms after accept "
          f"({1000 * (time.monotonic() - started):.0f} ms from the invite)")

    # a second answer, or an answer to a closed invite: "used"
    assert host.reason("accept", answer)[:2] == ["PeerError", "used"]

    # both ways
    got_by_guest = guest.page.evaluate("""async () => {
      const ch = await window.ans.channel;
      window.guestGot = [];
      ch.onmessage = (e) => window.guestGot.push(e.data);
      ch.send("hello host");
      return ch.label + " " + ch.readyState + " " + ch.ordered;
    }""")
    assert got_by_guest == "kortti open true"
    host.page.wait_for_function("() => window.hostGot.length === 1")
    assert host.page.evaluate("() => window.hostGot") == ["hello host"]
    host.page.evaluate("() => window.hostCh.send('hello guest, ' + 'ä'.repeat(3))")
    guest.page.wait_for_function("() => window.guestGot.length === 1")
    assert guest.page.evaluate("() => window.guestGot") == ["hello guest, äää"]

    # round trips, guest → host → guest
    rtts = guest.page.evaluate("""async () => {
      const ch = await window.ans.channel;
      const out = [];
      for (let i = 0; i < 30; i += 1) {
        const back = new Promise((ok) => { ch.onmessage = (e) => ok(e.data); });
        const t0 = performance.now();
        ch.send("ping" + i);
        if (await back !== "pong" + i) throw new Error("out of order");
        out.push(performance.now() - t0);
      }
      return out;
    }""")
    print(f"round trip over the channel: median {statistics.median(rtts):.2f} ms, "
          f"min {min(rtts):.2f}, max {max(rtts):.2f} ms ({len(rtts)} pings)")
    assert statistics.median(rtts) < 100

    host.page.evaluate("() => window.inv.close()")
    assert host.reason("accept", answer)[:2] == ["PeerError", "used"]
    guest.page.evaluate("() => window.ans.close()")


def test_bad_codes(sides: tuple[Side, Side]) -> None:
    host, guest = sides
    invite = host.page.evaluate("async () => { window.inv = await window.peer.invite(); return window.inv.code; }")
    other = guest.page.evaluate(OTHER_VERSION, invite)
    typo = invite[:10] + ("A" if invite[10] != "A" else "B") + invite[11:]
    cases = {
        "": "malformed", "   ": "malformed", "hello, world!": "malformed", "AAAA": "malformed",
        invite[:-1]: "malformed", invite[:-4]: "malformed", invite[: len(invite) // 2]: "malformed",
        invite + "AA": "malformed", typo: "malformed", "s" * 40: "malformed",
        other: "version",
    }
    for code, reason in cases.items():
        assert guest.reason("answer", code)[:2] == ["PeerError", reason], code
    for code in (None, 12, {"code": invite}, ["x"]):
        assert guest.reason("answer", code)[:2] == ["PeerError", "malformed"], code
    # what copy and paste does to a code does not matter
    assert guest.reason("unpack", f"  {invite[:30]}\n{invite[30:]}  ") == "ok"
    # an answer code given as an invite
    answer = guest.page.evaluate("async (c) => (await window.peer.answer(c)).code", invite)
    assert guest.reason("answer", answer)[:2] == ["PeerError", "malformed"]
    host.page.evaluate("() => window.inv.close()")
    assert host.page.evaluate("() => window.inv.channel.catch((e) => e.reason)") == "closed"


def test_no_route(sides: tuple[Side, Side]) -> None:
    host, guest = sides
    invite = host.page.evaluate("async () => (window.inv = await window.peer.invite({timeout: 1500})).code")
    # the guest's answer never reaches the host: the guest gives up after its timeout
    waited = guest.page.evaluate("""async (code) => {
      const ans = await window.peer.answer(code, {timeout: 1000});
      const t0 = performance.now();
      const reason = await ans.channel.then(() => "open", (e) => e.reason);
      return [reason, performance.now() - t0];
    }""", invite)
    assert waited[0] == "no-route" and 900 < waited[1] < 5000, waited
    # the host accepts an answer from a guest who has gone
    answer = guest.page.evaluate("""async (code) => {
      const ans = await window.peer.answer(code);
      ans.close();
      return ans.code;
    }""", invite)
    host.page.evaluate("(code) => window.inv.accept(code)", answer)
    assert host.page.evaluate("() => window.inv.channel.then(() => 'open', (e) => e.reason)") == "no-route"
    assert host.reason("accept", answer)[:2] == ["PeerError", "used"]


def test_codes_keep_addresses(sides: tuple[Side, Side]) -> None:
    """mDNS names, IPv6, server-reflexive and relay candidates, tcp types: back as they were."""
    host, _ = sides
    out = host.page.evaluate("""async () => {
      const pc = new RTCPeerConnection();
      pc.createDataChannel("x");
      await pc.setLocalDescription(await pc.createOffer());
      const sdp = pc.localDescription.sdp.replace(/^a=candidate:.*\\r\\n/gm, "").replace(/^a=mid:0\\r\\n/m, (m) => m + [
        "a=candidate:1 1 udp 2122260223 1f4712db-ea17-4bcf-a596-105139dfd8bf.local 54321 typ host generation 0",
        "a=candidate:2 1 tcp 1518280447 1f4712db-ea17-4bcf-a596-105139dfd8bf.local 9 typ host tcptype active",
        "a=candidate:3 1 udp 2122194687 2001:db8:0:0:1::7 40000 typ host",
        "a=candidate:4 1 udp 1686052607 203.0.113.7 40001 typ srflx raddr 0.0.0.0 rport 0",
        "a=candidate:5 1 udp 41885439 198.51.100.2 3478 typ relay raddr 203.0.113.7 rport 40001",
        "a=candidate:6 1 tcp 1518214911 my-laptop.local 9999 typ host tcptype passive",
        "a=candidate:7 1 udp 2122260223 ::ffff:192.0.2.1 5000 typ host",
        "a=candidate:8 2 udp 2122260222 192.0.2.9 5001 typ host",
      ].join("\\r\\n") + "\\r\\n");
      pc.close();
      const mdnsOnly = window.peer.packDescription({type: "offer",
        sdp: sdp.replace(/^a=candidate:[3-8] .*\\r\\n/gm, "")});
      const code = window.peer.packDescription({type: "offer", sdp});
      const back = window.peer.unpackDescription(code, "offer").sdp;
      // Chromium takes the rebuilt SDP as a remote offer
      const other = new RTCPeerConnection();
      await other.setRemoteDescription({type: "offer", sdp: back});
      other.close();
      return {code, back, mdnsOnly};
    }""")
    print(f"\nmDNS udp + tcp: {len(out['mdnsOnly'])} chars; all eight: {len(out['code'])} chars")
    lines = [line for line in out["back"].split("\r\n") if line.startswith("a=candidate:")]
    got = [" ".join(line.split()[2:3] + line.split()[4:]) for line in lines]
    assert got == [
        "udp 1f4712db-ea17-4bcf-a596-105139dfd8bf.local 54321 typ host",
        "tcp 1f4712db-ea17-4bcf-a596-105139dfd8bf.local 9 typ host tcptype active",
        "udp 2001:db8::1:0:0:7 40000 typ host",
        "udp 203.0.113.7 40001 typ srflx",
        "udp 198.51.100.2 3478 typ relay",
        "tcp my-laptop.local 9999 typ host tcptype passive",
        "udp ::ffff:c000:201 5000 typ host",  # the same address, in RFC 5952's spelling
    ]  # component 2 is left out: a data channel has only one
    assert len(out["mdnsOnly"]) <= 135
