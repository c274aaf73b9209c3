"""Every message key the engine uses has English words: refusals, events, options, cards."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import GAMES, i18n
from engine.cards import FRENCH, GERMAN

ENGINE = Path(__file__).resolve().parent.parent / "engine"
ENGLISH = i18n.catalogue("en")
SOURCES = {name: (ENGINE / "games" / f"{name.replace('-', '_')}.py").read_text("utf-8") for name in GAMES}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_refusal_code_has_words(name: str) -> None:
    codes = set(re.findall(r'Refusal\(\s*"(\w+)"', SOURCES[name] + (ENGINE / "state.py").read_text("utf-8")))
    assert codes
    missing = sorted(c for c in codes if f"refusal.{c}" not in ENGLISH)
    assert not missing


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_event_kind_has_words(name: str) -> None:
    kinds = set(re.findall(r'Event\(\s*"(\w+)"', SOURCES[name]))
    missing = sorted(k for k in kinds if f"event.{name}.{k}" not in ENGLISH)
    assert not missing


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_option_has_a_label_and_a_one_line_help(name: str) -> None:
    cls = GAMES[name]
    for option in cls.option_metadata(cls.MIN_PLAYERS):
        assert ENGLISH.get(option["label"]), option["key"]
        help_text = ENGLISH.get(option["help"], "")
        assert help_text and "\n" not in help_text, option["key"]
    assert ENGLISH.get(f"game.{name}")


def test_every_card_has_a_full_name() -> None:
    for deck in (FRENCH, GERMAN):
        names = {i18n.card_name(deck.code(c), deck.name) for c in range(deck.size)}
        assert len(names) == deck.size
        assert not any("card." in n for n in names)
    assert i18n.card_name("UA", "german") == "Unter of acorns"
    assert i18n.card_name("TD", "french") == "Ten of diamonds"
