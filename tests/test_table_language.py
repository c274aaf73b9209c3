"""The table's words (web/table/controller.py, text.py): the engine's refusals shown as
sentences, with the rule that refused the move; the words follow a change of language,
the computer players' names too."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.games.katte import Katte

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run_async import run as run_async

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from gen import pagedata
from gen.languages import languages
from table.controller import Table

DATA = pagedata.build(ROOT)
MESSAGES = DATA["messages"]
LANGS = languages()


def config(game: str, players: int = 4, lang: str = "en", **more: Any) -> dict[str, Any]:
    return {"game": game, "players": players, "seat": 0, "name": "Ann", "options": {}, "seed": 5,
            "lang": lang, "levels": {str(s): "easy" for s in range(1, players)}, **more}


def refused_card(t: Table) -> str | None:
    """A card of the human's hand the engine refuses now, if any."""
    m = t.match
    assert m is not None
    legal = {c for a in m.legal_actions(t.seat) for c in a.args}
    return next((c for c in m.view(t.seat)["hand"] if c not in legal), None)


def bots_until_mine(t: Table, reply: dict[str, Any]) -> dict[str, Any]:
    while reply["model"]["next"] == "bots":
        reply = run_async(t.bot_turn())
    return reply


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["katko", "kocka", "katte", "call-kitti"])
def test_a_refusal_is_a_sentence(game: str, lang: str) -> None:
    """A refused card's reason starts with a capital and ends with a full stop, in every
    game and language (Katko's and Kočka's were "you must follow suit: …")."""
    rng = random.Random(3)
    seen = 0
    for seed in range(1, 40):
        t = Table(MESSAGES, lang)
        reply = bots_until_mine(t, t.start(config(game, lang=lang, seed=seed)))
        m = t.match
        assert m is not None
        for _ in range(60):
            if m.deal_over:
                break
            if t.seat in m.to_act():
                code = refused_card(t)
                if code is not None:
                    why = t.why(code)
                    text = str(why.get("text", ""))
                    first = text.lstrip("'")[:1]  # "'Play' is not possible now: …"
                    # a capital first (where the script has capitals), the language's full stop last
                    assert first.upper() == first, (game, lang, text)
                    assert text.endswith(MESSAGES[lang].get("format.full_stop", ".")), (game, lang, text)
                    seen += 1
                reply = t.act(str(m.random_action(rng, t.seat)))
                assert "error" not in reply, reply
            reply = bots_until_mine(t, reply) if reply["model"]["next"] == "bots" else reply
        if seen >= 2:
            break
    assert seen, f"no refused card met in {game}"


def test_katte_a_non_beater_tapped_by_a_player_who_must_beat_names_must_beat() -> None:
    """Holding 10♦ and tapping 6♠ on a 6♦ lead: the reason is must-beat, not "can only be
    discarded face down" (it may not be discarded either)."""
    t = Table(MESSAGES, "en")
    m = Katte(2, seed=1, names=["Ann", "Bot 1"])
    m.start_deal([["TD", "6S", "8H", "9C", "JC", "QS"], ["6D", "2H", "3C", "4C", "5S", "7H"]], 1)
    m.apply("1 play 6D")
    t.seat_at(m, config("katte", 2))
    why = t.why("6S")
    assert why["rule"] == "K-8" and why["code"] == "must_beat", why
    assert "discarded" not in why["text"] and "Ten of diamonds" in why["text"], why["text"]


def test_the_computer_players_names_follow_the_language() -> None:
    t = Table(MESSAGES, "fi")
    reply = t.start(config("katte", 3, lang="fi", name="Botti 2"))  # a person may be called that
    names = [s["name"] for s in reply["model"]["seats"]]
    assert names[1] == "Botti 1" and names[2] == "Botti 2"
    reply = t.set_language("cs")
    names = [s["name"] for s in reply["model"]["seats"]]
    assert names == [MESSAGES["cs"]["web.you"], "Bot 1", "Bot 2"]
    assert t.match is not None and t.match.names == ["Botti 2", "Botti 1", "Botti 2"]  # the record keeps its own
