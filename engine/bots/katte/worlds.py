"""What a Katte view tells about the unseen cards, and worlds drawn to fit it.

:class:`Facts` reads a seat's view into a simulator position (the others' hands left
empty) and the constraints on every unseen card; :func:`sample_world` deals the
unseen cards so that every public fact holds: a seat with no trick that discarded
could not beat the best card then (no higher card of that suit among the cards it
still held); a face-down discard is never a card that could beat; a trick-5 follower
that did not beat holds no beater; nobody was dealt an automatic win.
:func:`likelihood` weighs a world by how well the medium rules explain each seat's
past plays in it (a soft model: a surprising play only lowers the weight). The hard
bot and the review of a human's play (``engine/bots/review.py``) share them.
"""

from __future__ import annotations

from typing import Any

from ...cards import FRENCH
from ..base import View, cards_in
from .policy import medium_move
from .sim import ABOVE, DECK, RANKS, Sim, automatic, new_hand


class Facts:
    """What a view tells: the simulator position (others' hands empty) and the
    constraints on every unseen card."""

    def __init__(self, view: View) -> None:
        n = view["players"]
        me = view["seat"]
        self.me = me
        parse = FRENCH.parse
        sim = object.__new__(Sim)
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
                        acc[s] |= ABOVE[best]
                elif s == me:
                    sim.gone[me] |= 1 << parse(card)
                    self.history.append((s, parse(card), False))
                else:
                    beat = ABOVE[best]
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


def sample_world(facts: Facts, rng: Any, tries: int = 20) -> tuple[Sim, list[int]] | None:
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
                allowed = []  # a loop, not a comprehension: every world's every card asks
                for i in range(len(pool)):
                    if not forbid >> pool[i] & 1:
                        allowed.append(i)
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
        if any(s != me and automatic(hands[s] + cards_in(gone[s] | facts.played[s])) for s in range(n)):
            continue
        world = sim.clone()
        for s in range(n):
            if s != me:
                world.hands[s] = hands[s]
        world.gone = gone
        return world, thrown
    return None


def likelihood(facts: Facts, world: Sim, thrown: list[int], surprise: float) -> float:
    """How well a sample explains the other seats' plays so far: each play that the
    medium rules would not have made in that seat's place (knowing what it knew then)
    multiplies the weight by ``surprise`` (Rebstock et al. 2019, with a crude model).

    A face-down discard of another seat is explained when the medium rules would discard
    there too, whichever card: nobody saw the card, and a world's card for it is drawn at
    random, so matching medium's choice of card would be luck that only makes the weights
    noisier (weighing the card too won 0.65 ± 0.54 points fewer of the hands at four seats
    over 2,400 paired units; docs/bot-experiments.md)."""
    me = facts.me
    hands: list[list[int]] = [list(h) for h in world.hands]
    cards = [(s, thrown[-c - 1] if c < 0 else c, up) for s, c, up in facts.history]
    for s, c, _ in cards:
        hands[s].append(c)
    sim = new_hand(hands, facts.first_leader)
    weight = 1.0
    for s, c, up in cards:
        if s != me and len(sim.legal()) > 1:
            card, face_up = medium_move(sim)
            if face_up != up or (up and card != c):
                weight *= surprise
        sim.step(c, up)
    return weight
