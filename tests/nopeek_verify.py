"""A second verifier of the no-peek deal's transcripts, written from docs/no-peek.md on the
pure-Python ristretto255 of nopeek_ristretto.py (the page's is web/js/nopeek/audit.js on
@noble/curves). Same checks, same order, so both name the same seat for the same fault."""

from __future__ import annotations

import hashlib
from typing import Any

import nopeek_ristretto as r

KINDS = ("format", "key-proof", "key-mismatch", "shuffle", "share")
L = r.L


class Fault(Exception):
    """The first check a transcript fails: its kind (KINDS) and the seat to blame."""

    def __init__(self, kind: str, seat: int | None, why: str) -> None:
        super().__init__(f"{kind} by seat {seat}: {why}")
        self.kind, self.seat = kind, seat


def scalar(text: Any) -> int:
    """A scalar's encoding: 32 bytes little-endian, lowercase hex, below L."""
    if not isinstance(text, str) or len(text) != 64 or text.strip("0123456789abcdef"):
        raise ValueError("not 32 bytes of lowercase hex")
    value = int.from_bytes(bytes.fromhex(text), "little")
    if value >= L:
        raise ValueError("not reduced mod L")
    return value


def point(text: Any) -> r.Point:
    if not isinstance(text, str) or len(text) != 64 or text.strip("0123456789abcdef"):
        raise r.Invalid("not 32 bytes of lowercase hex")
    return r.decode(bytes.fromhex(text))


def card_point(game: str, card: str) -> r.Point:
    return r.from_uniform_bytes(hashlib.sha512(f"kortti-card-v1|{game}|{card}".encode()).digest())


def challenge(kind: str, deal: str, seat: int, points: list[r.Point]) -> int:
    data = f"kortti-nopeek-v1|{kind}|{deal}|{seat}|".encode() + b"".join(r.encode(p) for p in points)
    return int.from_bytes(hashlib.sha512(data).digest(), "little") % L


def key_proof_holds(deal: str, seat: int, key: r.Point, proof: Any) -> bool:
    """Schnorr: R = s·B − c·Y, and c = H(schnorr; B, Y, R)."""
    try:
        c, s = scalar(proof["c"]), scalar(proof["s"])
    except (TypeError, KeyError, ValueError):
        return False
    b = r.base()
    commitment = r.subtract(r.multiply(s, b), r.multiply(c, key))
    return challenge("schnorr", deal, seat, [b, key, commitment]) == c


def share_proof_holds(deal: str, seat: int, key: r.Point, c1: r.Point, share: r.Point, proof: Any) -> bool:
    """Chaum–Pedersen: A1 = s·B − c·Y, A2 = s·C1 − c·D, and c = H(dleq; B, Y, C1, D, A1, A2)."""
    try:
        c, s = scalar(proof["c"]), scalar(proof["s"])
    except (TypeError, KeyError, ValueError):
        return False
    b = r.base()
    a1 = r.subtract(r.multiply(s, b), r.multiply(c, key))
    a2 = r.subtract(r.multiply(s, c1), r.multiply(c, share))
    return challenge("dleq", deal, seat, [b, key, c1, share, a1, a2]) == c


def verify(transcript: dict[str, Any], secrets: list[Any]) -> None:
    """Raises the transcript's first Fault, in docs/no-peek.md's order; returns if all holds."""
    keys, stages, shares = transcript.get("keys"), transcript.get("stages"), transcript.get("shares")
    cards, owners = transcript.get("cards"), transcript.get("owners")
    game, deal = transcript.get("game"), transcript.get("deal")
    if not (transcript.get("v") == 1 and isinstance(game, str) and isinstance(deal, str)
            and isinstance(keys, list) and len(keys) >= 2 and isinstance(cards, list)
            and isinstance(stages, list) and len(stages) == len(keys) and isinstance(shares, list)
            and isinstance(owners, list) and len(owners) == len(cards)
            and all(type(o) is int and 0 <= o < len(keys) for o in owners)
            and isinstance(secrets, list) and len(secrets) == len(keys)):
        raise Fault("format", None, "not a whole deal's transcript")
    n = len(keys)
    public = []
    for seat, entry in enumerate(keys):
        try:
            public.append(point(entry["key"]))
        except (TypeError, KeyError, r.Invalid) as e:
            raise Fault("key-proof", seat, "its key is no point") from e
        if not key_proof_holds(deal, seat, public[seat], entry.get("proof")):
            raise Fault("key-proof", seat, "its Schnorr proof fails")
    secret = []
    for seat in range(n):
        try:
            secret.append(scalar(secrets[seat]))
        except ValueError as e:
            raise Fault("key-mismatch", seat, "its revealed key is no scalar") from e
        if not r.equal(r.multiply(secret[seat], r.base()), public[seat]):
            raise Fault("key-mismatch", seat, "its revealed key is not its public key's")
    x = sum(secret) % L
    deck = sorted(r.encode(card_point(game, c)) for c in cards)
    final: list[tuple[r.Point, r.Point]] = []
    for seat, stage in enumerate(stages):
        if not isinstance(stage, dict) or stage.get("seat") != seat:
            raise Fault("format", seat, "a stage out of turn")
        try:
            final = [(point(pair[0]), point(pair[1])) for pair in stage["deck"]]
        except (TypeError, KeyError, IndexError, r.Invalid) as e:
            raise Fault("shuffle", seat, "its stage is not pairs of points") from e
        if any(len(pair) != 2 for pair in stage["deck"]) or len(final) != len(cards):
            raise Fault("shuffle", seat, "its stage is not the deck's size")
        opened = sorted(r.encode(r.subtract(c2, r.multiply(x, c1))) for c1, c2 in final)
        if opened != deck:
            raise Fault("shuffle", seat, "its stage decrypts to other cards")
    done: set[tuple[int, int]] = set()
    for entry in shares:
        seat = entry.get("seat") if isinstance(entry, dict) else None
        if type(seat) is not int or not 0 <= seat < n:
            raise Fault("format", None, "a share of no seat")
        position = entry.get("position")
        if type(position) is not int or not 0 <= position < len(cards) or (seat, position) in done:
            raise Fault("share", seat, "a share of no position, or a second one")
        done.add((seat, position))
        try:
            share = point(entry.get("share"))
        except r.Invalid as e:
            raise Fault("share", seat, "its share is no point") from e
        if not r.equal(share, r.multiply(secret[seat], final[position][0])):
            raise Fault("share", seat, f"its share of position {position} is wrong")
    for p in range(len(cards)):
        for s in range(n):
            if s != owners[p] and (s, p) not in done:
                raise Fault("share", s, f"its share of position {p} is missing")
