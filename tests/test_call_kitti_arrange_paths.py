"""Call Kitti's fast arrangement paths equal the general ones (issue 18, left from issue 11).

A bot's playouts build many arrangements, so the engine has three shortcuts:
``arrange_action`` builds the canonical action for well-shaped sets of ints without
writing the notation out and reading it back, ``_check_arrangement`` reads a
canonical action's cards without splitting its words, and ``random_action`` draws a
split that ``apply`` takes without checking it. Whatever the input, good or bad,
each shortcut must give exactly what the general path gives: the same action (or the
same error), the same verdict and the same match after it.
"""

from __future__ import annotations

import random
from typing import Any
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import EngineError, new_match
from engine.actions import Action
from engine.cards import FRENCH
from engine.games import call_kitti
from engine.games.call_kitti import CallKitti

MANY = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def table(seed: int) -> CallKitti:
    m = new_match("call-kitti", 4, seed=seed)
    assert isinstance(m, CallKitti)
    return m


@st.composite
def splits(draw: st.DrawFn) -> tuple[CallKitti, int, list[list[Any]], Any]:
    """A table, a seat, and four "sets" and a "discard" for it: mostly the seat's own 13
    cards split in any order, else broken in one of the ways a caller could break them
    (a card of another hand, in a set or as the discard, a card twice, a set too short or too long, a fifth set, a
    number outside the deck, a bool)."""
    m = table(draw(st.integers(0, 10_000)))
    seat = draw(st.integers(0, 3))
    cards: list[Any] = draw(st.permutations(sorted(m.hands[seat])))
    sets = [cards[i:i + 3] for i in range(0, 12, 3)]
    discard: Any = cards[12]
    flaw = draw(st.sampled_from(["none", "none", "other_hand", "other_discard", "twice", "short", "long", "fifth",
                                 "outside", "bool"]))
    i, j = draw(st.integers(0, 3)), draw(st.integers(0, 2))
    if flaw == "other_hand":
        sets[i][j] = draw(st.sampled_from(sorted(m.hands[(seat + 1) % 4])))
    elif flaw == "other_discard":
        discard = draw(st.sampled_from(sorted(m.hands[(seat + 2) % 4])))
    elif flaw == "twice":
        sets[i][j] = discard
    elif flaw == "short":
        sets[i] = sets[i][:2]
    elif flaw == "long":
        sets[i] = [*sets[i], discard]
    elif flaw == "fifth":
        sets.append([discard, *sets[i][:2]])
    elif flaw == "outside":
        sets[i][j] = draw(st.sampled_from([-1, FRENCH.size, 99]))
    elif flaw == "bool":
        sets[i][j] = True
    return m, seat, sets, discard


def general(m: CallKitti, seat: int, sets: list[list[Any]], discard: Any) -> Action:
    """The general path: the notation written out and parsed."""
    words = " / ".join(" ".join(FRENCH.codes(list(s))) for s in sets)
    return m.parse(f"{seat} arrange {words} / {FRENCH.code(discard)}")


def outcome(fn: Any) -> tuple[str, Any]:
    try:
        return "ok", fn()
    except (EngineError, ValueError, IndexError, TypeError, KeyError) as e:
        return "error", type(e).__name__


@MANY
@given(splits())
def test_arrange_action_is_the_parsed_action(case: tuple[CallKitti, int, list[list[Any]], Any]) -> None:
    m, seat, sets, discard = case
    fast = outcome(lambda: m.arrange_action(seat, sets, discard))
    slow = outcome(lambda: general(m, seat, sets, discard))
    assert fast == slow, (sets, discard)
    if fast[0] == "ok":
        assert m.check(fast[1]) == m.check(slow[1])


@MANY
@given(splits())
def test_the_checks_shortcut_judges_as_the_general_check(case: tuple[CallKitti, int, list[list[Any]], Any]) -> None:
    """The check reads a canonical action's cards directly (its shortcut: every word a
    known code, one "/" after each set); with the shortcut switched off (no code known to
    it), the general branch must give the same verdict, refusal for refusal."""
    m, seat, sets, discard = case
    got = outcome(lambda: general(m, seat, sets, discard))
    if got[0] != "ok":
        return
    action: Action = got[1]
    with_shortcut = m.check(action)
    with mock.patch.object(call_kitti, "_CARD", {}):
        without = m.check(action)
    assert with_shortcut == without, (action, with_shortcut, without)


@MANY
@given(st.integers(0, 10_000), st.integers(0, 10_000), st.lists(st.integers(0, 3), min_size=1, max_size=6))
def test_a_random_arrangement_is_legal_and_applies_as_if_checked(deal: int, draw: int, seats: list[int]) -> None:
    """``random_action`` draws the seat's own 13 cards split at random, and ``apply`` skips
    the check for it: it must be the action the notation parses to, one the check passes,
    and leave the match exactly as the same action applied from its text (checked) does."""
    m, twin = table(deal), table(deal)
    rng = random.Random(draw)
    for seat in seats:
        if m.phase != "arrange" or seat not in m.to_act():
            continue
        action = m.random_action(rng, seat)
        assert action == m.parse(str(action))
        assert m.check(action) is None
        assert sorted(FRENCH.parse(c) for c in action.args if c != "/") == sorted(m.hands[seat])
        assert m.apply(action) == twin.apply(str(action))
        assert m.to_record() == twin.to_record() and m.view(seat) == twin.view(seat)
