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

__all__ = ["GAMES", "LANGS", "LANG_NAMES", "RULES", "WEB", "RulesError", "_json_script", "catalogue",
           "lesson_steps", "ui", "words"]

LANGS = ("en", "fi", "cs")
GAMES = ("katte", "katko", "call-kitti", "kocka")
LANG_NAMES = {"en": "English", "fi": "Suomi", "cs": "Čeština"}


class RulesError(Exception):
    """A page source or example that cannot be built, said in words."""


# ------------------------------------------------------------------ strings


def catalogue(web: Path = WEB) -> dict[str, dict[str, str]]:
    """lang → the ``rules.*`` strings: ``web/i18n/rules/<lang>.json``, a catalogue of
    their own so that they stay out of the lobby's page data."""
    out: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        data = json.loads((web / "i18n" / "rules" / f"{lang}.json").read_text("utf-8"))
        out[lang] = {k: v for k, v in data.items() if k.startswith(("rules.", "hint."))}
    return out


def ui(lang: str, key: str, **params: Any) -> str:
    return words.t(lang, "ui." + key, **params)


def _json_script(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
