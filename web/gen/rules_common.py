"""What every part of the rules pages' build shares: the paths, the languages and games,
the error that stops the build, the ``rules.*`` strings, and the ``lesson`` package
(``web/rules/lesson``: its ``words`` and ``steps``), put on ``sys.path`` here once."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

WEB = Path(__file__).resolve().parents[1]
RULES = WEB / "rules"
if str(RULES) not in sys.path:
    sys.path.insert(0, str(RULES))

from lesson import steps as lesson_steps
from lesson import words

from .languages import languages

__all__ = ["GAMES", "LANGS", "LANG_NAMES", "RULES", "WEB", "RulesError", "_json_script", "catalogue",
           "lesson_steps", "ui", "ui_strings", "words"]

LANGS = languages()
GAMES = ("katte", "katko", "call-kitti", "kocka")
# each language's name in itself, as the lobby's menu says it (its catalogue's web.lang.name)
LANG_NAMES = {lang: json.loads((WEB / "i18n" / f"{lang}.json").read_text("utf-8"))["web.lang.name"] for lang in LANGS}


class RulesError(Exception):
    """A page source or example that cannot be built, said in words."""


# ------------------------------------------------------------------ strings


def catalogue(web: Path = WEB) -> dict[str, dict[str, str]]:
    """lang → the ``rules.*`` strings: ``web/i18n/rules/<lang>.json``, a catalogue of
    their own so that they stay out of the lobby's page data; and the page's words they
    share (:data:`words.SHARED`), from ``web/i18n/<lang>.json`` where they are defined."""
    out: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        data = json.loads((web / "i18n" / "rules" / f"{lang}.json").read_text("utf-8"))
        out[lang] = {k: v for k, v in data.items() if k.startswith(("rules.", "hint."))}
        page = json.loads((web / "i18n" / f"{lang}.json").read_text("utf-8"))
        out[lang].update({k: page[k] for k in words.SHARED.values() if k in page})
    return out


def ui(lang: str, key: str, **params: Any) -> str:
    return words.t(lang, "ui." + key, **params)


# the engine's words the pages' scripts say too, by the engine's keys (defined once, there)
ENGINE_UI = ("action.declare", *(f"game.{g}" for g in GAMES))


def ui_strings(lang: str) -> dict[str, str]:
    """What a rules page's or an embed's script says (``t(key)`` in ``lesson-board.js``,
    ``embed.js``): ``rules.ui.*`` without the prefix (the page's words for the shared ones),
    the move labels ``turn.*`` and :data:`ENGINE_UI`; English fills a gap."""
    cat, en = words._CATALOGUE.get(lang, {}), words._CATALOGUE.get("en", {})
    own = {k[len("rules."):]: cat.get(k) or en[k] for k in sorted(en) if k.startswith(("rules.ui.", "rules.turn."))}
    out = {k.removeprefix("ui."): v for k, v in own.items()}
    out.update({k.removeprefix("ui."): words.template(lang, k) or k for k in words.SHARED if k.startswith("ui.")})
    out.update({k: words.engine_text(k, lang) for k in ENGINE_UI})
    return out


def _json_script(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
