"""Katko bots: random, easy, medium and hard (``shared/rules/katko.md``).

Only the last trick scores, so every level plays the same plan with more or
less care: throw away what cannot win the last trick, keep the strongest card
for it, and win the second-to-last trick to *lead* the last one (a leader wins
unless someone still holds a higher card of the led suit). A 2 led to the last
trick that nobody can follow is the deuce bonus, which wins the match at once.

* easy: that plan by rank alone, with a random card now and then;
* medium: the plan with card counting (what is still unseen, who is void);
* hard: perfect-information Monte Carlo over hidden hands that respect every
  public fact (a seat that did not follow is void; under must-beat a seat that
  did not beat could not), heuristic playouts, an exact max-n solve of the last
  two tricks, and outcomes valued by their effect on winning the *match*.

Every bot reads only its seat's view. The hard bot plays its sampled worlds on
a small private simulator (:class:`Sim`) whose legal cards, trick winners and
points are tested to agree with the engine's (``tests/test_bots_katko.py``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..cards import FRENCH
from . import register
from .base import Bot, Budget, Decision, RandomBot, Steps, View
from .search import sampled_values

RANKS = 13
DECK = 52
DEUCE = 0  # rank index of the 2
BONUS_POINTS = 3
ARENA_SAMPLES = 1000  # worlds per decision: p95 within 300 ms in Pyodide at the busiest 4-seat decision
WORK_UNIT = 24  # seat-cards (players × hand) of the table ARENA_SAMPLES was timed on (4 × 5 + slack)
SUITS = FRENCH.suits
# The exact end solve: from this many cards a hand, over the root's choices, the
# other seats playing the quick policy (MODEL_OPPONENTS) — or max-n, 2^n at worst,
# so then only at tables of at most SOLVE_SEATS. Measured alike against medium.
SOLVE_FROM = 2
MODEL_OPPONENTS = True
SOLVE_SEATS = 6
# Likelihood weighting of worlds by the quick policy (keep one of OVERSAMPLE draws):
# measured no gain against medium (29.6% off, 28.7% on, ± 1.8 over 400 deals), so off.
INFER_EPS = 1.0
OVERSAMPLE = 3
PRUNE_EVERY = 16  # worlds between checks for clearly worse candidates
PRUNE_Z = 3.0

def card_of(code: str) -> int:
    return FRENCH.parse(code)


def code_of(card: int) -> str:
    return FRENCH.code(card)


# ---------------------------------------------------------------- the simulator


class Sim:
    """A Katko deal in progress with every hand known: a sampled world.

    It mirrors the engine's T-6 … T-9 (duty, trick winner, points) on plain
    ints, without events or records, so a playout costs microseconds.
    """

    __slots__ = (
        "best",
        "bonus",
        "bonus_seat",
        "done",
        "hands",
        "last_winner",
        "lead",
        "leader",
        "must_beat",
        "n",
        "played",
        "points",
        "size",
        "trump",
        "turn",
        "twos",
        "winner",
    )

    def __init__(self, n: int, hands: list[list[int]], trump: int, must_beat: bool, bonus: bool,
                 twos: bool, size: int) -> None:
        self.n = n
        self.hands = hands
        self.trump = trump
        self.must_beat = must_beat
        self.bonus = bonus
        self.twos = twos
        self.size = size
        self.done = 0  # finished tricks
        self.leader = 0
        self.turn = 0
        self.lead = -1  # lead suit of the trick in progress, -1 before the lead
        self.best = -1
        self.winner = -1
        self.played = 0  # cards played to the trick in progress
        self.points = [0] * n
        self.bonus_seat = -1
        self.last_winner = -1

    def copy(self) -> Sim:
        other = object.__new__(Sim)
        other.n, other.trump, other.must_beat, other.bonus = self.n, self.trump, self.must_beat, self.bonus
        other.twos, other.size, other.done, other.leader = self.twos, self.size, self.done, self.leader
        other.turn, other.lead, other.best, other.winner = self.turn, self.lead, self.best, self.winner
        other.played, other.bonus_seat, other.last_winner = self.played, self.bonus_seat, self.last_winner
        other.hands = [list(h) for h in self.hands]
        other.points = list(self.points)
        return other

    @property
    def over(self) -> bool:
        return self.last_winner >= 0

    def legal(self) -> list[int]:
        """The cards the seat to act may play (T-6, T-7), as the engine rules them."""
        hand = self.hands[self.turn]
        lead = self.lead
        if lead < 0:
            return hand
        if self.must_beat:
            best = self.best
            trump = self.trump
            if best // RANKS == lead:
                beaters = [c for c in hand if c > best and c // RANKS == lead]
                if beaters:
                    return beaters
                if trump >= 0 and trump != lead:
                    trumps = [c for c in hand if c // RANKS == trump]
                    if trumps:
                        return trumps
            else:
                trumps = [c for c in hand if c > best and c // RANKS == trump]
                if trumps:
                    return trumps
        follow = [c for c in hand if c // RANKS == lead]
        return follow if follow else hand

    def play(self, card: int) -> None:
        seat = self.turn
        self.hands[seat].remove(card)
        best = self.best
        if best < 0:
            self.lead = card // RANKS
            self.best, self.winner = card, seat
        elif (card > best and card // RANKS == best // RANKS) or (
                card // RANKS == self.trump and best // RANKS != self.trump):
            self.best, self.winner = card, seat
        self.played += 1
        if self.played < self.n:
            self.turn = (seat + 1) % self.n
            return
        # the trick is complete (T-8, T-9)
        self.done += 1
        winner, best = self.winner, self.best
        last = self.done == self.size
        deuce = best % RANKS == DEUCE
        if last and self.bonus and deuce and winner == self.leader:
            self.points[winner] += BONUS_POINTS
            self.bonus_seat = winner
        else:
            self.points[winner] += (1 if last else 0) + (1 if self.twos and deuce else 0)
        if last:
            self.last_winner = winner
            return
        self.leader = self.turn = winner
        self.lead, self.best, self.winner, self.played = -1, -1, -1, 0

    def beats(self, card: int) -> bool:
        """Would ``card`` take over the trick in progress now (T-8)?"""
        best = self.best
        if best < 0:
            return True
        return (card > best and card // RANKS == best // RANKS) or (
            card // RANKS == self.trump and best // RANKS != self.trump)


def quick_policy(sim: Sim, legal: list[int]) -> int:
    """The playout policy: the plan by rank alone, from the seat's own hand.

    Early, throw the weakest card; at the second-to-last trick win it with the
    cheapest card that can (to lead the last trick), else keep the stronger card;
    when leading it, lead the stronger card and keep the other (a 2 is kept to be
    led for the deuce bonus).
    """
    if len(legal) == 1:
        return legal[0]
    hand = sim.hands[sim.turn]
    trump = sim.trump
    if len(hand) != 2:
        return min(legal, key=lambda c: c % RANKS + (RANKS if c // RANKS == trump else 0))
    if sim.lead < 0:
        a, b = hand
        if sim.bonus and (a % RANKS == DEUCE) != (b % RANKS == DEUCE):
            return b if a % RANKS == DEUCE else a
        return max(hand, key=lambda c: c % RANKS + (RANKS if c // RANKS == trump else 0))
    winners = [c for c in legal if sim.beats(c)]
    if winners:
        return min(winners, key=lambda c: c % RANKS + (RANKS if c // RANKS == trump else 0))
    return min(legal, key=lambda c: c % RANKS + (RANKS if c // RANKS == trump else 0))


def playout(sim: Sim, solve_from: int, root: int, value: Any) -> None:
    """Play ``sim`` to the end: the quick policy, then an exact solve once every
    hand holds at most ``solve_from`` cards (0: never)."""
    while not sim.over:
        if solve_from and sim.played == 0 and len(sim.hands[sim.turn]) <= solve_from:
            end = solve(sim, root, value)
            sim.points, sim.bonus_seat, sim.last_winner = list(end[0]), end[1], end[2]
            return
        legal = sim.legal()
        sim.play(legal[0] if len(legal) == 1 else quick_policy(sim, legal))


Outcome = tuple[tuple[int, ...], int, int]  # points, deuce-bonus seat, last-trick winner


def solve(sim: Sim, root: int, value: Any) -> Outcome:
    """The rest of the deal with every hand known, searched over the root's
    choices; the other seats play the quick policy (the model of the opponents),
    or with ``MODEL_OPPONENTS`` off max-n: each plays for its own points and,
    when indifferent, against ``root``. ``value`` rates an outcome for the root.
    ``sim`` is used up."""
    while True:
        if sim.over:
            return tuple(sim.points), sim.bonus_seat, sim.last_winner
        seat = sim.turn
        options = sim.legal()
        if len(options) == 1:
            sim.play(options[0])
        elif MODEL_OPPONENTS and seat != root:
            sim.play(quick_policy(sim, options))
        else:
            break
    options = sorted(set(options))
    best: Outcome | None = None
    best_key: tuple[float, float] = (0.0, 0.0)
    for card in options:
        nxt = sim.copy()
        nxt.play(card)
        out = solve(nxt, root, value)
        v = value(out)
        key = (v, 0.0) if seat == root else (float(out[0][seat]), -v)
        if best is None or key > best_key:
            best, best_key = out, key
    assert best is not None
    return best


# ---------------------------------------------------------------- reading the view


@dataclass
class Play:
    """A play by another seat: the trick state it saw and the cards it played from then on."""

    seat: int
    card: int
    trick: int  # 0-based trick number
    lead: int
    best: int
    winner: int
    later: list[int]  # this card and every card the seat played after it


@dataclass
class Info:
    """What a seat knows, read from its view: the public history and its hand."""

    n: int
    me: int
    hand: list[int]
    legal: list[int]
    trump: int
    must_beat: bool
    bonus: bool
    twos: bool
    size: int
    done: int
    leader: int
    plays: list[tuple[int, int]]  # the trick in progress
    lead: int
    best: int
    winner: int
    counts: list[int]
    forbidden: list[set[int]]  # per seat: cards it cannot hold (voids, must-beat inference)
    unseen: list[int]  # per card: copies not in my hand, not played, not turned
    scores: list[int]
    points: list[int]
    target: int
    history: list[Play]  # the other seats' plays this deal, for inference

    @property
    def left(self) -> int:
        """Cards in my hand (tricks still to play, counting this one)."""
        return len(self.hand)

    def pool(self) -> list[int]:
        """The unseen cards, one entry per copy, in a fixed order."""
        return [c for c in range(DECK) for _ in range(self.unseen[c])]

    def order(self) -> list[int]:
        """The other seats, most constrained first (they draw their hidden cards first)."""
        seats = [s for s in range(self.n) if s != self.me]
        seats.sort(key=lambda s: -len(self.forbidden[s]))
        return seats

    def after_me(self) -> list[int]:
        """Seats still to play to the trick in progress after me."""
        return [(self.me + k) % self.n for k in range(1, self.n - len(self.plays))]

    def sim(self, hands: list[list[int]]) -> Sim:
        """A world: this deal's state with the given hands."""
        s = Sim(self.n, hands, self.trump, self.must_beat, self.bonus, self.twos, self.size)
        s.done = self.done
        s.leader = self.leader
        s.turn = self.leader
        s.points = list(self.points)
        for seat, card in self.plays:
            s.hands[seat].append(card)  # put the played card back and play it again
            s.play(card)
        return s


def read(view: View) -> Info:
    """The seat's knowledge: unseen cards and what each play revealed about a hand."""
    n = view["players"]
    me = view["seat"]
    trump = SUITS.index(view["trump"]) if view.get("trump") else -1
    opts = view["options"]
    copies = int(opts.get("decks", 1))
    hand = [card_of(c) for c in view["hand"]]
    legal = sorted({card_of(a.split()[2]) for a in view["legal"]})
    unseen = [copies] * DECK
    for c in hand:
        unseen[c] -= 1
    if view.get("turned"):
        unseen[card_of(view["turned"])] -= 1
    forbidden: list[set[int]] = [set() for _ in range(n)]
    tricks = list(view["tricks"]) + ([view["trick"]] if view.get("trick") else [])
    probe = Sim(n, [[] for _ in range(n)], trump, bool(view["must_beat"]), False, False, 99)
    lead, best, winner, leader = -1, -1, -1, view["trick"]["leader"] if view.get("trick") else 0
    plays: list[tuple[int, int]] = []
    history: list[Play] = []
    for number, t in enumerate(tricks):
        probe.lead, probe.best, probe.winner, probe.played = -1, -1, -1, 0
        plays = []
        for p in t["plays"]:
            seat, card = p["seat"], card_of(p["card"])
            unseen[card] -= 1
            if seat != me:
                if probe.lead >= 0:
                    forbidden[seat] |= _revealed(probe, seat, card)
                history.append(Play(seat, card, number, probe.lead, probe.best, probe.winner, []))
                for h in history:
                    if h.seat == seat:
                        h.later.append(card)  # the cards a seat held then include all it played since
            probe.turn = seat
            probe.hands[seat] = [card]
            probe.play(card)
            plays.append((seat, card))
        lead, best, winner = probe.lead, probe.best, probe.winner
    cur = view.get("trick")
    if not cur or not cur["plays"]:
        plays, lead, best, winner = [], -1, -1, -1
    return Info(
        n=n, me=me, hand=hand, legal=legal, trump=trump, must_beat=bool(view["must_beat"]),
        bonus=bool(view["deuce_bonus"]), twos=bool(opts.get("points_for_twos")),
        size=int(view["hand_size"]), done=len(view["tricks"]), leader=leader, plays=plays,
        lead=lead, best=best, winner=winner, counts=list(view["hand_counts"]), forbidden=forbidden,
        unseen=[max(u, 0) for u in unseen], scores=list(view["scores"]), points=list(view["points"]),
        target=int(view["target"]), history=history)


def _revealed(probe: Sim, seat: int, card: int) -> frozenset[int]:
    """Cards ``seat`` cannot have held when it played ``card``: every card that,
    held beside it, would have made ``card`` illegal (the duty ranks the cards)."""
    key = (probe.lead, probe.best, probe.trump, probe.must_beat, card)
    known = _REVEALED.get(key)
    if known is not None:
        return known
    out = set()
    probe.turn = seat
    for other in range(DECK):
        if other == card:
            continue
        probe.hands[seat] = [card, other]
        if card not in probe.legal():
            out.add(other)
    if len(_REVEALED) > 50_000:
        _REVEALED.clear()
    result = _REVEALED[key] = frozenset(out)
    return result


_REVEALED: dict[tuple[int, int, int, bool, int], frozenset[int]] = {}


# ---------------------------------------------------------------- evaluation


def equity(info: Info, out: Outcome, me: int) -> float:
    """My chance of winning the match after a deal ending in ``out``.

    A match decided now counts 1 or 0; otherwise each seat's chance is taken
    as proportional to 2^-(points it still needs), a race where one seat a deal
    scores (deliberately simple: it makes scoring worth more when close).
    """
    points, bonus_seat, last = out
    if bonus_seat >= 0:
        return 1.0 if bonus_seat == me else 0.0
    totals = [s + p for s, p in zip(info.scores, points)]
    target = info.target
    reached = [s for s in range(info.n) if totals[s] >= target]
    if reached:
        top = max(totals[s] for s in reached)
        tied = [s for s in reached if totals[s] == top]
        if len(tied) == 1:
            return 1.0 if tied[0] == me else 0.0
        if last in tied:
            return 1.0 if last == me else 0.0
    weights = [0.5 ** max(target - t, 0) for t in totals]
    return weights[me] / sum(weights)


class Counting:
    """Medium's estimates from the unseen cards and the known voids."""

    def __init__(self, info: Info) -> None:
        self.info = info
        self.total = max(sum(info.unseen), 1)
        self.others = [s for s in range(info.n) if s != info.me]

    def holders(self, card: int, seats: list[int]) -> float:
        """Expected copies of the unseen ``card`` held by ``seats`` (voids respected)."""
        info = self.info
        u = info.unseen[card]
        if not u:
            return 0.0
        cards = sum(info.counts[s] for s in seats if card not in info.forbidden[s])
        return u * cards / self.total

    def threats(self, card: int, seats: list[int]) -> list[float]:
        """Expected holdings of each unseen card that would beat ``card`` as lead."""
        info = self.info
        suit, out = card // RANKS, []
        for c in range(card + 1, (suit + 1) * RANKS):
            h = self.holders(c, seats)
            if h:
                out.append(h)
        if info.trump >= 0 and suit != info.trump:
            for c in range(info.trump * RANKS, (info.trump + 1) * RANKS):
                h = self.holders(c, seats)
                if h:
                    out.append(h)
        return out

    def wins_trick(self, card: int, seats: list[int]) -> float:
        """Chance that ``card`` leading (or winning) the trick now is not beaten by ``seats``."""
        p = 1.0
        for h in self.threats(card, seats):
            p *= max(0.0, 1.0 - min(h, 1.0))
        return p

    def wins_last(self, card: int, leading: bool) -> float:
        """Chance ``card`` wins the last trick kept to the end (leading it or not),
        in points: a 2 led there that wins is the deuce bonus."""
        info = self.info
        left = max(info.left - 1, 1)
        p = 1.0
        for h in self.threats(card, self.others):
            # a threat must still be in its holder's hand at the end: high cards usually are
            p *= max(0.0, 1.0 - min(h * 1.5 / left, 1.0))
        if not leading:
            return p * 0.25 if card % RANKS != DEUCE else 0.0
        if info.bonus and card % RANKS == DEUCE:
            return p * BONUS_POINTS
        return p


def medium_choice(info: Info) -> tuple[int, str, int]:
    """The medium plan: (card, reason, card to keep or -1)."""
    legal = info.legal
    if len(legal) == 1:
        return legal[0], "forced", -1
    count = Counting(info)
    leading = not info.plays
    if info.left == 2:
        best_val, choice, kept = -1.0, legal[0], -1
        for x in legal:
            rest = list(info.hand)
            rest.remove(x)
            y = rest[0]
            if leading:
                win = count.wins_trick(x, count.others)
            elif Sim.beats(_probe(info), x):
                win = count.wins_trick(x, info.after_me())
            else:
                win = 0.0
            val = win * count.wins_last(y, True) + (1 - win) * count.wins_last(y, False)
            if val > best_val + 1e-9:
                best_val, choice, kept = val, x, y
        if kept >= 0 and info.bonus and kept % RANKS == DEUCE and count.wins_last(kept, True) > 0.5:
            return choice, "deuce", kept
        probe = _probe(info)
        if (leading or probe.beats(choice)) and count.wins_trick(
                choice, count.others if leading else info.after_me()) > 0.5:
            return choice, "win_lead", kept
        return choice, "keep", kept
    # early tricks: throw away the card least useful at the end
    ranked = sorted(legal, key=lambda c: (count.wins_last(c, True) + 0.02 * (c % RANKS), c))
    rest = list(info.hand)
    rest.remove(ranked[0])
    keep = max(rest, key=lambda c: (count.wins_last(c, True), c % RANKS))
    return ranked[0], "dump", keep


def _probe(info: Info) -> Sim:
    s = Sim(info.n, [[] for _ in range(info.n)], info.trump, info.must_beat, False, False, 99)
    for seat, card in info.plays:
        s.turn = seat
        s.hands[seat] = [card]
        s.play(card)
    return s


def _decision(view: View, card: int, reason: str, keep: int) -> Decision:
    """The action for ``card`` with its hint: a message key and card params."""
    params: dict[str, Any] = {"card": code_of(card), "deck": "french"}
    if keep >= 0:
        params["cards"] = [code_of(keep)]
    elif reason in ("keep", "deuce", "dump", "win_lead"):
        reason = "play"
    return Decision(f"{view['seat']} play {code_of(card)}", f"hint.katko.{reason}", params)


# ---------------------------------------------------------------- the bots


class EasyBot(Bot):
    """A casual player: keeps the higher cards for the end by rank alone and
    throws the lowest, wins the second-to-last trick when it can; one move in
    four is a random legal card."""

    level = "easy"
    MISTAKES = 0.25

    def choose(self, view: View) -> Decision:
        legal = sorted({card_of(a.split()[2]) for a in view["legal"]})
        if len(legal) > 1 and self.rng.random() < self.MISTAKES:
            return _decision(view, self.rng.choice(legal), "play", -1)
        info = read(view)
        sim = info.sim([[] for _ in range(info.n)])
        sim.turn = info.me
        sim.hands[info.me] = list(info.hand)
        card = quick_policy(sim, legal)
        return _decision(view, card, "forced" if len(legal) == 1 else "play", -1)


class MediumBot(Bot):
    """Rule-based play from the strategy, with card counting and voids."""

    level = "medium"

    def choose(self, view: View) -> Decision:
        info = read(view)
        card, reason, keep = medium_choice(info)
        return _decision(view, card, reason, keep)


class HardBot(Bot):
    """PIMC over hidden hands consistent with every public fact, heuristic
    playouts, an exact solve of the last two tricks, match-level values."""

    level = "hard"

    def __init__(self, seed: int | None = None, budget: Budget | None = None) -> None:
        super().__init__(seed, budget or Budget(ARENA_SAMPLES))

    def steps(self, view: View) -> Steps:
        info = read(view)
        if len(info.legal) == 1 or info.left == 1:
            return _decision(view, info.legal[0], "forced", -1)
        budget = self.budget or Budget(ARENA_SAMPLES)
        samples = budget.samples
        if budget.seconds is None:
            # count budget: scale down at big tables, so arena decisions stay bounded
            work = info.n * info.left
            samples = max(4, min(samples, samples * WORK_UNIT // max(work, 1)))
        me = info.me
        solve_from = SOLVE_FROM if (info.n <= SOLVE_SEATS or MODEL_OPPONENTS) else 0
        cache: dict[Outcome, float] = {}

        def value(out: Outcome) -> float:
            v = cache.get(out)
            if v is None:
                v = cache[out] = equity(info, out, me)
            return v

        probe = Sim(info.n, [[] for _ in range(info.n)], info.trump, info.must_beat, info.bonus,
                    info.twos, info.size)
        rng = self.rng

        def world() -> Sim:
            hands = sample_hands(info, rng)
            if info.history and INFER_EPS < 1.0:
                # draw a few worlds, keep one in proportion to how well it explains the plays
                pool = [hands] + [sample_hands(info, rng) for _ in range(OVERSAMPLE - 1)]
                weights = [likelihood(info, h, probe) for h in pool]
                hands = rng.choices(pool, weights)[0]
            return info.sim(hands)

        def worth(base: Sim, card: int) -> float:
            w = base.copy()
            w.play(card)
            playout(w, solve_from, me, value)
            return value((tuple(w.points), w.bonus_seat, w.last_winner))

        tally = yield from sampled_values(list(info.legal), world, worth, samples=samples, seconds=budget.seconds,
                                          prune=prune, prune_every=PRUNE_EVERY)
        # ties (the same value in every world) go to medium's choice
        card_m, reason, keep = medium_choice(info)
        best = tally.best(prefer=card_m)
        if best == card_m:
            return _decision(view, best, reason, keep)
        rest = list(info.hand)
        rest.remove(best)
        keep = max(rest, key=lambda c: Counting(info).wins_last(c, True))
        if info.bonus and keep % RANKS == DEUCE:
            reason = "deuce"
        elif info.left == 2:
            reason = "win_lead" if _probe(info).beats(best) else "keep"
        else:
            # "throw away" only for the cheapest card; otherwise say what is kept
            reason = "dump" if best % RANKS == min(c % RANKS for c in info.legal) else "keep"
        return _decision(view, best, reason, keep)


def prune(live: list[int], values: dict[int, list[float]], worlds: int) -> list[int]:
    """Drop the candidates clearly worse than the best so far (paired over the same
    worlds: the mean loss exceeds ``PRUNE_Z`` standard errors), so the budget goes
    to the close calls; deterministic, as it depends on the values only."""
    lead = max(live, key=lambda c: sum(values[c]))
    keep = []
    for c in live:
        if c == lead:
            keep.append(c)
            continue
        d = [a - b for a, b in zip(values[lead], values[c])]
        m = sum(d) / worlds
        var = sum((x - m) ** 2 for x in d) / max(worlds - 1, 1)
        if m <= 0 or m * m * worlds <= PRUNE_Z * PRUNE_Z * var:
            keep.append(c)
    return keep


def likelihood(info: Info, hands: list[list[int]], probe: Sim) -> float:
    """How well a world explains the other seats' plays: each play that the quick
    policy would not have made from the seat's hand then costs a factor
    ``INFER_EPS`` (people throw their weakest cards early and keep the best)."""
    weight = 1.0
    size = info.size
    for h in info.history:
        if size - h.trick <= 1:
            continue  # the last card is forced
        probe.lead, probe.best, probe.winner = h.lead, h.best, h.winner
        probe.played = 0 if h.lead < 0 else 1
        probe.turn = h.seat
        hand = hands[h.seat] + h.later
        probe.hands[h.seat] = hand
        legal = probe.legal()
        if len(legal) > 1 and len(set(legal)) > 1 and quick_policy(probe, legal) != h.card:
            weight *= INFER_EPS
    return weight


def sample_hands(info: Info, rng: random.Random) -> list[list[int]]:
    """Hidden hands for the other seats, drawn from the unseen cards so that no
    seat gets a card it showed it cannot hold; the most constrained seats draw
    first, and a hopeless draw is retried (after 20 tries: voids ignored)."""
    pool = info.pool()
    seats = info.order()
    need_all = sum(info.counts[s] for s in seats)
    # a random part of the pool is enough unless voids make the seats pick and choose
    part = min(len(pool), need_all + 6 * sum(1 for s in seats if info.forbidden[s]))
    for attempt in range(21):
        if attempt == 0 and part < len(pool):
            pool = rng.sample(pool, part)
        else:
            pool = info.pool()
            rng.shuffle(pool)
        hands: list[list[int]] = [[] for _ in range(info.n)]
        hands[info.me] = list(info.hand)
        rest = pool
        ok = True
        for s in seats:
            need = info.counts[s]
            forb = info.forbidden[s] if attempt < 20 else set()
            if not forb:
                hands[s] = rest[:need]
                rest = rest[need:]
                continue
            take: list[int] = []
            left: list[int] = []
            for c in rest:
                if len(take) < need and c not in forb:
                    take.append(c)
                else:
                    left.append(c)
            if len(take) < need:
                ok = False
                break
            hands[s] = take
            rest = left
        if ok:
            return hands
    raise AssertionError("the unseen cards cannot fill the hidden hands")  # pragma: no cover


register("katko", RandomBot, EasyBot, MediumBot, HardBot)
