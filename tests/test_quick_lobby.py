"""The quick match's lobby messages (web/js/net/nostr.js, quick-lobby.js, quick-presets.js),
run under Node by tests/quick_lobby_check.mjs and held against a second implementation here:
ids by hashlib, BIP-340 signatures by coincurve (libsecp256k1), and the published vectors
(NIP-01/NIP-13's example event, NIP-13's difficulty examples, BIP-340's test vectors)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import coincurve
import pytest
from nostr_events import check, leading_zero_bits, make_event

import build
import engine

HERE = Path(__file__).resolve().parent
KIND_TABLE, KIND_LOOKING = 25420, 25421
# the proof of work the page asks of an announcement, as quick-lobby.js states it
DIFFICULTY = int(re.search(r"export const DIFFICULTY = (\d+);",
                           (build.WEB / "js" / "net" / "quick-lobby.js").read_text()).group(1))  # type: ignore[union-attr]


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], dict[str, Any]]:
    """What tests/quick_lobby_check.mjs reports, and the events made here that it parsed."""
    node = shutil.which("node")
    assert node, "node is needed (npm brings it)"
    site = tmp_path_factory.mktemp("quick-site")
    for path, data in build.pinned_files(build.NOBLE_SECP256K1).items():  # laid out as the build does
        (site / path).parent.mkdir(parents=True, exist_ok=True)
        (site / path).write_bytes(data)
    (site / "js" / "net").mkdir(parents=True)
    for source in (build.WEB / "js" / "net").glob("*.js"):
        shutil.copy(source, site / "js" / "net" / source.name)
    now = int(time.time())
    key = coincurve.PrivateKey()
    ad = {"v": 1, "game": "kocka", "preset": "kocka-4", "free": 3, "humans": 1, "code": "maple-otter-bell-coast",
          "opened": now - 5}
    topic = [["t", "kortti-quick:kocka-4"]]
    content = json.dumps(ad)
    table = make_event(key, KIND_TABLE, content, now, topic, work=DIFFICULTY)
    events = {
        "table": table,
        "looking": make_event(key, KIND_LOOKING, json.dumps({"v": 1, "game": "kocka", "preset": "kocka-4"}), now, topic),
        "tableWithLittleWork": make_event(key, KIND_TABLE, content, now, topic, work=8),
        "tableForged": {**table, "content": content.replace('"free": 3', '"free": 2')},
        "tableSignedByAnother": {**table, "sig": make_event(coincurve.PrivateKey(), KIND_TABLE, content, now, topic)["sig"]},
    }
    inputs = tmp_path_factory.mktemp("quick-input") / "events.json"
    inputs.write_text(json.dumps({"now": now, "events": events, "names": NAMES}))
    out = subprocess.run([node, str(HERE / "quick_lobby_check.mjs"), str(site), str(inputs)],
                         capture_output=True, text=True, timeout=600, check=False)
    assert out.returncode == 0, out.stderr[-3000:]
    return dict(json.loads(out.stdout.strip().splitlines()[-1])), events


# Names as strangers might type them: spaces, line breaks, control characters, direction
# overrides and isolates, a byte-order mark, joiners (kept: Devanagari and emoji need them),
# too long (in characters, not UTF-16 units), and nothing left at all.
NAMES = ["  Ann  ", "Ben\n\tCy", "Dee\u0000\u0007x", "\u202eevil\u202c", "\u2066Eve\u2069", "\ufeffFay",
         "क्\u200dष", "👩\u200d👩\u200d👧", "x" * 30, "😀" * 30, "\u200e\u200f\u061c", "   ", "Gil\u2028Hal\u2029",
         "é\u0301", "Ann\u00a0Lee", "\u0085Ivy\u009f"]


def test_names_are_cleaned_alike_by_the_pages_and_the_host_controller(checked: tuple[dict[str, Any], Any]) -> None:
    from web.table.friends import clean_name

    assert checked[0]["names"] == [clean_name(name, "") for name in NAMES]
    assert checked[0]["names"][:6] == ["Ann", "Ben Cy", "Dee x", "evil", "Eve", "Fay"]
    assert checked[0]["names"][11] == ""


def test_event_ids_and_signatures_match_the_published_nip01_nip13_event(checked: tuple[dict[str, Any], Any]) -> None:
    got = checked[0]
    assert got["nip01"] == {"id": "000006d8c378af1779d2feebc7603a125d99eca0ccf1085959b307f64e5dd358", "verified": True,
                            "tamperedVerified": False, "otherSigVerified": False}


def test_proof_of_work_counts_as_nip13_says(checked: tuple[dict[str, Any], Any]) -> None:
    nip13 = checked[0]["nip13"]
    assert nip13["bits"] == [36, 10, 21, 0, 0]
    assert (nip13["committed"], nip13["work20"], nip13["work21"]) == (20, True, False)


def test_schnorr_signatures_match_the_bip340_test_vectors(checked: tuple[dict[str, Any], Any]) -> None:
    rows = checked[0]["bip340"]
    assert [r["index"] for r in rows] == [0, 1, 2, 3, 4, 5, 6, 7, 8, 13, 14]
    for row in rows:
        assert row["verified"] == row["expected"], row
        assert row.get("signed", True), row  # rows 0-3: the signature made here is the vector's


def test_events_made_by_the_page_pass_an_independent_check(checked: tuple[dict[str, Any], Any]) -> None:
    made = checked[0]["jsEvents"]
    for event in [*made["announcements"], made["looking"]]:
        assert check(event) == (True, True)
    for event in made["announcements"]:
        assert event["kind"] == KIND_TABLE
        assert leading_zero_bits(event["id"]) >= DIFFICULTY
        assert next(t for t in event["tags"] if t[0] == "nonce")[2] == str(DIFFICULTY)
        assert json.loads(event["content"])["code"] == "maple-otter-bell-coast"
    assert made["looking"]["kind"] == KIND_LOOKING
    timed = [m for m in made["mining"] if m["tries"]]
    per_try = sum(m["ms"] for m in timed) / sum(m["tries"] for m in timed)
    print(f"\nmining at {DIFFICULTY} bits (Node, this machine): {made['mining']}; {per_try * 1000:.1f} µs a try, "
          f"so {per_try * 2 ** DIFFICULTY:.0f} ms expected")


def test_events_made_here_are_taken_by_the_page_and_bad_ones_refused(checked: tuple[dict[str, Any],
                                                                              dict[str, Any]]) -> None:
    got, events = checked
    assert check(events["table"]) == (True, True)  # (this side's own event is good)
    assert got["fromPython"] == {"table": "ok", "looking": "ok", "tableWithLittleWork": "work", "tableForged": "id",
                                 "tableSignedByAnother": "signature"}
    assert got["fromPythonVerified"] == {"table": True, "looking": True, "tableWithLittleWork": True,
                                         "tableForged": False, "tableSignedByAnother": False}


def test_every_malformed_field_is_refused(checked: tuple[dict[str, Any], Any]) -> None:
    malformed = dict(checked[0]["malformed"])
    assert malformed.pop("good") == "ok"
    assert all(why != "ok" for why in malformed.values()), malformed
    assert {name: why for name, why in malformed.items() if why in ("version", "preset", "stale", "kind", "id",
                                                                     "work", "signature", "oversized")} == {
        "oversized": "oversized", "otherKind": "kind", "trysteroKind": "kind", "stale": "stale", "future": "stale",
        "otherVersion": "version", "unknownGame": "preset", "unknownPreset": "preset", "presetOfAnotherGame": "preset",
        "topicOfAnotherPreset": "preset", "noTopic": "preset", "wrongId": "id", "forgedContent": "id",
        "badSignature": "signature", "otherPubkey": "id", "noWork": "work"}


def test_the_listing_keeps_the_newest_live_table_per_host_and_chooses_the_fullest_then_oldest(
        checked: tuple[dict[str, Any], Any]) -> None:
    assert checked[0]["listing"] == {
        "chosen": "c",  # two humans at b and c: c opened first
        "chosenSkippingTried": "b",
        "chosenSkippingSelf": "a",
        "afterNewer": "c",
        "liveAfter6s": ["a", "b"],  # c's last word is 26 s old
        "noneLeft": None,
    }


def test_a_flood_from_one_key_does_not_hide_the_real_tables(checked: tuple[dict[str, Any], Any]) -> None:
    flood = checked[0]["flood"]
    print(f"\n{flood['events']} events (10,000 from one key) parsed in {flood['ms']} ms: {flood['why']}")
    assert flood["chosen"] == "real[1]"
    assert flood["listed"] == ["real[0]", "real[1]", "real[2]"]
    assert flood["why"]["ok"] == 3 + 5  # the real three, and the flooder's burst before it was ignored


def test_a_sender_at_a_hosts_pace_passes_and_a_burst_is_ignored_for_a_minute(checked: tuple[dict[str, Any],
                                                                                            Any]) -> None:
    limiter = checked[0]["limiter"]
    assert limiter == {"hostEvery10s": True, "burst": [True] * 5 + [False] * 3, "blockedAfterBurst": True,
                       "blockedAfterAMinute": False}


def test_copies_of_an_event_from_several_relays_count_once(checked: tuple[dict[str, Any], Any]) -> None:
    # five relays bring the same announcement; the host's next one is still heard
    assert checked[0]["copies"] == ["ok", "duplicate", "duplicate", "duplicate", "duplicate", "ok"]


def test_every_preset_is_a_table_the_engine_deals(checked: tuple[dict[str, Any], Any]) -> None:
    presets = checked[0]["presets"]
    assert {p["game"] for p in presets.values()} == set(engine.GAMES)
    for preset in presets.values():
        match = engine.new_match(preset["game"], preset["seats"], seed=1, options=preset["options"])
        assert match.to_act()
