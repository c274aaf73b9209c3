"""Command-line tooling: teach the hard Katte bot's learned policy (:mod:`.learned`) from the
plan search's own choices, and write ``learned.json`` (issue 52, requirement 3).

Not used by the bots at play (the page need not ship it). Three steps:

``log``
    plays deals with the hard bot in seat 0 against three medium ones (the positions the
    bot meets) and, at each of seat 0's decisions with a choice in tricks 1–4, runs the plan
    search (:mod:`.plan`, W worlds, both halves learning) and writes one JSON line for every
    choice it learns between moves not all worth the same (nine in ten are, and teach
    nothing): what the seat knew there (its hand, its
    discards, the face-up cards, the tricks won, the trick so far), the legal moves, medium's
    move, and each move's value over the information set's worlds.
``fit``
    trains the conditional logit of :mod:`.learned` on a log: the label is the move the
    search chose (the best value, a tie to medium's), each decision weighed by what it puts
    at stake (its best value less its worst, as a share of the half's worlds: a decision
    whose moves are all alike teaches nothing). Stochastic gradient with AdaGrad and an L2
    penalty, the decisions shuffled by ``--seed``; the last tenth of the log's deals is held
    out and scored (how much of the value at stake the model's move keeps, beside medium's).
``check``
    the same held-out scores for the weights already in ``learned.json``, and the time one
    choice takes in this Python.
``duel``
    the learned policy as a player: its cards of the tricks the hard bot uses it for, the
    medium rules' others, against three medium seats, and the same deals with the medium
    rules' cards; the hands won more, with a 95% interval (a quick yardstick: 40,000 deals
    in seconds).

``python -m engine.bots.katte.train log --deals 263 --seed 1 --out katte_plan_full.jsonl`` then
``python -m engine.bots.katte.train fit katte_plan_full.jsonl --seed 1`` reproduce the shipped
weights (docs/bot-experiments.md gives the counts used).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any, TextIO

from ...games import GAMES
from .. import make_bot
from .. import plan as shared
from . import learned
from .hard import surprise_for
from .learned import CONTEXTS, LEVELS, SIZE, choose, features, load, shipped
from .plan import KATTE, draw
from .policy import medium_move
from .sim import Move, Sim, automatic, new_hand, parse_move
from .worlds import Facts

LEARNED = Path(__file__).with_name("learned.json")
HOLD_OUT = 10  # every tenth deal (by seed) is held out of the fit and scored


def position(record: dict[str, Any]) -> Sim:
    """A simulator position with what the logged seat knew (the others' hands empty)."""
    n = len(record["won"])
    sim = object.__new__(Sim)
    sim.n = n
    sim.hands = [[] for _ in range(n)]
    sim.hands[record["seat"]] = list(record["hand"])
    sim.won = list(record["won"])
    sim.out = list(record["out"])
    sim.active = n - sum(sim.out)
    sim.gone = [0] * n
    sim.gone[record["seat"]] = record["gone"]
    sim.seen = record["seen"]
    sim.trick_no = record["trick"]
    sim.best = record["best"]
    sim.winner = record["winner"]
    sim.plays = record["plays"]
    sim.turn = record["seat"]
    sim.result = -1
    return sim


def _record(deal: int, world: Sim, total: float, moves: list[Move], values: dict[Move, float]) -> dict[str, Any]:
    me = world.turn
    return {
        "deal": deal, "seat": me, "hand": sorted(world.hands[me]), "won": world.won, "out": world.out,
        "gone": world.gone[me], "seen": world.seen, "trick": world.trick_no, "best": world.best,
        "winner": world.winner, "plays": world.plays,
        "moves": [[c, up] for c, up in moves], "medium": list(medium_move(world.clone())),
        "values": [round(values[m] / total, 6) for m in moves],  # as a share of the half's worlds
    }


def log(deals: int, seed: int, worlds: int, out: TextIO, minutes: float | None = None) -> int:
    """Play ``deals`` deals from ``seed`` (the hard bot in seat 0, three medium) and log every
    choice with something at stake that the plan search learns at seat 0's decisions; the
    number of choices logged."""
    start = time.monotonic()
    # the bot as it plays without the learned policy: the log must not depend on the weights
    # it is to teach (and with the same seeds it is the same log)
    kept, learned.LEARNED_SEATS = learned.LEARNED_SEATS, ()
    try:
        count = _log(deals, seed, worlds, out, start, minutes)
    finally:
        learned.LEARNED_SEATS = kept
    return count


class _Log:
    """Writes each choice with something at stake that the plan search tells it of."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.count = 0
        self.deal = 0
        self.half = 1.0  # the weight of half the worlds: values are logged as a share of it

    def __call__(self, group: list[tuple[Any, float]], moves: list[Any], values: dict[Any, float]) -> None:
        if max(values.values()) - min(values.values()) <= 1e-9:
            return  # nothing at stake: nothing to learn
        self.out.write(json.dumps(_record(self.deal, group[0][0], self.half, moves, values)) + "\n")
        self.count += 1


def _log(deals: int, seed: int, worlds: int, out: TextIO, start: float, minutes: float | None) -> int:
    watch = _Log(out)
    for deal in range(seed, seed + deals):
        if minutes is not None and time.monotonic() - start > minutes * 60:
            break
        match = GAMES["katte"].new(4, {}, seed=deal)
        bots = [make_bot("katte", "hard" if s == 0 else "medium", seed=deal * 31 + s) for s in range(4)]
        rng = Random(deal)
        watch.deal = deal
        while not match.deal_over:
            seat = match.to_act()[0]
            view = match.view(seat)
            action = bots[seat].decide(view).action
            if seat == 0 and len(view["legal"]) > 1:
                facts = Facts(view)
                if facts.sim.trick_no <= 4:
                    found = shared.run(draw(facts, rng, worlds, surprise_for(facts.sim.n)))
                    watch.half = sum(w for _, w in found[: len(found) // 2]) or 1.0
                    moves = [parse_move(a) for a in view["legal"]]
                    shared.run(shared.cross_fitted(KATTE, found, 0, moves, watch=watch))
            match.apply(action)
        print(f"deal {deal}: {watch.count} choices logged, {time.monotonic() - start:.0f} s", file=sys.stderr)
    return watch.count


Example = tuple[list[list[int]], int, float, list[float], int]
"""A logged choice ready to fit: each move's features, the label (the search's move), the
weight (the value at stake), each move's value, medium's move."""


def examples(lines: Iterator[str], held_out: bool) -> Iterator[Example]:
    """The log's choices with something at stake, from the held-out deals or the others."""
    for line in lines:
        r = json.loads(line)
        if (r["deal"] % HOLD_OUT == 0) != held_out:
            continue
        values: list[float] = r["values"]
        stake = max(values) - min(values)
        if stake <= 1e-9:
            continue
        moves: list[Move] = [(c, up) for c, up in r["moves"]]
        medium = (r["medium"][0], r["medium"][1])
        base = moves.index(medium) if medium in moves else 0
        label = max(range(len(moves)), key=lambda i: (round(values[i], 9), i == base))
        yield features(position(r), moves, medium), label, stake, values, base


def fit(train: list[Example], seed: int, epochs: int = 4, rate: float = 0.1, l2: float = 1e-5) -> list[float]:
    """The conditional logit's weights by stochastic gradient (AdaGrad), decisions in an order
    shuffled by ``seed``: the same log and seed give the same weights."""
    rng = Random(seed)
    w = [0.0] * SIZE
    g2 = [1e-8] * SIZE
    order = list(range(len(train)))
    for _ in range(epochs):
        rng.shuffle(order)
        for k in order:
            feats, label, weight, _, _ = train[k]
            scores = [sum(w[i] for i in f) for f in feats]
            top = max(scores)
            exps = [math.exp(s - top) for s in scores]
            z = sum(exps)
            for j, f in enumerate(feats):
                grad = weight * (exps[j] / z - (1.0 if j == label else 0.0))
                for i in f:
                    g = grad + l2 * w[i]
                    g2[i] += g * g
                    w[i] -= rate * g / math.sqrt(g2[i])
    return w


def scores(weights: list[float], held: list[Example]) -> dict[str, float]:
    """On held-out choices: the share of the value at stake each policy keeps (1: always the
    search's best; medium's own, and the model's), and how often the model picks the label."""
    kept_model = kept_medium = stake_sum = agree = 0.0
    for feats, label, stake, values, base in held:
        pick = max(range(len(feats)), key=lambda j: (sum(weights[i] for i in feats[j]), j == base))
        low = min(values)
        kept_model += values[pick] - low
        kept_medium += values[base] - low
        stake_sum += stake
        agree += pick == label
    n = max(len(held), 1)
    return {"choices": len(held), "kept by the model": kept_model / (stake_sum or 1),
            "kept by medium": kept_medium / (stake_sum or 1), "model picks the search's move": agree / n}


def write(weights: list[float], about: dict[str, Any], path: Path = LEARNED) -> None:
    """``learned.json``: the layout it fits, how it was made, and the weights (4 decimals)."""
    data = {"about": about, "levels": LEVELS, "contexts": CONTEXTS, "weights": [round(x, 4) for x in weights]}
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")


def time_choice(log_path: Path, weights: list[float], count: int = 2000) -> float:
    """Microseconds per choice of the learned policy (features and scores, medium's move
    included) on logged positions, in this Python."""
    rows = []
    with log_path.open() as f:
        for line in f:
            r = json.loads(line)
            rows.append(position(r))
            if len(rows) == count:
                break
    start = time.perf_counter()
    for sim in rows:
        choose(weights, sim, sim.legal(), medium_move(sim))
    return (time.perf_counter() - start) / max(len(rows), 1) * 1e6


def duel(weights: list[float], deals: int, seed: int, players: int = 4) -> tuple[float, float, int]:
    """The learned policy as a player: seat 0 plays its cards of the tricks it is used for
    (``learned.LEARNED_FROM`` … ``LEARNED_UNTIL`` − 1) and the medium rules' other cards, three
    medium seats the rest; the same deals (seeded, no automatic hand) played again
    with the medium rules for seat 0 too. Seat 0's hands won more than medium's, in points,
    with a 95% interval half-width, and the deals played."""
    rng = Random(seed)
    diffs = []
    for _ in range(deals):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [deck[6 * k:6 * k + 6] for k in range(players)]
        if any(automatic(h) for h in hands):
            continue
        leader = rng.randrange(players)
        won = []
        for use in (True, False):
            sim = new_hand([list(h) for h in hands], leader)
            while sim.result < 0:
                if use and sim.turn == 0 and learned.plays(sim.trick_no):
                    sim.step(*choose(weights, sim, sim.legal(), medium_move(sim)))
                else:
                    sim.step(*medium_move(sim))
            won.append(1.0 if sim.result == 0 else 0.0)
        diffs.append(won[0] - won[1])
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return 100 * mean, 196 * sd / math.sqrt(n), n


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m engine.bots.katte.train", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    lg = sub.add_parser("log", help="log the plan search's choices")
    lg.add_argument("--deals", type=int, default=400)
    lg.add_argument("--seed", type=int, default=1)
    lg.add_argument("--worlds", type=int, default=200)
    lg.add_argument("--minutes", type=float)
    lg.add_argument("--out", type=Path, required=True)
    ft = sub.add_parser("fit", help="fit the learned policy to a log and write learned.json")
    ft.add_argument("log", type=Path)
    ft.add_argument("--seed", type=int, default=1)
    ft.add_argument("--epochs", type=int, default=4)
    ft.add_argument("--out", type=Path, default=LEARNED)
    ck = sub.add_parser("check", help="score learned.json on a log's held-out deals")
    ck.add_argument("log", type=Path)
    du = sub.add_parser("duel", help="the learned policy as a player against the medium rules, same deals")
    du.add_argument("--deals", type=int, default=40000)
    du.add_argument("--seed", type=int, default=1)
    du.add_argument("--players", type=int, default=4)
    du.add_argument("--weights", type=Path, default=LEARNED)
    args = p.parse_args(argv)
    if args.cmd == "duel":
        gain, half, n = duel(load(args.weights.read_text("utf-8")), args.deals, args.seed, args.players)
        print(f"{n} deals at {args.players} seats: the learned policy's cards of tricks {learned.LEARNED_FROM}–{learned.LEARNED_UNTIL - 1} "
              f"win {gain:+.2f} ± {half:.2f} points of the hands more than the medium rules'")
        return
    if args.cmd == "log":
        with args.out.open("a") as out:
            n = log(args.deals, args.seed, args.worlds, out, args.minutes)
        print(f"{n} choices logged to {args.out}")
        return
    with args.log.open() as f:
        held = list(examples(f, held_out=True))
    if args.cmd == "fit":
        with args.log.open() as f:
            train = list(examples(f, held_out=False))
        start = time.process_time()
        weights = fit(train, args.seed, args.epochs)
        figures = scores(weights, held)
        print(f"fitted on {len(train)} choices in {time.process_time() - start:.0f} CPU s", file=sys.stderr)
        write(weights, {"trained by": "python -m engine.bots.katte.train fit", "log": args.log.name,
                        "seed": args.seed, "epochs": args.epochs, "choices": len(train),
                        "held out": {k: round(v, 4) for k, v in figures.items()}}, args.out)
    else:
        weights = shipped()
        figures = scores(weights, held)
    for k, v in figures.items():
        print(f"{k}: {v:.4f}" if isinstance(v, float) else f"{k}: {v}")
    print(f"µs per choice: {time_choice(args.log, weights):.1f}")


if __name__ == "__main__":
    main()
