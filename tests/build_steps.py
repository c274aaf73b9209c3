"""The build's slow steps, done once per test run and shared by everything that needs them.

Three steps of build.py run the pinned Pyodide under Node: the zips compiled to bytecode
(``with_bytecode``), the standard library cut to what the page's Python reaches
(``stdlib_files``) and the worker's memory snapshot (``make_snapshot``). The session's site
build in every xdist worker and the test modules that lay out the worker's boot files
(test_snapshot.py, test_stdlib.py) each ran them again: the same Node runs on the same bytes,
a minute of the two cores. Inside ``shared_steps`` each step's result is kept in the run's
folder, which xdist's workers share, under the hash of what the step reads (the zips and
the library it is given, the scripts it runs), and made once: the first process to ask
makes it, under a lock, and the others wait for it and read it.

The tests that check the steps themselves (test_site.py's second build, test_snapshot.py's
second snapshot, test_bytecode.py) call build.py outside ``shared_steps``: theirs are fresh runs.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import pickle
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest

import build


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of this run's alone, shared by its xdist workers (their own temporary
    folders are ``popen-gwN`` inside the run's)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextmanager
def made_once(folder: Path, name: str) -> Iterator[bool]:
    """Holds ``folder/name``'s lock: True if the thing is still to be made (then made in
    the block), False if another process made it already."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # (released when the file closes)
        yield not (folder / name).exists()


T = TypeVar("T")


def once_per_run(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[], T]) -> T:
    """``make()``, made once per run and read by every other process that asks (pickled in
    the run's folder): a module's slow set-up, which each xdist worker running one of the
    module's tests would otherwise make again (worksteal splits modules between workers)."""
    folder = run_folder(tmp_path_factory) / "once"
    with made_once(folder, name) as to_make:
        if to_make:
            result = make()
            (folder / f"{name}.part").write_bytes(pickle.dumps(result))
            (folder / f"{name}.part").rename(folder / name)
            return result
    loaded: T = pickle.loads((folder / name).read_bytes())
    return loaded


def _digest(*parts: bytes | str) -> str:
    h = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        h.update(hashlib.sha256(data).digest())
    return h.hexdigest()[:24]


def _scripts(*paths: Path) -> list[bytes]:
    return [p.read_bytes() for p in paths]


PYODIDE = repr(build.PYODIDE)  # the pin: which Pyodide (and full standard library) runs the steps


def _zips(files: dict[str, bytes], names: list[str]) -> list[bytes]:
    return [n.encode() + b"\0" + files[n] for n in names if n in files]


# what each step reads, beside the pinned Pyodide: (its key's parts)
KEYS: dict[str, Callable[..., list[bytes | str]]] = {
    "with_bytecode": lambda files, zips: [*_zips(files, zips), *_scripts(build.BYTECODE_SCRIPT)],
    "stdlib_files": lambda files: [*_zips(files, ["engine.zip", "table.zip", "lesson.zip"]),
                                   *_scripts(build.STDLIB_SCRIPT, build.STDLIB_REACH, build.WEB / "worker.py")],
    "make_snapshot": lambda files: [*_zips(files, ["engine.zip", "table.zip", build.stdlib_of(files)]),
                                    *_scripts(build.SNAPSHOT_SCRIPT, build.SNAPSHOT_IMPORTS)],
}


def _shared(folder: Path, name: str, step: Callable[..., Any]) -> Callable[..., Any]:
    def shared(*args: Any) -> Any:
        key = f"{name}-{_digest(PYODIDE, *KEYS[name](*args))}.pickle"
        with made_once(folder, key) as to_make:
            if to_make:
                result = step(*args)
                (folder / f"{key}.part").write_bytes(pickle.dumps(result))
                (folder / f"{key}.part").rename(folder / key)
                return result
        return pickle.loads((folder / key).read_bytes())
    return shared


@contextmanager
def shared_steps(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """build.py's Node steps, made once per run (see the module's docstring) while inside."""
    folder = run_folder(tmp_path_factory) / "build-steps"
    steps = {name: getattr(build, name) for name in KEYS}
    for name, step in steps.items():
        setattr(build, name, _shared(folder, name, step))
    try:
        yield
    finally:
        for name, step in steps.items():
            setattr(build, name, step)
