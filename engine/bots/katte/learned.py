"""A learned policy for the hard Katte bot's OWN later cards in its playouts (issue 52).

The hard bot's playouts play its own later cards by the medium rules of thumb. The plan
search (:mod:`.plan`) finds better ones per information set, but only where it runs (tricks
3 and 4 at four seats): from tricks 1 and 2 the bot still values its moves with medium's
later cards. This module is a small model of the plan search's choices, cheap enough to
play inside every playout:

* a conditional logit (multinomial logistic regression over the legal moves): each move
  scores the sum of a few weights, one per feature of the move in its context, and the
  policy plays the highest score (a tie to medium's move);
* every feature reads only what the seat knows at its turn (its hand, its own discards,
  the face-up cards, the tricks won, the current trick), so the same world-free choice is
  made in every world of an information set: no strategy fusion;
* the weights live in ``learned.json``, trained offline from logged decisions of the plan
  search by ``python -m engine.bots.katte.train`` (reproducible from its seed).

A feature is a (name, level) pair; its weight is found by one index into a flat list:
``((context * FEATURES) + offset[name] + level)``, where the context is the trick, the tricks
the seat has won (none: it must qualify, K-8.4; three: a fourth wins the hand, K-9), and the move's kind (a lead, a play that beats,
a face-down discard, or a face-up card that does not beat, trick 5).
"""

from __future__ import annotations

import functools
import json
from importlib import resources

from .policy import known_to, medium_move
from .sim import ABOVE, RANKS, Move, Sim

LEARNED_SEATS: tuple[int, ...] = (5, 6)
"""The table sizes at which the hard bot's playouts play its own later cards by this policy.
Screened in arena games against the same bot with the medium rules' cards there
(docs/bot-experiments.md): at five and six seats it won more of the hands; at four, where the
plan search already decides tricks 3 and 4, it did not (so it learnt at four seats and plays at
five and six)."""
LEARNED_IN_PLAN = False
"""Whether the plan search (:mod:`.plan`) plays it too, where its learning half never reached
an information set (in place of the medium rules)."""
LEARNED_FROM = 3
LEARNED_UNTIL = 6
"""The tricks whose cards it plays (from ``LEARNED_FROM`` to the one before ``LEARNED_UNTIL``):
3 to 5. Played as a whole hand by itself against three medium seats, on the same deals, it
wins 2.3 points more of the hands than the medium rules with its cards of tricks 3–5, but 0.3
fewer with its trick-2 cards, which the plan search's log hardly teaches (docs/bot-experiments.md)."""

KINDS = 4  # lead, beat, discard, up (no beat): see kind_of
TRICKS = 5  # the cards of tricks 1–5 are chosen (trick 6 plays itself, K-11)

# each feature's number of levels, in the order of the flat weight list
LEVELS: dict[str, int] = {
    "medium": 2,  # the medium rules' own move
    "rank": RANKS,  # the card's rank, 2 … A
    "higher": 5,  # unseen cards of its suit above it: 0 (a master) … 4 or more
    "both": 5 * RANKS,  # the two together
    "keep": 6,  # its place in the hand by the medium rules' keep order (0: least useful)
    "suit": 4,  # cards of its suit in the hand: 1, 2, 3, 4 or more
    "left": 5,  # the best card kept (fewest unseen higher): 0 … 4 or more
    "after": 6,  # seats still to play in this trick after the move: 0 … 5
    "lead": 6,  # unseen cards above the trick's best so far: 0 … 4 or more; 5 when leading
}
OFFSET: dict[str, int] = {}
_at = 0
for _name, _n in LEVELS.items():
    OFFSET[_name] = _at
    _at += _n
FEATURES = _at
"""Levels of all features together: the weights of one context."""
WON = 4  # tricks the seat has won: 0, 1, 2, 3 or more
CONTEXTS = TRICKS * WON * KINDS
SIZE = CONTEXTS * FEATURES

_MEDIUM, _RANK, _HIGHER, _BOTH, _KEEP, _SUIT, _LEFT, _AFTER, _LEAD = (OFFSET[n] for n in LEVELS)


def kind_of(sim: Sim, move: Move) -> int:
    """0: a lead, 1: a face-up card that beats the trick's best, 2: a face-down discard,
    3: a face-up card that does not beat (trick 5 only)."""
    card, up = move
    if not sim.plays:
        return 0
    if not up:
        return 2
    best = sim.best
    return 1 if card // RANKS == best // RANKS and card > best else 3


def features(sim: Sim, moves: list[Move], medium: Move) -> list[list[int]]:
    """Each move's feature indices into the flat weight list (the seat to act is ``sim.turn``;
    only what it knows is read). Every playout asks, so loops over the hand, not sorts."""
    seat = sim.turn
    hand = sim.hands[seat]
    unknown = ~known_to(sim, seat)
    # per card: unseen higher cards, and the medium rules' keep order (policy.keep_value)
    higher = [(ABOVE[c] & unknown).bit_count() for c in hand]
    keys = [((c % RANKS) - 16 * h) * 4 - c // RANKS for c, h in zip(hand, higher)]
    low = sorted(higher)[:2] + [4, 4]  # the two smallest, for the best card kept
    suits = [0, 0, 0, 0]
    for c in hand:
        suits[c // RANKS] += 1
    trick = min(sim.trick_no, TRICKS) - 1
    won = min(WON - 1, sim.won[seat])
    after = min(5, sim.active - sim.plays - 1)
    lead = min(4, (ABOVE[sim.best] & unknown).bit_count()) if sim.plays else 5
    out = []
    for move in moves:
        card = move[0]
        i = hand.index(card)
        h, key = higher[i], keys[i]
        base = ((trick * WON + won) * KINDS + kind_of(sim, move)) * FEATURES
        left = low[1] if h == low[0] else low[0]  # the best of the other cards
        above = min(4, h)
        keep = 0
        for k in keys:
            keep += k < key
        out.append([
            base + _MEDIUM + (1 if move == medium else 0),
            base + _RANK + card % RANKS,
            base + _HIGHER + above,
            base + _BOTH + above * RANKS + card % RANKS,
            base + _KEEP + min(5, keep),
            base + _SUIT + min(3, suits[card // RANKS] - 1),
            base + _LEFT + min(4, left),
            base + _AFTER + after,
            base + _LEAD + lead,
        ])
    return out


def choose(weights: list[float], sim: Sim, moves: list[Move], medium: Move) -> Move:
    """The highest-scoring move (a tie to ``medium``, then to the earlier move)."""
    best, best_key = moves[0], (float("-inf"), False)
    for move, idx in zip(moves, features(sim, moves, medium)):
        score = 0.0
        for i in idx:
            score += weights[i]
        key = (score, move == medium)
        if key > best_key:
            best, best_key = move, key
    return best


def load(text: str) -> list[float]:
    """The weights of a ``learned.json`` text, checked against this module's layout."""
    data = json.loads(text)
    weights = data["weights"]
    if data.get("levels") != LEVELS or data.get("contexts") != CONTEXTS or len(weights) != SIZE:
        raise ValueError("learned.json does not fit engine/bots/katte/learned.py's features: retrain it")
    return [float(w) for w in weights]


@functools.cache
def shipped() -> list[float]:
    """The weights in ``learned.json``, read once when first asked (so that ``train`` can
    rewrite a file that no longer fits)."""
    # importlib.resources (as engine/i18n.py) also reads it when the engine is imported from a zip
    return load(resources.files(__package__).joinpath("learned.json").read_text("utf-8"))


def plays(trick: int) -> bool:
    """Whether the policy plays the seat's card of ``trick`` (``LEARNED_FROM`` … ``LEARNED_UNTIL`` − 1)."""
    return LEARNED_FROM <= trick < LEARNED_UNTIL


def learned_move(sim: Sim) -> Move:
    """The learned policy's move for the seat to act (see the module's text)."""
    moves = sim.legal()
    medium = medium_move(sim)
    if len(moves) == 1:
        return moves[0]
    return choose(shipped(), sim, moves, medium)
