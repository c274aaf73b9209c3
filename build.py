#!/usr/bin/env python3
"""Build the static site into dist/ (``python build.py``), or build and serve it
on http://127.0.0.1:8000 (``python build.py serve``).

Inputs: web/ (page, styles, scripts, the page's Python), engine/ (shipped as a
zip through PyScript's ``files``), and two pinned npm tarballs (Pyodide and
PyScript) fetched with ``npm pack`` into .cache/. Same inputs, same bytes out.
The site is built in a temporary folder and renamed into place, so a failed
build never leaves a half-built dist/.
"""

from __future__ import annotations

import argparse
import ast
import base64
import fcntl
import fnmatch
import gzip
import hashlib
import io
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
CACHE = ROOT / ".cache" / "npm"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(WEB))

from gen.languages import LanguageError, check

try:  # a language with only some of its files, or a message with another's params, stops the build here
    check()
except LanguageError as e:
    sys.exit(f"build failed: {e}")

from gen import cards, icons, load_guard, pagedata, rules

# Pinned runtimes: (npm spec, tarball name, sha512 integrity, files wanted, target folder).
# The folder names carry the version, so they may be cached forever (netlify.toml).
PYODIDE = ("pyodide@314.0.7", "pyodide-314.0.7.tgz",
           "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==",
           ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"],
           "vendor/pyodide-314.0.7")
PYSCRIPT = ("@pyscript/core@0.7.31", "pyscript-core-0.7.31.tgz",
            "sha512-GqM1aonc1N4RTkNZ1zJ8jJk8+i2cqeztZslPsAiQtn+wHHkUX9Z1FgIg4HjCvhBylB68UKmbTVTzOobpgPIMVQ==",
            # chunk names carry hashes that change per release: copy by pattern
            ["dist/*.js", "dist/*.css"],
            "vendor/pyscript-0.7.31")
# The friends table's QR codes: drawn for the invite and answer links, read by the host's
# camera where the browser has no BarcodeDetector (web/js/net/friends.js; loaded only there).
QR = ("qr@0.7.0", "qr-0.7.0.tgz",
      "sha512-/VrrACmOAwZVipuRITwfEwOL5oAMEHH5PTmBWaGtlTom2Thxaa+rhmna4zU9PRN2uLw2wdccbkHOLGZb1Q9SdA==",
      ["index.js", "decode.js", "LICENSE-MIT"],
      "vendor/qr-0.7.0")

# The friends table's table code (over the internet): Trystero's Nostr strategy and what it
# imports, vendored as they are but for the bare module names, which become paths here (the
# page has no bundler and no import map). Loaded only when a player turns table codes on.
TRYSTERO_NOSTR = ("@trystero-p2p/nostr@0.25.4", "trystero-p2p-nostr-0.25.4.tgz",
                  "sha512-QDox1VVHl0ro/CLfQVUtMS9EQbtJhQM7CCsO4SGv9KrPBT+x3bmOqQ4Y6iugsLzQ6sW+a2cwUTxjDRz/BywqMg==",
                  ["dist/index.mjs", "LICENSE"], "vendor/trystero-nostr-0.25.4")
TRYSTERO_CORE = ("@trystero-p2p/core@0.25.4", "trystero-p2p-core-0.25.4.tgz",
                 "sha512-ehvSL1FqW962XyEctXngeDF/IOM1bWmfCKBNR4vwmVa0JGfM0+dlY4TEzSEGghYp3qqGCrpFIVTxdvlBUGVO6Q==",
                 ["dist/*.mjs", "LICENSE"], "vendor/trystero-core-0.25.4")
NOBLE_SECP256K1 = ("@noble/secp256k1@3.2.0", "noble-secp256k1-3.2.0.tgz",
                   "sha512-Z3ZAWOTxJ0EuTuZTi7Y69iK7GgrLHh8sgm45lVDhg/b3Nk1TpAiKhick2KkZisHuupeepSkyIydN/J459SdX1w==",
                   ["index.js", "LICENSE"], "vendor/noble-secp256k1-3.2.0")
# The no-peek deal's curve (web/js/nopeek/): ristretto255 from @noble/curves and the SHA-512 it
# hashes with, only the files its ed25519.js reaches (their folders kept: they import each other
# by relative paths), and the HKDF and HMAC (SHA-256) of the seats' sealed messages (seal.js).
# Loaded only for a no-peek table.
NOBLE_CURVES = ("@noble/curves@2.4.0", "noble-curves-2.4.0.tgz",
                "sha512-P4/62zrgfH33CneE3Dn4WhJVA22YUU0eR51wKIan4NVRvwsA0YnPTwWGpNbpuacSujmSFLvyzpyuR30+fbq2Ew==",
                ["ed25519.js", "utils.js", "abstract/curve.js", "abstract/edwards.js", "abstract/fft.js",
                 "abstract/frost.js", "abstract/hash-to-curve.js", "abstract/modular.js", "abstract/montgomery.js",
                 "abstract/oprf.js", "LICENSE"],
                "vendor/noble-curves-2.4.0")
NOBLE_HASHES = ("@noble/hashes@2.4.0", "noble-hashes-2.4.0.tgz",
                "sha512-X5XaVWZIBCT7HHZGm5I7ZQXDwLG+bGXuSrMQAW+7Zvl87h1kmc1ZB1VSRJcpUfoUrGQp4Fkoxm5kZ+Ms+aW+eA==",
                ["sha2.js", "_md.js", "_u64.js", "utils.js", "hkdf.js", "hmac.js", "LICENSE"],
                "vendor/noble-hashes-2.4.0")
PINS = (PYODIDE, PYSCRIPT, QR, TRYSTERO_NOSTR, TRYSTERO_CORE, NOBLE_SECP256K1, NOBLE_CURVES, NOBLE_HASHES)
# Bare module names (a name ending in "/" takes a subpath: "@noble/hashes/sha2.js") -> the
# vendored file or folder, by its path in the site. Rewritten in the vendored modules of
# REWRITTEN into paths relative to the importing file: the page has no bundler and no import map.
VENDOR_IMPORTS = {
    "@trystero-p2p/core": "vendor/trystero-core-0.25.4/index.mjs",
    "@noble/secp256k1": "vendor/noble-secp256k1-3.2.0/index.js",
    "@noble/hashes/": "vendor/noble-hashes-2.4.0/",
}
REWRITTEN = ("vendor/trystero-", "vendor/noble-")

# Plain files copied from web/ as they are.
STATIC = ["app.css", "table.css", "js/*.js", "js/*/*.js", "worker.py"]
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


class BuildError(Exception):
    """A build step that failed, said in words."""


def sha512_integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def fetch(spec: str, name: str, integrity: str) -> bytes:
    """The npm tarball, from .cache/ or fetched with ``npm pack``; checked against its pin.
    Several builds at once (the tests run in parallel) fetch it once: a lock, and the tarball
    moved into place only whole and checked."""
    path = CACHE / name
    if path.exists() and sha512_integrity(path.read_bytes()) == integrity:
        return path.read_bytes()
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.exists() and sha512_integrity(path.read_bytes()) == integrity:
            return path.read_bytes()  # another build fetched it meanwhile
        with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
            data = npm_pack(spec, name, integrity, Path(tmp))
            os.replace(Path(tmp) / name, path)
        return data


def npm_pack(spec: str, name: str, integrity: str, into: Path) -> bytes:
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(f"cannot fetch {spec}: npm is not installed (it fetches the pinned runtime)")
    try:
        proc = subprocess.run([npm, "pack", spec, "--pack-destination", str(into), "--loglevel=error"],
                              capture_output=True, text=True, timeout=300, check=False)
    except subprocess.TimeoutExpired:
        raise BuildError(f"cannot fetch {spec}: npm pack took more than 300 s") from None
    if proc.returncode != 0:
        why = (proc.stderr.strip() or proc.stdout.strip()).splitlines()[-3:]
        raise BuildError(f"cannot fetch {spec}: npm pack failed: {' / '.join(why) or 'no message'}")
    path = into / name
    if not path.exists():
        raise BuildError(f"cannot fetch {spec}: npm pack did not write {path.name}")
    data = path.read_bytes()
    got = sha512_integrity(data)
    if got != integrity:
        raise BuildError(f"cannot use {spec}: its checksum {got[:24]}… is not the pinned {integrity[:24]}…")
    return data


def unpack(spec: str, data: bytes, patterns: list[str]) -> dict[str, bytes]:
    """The tarball's files matching ``patterns`` (paths under ``package/``), by that path less
    a leading ``dist/`` (a package's built files go at the top of its vendored folder, its
    other folders are kept: its modules import each other by relative paths)."""
    out: dict[str, bytes] = {}
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for member in tar.getmembers():
            rel = member.name.removeprefix("package/")
            if member.isfile() and any(fnmatch.fnmatchcase(rel, p) for p in patterns):
                f = tar.extractfile(member)
                assert f is not None
                out[rel.removeprefix("dist/")] = f.read()
    missing = [p for p in patterns if not any(fnmatch.fnmatchcase(n, p.removeprefix("dist/")) for n in out)]
    if missing:
        raise BuildError(f"{spec} has no {', '.join(missing)}: the pinned version does not fit this build")
    return out


# The engine's command-line tools: never imported by the page, so never shipped to it.
COMMAND_LINE_ONLY = {"engine/__main__.py", "engine/bench.py", "engine/playthrough.py", "engine/bots/arena.py",
                     "engine/bots/call_kitti/train.py", "engine/bots/katte/train.py", "engine/bots/timing.py"}


# A module's static imports and re-exports: ``import {a} from "x"``, ``export * from 'x'``,
# ``import "x"``, at the start of a line (so not the usage examples in doc comments).
IMPORT_FROM = re.compile(r"""^(\s*(?:import|export)\b(?:[^;'"]*?\bfrom)?\s*)(["'])([^"']+)\2""", re.MULTILINE)


def vendored_imports(path: str, data: bytes) -> bytes:
    """The vendored module at ``path`` (in the site) with its bare imports
    (``from "@noble/secp256k1"``, ``from '@noble/hashes/sha2.js'``) made relative paths."""
    folder = posixpath.dirname(path)

    def rewrite(m: re.Match[str]) -> str:
        name = m.group(3)
        if name.startswith((".", "/")):
            return m.group(0)
        for bare, target in VENDOR_IMPORTS.items():
            if name == bare or (bare.endswith("/") and name.startswith(bare)):
                rel = posixpath.relpath(target + name.removeprefix(bare), folder)
                return f'{m.group(1)}"{rel if rel.startswith(".") else "./" + rel}"'
        raise BuildError(f"the vendored {path} imports {name!r}, which the build does not vendor")

    return IMPORT_FROM.sub(rewrite, data.decode("utf-8")).encode("utf-8")


def vendored_files(pin: tuple[str, str, str, list[str], str]) -> dict[str, bytes]:
    """A pinned package's files as the site holds them: pinned_files, with the bare imports of
    the vendored modules that have them made paths."""
    return {path: vendored_imports(path, data) if path.endswith((".mjs", ".js")) and path.startswith(REWRITTEN)
            else data for path, data in pinned_files(pin).items()}


def nopeek_files() -> dict[str, bytes]:
    """js/nopeek/ and the vendored curve and hashes it loads, by their paths in the site, as
    the build lays them out (the no-peek tests and bench run it without the whole site)."""
    files = {path: data for pin in (NOBLE_CURVES, NOBLE_HASHES) for path, data in vendored_files(pin).items()}
    files.update({f"js/nopeek/{p.name}": p.read_bytes() for p in sorted((WEB / "js" / "nopeek").glob("*.js"))})
    return files


def package_zip(package: Path) -> bytes:
    """A Python package as a zip with fixed timestamps and order (the same bytes every build),
    without its command-line tools."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        files = sorted(p for p in package.rglob("*")
                       if p.is_file() and p.suffix in (".py", ".json") and "__pycache__" not in p.parts
                       and p.relative_to(package.parent).as_posix() not in COMMAND_LINE_ONLY)
        for p in files:
            info = zipfile.ZipInfo(p.relative_to(package.parent).as_posix(), ZIP_TIME)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, p.read_bytes())
    return buf.getvalue()


def page_modules(files: dict[str, bytes], entry: str) -> list[str]:
    """``entry`` and the modules it imports (``from "./x.js"``, ``"../y/z.js"``), transitively, in order."""
    out = [entry]
    for path in out:
        folder = path.rpartition("/")[0]
        text = files[path].decode()
        for name in re.findall(r'^\s*import\b[^;]*?from\s+"(\.\.?/[\w./-]+\.js)"', text, re.MULTILINE):
            dep = posixpath.normpath(f"{folder}/{name}")
            if dep in files and dep not in out:
                out.append(dep)
    return out


def preload_links(files: dict[str, bytes]) -> str:
    """The preload hints for the head: the page's own modules, fetched at once rather than
    one import after another."""
    return "\n".join(f'<link rel="modulepreload" href="{p}">' for p in page_modules(files, "js/app.js")[1:])


def pinned_files(pin: tuple[str, str, str, list[str], str]) -> dict[str, bytes]:
    """A pinned npm package's files the site takes, by their path in the site."""
    spec, name, integrity, patterns, folder = pin
    return {f"{folder}/{base}": data for base, data in unpack(spec, fetch(spec, name, integrity), patterns).items()}


def site_files() -> dict[str, bytes]:
    """Every file of the site except the service worker, by path."""
    files: dict[str, bytes] = {}
    for pin in PINS:
        files.update(vendored_files(pin))
    for pattern in STATIC:
        for p in sorted(WEB.glob(pattern)):
            files[p.relative_to(WEB).as_posix()] = p.read_bytes()
    del files["js/load-guard.js"]  # inlined into the pages that call it (gen/load_guard.py)
    files["engine.zip"] = package_zip(ROOT / "engine")
    files["table.zip"] = package_zip(WEB / "table")  # the page's own Python: controller, bots
    files["pyscript.json"] = json.dumps({
        # resolved against the page: the local Pyodide (never the CDN default), through the
        # module that restores the worker from its memory snapshot when it can
        "interpreter": "./pyodide-boot.mjs",
        # resolved against this config file: unpacked into Python's working directory
        "files": {"./engine.zip": "./*", "./table.zip": "./*"},
    }, indent=1).encode()
    files.update(cards.all_files())
    files.update(icons.all_files())
    page = pagedata.build(ROOT)
    files["manifest.webmanifest"] = pagedata.manifest(page).encode()  # (a page with no script: English)
    for lang in page["languages"]:
        files[f"manifest.{lang}.webmanifest"] = pagedata.manifest(page, lang).encode()
    template = (WEB / "index.html").read_text("utf-8")
    template = template.replace("{{PRELOAD}}", preload_links(files)).replace("{{LOAD_GUARD}}", load_guard.code())
    words = pagedata.catalogue_files(page)  # every language but English: fetched when used
    files.update(words)
    files["index.html"] = pagedata.render_index(template, pagedata.page_data(page, words), PYSCRIPT[4]).encode()
    files.update(rules.all_files(files))  # rules pages, live examples, embed frame, lesson.zip
    files.update(with_bytecode(files, ["engine.zip", "table.zip", "lesson.zip"]))
    files.update(stdlib_files(files))  # the standard library cut to what the zips reach
    files.update(snapshot_files(files))  # made from the zips as shipped, with the cut library
    files["index.html"] = files["index.html"].replace(b"{{WORKER_FILES}}", json.dumps(worker_files(files)).encode())
    return files


def worker_files(files: dict[str, bytes]) -> list[str]:
    """What the Python worker fetches on a plain boot, largest first, but for Pyodide's wasm:
    the page fetches them as soon as its lobby is drawn, into the HTTP cache the worker then
    reads. (On a phone's link the worker would ask for them only after PyScript's chain of
    small requests, a round trip each, and then share the link with the wasm.) The wasm is
    left to the worker: V8 keeps its compiled code for the next visit beside the HTTP cache
    entry of the worker's own download, and a second fetch of it racing the first lost that
    (a return visit then compiled it again: tests/browser/test_offline.py)."""
    folder = PYODIDE[4]
    paths = [stdlib_of(files), f"{folder}/pyodide.asm.mjs", "engine.zip", "table.zip",
             f"{folder}/pyodide.mjs", f"{folder}/pyodide-lock.json"]
    missing = [p for p in paths if p not in files]
    if missing:
        raise BuildError(f"the worker's files are not in the site: {missing}")
    return sorted(paths, key=lambda p: -len(files[p]))


BYTECODE_SCRIPT = WEB / "gen" / "bytecode.mjs"


def node_run(what: str, files: dict[str, bytes], args: list[str | Path], work: Path) -> None:
    """Runs ``node`` with the pinned Pyodide's files in ``work`` (for a build-time script)."""
    node = shutil.which("node")
    if node is None:
        raise BuildError(f"cannot make {what}: node is not installed (npm brings it)")
    for path, data in files.items():
        if path.startswith(PYODIDE[4] + "/"):
            (work / path.rsplit("/", 1)[-1]).write_bytes(data)
    try:
        proc = subprocess.run([node, *map(str, args)], capture_output=True, text=True, timeout=300, check=False,
                              cwd=work)
    except subprocess.TimeoutExpired:
        raise BuildError(f"cannot make {what}: node took more than 300 s") from None
    if proc.returncode != 0:
        why = (proc.stderr.strip() or proc.stdout.strip()).splitlines()[-5:]
        raise BuildError(f"cannot make {what}: {' / '.join(why) or 'no message'}")


def with_bytecode(files: dict[str, bytes], zips: list[str]) -> dict[str, bytes]:
    """``zips`` again, each module compiled by the pinned Pyodide's Python in place of its
    source (web/gen/bytecode.mjs): a plain boot imports them without compiling."""
    with tempfile.TemporaryDirectory(prefix="kortti-bytecode-") as tmp:
        work = Path(tmp)
        (work / "in").mkdir()
        (work / "out").mkdir()
        args: list[str | Path] = [BYTECODE_SCRIPT, work]
        for name in zips:
            (work / "in" / name).write_bytes(files[name])
            args += [Path("in") / name, Path("out") / name]
        node_run("the bytecode", files, args, work)
        return {name: (work / "out" / name).read_bytes() for name in zips}


STDLIB_SCRIPT = WEB / "gen" / "stdlib.mjs"
STDLIB_REACH = WEB / "stdlib_reach.py"
STDLIB_FALLBACK = WEB / "stdlib_fallback.py"
FULL_STDLIB = f"{PYODIDE[4]}/python_stdlib.zip"


def pyscript_imports() -> list[str]:
    """Every module PyScript's own Python names in an import (its sources in the pinned
    tarball), at any depth: the standard ones among them are imported by stdlib_reach.py."""
    spec, name, integrity = PYSCRIPT[:3]
    names: set[str] = set()
    with tarfile.open(fileobj=io.BytesIO(fetch(spec, name, integrity)), mode="r:gz") as tar:
        for member in tar.getmembers():
            if not member.isfile() or not fnmatch.fnmatchcase(member.name, "package/src/stdlib/*.py"):
                continue  # (fnmatch's * crosses folders: pyscript/*.py too)
            f = tar.extractfile(member)
            assert f is not None
            for node in ast.walk(ast.parse(f.read(), member.name)):
                if isinstance(node, ast.Import):
                    names.update(a.name for a in node.names)
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names.add(node.module)
    if not names:
        raise BuildError(f"{spec} has no Python sources under src/stdlib: the pinned version does not fit this build")
    return sorted(names)


def module_name(path: str) -> str | None:
    """The module a file of the standard library's zip holds (``json/__init__.py``: ``json``)."""
    if not path.endswith(".py") or path.startswith("site-packages/"):
        return None
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def stdlib_cut(full: bytes, keep: set[str]) -> bytes:
    """``full`` (python_stdlib.zip) with only the files in ``keep`` and their folders, each
    entry as it was (name, time, compression), in the same order."""
    folders = {path[: i + 1] for path in keep for i, c in enumerate(path) if c == "/"}
    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(full)) as src, zipfile.ZipFile(buf, "w") as out:
        for info in src.infolist():
            if info.filename in keep or info.filename in folders:
                out.writestr(info, src.read(info))
    return buf.getvalue()


def stdlib_files(files: dict[str, bytes]) -> dict[str, bytes]:
    """The standard library cut to the modules the page's Python reaches (found by running
    it: web/gen/stdlib.mjs, web/stdlib_reach.py), under a content-hashed name. The page's
    Pyodide mounts it in place of the full python_stdlib.zip, which stays in the site for
    the import that misses the cut (web/stdlib_fallback.py) and for offline play."""
    with tempfile.TemporaryDirectory(prefix="kortti-stdlib-") as tmp:
        work = Path(tmp)
        zips = [n for n in ("engine.zip", "table.zip", "lesson.zip") if n in files]
        for name in zips:
            (work / name).write_bytes(files[name])
        context = {"pyscript_imports": pyscript_imports(), "messages": pagedata.build(ROOT)["messages"]}
        (work / "context.json").write_text(json.dumps(context))
        out = work / "reached.json"
        node_run("the standard library's cut", files,
                 [STDLIB_SCRIPT, work, out, STDLIB_REACH, work / "context.json", WEB / "worker.py",
                  *(work / n for n in zips)], work)
        reached = set(json.loads(out.read_text()))
    full = files[FULL_STDLIB]
    with zipfile.ZipFile(io.BytesIO(full)) as z:
        missing = reached - set(z.namelist())
    if missing or not reached:
        raise BuildError(f"cannot cut the standard library: {sorted(missing)[:3] or 'nothing'} reached, not in the zip")
    data = stdlib_cut(full, reached)
    name = f"python-stdlib-{hashlib.sha256(data).hexdigest()[:16]}.zip"
    print(f"standard library: {len(full):,} bytes ({gzip_size(full):,} gzip) in full, "
          f"{len(data):,} ({gzip_size(data):,} gzip) cut to {len(reached)} modules reached", file=sys.stderr)
    return {name: data}


def gzip_size(data: bytes) -> int:
    return len(gzip.compress(data, 9, mtime=0))


def stdlib_of(files: dict[str, bytes]) -> str:
    """The cut standard library's path in the site."""
    [name] = [p for p in files if fnmatch.fnmatchcase(p, "python-stdlib-*.zip")]
    return name


def left_out(files: dict[str, bytes]) -> list[str]:
    """The modules of the full standard library that the cut leaves out."""
    with zipfile.ZipFile(io.BytesIO(files[stdlib_of(files)])) as z:
        cut = set(z.namelist())
    with zipfile.ZipFile(io.BytesIO(files[FULL_STDLIB])) as z:
        return sorted({m for p in z.namelist() if p not in cut and (m := module_name(p))})


SNAPSHOT_IMPORTS = WEB / "snapshot_imports.py"
SNAPSHOT_SCRIPT = WEB / "gen" / "snapshot.mjs"


def make_snapshot(files: dict[str, bytes]) -> bytes:
    """The worker's memory snapshot (web/gen/snapshot.mjs, under Node with the pinned
    Pyodide): Python started, engine.zip and table.zip imported. Same inputs, same bytes."""
    with tempfile.TemporaryDirectory(prefix="kortti-snapshot-") as tmp:
        work = Path(tmp)
        for name in ("engine.zip", "table.zip"):
            (work / name).write_bytes(files[name])
        # mounted as the page mounts it: the restored heap's zip importer has read this one
        (work / "stdlib.zip").write_bytes(files[stdlib_of(files)])
        out = work / "snapshot.bin"
        node_run("the memory snapshot", files,
                 [SNAPSHOT_SCRIPT, work, out, SNAPSHOT_IMPORTS, work / "stdlib.zip",
                  work / "engine.zip", work / "table.zip"], work)
        if not out.exists():
            raise BuildError("cannot make the memory snapshot: node wrote none")
        return out.read_bytes()


def snapshot_files(files: dict[str, bytes]) -> dict[str, bytes]:
    """The snapshot under a content-hashed name, and pyodide-boot.mjs, which restores the
    worker from it (or boots plainly when it cannot) with its name, size and SHA-256."""
    data = make_snapshot(files)
    digest = hashlib.sha256(data).hexdigest()
    name = f"py-snapshot-{digest[:16]}.bin"
    stdlib = {"url": "./" + stdlib_of(files), "full": "./" + FULL_STDLIB, "missing": left_out(files)}
    head = (f"const PYODIDE = {json.dumps('./' + PYODIDE[4] + '/')};\n"
            f"const SNAPSHOT = {json.dumps({'url': './' + name, 'size': len(data), 'sha256': digest})};\n"
            f"const STDLIB = {json.dumps(stdlib)};\n"
            f"const FALLBACK_PY = {json.dumps(STDLIB_FALLBACK.read_text('utf-8'))};\n")
    boot = (head + (WEB / "js" / "pyodide-boot.mjs").read_text("utf-8")).encode()
    return {name: data, "pyodide-boot.mjs": boot}


# What offline play does not need: the rules pages and their lessons, the embed frame, the
# worker's memory snapshot (a faster boot: Python boots plainly without it), the other
# languages' words, and the table code's libraries (they need the internet anyway). On a
# connection that says Save-Data or is slow, the service worker keeps these later (web/sw.js).
PRECACHE_LATER = ("rules/", "embed/", "lesson.zip", "py-snapshot-", "i18n/", "vendor/trystero-",
                  "vendor/noble-")


def service_worker(files: dict[str, bytes]) -> tuple[bytes, str]:
    """sw.js with the precache list (LATER: what offline play can do without) and a cache
    name from the hash of every file."""
    h = hashlib.sha256()
    for path in sorted(files):
        h.update(path.encode() + b"\0" + hashlib.sha256(files[path]).digest())
    version = h.hexdigest()[:16]
    urls = ["./"] + [f"./{p}" for p in sorted(files)]
    later = [f"./{p}" for p in sorted(files) if p.startswith(PRECACHE_LATER)]
    head = (f"const VERSION = {json.dumps(version)};\nconst PRECACHE = {json.dumps(urls, indent=0)};\n"
            f"const LATER = {json.dumps(later, indent=0)};\n")
    return (head + (WEB / "sw.js").read_text("utf-8")).encode(), version


def build(dist: Path = DIST) -> str:
    """Build the site into ``dist``; returns the content version."""
    files = site_files()
    sw, version = service_worker(files)
    files["sw.js"] = sw
    tmp = Path(tempfile.mkdtemp(prefix=".dist-", dir=dist.parent))
    try:
        for path, data in files.items():
            target = tmp / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        old = dist.parent / (dist.name + ".old")
        shutil.rmtree(old, ignore_errors=True)
        if dist.exists():
            dist.rename(old)
        tmp.rename(dist)
        shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return version


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", choices=["build", "serve"], default="build")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    try:
        version = build()
    except BuildError as e:
        print(f"build failed: {e}", file=sys.stderr)
        return 1
    print(f"built {DIST.relative_to(ROOT)}/ (version {version})")
    if args.command == "serve":
        from gen.serve import serve

        serve(DIST, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
