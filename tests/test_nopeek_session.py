"""The no-peek deal's sessions (web/js/nopeek/session.js, messages.js), a page per seat over an
in-memory star relay (tests/nopeek_table.mjs, under Node): every game's table as its players
would check it, and every cheat named by the same seat on every page. The relay's log of the
honest tables is verified again by the pure-Python second implementation
(nopeek_session_verify.py)."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import nopeek_ristretto as r
import pytest
from build_steps import once_per_run
from nopeek_session_verify import slot_positions, verify_log
from nopeek_verify import Fault, card_point, shares_proof_holds
from test_nopeek import deck_codes, lay_out_site

from engine import GAMES

HERE = Path(__file__).resolve().parent
TABLES = ["two", "kocka", "katte", "katko", "katko-copies", "call-kitti"]
CHEATS = ["swap", "wrong-share", "collude", "bad-proof", "bad-pass", "forged", "garbage", "relay-forged", "replay", "refuse", "leave",
          "refuse-swap", "bad-escrow", "false-complaint", "bad-piece", "bad-open", "two-leave"]


def run_table(site: Path, runs: list[dict[str, str]]) -> list[dict[str, Any]]:
    node = shutil.which("node")
    assert node, "node is needed (npm brings it)"
    inputs = site / "tables.json"
    decks = {g: deck_codes(g) for g in GAMES}
    decks["katko-two-packs"] = deck_codes("katko") * 2  # (Katko from 11 players: every card twice)
    inputs.write_text(json.dumps({"decks": decks, "runs": runs}))
    out = subprocess.run([node, str(HERE / "nopeek_table.mjs"), str(site), str(inputs)],
                         capture_output=True, text=True, timeout=900, check=False)
    assert out.returncode == 0, out.stderr[-3000:]
    results = list(json.loads(out.stdout.strip().splitlines()[-1]))
    for result in results:
        assert "error" not in result, result["error"]
    return results


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("nopeek-session-site")
    lay_out_site(path)
    return path


# (each made once per run: the other xdist worker, if it runs some of these tests, reads it)
@pytest.fixture(scope="module")
def honest(site: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    return once_per_run(tmp_path_factory, "nopeek-session-honest", lambda: {
        run["table"]: checked(run) for run in run_table(site, [{"table": t} for t in TABLES])})


@pytest.fixture(scope="module")
def cheats(site: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    return once_per_run(tmp_path_factory, "nopeek-session-cheats", lambda: {
        run["cheat"]: checked(run) for run in run_table(site, [{"table": "kocka", "cheat": c} for c in CHEATS])})


def checked(run: dict[str, Any]) -> dict[str, Any]:
    """The run, with every slot's card and the first fault by the Python verifier (once: it is slow)."""
    run["python"] = verify_log(run["log"], run["transcript"]["game"], run["transcript"]["cards"], run["seats"], run["layout"])
    return run


def strings(value: Any) -> list[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [k, *strings(v)]]
    return []


def verdict(run: dict[str, Any]) -> tuple[dict[int, str], Fault | None]:
    """Every slot's card and the first fault, from the relay's log, by the Python verifier."""
    hands, fault, _ = run["python"]
    return hands, fault


def named(run: dict[str, Any]) -> list[int]:
    """The seats whose key the Python verifier took from their escrow (named, not at fault)."""
    return list(run["python"][2])


def truth(run: dict[str, Any]) -> dict[int, str]:
    """Every slot's card of a deal the Python verifier finds fair."""
    hands, fault = verdict(run)
    assert fault is None, fault
    return hands


# --- honest tables: what each player checks

@pytest.mark.parametrize("table", TABLES)
def test_each_seat_opens_exactly_the_cards_of_its_slots(honest: dict[str, Any], table: str) -> None:
    run = honest[table]
    dealt = truth(run)
    seen: list[str] = []
    for seat in run["seats"]:
        page = run["pages"][str(seat)]
        slots = [s for s, holder in enumerate(run["layout"]) if holder == seat]
        assert [c["slot"] for c in page["hand"]] == slots
        assert [c["card"] for c in page["hand"]] == [dealt[s] for s in slots]
        seen += [c["card"] for c in page["hand"]]
        # the face-up slots (a computer's hand, Katko's turned card) open on every page, as dealt
        ups = [s for s, holder in enumerate(run["layout"]) if holder == "up"]
        assert [u for u in page["up"] if u["slot"] in ups and u["slot"] not in [c["slot"] for c in page["hand"]]][:len(ups)] \
            == [{"slot": s, "card": dealt[s]} for s in ups]
    up_cards = [dealt[s] for s, holder in enumerate(run["layout"]) if holder == "up"]
    # no card more often than the deck holds it (Katko's two packs: twice)
    assert not Counter(seen + up_cards) - Counter(run["transcript"]["cards"])
    assert set(run["transcript"]["cards"]) == set(deck_codes(run["transcript"]["game"]))


@pytest.mark.parametrize("table", TABLES)
def test_every_page_sees_the_same_face_up_cards_and_discards(honest: dict[str, Any], table: str) -> None:
    run = honest[table]
    dealt = truth(run)
    pages = [run["pages"][str(s)] for s in run["seats"]]
    assert all(p["up"] == pages[0]["up"] for p in pages)
    assert all(u["card"] == dealt[u["slot"]] for u in pages[0]["up"])
    assert all(p["hidden"] == pages[0]["hidden"] for p in pages)
    assert len(pages[0]["up"]) >= len(run["seats"])  # every seat showed a card at least


@pytest.mark.parametrize("table", TABLES)
def test_after_the_deal_every_page_finds_it_fair_and_knows_the_true_deal(honest: dict[str, Any], table: str) -> None:
    run = honest[table]
    dealt = truth(run)
    for seat in run["seats"]:
        page = run["pages"][str(seat)]
        assert page["faults"] == []
        assert [a["verdict"] for a in page["audits"]] == [{"ok": True, "opened": []}]
        assert {h["slot"]: h["card"] for h in page["audits"][0]["hands"]} == dealt
        assert page["progress"] == ["keys", "shuffle", "seed", "deal", "audit"]


@pytest.mark.parametrize("table", TABLES)
def test_the_relay_carries_no_card_and_no_private_share(honest: dict[str, Any], table: str) -> None:
    run = honest[table]
    game = run["transcript"]["game"]
    codes = set(deck_codes(game))
    points = {r.encode(card_point(game, c)).hex() for c in codes}
    carried = [s for text in run["log"] for s in strings(json.loads(text))]
    assert not codes & set(carried)
    assert not points & set(carried)
    leaks = run["leaks"]
    assert leaks["leaked"] == []
    # the check finds a share where there is one: each shown card's, which its show publishes
    assert leaks["shown"] > 0 and leaks["shownFound"] == leaks["shown"]


def test_a_pass_reaches_only_its_receiver_sealed(honest: dict[str, Any]) -> None:
    run = honest["kocka"]
    gives = [json.loads(t) for t in run["log"] if json.loads(t)["kind"] == "give"]
    assert [(g["seat"], g["body"]["to"]) for g in gives] == [(0, 1), (1, 2), (2, 3), (3, 0)]
    for g in gives:
        assert len(g["body"]["slots"]) == 3 and {s["seat"] for s in g["body"]["sealed"]} == {g["seat"]}
        assert all(set(s["share"]) == {"box", "tag"} for s in g["body"]["sealed"])
    dealt = truth(run)
    for seat in run["seats"]:
        received = run["pages"][str(seat)]["received"]
        giver = (seat + 3) % 4
        assert [x["from"] for x in received] == [giver]
        assert received[0]["cards"] == [{"slot": s, "card": dealt[s]} for s in gives[giver]["body"]["slots"]]
    # and no other page learns the passed cards (a pass opens them on the receiver's page only)
    for seat in run["seats"]:
        others = {s for g in gives if g["body"]["to"] != seat for s in g["body"]["slots"]}
        page = run["pages"][str(seat)]
        up = {u["slot"] for u in page["up"]}
        assert not {c["slot"] for x in page["received"] for c in x["cards"]} & (others - up)


def test_call_kittis_arrangements_are_committed_before_and_opened_after(honest: dict[str, Any]) -> None:
    run = honest["call-kitti"]
    kinds = [json.loads(t)["kind"] for t in run["log"]]
    assert kinds.index("open") > max(i for i, k in enumerate(kinds) if k == "commit")
    for seat in run["seats"]:
        page = run["pages"][str(seat)]
        assert page["committed"] == run["seats"]
        disclosed = {d["seat"]: d["bytes"] for d in page["disclosed"]}
        for other in run["seats"]:
            slots = [s for s, holder in enumerate(run["layout"]) if holder == other]
            assert disclosed[other] == list(reversed(slots))


def test_katko_deals_the_computer_seat_face_up_and_keeps_it_out_of_the_cryptography(honest: dict[str, Any]) -> None:
    run = honest["katko"]
    assert run["seats"] == [0, 1, 3]
    assert {json.loads(t)["seat"] for t in run["log"]} == {0, 1, 3}
    computer = [s for s, holder in enumerate(run["layout"]) if holder == "up"]
    assert len(computer) == 6  # its five cards and the turned card
    dealt = truth(run)
    for seat in run["seats"]:
        assert {u["slot"]: u["card"] for u in run["pages"][str(seat)]["up"] if u["slot"] in computer} \
            == {s: dealt[s] for s in computer}


def test_katkos_two_packs_open_every_card_twice_on_every_page_and_in_python(honest: dict[str, Any]) -> None:
    """Two slots of one card are one point: each opens to the card's code, and the audit of
    the whole deal (every page's, the Python verifier's) finds every card exactly twice."""
    run = honest["katko-copies"]
    dealt = truth(run)
    assert Counter(dealt.values()) == Counter({code: 2 for code in deck_codes("katko")})
    for seat in run["seats"]:
        [audit] = run["pages"][str(seat)]["audits"]
        assert {h["slot"]: h["card"] for h in audit["hands"]} == dealt


def test_the_seats_positions_come_from_the_joint_seed(honest: dict[str, Any]) -> None:
    """The seed's commitments come with the keys, before any stage; each seat's seed after its
    own stage, the first seat's after the last (no shuffler knows every part while it shuffles),
    so the others' come during the shuffle and only one is awaited after it."""
    run = honest["katte"]
    msgs = [json.loads(t) for t in run["log"]]
    kinds = [m["kind"] for m in msgs]
    last_stage = max(i for i, k in enumerate(kinds) if k == "stage")
    stage_at = {m["seat"]: i for i, m in enumerate(msgs) if m["kind"] == "stage"}
    seed_at = {m["seat"]: i for i, m in enumerate(msgs) if m["kind"] == "seed"}
    first, *others = run["seats"]
    assert seed_at[first] > last_stage
    assert all(stage_at[seat] < seed_at[seat] < last_stage for seat in others[:-1])
    assert max(i for i, k in enumerate(kinds) if k == "key") < min(i for i, k in enumerate(kinds) if k == "stage")
    assert [m["seat"] for m in msgs if m["kind"] == "stage"] == run["seats"]


# --- cheats: every page names the same seat

def pages_of(run: dict[str, Any], but: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    return [run["pages"][str(s)] for s in run["seats"] if s not in but]


def test_a_shuffler_that_swaps_a_card_is_named_by_every_audit(cheats: dict[str, Any]) -> None:
    run = cheats["swap"]
    for page in pages_of(run):
        [audit] = page["audits"]
        assert (audit["verdict"]["kind"], audit["verdict"]["seat"]) == ("shuffle", 1)
    _, fault = verdict(run)
    assert fault and (fault.kind, fault.seat) == ("shuffle", 1)


def test_a_wrong_share_is_named_at_once_on_every_page_and_by_the_audit(cheats: dict[str, Any]) -> None:
    """Every page checks every seat's one proof of its shares as it comes: seat 2's wrong share
    of seat 1's card names seat 2 at once on every other page, with no complaint."""
    run = cheats["wrong-share"]
    for page in pages_of(run, but=(2,)):
        assert page["faults"] == [{"seat": 2, "why": "share"}]
        assert page["hand"] == []  # the deal is void: no page opens its cards
    for page in pages_of(run):
        [audit] = page["audits"]
        assert (audit["verdict"]["kind"], audit["verdict"]["seat"]) == ("share", 2)
    _, fault = verdict(run)
    assert fault and (fault.kind, fault.seat) == ("share", 2)
    assert not [t for t in run["log"] if json.loads(t)["kind"] == "complaint"]


def test_a_wrong_share_its_owner_keeps_quiet_about_is_named_by_every_other_page(cheats: dict[str, Any]) -> None:
    """Seat 1 takes seat 2's wrong share of its card as right: every other page checked seat
    2's proof itself, names seat 2 at once and opens no card seat 1 shows."""
    run = cheats["collude"]
    for page in pages_of(run, but=(1, 2)):
        assert page["faults"] == [{"seat": 2, "why": "share"}]
        assert page["up"] == []  # the card is not taken as opened
    for page in pages_of(run):
        [audit] = page["audits"]
        assert (audit["verdict"]["kind"], audit["verdict"]["seat"]) == ("share", 2)


def test_right_shares_with_a_proof_that_fails_are_named_at_once_by_the_audit_and_by_the_python_check(
        cheats: dict[str, Any]) -> None:
    run = cheats["bad-proof"]
    for page in pages_of(run, but=(2,)):
        assert page["faults"] == [{"seat": 2, "why": "share"}]
        assert page["hand"] == [] and page["up"] == []
        [audit] = page["audits"]
        assert (audit["verdict"]["kind"], audit["verdict"]["seat"]) == ("share", 2)
    _, fault = verdict(run)
    assert fault and (fault.kind, fault.seat, fault.why) == ("share", 2, "its one proof of its shares does not hold")


def test_a_pass_with_a_wrong_sealed_share_is_named_by_its_receiver_at_once_and_by_every_audit(
        cheats: dict[str, Any]) -> None:
    run = cheats["bad-pass"]
    assert run["pages"]["1"]["faults"] == [{"seat": 0, "why": "give"}]
    assert run["pages"]["1"]["received"] == []
    assert all(p["faults"] == [] for p in pages_of(run, but=(1,)))  # no other page can open the seal
    for page in pages_of(run):
        [audit] = page["audits"]
        assert (audit["verdict"]["kind"], audit["verdict"]["seat"]) == ("give", 0)
    _, fault = verdict(run)
    assert fault and (fault.kind, fault.seat) == ("give", 0)


def test_a_forged_message_is_ignored_and_named_at_once(cheats: dict[str, Any]) -> None:
    run = cheats["forged"]
    # a message with a signature not seat 2's: every other page names seat 2
    for page in pages_of(run, but=(2,)):
        assert page["faults"][0] == {"seat": 2, "why": "signature"}
    # one in seat 1's name on seat 2's channel: the relay's page names seat 2 and does not relay it
    assert run["pages"]["0"]["faults"][1:] == [{"seat": 2, "why": "forged"}]
    assert all(len(p["faults"]) == 1 for p in pages_of(run, but=(0, 2)))
    # and they changed nothing: the deal went on and was fair
    for page in pages_of(run):
        assert [a["verdict"] for a in page["audits"]] == [{"ok": True, "opened": []}]


def test_malformed_oversized_foreign_and_out_of_turn_messages_change_nothing(cheats: dict[str, Any]) -> None:
    run = cheats["garbage"]
    # the relay's page gets them all on seat 2's channel; its gate forwards only those with
    # seat 2's envelope (not the text over every cap, nor the one that is not JSON)
    forwarded = [{"seat": 2, "why": why} for why in ["version", "unknown", "deal", "malformed", "order"]]
    assert run["pages"]["0"]["faults"] == [{"seat": 2, "why": "oversized"}, {"seat": 2, "why": "malformed"}, *forwarded]
    for page in pages_of(run, but=(0, 2)):
        assert page["faults"] == forwarded
    for page in pages_of(run):
        assert [a["verdict"] for a in page["audits"]] == [{"ok": True, "opened": []}]
        assert page["hidden"] == []  # the hide with a field more hid nothing


def test_a_relay_that_passes_one_seats_message_as_anothers_is_named(cheats: dict[str, Any]) -> None:
    run = cheats["relay-forged"]
    assert run["pages"]["1"]["faults"] == [{"seat": "relay", "why": "forged"}]
    assert all(p["faults"] == [] for p in pages_of(run, but=(1,)))


def test_a_replayed_message_changes_nothing_and_is_named(cheats: dict[str, Any]) -> None:
    run = cheats["replay"]
    # the relay sent seat 1's key again to seats 2 and 3; seat 1 sent it again to the relay
    assert run["pages"]["2"]["faults"] == run["pages"]["3"]["faults"] == [{"seat": "relay", "why": "replay"}]
    assert run["pages"]["0"]["faults"] == [{"seat": 1, "why": "replay"}]
    for page in pages_of(run):
        assert [a["verdict"] for a in page["audits"]] == [{"ok": True, "opened": []}]


def test_a_seat_that_refuses_to_reveal_at_the_check_of_a_fair_deal_is_named_and_the_deal_counts(
        cheats: dict[str, Any]) -> None:
    """The leavers' decision: its key is opened from its escrow, the deal checked with it, and
    the deal counts (leaving at the end never voids a deal one is losing)."""
    run = cheats["refuse"]
    dealt = truth(run)
    assert named(run) == [2]
    assert len(dealt) == len(run["layout"])
    for page in pages_of(run, but=(2,)):
        assert page["faults"] == []
        [audit] = page["audits"]
        assert audit["verdict"] == {"ok": True, "opened": [2]}
        assert {h["slot"]: h["card"] for h in audit["hands"]} == dealt
        assert [(o["seat"], o["atCheck"]) for o in page["opened"]] == [(2, True)]
    assert {json.loads(t)["seat"] for t in run["log"] if json.loads(t)["kind"] == "piece"} == {0, 1, 3}


def test_a_seat_that_refuses_to_reveal_and_swapped_a_card_is_found_with_its_opened_key(cheats: dict[str, Any]) -> None:
    run = cheats["refuse-swap"]
    _, fault = verdict(run)
    assert fault and (fault.kind, fault.seat) == ("shuffle", 1)
    assert named(run) == [1]
    for page in pages_of(run, but=(1,)):
        [audit] = page["audits"]
        verdict_ = audit["verdict"]
        assert (verdict_["ok"], verdict_["kind"], verdict_["seat"], verdict_["opened"]) == (False, "shuffle", 1, [1])


def test_a_wrong_escrow_piece_is_named_at_once_on_every_page_by_the_audit_and_by_the_python_check(
        cheats: dict[str, Any]) -> None:
    run = cheats["bad-escrow"]
    assert [(m["seat"], m["body"]["what"]) for m in map(json.loads, run["log"]) if m["kind"] == "complaint"] == [(2, "escrow")]
    for page in pages_of(run):
        assert page["faults"] == [{"seat": 1, "why": "escrow"}]
        [audit] = page["audits"]
        assert (audit["verdict"]["kind"], audit["verdict"]["seat"]) == ("escrow", 1)
    _, fault = verdict(run)
    assert fault and (fault.kind, fault.seat) == ("escrow", 1)


def test_a_false_complaint_about_an_escrow_names_the_complainer_everywhere(cheats: dict[str, Any]) -> None:
    run = cheats["false-complaint"]
    for page in pages_of(run, but=(2,)):
        assert page["faults"] == [{"seat": 2, "why": "complaint"}]
    for page in pages_of(run):
        [audit] = page["audits"]
        assert (audit["verdict"]["kind"], audit["verdict"]["seat"]) == ("complaint", 2)
    _, fault = verdict(run)
    assert fault and (fault.kind, fault.seat) == ("complaint", 2)


def test_a_wrong_piece_of_a_leavers_key_is_named_at_once_and_by_the_python_check(cheats: dict[str, Any]) -> None:
    run = cheats["bad-piece"]
    for page in pages_of(run, but=(1, 3)):
        assert page["faults"] == [{"seat": 1, "why": "piece"}]
        assert page["audits"] == []  # seat 3's key cannot be opened without seat 1's right piece
    _, fault = verdict(run)
    assert fault and (fault.kind, fault.seat) == ("piece", 1)


def test_a_commitment_opened_to_other_bytes_is_named_at_once_and_by_the_python_check(cheats: dict[str, Any]) -> None:
    run = cheats["bad-open"]
    for page in pages_of(run, but=(2,)):
        assert page["faults"] == [{"seat": 2, "why": "open"}]
        assert page["disclosed"] == []
    _, fault = verdict(run)
    assert fault and (fault.kind, fault.seat) == ("open", 2)


def test_a_leaver_before_the_audit_has_its_hand_opened_for_all_and_the_deal_goes_on(cheats: dict[str, Any]) -> None:
    run = cheats["leave"]
    dealt = truth(run)  # the Python verifier takes its key from the published pieces
    assert named(run) == [3]
    left = [s for s, holder in enumerate(run["layout"]) if holder == 3]
    for page in pages_of(run, but=(3,)):
        assert page["opened"] == [{"kind": "opened", "seat": 3, "cards": [{"slot": s, "card": dealt[s]} for s in left],
                                   "atCheck": False}]
        assert page["faults"] == []
        [audit] = page["audits"]
        assert audit["verdict"] == {"ok": True, "opened": [3]}
        assert {h["slot"]: h["card"] for h in audit["hands"]} == dealt
        assert len(page["up"]) == 3  # the three who stayed each played a card


@pytest.mark.parametrize("cheat", ["pass-leave", "leave-pass"])
def test_the_cards_passed_to_a_leaver_open_only_when_the_page_asks_on_every_page(site: Path, cheat: str) -> None:
    """Kočka (O-5): Ben (1) passes to Cy (2), before Cy leaves or (its page had not heard yet)
    after Cy's key was opened. Cy's dealt cards open on every page; the three passed to it stay
    closed on every page (no session holds their shares, no event carries them but Ben's own
    hand) until the page asks (its rules' exchange): then every page opens them, and the deal
    audits fair."""
    [run] = run_table(site, [{"table": "kocka", "cheat": cheat}])
    dealt = truth(checked(run))
    [give] = [json.loads(t)["body"] for t in run["log"] if json.loads(t)["kind"] == "give"]
    passed = give["slots"]
    for seat, before in run["before"].items():
        assert not set(passed) & set(before["held"]), seat
        if seat != "1":  # (Ben dealt them: its own hand)
            assert not {dealt[s] for s in passed} & set(before["cards"]), seat
    for page in pages_of(run, but=(2,)):
        assert page["opened"] == [{"kind": "opened", "seat": 2, "atCheck": False,
                                   "cards": [{"slot": s, "card": dealt[s]} for s, h in enumerate(run["layout"]) if h == 2]}]
        assert page["passedIn"] == [{"kind": "passed-in", "seat": 2, "cards": [{"slot": s, "card": dealt[s]} for s in passed]}]
        assert page["faults"] == []
        assert [a["verdict"] for a in page["audits"]] == [{"ok": True, "opened": [2]}]


def test_a_page_that_holds_its_shares_deals_none_and_no_hand_opens_until_it_approves(site: Path) -> None:
    """A page checks the host's layout against its own rules before its shares go (the keys and
    the shuffle go on meanwhile): until it approves, it publishes no share, so no slot (a
    person's marked face up, the stock) opens anywhere; then the deal goes on, fair."""
    [run] = run_table(site, [{"table": "kocka", "cheat": "held"}])
    before = run["before"]
    assert before["kinds"] == ["key", "escrow", "stage", "seed"]  # no "shares"
    assert before["seeded"] == run["seats"]  # every page had the positions: only the hold kept the shares
    assert before["hands"] == []
    dealt = truth(checked(run))
    for seat in run["seats"]:
        page = run["pages"][str(seat)]
        assert page["faults"] == []
        assert [a["verdict"] for a in page["audits"]] == [{"ok": True, "opened": []}]
        assert [c["card"] for c in page["hand"]] == [dealt[s] for s, h in enumerate(run["layout"]) if h == seat]


def test_a_second_leaver_voids_the_deal_at_once_and_is_named(cheats: dict[str, Any]) -> None:
    """Its key needs every other seat's piece, the first leaver's too, which never comes."""
    run = cheats["two-leave"]
    for page in pages_of(run, but=(2, 3)):
        assert [o["seat"] for o in page["opened"]] == [3]
        assert page["faults"] == [{"seat": 2, "why": "left"}]
        assert page["audits"] == []
    assert {json.loads(t)["body"]["for"] for t in run["log"] if json.loads(t)["kind"] == "piece"} == {3}
    _, fault = verdict(run)
    assert fault and (fault.kind, fault.seat) == ("left", 2)


# A seat's escrow at Katko's largest table: its key split among 19 other persons, signed,
# encoded and parsed as every page parses it (messages.js: each kind has a cap).
ESCROW_SCRIPT = """
const load = (path) => import(new URL(path, %s).href);
const { makeKey } = await load("js/nopeek/deck.js");
const { makeEscrow } = await load("js/nopeek/escrow.js");
const { sign } = await load("js/nopeek/sign.js");
const { pointFromHex } = await load("js/nopeek/group.js");
const { encode, parse } = await load("js/nopeek/messages.js");
const deal = "big-table";
const seats = Array.from({ length: 20 }, (_, s) => s);
const keys = seats.map((seat) => makeKey({ deal, seat }));
const others = seats.slice(1).map((seat) => ({ seat, key: pointFromHex(keys[seat].entry.key) }));
const entry = makeEscrow(keys[0].secret, 0, others, { deal });
const me = pointFromHex(keys[0].entry.key);
const text = encode({ deal, seat: 0, seq: 1, kind: "escrow", body: { entry } }, (t) => sign(keys[0].secret, me, t, { deal, seat: 0 }));
console.log(JSON.stringify({ bytes: text.length, parsed: parse(text, deal, { cards: 104, seats }).ok }));
"""


def test_an_escrow_among_twenty_seats_fits_its_cap(site: Path) -> None:
    node = shutil.which("node")
    assert node, "node is needed (npm brings it)"
    base = json.dumps(site.as_uri() + "/")
    out = subprocess.run([node, "--input-type=module", "-e", ESCROW_SCRIPT % base],
                         capture_output=True, text=True, timeout=120, check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    got = json.loads(out.stdout)
    assert got["parsed"] is True and got["bytes"] > 4_608  # (over the cap of 8 seats)


# A seat's one proof of its shares (proofs.js, RFC 9497's composite proof) on a shares message
# of an honest table, checked by the page's code and by the Python one: as sent, with one
# share changed (another card's share by the same key), and with two shares' order swapped.
BATCH_SCRIPT = """
const load = (path) => import(new URL(path, %s).href);
const { pointFromHex } = await load("js/nopeek/group.js");
const { verifyShares } = await load("js/nopeek/proofs.js");
const input = %s;
const holds = (c1s, shares) => verifyShares(pointFromHex(input.key), c1s.map(pointFromHex), shares.map(pointFromHex),
  input.proof, { deal: input.deal, seat: input.seat });
console.log(JSON.stringify(input.variants.map(([c1s, shares]) => holds(c1s, shares))));
"""


def test_one_proof_of_a_seats_shares_fails_with_a_share_changed_or_two_swapped(honest: dict[str, Any], site: Path) -> None:
    run = honest["kocka"]
    msgs = [json.loads(t) for t in run["log"]]
    deal, seats = msgs[0]["deal"], run["seats"]
    seeds = {m["seat"]: m["body"]["r"] for m in msgs if m["kind"] == "seed"}
    positions = slot_positions(deal, [seeds[s] for s in seats], len(run["transcript"]["cards"]))
    last = next(m for m in msgs if m["kind"] == "stage" and m["seat"] == seats[-1])["body"]["deck"]
    sent = next(m for m in msgs if m["kind"] == "shares" and m["seat"] == 2)
    key = next(m for m in msgs if m["kind"] == "key" and m["seat"] == 2)["body"]["key"]
    c1s = [last[positions[e["slot"]]][0] for e in sent["body"]["shares"]]
    shares = [e["share"] for e in sent["body"]["shares"]]
    assert len(shares) == 24
    secret = int.from_bytes(bytes.fromhex(run["secrets"][seats.index(2)]), "little")
    changed = [*shares]
    changed[5] = r.encode(r.multiply(secret, r.decode(bytes.fromhex(c1s[6])))).hex()  # a right share, of the wrong card
    swapped_c1s, swapped = [c1s[1], c1s[0], *c1s[2:]], [shares[1], shares[0], *shares[2:]]
    variants = [(c1s, shares), (c1s, changed), (swapped_c1s, swapped)]
    node = shutil.which("node")
    assert node, "node is needed (npm brings it)"
    request = {"deal": deal, "seat": seats.index(2), "key": key, "proof": sent["body"]["proof"],
               "variants": variants}
    out = subprocess.run([node, "--input-type=module", "-e", BATCH_SCRIPT % (json.dumps(site.as_uri() + "/"), json.dumps(request))],
                         capture_output=True, text=True, timeout=120, check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout) == [True, False, False]
    in_python = [shares_proof_holds(deal, seats.index(2), r.decode(bytes.fromhex(key)), [r.decode(bytes.fromhex(c)) for c in cs],
                                    [r.decode(bytes.fromhex(d)) for d in ds], sent["body"]["proof"]) for cs, ds in variants]
    assert in_python == [True, False, False]
    # the message carries one proof, no proof per share
    assert set(sent["body"]) == {"shares", "proof"} and all(set(e) == {"slot", "share"} for e in sent["body"]["shares"])


# A seat's shares of every card of Katko's two packs (104), with their one proof, signed,
# encoded and parsed as every page parses it (the cap of a shares message).
SHARES_SCRIPT = """
const load = (path) => import(new URL(path, %s).href);
const { makeKey } = await load("js/nopeek/deck.js");
const { sign } = await load("js/nopeek/sign.js");
const { mulBase, mulSecret, pointFromHex, pointToHex, randomScalar } = await load("js/nopeek/group.js");
const { proveShares } = await load("js/nopeek/proofs.js");
const { encode, parse } = await load("js/nopeek/messages.js");
const deal = "two-packs";
const key = makeKey({ deal, seat: 0 });
const me = pointFromHex(key.entry.key);
const c1s = Array.from({ length: 104 }, () => mulBase(randomScalar()));
const shares = c1s.map((c1) => mulSecret(c1, key.secret));
const body = { shares: shares.map((d, slot) => ({ slot, share: pointToHex(d) })),
  proof: proveShares(key.secret, me, c1s, shares, { deal, seat: 0 }) };
const text = encode({ deal, seat: 0, seq: 9, kind: "shares", body }, (t) => sign(key.secret, me, t, { deal, seat: 0 }));
console.log(JSON.stringify({ bytes: text.length, parsed: parse(text, deal, { cards: 104, seats: [0, 1] }).ok }));
"""


def test_a_seats_shares_of_two_packs_fit_their_cap(site: Path) -> None:
    node = shutil.which("node")
    assert node, "node is needed (npm brings it)"
    out = subprocess.run([node, "--input-type=module", "-e", SHARES_SCRIPT % json.dumps(site.as_uri() + "/")],
                         capture_output=True, text=True, timeout=120, check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    got = json.loads(out.stdout)
    assert got["parsed"] is True and got["bytes"] > 9_000
