"""Run a command in a network namespace of its own, for tests of real WebRTC.

Two browser contexts of one Chromium connect an ``RTCPeerConnection`` over the namespace's
loopback, and nothing there can reach this machine's other interfaces or another machine
(shared/notes/tech.md, "WebRTC between browser contexts in the tests"). Loopback alone is
enough, with the Chromium flags in ``WEBRTC_FLAGS`` and the page on ``http://127.0.0.1:PORT``:
no veth pair, no route.

Inner test files are named ``netns_*.py``: the normal run does not collect them (its
``python_files`` is pytest's default ``test_*.py``); ``test_in_netns.py`` runs each in a
namespace with :func:`run_pytest_in_netns`.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# What Chromium needs to gather 127.0.0.1 candidates (without them: none at all). Checked on
# Chromium 156: --allow-loopback-in-peer-connection and --use-fake-ui-for-media-stream are
# both needed; the mDNS feature switched off too, so the candidates are plain addresses.
WEBRTC_FLAGS = ["--allow-loopback-in-peer-connection",
                "--disable-features=WebRtcHideLocalIpsWithMdns",
                "--use-fake-ui-for-media-stream"]

# Brings loopback up, then runs the command. Exit 97: the namespace's network failed.
_SETUP = 'ip link set lo up || { echo "netns: cannot bring lo up" >&2; exit 97; }; exec "$@"'
_SETUP_FAILED = 97


class NetnsError(RuntimeError):
    """No network namespace could be made here (said in words, with what to do)."""


def _unshare() -> list[str]:
    unshare = shutil.which("unshare")
    if unshare is None:
        raise NetnsError("no `unshare` (util-linux): the WebRTC tests need a network namespace")
    if shutil.which("ip") is None:
        raise NetnsError("no `ip` (iproute2): needed to bring the namespace's loopback up")
    # a pid namespace too: when unshare ends (or is killed on a timeout), every process in
    # it ends with it, the browser included. Not root: inside a user namespace, as "root".
    user = [] if os.geteuid() == 0 else ["--map-root-user"]
    return [unshare, *user, "--net", "--pid", "--fork", "--kill-child", "--mount-proc"]


def run_in_netns(args: list[str], timeout: float, env: dict[str, str] | None = None,
                 cwd: Path | str | None = None) -> subprocess.CompletedProcess[str]:
    """``args`` run in a fresh network namespace with only loopback, up. Raises NetnsError
    if the namespace cannot be made (never a silent pass), subprocess.TimeoutExpired after
    ``timeout`` seconds; otherwise returns the finished process (output captured, text)."""
    unshare = _unshare()
    # a probe first, so that a failure to make the namespace is never taken for the
    # command's own (unshare says "unshare failed: Operation not permitted", exit 1)
    try:
        probe = subprocess.run([*unshare, "sh", "-c", _SETUP, "netns", "true"],
                               check=False, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise NetnsError(f"cannot run {unshare[0]}: {e}") from e
    if probe.returncode != 0:
        raise NetnsError("cannot make a network namespace (needs root, or unprivileged user "
                         f"namespaces): {probe.stderr.strip()}")
    # a session of its own too, so that a timeout ends everything
    with subprocess.Popen([*unshare, "sh", "-c", _SETUP, "netns", *args], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, env=env, cwd=cwd,
                          start_new_session=True) as proc:
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
            raise subprocess.TimeoutExpired(proc.args, timeout, out, err) from None
    done = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
    if done.returncode == _SETUP_FAILED and "netns: cannot bring lo up" in done.stderr:
        raise NetnsError(f"the namespace's loopback did not come up: {done.stderr.strip()}")
    return done


def run_pytest_in_netns(test_file: Path, site: Path, basetemp: Path, timeout: float = 300,
                        extra: list[str] | None = None, warm: tuple[Path, int] | None = None,
                        ) -> subprocess.CompletedProcess[str]:
    """pytest on one inner test file, in a namespace. The site already built is passed down
    (KORTTI_SITE_DIR: it is not built twice), and Chromium gets the WebRTC flags
    (KORTTI_CHROMIUM_EXTRA_FLAGS); both are read by conftest.py. ``warm``: a browser profile
    warmed on a port (the outer run's), which the inner run copies and serves on that port
    rather than warming its own. ``basetemp``: the inner run's own temporary folder (it
    empties it), apart from the outer run's."""
    env = {**os.environ,
           "KORTTI_SITE_DIR": str(site),
           "KORTTI_CHROMIUM_EXTRA_FLAGS": " ".join(WEBRTC_FLAGS),
           "PYTHONDONTWRITEBYTECODE": "1"}
    if warm is not None:
        env["KORTTI_WARM_PROFILE"], env["KORTTI_SERVER_PORT"] = str(warm[0]), str(warm[1])
    env.pop("PYTEST_XDIST_WORKER", None)  # the inner run is a pytest of its own
    env.pop("PYTEST_CURRENT_TEST", None)
    # addopts emptied: pyproject's "-q" on top of this one would hide the summary line;
    # -s: the inner tests' prints (code lengths, round trips) come out with the output
    args = [sys.executable, "-m", "pytest", str(test_file), "-p", "no:cacheprovider", "-q",
            "-o", "python_files=netns_*.py", "-o", "addopts=", "-s", f"--basetemp={basetemp}",
            *(extra or [])]
    return run_in_netns(args, timeout=timeout, env=env, cwd=ROOT)


@pytest.fixture(autouse=True)
def in_namespace() -> None:
    """An inner test (``netns_*.py``, which imports this fixture) runs only in the namespace
    test_in_netns.py makes, with Chromium's WebRTC flags: anywhere else it fails, saying so."""
    flags = os.environ.get("KORTTI_CHROMIUM_EXTRA_FLAGS", "").split()
    if not set(WEBRTC_FLAGS) <= set(flags):
        pytest.fail("run through tests/browser/test_in_netns.py (a network namespace, WebRTC flags)")
