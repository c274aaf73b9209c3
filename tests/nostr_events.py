"""Nostr events made and checked in Python (hashlib, coincurve: libsecp256k1), a second
implementation beside the pages' JS, for the relay's and the quick match's tests."""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any

import coincurve


def serialize(event: dict[str, Any]) -> bytes:
    """NIP-01: the id is the SHA-256 of ``[0, pubkey, created_at, kind, tags, content]`` as
    compact UTF-8 JSON."""
    fields = [0, event["pubkey"], event["created_at"], event["kind"], event["tags"], event["content"]]
    return json.dumps(fields, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def leading_zero_bits(hex_id: str) -> int:
    """NIP-13's difficulty."""
    return 4 * len(hex_id) - int(hex_id, 16).bit_length()


MARK = "kortti-nonce-mark"  # where the nonce goes, while mining


def make_event(key: coincurve.PrivateKey, kind: int, content: str, created_at: int,
               tags: list[list[str]] | None = None, work: int = 0) -> dict[str, Any]:
    """An event signed by ``key`` (BIP-340), mined to ``work`` bits with a nonce tag (NIP-13)."""
    event: dict[str, Any] = {"pubkey": key.public_key_xonly.format().hex(), "created_at": created_at, "kind": kind,
                             "content": content}
    if not work:
        event["tags"] = list(tags or [])
        digest = hashlib.sha256(serialize(event)).hexdigest()
    else:
        # the serialization around the nonce is the same at every try: hashed once, copied
        event["tags"] = [*(tags or []), ["nonce", MARK, str(work)]]
        before, after = serialize(event).split(MARK.encode(), 1)
        start = hashlib.sha256(before)
        nonce = 0
        while True:
            h = start.copy()
            h.update(str(nonce).encode() + after)
            digest = h.hexdigest()
            if leading_zero_bits(digest) >= work:
                break
            nonce += 1
        event["tags"][-1][1] = str(nonce)
        assert hashlib.sha256(serialize(event)).hexdigest() == digest
    event["id"] = digest
    event["sig"] = key.sign_schnorr(bytes.fromhex(digest), os.urandom(32)).hex()
    return event


def check(event: dict[str, Any]) -> tuple[bool, bool]:
    """(the id is the hash of the event, the signature is the pubkey's signature of the id)."""
    id_ok = hashlib.sha256(serialize(event)).hexdigest() == event["id"]
    key = coincurve.PublicKeyXOnly(bytes.fromhex(event["pubkey"]))
    return id_ok, key.verify(bytes.fromhex(event["sig"]), bytes.fromhex(event["id"]))
