"""engine/bots/plan.py: the plan search every game shares (issue 52), on tiny made-up games,
and the Katko and Kočka worlds it searches.

A toy world is a hidden bit ``h``. The bot makes a guess, then (in the two-step games) the
others "answer" and the bot guesses again; a guess scores 1 when it equals ``h``. What the
bot sees of the answers is the toy's ``reveal``: nothing, or the bit itself."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from random import Random
from typing import Any

import pytest

from engine.bots import make_bot
from engine.bots import plan as shared
from engine.bots.base import Budget
from engine.bots.katko import plan as katko_plan
from engine.bots.katko.policy import medium_choice
from engine.bots.katko.sim import card_of
from engine.bots.katko.worlds import read
from engine.games import GAMES


@dataclass
class Toy:
    h: int
    guesses: list[int] = field(default_factory=list)


class ToyGame:
    """Two guesses of the hidden bit; the others' answer between them shows the bit when
    ``reveal`` (else nothing). Worth one point per right guess."""

    def __init__(self, reveal: bool, rounds: int = 2, base: int = 0) -> None:
        self.reveal, self.rounds, self.base_move = reveal, rounds, base

    def play(self, world: Toy, move: int) -> Toy:
        return Toy(world.h, world.guesses + [move])

    def advance(self, world: Toy, me: int) -> tuple[Any, ...]:
        return (world.h,) if self.reveal else ()

    def over(self, world: Toy) -> bool:
        return len(world.guesses) == self.rounds

    def value(self, world: Toy, me: int) -> float:
        return float(sum(g == world.h for g in world.guesses))

    def legal(self, world: Toy) -> list[int]:
        return [0, 1]

    def base(self, world: Toy) -> int:
        return self.base_move


def worlds(*bits: int) -> list[tuple[Toy, float]]:
    return [(Toy(b), 1.0) for b in bits]


def value_after(game: ToyGame, ws: list[tuple[Toy, float]], move: int,
                policy: dict[shared.InfoSet, int] | None = None, learn: bool = True) -> float:
    got: float = shared.run(shared.after(game, ws, 0, (), move, {} if policy is None else policy, learn,
                                         shared.Clock()))
    return got


def test_worlds_the_bot_cannot_tell_apart_get_one_move() -> None:
    # the answer shows nothing: the second guess is one move for both worlds (right in one)
    assert value_after(ToyGame(reveal=False), worlds(0, 1), 0) == 1.0 + 1.0
    # the answer shows the bit: two information sets, each with its own right guess
    assert value_after(ToyGame(reveal=True), worlds(0, 1), 0) == 1.0 + 2.0


def test_the_policy_is_keyed_by_what_the_bot_saw() -> None:
    game = ToyGame(reveal=True)
    policy: dict[shared.InfoSet, int] = {}
    learnt = value_after(game, worlds(0, 1, 1), 1, policy)
    assert policy == {(1, (0,)): 0, (1, (1,)): 1}
    assert value_after(game, worlds(0, 1, 1), 1, policy, learn=False) == learnt == 1.0 * 2 + 3.0


def test_a_tie_goes_to_the_medium_move() -> None:
    for base in (0, 1):
        policy: dict[shared.InfoSet, int] = {}
        value_after(ToyGame(reveal=False, base=base), worlds(0, 1), 0, policy)
        assert policy == {(0, ()): base}


def test_an_information_set_not_learnt_plays_the_medium_move() -> None:
    game = ToyGame(reveal=True, base=1)
    # learnt on worlds where the bit is 0 only: the set "saw 1" was never met there
    policy: dict[shared.InfoSet, int] = {}
    value_after(game, worlds(0, 0), 0, policy)
    assert value_after(game, worlds(1), 0, policy, learn=False) == 1.0  # base guess 1: right


def test_halves_split_in_order() -> None:
    ws = worlds(0, 1, 0, 1, 1)
    a, b = shared.halves(ws)
    assert a + b == ws and len(a) == 2 and len(b) == 3


def test_the_later_choices_are_scored_on_the_half_that_did_not_choose_them() -> None:
    # the answer shows nothing; one half of the worlds has the bit 0, the other 1: a second
    # guess learnt on one half is wrong on the other, so held out it scores nothing, where
    # scored on the worlds that chose it, it would score every world
    game = ToyGame(reveal=False, base=1)
    ws = worlds(0, 0, 1, 1)
    first = 1
    held_out = shared.run(shared.cross_fitted(game, ws, 0, [first]))
    assert held_out == {first: 2.0}  # the first guess right in the bit-1 worlds, the second never
    a, b = shared.halves(ws)
    in_sample = shared.run(shared.root_values(game, a, a, 0, [first]))[first] + \
        shared.run(shared.root_values(game, b, b, 0, [first]))[first]
    assert in_sample == 2.0 + 4.0


def test_a_one_step_game_scores_each_root_move_on_every_world() -> None:
    game = ToyGame(reveal=False, rounds=1)
    assert shared.run(shared.cross_fitted(game, worlds(0, 1, 1, 1), 0, [0, 1])) == {0: 1.0, 1: 3.0}


def test_katko_worlds_answer_as_the_medium_bots_do() -> None:
    # a world holding the true hands, advanced by the plan search's model of the others,
    # plays exactly the cards the medium bots play in the match (what each seat knows in
    # the world is what its view says)
    checked = 0
    for seed in range(1, 61):
        match = GAMES["katko"].new(4, {}, seed=seed)
        bots = [make_bot("katko", "medium", seed=s) for s in range(4)]
        world: katko_plan.World | None = None
        game: katko_plan.KatkoPlan | None = None
        while not match.deal_over:
            seat = match.to_act()[0]
            view = match.view(seat)
            action = bots[seat].decide(view).action
            card = card_of(action.split()[2])
            if world is None and seat == 0 and len(view["hand"]) == 3:
                info = read(view)
                game = katko_plan.KatkoPlan(info)
                truth: Any = match
                got = shared.run(katko_plan.draw(info, view, Random(seed), 1))[0][0]
                world = katko_plan.World(info.sim([list(h) for h in truth.hands]), got.plays,
                                         got.forbidden, got.unseen)
                assert game.base(world) == medium_choice(info)[0]
            if world is not None and game is not None:
                # seat 0 is a medium bot too: its own medium move in the world is its card
                assert (game.base(world) if seat == 0 else game.medium(world)) == card
                checked += 1
                world.play(card, game.probe)
            match.apply(action)
        assert world is None or world.sim.over
    assert checked > 300



def _seat0_views(game: str, seed: int, cards: int) -> list[dict[str, Any]]:
    """Seat 0's play decisions with a choice at ``cards`` cards in hand or fewer, in a deal
    played by medium bots."""
    match = GAMES[game].new(4, {}, seed=seed)
    bots = [make_bot(game, "medium", seed=s) for s in range(4)]
    views = []
    while not match.deal_over:
        for seat in match.to_act():
            if seat not in match.to_act():
                continue
            view = match.view(seat)
            if seat == 0 and view["phase"] == "play" and len(view["legal"]) > 1 and len(view["hand"]) <= cards:
                views.append(view)
            match.apply(bots[seat].decide(view).action)
    return views


@pytest.mark.parametrize(("game", "module", "setting", "cards"), [
    ("kocka", "engine.bots.kocka.plan", ("PLAN_CARDS", 6), 6),
    ("katko", "engine.bots.katko.plan", ("PLAN_SEATS", (4,)), 3),
])
def test_a_hard_bot_with_the_plan_search_on_decides_a_legal_move_the_same_twice(
        game: str, module: str, setting: tuple[str, Any], cards: int, monkeypatch: pytest.MonkeyPatch) -> None:
    plan = importlib.import_module(module)
    monkeypatch.setattr(plan, *setting)
    searches = []
    search = plan.plan_search

    def counted(*args: Any) -> Any:
        searches.append(args)
        return search(*args)

    monkeypatch.setattr(plan, "plan_search", counted)
    views = [v for seed in (1, 2) for v in _seat0_views(game, seed, cards)]
    assert views
    for view in views:
        a = make_bot(game, "hard", seed=5, budget=Budget(samples=20)).decide(view).action
        b = make_bot(game, "hard", seed=5, budget=Budget(samples=20)).decide(view).action
        assert a == b and a in view["legal"]
    assert len(searches) == 2 * len(views)  # every one of them decided by the plan search
