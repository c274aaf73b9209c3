"""The standard library cut to what the page's Python reaches (build.py's ``stdlib_files``,
web/gen/stdlib.mjs, web/stdlib_reach.py) and the way back when an import misses it
(web/stdlib_fallback.py, through web/js/pyodide-boot.mjs), in the pinned Pyodide under
Node: every module the engine, the table, the worker, the lessons and PyScript import,
imported from the cut library alone, with a deal of every game; a module left out of it
imported through the fallback, after a plain boot and after a snapshot's restore."""

from __future__ import annotations

import ast
import gzip
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest
from build_steps import shared_steps

import build

HERE = Path(__file__).resolve().parent
ZIPS = ("engine.zip", "table.zip", "lesson.zip")
LEFT_OUT = ("tomllib", "xml.dom.minidom")  # nothing of the page's imports them


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """What the worker boots from, as build.py makes it: Pyodide, the compiled zips, the
    cut standard library (the run's shared steps: the session's build makes the same)."""
    out = build.pinned_files(build.PYODIDE)
    out["engine.zip"] = build.package_zip(build.ROOT / "engine")
    out["table.zip"] = build.package_zip(build.WEB / "table")
    out["lesson.zip"] = build.rules.lesson_zip(build.rules.catalogue())
    with shared_steps(tmp_path_factory):
        out.update(build.with_bytecode(out, list(ZIPS)))
        out.update(build.stdlib_files(out))
    return out


def names_in(zip_bytes: bytes) -> set[str]:
    with zipfile.ZipFile(io.BytesIO(zip_bytes)) as z:
        return {m for p in z.namelist() if (m := build.module_name(p))}


def source_modules(folder: Path, package: str) -> list[str]:
    """Every module of a package's source tree, by its import name (the command-line tools,
    never shipped to the page, left out)."""
    out = []
    for p in sorted(folder.rglob("*.py")):
        rel = p.relative_to(folder.parent).as_posix()
        if "__pycache__" in p.parts or rel in build.COMMAND_LINE_ONLY:
            continue
        name = p.relative_to(folder).with_suffix("").as_posix().replace("/", ".")
        name = package if name == "__init__" else f"{package}.{name.removesuffix('.__init__')}"
        out.append(name)
    return out


def imports_of(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def reachable(full: set[str]) -> list[str]:
    """The engine's, the table's and the lessons' modules, the worker's imports, and the
    standard modules PyScript's own Python imports."""
    ours = (source_modules(build.ROOT / "engine", "engine") + source_modules(build.WEB / "table", "table")
            + source_modules(build.WEB / "rules" / "lesson", "lesson"))
    theirs = (imports_of(build.WEB / "worker.py") | set(build.pyscript_imports())) & full
    return ours + sorted(theirs)


def node() -> str:
    path = shutil.which("node")
    assert path, "node is needed (npm brings it)"
    return path


def run_with_stdlib(files: dict[str, bytes], stdlib: bytes, work: Path, modules: list[str]) -> dict[str, Any]:
    """tests/stdlib_imports.py in Pyodide with ``stdlib`` as its only standard library."""
    work.mkdir(parents=True, exist_ok=True)
    for path, data in files.items():
        if path.startswith(build.PYODIDE[4] + "/"):
            (work / path.rsplit("/", 1)[-1]).write_bytes(data)
    (work / "stdlib.zip").write_bytes(stdlib)
    (work / "globals.json").write_text(json.dumps({"MODULES": modules}))
    for name in ZIPS:
        (work / name).write_bytes(files[name])
    out = subprocess.run([node(), str(HERE / "stdlib_check.mjs"), str(work), str(work / "stdlib.zip"),
                          str(HERE / "stdlib_imports.py"), str(work / "globals.json"), *(str(work / n) for n in ZIPS)],
                         capture_output=True, text=True, timeout=600, check=False)
    if out.returncode != 0:
        return {"error": out.stderr[-3000:]}
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def test_the_cut_library_holds_everything_the_page_reaches(files: dict[str, bytes], tmp_path: Path) -> None:
    full, cut = files[build.FULL_STDLIB], files[build.stdlib_of(files)]
    print(f"\nstandard library: full {len(full):,} bytes, {len(gzip.compress(full)):,} gzip; "
          f"cut {len(cut):,} bytes, {len(gzip.compress(cut)):,} gzip")
    assert len(gzip.compress(cut)) < len(gzip.compress(full)) // 2
    modules = reachable(names_in(full))
    assert {"engine.bots.kocka.hard", "table.controller", "lesson.turn", "json", "asyncio", "inspect"} <= set(modules)
    got = run_with_stdlib(files, cut, tmp_path, modules)
    assert got == {"failed": {}, "imported": len(modules)}


def test_the_check_finds_a_module_the_cut_would_miss(files: dict[str, bytes], tmp_path: Path) -> None:
    """What the test above would say of a cut that missed a module the engine imports
    (hashlib: engine/shuffle.py; Pyodide itself boots without it)."""
    cut = files[build.stdlib_of(files)]
    assert "hashlib" in names_in(cut)
    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(cut)) as src, zipfile.ZipFile(buf, "w") as out:
        for info in src.infolist():
            if info.filename != "hashlib.py":
                out.writestr(info, src.read(info))
    got = run_with_stdlib(files, buf.getvalue(), tmp_path, ["hashlib", "json"])
    assert "ModuleNotFoundError: No module named 'hashlib'" in got["error"]


@pytest.fixture(scope="module")
def site(files: dict[str, bytes], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The part of the built site the worker boots from: Pyodide (the full library too),
    the cut library, the snapshot, pyodide-boot.mjs."""
    root = tmp_path_factory.mktemp("site")
    with shared_steps(tmp_path_factory):
        made = build.snapshot_files(files)
    for path, data in {**files, **made}.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(data)
    return root


def boot_and_import(site: Path, snapshot: bool, modules: tuple[str, ...]) -> dict[str, Any]:
    [snap] = site.glob("py-snapshot-*.bin") if snapshot else [None]
    out = subprocess.run([node(), str(HERE / "stdlib_boot.mjs"), str(site / "pyodide-boot.mjs"), str(snap or "-"),
                          *modules], capture_output=True, text=True, timeout=300, check=False)
    assert out.returncode == 0, out.stderr[-3000:]
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("snapshot", [False, True], ids=["plain boot", "snapshot restored"])
def test_a_module_left_out_of_the_cut_is_fetched_and_imported(files: dict[str, bytes], site: Path,
                                                              snapshot: bool) -> None:
    full, cut = names_in(files[build.FULL_STDLIB]), names_in(files[build.stdlib_of(files)])
    for name in LEFT_OUT:
        assert name in full and name not in cut
    got = boot_and_import(site, snapshot, LEFT_OUT)
    assert got["kind"] == ("snapshot" if snapshot else "plain")
    assert got["files"] == {"tomllib": "/lib/python314.zip/tomllib/__init__.py",
                            "xml.dom.minidom": "/lib/python314.zip/xml/dom/minidom.py"}
    # said once, naming the first module that missed (the second is then in the library)
    assert got["said"] == ["tomllib is not in the standard library this page loaded: the full one was fetched"]


def test_a_module_in_the_cut_fetches_nothing(site: Path) -> None:
    got = boot_and_import(site, False, ("json", "heapq"))
    assert got["said"] == []
