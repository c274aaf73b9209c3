"""Random play through the public API, time per action: Kortti's games beside OpenSpiel's Hearts.

The same loop for all: a new match (a new initial state), then until it ends: the
legal actions of the seat to act, a random one applied (Kočka's passes included;
Call Kitti's arrangements, too many to list, drawn by ``random_action``; Hearts'
chance nodes dealt with ``chance_outcomes``). OpenSpiel is never a dependency of
Kortti: run this in a separate environment that has it, e.g.

    python3 -m venv /tmp/os && /tmp/os/bin/pip install open_spiel
    /tmp/os/bin/python tools/bench_openspiel.py                # Kočka and Hearts
    /tmp/os/bin/python tools/bench_openspiel.py --all          # all four games
    /tmp/os/bin/python tools/bench_openspiel.py katko katte    # these games

It prints CPU microseconds per action (process time: the machine may be shared;
the contestants run in alternating slices, so a drift in its speed hits all alike)
for each, and each game's ratio to Hearts (the aim: at most 1.0). Without
OpenSpiel (``--no-hearts``) it prints only Kortti's figures.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine
from engine.bench import sim_deals_per_second

SECONDS = 5.0  # of CPU time per contestant
SLICES = 20  # taken in turns with the others


GAMES = ("kocka", "katte", "katko", "call-kitti")


def deal(name: str, rng: random.Random) -> int:
    """One deal of game ``name`` (four players) by random play; the actions taken."""
    m = engine.new_match(name, 4, seed=rng.randrange(1 << 30))
    n = 0
    while not m.deal_over:
        seat = m.to_act()[0]
        legal = m.legal_actions(seat)
        m.apply(rng.choice(legal) if legal else m.random_action(rng, seat))
        n += 1
    return n


def hearts(game: object, rng: random.Random) -> int:
    """One deal of OpenSpiel's Hearts by random play; the actions taken (chance included)."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    n = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        n += 1
    return n


class Runner:
    """One contestant's loop, timed in slices: the slices of all contestants alternate, so
    a machine whose speed drifts (a shared one does, by 2× here) slows all of them alike."""

    def __init__(self, play: Callable[..., int], *args: object) -> None:
        self.play, self.args = play, args
        self.rng = random.Random(1)
        self.actions = 0
        self.deals = 0
        self.seconds = 0.0

    def run(self, seconds: float) -> None:
        clock = time.process_time  # CPU time: other work on the machine does not count
        start = clock()
        while clock() - start < seconds:
            self.actions += self.play(*self.args, self.rng)
            self.deals += 1
        self.seconds += clock() - start

    @property
    def per_action(self) -> float:
        return self.seconds / self.actions * 1e6

    @property
    def per_deal(self) -> float:
        return self.seconds / self.deals * 1e6

    def deal_text(self) -> str:
        """Beside the ratio: a deal's actions and time, since games cut a deal into
        actions of very different sizes (Hearts deals card by card as chance actions and
        passes one card per action; Kočka passes three cards in one, Call Kitti arranges
        thirteen in one)."""
        return f"; {self.actions / self.deals:.0f} actions, {self.per_deal:.0f} µs per deal"


def main() -> None:
    args = sys.argv[1:]
    hearts_too = "--no-hearts" not in args
    names = [a for a in args if not a.startswith("--")] or (list(GAMES) if "--all" in args else ["kocka"])
    for name in names:
        if name not in GAMES:
            sys.exit(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    runners: dict[str, Runner] = {name: Runner(deal, name) for name in names}
    if hearts_too:
        import pyspiel  # in the benchmark's own environment only

        runners = {"hearts": Runner(hearts, pyspiel.load_game("hearts")), **runners}
    for _ in range(SLICES):
        for runner in runners.values():
            runner.run(SECONDS / SLICES)
    theirs = runners["hearts"].per_action if hearts_too else 0.0
    if hearts_too:
        print(f"Hearts (OpenSpiel {getattr(pyspiel, '__version__', '')}, C++ from Python): "
              f"{theirs:.1f} µs per action{runners['hearts'].deal_text()}")
    for name in names:
        ours = runners[name].per_action
        ratio = f"  ratio {ours / theirs:.2f}" if hearts_too else ""
        print(f"{name} (Kortti, {sys.implementation.name} {sys.version.split()[0]}): "
              f"{ours:.1f} µs per action{ratio}{runners[name].deal_text()}")
    # beside it, what the hard bots' searches run on (engine/bench.py; in Pyodide:
    # python tools/bench_pyodide.py, which runs python -m engine bench there)
    for name in names:
        print(f"{name}: its bots' fast simulator, {sim_deals_per_second(name, SECONDS / 2):.0f} random deals/s")


if __name__ == "__main__":
    main()
