"""Katte bots: easy, medium (rules of thumb) and hard (PIMC with inference).

All bots read only their seat's view. From it they build a :class:`_Sim`, a small
private simulator of the rest of the hand (cards as ints, ``suit * 13 + rank`` as
in :mod:`engine.cards`); the other seats' unseen cards are left empty for the
rule-based bots and sampled for the hard bot. The simulator answers exactly what
the engine would (a test plays it against the engine), only faster.

* **medium**: qualify first (must-beat is forced; with a free choice give up the
  least useful card, face down when it cannot beat, face up to win the trick when
  it can), beat with the lowest beater when forced, keep the cards most likely to
  stay unbeaten for tricks 5–6, and in trick 5 show the card whose showing and the
  other's keeping give the best odds of winning trick 6.
* **easy**: medium with casual mistakes (a random legal move now and then).
* **hard**: perfect-information Monte Carlo. Each sample deals the unseen cards so
  that every public fact holds: a seat with no trick that discarded could not beat
  the best card then (no higher card of that suit among the cards it still held); a
  face-down discard is never a card that could beat; a trick-5 follower that did not
  beat holds no beater; nobody was dealt an automatic win. Samples are weighted by
  how well the medium rules explain each seat's past plays in them (a soft model:
  a surprising play only lowers the weight). Every legal move is played out in every
  sample with the medium policy for all seats; in trick 5 the bot searches its own
  choice exactly against the others' rule-based answers. A move replaces the medium
  choice only when it wins clearly more often in the samples.
"""

from __future__ import annotations

from typing import Any

from ..cards import FRENCH
from . import register
from .base import Bot, Budget, Decision, RandomBot, Steps, View, cards_in
from .search import sampled_values

RANKS = 13
DECK = 52
ARENA_SAMPLES = 200
"""Samples per decision in tests and the arena; sized for 300 ms at p95 in Pyodide at
the busiest decision (a trick-1 lead with six candidates at a six-seat table)."""
MARGIN = 0.05
"""How much better (in wins per unit of sample weight) a move must do than the medium
choice: the best of several noisy means is biased upwards."""
EXACT_PLAYOUT = False
"""Solve trick 5 exactly inside playouts too (measured: no gain, and slower)."""
SURPRISE = 0.3
"""A sample's weight is multiplied by this for each past play the medium rules do not explain."""

_SUIT_MASK = [((1 << RANKS) - 1) << (RANKS * s) for s in range(4)]
# _ABOVE[c]: the cards of c's suit that beat c
_ABOVE = [_SUIT_MASK[c // RANKS] & ~((1 << (c + 1)) - 1) for c in range(DECK)]

Move = tuple[int, bool]  # (card, face up)


def _code(card: int) -> str:
    return FRENCH.code(card)


def _p_clear(higher: int, unknown: int, held: int) -> float:
    """Chance that none of ``higher`` given unknown cards is among ``held`` cards drawn
    from ``unknown`` (hypergeometric): how likely a card stays unbeaten."""
    if higher <= 0 or held <= 0:
        return 1.0
    if higher + held > unknown:
        return 0.0
    p = 1.0
    for i in range(held):
        p *= (unknown - higher - i) / (unknown - i)
    return p


class _Sim:
    """The rest of a hand of Katte, from the current trick on (rules K-8 … K-11)."""

    __slots__ = (
        "active",
        "best",
        "gone",
        "hands",
        "n",
        "out",
        "plays",
        "result",
        "seen",
        "trick_no",
        "turn",
        "winner",
        "won",
    )

    n: int
    hands: list[list[int]]
    won: list[int]
    out: list[bool]
    active: int
    gone: list[int]  # each seat's own face-down discards (what it knows it threw)
    seen: int  # face-up cards
    trick_no: int
    best: int
    winner: int
    plays: int
    turn: int
    result: int

    def clone(self) -> _Sim:
        o = object.__new__(_Sim)
        o.n = self.n
        o.hands = [list(h) for h in self.hands]
        o.won = list(self.won)
        o.out = list(self.out)
        o.active = self.active
        o.gone = list(self.gone)
        o.seen = self.seen
        o.trick_no = self.trick_no
        o.best = self.best
        o.winner = self.winner
        o.plays = self.plays
        o.turn = self.turn
        o.result = self.result
        return o

    def next_in(self, seat: int) -> int:
        n = self.n
        nxt = (seat + 1) % n
        while self.out[nxt]:
            nxt = (nxt + 1) % n
        return nxt

    def legal(self) -> list[Move]:
        """The seat to act's moves, as the engine lists them."""
        hand = self.hands[self.turn]
        if not self.plays:
            return [(c, True) for c in hand]
        best = self.best
        suit = best // RANKS
        beaters = [c for c in hand if c // RANKS == suit and c > best]
        if self.trick_no == 5:
            return [(c, True) for c in (beaters or hand)]
        moves = [(c, True) for c in beaters]
        if not beaters or self.won[self.turn]:
            moves.extend((c, False) for c in hand if not (c // RANKS == suit and c > best))
        return moves

    def step(self, card: int, up: bool) -> None:
        seat = self.turn
        self.hands[seat].remove(card)
        if up:
            if not self.plays or (card // RANKS == self.best // RANKS and card > self.best):
                self.best = card
                self.winner = seat
            self.seen |= 1 << card
        else:
            self.gone[seat] |= 1 << card
        self.plays += 1
        if self.plays < self.active:
            self.turn = self.next_in(seat)
            return
        winner = self.winner
        self.won[winner] += 1
        if self.trick_no == 4:  # K-9: no trick, out; four tricks win at once
            for s in range(self.n):
                if not self.won[s] and not self.out[s]:
                    self.out[s] = True
                    self.active -= 1
            if self.won[winner] == 4:
                self.result = winner
                return
        elif self.trick_no == 5:  # K-11: the trick-5 winner's last card sets the suit
            self.result = self.trick_six(winner)
            return
        self.trick_no += 1
        self.turn = winner
        self.plays = 0
        self.best = -1

    def trick_six(self, leader: int) -> int:
        best = self.hands[leader][0]
        win = leader
        for s in range(self.n):
            if not self.out[s] and s != leader:
                c = self.hands[s][0]
                if c // RANKS == best // RANKS and c > best:
                    best, win = c, s
        return win


# ---------------------------------------------------------------- medium policy


def _known(sim: _Sim, seat: int) -> int:
    """The cards ``seat`` knows where they are: its hand, its discards, face-up cards."""
    mask = sim.seen | sim.gone[seat]
    for c in sim.hands[seat]:
        mask |= 1 << c
    return mask


def _others_cards(sim: _Sim, seat: int, counts: list[int] | None) -> int:
    """How many cards the other seats still in the hand hold (public)."""
    if counts is not None:
        return sum(counts[s] for s in range(sim.n) if s != seat and not sim.out[s])
    return sum(len(sim.hands[s]) for s in range(sim.n) if s != seat and not sim.out[s])


def _keep_value(card: int, known: int) -> int:
    """How useful a card is for the end: fewer unseen higher cards is better, then rank."""
    # the suit breaks ties, so the order of the hand never matters
    return ((card % RANKS) - 16 * (_ABOVE[card] & ~known).bit_count()) * 4 - card // RANKS


def medium_move(sim: _Sim, counts: list[int] | None = None) -> Move:
    """The rule-based choice of the seat to act; uses only what that seat knows
    (its hand and discards, face-up cards, tricks won, hand sizes)."""
    seat = sim.turn
    hand = sim.hands[seat]
    known = sim.seen | sim.gone[seat]
    for c in hand:
        known |= 1 << c
    unknown = ~known
    if sim.trick_no == 5:
        return _showdown_move(sim, seat, known, counts), True
    # the hand from least to most useful for tricks 5-6
    ranked = sorted(hand, key=lambda c: ((c % RANKS) - 16 * (_ABOVE[c] & unknown).bit_count()) * 4 - c // RANKS)
    won = sim.won[seat]
    if not sim.plays:
        if not won:
            # trick 1: a card nobody can beat qualifies at once
            masters = [c for c in hand if not _ABOVE[c] & unknown]
            if masters:
                return min(masters), True
        return ranked[0], True
    best = sim.best
    suit = best // RANKS
    beaters = [c for c in hand if c // RANKS == suit and c > best]
    if not beaters:
        return ranked[0], False
    if not won:
        # K-8.4: must beat. The lowest beater: high cards are worth more kept for
        # tricks 5-6 than spent on a trick that may be beaten again (measured)
        return min(beaters), True
    if len(beaters) == len(hand):
        return min(beaters), True
    # give up the least useful card: face up when it can beat (K-8.5), which also
    # wins the trick (and after trick 4, the showdown lead) at no cost
    give = ranked[0]
    return give, give in beaters


def _showdown_move(sim: _Sim, seat: int, known: int, counts: list[int] | None) -> int:
    """Trick 5: show the card whose showing and keeping the other gives the best odds."""
    hand = sorted(sim.hands[seat])  # sorted: ties never depend on the order of the hand
    unknown = DECK - known.bit_count()
    held = _others_cards(sim, seat, counts)
    if sim.plays:
        best = sim.best
        suit = best // RANKS
        beaters = [c for c in hand if c // RANKS == suit and c > best]
        if len(beaters) == 1:
            return beaters[0]
        if not beaters:
            # cannot win trick 5: keep the card most likely to win trick 6
            a, b = hand
            return a if _keep_value(a, known) < _keep_value(b, known) else b
        later = 2 * (sim.active - sim.plays - 1)
    else:
        later = held
    best_card, best_score = hand[0], -1.0
    for i, show in enumerate(hand):
        keep = hand[1 - i]
        score = _p_clear((_ABOVE[show] & ~known).bit_count(), unknown, later) * \
            _p_clear((_ABOVE[keep] & ~known).bit_count(), unknown, held)
        if score > best_score:
            best_card, best_score = show, score
    return best_card


# ---------------------------------------------------------------- exact showdown


def solve_showdown(sim: _Sim, me: int) -> int:
    """The hand winner from a trick-5 position when ``me`` sees every card and shows
    the card that wins if there is one, and the other seats play by the medium rules
    (what they know only). Tricks 5–6 are at most four seats of two cards: exact."""
    while sim.result < 0 and sim.turn != me:
        sim.step(*medium_move(sim))
    if sim.result >= 0:
        return sim.result
    moves = sim.legal()
    first = -1
    for i, move in enumerate(moves):
        s = sim.clone() if i < len(moves) - 1 else sim
        s.step(*move)
        w = solve_showdown(s, me)
        if w == me:
            return w
        if first < 0:
            first = w
    return first


def play_out(sim: _Sim, me: int) -> int:
    """Finish the hand: medium play in tricks 1–4, then the exact showdown for ``me``."""
    while sim.result < 0:
        if sim.trick_no == 5 and EXACT_PLAYOUT:
            return solve_showdown(sim, me)
        sim.step(*medium_move(sim))
    return sim.result


# ---------------------------------------------------------------- reading the view


class _Facts:
    """What a view tells: the simulator position (others' hands empty) and the
    constraints on every unseen card."""

    def __init__(self, view: View) -> None:
        n = view["players"]
        me = view["seat"]
        self.me = me
        parse = FRENCH.parse
        sim = object.__new__(_Sim)
        sim.n = n
        sim.hands = [[] for _ in range(n)]
        sim.hands[me] = [parse(c) for c in view["hand"]]
        sim.won = list(view["tricks_won"])
        elim = set(view["eliminated"])
        sim.out = [s in elim for s in range(n)]
        sim.active = n - len(elim)
        sim.gone = [0] * n
        sim.result = -1
        self.counts: list[int] = list(view["hand_counts"])
        # each other seat: hidden discards with the cards they cannot be, and a mask of
        # cards its current hand cannot hold
        self.slots: list[tuple[int, int]] = []  # (seat, forbidden) per hidden discard
        self.hand_forbid = [0] * n
        self.played: list[int] = [0] * n  # face-up cards of each seat (for K-5 checks)
        acc = [0] * n  # cards a seat could not hold from some moment on
        # every play of the deal: (seat, card or -(slot + 1) for a hidden discard, face up)
        self.history: list[tuple[int, int, bool]] = []
        self.first_leader: int = view["leader"]
        seen = 0
        won = [0] * n
        tricks = list(view["tricks"])
        current = view["trick"]
        for number, trick in enumerate(tricks + ([current] if current is not None else []), 1):
            best = -1
            for play in trick["plays"]:
                s = play["seat"]
                card = play["card"]
                if play["face_up"]:
                    c = parse(card)
                    self.history.append((s, c, True))
                    seen |= 1 << c
                    self.played[s] |= 1 << c
                    if best < 0 or (c // RANKS == best // RANKS and c > best):
                        best = c
                    elif number == 5 and s != me:
                        # K-10: a follower that did not beat had no beater
                        acc[s] |= _ABOVE[best]
                elif s == me:
                    sim.gone[me] |= 1 << parse(card)
                    self.history.append((s, parse(card), False))
                else:
                    beat = _ABOVE[best]
                    if not won[s]:  # K-8.4: no trick and a discard: nothing could beat
                        acc[s] |= beat
                    self.slots.append((s, acc[s] | beat))  # K-8.5: never a beater
                    self.history.append((s, -len(self.slots), False))  # -k: hidden slot k-1
            if trick is not current and trick.get("winner") is not None:
                won[trick["winner"]] += 1
        for s in range(n):
            self.hand_forbid[s] = acc[s]
        sim.seen = seen
        sim.trick_no = view["trick_number"] or 1
        plays = current["plays"] if current is not None else []
        sim.plays = len(plays)
        sim.turn = me
        sim.best = -1
        sim.winner = current["leader"] if current is not None else me
        for play in plays:
            if play["face_up"]:
                c = parse(play["card"])
                if sim.best < 0 or (c // RANKS == sim.best // RANKS and c > sim.best):
                    sim.best, sim.winner = c, play["seat"]
        self.sim = sim
        mine = sim.gone[me] | self.played[me]
        for c in sim.hands[me]:
            mine |= 1 << c
        self.pool = [c for c in range(DECK) if not (seen | mine) >> c & 1]


def _automatic(cards: list[int]) -> bool:
    ranks = [0] * RANKS
    for c in cards:
        ranks[c % RANKS] += 1
    return max(ranks) >= 4 or all(c // RANKS == cards[0] // RANKS for c in cards)


def sample_world(facts: _Facts, rng: Any, tries: int = 20) -> tuple[_Sim, list[int]] | None:
    """The unseen cards dealt at random to fit every fact (most constrained slots
    first): the position, and the card of each hidden discard."""
    sim = facts.sim
    me = facts.me
    n = sim.n
    slots: list[tuple[int, int, int]] = []  # (forbidden, seat, discard slot or -1 for the hand)
    for k, (s, forbid) in enumerate(facts.slots):
        slots.append((forbid, s, k))
    for s in range(n):
        if s != me:
            for _ in range(facts.counts[s]):
                slots.append((facts.hand_forbid[s], s, -1))
    slots.sort(key=lambda x: -x[0].bit_count())
    for _ in range(tries):
        pool = list(facts.pool)
        hands: list[list[int]] = [[] for _ in range(n)]
        gone = list(sim.gone)
        thrown = [0] * len(facts.slots)
        ok = True
        for forbid, s, k in slots:
            if forbid:
                allowed = [i for i, c in enumerate(pool) if not forbid >> c & 1]
                if not allowed:
                    ok = False
                    break
                i = allowed[int(rng.random() * len(allowed))]
            else:
                i = int(rng.random() * len(pool))
            c = pool[i]
            pool[i] = pool[-1]
            pool.pop()
            if k >= 0:
                gone[s] |= 1 << c
                thrown[k] = c
            else:
                hands[s].append(c)
        if not ok:
            continue
        # K-5: nobody was dealt an automatic win (else no trick would be played)
        if any(s != me and _automatic(hands[s] + cards_in(gone[s] | facts.played[s])) for s in range(n)):
            continue
        world = sim.clone()
        for s in range(n):
            if s != me:
                world.hands[s] = hands[s]
        world.gone = gone
        return world, thrown
    return None


def likelihood(facts: _Facts, world: _Sim, thrown: list[int], surprise: float) -> float:
    """How well a sample explains the other seats' plays so far: each play that the
    medium rules would not have made in that seat's place (knowing what it knew then)
    multiplies the weight by ``surprise`` (Rebstock et al. 2019, with a crude model)."""
    n = world.n
    me = facts.me
    hands: list[list[int]] = [list(h) for h in world.hands]
    cards = [(s, thrown[-c - 1] if c < 0 else c, up) for s, c, up in facts.history]
    for s, c, _ in cards:
        hands[s].append(c)
    sim = object.__new__(_Sim)
    sim.n = n
    sim.hands = hands
    sim.won = [0] * n
    sim.out = [False] * n
    sim.active = n
    sim.gone = [0] * n
    sim.seen = 0
    sim.trick_no = 1
    sim.best = -1
    sim.winner = facts.first_leader
    sim.plays = 0
    sim.turn = facts.first_leader
    sim.result = -1
    weight = 1.0
    for s, c, up in cards:
        if s != me and len(sim.legal()) > 1 and medium_move(sim) != (c, up):
            weight *= surprise
        sim.step(c, up)
    return weight


# ---------------------------------------------------------------- bots


def _parse_move(action: str) -> Move:
    words = action.split()
    return FRENCH.parse(words[2]), words[1] == "play"


def _action(seat: int, move: Move) -> str:
    return f"{seat} {'play' if move[1] else 'discard'} {_code(move[0])}"


def _hint(facts: _Facts, move: Move, legal: list[str], chance: float | None = None) -> Decision:
    """The move with a short reason (a message key and card params)."""
    sim = facts.sim
    me = facts.me
    card, up = move
    action = _action(me, move)
    params: dict[str, Any] = {"card": _code(card), "deck": "french"}
    if chance is not None:
        params["chance"] = round(chance * 100)
    hand = sim.hands[me]
    known = _known(sim, me)
    rest = [c for c in hand if c != card]
    if len(legal) == 1:
        return Decision(action, "hint.katte.forced", params)
    if sim.trick_no == 5:
        params["cards"] = [_code(c) for c in rest]
        return Decision(action, "hint.katte.showdown", params)
    if not sim.plays:
        if not _ABOVE[card] & ~known:
            return Decision(action, "hint.katte.lead_master", params)
        return Decision(action, "hint.katte.lead_low", params)
    params["best"] = _code(sim.best)
    if up and not sim.won[me]:
        return Decision(action, "hint.katte.must_beat", params)
    keep = sorted(rest, key=lambda c: -_keep_value(c, known))[:2]
    params["cards"] = [_code(c) for c in keep]
    if up:
        if sim.trick_no == 4:
            return Decision(action, "hint.katte.take_lead", params)
        return Decision(action, "hint.katte.beat", params)
    return Decision(action, "hint.katte.discard", params)


class MediumBot(Bot):
    """Rules of thumb (see the module docstring)."""

    level = "medium"
    mistakes = 0.0

    def choose(self, view: View) -> Decision:
        legal: list[str] = view["legal"]
        if len(legal) == 1:
            facts = _Facts(view)
            return _hint(facts, _parse_move(legal[0]), legal)
        if self.mistakes and self.rng.random() < self.mistakes:
            return Decision(self.rng.choice(legal))
        facts = _Facts(view)
        move = medium_move(facts.sim, facts.counts)
        if _action(facts.me, move) not in legal:  # never expected; stay legal regardless
            move = _parse_move(legal[0])
        return _hint(facts, move, legal)


class EasyBot(MediumBot):
    """A casual player: the medium rules, with a random move one time in four."""

    level = "easy"
    mistakes = 0.25


class HardBot(Bot):
    """PIMC over samples that respect every public fact; exact tricks 5–6."""

    level = "hard"

    def __init__(self, seed: int | None = None, budget: Budget | None = None) -> None:
        super().__init__(seed, budget or Budget(samples=ARENA_SAMPLES, seconds=None))

    def steps(self, view: View) -> Steps:
        legal: list[str] = view["legal"]
        facts = _Facts(view)
        if len(legal) == 1:
            return _hint(facts, _parse_move(legal[0]), legal)
        moves = [_parse_move(a) for a in legal]
        budget = self.budget or Budget(ARENA_SAMPLES)
        showdown = facts.sim.trick_no == 5
        rng = self.rng

        def value(got: tuple[_Sim, list[int]], move: Move) -> float:
            w = got[0].clone()
            w.step(*move)
            winner = solve_showdown(w, facts.me) if showdown else play_out(w, facts.me)
            return 1.0 if winner == facts.me else 0.0

        tally = yield from sampled_values(
            moves, lambda: sample_world(facts, rng), value, samples=budget.samples, seconds=budget.seconds,
            weight=(lambda got: likelihood(facts, got[0], got[1], SURPRISE)) if SURPRISE < 1 else None)
        worlds, total = tally.worlds, tally.weight
        wins = [tally.total(m) for m in moves]
        if not worlds:  # nothing fits (never expected): fall back on the rules of thumb
            move = medium_move(facts.sim, facts.counts)
            return _hint(facts, move if _action(facts.me, move) in legal else moves[0], legal)
        # ties go to the medium choice, so equal samples never pick at random
        pref = medium_move(facts.sim.clone(), facts.counts)
        # the medium choice is kept unless a move does clearly better in the samples:
        # with a few dozen samples, the top of several noisy means is biased upwards
        base = moves.index(pref) if pref in moves else 0
        best = max(range(len(moves)), key=lambda i: (wins[i], i == base))
        if wins[best] - wins[base] < MARGIN * total:
            best = base
        return _hint(facts, moves[best], legal, wins[best] / total if total else None)


register("katte", RandomBot, EasyBot, MediumBot, HardBot)
