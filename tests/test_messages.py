"""Every message key the engine uses has English words: refusals, events, options, cards."""

from __future__ import annotations

import json
import re
import sys
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


# ------------------------------------------------------------ names of cards, the human's seat

ROOT = ENGINE.parent
sys.path.insert(0, str(ROOT / "web"))

from table.text import Text


def page_words(lang: str) -> dict[str, str]:
    """One language's words as the page has them (web, then engine; English fills gaps)."""
    def load(path: Path) -> dict[str, str]:
        data: dict[str, str] = json.loads(path.read_text("utf-8"))
        return data
    out: dict[str, str] = {}
    for code in ("en", lang):
        out.update(load(ROOT / "web" / "i18n" / f"{code}.json"))
        out.update(i18n.catalogue(code))
    return out


def text(lang: str, deck: str = "french", me: int = 0) -> Text:
    return Text(page_words(lang), deck, ["Pavel", "Bot 1", "Bot 2", "Bot 3"], me)


def test_czech_cards_are_named_as_players_say_them() -> None:
    """Suit adjective + rank, with the rank's gender, in the case the sentence needs."""
    names = {c: i18n.card_name(c, "french", "cs") for c in ("AH", "QS", "7D", "JC", "KH")}
    assert names == {"AH": "srdcové eso", "QS": "piková dáma", "7D": "kárová sedmička", "JC": "křížový kluk",
                     "KH": "srdcový král"}
    german = [i18n.card_name(c, "german", "cs") for c in ("OL", "UA", "7B", "AH")]
    assert german == ["zelený svršek", "žaludský spodek", "kulová sedma", "srdcové eso"]
    assert i18n.card_name("OL", "german", "cs", "acc") == "zeleného svrška"
    assert i18n.card_name("7H", "german", "cs", "ins") == "srdcovou sedmou"
    assert i18n.card_name("AS", "french", "cs", "ins") == "pikovým esem"
    every = {i18n.card_name(deck.code(c), deck.name, "cs", case) for deck in (FRENCH, GERMAN)
             for c in range(deck.size) for case in ("", "acc", "ins")}
    assert not any("card." in n or "{" in n for n in every)
    # the table names cards the same way, from the page's words
    assert text("cs", "german").card("OL") == "zelený svršek"
    assert text("cs", "german").card("OL", case="acc") == "zeleného svrška"
    # the rules pages too
    from rules.lesson import words
    assert words.card_name("OL", "german", "cs") == "zelený svršek"
    assert words.card_name("QS", "french", "cs") == "piková dáma"


def test_czech_hints_decline_the_cards() -> None:
    hint = i18n.render("hint.kocka.duck", {"best": "OL", "card": "7H", "deck": "german"}, "cs")
    assert hint.startswith("Podlez zeleného svrška srdcovou sedmou:")
    hint = i18n.render("hint.katte.beat", {"best": "KC", "card": "AC", "cards": ["6S", "5D"], "deck": "french"}, "cs")
    assert hint == "Přebij křížového krále křížovým esem a na konec si nech pikovou šestku, károvou pětku"
    assert text("cs").render("hint.katko.play", {"card": "QH"}) == "Zahraj srdcovou dámu"
    refusal = i18n.render("refusal.follow_suit", {"suit": "L", "deck": "german"}, "cs")
    assert refusal == "musíš ctít barvu (zelené)"


def test_finnish_cards_and_beating() -> None:
    assert i18n.card_name("5D", "french", "fi") == "ruutuvitonen"
    assert i18n.card_name("6S", "french", "fi") == "patakutonen"
    assert i18n.card_name("OL", "german", "fi") == "lehtiober"
    must = i18n.render("refusal.must_beat", {"best": "9S", "cards": ["TS"], "deck": "french"}, "fi")
    assert must.startswith("voit mennä kortin pataysi yli, joten sinun on mentävä yli")


def test_refusal_verbs_are_in_the_players_language() -> None:
    params = {"verb": "discard", "expected": "play, discard"}
    assert i18n.render("refusal.wrong_verb", {"verb": "bid", "expected": "play"}, "cs") == \
        "teď nemůžeš hlásit: teď můžeš zahrát"
    fi = i18n.render("refusal.wrong_verb", params, "fi")
    assert fi == "hylkääminen ei ole nyt mahdollista: nyt on vuorossa pelaaminen tai hylkääminen"
    assert "discard" not in fi and "play" not in fi


@pytest.mark.parametrize("lang, you", [("en", "You"), ("fi", "Sinä"), ("cs", "Ty")])
def test_the_humans_seat_is_you(lang: str, you: str) -> None:
    t = text(lang, me=2)
    assert t.name(2) == you and t.name(1) == "Bot 1"
    assert t.names[2] == "Bot 2"  # the names themselves (for records) are kept
    assert t.lang == lang  # the catalogue says which language it is


def test_sentences_about_the_human_are_in_the_second_person() -> None:
    t = text("en")
    played = {"kind": "played", "seat": 0, "card": "AH"}
    assert t.event(played) == "You play Ace of hearts."
    assert t.event({**played, "seat": 1}) == "Bot 1 plays Ace of hearts."
    assert t.event({"kind": "trick_won", "seat": 0, "trick": 2, "card": "AH"}) == "You take trick 2 with Ace of hearts."
    started = {"kind": "deal_started", "n": 3, "dealer": 1, "leader": 0}
    assert t.event(started) == "Deal 3: Bot 1 deals, you lead."
    assert t.event({**started, "dealer": 0, "leader": 1}) == "Deal 3: you deal, Bot 1 leads."
    assert t.event({**started, "dealer": 2, "leader": 1}) == "Deal 3: Bot 2 deals, Bot 1 leads."
    assert t.you("web.katte.winner", 0, reason="x") == "You win the hand: x."
    assert t.you("web.katte.winner", 3, reason="x") == "Bot 3 wins the hand: x."
    assert t.you("web.katte.shown", 0) == "Your hand"
    fi, cs = text("fi"), text("cs")
    assert fi.event(played) == "Pelaat kortin herttaässä."
    assert cs.event(played) == "Hraješ: srdcové eso."
    assert cs.event({**started, "dealer": 0, "leader": 1}) == "Rozdání 3: rozdáváš ty, vynáší Bot 1."
    assert fi.event({"kind": "bid", "seat": 0, "number": 2}, game="call-kitti") == "Tarjoat 2."


def test_one_eliminated_seat_is_one_player() -> None:
    t = text("cs")
    out = {"kind": "eliminated", "seats": [2]}
    assert t.event(out, game="katte") == "Bot 2 vypadává z rozdání bez štychu."
    assert t.event({**out, "seats": [1, 3]}, game="katte") == "Bez štychu z rozdání vypadávají Bot 1, Bot 3."
    assert t.event({**out, "seats": [0]}, game="katte") == "Vypadáváš z rozdání bez štychu."
    assert text("fi").event(out, game="katte") == "Bot 2 putoaa jaosta ilman tikkiä."
    assert text("en").event({**out, "seats": [0]}, game="katte") == "You are out of the hand with no trick."


def test_a_reason_about_the_human_is_in_the_second_person() -> None:
    t = text("cs")
    result = {"kind": "deal_result", "winner": 0, "reason": "all_four_tricks"}
    assert t.event(result, game="katte") == "Rozdání vyhráváš: máš všechny čtyři štychy."
    assert t.event({**result, "winner": 1}, game="katte") == "Rozdání vyhrává Bot 1: má všechny čtyři štychy."
    assert t.you("web.katte.winner", 0, reason=t.reason("all_four_tricks", 0)) == \
        "Rozdání vyhráváš: máš všechny čtyři štychy."
    assert t.reason("all_four_tricks", 2) == "má všechny čtyři štychy"
    assert text("en").reason("all_four_tricks", 0) == "won all four tricks"
