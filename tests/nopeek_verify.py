"""A second verifier of the no-peek deal's transcripts, written from docs/no-peek.md on the
pure-Python ristretto255 of nopeek_ristretto.py and Python's own hashlib and hmac (the page's
is web/js/nopeek/ on @noble/curves and @noble/hashes): signatures, sealed messages, the
escrow and its complaints, and the audit. Same checks, same order, so both name the same seat
for the same fault."""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

import nopeek_ristretto as r

KINDS = ("format", "key-proof", "signature", "escrow", "left", "key-mismatch", "shuffle", "share")
SEAL_SALT = b"kortti-nopeek-v1|seal"
L = r.L


class Fault(Exception):
    """The first check a transcript fails: its kind (KINDS) and the seat to blame."""

    def __init__(self, kind: str, seat: int | None, why: str) -> None:
        super().__init__(f"{kind} by seat {seat}: {why}")
        self.kind, self.seat, self.why = kind, seat, why

    def __reduce__(self) -> tuple[type[Fault], tuple[str, int | None, str]]:
        return Fault, (self.kind, self.seat, self.why)  # (pickled: a run's set-up shared by its workers)


def scalar(text: Any) -> int:
    """A scalar's encoding: 32 bytes little-endian, lowercase hex, below L."""
    if not isinstance(text, str) or len(text) != 64 or text.strip("0123456789abcdef"):
        raise ValueError("not 32 bytes of lowercase hex")
    value = int.from_bytes(bytes.fromhex(text), "little")
    if value >= L:
        raise ValueError("not reduced mod L")
    return value


def is_hex(text: Any, size: int) -> bool:
    """``size`` bytes as lowercase hex."""
    return isinstance(text, str) and len(text) == 2 * size and not text.strip("0123456789abcdef")


def point(text: Any) -> r.Point:
    if not is_hex(text, 32):
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


def weighted_sum(weights: list[int], points: list[r.Point]) -> r.Point:
    """Σ w_i·P_i with one chain of doublings for all (4-bit windows, as long as the longest weight)."""
    tables = []
    for p in points:
        table = [r.IDENTITY]
        for _ in range(15):
            table.append(r.add(table[-1], p))
        tables.append(table)
    out = r.IDENTITY
    top = max((w.bit_length() for w in weights), default=0)
    for shift in range((top + 3) // 4 * 4 - 4, -1, -4):
        for _ in range(4):
            out = r.add(out, out)
        for w, table in zip(weights, tables, strict=True):
            out = r.add(out, table[(w >> shift) & 15])
    return out


def batch_weights(deal: str, seat: int, key: r.Point, c1s: list[r.Point], shares: list[r.Point]) -> list[int]:
    """w_i = int_le(SHA-512(seed || be32(i))[:16]), seed = SHA-512(weights; B, Y, C1_0, D_0, …)."""
    seed = hashlib.sha512(f"kortti-nopeek-v1|weights|{deal}|{seat}|".encode() + r.encode(r.base()) + r.encode(key)
                          + b"".join(r.encode(c1) + r.encode(d) for c1, d in zip(c1s, shares, strict=True))).digest()
    return [int.from_bytes(hashlib.sha512(seed + i.to_bytes(4, "big")).digest()[:16], "little") for i in range(len(c1s))]


def shares_proof_holds(deal: str, seat: int, key: r.Point, c1s: list[r.Point], shares: list[r.Point], proof: Any) -> bool:
    """A seat's one proof of its shares (RFC 9497's composite proof): with the weights w_i,
    M = Σ w_i·C1_i and Z = Σ w_i·D_i, A1 = s·B − c·Y, A2 = s·M − c·Z, and c = H(batch; B, Y, M, Z, A1, A2)."""
    try:
        c, s = scalar(proof["c"]), scalar(proof["s"])
    except (TypeError, KeyError, ValueError):
        return False
    if len(c1s) != len(shares):
        return False
    weights = batch_weights(deal, seat, key, c1s, shares)
    m, z = weighted_sum(weights, c1s), weighted_sum(weights, shares)
    b = r.base()
    a1 = r.subtract(r.multiply(s, b), r.multiply(c, key))
    a2 = r.subtract(r.multiply(s, m), r.multiply(c, z))
    return challenge("batch", deal, seat, [b, key, m, z, a1, a2]) == c


def signature_holds(deal: str, seat: int, key: r.Point, text: Any, sig: Any) -> bool:
    """Schnorr over the text: R = s·B − c·Y, and c = H(sig; B, Y, R) over SHA-512(text) too."""
    try:
        c, s = scalar(sig["c"]), scalar(sig["s"])
    except (TypeError, KeyError, ValueError):
        return False
    if not isinstance(text, str):
        return False
    b = r.base()
    commitment = r.subtract(r.multiply(s, b), r.multiply(c, key))
    data = (f"kortti-nopeek-v1|sig|{deal}|{seat}|".encode() + r.encode(b) + r.encode(key) + r.encode(commitment)
            + hashlib.sha512(text.encode()).digest())
    return int.from_bytes(hashlib.sha512(data).digest(), "little") % L == c


def hkdf_sha256(ikm: bytes, salt: bytes, info: bytes, length: int) -> bytes:
    """RFC 5869 on Python's hmac: extract, then expand block by block."""
    prk = hmac.new(salt, ikm, "sha256").digest()
    out, block = b"", b""
    for counter in range(1, -(-length // 32) + 1):
        block = hmac.new(prk, block + info + bytes([counter]), "sha256").digest()
        out += block
    return out[:length]


def seal_keys(shared: r.Point, deal: str, sender: int, receiver: int, purpose: str) -> tuple[bytes, bytes]:
    """The 64-byte pad and the tag's 32-byte key of one seal."""
    okm = hkdf_sha256(r.encode(shared), SEAL_SALT, f"{deal}|{sender}|{receiver}|{purpose}".encode(), 96)
    return okm[:64], okm[64:]


def seal(shared: r.Point, plaintext: bytes, deal: str, sender: int, receiver: int, purpose: str) -> dict[str, str]:
    pad, mac_key = seal_keys(shared, deal, sender, receiver, purpose)
    box = bytes(a ^ b for a, b in zip(plaintext, pad, strict=False))
    return {"box": box.hex(), "tag": hmac.new(mac_key, box, "sha256").hexdigest()}


def unseal(shared: r.Point, sealed: Any, deal: str, sender: int, receiver: int, purpose: str) -> bytes | None:
    """The plaintext, or None if the tag does not hold (or the seal is malformed)."""
    if not isinstance(sealed, dict) or not is_hex(sealed.get("tag"), 32):
        return None
    size = len(sealed.get("box", "")) // 2 if isinstance(sealed.get("box"), str) else 0
    if not 1 <= size <= 64 or not is_hex(sealed["box"], size):
        return None
    box, tag = bytes.fromhex(sealed["box"]), bytes.fromhex(sealed["tag"])
    pad, mac_key = seal_keys(shared, deal, sender, receiver, purpose)
    if not hmac.compare_digest(hmac.new(mac_key, box, "sha256").digest(), tag):
        return None
    return bytes(a ^ b for a, b in zip(box, pad, strict=False))


def escrow_problem(entry: Any, owner: int, key: r.Point, others: list[int]) -> str | None:
    """What anyone can see wrong with seat ``owner``'s escrow: its shape, or the commitments'
    sum. Two crypto seats: no pieces at all."""
    if not isinstance(entry, dict) or entry.get("seat") != owner or not isinstance(entry.get("pieces"), list):
        return "no escrow of this seat"
    pieces = entry["pieces"]
    if len(others) == 1:
        return None if pieces == [] else "an escrow between two seats"
    if [p.get("to") if isinstance(p, dict) else None for p in pieces] != others:
        return "not one piece per other seat, in order"
    total = r.IDENTITY
    for piece in pieces:
        try:
            total = r.add(total, point(piece["commitment"]))
        except (TypeError, KeyError, r.Invalid):
            return "a piece's commitment is no point"
        if not (is_hex(piece.get("box"), 32) and is_hex(piece.get("tag"), 32)):
            return "a piece's seal is not 32 bytes and a tag"
    return None if r.equal(total, key) else "its commitments do not add up to its key"


def open_piece(entry: dict[str, Any], receiver: int, shared: r.Point, deal: str) -> int | None:
    """The receiver's piece, opened under the two seats' shared point, if it matches its commitment."""
    piece = next(p for p in entry["pieces"] if p["to"] == receiver)
    data = unseal(shared, piece, deal, entry["seat"], receiver, "escrow")
    if data is None or len(data) != 32:
        return None
    value = int.from_bytes(data, "little")
    if value >= L or not r.equal(r.multiply(value, r.base()), point(piece["commitment"])):
        return None
    return value


def check_complaint(entry: dict[str, Any], claim: dict[str, Any], owner_key: r.Point, complainer_key: r.Point,
                    deal: str) -> int:
    """The seat at fault by a complaint: the complainer if it names no piece of this escrow
    for it, its shared point is not proven or the piece is right; the escrow's owner if the
    piece does not open or match its commitment."""
    complainer = claim["seat"]
    if claim.get("owner") != entry["seat"] or complainer not in [p["to"] for p in entry["pieces"]]:
        return int(complainer)
    try:
        shared = point(claim["shared"])
    except r.Invalid:
        return int(complainer)
    if not share_proof_holds(deal, complainer, complainer_key, owner_key, shared, claim.get("proof")):
        return int(complainer)
    return int(entry["seat"]) if open_piece(entry, complainer, shared, deal) is None else int(complainer)


def is_opened(reveal: Any) -> bool:
    """A key the others opened from its seat's escrow: the key, no permutation nor randomisers."""
    return (isinstance(reveal, dict) and isinstance(reveal.get("key"), str)
            and "permutation" in reveal and reveal["permutation"] is None
            and "randomisers" in reveal and reveal["randomisers"] is None)


def verify(transcript: dict[str, Any]) -> list[int]:
    """Raises the transcript's first Fault, in docs/no-peek.md's order; if all holds, returns the
    seats whose key was opened from their escrow (named, not at fault), ascending."""
    t = transcript
    keys, stages, shares, reveals = t.get("keys"), t.get("stages"), t.get("shares"), t.get("reveals")
    cards, owners, escrows, signed = t.get("cards"), t.get("owners"), t.get("escrows"), t.get("signed", [])
    game, deal = t.get("game"), t.get("deal")
    if not (t.get("v") == 2 and isinstance(game, str) and isinstance(deal, str)
            and isinstance(keys, list) and len(keys) >= 1 and isinstance(cards, list)
            and isinstance(stages, list) and len(stages) == len(keys) and isinstance(shares, list)
            and isinstance(owners, list) and len(owners) == len(cards)
            and all(o in ("up", "stock") or (type(o) is int and 0 <= o < len(keys)) for o in owners)
            and isinstance(escrows, list) and len(escrows) == len(keys) and isinstance(signed, list)
            and isinstance(reveals, list) and len(reveals) == len(keys)):
        raise Fault("format", None, "not a whole deal's transcript")
    n = len(keys)
    b = r.base()
    public = []
    for seat, entry in enumerate(keys):
        try:
            public.append(point(entry["key"]))
        except (TypeError, KeyError, r.Invalid) as e:
            raise Fault("key-proof", seat, "its key is no point") from e
        if not key_proof_holds(deal, seat, public[seat], entry.get("proof")):
            raise Fault("key-proof", seat, "its Schnorr proof fails")
    for entry in signed:
        seat = entry.get("seat") if isinstance(entry, dict) else None
        if type(seat) is not int or not 0 <= seat < n:
            raise Fault("format", None, "a signed message of no seat")
        if not signature_holds(deal, seat, public[seat], entry.get("text"), entry.get("sig")):
            raise Fault("signature", seat, "a message in its name it did not sign")
    for seat in range(n):
        problem = escrow_problem(escrows[seat], seat, public[seat], [s for s in range(n) if s != seat])
        if problem:
            raise Fault("escrow", seat, problem)
    for seat in range(n):
        if not isinstance(reveals[seat], dict):
            raise Fault("left", seat, "its key was neither revealed nor opened from its escrow")
    secret = []
    for seat in range(n):
        try:
            secret.append(scalar(reveals[seat].get("key")))
        except ValueError as e:
            raise Fault("key-mismatch", seat, "its revealed key is no scalar") from e
        if not r.equal(r.multiply(secret[seat], b), public[seat]):
            raise Fault("key-mismatch", seat, "its revealed key is not its public key's")
    for seat in range(n):
        for piece in escrows[seat]["pieces"]:
            shared = r.multiply(secret[piece["to"]], public[seat])  # x_j·Y_i, as seat j opens it
            if open_piece(escrows[seat], piece["to"], shared, deal) is None:
                raise Fault("escrow", seat, f"its piece for seat {piece['to']} is not its commitment's")
    joint = public[0]
    for key in public[1:]:
        joint = r.add(joint, key)
    x = sum(secret) % L
    deck = [(r.IDENTITY, card_point(game, c)) for c in cards]
    final = deck
    for seat, stage in enumerate(stages):
        if not isinstance(stage, dict) or stage.get("seat") != seat:
            raise Fault("format", seat, "a stage out of turn")
        published = stage.get("deck")
        if not isinstance(published, list) or len(published) != len(cards):
            raise Fault("shuffle", seat, "its stage is not the deck's size")
        perm, rand = reveals[seat].get("permutation"), reveals[seat].get("randomisers")
        if is_opened(reveals[seat]):
            final = decrypted_stage(published, x, game, cards, seat)
            continue
        if not (isinstance(perm, list) and all(type(i) is int for i in perm)
                and sorted(perm) == list(range(len(cards))) and isinstance(rand, list) and len(rand) == len(cards)):
            raise Fault("shuffle", seat, "its revealed permutation is not one")
        try:
            rs = [scalar(v) for v in rand]
        except ValueError as e:
            raise Fault("shuffle", seat, "a revealed randomiser is no scalar") from e
        made = [(r.add(final[perm[i]][0], r.multiply(rs[i], b)), r.add(final[perm[i]][1], r.multiply(rs[i], joint)))
                for i in range(len(cards))]
        for i, pair in enumerate(published):
            if not (isinstance(pair, list) and len(pair) == 2
                    and pair[0] == r.encode(made[i][0]).hex() and pair[1] == r.encode(made[i][1]).hex()):
                raise Fault("shuffle", seat, f"its card {i} is not what its permutation and randomiser make")
        final = made
    done: set[tuple[int, int]] = set()
    for entry in shares:
        seat = entry.get("seat") if isinstance(entry, dict) else None
        if type(seat) is not int or not 0 <= seat < n:
            raise Fault("format", None, "a share of no seat")
        position = entry.get("position")
        if type(position) is not int or not 0 <= position < len(cards) or (seat, position) in done:
            raise Fault("share", seat, "a share of no position, or a second one")
        done.add((seat, position))
        if entry.get("share") != r.encode(r.multiply(secret[seat], final[position][0])).hex():
            raise Fault("share", seat, f"its share of position {position} is wrong")
    # a stock position is shared by no seat, a face-up one by every seat, a seat's by every other;
    # a seat whose key was opened from its escrow need not have shared (its key gave its shares)
    opened = [s for s in range(n) if is_opened(reveals[s])]
    for p in range(len(cards)):
        for s in range(n):
            if owners[p] != "stock" and s != owners[p] and s not in opened and (s, p) not in done:
                raise Fault("share", s, f"its share of position {p} is missing")
    return opened


def decrypted_stage(published: list[Any], x: int, game: str, cards: list[str], seat: int) -> list[tuple[r.Point, r.Point]]:
    """A stage whose seat revealed no permutation (its key came from its escrow): decrypted with
    the joint secret x, its cards are the deck's, as many of each."""
    try:
        stage = [(point(pair[0]), point(pair[1])) for pair in published]
    except (TypeError, KeyError, IndexError, r.Invalid) as e:
        raise Fault("shuffle", seat, "its stage is not pairs of points") from e
    if any(not isinstance(pair, list) or len(pair) != 2 for pair in published):
        raise Fault("shuffle", seat, "its stage is not pairs of points")
    opened = sorted(r.encode(r.subtract(c2, r.multiply(x, c1))) for c1, c2 in stage)
    if opened != sorted(r.encode(card_point(game, c)) for c in cards):
        raise Fault("shuffle", seat, "its stage decrypts to other cards")
    return stage
