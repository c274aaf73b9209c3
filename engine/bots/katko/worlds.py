"""What a Katko seat knows, and the hidden hands that fit it.

:func:`read` turns a seat's view into :class:`Info`: its hand and legal cards, the
trick in progress, the unseen cards and, per other seat, the cards it cannot hold,
inferred from its plays (a seat that did not follow is void; under must-beat a seat
that did not beat could not). :func:`sample_hands` deals the unseen cards to the
other seats so that every such fact holds: the hard bot's worlds. Weighting worlds by
how well they explain the plays (the quick policy as a model of people) was measured
and brought nothing against medium (29.6% without, 28.7% with, ± 1.8 over 400 deals),
so every fitting world counts the same.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..base import View
from .sim import DECK, SUITS, Sim, card_of


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

    @property
    def left(self) -> int:
        """Cards in my hand (tricks still to play, counting this one)."""
        return len(self.hand)

    def pool(self) -> list[int]:
        """The unseen cards, one entry per copy, in a fixed order."""
        pool = []
        unseen = self.unseen
        for c in range(DECK):  # a loop: every world of every decision asks
            for _ in range(unseen[c]):
                pool.append(c)
        return pool

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

    def trick_probe(self) -> Sim:
        """The trick in progress alone (no hands), to ask which card would beat it."""
        s = Sim(self.n, [[] for _ in range(self.n)], self.trump, self.must_beat, False, False, 99)
        for seat, card in self.plays:
            s.turn = seat
            s.hands[seat] = [card]
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
    for t in tricks:
        probe.lead, probe.best, probe.winner, probe.played = -1, -1, -1, 0
        plays = []
        for p in t["plays"]:
            seat, card = p["seat"], card_of(p["card"])
            unseen[card] -= 1
            if seat != me and probe.lead >= 0:
                forbidden[seat] |= _revealed(probe, seat, card)
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
        target=int(view["target"]))


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
