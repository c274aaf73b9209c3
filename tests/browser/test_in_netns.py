"""The WebRTC tests, each run by a pytest of its own inside a network namespace.

Real peer connections between browser contexts need loopback candidates, which Chromium
gathers only with extra flags and which must never reach this machine's other interfaces:
so each ``netns_*.py`` file runs in a namespace with only loopback (netns.py). If no
namespace can be made, the test fails saying why: it is never skipped.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from .netns import NetnsError, run_pytest_in_netns

HERE = Path(__file__).resolve().parent
# every inner file, found by name: a new netns_*.py runs with no change here. A long file
# is cut in parts (pytest -k), so that test processes share it: the late reload's test
# (90 s of it a wait by design) runs in one of its own, and the stranding tests (a host who
# cancels, leaves or cannot deal) in another.
STRANDED = "stranded or typed_no_name or cannot_start"
SPLIT = {"netns_friends.py": ["two_friends", "late_reload", STRANDED,
                              f"not two_friends and not late_reload and not ({STRANDED})"],
         "netns_nopeek.py": ["nothing_to_see", "cheats", "leaves"]}
INNER = [(p.name, k) for p in sorted(HERE.glob("netns_*.py")) for k in SPLIT.get(p.name, [""])]


@pytest.mark.parametrize(("inner", "only"), INNER, ids=[f"{f}{'[' + k + ']' if k else ''}" for f, k in INNER])
def test_in_netns(inner: str, only: str, site: Path, server: str, warmed_copy: Path, tmp_path: Path) -> None:
    started = time.monotonic()
    port = int(server.rsplit(":", 1)[1])
    try:
        done = run_pytest_in_netns(HERE / inner, site, basetemp=tmp_path / "inner", timeout=600,
                                   extra=["-k", only] if only else None, warm=(warmed_copy, port))
    except NetnsError as e:
        pytest.fail(f"no network namespace for the WebRTC tests: {e}")
    output = f"{done.stdout}\n{done.stderr}".strip()
    print(f"\n{inner} in a network namespace: {time.monotonic() - started:.1f} s\n{output}")
    assert done.returncode == 0, f"{inner} failed in the namespace (exit {done.returncode}):\n{output}"
