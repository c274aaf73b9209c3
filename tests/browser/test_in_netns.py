"""The WebRTC tests, each run by a pytest of its own inside a network namespace.

Real peer connections between browser contexts need loopback candidates, which Chromium
gathers only with extra flags and which must never reach this machine's other interfaces:
so each ``netns_*.py`` file runs in a namespace with only loopback (netns.py). If no
namespace can be made, the test fails saying why: it is never skipped.
"""

from __future__ import annotations

import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from .netns import NetnsError, run_pytest_in_netns

HERE = Path(__file__).resolve().parent
# every inner file, found by name: a new netns_*.py runs with no change here. A long file
# is cut in parts (pytest -k), so that test processes share it: the late reload's test
# (90 s of it a wait by design) runs in one of its own, and the stranding tests (a host who
# cancels, leaves or cannot deal) in another.
STRANDED = "stranded or typed_no_name or cannot_start"
AWAY = "stays_away or no_relay_in_reach"  # (the host away 20 s, HOST_AWAY_MS; no relay 8 s, RELAY_CHECK_MS)
SPLIT = {"netns_friends.py": ["two_friends", "late_reload", STRANDED, AWAY,
                              f"not two_friends and not late_reload and not ({STRANDED}) and not ({AWAY})"],
         "netns_nopeek.py": ["nothing_to_see", "cheats", "leaves"]}
# A part that mostly waits runs beside another part, each in a namespace of its own, in one
# test: the worker is held for the longer of the two, not for their sum. The late reload's
# 90 s wait leaves the CPU to the four deals of two friends (about as long, all work); the
# page's own waits for a host who stays away and a relay out of reach, to the stranding tests.
BESIDE = {("netns_friends.py", "late_reload"): ("netns_friends.py", "two_friends"),
          ("netns_friends.py", AWAY): ("netns_friends.py", STRANDED)}
PARTS = [(p.name, k) for p in sorted(HERE.glob("netns_*.py")) for k in SPLIT.get(p.name, [""])]
INNER = [part for part in PARTS if part not in BESIDE.values()]


def name(part: tuple[str, str]) -> str:
    inner, only = part
    return f"{inner}{'[' + only + ']' if only else ''}"


@pytest.mark.parametrize(("inner", "only"), INNER,
                         ids=[name(p) + (f" beside {name(BESIDE[p])}" if p in BESIDE else "") for p in INNER])
def test_in_netns(inner: str, only: str, site: Path, server: str, warmed_copy: Path, tmp_path: Path) -> None:
    port = int(server.rsplit(":", 1)[1])
    parts = [(inner, only), *([BESIDE[(inner, only)]] if (inner, only) in BESIDE else [])]

    def run(n: int) -> tuple[subprocess.CompletedProcess[str], float]:
        started = time.monotonic()
        file, k = parts[n]
        done = run_pytest_in_netns(HERE / file, site, basetemp=tmp_path / f"inner{n}", timeout=600,
                                   extra=["-k", k] if k else None, warm=(warmed_copy, port))
        return done, time.monotonic() - started

    try:
        with ThreadPoolExecutor(len(parts)) as pool:
            runs = list(pool.map(run, range(len(parts))))
    except NetnsError as e:
        pytest.fail(f"no network namespace for the WebRTC tests: {e}")
    failed = []
    for part, (done, took) in zip(parts, runs, strict=True):
        output = f"{done.stdout}\n{done.stderr}".strip()
        print(f"\n{name(part)} in a network namespace: {took:.1f} s\n{output}")
        if done.returncode != 0:
            failed.append(f"{name(part)} failed in the namespace (exit {done.returncode}):\n{output}")
    assert not failed, "\n\n".join(failed)
