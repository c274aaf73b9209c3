"""The build and the deployment config (no browser needed)."""

from __future__ import annotations

import io
import json
import os
import re
import tomllib
import zipfile
from pathlib import Path

import pytest

import build

ROOT = Path(__file__).resolve().parents[2]


def test_netlify_toml() -> None:
    conf = tomllib.loads((ROOT / "netlify.toml").read_text("utf-8"))
    assert conf["build"]["publish"] == "dist" and "build.py" in conf["build"]["command"]
    headers = {h["for"]: h["values"] for h in conf["headers"]}
    assert headers["/*.wasm"]["Content-Type"] == "application/wasm"
    assert headers["/sw.js"]["Cache-Control"] == "no-cache"
    immutable = [path for path, v in headers.items() if "immutable" in v.get("Cache-Control", "")]
    # only what is named by its version or its content: vendor's folders, the snapshot, the
    # cut standard library
    assert immutable == ["/vendor/*", "/py-snapshot-*", "/python-stdlib-*"]
    assert "redirects" not in conf  # no catch-all: a missing .wasm must not come back as HTML


def test_site_contents(site: Path) -> None:
    vendor = sorted(p.name for p in (site / "vendor").iterdir())
    # the versioned folders: the runtimes, what a friends table loads (QR codes, Trystero) and
    # the no-peek deal's curve and hashes
    assert vendor == ["noble-curves-2.4.0", "noble-hashes-2.4.0", "noble-secp256k1-3.2.0", "pyodide-314.0.7",
                      "pyscript-0.7.31", "qr-0.7.0", "trystero-core-0.25.4", "trystero-nostr-0.25.4"]
    assert not list(site.rglob("*.map"))
    config = json.loads((site / "pyscript.json").read_text())
    # Python boots through pyodide-boot.mjs: the pinned Pyodide, restored from the snapshot
    assert config["interpreter"] == "./pyodide-boot.mjs"
    boot = (site / "pyodide-boot.mjs").read_text()
    assert boot.startswith('const PYODIDE = "./vendor/pyodide-314.0.7/";\n')
    snapshot = json.loads(re.search(r"^const SNAPSHOT = (.*);$", boot, re.MULTILINE)[1])
    assert (site / snapshot["url"]).stat().st_size == snapshot["size"]
    sw = (site / "sw.js").read_text()
    precache = json.loads(sw.split("const PRECACHE = ", 1)[1].split(";\n", 1)[0])
    files = {"./" + p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert set(precache) == (files - {"./sw.js"}) | {"./"}
    page = (site / "index.html").read_text()
    # every build placeholder filled ({{DATA}}, {{t:key}} …; a plural's "{{seats} …}" is words)
    assert not re.search(r"\{\{(?:[A-Z_]+\}\}|t:)", page) and "cdn" not in page.lower()
    assert len(list((site / "cards" / "french").glob("*.svg"))) == 52
    assert len(list((site / "cards" / "german").glob("*.svg"))) == 32


def test_same_inputs_same_output(site: Path, tmp_path: Path) -> None:
    # the session's build against one more from the same checkout (a site passed down in
    # KORTTI_SITE_DIR may be older: then two new builds)
    first = tmp_path / "one" / "dist" if os.environ.get("KORTTI_SITE_DIR") else site
    again = tmp_path / "two" / "dist"
    for dist in (first, again):
        if dist != site:
            dist.parent.mkdir()
            build.build(dist)
    ours = {p.relative_to(first): p.read_bytes() for p in first.rglob("*") if p.is_file()}
    theirs = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert ours.keys() == theirs.keys()
    differ = [str(k) for k in ours if ours[k] != theirs[k]]
    if "engine.zip" in differ:  # name the engine files (another developer may be editing one)
        one, two = (zipfile.ZipFile(io.BytesIO(d[Path("engine.zip")])) for d in (ours, theirs))
        differ += [n for n in one.namelist() if n not in two.namelist() or one.read(n) != two.read(n)]
    assert differ == []


def test_failed_download_leaves_dist_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "old.txt").write_text("the last good build")

    def broken(spec: str, name: str, integrity: str) -> bytes:
        raise build.BuildError(f"cannot fetch {spec}: npm pack failed: network unreachable")

    monkeypatch.setattr(build, "fetch", broken)
    with pytest.raises(build.BuildError, match="pyodide@314.0.7"):
        build.build(dist)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dist"]
    assert (dist / "old.txt").read_text() == "the last good build"
