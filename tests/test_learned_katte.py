"""engine/bots/katte/learned.py and train.py: the hard Katte bot's learned policy for its own
later cards in the playouts (issue 52, requirement 3).

What a player would check of such a policy: it cannot see the others' cards (the same choice
in every world of what the seat knows), its weights are reproducible from the log and seed and
learn what the log teaches, the shipped file fits the code and the page's budget, and the
playouts use it for the bot's own cards only."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random

import pytest

from engine.bots import Budget, make_bot
from engine.bots.katte import hard, learned, train
from engine.bots.katte.policy import medium_move
from engine.bots.katte.sim import Sim
from engine.bots.katte.worlds import Facts, sample_world
from engine.games import GAMES


def decisions(deals: int, level: str = "medium") -> list[Facts]:
    """Seat 0's decisions with a choice in tricks 1–4, in deals played by ``level`` bots."""
    out = []
    for seed in range(1, deals + 1):
        match = GAMES["katte"].new(4, {}, seed=seed)
        bots = [make_bot("katte", level, seed=s) for s in range(4)]
        while not match.deal_over:
            seat = match.to_act()[0]
            view = match.view(seat)
            if seat == 0 and view["trick_number"] <= 4 and len(view["legal"]) > 1:
                out.append(Facts(view))
            match.apply(bots[seat].decide(view).action)
    return out


def test_the_learned_move_is_the_same_in_every_world_the_seat_cannot_tell_apart() -> None:
    rng = Random(7)
    weights = [rng.uniform(-2, 2) for _ in range(learned.SIZE)]  # any weights at all
    checked = 0
    for facts in decisions(12):
        picks = set()
        for _ in range(6):
            got = sample_world(facts, rng)
            if got is None:
                continue
            world = got[0]
            picks.add(learned.choose(weights, world, world.legal(), medium_move(world)))
            checked += 1
        assert len(picks) <= 1, "the learned move read a card the seat cannot see"
    assert checked > 100


def test_shipped_weights_fit_the_features_and_the_pages_budget() -> None:
    path = Path(learned.__file__).with_name("learned.json")
    assert path.stat().st_size <= 200_000  # issue 52: at most 200 KB
    data = json.loads(path.read_text("utf-8"))
    assert len(learned.load(path.read_text("utf-8"))) == learned.SIZE
    assert data["about"]["choices"] >= 1_000_000  # fitted on a million logged choices or more
    data["levels"]["rank"] = 12
    with pytest.raises(ValueError, match="retrain"):
        learned.load(json.dumps(data))


def planted(count: int, seed: int) -> list[train.Example]:
    """Logged-looking choices from real positions whose label is always the highest card
    (a rule medium does not follow): what a fit must be able to learn."""
    rng = Random(seed)
    out: list[train.Example] = []
    positions = decisions(30)
    while len(out) < count:
        facts = positions[rng.randrange(len(positions))]
        world = sample_world(facts, rng)
        if world is None:
            continue
        sim = world[0]
        moves = sim.legal()
        medium = medium_move(sim)
        label = max(range(len(moves)), key=lambda i: (moves[i][0] % 13, moves[i][1], -i))
        values = [1.0 if i == label else 0.0 for i in range(len(moves))]
        out.append((learned.features(sim, moves, medium), label, 1.0, values, moves.index(medium)))
    return out


def test_a_fit_learns_what_the_log_teaches_and_is_reproducible_from_its_seed() -> None:
    examples = planted(900, seed=3)
    fit, held = examples[:600], examples[600:]
    weights = train.fit(fit, seed=5, epochs=3)
    assert weights == train.fit(fit, seed=5, epochs=3)  # the same log and seed: the same weights
    before = train.scores([0.0] * learned.SIZE, held)  # no weights: medium's move every time
    after = train.scores(weights, held)
    assert after["model picks the search's move"] > 0.9
    assert after["kept by the model"] > before["kept by the model"] + 0.2


def test_the_log_records_what_the_seat_knew_and_each_moves_value(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    with path.open("w") as out:
        count = train.log(deals=1, seed=11, worlds=12, out=out)
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert count == len(rows) > 0
    for r in rows:
        sim = train.position(r)
        assert sorted(sim.legal()) == sorted((c, up) for c, up in r["moves"])  # the same legal moves
        assert max(r["values"]) > min(r["values"])  # only choices with something at stake
        assert not any(sim.hands[s] for s in range(4) if s != r["seat"])  # nobody else's cards


def test_the_playouts_play_only_the_bots_own_cards_by_the_learned_policy(monkeypatch: pytest.MonkeyPatch) -> None:
    own_moves: list[tuple[int, int]] = []

    def spy(sim: Sim) -> tuple[int, bool]:
        own_moves.append((sim.turn, sim.trick_no))
        return medium_move(sim)

    monkeypatch.setattr(learned, "learned_move", spy)
    rng = Random(2)
    for facts in decisions(6):
        world = sample_world(facts, rng)
        if world is not None:
            before = len(own_moves)
            hard.play_out(world[0].clone(), facts.me)  # without: the medium rules only
            assert len(own_moves) == before
            hard.play_out(world[0], facts.me, own=True)
    assert own_moves
    assert {seat for seat, _ in own_moves} == {0}
    assert learned.LEARNED_FROM <= min(trick for _, trick in own_moves)
    assert max(trick for _, trick in own_moves) < learned.LEARNED_UNTIL


def test_the_hard_bot_plays_it_in_its_playouts_at_the_table_sizes_screened(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []

    def spy(sim: Sim) -> tuple[int, bool]:
        asked.append(sim.n)
        return medium_move(sim)

    monkeypatch.setattr(learned, "learned_move", spy)
    for players in (4, 5, 6):
        match = GAMES["katte"].new(players, {}, seed=3)
        bot = make_bot("katte", "hard", seed=1, budget=Budget(samples=12))
        view = match.view(match.to_act()[0])  # trick 1: playouts, not the plan search
        bot.decide(view)
    assert set(asked) == set(learned.LEARNED_SEATS) & {4, 5, 6}
    assert asked  # six seats: the learned policy's cards in the playouts
