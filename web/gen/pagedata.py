"""The page data baked into index.html at build time: each game's player limits, lobby
options and bot levels (straight from the engine), and the message catalogues of every
language the page speaks (engine + web words; the page fills gaps from English).

The page carries only English (every language's fallback) and, for every language, the
few words read across languages at once (ACROSS); each other language's catalogue is a
file of its own, named by the hash of its bytes, fetched when that language is used
(js/i18n.js). ``build`` keeps every catalogue: the build's checks and the tests read it."""

from __future__ import annotations

import hashlib
import html
import json
from pathlib import Path
from typing import Any

ORDER = ["katte", "katko", "call-kitti", "kocka"]


def languages(root: Path) -> list[str]:
    """The site's languages (gen/languages.py: the one ordered list, those whose files are there)."""
    from .languages import languages as site_languages

    return list(site_languages(root))


def catalogue(root: Path, lang: str) -> dict[str, str]:
    """One language's words: the web catalogue, then the engine's (engine keys win: the
    web one only adds the page's own words). Engine words still waiting in
    engine/locale/pending/ (``*.<lang>.json``) fill keys the engine catalogue lacks."""
    messages: dict[str, str] = {}
    for path in sorted((root / "engine" / "locale" / "pending").glob(f"*.{lang}.json")):
        messages.update(json.loads(path.read_text("utf-8")))
    messages.update(json.loads((root / "web" / "i18n" / f"{lang}.json").read_text("utf-8")))
    engine_file = root / "engine" / "locale" / f"{lang}.json"
    if engine_file.exists():
        messages.update(json.loads(engine_file.read_text("utf-8")))
    return messages


def bot_levels(name: str) -> list[str]:
    """The levels the engine's bots have for a game (the lobby offers exactly these)."""
    from engine.bots import levels  # a bot module that does not import fails the build, loudly

    return list(levels(name))


def build(root: Path) -> dict[str, Any]:
    import engine

    langs = languages(root)
    catalogues = {lang: catalogue(root, lang) for lang in langs}
    messages = catalogues["en"]
    games: dict[str, dict[str, Any]] = {}
    # the README's order; a game the engine does not have yet is left out
    for name in [g for g in ORDER if g in engine.GAMES] + sorted(set(engine.GAMES) - set(ORDER)):
        cls = engine.GAMES[name]
        games[name] = {
            "min": cls.MIN_PLAYERS,
            "max": cls.MAX_PLAYERS,
            "deck": cls.DECK.name,
            "options": {str(n): cls.option_metadata(n) for n in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1)},
            "levels": bot_levels(name),
        }
    missing = sorted({k for g in games.values() for opts in g["options"].values() for o in opts
                      for k in (o["label"], o["help"]) if k not in messages}
                     | {f"game.{n}" for n in games if f"game.{n}" not in messages})
    for key in missing:
        print(f"warning: no message for {key!r} (the lobby shows the key)")
    for lang in langs[1:]:  # a gap is filled from English, but should not be there
        gaps = sorted(set(messages) - set(catalogues[lang]))
        if gaps:
            print(f"warning: {lang} has no words for {len(gaps)} keys (English shows): {', '.join(gaps[:5])}…")
    # a language's catalogue keeps only what differs from English: the page fills the rest
    slim = {lang: (m if lang == "en" else {k: v for k, v in m.items() if messages.get(k) != v})
            for lang, m in catalogues.items()}
    # "order": the README's order of the games (the JSON's keys are sorted)
    from .rule_links import rule_sections

    # "rules": each numbered rule's section on the rules pages (a refusal links to it)
    return {"games": games, "order": list(games), "languages": langs, "messages": slim,
            "rules": rule_sections()}


# Words the page reads in every language at once: the language menu's names (each in
# itself), and the names that say "nobody typed a name" ("You") or "a computer player".
ACROSS = ("web.lang.name", "web.lobby.name.default", "web.bot.name")


def catalogue_files(data: dict[str, Any]) -> dict[str, bytes]:
    """Each language's catalogue but English's (the page carries that) as a file of its own,
    ``i18n/<lang>-<hash>.json``: a new build's words are a new name, never a stale file."""
    files = {}
    for lang, messages in data["messages"].items():
        if lang == "en":
            continue
        body = json.dumps(messages, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
        files[f"i18n/{lang}-{hashlib.sha256(body).hexdigest()[:12]}.json"] = body
    return files


def page_data(data: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
    """What index.html carries: ``data`` with English's words only, the ACROSS words of
    every language, and where each other language's catalogue is (``files``: catalogue_files)."""
    en = data["messages"]["en"]
    across = {lang: {k: m.get(k, en.get(k)) for k in ACROSS if m.get(k, en.get(k)) is not None}
              for lang, m in data["messages"].items()}
    where = {path.split("/")[1].split("-")[0]: path for path in files}
    return {**data, "messages": {"en": en}, "across": across, "catalogues": where}


def _json_for_script(data: Any) -> str:
    # inside <script>, "</" must not appear: escape it as JSON allows
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).replace("</", "<\\/")


def render_index(template: str, data: dict[str, Any], pyscript: str) -> str:
    m = data["messages"]["en"]
    out = template.replace("{{DATA}}", _json_for_script(data)).replace("{{PYSCRIPT}}", pyscript)
    # the language menu's options from the start: filled later, its width changed and moved
    # what stood beside it (a layout shift at every first paint)
    out = out.replace("{{LANGUAGE_OPTIONS}}", "".join(
        f'<option value="{code}" lang="{code}"{" selected" if code == "en" else ""}>'
        f'{html.escape(data["across"][code].get("web.lang.name", code))}</option>' for code in data["languages"]))
    # static words of the page shell, filled from the catalogue: {{t:key}}
    while "{{t:" in out:
        start = out.index("{{t:")
        end = out.index("}}", start)
        key = out[start + 4:end]
        out = out[:start] + html.escape(m.get(key, key)) + out[end + 2:]
    return out


def manifest(data: dict[str, Any], lang: str = "en") -> str:
    """The web app manifest in ``lang``: the name an installed app goes by, in the words of
    the page that installed it (the page links its language's: index.html's data-t-href)."""
    m = {**data["messages"]["en"], **data["messages"].get(lang, {})}
    return json.dumps({
        "lang": lang,
        "dir": "ltr",
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
