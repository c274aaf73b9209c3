#!/usr/bin/env python3
"""A friends table's figures (issue 16), measured with real WebRTC: prints, asserts nothing
of its own.

    python tools/bench_friends.py            # build, run the friends tests in a namespace, print
    python tools/bench_friends.py --site dist   # a site already built

It runs the same three-context tests as ``./test.sh`` (tests/browser/netns_friends.py:
a host and two friends in real Chromium contexts, a Nostr relay on loopback, inside a
network namespace with only loopback; tests/browser/netns_peer.py: the invite/answer
exchange) and prints the figures they measure, with the machine's load average:

* from the host's page opening to two friends seated (invite links), and from a friend
  asking to join by the table code to being seated;
* the bytes a friend's page had fetched when its table was drawn, and whether its own
  Python had booted (it never needs to);
* from a friend's tap to the card on every other peer's felt (median and max per game);
* the data channel's round trip and the invite and answer codes' lengths.

A test that fails is said, with its output: its figures are then not to be trusted.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from browser.netns import NetnsError, run_pytest_in_netns

import build

# the lines the tests print that are figures
FIGURE = re.compile(r"seated .* after|had fetched|on every other peer's felt|round trip|code: \d+ chars|^open \d+ ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, help="a site already built (default: build one into a temporary folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="kortti-bench-friends-") as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "dist"
            print("building the site …", flush=True)
            build.build(site)
        print(f"load average at the start: {os.getloadavg()[0]:.1f} (2 cores here; figures move with it)")
        failed = 0
        runs = [("netns_friends.py", ["-k", "two_friends or table_code_and_come_back"]), ("netns_peer.py", [])]
        for name, extra in runs:
            started = time.monotonic()
            try:
                done = run_pytest_in_netns(ROOT / "tests" / "browser" / name, site.resolve(),
                                           basetemp=Path(tmp) / name, timeout=900, extra=extra)
            except NetnsError as e:
                print(f"no network namespace: {e}")
                return 1
            print(f"\n{name}: {time.monotonic() - started:.0f} s")
            for line in done.stdout.splitlines():
                if FIGURE.search(line):
                    print("  " + line.strip()[:160])
            if done.returncode != 0:
                failed += 1
                print(f"{name} FAILED (exit {done.returncode}); its output:\n{done.stdout[-4000:]}\n{done.stderr[-2000:]}")
        print(f"\nload average at the end: {os.getloadavg()[0]:.1f}")
        return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
