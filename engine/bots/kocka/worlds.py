"""The worlds the Kočka hard bot imagines: hidden hands dealt to fit the view, and weighed.

A world is a full deal in play (a :class:`Sim` with every hand filled in) that
respects every public fact the deciding seat knows: the cards played, the suits a
seat showed it is void in by not following, and the three cards it passed, which
sit in the next seat's hand until played. Before the exchange a world is any deal
of the unseen cards, with each other seat passing what the medium rules would. In
play, the worlds kept are those in which the medium rules make every play the others
made (:class:`Reader`); where none is found, a world is weighed by how well it
explains them (:func:`plausibility`).
"""

from __future__ import annotations

import random

from ...cards import GERMAN
from ...state import seeded_shuffle
from ..base import View, cards_in
from .policy import medium_pass, medium_play
from .sim import ALL, Sim, mask, new_sim

PLAY_WEIGHT = 0.2  # a world's weight is multiplied by this per play the medium rules would not make


def _deal_hidden(rng: random.Random, pool: int, need: list[int], voids: list[int],
                 fixed: list[int]) -> list[int] | None:
    """Deal the ``pool`` cards so each seat gets ``need[s]`` more, none in a suit it is void in."""
    cards = cards_in(pool)
    rng.shuffle(cards)
    # most constrained cards first, so a void never strands a card
    cards.sort(key=lambda c: sum(1 for s in range(4) if need[s] and not voids[s] >> (c >> 3) & 1))
    hands = list(fixed)
    left = list(need)
    for c in cards:
        suit = c >> 3
        seats = [s for s in range(4) if left[s] and not voids[s] >> suit & 1]
        if not seats:
            return None
        total = sum(left[s] for s in seats)
        r = rng.randrange(total)
        for s in seats:
            r -= left[s]
            if r < 0:
                break
        hands[s] |= 1 << c
        left[s] -= 1
    return hands


def sample_world(view: View, base: Sim, rng: random.Random) -> Sim | None:
    """A full deal in play consistent with the view; None if sampling failed."""
    me = view["seat"]
    counts = view["hand_counts"]
    mine = base.hands[me]
    pool = ALL & ~(mine | base.played)
    fixed = [0, 0, 0, 0]
    fixed[me] = mine
    left_seat = (me + 1) & 3
    gone = mask(view["passed"]) & pool  # still in the next seat's hand
    fixed[left_seat] = gone
    pool &= ~gone
    need = [0 if s == me else counts[s] - fixed[s].bit_count() for s in range(4)]
    voids = list(base.voids)
    voids[me] = 0
    for _ in range(30):
        hands = _deal_hidden(rng, pool, need, voids, fixed)
        if hands is not None:
            w = base.copy()
            w.hands = hands
            return w
    hands = _deal_hidden(rng, pool, need, [0, 0, 0, 0], fixed)  # facts contradict: ignore voids
    if hands is None:
        return None
    w = base.copy()
    w.hands = hands
    return w


def pass_world(hand: int, me: int, rng: random.Random) -> tuple[list[int], list[int]]:
    """A world before the exchange: the others' hands any deal of the cards not in
    ``hand``, and the three cards each of them passes (medium's choice), as masks."""
    pool = cards_in(ALL & ~hand)
    seeded_shuffle(pool, rng)  # rng.shuffle's permutation, faster
    hands = [0, 0, 0, 0]
    hands[me] = hand
    for k, s in enumerate(s for s in range(4) if s != me):
        for c in pool[8 * k: 8 * k + 8]:
            hands[s] |= 1 << c
    gives = [0, 0, 0, 0]
    for s in range(4):
        if s != me:
            g = medium_pass(hands[s])
            gives[s] = (1 << g[0]) | (1 << g[1]) | (1 << g[2])
    return hands, gives


def plays_so_far(view: View) -> tuple[list[tuple[int, int]], int]:
    """The deal's plays so far as (seat, card), and the leader of trick 1."""
    tricks = list(view["tricks"]) + ([view["trick"]] if view["trick"] else [])
    plays = [(p["seat"], GERMAN.parse(p["card"])) for t in tricks for p in t["plays"]]
    return plays, tricks[0]["leader"]


def plausibility(world: Sim, history: list[tuple[int, int]], first: int, me: int) -> float:
    """How well a world explains the others' plays: ``PLAY_WEIGHT`` per play a
    strong player would not have made holding those cards (Rebstock et al. 2019)."""
    start = list(world.hands)
    for seat, c in history:
        start[seat] |= 1 << c
    sim = new_sim(start, first, world.mode)
    weight = 1.0
    for seat, c in history:
        if seat != me and medium_play(sim) != c:
            weight *= PLAY_WEIGHT
        sim.play(c)
    return weight


class Reader:
    """Worlds that explain the others' plays: drawn at random to fit the view, and kept
    only if the medium rules, holding those cards, make every play the others made.

    A world drawn only to fit the hard facts rarely does: by the fourth trick about one
    in twenty (``docs/bot-experiments.md``), and weighing the rest down (:func:`plausibility`) leaves
    the search on worlds a reader of the plays would rule out. Keeping the first of up to
    ``tries`` draws that explains them all is a draw from the worlds that do. The check is
    cheap because the medium rules read only the hand of the seat to act and what is
    public: the deal's public positions are replayed once per decision, each seat's plays
    are checked against its own hand alone, and a draw is given up at the first play it
    does not explain. When no draw explains them all (a seat that plays otherwise than
    the medium rules, a person), the world is a plain draw, weighed as before."""

    def __init__(self, view: View, base: Sim, rng: random.Random, history: list[tuple[int, int]],
                 first: int, tries: int) -> None:
        self.view, self.base, self.rng, self.tries = view, base, rng, tries
        me = self.me = view["seat"]
        played = [0, 0, 0, 0]
        for seat, c in history:
            played[seat] |= 1 << c
        # the deal replayed with each seat holding only the cards it is yet to play: at
        # each of its turns, its hand is then those cards, and a world adds the rest
        sim = new_sim(played, first, base.mode)
        self.turns: list[list[tuple[Sim, int]]] = [[], [], [], []]
        for seat, c in history:
            if seat != me:
                self.turns[seat].append((sim.copy(), c))
            sim.play(c)
        counts = view["hand_counts"]
        pool = ALL & ~(base.hands[me] | base.played)
        self.fixed = [0, 0, 0, 0]  # the cards we passed, in the next seat's hand until played
        self.fixed[(me + 1) & 3] = mask(view["passed"]) & pool
        pool &= ~self.fixed[(me + 1) & 3]
        self.need = [0 if s == me else counts[s] - self.fixed[s].bit_count() for s in range(4)]
        # the seat with most plays to explain is checked first: it fails most often
        self.order = sorted((s for s in range(4) if s != me), key=lambda s: -len(self.turns[s]))
        # the hidden cards grouped by the seats that may hold them (voids), fewest seats
        # first so that a void never strands a card; a draw only shuffles within groups
        groups: dict[tuple[int, ...], list[int]] = {}
        for c in cards_in(pool):
            seats = tuple(s for s in range(4) if self.need[s] and not base.voids[s] >> (c >> 3) & 1)
            groups.setdefault(seats, []).append(c)
        self.groups = sorted(groups.items(), key=lambda g: len(g[0]))
        # each seat's answers by hand: late in the deal few cards are hidden and the same
        # hand is drawn again and again (a third of the checks of a decision repeat one)
        self.known: list[dict[int, bool]] = [{}, {}, {}, {}]
        # the last world returned if it explains every play (its plausibility is then 1)
        self.explained: Sim | None = None

    def explains(self, seat: int, hand: int) -> bool:
        """Whether the medium rules, holding ``hand`` now, make every play ``seat`` made."""
        known = self.known[seat]
        answer = known.get(hand)
        if answer is None:
            answer = known[hand] = self._explains(seat, hand)
        return answer

    def _explains(self, seat: int, hand: int) -> bool:
        for sim, c in self.turns[seat]:
            later = sim.hands[seat]
            sim.hands[seat] = later | hand
            d = medium_play(sim)
            sim.hands[seat] = later
            if d != c:
                return False
        return True

    def draw(self) -> list[int] | None:
        """The hidden cards dealt at random to fit the voids, as :func:`sample_world` deals
        them; ``None`` if the voids left a card nowhere to go."""
        rng = self.rng
        uniform = rng.random
        hands = list(self.fixed)
        hands[self.me] = self.base.hands[self.me]
        left = list(self.need)
        for seats, group in self.groups:
            cards = list(group)
            seeded_shuffle(cards, rng)  # rng.shuffle's permutation, faster (up to 30 draws a world)
            for c in cards:
                total = 0
                for s in seats:
                    total += left[s]
                if not total:
                    return None
                r = int(uniform() * total)
                for s in seats:
                    r -= left[s]
                    if r < 0:
                        break
                hands[s] |= 1 << c
                left[s] -= 1
        return hands

    def __call__(self) -> Sim | None:
        """A world for the search: one that explains every play if a draw finds one."""
        for _ in range(self.tries):
            hands = self.draw()
            if hands is None:
                continue
            for s in self.order:  # a loop, not all() over a generator: up to 30 draws a world
                if not self.explains(s, hands[s]):
                    break
            else:
                world = self.explained = self.base.copy()
                world.hands = hands
                return world
        self.explained = None
        return sample_world(self.view, self.base, self.rng)
