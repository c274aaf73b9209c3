"""The no-peek deal's cryptography (web/js/nopeek/, docs/no-peek.md), run under Node by
tests/nopeek_check.mjs on the vendored @noble/curves and @noble/hashes, and held against a
second implementation here: a pure-Python ristretto255 (nopeek_ristretto.py) checked against
RFC 9496's vectors (nopeek_vectors.py), Python's hashlib and hmac for HKDF (RFC 5869's
vectors) and HMAC (RFC 4231's), and a verifier of signatures, seals, escrows, complaints and
whole transcripts (nopeek_verify.py)."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import posixpath
import shutil
import subprocess
from pathlib import Path
from typing import Any

import nopeek_ristretto as r
import nopeek_vectors as vectors
import nopeek_verify as v
import pytest
from nopeek_verify import Fault, share_proof_holds, verify

import build
from engine import GAMES

HERE = Path(__file__).resolve().parent
# the tables the tamperings are tried at (the first two), and one of two crypto seats (no escrow)
DEALS = [("kocka", 4), ("katte", 6), ("kocka", 2)]


def deck_codes(game: str) -> list[str]:
    """The engine's cards of a game, in its deck order."""
    deck = GAMES[game].DECK
    return [deck.code_of[card] for card in range(deck.size)]


def lay_out_site(site: Path) -> None:
    """js/nopeek/ and the vendored curve and hashes, as the build lays them out."""
    for path, data in build.nopeek_files().items():
        (site / path).parent.mkdir(parents=True, exist_ok=True)
        (site / path).write_bytes(data)


def run_node(site: Path, request: dict[str, Any]) -> dict[str, Any]:
    node = shutil.which("node")
    assert node, "node is needed (npm brings it)"
    inputs = site / "request.json"
    inputs.write_text(json.dumps(request))
    out = subprocess.run([node, str(HERE / "nopeek_check.mjs"), str(site), str(inputs)],
                         capture_output=True, text=True, timeout=600, check=False)
    assert out.returncode == 0, out.stderr[-3000:]
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("nopeek-site")
    lay_out_site(path)
    return path


@pytest.fixture(scope="module")
def ran(site: Path) -> dict[str, Any]:
    """The RFC vectors through group.js, and a whole Kočka deal at 4 seats and Katte at 6."""
    invalid = [h for hs in vectors.INVALID.values() for h in hs]
    return run_node(site, {
        "vectors": {"multiples": vectors.MULTIPLES, "invalid": invalid,
                    "oneWayMap": [i for i, _ in vectors.ONE_WAY_MAP],
                    "cards": {"game": "kocka", "codes": deck_codes("kocka")}},
        "deals": [{"game": game, "deal": f"test-{game}", "seats": seats, "cards": deck_codes(game)}
                  for game, seats in DEALS],
    })


# --- the second implementation against RFC 9496 Appendix A

def test_python_ristretto_gives_the_rfc_multiples_of_the_generator() -> None:
    point = r.IDENTITY
    for k, hex_ in enumerate(vectors.MULTIPLES):
        assert r.encode(point).hex() == hex_
        assert r.encode(r.multiply(k, r.base())).hex() == hex_
        assert r.equal(r.decode(bytes.fromhex(hex_)), point)
        point = r.add(point, r.base())


def test_python_ristretto_rejects_the_rfc_invalid_encodings() -> None:
    for encodings in vectors.INVALID.values():
        for hex_ in encodings:
            with pytest.raises(r.Invalid):
                r.decode(bytes.fromhex(hex_))
    assert sum(len(v) for v in vectors.INVALID.values()) == 29


def test_python_ristretto_gives_the_rfc_one_way_map() -> None:
    for given, expected in vectors.ONE_WAY_MAP:
        assert r.encode(r.from_uniform_bytes(bytes.fromhex(given))).hex() == expected


# --- the page's group (noble + group.js) against the same vectors

def test_group_js_gives_the_rfc_multiples_and_round_trips_them(ran: dict[str, Any]) -> None:
    found = ran["vectors"]["multiples"]
    assert [m["fromScalar"] for m in found] == vectors.MULTIPLES
    assert [m["roundTrip"] for m in found] == vectors.MULTIPLES
    assert all(m["decodedEqual"] for m in found)


def test_group_js_rejects_every_rfc_invalid_encoding(ran: dict[str, Any]) -> None:
    assert ran["vectors"]["invalidRejected"] == [True] * 29


def test_group_js_one_way_map_is_rfc_9496s_not_rfc_9380s(ran: dict[str, Any]) -> None:
    assert ran["vectors"]["oneWayMap"] == [o for _, o in vectors.ONE_WAY_MAP]


def test_card_points_are_the_one_way_map_of_the_hashed_card_name(ran: dict[str, Any]) -> None:
    codes = deck_codes("kocka")
    expected = [r.encode(r.from_uniform_bytes(hashlib.sha512(f"kortti-card-v1|kocka|{c}".encode()).digest())).hex()
                for c in codes]
    assert ran["vectors"]["cards"] == expected
    assert len(set(expected)) == len(codes) == 32


# --- whole deals

@pytest.mark.parametrize("index", range(len(DEALS)), ids=[f"{g}-{n}" for g, n in DEALS])
def test_each_seat_opens_exactly_its_own_cards_and_together_they_are_the_deck(
        ran: dict[str, Any], index: int) -> None:
    game, seats = DEALS[index]
    deal = ran["deals"][index]
    transcript = deal["transcript"]
    secrets = [reveal["key"] for reveal in transcript["reveals"]]
    assert transcript["owners"] == [p % seats for p in range(len(deck_codes(game)))]
    hands = deal["hands"]
    assert [len(h) for h in hands] == [transcript["owners"].count(s) for s in range(seats)]
    assert sorted(c for h in hands for c in h) == sorted(deck_codes(game))
    # and no seat can open a card it does not own from every share published and its key
    assert deal["peeked"] == [[]] * seats
    # what each seat opened is the card at its positions, as the joint secret decrypts it here
    x = sum(int.from_bytes(bytes.fromhex(s), "little") for s in secrets) % r.L
    names = {r.encode(r.from_uniform_bytes(hashlib.sha512(f"kortti-card-v1|{game}|{c}".encode()).digest())): c
             for c in deck_codes(game)}
    final = transcript["stages"][-1]["deck"]
    for seat in range(seats):
        positions = [p for p, owner in enumerate(transcript["owners"]) if owner == seat]
        opened = [names[r.encode(r.subtract(r.decode(bytes.fromhex(final[p][1])),
                                            r.multiply(x, r.decode(bytes.fromhex(final[p][0])))))]
                  for p in positions]
        assert hands[seat] == opened
    # every stage but the open deck is shuffled: the first stage is no longer in deck order
    assert transcript["stages"][0]["deck"] != transcript["stages"][1]["deck"]
    # each seat's key in escrow with every other seat, but with two crypto seats in none
    assert [[p["to"] for p in e["pieces"]] for e in transcript["escrows"]] == [
        [s for s in range(seats) if s != seat] if seats > 2 else [] for seat in range(seats)]


@pytest.mark.parametrize("index", range(len(DEALS)), ids=[f"{g}-{n}" for g, n in DEALS])
def test_the_python_verifier_accepts_the_deal_and_every_proof_in_it(ran: dict[str, Any], index: int) -> None:
    deal = ran["deals"][index]
    transcript = deal["transcript"]
    verify(transcript)  # raises the first fault
    last = transcript["stages"][-1]["deck"]
    keys = [r.decode(bytes.fromhex(k["key"])) for k in transcript["keys"]]
    for entry in transcript["shares"]:
        c1 = r.decode(bytes.fromhex(last[entry["position"]][0]))
        assert share_proof_holds(transcript["deal"], entry["seat"], keys[entry["seat"]], c1,
                                 r.decode(bytes.fromhex(entry["share"])), entry["proof"])
    # a proof is bound to its deal: the same proof under another deal's id fails
    entry = transcript["shares"][0]
    c1 = r.decode(bytes.fromhex(last[entry["position"]][0]))
    assert not share_proof_holds("another-deal", entry["seat"], keys[entry["seat"]], c1,
                                 r.decode(bytes.fromhex(entry["share"])), entry["proof"])


# --- tampering, by editing the transcript's JSON: both audits name the same seat and kind

Transcript = dict[str, Any]


def secret_of(transcript: Transcript, seat: int) -> int:
    return int.from_bytes(bytes.fromhex(transcript["reveals"][seat]["key"]), "little")


def key_of(transcript: Transcript, seat: int) -> r.Point:
    return r.decode(bytes.fromhex(transcript["keys"][seat]["key"]))


def swap_a_card(transcript: Transcript) -> tuple[str, int]:
    """Seat 1's stage has card 3's ciphertext in place of card 7's: one card twice, one gone."""
    transcript["stages"][1]["deck"][7] = list(transcript["stages"][1]["deck"][3])
    return "shuffle", 1


def wrong_share(transcript: Transcript) -> tuple[str, int]:
    """Seat 2 sends, for one position, its share of another position."""
    mine = [i for i, s in enumerate(transcript["shares"]) if s["seat"] == 2]
    transcript["shares"][mine[4]]["share"] = transcript["shares"][mine[5]]["share"]
    return "share", 2


def forged_key_proof(transcript: Transcript) -> tuple[str, int]:
    """Seat 3 publishes seat 0's proof with its own key."""
    transcript["keys"][3]["proof"] = dict(transcript["keys"][0]["proof"])
    return "key-proof", 3


def key_not_its_own(transcript: Transcript) -> tuple[str, int]:
    """Seat 2 reveals seat 1's key at the audit."""
    transcript["reveals"][2]["key"] = transcript["reveals"][1]["key"]
    return "key-mismatch", 2


def stage_not_its_permutation(transcript: Transcript) -> tuple[str, int]:
    """Seat 3 reveals a permutation with two cards the other way round from the stage it made."""
    permutation = transcript["reveals"][3]["permutation"]
    permutation[10], permutation[20] = permutation[20], permutation[10]
    return "shuffle", 3


def missing_reveal(transcript: Transcript) -> tuple[str, int]:
    """Seat 1's key is not known (it left where it could not be opened): the deal cannot be checked."""
    transcript["reveals"][1] = None
    return "left", 1


def bad_signature(transcript: Transcript) -> tuple[str, int]:
    """Seat 2's escrow message, changed on the way (one of its pieces for another seat), keeps
    seat 2's signature of the message as sent."""
    entry = next(e for e in transcript["signed"] if e["seat"] == 2)
    entry["text"] = entry["text"].replace('"to":0', '"to":1', 1)
    return "signature", 2


def wrong_escrow_piece(transcript: Transcript) -> tuple[str, int]:
    """Seat 1 seals seat 2 a piece other than the one it committed to (its seal is right: the
    tag holds; the commitments still add up to its key)."""
    piece = next(p for p in transcript["escrows"][1]["pieces"] if p["to"] == 2)
    shared = r.multiply(secret_of(transcript, 1), key_of(transcript, 2))
    piece.update(v.seal(shared, (12345).to_bytes(32, "little"), transcript["deal"], 1, 2, "escrow"))
    return "escrow", 1


def escrow_not_its_key(transcript: Transcript) -> tuple[str, int]:
    """Seat 3's escrow commits to pieces that do not add up to its key (one commitment is B)."""
    transcript["escrows"][3]["pieces"][0]["commitment"] = vectors.MULTIPLES[1]
    return "escrow", 3


def a_leaver_swaps_a_card(transcript: Transcript) -> tuple[str, int]:
    """Seat 2 left (its key opened from its escrow, no permutation revealed) and its stage had
    a card swapped: its stage is checked by decryption, and fails."""
    transcript["reveals"][2].update(permutation=None, randomisers=None)
    transcript["stages"][2]["deck"][5] = list(transcript["stages"][2]["deck"][6])
    return "shuffle", 2


def a_fair_leaver(transcript: Transcript) -> tuple[str, Any]:
    """Seat 2 did not reveal (its key opened from its escrow, no permutation): its stage decrypts
    to the deck's cards, the stages after it still match their reveals and every share its key's:
    a fair deal, seat 2 named."""
    transcript["reveals"][2].update(permutation=None, randomisers=None)
    return "ok", [2]


def a_leaver_who_never_shared(transcript: Transcript) -> tuple[str, Any]:
    """Seat 3 left before it sent its shares: its key, opened from its escrow, gives them."""
    transcript["reveals"][3].update(permutation=None, randomisers=None)
    transcript["shares"] = [s for s in transcript["shares"] if s["seat"] != 3]
    return "ok", [3]


def a_stock_position(transcript: Transcript) -> tuple[str, Any]:
    """Position 0 is the stock's: never opened, so no seat shares it."""
    transcript["owners"][0] = "stock"
    transcript["shares"] = [s for s in transcript["shares"] if s["position"] != 0]
    return "ok", []


def a_face_up_position_without_its_dealt_seats_share(transcript: Transcript) -> tuple[str, int]:
    """Position 1 is face up to all: every seat shares it, so seat 1 (which would own it in
    round-robin and did not share it) is missing its share."""
    transcript["owners"][1] = "up"
    return "share", 1


TAMPERINGS = [swap_a_card, wrong_share, forged_key_proof, key_not_its_own, stage_not_its_permutation,
              missing_reveal, bad_signature, wrong_escrow_piece, escrow_not_its_key, a_leaver_swaps_a_card,
              a_fair_leaver, a_leaver_who_never_shared, a_stock_position, a_face_up_position_without_its_dealt_seats_share]
CASES = [(index, tamper) for index in (0, 1) for tamper in TAMPERINGS]


@pytest.fixture(scope="module")
def tampered(site: Path, ran: dict[str, Any]) -> list[tuple[Transcript, tuple[str, int], Any]]:
    """Each deal untouched and with each tampering, with audit.js's verdicts."""
    cases = []
    for index, tamper in [(i, None) for i in range(len(DEALS))] + CASES:
        transcript = copy.deepcopy(ran["deals"][index]["transcript"])
        expected = tamper(transcript) if tamper else ("ok", [])
        cases.append((transcript, expected))
    found = run_node(site, {"audits": [t for t, _ in cases]})["audits"]
    return [(t, e, f["verdict"]) for (t, e), f in zip(cases, found, strict=True)]


def python_verdict(transcript: Transcript) -> tuple[str, Any]:
    """The first fault's kind and seat, or "ok" and the seats whose key was opened from their escrow."""
    try:
        opened = verify(transcript)
    except Fault as fault:
        return fault.kind, fault.seat
    return "ok", opened


def js_verdict(verdict: dict[str, Any]) -> tuple[str, Any]:
    return ("ok", verdict["opened"]) if verdict["ok"] else (verdict["kind"], verdict["seat"])


@pytest.mark.parametrize("index", range(len(DEALS)), ids=[f"{g}-{n}" for g, n in DEALS])
def test_audit_js_passes_a_fair_deal(tampered: list[Any], index: int) -> None:
    assert tampered[index][2] == {"ok": True, "opened": []}


def test_a_swap_by_a_seat_whose_key_was_opened_is_found_with_that_key_and_the_seat_named(tampered: list[Any]) -> None:
    case = len(DEALS) + CASES.index((0, a_leaver_swaps_a_card))
    verdict = tampered[case][2]
    assert (verdict["ok"], verdict["kind"], verdict["seat"], verdict["opened"]) == (False, "shuffle", 2, [2])


@pytest.mark.parametrize("case", range(len(CASES)),
                         ids=[f"{DEALS[i][0]}-{t.__name__}" for i, t in CASES])
def test_both_audits_name_the_tamperer(tampered: list[Any], case: int) -> None:
    transcript, expected, verdict = tampered[len(DEALS) + case]
    assert js_verdict(verdict) == expected, verdict.get("why")
    assert python_verdict(transcript) == expected


# --- HKDF and HMAC through the vendored noble (seal.js's), and Python's, against the RFCs

# RFC 5869 Appendix A.1 and A.3 (SHA-256): (IKM, salt, info, L, OKM)
HKDF_VECTORS = [
    ("0b" * 22, "000102030405060708090a0b0c", "f0f1f2f3f4f5f6f7f8f9", 42,
     "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"),
    ("0b" * 22, "", "", 42,
     "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"),
]
# RFC 4231 §4.2–4.4, HMAC-SHA-256: (key, data, MAC)
HMAC_VECTORS = [
    ("0b" * 20, b"Hi There".hex(), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
    (b"Jefe".hex(), b"what do ya want for nothing?".hex(),
     "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
    ("aa" * 20, "dd" * 50, "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
]


def test_hkdf_and_hmac_give_the_rfc_vectors_in_node_and_in_python(site: Path) -> None:
    found = run_node(site, {"kdf": {
        "hkdf": [{"ikm": i, "salt": s, "info": n, "length": n_} for i, s, n, n_, _ in HKDF_VECTORS],
        "hmac": [{"key": k, "data": d} for k, d, _ in HMAC_VECTORS]}})["kdf"]
    assert found["hkdf"] == [okm for *_, okm in HKDF_VECTORS]
    assert found["hmac"] == [mac for *_, mac in HMAC_VECTORS]
    for ikm, salt, info, length, okm in HKDF_VECTORS:
        assert v.hkdf_sha256(bytes.fromhex(ikm), bytes.fromhex(salt), bytes.fromhex(info), length).hex() == okm


# --- seals, signatures, escrows: the page's against the second implementation

def random_scalar() -> int:
    return int.from_bytes(os.urandom(64), "little") % r.L or 1


def hex_scalar(k: int) -> str:
    return k.to_bytes(32, "little").hex()


def hex_point(k: int) -> str:
    return r.encode(r.multiply(k, r.base())).hex()


def test_a_seal_is_the_spec_s_and_opens_only_for_its_two_seats_and_its_context(site: Path) -> None:
    x_i, x_j, x_k = random_scalar(), random_scalar(), random_scalar()
    context = {"deal": "table-7", "from": 0, "to": 2, "purpose": "pass|3"}
    plains = [os.urandom(32).hex(), os.urandom(64).hex(), "01"]
    sealed = run_node(site, {"seals": [{"secret": hex_scalar(x_i), "theirKey": hex_point(x_j), "plaintext": p,
                                        "context": context} for p in plains]})["seals"]
    shared = r.multiply(x_i * x_j % r.L, r.base())
    # the box and tag are exactly the spec's, as Python computes them from the shared point
    assert sealed == [v.seal(shared, bytes.fromhex(p), "table-7", 0, 2, "pass|3") for p in plains]
    other = dict(context, purpose="pass|4")
    tampered = dict(sealed[0], box=("ff" if sealed[0]["box"][:2] != "ff" else "00") + sealed[0]["box"][2:])
    asks = [
        (x_j, x_i, sealed[0], context),  # the receiver opens it
        (x_i, x_j, sealed[1], context),  # and the sender
        (x_k, x_i, sealed[0], context),  # a third seat does not
        (x_j, x_i, sealed[0], other),    # nor under another purpose
        (x_j, x_i, tampered, context),   # nor a changed box
        (x_j, x_i, {"box": sealed[0]["box"], "tag": sealed[1]["tag"]}, context),  # nor another seal's tag
    ]
    opened = run_node(site, {"unseals": [{"secret": hex_scalar(a), "theirKey": hex_point(b), "sealed": s,
                                          "context": c} for a, b, s, c in asks]})["unseals"]
    assert opened == [plains[0], plains[1], None, None, None, None]
    assert v.unseal(shared, sealed[0], "table-7", 0, 2, "pass|3") == bytes.fromhex(plains[0])
    assert v.unseal(shared, tampered, "table-7", 0, 2, "pass|3") is None


def python_signature(x: int, deal: str, seat: int, text: str) -> dict[str, str]:
    """A Schnorr signature made here, from docs/no-peek.md, for sign.js to check."""
    k = random_scalar()
    b = r.base()
    data = (f"kortti-nopeek-v1|sig|{deal}|{seat}|".encode() + r.encode(b) + r.encode(r.multiply(x, b))
            + r.encode(r.multiply(k, b)) + hashlib.sha512(text.encode()).digest())
    c = int.from_bytes(hashlib.sha512(data).digest(), "little") % r.L
    return {"c": hex_scalar(c), "s": hex_scalar((k + c * x) % r.L)}


def test_signatures_made_on_either_side_hold_on_both_and_only_for_their_text_seat_and_deal(site: Path) -> None:
    x = random_scalar()
    key = r.multiply(x, r.base())
    text = json.dumps({"type": "stage", "seat": 2, "deck": ["é", 1]}, ensure_ascii=False, separators=(",", ":"))
    js_sig = run_node(site, {"signs": [{"secret": hex_scalar(x), "text": text, "deal": "d1", "seat": 2}]})["signs"][0]
    py_sig = python_signature(x, "d1", 2, text)
    assert v.signature_holds("d1", 2, key, text, js_sig)
    asks = [(js_sig, text, "d1", 2), (py_sig, text, "d1", 2), (js_sig, text + " ", "d1", 2),
            (js_sig, text, "d2", 2), (js_sig, text, "d1", 3), (dict(js_sig, s=py_sig["s"]), text, "d1", 2)]
    found = run_node(site, {"verifies": [{"key": r.encode(key).hex(), "text": t, "sig": sig, "deal": d, "seat": s}
                                         for sig, t, d, s in asks]})["verifies"]
    assert found == [True, True, False, False, False, False]
    assert [v.signature_holds(d, s, key, t, sig) for sig, t, d, s in asks] == found


@pytest.fixture(scope="module")
def escrowed(site: Path) -> dict[str, Any]:
    """Seat 1's key in escrow at a table of 4 crypto seats (seats 0, 1, 2 and 5: a computer
    player's seats take no part) and at a table of 2, each other seat opening its piece."""
    secrets = {seat: random_scalar() for seat in (0, 1, 2, 5)}
    asks = [{"deal": "esc", "owner": 1, "secret": hex_scalar(secrets[1]),
             "others": [{"seat": s, "key": hex_point(x), "secret": hex_scalar(x)} for s, x in secrets.items() if s != 1]},
            {"deal": "esc", "owner": 1, "secret": hex_scalar(secrets[1]),
             "others": [{"seat": 0, "key": hex_point(secrets[0]), "secret": hex_scalar(secrets[0])}]}]
    return {"secrets": secrets, "found": run_node(site, {"escrows": asks})["escrows"]}


def test_an_escrow_s_pieces_open_each_for_its_seat_and_together_give_the_key(escrowed: dict[str, Any]) -> None:
    secrets, found = escrowed["secrets"], escrowed["found"][0]
    entry, owner_key = found["entry"], r.multiply(secrets[1], r.base())
    assert [p["to"] for p in entry["pieces"]] == [0, 2, 5]
    assert found["checked"] and found["piecesChecked"] == [True] * 3
    assert v.escrow_problem(entry, 1, owner_key, [0, 2, 5]) is None
    assert v.escrow_problem(entry, 1, r.multiply(secrets[0], r.base()), [0, 2, 5]) is not None
    pieces = {}
    for seat in (0, 2, 5):
        pieces[seat] = v.open_piece(entry, seat, r.multiply(secrets[seat], owner_key), "esc")
        assert pieces[seat] is not None and hex_scalar(pieces[seat]) == found["opened"][str(seat)]
        # the seat's piece alone is not the key
        assert pieces[seat] != secrets[1]
    assert sum(pieces.values()) % r.L == secrets[1]
    assert found["recovered"] == hex_scalar(secrets[1])


def test_with_two_crypto_seats_there_is_no_escrow_to_give_the_key_away(escrowed: dict[str, Any]) -> None:
    found = escrowed["found"][1]
    assert found["entry"] == {"seat": 1, "pieces": []}
    assert found["checked"] and found["opened"] == {"0": None} and found["recovered"] is None
    assert v.escrow_problem(found["entry"], 1, r.multiply(escrowed["secrets"][1], r.base()), [0]) is None


def test_a_complaint_names_the_seat_that_sealed_a_wrong_piece_and_a_false_one_the_complainer(
        site: Path, escrowed: dict[str, Any]) -> None:
    secrets, entry = escrowed["secrets"], escrowed["found"][0]["entry"]
    owner_key = r.multiply(secrets[1], r.base())
    wrong = copy.deepcopy(entry)
    piece = next(p for p in wrong["pieces"] if p["to"] == 2)
    piece.update(v.seal(r.multiply(secrets[1] * secrets[2] % r.L, r.base()), (7).to_bytes(32, "little"), "esc", 1, 2, "escrow"))
    asks = [{"deal": "esc", "entry": e, "ownerKey": r.encode(owner_key).hex(), "seat": 2, "secret": hex_scalar(secrets[2])}
            for e in (wrong, entry)]
    found = run_node(site, {"complaints": asks})["complaints"]
    # the wrong piece does not open for seat 2; its complaint names seat 1 on both sides
    assert found[0]["opened"] is None
    assert found[0]["verdict"]["seat"] == 1
    complainer_key = r.multiply(secrets[2], r.base())
    assert v.check_complaint(wrong, found[0]["complaint"], owner_key, complainer_key, "esc") == 1
    # a complaint about a right piece names the complainer, on both sides
    assert found[1]["opened"] is not None and found[1]["verdict"]["seat"] == 2
    assert v.check_complaint(entry, found[1]["complaint"], owner_key, complainer_key, "esc") == 2
    # a complaint whose shared point is not the complainer's (seat 0's, say), or about another
    # seat's escrow, names the complainer, on both sides
    forged = [dict(found[0]["complaint"], shared=r.encode(r.multiply(secrets[0], owner_key)).hex()),
              dict(found[0]["complaint"], owner=0)]
    verdicts = run_node(site, {"complaints": [dict(asks[0], claim=claim) for claim in forged]})["complaints"]
    assert [f["verdict"]["seat"] for f in verdicts] == [2, 2]
    assert [v.check_complaint(wrong, claim, owner_key, complainer_key, "esc") for claim in forged] == [2, 2]


# --- the vendoring

def test_the_vendored_curve_imports_only_vendored_paths() -> None:
    files = {**build.vendored_files(build.NOBLE_CURVES), **build.vendored_files(build.NOBLE_HASHES)}
    assert "vendor/noble-curves-2.4.0/ed25519.js" in files and "vendor/noble-curves-2.4.0/LICENSE" in files
    for path, data in files.items():
        if not path.endswith(".js"):
            continue
        for m in build.IMPORT_FROM.finditer(data.decode()):
            target = posixpath.normpath(posixpath.join(posixpath.dirname(path), m.group(3)))
            assert m.group(3).startswith("."), f"{path} imports {m.group(3)}"
            assert target in files, f"{path} imports {target}, which is not vendored"
