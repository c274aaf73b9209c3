"""The worker's memory snapshot (build.py, web/gen/snapshot.mjs) and the boot that uses it
(web/js/pyodide-boot.mjs), run under Node with the pinned Pyodide: the same bytes from
the same inputs, a restore with the table's Python imported and fresh randomness, and a
plain boot whenever the snapshot cannot be used (none cached, damaged, truncated, made by
another Pyodide build, larger than the heap)."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from build_steps import shared_steps

import build

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """What the snapshot is made from: the pinned Pyodide, the two zips the page ships and
    the standard library cut to what the page's Python reaches (lesson.zip's too)."""
    files = build.pinned_files(build.PYODIDE)
    files["engine.zip"] = build.package_zip(build.ROOT / "engine")
    files["table.zip"] = build.package_zip(build.WEB / "table")
    files["lesson.zip"] = build.rules.lesson_zip(build.rules.catalogue())
    with shared_steps(tmp_path_factory):  # (the session's build makes the same: made once)
        files.update(build.with_bytecode(files, ["engine.zip", "table.zip", "lesson.zip"]))  # compiled, as shipped
        files.update(build.stdlib_files(files))
    return files


@pytest.fixture(scope="module")
def site(inputs: dict[str, bytes], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The part of the built site the worker boots from: Pyodide, the snapshot, pyodide-boot.mjs.
    (Its snapshot is the run's shared one; the test of the same inputs makes another, fresh.)"""
    root = tmp_path_factory.mktemp("boot")
    with shared_steps(tmp_path_factory):
        made = build.snapshot_files(inputs)
    for path, data in {**inputs, **made}.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(data)
    return root


def snapshot_of(site: Path) -> Path:
    [path] = site.glob("py-snapshot-*.bin")
    return path


def boot(module: Path, snapshot: Path | None) -> dict[str, Any]:
    node = shutil.which("node")
    assert node, "node is needed (npm brings it)"
    out = subprocess.run([node, str(HERE / "snapshot_boot.mjs"), str(module), str(snapshot or "-")],
                         capture_output=True, text=True, timeout=300, check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def variant(site: Path, tmp: Path, snapshot: bytes, edit: str = "") -> tuple[Path, Path]:
    """A copy of the boot module that expects ``snapshot`` (its size and checksum), with
    ``edit`` (a line) taken out, beside the same Pyodide and standard library."""
    tmp.mkdir(parents=True, exist_ok=True)
    (tmp / build.PYODIDE[4]).parent.mkdir(parents=True, exist_ok=True)
    (tmp / build.PYODIDE[4]).symlink_to(site / build.PYODIDE[4])
    [stdlib] = site.glob("python-stdlib-*.zip")
    (tmp / stdlib.name).symlink_to(stdlib)
    text = (site / "pyodide-boot.mjs").read_text()
    name = re.search(r'"url": "\./([^"]+)"', text)
    assert name
    text = re.sub(r'"size": \d+', f'"size": {len(snapshot)}', text)
    text = re.sub(r'"sha256": "\w+"', f'"sha256": "{hashlib.sha256(snapshot).hexdigest()}"', text)
    if edit:
        assert edit in text
        text = text.replace(edit, "")
    module = tmp / "pyodide-boot.mjs"
    module.write_text(text)
    (tmp / name.group(1)).write_bytes(snapshot)
    return module, tmp / name.group(1)


def test_same_inputs_same_snapshot_under_a_content_hashed_name(inputs: dict[str, bytes], site: Path) -> None:
    again = build.make_snapshot(inputs)
    path = snapshot_of(site)
    assert again == path.read_bytes()
    assert path.name == f"py-snapshot-{hashlib.sha256(again).hexdigest()[:16]}.bin"
    assert len(again) > 20_000_000  # a whole heap: Python started, the table imported


def test_a_restore_has_the_table_imported_and_fresh_randomness(site: Path) -> None:
    first = boot(site / "pyodide-boot.mjs", snapshot_of(site))
    second = boot(site / "pyodide-boot.mjs", snapshot_of(site))
    assert first["kind"] == second["kind"] == "snapshot"
    assert first["imported"] and second["imported"]  # nothing left to import
    assert first["draw"] != second["draw"]  # the random module reseeded at every restore


def test_without_the_reseed_two_restores_would_draw_alike(site: Path, tmp_path: Path) -> None:
    """What the reseed is for: the snapshot froze the random module's state."""
    module, snapshot = variant(site, tmp_path, snapshot_of(site).read_bytes(), edit="random.seed();")
    first, second = boot(module, snapshot), boot(module, snapshot)
    assert first["kind"] == second["kind"] == "snapshot"
    assert first["draw"] == second["draw"]


def test_nothing_cached_boots_plainly(site: Path) -> None:
    got = boot(site / "pyodide-boot.mjs", None)
    assert (got["kind"], got["why"]) == ("plain", "not cached")
    assert not got["imported"]  # a plain boot: the worker imports the table itself


def test_a_damaged_snapshot_boots_plainly(site: Path, tmp_path: Path) -> None:
    data = bytearray(snapshot_of(site).read_bytes())
    data[len(data) // 2] ^= 0xFF
    damaged = tmp_path / "damaged.bin"
    damaged.write_bytes(data)
    got = boot(site / "pyodide-boot.mjs", damaged)
    assert (got["kind"], got["why"]) == ("plain", "damaged (checksum)")
    truncated = tmp_path / "truncated.bin"
    truncated.write_bytes(data[: len(data) // 2])
    got = boot(site / "pyodide-boot.mjs", truncated)
    assert got["kind"] == "plain" and got["why"].startswith("damaged (") and "bytes" in got["why"]


def test_a_snapshot_of_another_pyodide_build_boots_plainly(site: Path, tmp_path: Path) -> None:
    """Pyodide refuses a snapshot whose build id is not its own; the boot goes on plainly.
    (The file is otherwise whole: the boot module expects exactly these bytes.)"""
    data = bytearray(snapshot_of(site).read_bytes())
    data[16:48] = bytes(32)  # the header's build id (Pyodide's makeSnapshot: words 4-11)
    module, snapshot = variant(site, tmp_path, bytes(data))
    got = boot(module, snapshot)
    assert got["kind"] == "plain"
    assert got["why"].startswith("restore failed:") and "build id" in got["why"]


BIG_HEAP = """
import {{ writeFileSync }} from "node:fs";
const {{ loadPyodide }} = await import({pyodide});
const py = await loadPyodide({{ indexURL: {index}, _makeSnapshot: true }});
py.runPython("x = bytearray(60_000_000); del x");  // the heap grows past Pyodide's initial 30 MiB
writeFileSync({out}, py.makeMemorySnapshot());
"""


def test_a_snapshot_larger_than_the_heap_boots_plainly(site: Path, tmp_path: Path) -> None:
    """Pyodide restores only into its initial heap: a snapshot of a heap that grew does not
    fit (the build refuses to ship one; a page that meets one boots plainly)."""
    folder = site / build.PYODIDE[4]
    out = tmp_path / "big.bin"
    script = BIG_HEAP.format(pyodide=json.dumps((folder / "pyodide.mjs").as_uri()),
                             index=json.dumps(f"{folder}/"), out=json.dumps(str(out)))
    node = shutil.which("node")
    assert node
    subprocess.run([node, "--input-type=module", "-e", script], check=True, capture_output=True, timeout=300)
    assert out.stat().st_size > snapshot_of(site).stat().st_size + 30_000_000
    module, snapshot = variant(site, tmp_path / "site", out.read_bytes())
    got = boot(module, snapshot)
    assert got["kind"] == "plain"
    assert got["why"].startswith("restore failed:") and "out of bounds" in got["why"]
    assert not got["imported"]
