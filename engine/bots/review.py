"""Review one decision: does the hard bot's choice beat the player's, beyond its own error?

For one decision point the review sees what the hard bot sees, the seat's view
(``Match.view(seat)``), and the action the player took there. It samples worlds
with the game's own hard-bot sampler (hidden cards consistent with every public
fact), and in the SAME worlds plays out every candidate the hard bot considers
plus the player's action, with the hard bot's playout policy, valued the way the
hard bot values them (Kočka: the seat's penalty points against the table mean,
minus 3 for losing the deal; Katko: the seat's chance of winning the match).

The bot's best action is the candidate with the best mean. The player's action is
*marked* when the paired difference ``best - player`` over the same worlds is
positive and more than ``K`` standard errors of that difference: ``K = 2`` keeps
an unlucky sample from accusing a sound play about 19 times in 20 (the best is
the argmax over the same worlds, so the mean difference leans a little in the
bot's favour; ``K`` covers that too in practice). Every world counts once: Kočka's
worlds in play are the hard bot's own (drawn until one explains the others' plays,
``kocka.Reader``), but where none does the review does not weigh the plain draw as the
bot does; it keeps the plain paired mean, so its standard error is the textbook one.

Reviewed: Kočka (the exchange and every play), Katko (every play), Katte (every
play and discard, valued as the chance of winning the hand), Call Kitti (the
arrangement, against the hard bot's best splits, and the bid; valued in money and
match value as the hard bot values them, over its own sampled opponents). Declaring
six pairs is not reviewed.

>>> import engine
>>> m = engine.new_match("kocka", 4, seed=3)
>>> r = run(review("kocka", m.view(0), m.view(0)["legal"][0], seed=1, samples=4))
>>> r is not None and r.worlds == 4 and r.unit == "points"
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any

from ..cards import GERMAN
from .base import View

__all__ = ["SAMPLES", "K", "Review", "review", "reviewed", "run"]

K = 2.0
"""A decision is marked when best - player > K standard errors (and > 0)."""
SAMPLES = 40
"""Worlds per decision: enough for a clear mistake to stand out, small enough to stay quick."""
SECONDS = 3.0
"""At most this long per decision (then the worlds so far decide; fewer worlds, wider error)."""
EPSILON = 1e-9  # differences below this are ties (the same outcome in every world)

Gen = Generator[None, None, "Review | None"]


@dataclass(frozen=True)
class Review:
    """One decision reviewed: the player's action against the hard bot's best."""

    action: str  # the player's action (record notation)
    best: str  # the hard bot's best action on these worlds
    human_value: float  # mean value of the player's action (see ``unit``)
    best_value: float
    diff: float  # mean of (best - player), world by world
    se: float  # standard error of that paired difference
    worlds: int
    # "points" (Kočka: against the table mean), "chance" (Katko: of the match), "hand"
    # (Katte: chance of the hand), "money" (Call Kitti: money and match value, base prices)
    unit: str
    reason: str | None = None  # why the best action: the hard bot's hint key, if it has one
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def marked(self) -> bool:
        return self.diff > EPSILON and self.diff > K * self.se

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "best": self.best, "human_value": self.human_value,
                "best_value": self.best_value, "diff": self.diff, "se": self.se, "worlds": self.worlds,
                "unit": self.unit, "marked": self.marked, "reason": self.reason, "params": dict(self.params)}


def reviewed(game: str) -> bool:
    return game in ("kocka", "katko", "katte", "call-kitti")


def review(game: str, view: View, action: str, seed: int | None = None, samples: int = SAMPLES,
           seconds: float | None = SECONDS) -> Gen:
    """Review ``action`` taken from ``view`` (a generator: yields after each world, returns
    a :class:`Review`, or None if this decision is not reviewed: forced, or another game)."""
    legal = view.get("legal") or []
    rng = random.Random(seed)
    deadline = None if seconds is None else time.perf_counter() + seconds
    verb = action.split()[1] if len(action.split()) > 1 else ""
    if game == "call-kitti":  # (its arrangement is a free choice: no list of legal actions)
        if view.get("phase") == "arrange" and verb == "arrange" and view.get("arrangement") is None:
            return (yield from _kitti_arrange(view, action, rng, samples, deadline))
        if view.get("phase") == "bid" and verb == "bid" and len(legal) > 1:
            return (yield from _kitti_bid(view, action, rng, samples, deadline))
        return None
    if len(legal) < 2:
        return None
    try:
        if game == "kocka":
            if view["phase"] == "pass":
                return (yield from _kocka_pass(view, action, rng, samples, deadline))
            if view["phase"] == "play":
                return (yield from _kocka_play(view, action, rng, samples, deadline))
        elif game == "katko":
            return (yield from _katko_play(view, action, rng, samples, deadline))
        elif game == "katte" and view.get("phase") in ("play", "showdown"):
            return (yield from _katte_play(view, action, rng, samples, deadline))
    except (ValueError, IndexError):  # not an action of this seat's view: nothing to review
        return None
    return None


def run(gen: Gen) -> Review | None:
    """A review computed in one go (tests, the command line)."""
    while True:
        try:
            next(gen)
        except StopIteration as done:
            result: Review | None = done.value
            return result


# ------------------------------------------------------------------ the statistics


Sampler = Callable[[], "Callable[[int], float] | None"]


def _paired(count: int, human: int, pref: int, world: Sampler, samples: int,
            deadline: float | None) -> Generator[None, None, tuple[int, list[float], float, float, int]]:
    """Evaluate candidates ``0 … count-1`` on the same worlds; ``world()`` draws one (or
    None) and returns how to value candidate ``i`` there. Returns (best, means, diff, se,
    worlds); ties between candidates go to ``pref`` (the bot's own tie-break)."""
    rows: list[list[float]] = []
    tries = 0
    while len(rows) < samples and tries < samples * 4:
        tries += 1
        value = world()
        if value is None:
            continue
        rows.append([value(i) for i in range(count)])
        if deadline is not None and time.perf_counter() > deadline:
            break
        yield
    n = max(len(rows), 1)
    means = [sum(r[i] for r in rows) / n for i in range(count)]
    best = max(range(count), key=lambda i: (round(means[i], 9), i == pref, i == human))
    if round(means[human], 9) >= round(means[best], 9):
        best = human  # as good on these worlds: the player's own choice is the best one
    d = [r[best] - r[human] for r in rows]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / max(n - 1, 1)
    return best, means, mean, math.sqrt(var / n), len(rows)


# ------------------------------------------------------------------ Kočka


def _kocka_play(view: View, action: str, rng: random.Random, samples: int,
                deadline: float | None) -> Gen:
    from . import kocka as ko

    me = view["seat"]
    base = ko.sim_from_view(view)
    cands = [GERMAN.parse(a.split()[-1]) for a in view["legal"]]
    human = cands.index(GERMAN.parse(action.split()[-1]))
    pref = ko.medium_play(base)
    history, first = ko.plays_so_far(view)
    read = ko.Reader(view, base, rng, history, first, ko.READ_TRIES)  # the hard bot's worlds

    def world() -> Callable[[int], float] | None:
        w0 = read()
        if w0 is None:
            return None

        def value(i: int) -> float:
            return ko.card_value(w0, cands[i], me)

        return value

    best, means, diff, se, n = yield from _paired(len(cands), human, cands.index(pref) if pref in cands else -1,
                                                  world, samples, deadline)
    d = ko.play_decision(base, cands[best])
    return Review(action, d.action, means[human], means[best], diff, se, n, "points", d.reason, dict(d.params))


def _kocka_pass(view: View, action: str, rng: random.Random, samples: int,
                deadline: float | None) -> Gen:
    from . import kocka as ko

    me = view["seat"]
    hand = ko.mask(view["hand"])
    combos = [c for _, c in ko.rank_passes(hand)[: ko.HardBot.PASS_CANDIDATES]]
    mine = tuple(sorted(GERMAN.parse(c) for c in action.split()[2:]))
    if mine not in combos:
        combos.append(mine)
    human = combos.index(mine)
    leader = (view["trick"] or {"leader": (view["dealer"] + 1) & 3})["leader"]
    mode = view["options"].get("early_end", "certain")

    def world() -> Callable[[int], float]:
        # the others' hands are unknown before the exchange: any deal of the rest
        hands, gives = ko.pass_world(hand, me, rng)

        def value(i: int) -> float:
            combo = combos[i]
            mine_gives = list(gives)
            mine_gives[me] = (1 << combo[0]) | (1 << combo[1]) | (1 << combo[2])
            after = [(hands[s] & ~mine_gives[s]) | mine_gives[(s - 1) & 3] for s in range(4)]
            sim = ko.new_sim(after, leader, mode)
            ko.playout(sim)
            return sim.utility(me)

        return value

    best, means, diff, se, n = yield from _paired(len(combos), human, 0, world, samples, deadline)
    d = ko.MediumBot._pass(view, hand, combos[best])
    return Review(_pass_action(view, mine), d.action, means[human], means[best], diff, se, n, "points",
                  d.reason, dict(d.params))


def _pass_action(view: View, combo: tuple[int, ...]) -> str:
    return f"{view['seat']} pass " + " ".join(GERMAN.code(c) for c in sorted(combo))


# ------------------------------------------------------------------ Katko


def _katko_play(view: View, action: str, rng: random.Random, samples: int,
                deadline: float | None) -> Gen:
    from . import katko as ka

    info = ka.read(view)
    if info.left == 1:
        return None
    me = info.me
    cands = list(info.legal)
    human = cands.index(ka.card_of(action.split()[2]))
    solve_from = ka.SOLVE_FROM if (info.n <= ka.SOLVE_SEATS or ka.MODEL_OPPONENTS) else 0
    cache: dict[Any, float] = {}

    def value_of(out: Any) -> float:
        v = cache.get(out)
        if v is None:
            v = cache[out] = ka.equity(info, out, me)
        return v

    def world() -> Callable[[int], float]:
        base = info.sim(ka.sample_hands(info, rng))

        def value(i: int) -> float:
            w = base.copy()
            w.play(cands[i])
            ka.playout(w, solve_from, me, value_of)
            return value_of((tuple(w.points), w.bonus_seat, w.last_winner))

        return value

    card_m, reason, keep = ka.medium_choice(info)
    best, means, diff, se, n = yield from _paired(len(cands), human, cands.index(card_m) if card_m in cands else -1,
                                                  world, samples, deadline)
    d = ka.hard_decision(view, info, cands[best], card_m, reason, keep)  # the hard bot's own words
    return Review(action, d.action, means[human], means[best], diff, se, n, "chance", d.reason, dict(d.params))


# ------------------------------------------------------------------ Katte


def _katte_play(view: View, action: str, rng: random.Random, samples: int,
                deadline: float | None) -> Gen:
    """Every legal play or discard, valued as the chance of winning the hand: medium play
    to trick 4, then the exact showdown, as the hard Katte bot plays out its worlds."""
    from . import katte as kt

    facts = kt.Facts(view)
    me = facts.me
    moves = [kt.parse_move(a) for a in view["legal"]]
    human = moves.index(kt.parse_move(action))
    showdown = facts.sim.trick_no == 5
    pref = kt.medium_move(facts.sim.clone(), facts.counts)

    def world() -> Callable[[int], float] | None:
        got = kt.sample_world(facts, rng)
        if got is None:
            return None
        w0 = got[0]
        return lambda i: kt.hand_won(w0, moves[i], me, showdown)

    best, means, diff, se, n = yield from _paired(len(moves), human, moves.index(pref) if pref in moves else -1,
                                                  world, samples, deadline)
    d = kt.hint(facts, moves[best], view["legal"], means[best])
    return Review(action, d.action, means[human], means[best], diff, se, n, "hand", d.reason, dict(d.params))


# ------------------------------------------------------------------ Call Kitti


def _kitti_rows(view: View, rng: random.Random, samples: int, deadline: float | None,
                splits: list[list[int]]) -> Generator[None, None, tuple[list[list[list[float]]], list[list[int]]]]:
    """The hard bot's sampled opponents (each hand arranged by the optimiser, weighted by
    the bid its seat made), and for every world, every split in ``splits`` (set value
    ranks in show order) and every bid 0 … 4: the seat's money plus match value. Also
    the shows each split wins in each world."""
    from . import call_kitti as ck
    from .base import Budget
    from .call_kitti.worlds import sample_pool

    seat = view["seat"]
    pool = yield from sample_pool(view, random.Random(rng.randrange(2**31)), Budget(samples=max(1, samples)), 1.0)
    points, wati, goals = list(view["points"]), list(view["wati"]), list(view["goals"])
    carry = list(view["wati_carry"])
    known = view["bids"]
    rows: list[list[list[float]]] = []
    shows: list[list[int]] = []
    for x in range(len(pool.picks[pool.others[0]])):
        vals: list[list[int]] = [[] for _ in range(ck.SEATS)]
        bids = [0] * ck.SEATS
        for s in pool.others:
            i = pool.picks[s][x]
            vals[s] = pool.vals[s][i]
            known_bid = known[s]
            bids[s] = pool.bid[s][i] if known_bid is None else known_bid
        row: list[list[float]] = []
        won_by: list[int] = []
        for mine in splits:
            vals[seat] = mine
            won = ck.play_shows(vals)
            won_by.append(won[seat])
            us = []
            for b in range(ck.MAX_BID + 1):
                bids[seat] = b
                pts, wt, gl, pay = ck.score_deal(bids, won, points, carry, wati, goals)
                us.append(pay[seat] + ck.match_value(seat, pts, wt, gl))
            row.append(us)
        rows.append(row)
        shows.append(won_by)
        if x % 50 == 49:
            if deadline is not None and time.perf_counter() > deadline:
                break
            yield
    return rows, shows


def _replayed(rows: list[list[float]]) -> Sampler:
    """The precomputed worlds, one at a time, as :func:`_paired` draws them."""
    it = iter(rows)

    def world() -> Callable[[int], float] | None:
        row = next(it, None)
        return None if row is None else row.__getitem__

    return world


def _kitti_bid(view: View, action: str, rng: random.Random, samples: int, deadline: float | None) -> Gen:
    from . import call_kitti as ck

    bids = [int(a.split()[2]) for a in view["legal"] if a.split()[1] == "bid"]
    human = bids.index(int(action.split()[2]))
    mine = ck.arranged_vals(view)
    rows, shows = yield from _kitti_rows(view, rng, samples, deadline, [mine])
    per_bid = [[r[0][b] for b in bids] for r in rows]
    gen = _paired(len(bids), human, -1, _replayed(per_bid), len(per_bid), None)
    best, means, diff, se, n = yield from gen
    dist = [0.0] * (ck.SHOWS + 1)
    for w in shows:
        dist[w[0]] += 1 / max(len(shows), 1)
    d = ck.bid_decision(view, bids[best], dist)
    return Review(action, d.action, means[human], means[best], diff, se, n, "money", d.reason, dict(d.params))


def _kitti_arrange(view: View, action: str, rng: random.Random, samples: int, deadline: float | None) -> Gen:
    """The player's split against the hard bot's best splits, each with the bid that suits
    it best over the same worlds (the bid comes after the arrangement)."""
    from ..cards import FRENCH
    from ..games.call_kitti import set_category
    from . import call_kitti as ck

    seat = view["seat"]
    groups = [g.split() for g in " ".join(action.split()[2:]).split(" / ")]
    human_vals = [ck.hand_vrank([FRENCH.parse(c) for c in g]) for g in groups[:ck.SHOWS]]
    cards = ck.sorted_hand(ck.hand(view))
    masks, vals = ck.triples(cards)
    tops = ck.search_top(masks, vals, ck.WIN, ck.HardBot.CANDIDATES)
    splits = [[vals[t] for t in idx] for _, idx in tops]
    if human_vals in splits:
        human = splits.index(human_vals)
    else:
        splits.append(human_vals)
        human = len(splits) - 1
    rows, _ = yield from _kitti_rows(view, rng, samples, deadline, splits)
    n_rows = max(len(rows), 1)
    # each split's own best bid over these worlds; then its value world by world
    bid_of = [max(range(ck.MAX_BID + 1), key=lambda b: (sum(r[i][b] for r in rows) / n_rows, -b))
              for i in range(len(splits))]
    per_split = [[r[i][bid_of[i]] for i in range(len(splits))] for r in rows]
    best, means, diff, se, n = yield from _paired(len(splits), human, 0, _replayed(per_split), len(per_split), None)
    if best == human and human == len(splits) - 1 and len(splits) > len(tops):
        best_action = action
        reason, params = None, {}
    else:
        sets, discard = ck.split(cards, masks, tops[best][1])
        best_action = ck.arrange_words(seat, sets, discard)
        reason = "hint.call-kitti.arrange"
        params = {"categories": [set_category(t) for t in sets], "card": FRENCH.code(discard),
                  "deck": "french", "expected": round(tops[best][0], 1)}
    return Review(action, best_action, means[human], means[best], diff, se, n, "money", reason, params)

