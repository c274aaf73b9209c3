"""The page data baked into index.html at build time: each game's player limits and
lobby options (straight from the engine), and the English message catalogue."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

ORDER = ["katte", "katko", "call-kitti", "kocka"]


def build(root: Path) -> dict[str, Any]:
    import engine

    # engine keys win over the web catalogue: the web one only adds the page's own words
    messages = json.loads((root / "web" / "i18n" / "en.json").read_text("utf-8"))
    messages.update(json.loads((root / "engine" / "locale" / "en.json").read_text("utf-8")))
    games: dict[str, dict[str, Any]] = {}
    # the README's order; a game the engine does not have yet is left out
    for name in [g for g in ORDER if g in engine.GAMES] + sorted(set(engine.GAMES) - set(ORDER)):
        cls = engine.GAMES[name]
        games[name] = {
            "min": cls.MIN_PLAYERS,
            "max": cls.MAX_PLAYERS,
            "deck": cls.DECK.name,
            "options": {str(n): cls.option_metadata(n) for n in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1)},
        }
    missing = sorted({k for g in games.values() for opts in g["options"].values() for o in opts
                      for k in (o["label"], o["help"]) if k not in messages}
                     | {f"game.{n}" for n in games if f"game.{n}" not in messages})
    for key in missing:
        print(f"warning: no message for {key!r} (the lobby shows the key)")
    return {"games": games, "messages": messages}


def _json_for_script(data: Any) -> str:
    # inside <script>, "</" must not appear: escape it as JSON allows
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).replace("</", "<\\/")


def render_index(template: str, data: dict[str, Any], pyscript: str) -> str:
    m = data["messages"]
    out = template.replace("{{DATA}}", _json_for_script(data)).replace("{{PYSCRIPT}}", pyscript)
    # static words of the page shell, filled from the catalogue: {{t:key}}
    while "{{t:" in out:
        start = out.index("{{t:")
        end = out.index("}}", start)
        key = out[start + 4:end]
        out = out[:start] + html.escape(m.get(key, key)) + out[end + 2:]
    return out


def manifest(data: dict[str, Any]) -> str:
    m = data["messages"]
    return json.dumps({
        "name": m["web.app.name"],
        "short_name": m["web.app.short"],
        "description": m["web.app.description"],
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#0d5132",
        "theme_color": "#0d5132",
        "icons": [
            {"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {"src": "icons/maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
    }, indent=1, ensure_ascii=False)
