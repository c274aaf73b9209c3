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
# every inner file, found by name: a new netns_*.py runs with no change here
INNER = sorted(p.name for p in HERE.glob("netns_*.py"))


@pytest.mark.parametrize("inner", INNER)
def test_in_netns(inner: str, site: Path, tmp_path: Path) -> None:
    started = time.monotonic()
    try:
        done = run_pytest_in_netns(HERE / inner, site, basetemp=tmp_path / "inner", timeout=600)
    except NetnsError as e:
        pytest.fail(f"no network namespace for the WebRTC tests: {e}")
    output = f"{done.stdout}\n{done.stderr}".strip()
    print(f"\n{inner} in a network namespace: {time.monotonic() - started:.1f} s\n{output}")
    assert done.returncode == 0, f"{inner} failed in the namespace (exit {done.returncode}):\n{output}"
