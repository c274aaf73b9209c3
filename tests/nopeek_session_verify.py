"""A second check of a whole no-peek deal from its messages (the relay's log), written from
docs/no-peek.md ("The session": "A message", "The seed and the positions", "The audit of a
session") on the pure-Python ristretto255 of nopeek_ristretto.py: every message's canonical text and signature, every key
proof, the seeds against their commitments and the slots' positions from them, every stage
against its revealed permutation and randomisers, every share (dealt, shown, sealed in a pass)
against the revealed keys, and every slot's card. The page's is web/js/nopeek/session.js and
deal-audit.js; the same faults in the same order, so both name the same seat."""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

import nopeek_ristretto as r
from nopeek_verify import Fault, card_point, key_proof_holds, point, scalar

L = r.L


def canonical(value: Any) -> str:
    """JSON with every object's keys sorted and no spaces (the messages are ASCII)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def signature_holds(deal: str, seat: int, key: r.Point, text: str, sig: Any) -> bool:
    """Schnorr over the text: c = H(sig; B, Y, R, SHA-512(text)), R = s·B − c·Y."""
    try:
        c, s = scalar(sig["c"]), scalar(sig["s"])
    except (TypeError, KeyError, ValueError):
        return False
    b = r.base()
    commitment = r.subtract(r.multiply(s, b), r.multiply(c, key))
    data = (f"kortti-nopeek-v1|sig|{deal}|{seat}|".encode() + b"".join(r.encode(p) for p in (b, key, commitment))
            + hashlib.sha512(text.encode()).digest())
    return int.from_bytes(hashlib.sha512(data).digest(), "little") % L == c


def seed_commitment(deal: str, seat: int, part: str) -> str:
    return hashlib.sha512(f"kortti-nopeek-v1|seed|{deal}|{seat}|".encode() + bytes.fromhex(part)).hexdigest()


def slot_positions(deal: str, parts: list[str], count: int) -> list[int]:
    """Fisher–Yates over the slots, driven by SHA-512(seed || be32(block)) four bytes at a time."""
    seed = hashlib.sha512(f"kortti-nopeek-v1|positions|{deal}|".encode() + b"".join(bytes.fromhex(p) for p in parts)).digest()
    words: list[int] = []
    block = 0

    def draw() -> int:
        nonlocal block
        if not words:
            stream = hashlib.sha512(seed + block.to_bytes(4, "big")).digest()
            words.extend(int.from_bytes(stream[k:k + 4], "big") for k in range(0, 64, 4))
            block += 1
        return words.pop(0)

    positions = list(range(count))
    for i in range(count - 1, 0, -1):
        limit = (2**32 // (i + 1)) * (i + 1)
        v = draw()
        while v >= limit:
            v = draw()
        j = v % (i + 1)
        positions[i], positions[j] = positions[j], positions[i]
    return positions


def unseal(shared: r.Point, sealed: dict[str, str], deal: str, sender: int, receiver: int, purpose: str) -> bytes | None:
    """seal.js's box: HKDF-SHA256 (RFC 5869) of the shared point, XOR pad and an HMAC-SHA256 tag."""
    ikm, salt = r.encode(shared), b"kortti-nopeek-v1|seal"
    info = f"{deal}|{sender}|{receiver}|{purpose}".encode()
    prk = hmac.new(salt, ikm, hashlib.sha256).digest()
    okm, block = b"", b""
    for counter in range(1, 4):
        block = hmac.new(prk, block + info + bytes([counter]), hashlib.sha256).digest()
        okm += block
    box = bytes.fromhex(sealed["box"])
    if not hmac.compare_digest(hmac.new(okm[64:96], box, hashlib.sha256).digest(), bytes.fromhex(sealed["tag"])):
        return None
    return bytes(a ^ b for a, b in zip(box, okm, strict=False))


def verify_log(log: list[str], game: str, cards: list[str], seats: list[int],
               layout: list[int | str]) -> tuple[dict[int, str], Fault | None]:
    """Every slot's card (once every key is known) and the first Fault (its seat an engine seat)
    in the pages' order, or None."""
    hands: dict[int, str] = {}
    try:
        check_log(log, game, cards, seats, layout, hands)
    except Fault as fault:
        return hands, fault
    return hands, None


def check_log(log: list[str], game: str, cards: list[str], seats: list[int],
              layout: list[int | str], hands: dict[int, str]) -> None:
    n, count = len(seats), len(cards)
    index = {seat: i for i, seat in enumerate(seats)}
    messages: list[dict[str, Any]] = []
    keys: dict[int, r.Point] = {}
    last_seq: dict[int, int] = {}
    deal = ""
    # the messages a page takes: one canonical JSON text of this deal and version, signed by its
    # seat, its seq above that seat's last (the relay's log may carry others: pages drop them)
    for text in log:
        try:
            msg = json.loads(text)
            deal = deal or msg["deal"]
            i = index[msg["seat"]]
            sig = msg.pop("sig")
            key = keys.get(i) or point(msg["body"]["key"])
        except (ValueError, KeyError, TypeError, r.Invalid):
            continue
        if (canonical({**msg, "sig": sig}) != text or msg["v"] != 1 or msg["deal"] != deal
                or msg["seq"] <= last_seq.get(i, -1) or not signature_holds(deal, i, key, canonical(msg), sig)):
            continue
        if msg["kind"] == "key":
            keys[i] = key
        last_seq[i] = msg["seq"]
        messages.append(msg)
    by = {kind: [m for m in messages if m["kind"] == kind] for kind in
          ("key", "stage", "seed", "shares", "show", "give", "reveal", "piece", "complaint")}
    # each seat's first of each kind it sends once (a later one is out of turn: pages refuse it)
    body = {kind: {index[m["seat"]]: m["body"] for m in reversed(ms)} for kind, ms in by.items()}
    # 1. key proofs
    for i in range(n):
        entry = body["key"][i]
        if not key_proof_holds(deal, i, keys[i], entry["proof"]):
            raise Fault("key-proof", seats[i], "its key proof fails")
    # 2. every key: revealed, or the sum of the pieces of its escrow published when it left
    secret: list[int] = []
    for i in range(n):
        if i in body["reveal"]:
            x = scalar(body["reveal"][i]["key"])
        else:
            x = sum(scalar(p["body"]["piece"]) for p in by["piece"] if index[p["body"]["for"]] == i) % L
        if not r.equal(r.multiply(x, r.base()), keys[i]):
            raise Fault("key-mismatch", seats[i], "its key is not its public key's")
        secret.append(x)
    joint_secret = sum(secret) % L
    names = {r.encode(card_point(game, c)): c for c in cards}
    parts = [body["seed"][i]["r"] for i in range(n)]
    positions = slot_positions(deal, parts, count)
    last = [(point(c1), point(c2)) for c1, c2 in body["stage"][n - 1]["deck"]]
    for slot in range(count):
        c1, c2 = last[positions[slot]]
        hands[slot] = names[r.encode(r.subtract(c2, r.multiply(joint_secret, c1)))]
    # 3. a seat whose escrow was opened after the first reveal refused the audit
    first_reveal = next((k for k, m in enumerate(messages) if m["kind"] == "reveal"), len(messages))
    for i in range(n):
        first_piece = next((k for k, m in enumerate(messages) if m["kind"] == "piece" and index[m["body"]["for"]] == i), None)
        if first_piece is not None and first_piece > first_reveal and i not in body["reveal"]:
            raise Fault("refused", seats[i], "it did not reveal its key for the audit")
    # 4. seeds against their commitments
    for i in range(n):
        if seed_commitment(deal, i, parts[i]) != body["key"][i]["seed"]:
            raise Fault("seed", seats[i], "its seed is not the one it committed to")
    # 5. stages against the revealed permutations and randomisers (a leaver's: decrypted)
    joint = r.multiply(1, keys[0])
    for i in range(1, n):
        joint = r.add(joint, keys[i])
    previous = [(r.IDENTITY, card_point(game, c)) for c in cards]
    for i in range(n):
        stage = [(point(c1), point(c2)) for c1, c2 in body["stage"][i]["deck"]]
        if i not in body["reveal"]:
            opened = sorted(names.get(r.encode(r.subtract(c2, r.multiply(joint_secret, c1))), "?") for c1, c2 in stage)
            if opened != sorted(cards):
                raise Fault("shuffle", seats[i], "its stage decrypts to other cards")
        else:
            reveal = body["reveal"][i]
            if sorted(reveal["permutation"]) != list(range(count)):
                raise Fault("shuffle", seats[i], "its permutation is not one")
            for k, (c1, c2) in enumerate(stage):
                rk = scalar(reveal["randomisers"][k])
                p1, p2 = previous[reveal["permutation"][k]]
                if not (r.equal(c1, r.add(p1, r.multiply(rk, r.base()))) and r.equal(c2, r.add(p2, r.multiply(rk, joint)))):
                    raise Fault("shuffle", seats[i], f"its card {k} is not re-randomised from the previous deck")
        previous = stage

    def right(i: int, slot: int, share: str) -> bool:
        return r.equal(point(share), r.multiply(secret[i], last[positions[slot]][0]))

    # 6. dealt shares: every slot not the seat's own and not stock, each its key's
    for i in range(n):
        expected = [s for s in range(count) if layout[s] not in (seats[i], "stock")]
        entries = body["shares"].get(i, {"shares": None})["shares"]
        if entries is None:
            continue  # a seat that left before dealing: its key came from its escrow
        if [e["slot"] for e in entries] != expected:
            raise Fault("share", seats[i], "its shares are not of the slots it deals")
        for e in entries:
            if not right(i, e["slot"], e["share"]):
                raise Fault("share", seats[i], f"its share of slot {e['slot']} is wrong")
    # 7. shown cards' shares
    for m in by["show"]:
        for e in m["body"]["shares"]:
            if not right(index[e["seat"]], m["body"]["slot"], e["share"]):
                raise Fault("show", e["seat"], "its share of a shown card is wrong")
    # 8. shares sealed in a pass, opened with the receiver's key
    for m in by["give"]:
        sender, receiver = index[m["seat"]], index[m["body"]["to"]]
        shared = r.multiply(secret[receiver], keys[sender])
        for e in m["body"]["sealed"]:
            plain = unseal(shared, e["share"], deal, sender, receiver, f"give|{m['seq']}|{e['slot']}|{e['seat']}|share")
            if plain is None or not right(index[e["seat"]], e["slot"], plain.hex()):
                raise Fault("give", m["seat"], "its pass sealed a wrong share")
