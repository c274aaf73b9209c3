#!/usr/bin/env python3
"""Run ``python -m engine bench`` (and optionally the bots' timing) inside real Pyodide, under Node.

Uses the Pyodide tarball that build.py pins and caches, so the figures are those
of the interpreter the site ships. Usage: ``python tools/bench_pyodide.py [--seconds S]``.
"""

from __future__ import annotations

import argparse
import io
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

NODE_SCRIPT = r"""
const { loadPyodide } = require(process.argv[2] + "/pyodide.js");
const fs = require("fs");
(async () => {
  const py = await loadPyodide({ indexURL: process.argv[2] + "/" });
  py.unpackArchive(new Uint8Array(fs.readFileSync(process.argv[3])), "zip", { extractDir: "/home/pyodide" });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
  py.setStdout({ batched: (s) => console.log(s) });
  py.runPython(process.argv[4]);
})().catch((e) => { console.error(String(e)); process.exit(1); });
"""


def pyodide_dir() -> Path:
    import build

    spec, name, integrity = build.PYODIDE[:3]
    data = build.fetch(spec, name, integrity)
    target = ROOT / ".cache" / "pyodide-node" / name.removesuffix(".tgz")
    if not (target / "pyodide.js").exists():
        tmp = target.with_suffix(".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        with tarfile.open(fileobj=io.BytesIO(data)) as tar:
            tar.extractall(tmp, filter="data")
        shutil.rmtree(target, ignore_errors=True)
        (tmp / "package").rename(target)
        shutil.rmtree(tmp, ignore_errors=True)
    return target


def engine_zip(path: Path) -> None:
    with zipfile.ZipFile(path, "w") as z:
        for f in sorted((ROOT / "engine").rglob("*")):
            if f.is_file() and "__pycache__" not in f.parts:
                z.write(f, f.relative_to(ROOT).as_posix())


def run_in_pyodide(code: str) -> int:
    where = pyodide_dir()
    work = ROOT / ".cache" / "pyodide-node"
    engine_zip(work / "engine.zip")
    (work / "run.cjs").write_text(NODE_SCRIPT)
    return subprocess.run(["node", str(work / "run.cjs"), str(where), str(work / "engine.zip"), code], check=False).returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--code", help="run this Python code in Pyodide instead (the engine is importable)")
    args = parser.parse_args()
    if args.code:
        return run_in_pyodide(args.code)
    return run_in_pyodide(f"from engine.bench import run, run_sims; run(None, {args.seconds}); run_sims(None, {args.seconds})")


if __name__ == "__main__":
    sys.exit(main())
