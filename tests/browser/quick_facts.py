"""What the quick match's tests read from the page's own JS, so that they follow it: the
event kinds, the proof of work asked, the site version and the table codes' words."""

from __future__ import annotations

import re
from pathlib import Path

NET = Path(__file__).resolve().parents[2] / "web" / "js" / "net"


def _constant(file: str, name: str) -> int:
    found = re.search(rf"export const {name} = (\d+);", (NET / file).read_text())
    assert found, f"{file} no longer states {name}"
    return int(found.group(1))


KIND_TABLE = _constant("quick-lobby.js", "KIND_TABLE")
KIND_LOOKING = _constant("quick-lobby.js", "KIND_LOOKING")
DIFFICULTY = _constant("quick-lobby.js", "DIFFICULTY")
VERSION = _constant("protocol.js", "VERSION")
WORDS = re.findall(r'"([a-z]+)"', (NET / "words.js").read_text().split("WORDS = [", 1)[1].split("]", 1)[0])
