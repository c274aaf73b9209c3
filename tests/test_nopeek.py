"""The no-peek deal's cryptography (web/js/nopeek/, docs/no-peek.md), run under Node by
tests/nopeek_check.mjs on the vendored @noble/curves, and held against a second implementation
here: a pure-Python ristretto255 (nopeek_ristretto.py) checked against RFC 9496's vectors
(nopeek_vectors.py), and a verifier of the transcripts (nopeek_verify.py)."""

from __future__ import annotations

import copy
import hashlib
import json
import posixpath
import shutil
import subprocess
from pathlib import Path
from typing import Any

import nopeek_ristretto as r
import nopeek_vectors as vectors
import pytest
from nopeek_verify import Fault, share_proof_holds, verify

import build
from engine import GAMES

HERE = Path(__file__).resolve().parent
DEALS = [("kocka", 4), ("katte", 6)]


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
    transcript, secrets = deal["transcript"], deal["secrets"]
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


@pytest.mark.parametrize("index", range(len(DEALS)), ids=[f"{g}-{n}" for g, n in DEALS])
def test_the_python_verifier_accepts_the_deal_and_every_proof_in_it(ran: dict[str, Any], index: int) -> None:
    deal = ran["deals"][index]
    transcript = deal["transcript"]
    verify(transcript, deal["secrets"])  # raises the first fault
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

def swap_a_card(transcript: dict[str, Any], secrets: list[str]) -> tuple[str, int]:
    """Seat 1's stage has card 3's ciphertext in place of card 7's: one card twice, one gone."""
    transcript["stages"][1]["deck"][7] = list(transcript["stages"][1]["deck"][3])
    return "shuffle", 1


def wrong_share(transcript: dict[str, Any], secrets: list[str]) -> tuple[str, int]:
    """Seat 2 sends, for one position, its share of another position."""
    mine = [i for i, s in enumerate(transcript["shares"]) if s["seat"] == 2]
    transcript["shares"][mine[4]]["share"] = transcript["shares"][mine[5]]["share"]
    return "share", 2


def forged_key_proof(transcript: dict[str, Any], secrets: list[str]) -> tuple[str, int]:
    """Seat 3 publishes seat 0's proof with its own key."""
    transcript["keys"][3]["proof"] = dict(transcript["keys"][0]["proof"])
    return "key-proof", 3


def key_not_its_own(transcript: dict[str, Any], secrets: list[str]) -> tuple[str, int]:
    """Seat 2 reveals seat 1's key at the audit."""
    secrets[2] = secrets[1]
    return "key-mismatch", 2


TAMPERINGS = [swap_a_card, wrong_share, forged_key_proof, key_not_its_own]
CASES = [(index, tamper) for index in range(len(DEALS)) for tamper in TAMPERINGS]


@pytest.fixture(scope="module")
def tampered(site: Path, ran: dict[str, Any]) -> list[tuple[dict[str, Any], list[str], tuple[str, int], Any]]:
    """Each deal untouched and with each tampering, with audit.js's verdicts."""
    cases = []
    for index, tamper in [(i, None) for i in range(len(DEALS))] + CASES:
        transcript = copy.deepcopy(ran["deals"][index]["transcript"])
        secrets = list(ran["deals"][index]["secrets"])
        expected = tamper(transcript, secrets) if tamper else ("ok", -1)
        cases.append((transcript, secrets, expected))
    found = run_node(site, {"audits": [{"transcript": t, "secrets": s} for t, s, _ in cases]})["audits"]
    return [(t, s, e, f["verdict"]) for (t, s, e), f in zip(cases, found, strict=True)]


def python_verdict(transcript: dict[str, Any], secrets: list[str]) -> tuple[str, int | None]:
    try:
        verify(transcript, secrets)
    except Fault as fault:
        return fault.kind, fault.seat
    return "ok", -1


@pytest.mark.parametrize("index", range(len(DEALS)), ids=[f"{g}-{n}" for g, n in DEALS])
def test_audit_js_passes_a_fair_deal(tampered: list[Any], index: int) -> None:
    assert tampered[index][3] == {"ok": True}


@pytest.mark.parametrize("case", range(len(CASES)),
                         ids=[f"{DEALS[i][0]}-{t.__name__}" for i, t in CASES])
def test_both_audits_name_the_tamperer(tampered: list[Any], case: int) -> None:
    transcript, secrets, expected, verdict = tampered[len(DEALS) + case]
    assert (verdict["kind"], verdict["seat"]) == expected, verdict["why"]
    assert python_verdict(transcript, secrets) == expected


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
