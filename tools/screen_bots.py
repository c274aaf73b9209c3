"""Screen a change to a bot before a long arena run: the same duplicate units played by the
bots as they are and with module attributes patched, and the paired difference.

    python tools/screen_bots.py katko hard,medium,medium,medium 200 7001 \\
        'engine.bots.katko.hard:SOLVE_FROM=3'

prints seat 0's mean result in both runs and their paired difference (patched − current)
with its 95% interval: the units are the arena's (``engine/bots/arena.py``: one deal or
match per rotation of the seats, the same cards and bot seeds in both runs), so the luck of
the deals cancels out of the difference. Each unit runs in a fresh process, so a patch
never leaks into the current bot's run.

``--oracle`` (Katko, Katte and Kočka) instead has seat 0's hard bot search the true hidden hands
in place of sampled ones: what perfect reading of the others' hands would win with the same
playouts.
"""

from __future__ import annotations

import argparse
import importlib
import math
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bots import arena
from engine.games import GAMES


def patch(patches: list[str], apply: bool = True) -> None:
    """Apply ``module:attribute=python expression`` patches (``module:Class.attribute``
    too) in this process (with ``apply`` false only check that each names an attribute
    that exists: a misspelt name would screen the bot unchanged)."""
    for item in patches:
        target, _, value = item.partition("=")
        module, _, path = target.partition(":")
        owner: Any = importlib.import_module(module)
        *outer, attribute = path.split(".")  # a class attribute too: module:Class.NAME
        for name in outer:
            owner = getattr(owner, name, None)
        if not hasattr(owner, attribute):
            raise SystemExit(f"screen_bots: {module} has no attribute {path!r}")
        if apply:
            setattr(owner, attribute, eval(value))


def unit(args: tuple[str, list[str], int, list[str]]) -> tuple[int, float]:
    game, seats, seed, patches = args
    patch(patches)
    return seed, arena._unit((game, len(seats), seats, seed, None, None))[0]


ORACLE_GAMES = ("katko", "katte", "kocka")


def oracle_unit(args: tuple[str, int, int]) -> tuple[int, float]:
    """A unit whose seat-0 hard bot searches the true hidden hands instead of sampled ones
    (Katko: as its one world; Katte: every world is the true deal, the hidden discards
    included; Kočka: in play, every world is the true deal, while the
    exchange, before which nobody knows the others' hands, is decided as usual)."""
    game, seed, players = args
    true: dict[str, Any] = {}
    samples: dict[str, int] | None = None  # (Kočka: the hard bot's own count)
    if game == "katko":
        from engine.bots.katko import hard as katko_hard

        assert hasattr(katko_hard, "sample_hands")
        setattr(katko_hard, "sample_hands", lambda info, rng: [list(h) for h in true["hands"]])  # noqa: B010
        samples = {"hard": 1}
    elif game == "katte":
        from engine.bots.katte import hard as katte_hard

        def katte_world(facts: Any, rng: object) -> Any:
            # the true deal: the others' hands, and each hidden discard's card in the
            # order of its slot (the order the discards were made)
            match = true["match"]
            world = facts.sim.clone()
            gone, thrown = list(world.gone), []
            for trick in list(match.done) + ([match.trick] if match.trick is not None else []):
                for seat, card, face_up in trick.plays:
                    if not face_up and seat != facts.me:
                        gone[seat] |= 1 << card
                        thrown.append(card)
            for seat in range(world.n):
                if seat != facts.me:
                    world.hands[seat] = list(match.hands[seat])
            world.gone = gone
            return world, thrown

        assert hasattr(katte_hard, "sample_world")
        setattr(katte_hard, "sample_world", katte_world)  # noqa: B010
    else:
        from engine.bots.kocka import hard as kocka_hard

        class reader:  # hard.Reader's place: the true deal as every world
            explained = None  # so each world's plausibility is found by the replay, as before

            def __init__(self, view: object, base: Any, *rest: object) -> None:
                self.base = base

            def __call__(self) -> Any:
                w = self.base.copy()
                w.hands = [sum(1 << c for c in hand) for hand in true["hands"]]
                return w

        # the worlds of play come from hard.Reader (checked: a patch of a name the bot no
        # longer reads would screen it unchanged)
        assert hasattr(kocka_hard, "Reader")
        setattr(kocka_hard, "Reader", reader)  # noqa: B010
    seats = ["hard"] + ["medium"] * (players - 1)

    def show(match: Any) -> None:
        true["hands"] = [list(h) for h in match.hands]
        true["match"] = match

    rows = [arena.play_unit(game, players, seats, seed, rotation, samples=samples, before=show)
            for rotation in range(players)]
    return seed, sum(row[0] for row in rows) / players


def interval(xs: list[float]) -> tuple[float, float]:
    m = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else 0.0
    return m, 1.96 * sd / math.sqrt(len(xs))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("seats", help="one level per seat, seat 0 the one screened: hard,medium,medium,medium")
    parser.add_argument("units", type=int)
    parser.add_argument("seed", type=int)
    parser.add_argument("patches", nargs="*", help="module:attribute=value, applied to the changed run")
    parser.add_argument("--oracle", action="store_true", help="Katko, Katte, Kočka: seat 0 searches the true hands")
    parser.add_argument("--jobs", type=int, default=2, help="processes at once (default 2)")
    args = parser.parse_args(argv)
    patch(args.patches, apply=False)  # a wrong name stops the screen before any unit runs
    seats = args.seats.split(",")
    seeds = range(args.seed, args.seed + args.units)
    start = time.time()
    runs: dict[str, dict[int, float]] = {}
    with Pool(args.jobs, maxtasksperchild=1) as pool:
        runs["current"] = dict(pool.imap_unordered(unit, [(args.game, seats, s, []) for s in seeds]))
        if args.oracle:
            if args.game not in ORACLE_GAMES or seats != ["hard", "medium", "medium", "medium"]:
                parser.error(f"--oracle is for {', '.join(ORACLE_GAMES)}, hard,medium,medium,medium")
            runs["changed"] = dict(pool.imap_unordered(oracle_unit, [(args.game, s, 4) for s in seeds]))
        else:
            runs["changed"] = dict(pool.imap_unordered(unit, [(args.game, seats, s, args.patches) for s in seeds]))
    what = "the true hands" if args.oracle else " ".join(args.patches) or "(no patch)"
    current, changed = (interval(list(runs[k].values())) for k in ("current", "changed"))
    diff = interval([runs["changed"][s] - runs["current"][s] for s in seeds])
    print(f"{args.game}, seat 0 {seats[0]} vs {','.join(seats[1:])}, {args.units} units from seed {args.seed}, "
          f"{time.time() - start:.0f} s")
    print(f"  current:            {current[0]:+.4f} ± {current[1]:.4f}")
    print(f"  with {what}: {changed[0]:+.4f} ± {changed[1]:.4f}")
    print(f"  paired difference:  {diff[0]:+.4f} ± {diff[1]:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
