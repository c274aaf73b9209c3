""""Your turn" questions on the rules pages name the whole hand they ask about.

A question that names some of the player's cards ("you hold [[AC]] and [[6S]]") must name
them all: Katte's trick-4 question once named two of Ben's three cards, and the hard bot
then answered with the third. Checked against the engine's view of the asked seat, in
every language.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

from gen.languages import languages
from rules.lesson import turn

TURN = re.compile(r"^@turn (\S+) (\d+) (\d+)\n(.*?)^@end", re.MULTILINE | re.DOTALL)
CARDS = re.compile(r"\[\[([0-9A-Z ]+)\]\]")


def questions() -> list[tuple[str, str, int, int, str]]:
    out = []
    for path in sorted((ROOT / "web" / "rules" / "src").glob("*.txt")):
        for m in TURN.finditer(path.read_text("utf-8")):
            ask = re.search(r"^ask: (.*)$", m.group(4), re.MULTILINE)
            out.append((path.name, m.group(1), int(m.group(2)), int(m.group(3)), ask.group(1) if ask else ""))
    return out


def test_there_are_questions() -> None:
    assert len(questions()) >= 20
    assert all(ask for *_, ask in questions())


@pytest.mark.parametrize("page, name, deal, action, ask", questions(),
                         ids=[f"{q[0]}-{q[3]}" for q in questions()])
def test_a_question_names_all_of_the_hand_or_none(page: str, name: str, deal: int, action: int, ask: str) -> None:
    doc = json.loads((ROOT / "web" / "rules" / "examples" / f"{name}.json").read_text("utf-8"))
    seat = int(doc["deals"][deal]["actions"][action].split()[0])
    hand = set(turn.position(doc, deal, action).view(seat)["hand"])
    named = {code for token in CARDS.findall(ask) for code in token.split()}
    held = named & hand
    assert not held or held == hand, f"{page}: names {sorted(held)} of the hand {sorted(hand)}"


def test_katte_trick_four_names_bens_three_cards() -> None:
    asks = {page: ask for page, name, _, action, ask in questions() if name == "katte-K-A" and action == 15}
    assert set(asks) == {f"katte.{lang}.txt" for lang in languages()}  # the question on every language's page
    for page, ask in asks.items():
        assert all(f"[[{c}]]" in ask for c in ("AC", "6S", "5D")), page
