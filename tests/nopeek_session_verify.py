"""A second check of a whole no-peek deal from its messages (the relay's log), written from
docs/no-peek.md ("The session": "A message", "The seed and the positions", "The audit of a
session") on the pure-Python ristretto255 of nopeek_ristretto.py: every message's canonical
text and signature, the seeds against their commitments and the slots' positions from them,
the escrow pieces that open a key that was not revealed, then the deal's transcript as
nopeek_verify.py checks it (keys, escrows, stages, dealt shares), then each seat's one proof of
its shares, the complaints about an escrow, the shares a card was shown or passed with, and every commitment against
its opening; and every slot's card. The page's is web/js/nopeek/session.js and deal-audit.js
(on audit.js); the same faults in the same order, so both name the same seat."""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

import nopeek_ristretto as r
from nopeek_verify import (
    Fault,
    card_point,
    check_complaint,
    point,
    scalar,
    shares_proof_holds,
    verify,
)

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
               layout: list[int | str]) -> tuple[dict[int, str], Fault | None, list[int]]:
    """Every slot's card (once every key is known and its own), the first Fault (its seat an
    engine seat) in the pages' order or None, and the seats whose key was opened from their
    escrow (named, not at fault)."""
    hands: dict[int, str] = {}
    opened: list[int] = []
    try:
        check_log(log, game, cards, seats, layout, hands, opened)
    except Fault as fault:
        return hands, fault, opened
    return hands, None, opened


def taken(log: list[str], seats: list[int]) -> list[dict[str, Any]]:
    """The messages a page takes: one canonical JSON text of this deal and version, signed by its
    seat, its seq above that seat's last (the relay's log may carry others: pages drop them)."""
    index = {seat: i for i, seat in enumerate(seats)}
    messages: list[dict[str, Any]] = []
    keys: dict[int, r.Point] = {}
    last_seq: dict[int, int] = {}
    deal = ""
    for text in log:
        try:
            msg = json.loads(text)
            deal = deal or msg["deal"]
            i = index[msg["seat"]]
            sig = msg.pop("sig")
            key = keys.get(i) or point(msg["body"]["key"])
        except (ValueError, KeyError, TypeError, r.Invalid):
            continue
        if (canonical({**msg, "sig": sig}) != text or msg["v"] != 2 or msg["deal"] != deal
                or msg["seq"] <= last_seq.get(i, -1) or not signature_holds(deal, i, key, canonical(msg), sig)):
            continue
        if msg["kind"] == "key":
            keys[i] = key
        last_seq[i] = msg["seq"]
        messages.append(msg)
    return messages


def commitment(deal: str, seat: int, nonce: str, data: str) -> str:
    """SHA-512(utf8("kortti-nopeek-v1|commit|" + deal + "|" + seat + "|") || nonce || bytes), hex."""
    return hashlib.sha512(f"kortti-nopeek-v1|commit|{deal}|{seat}|".encode() + bytes.fromhex(nonce)
                          + bytes.fromhex(data)).hexdigest()


def check_log(log: list[str], game: str, cards: list[str], seats: list[int],
              layout: list[int | str], hands: dict[int, str], opened: list[int]) -> None:
    n, count = len(seats), len(cards)
    index = {seat: i for i, seat in enumerate(seats)}
    messages = taken(log, seats)
    deal = messages[0]["deal"] if messages else ""
    by = {kind: [m for m in messages if m["kind"] == kind] for kind in
          ("key", "escrow", "stage", "seed", "shares", "show", "give", "reveal", "piece", "complaint")}
    # each seat's first of each kind it sends once (a later one is out of turn: pages refuse it)
    body = {kind: {index[m["seat"]]: m["body"] for m in reversed(ms)} for kind, ms in by.items()}
    # 1. the deal was dealt whole
    if any(i not in body[kind] for kind in ("key", "escrow", "stage", "seed") for i in range(n)):
        raise Fault("format", None, "the deal was not dealt whole")
    keys = [point(body["key"][i]["key"]) for i in range(n)]
    escrows = [body["escrow"][i]["entry"] for i in range(n)]
    # 2. seeds against their commitments, then each slot's position from them
    parts = [body["seed"][i]["r"] for i in range(n)]
    for i in range(n):
        if seed_commitment(deal, i, parts[i]) != body["key"][i]["seed"]:
            raise Fault("seed", seats[i], "its seed is not the one it committed to")
    positions = slot_positions(deal, parts, count)
    # 3. a key not revealed: the pieces of its escrow each other seat published (its first for
    # that seat), each a_ij with a_ij·B its commitment A_ij, summed
    reveals: list[dict[str, Any] | None] = []
    for i in range(n):
        if i in body["reveal"]:
            reveals.append(body["reveal"][i])
            continue
        published = {index[m["seat"]]: m["body"]["piece"] for m in reversed(by["piece"]) if m["body"]["for"] == seats[i]}
        pieces = escrows[i]["pieces"]
        if not pieces or any(p["to"] not in published for p in pieces):
            reveals.append(None)  # not opened: the deal cannot be checked
            continue
        total = 0
        for p in pieces:
            a = scalar(published[p["to"]])
            if not r.equal(r.multiply(a, r.base()), point(p["commitment"])):
                raise Fault("piece", seats[p["to"]], f"its piece of seat {seats[i]}'s key is not its commitment's")
            total += a
        reveals.append({"key": (total % L).to_bytes(32, "little").hex(), "permutation": None, "randomisers": None})
    secret = [scalar(x["key"]) if x else None for x in reveals]
    last = [(point(c1), point(c2)) for c1, c2 in body["stage"][n - 1]["deck"]]
    # every slot's card, whatever follows finds, once every key is known and its public key's
    if all(x is not None and r.equal(r.multiply(x, r.base()), keys[k]) for k, x in enumerate(secret)):
        joint_secret = sum(x for x in secret if x is not None) % L
        names = {r.encode(card_point(game, c)): c for c in cards}
        for slot in range(count):
            c1, c2 = last[positions[slot]]
            card = names.get(r.encode(r.subtract(c2, r.multiply(joint_secret, c1))))
            if card is not None:
                hands[slot] = card
    # 4. the deal's transcript, as nopeek_verify checks it: each position's owner the holder of
    # the slot at it, each dealt share at its slot's position
    owners: list[int | str] = ["stock"] * count
    for slot, holder in enumerate(layout):
        owners[positions[slot]] = index[holder] if isinstance(holder, int) else holder
    shares = [{"seat": i, "position": positions[e["slot"]], "share": e["share"]}
              for i in range(n) for e in body["shares"].get(i, {"shares": []})["shares"]]
    try:
        named = verify({"v": 2, "game": game, "deal": deal, "cards": cards,
                        "keys": [{"key": body["key"][i]["key"], "proof": body["key"][i]["proof"]} for i in range(n)],
                        "signed": [], "escrows": escrows, "owners": owners, "shares": shares, "reveals": reveals,
                        "stages": [{"seat": i, "deck": body["stage"][i]["deck"]} for i in range(n)]})
    except Fault as fault:
        opened += [seats[i] for i, x in enumerate(reveals) if x and x["permutation"] is None]
        raise Fault(fault.kind, None if fault.seat is None else seats[fault.seat], fault.why) from fault
    opened += [seats[i] for i in named]
    done = [x for x in secret if x is not None]

    def right(i: int, slot: int, share: str) -> bool:
        return share == r.encode(r.multiply(done[i], last[positions[slot]][0])).hex()

    # 5. each seat's one proof of its shares, over its shares in the message's order
    for i in range(n):
        if i not in body["shares"]:
            continue
        sent = body["shares"][i]["shares"]
        c1s = [last[positions[e["slot"]]][0] for e in sent]
        if not shares_proof_holds(deal, i, keys[i], c1s, [point(e["share"]) for e in sent], body["shares"][i]["proof"]):
            raise Fault("share", seats[i], "its one proof of its shares does not hold")
    # 6. complaints about an escrow, as listed (its owner's wrong piece, or a false one)
    for m in by["complaint"]:
        if m["body"].get("what") != "escrow":
            continue  # (pages refuse any other: messages.js)
        complainer, about = index[m["seat"]], index[m["body"]["about"]]
        at_fault = check_complaint(escrows[about], m["body"]["claim"], keys[about], keys[complainer], deal)
        raise Fault("escrow" if at_fault == about else "complaint", seats[at_fault], "a complaint about an escrow")
    # 7. shown cards' shares
    for m in by["show"]:
        for e in m["body"]["shares"]:
            if not right(index[e["seat"]], m["body"]["slot"], e["share"]):
                raise Fault("show", e["seat"], "its share of a shown card is wrong")
    # 8. shares sealed in a pass, opened with the receiver's key
    for m in by["give"]:
        sender, receiver = index[m["seat"]], index[m["body"]["to"]]
        shared = r.multiply(done[receiver], keys[sender])
        for e in m["body"]["sealed"]:
            plain = unseal(shared, e["share"], deal, sender, receiver, f"give|{m['seq']}|{e['slot']}|{e['seat']}|share")
            if plain is None or not right(index[e["seat"]], e["slot"], plain.hex()):
                raise Fault("give", m["seat"], "its pass sealed a wrong share")
    # 9. every opening against the seat's commitment before it
    pending: dict[int, str] = {}
    for m in messages:
        i = index[m["seat"]]
        if m["kind"] == "commit" and i not in pending:
            pending[i] = m["body"]["hash"]
        elif m["kind"] == "open" and i in pending \
                and commitment(deal, i, m["body"]["nonce"], m["body"]["bytes"]) != pending.pop(i):
            raise Fault("open", m["seat"], "it opened its commitment to other bytes")
