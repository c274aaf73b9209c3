"""The Python the page ships as bytecode (build.py's ``with_bytecode``, web/gen/bytecode.mjs):
every module of engine.zip, table.zip and lesson.zip compiled by the pinned Pyodide in
place of its source, so a plain boot compiles nothing. Checked in that Pyodide under Node
(tests/bytecode_check.mjs): each module loads from its bytecode, the bytecode was made
from the repository's source of the same name, and the compiled engine and bots play a
deal of every game exactly as CPython plays it from the source."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

import build
import engine

HERE = Path(__file__).resolve().parent
ZIPS = ("engine.zip", "table.zip", "lesson.zip")


@pytest.fixture(scope="module")
def pyodide() -> dict[str, bytes]:
    return build.pinned_files(build.PYODIDE)


@pytest.fixture(scope="module")
def sources() -> dict[str, bytes]:
    """The three zips as build.py makes them from the repository, before compiling."""
    return {"engine.zip": build.package_zip(build.ROOT / "engine"),
            "table.zip": build.package_zip(build.WEB / "table"),
            "lesson.zip": build.rules.lesson_zip(build.rules.catalogue())}


@pytest.fixture(scope="module")
def shipped(pyodide: dict[str, bytes], sources: dict[str, bytes]) -> dict[str, bytes]:
    return build.with_bytecode({**pyodide, **sources}, list(ZIPS))


@pytest.fixture(scope="module")
def checked(pyodide: dict[str, bytes], sources: dict[str, bytes], shipped: dict[str, bytes],
            tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What tests/bytecode_check.mjs reports from the shipped zips in Pyodide."""
    node = shutil.which("node")
    assert node, "node is needed (npm brings it)"
    work = tmp_path_factory.mktemp("bytecode")
    for path, data in pyodide.items():
        (work / path.rsplit("/", 1)[-1]).write_bytes(data)
    args: list[str] = []
    for name in ZIPS:
        (work / f"shipped-{name}").write_bytes(shipped[name])
        (work / f"source-{name}").write_bytes(sources[name])
        args += [str(work / f"shipped-{name}"), str(work / f"source-{name}")]
    out = subprocess.run([node, str(HERE / "bytecode_check.mjs"), str(work), str(HERE / "bytecode_play.py"), *args],
                         capture_output=True, text=True, timeout=300, check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def names(data: bytes) -> list[str]:
    return zipfile.ZipFile(io.BytesIO(data)).namelist()


@pytest.mark.parametrize("name", ZIPS)
def test_each_module_ships_compiled_in_place_of_its_source(name: str, sources: dict[str, bytes],
                                                          shipped: dict[str, bytes]) -> None:
    expected = sorted(n + "c" if n.endswith(".py") else n for n in names(sources[name]))
    assert sorted(names(shipped[name])) == expected
    assert any(n.endswith(".pyc") for n in expected)  # (there is Python in each)


def test_every_module_loads_from_bytecode_made_from_its_own_source(checked: dict[str, Any]) -> None:
    modules = checked["modules"]
    assert {"engine.state", "engine.bots.kocka.hard", "table.controller", "lesson"} <= modules.keys()
    wrong = {m: f for m, f in modules.items()
             if f["loader"] != "SourcelessFileLoader" or not f["source_hash_matches"] or f["flags"] != 1}
    assert wrong == {}


def test_the_compiled_engine_and_bots_play_as_the_source_does(checked: dict[str, Any]) -> None:
    cpython = subprocess.run([sys.executable, str(HERE / "bytecode_play.py")], capture_output=True, text=True,
                             timeout=300, check=True, cwd=build.ROOT)
    played = json.loads(cpython.stdout)
    assert sorted(played) == sorted(engine.GAMES)
    assert json.loads(checked["played"]) == played


def test_a_module_that_does_not_compile_fails_the_build_by_name(pyodide: dict[str, bytes]) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("broken/__init__.py", "")
        z.writestr("broken/oops.py", "def f(:\n    pass\n")
    with pytest.raises(build.BuildError, match=r"cannot make the bytecode: .*oops\.py"):
        build.with_bytecode({**pyodide, "broken.zip": buf.getvalue()}, ["broken.zip"])
