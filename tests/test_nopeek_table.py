"""The page's side of one seat at a no-peek table (web/table/nopeek.py): four pages, each on
its own seat's partial match, moves passed between them in public form, draw exactly what a
table over the whole match draws for that seat; a move that visibly breaks a rule is refused
with its seat and reason in the player's words."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from gen import pagedata
from table.controller import Table
from table.nopeek import NoPeekTable

import engine
from engine import Match
from engine.partial import public_start

MESSAGES = pagedata.build(ROOT)["messages"]
NAMES = ["Ann", "Ben", "Cy", "Di"]


class WholeTable(Table):
    """The reference: a table over the whole match, every other seat a person elsewhere."""

    def people(self, m: Match) -> set[int]:
        return set(range(m.players))


def run_page_module(name: str, script: str, request: str | None = None) -> Any:
    """``script`` (its ``%s``: the module's URL) run under Node against web/js/net/``name``:
    what it printed, as JSON (``request``: its standard input)."""
    node = shutil.which("node")
    assert node, "node is needed (npm brings it)"
    module = json.dumps((ROOT / "web" / "js" / "net" / name).as_uri())
    out = subprocess.run([node, "--input-type=module", "-e", script % module], input=request,
                         capture_output=True, text=True, timeout=120, check=True)
    return json.loads(out.stdout)


def config(game: str, players: int, seat: int) -> dict[str, Any]:
    return {"game": game, "players": players, "seat": seat, "name": NAMES[seat], "options": {},
            "names": NAMES[:players]}


def drawn(reply: dict[str, Any]) -> dict[str, Any]:
    model = dict(reply["model"])
    model.pop("can_undo", None)  # a solo table's undo: none at a table of persons
    # a no-peek table's own: no hint (nor undo), says it is no-peek, and waits for the others' moves
    for key in ("can_hint", "hint", "guest", "nopeek", "nopeek_bots"):
        model.pop(key, None)
    if model.get("summary"):  # (and the next deal is the host's to deal)
        model["summary"] = {k: v for k, v in model["summary"].items() if k != "next"}
    return model


@pytest.mark.parametrize(("game", "players"), [("kocka", 4), ("katte", 3), ("katko", 3), ("call-kitti", 4)])
def test_each_page_draws_what_a_whole_table_draws_for_its_seat(game: str, players: int) -> None:
    rng = random.Random(7)
    full = engine.new_match(game, players, seed=7, names=NAMES[:players])
    pages, whole = {}, {}
    for seat in range(players):
        pages[seat] = NoPeekTable(MESSAGES, "en")
        reply = pages[seat].sit(config(game, players, seat), public_start(full, seat))
        assert "error" not in reply, reply
        whole[seat] = WholeTable(MESSAGES, "en")
        reference = whole[seat].seat_at(full.clone(), config(game, players, seat))
        assert drawn(reply) == drawn(reference)
    moves = 0
    while not full.deal_over:
        action = full.random_action(rng)
        mover = action.seat
        replies = {mover: pages[mover].act(str(action))}
        send = replies[mover]["send"]
        for seat, page in pages.items():
            if seat != mover:
                give = send.get("give")
                cards = give["cards"] if give and give["seat"] == seat else None
                replies[seat] = page.take(send["public"], cards)
                assert "refused" not in replies[seat], replies[seat]
        # the hands a move turns up: each page shows its own, the waiting pages go on
        turned = {s: r.get("turned_up") or (r.get("send") or {}).get("turned_up") for s, r in replies.items()}
        for seat, page in pages.items():
            if "wait" in replies[seat]:
                for other in replies[seat]["wait"]["seats"]:
                    codes = turned[other]
                    assert codes, (seat, other)
                    replies[seat] = page.show(other, codes)
                assert "wait" not in replies[seat]
        for seat in range(players):
            reference = whole[seat].apply(whole[seat].match.parse(str(action)))  # type: ignore[union-attr]
            assert drawn(replies[seat]) == drawn(reference), (seat, action)
            for code in full.view(seat)["hand"]:  # why a card cannot be played, as any table says it
                assert pages[seat].why(code) == whole[seat].why(code)
        full.apply(action)
        moves += 1
    assert moves


def test_a_card_played_that_the_page_holds_is_refused_in_the_players_language() -> None:
    full = engine.new_match("katko", 3, seed=4, names=NAMES[:3])
    leader = full.to_act()[0]
    watcher = (leader + 1) % 3
    page = NoPeekTable(MESSAGES, "fi")
    page.sit({**config("katko", 3, watcher), "lang": "fi"}, public_start(full, watcher))
    mine = full.view(watcher)["hand"][0]
    got = page.take(f"{leader} play {mine}")
    refused = got["refused"]
    assert refused["seat"] == str(leader) and refused["reason"] == "refusal.card_elsewhere"
    assert "muualla" in refused["text"]  # the Finnish words
    assert "model" not in got  # nothing applied
    garbled = page.take(f"{leader} play ZZ")
    assert garbled["refused"]["reason"] == "refusal.unreadable_move"


def test_a_no_peek_page_says_so_offers_no_hint_and_waits_for_the_others_unless_it_relays() -> None:
    full = engine.new_match("kocka", 4, seed=3, names=NAMES)
    guest, host = NoPeekTable(MESSAGES, "en"), NoPeekTable(MESSAGES, "en")
    drawn_guest = guest.sit({**config("kocka", 4, 1), "levels": {"3": "medium"}}, public_start(full, 1, {3}))["model"]
    drawn_host = host.sit({**config("kocka", 4, 0), "levels": {"3": "medium"}, "np_host": True}, public_start(full, 0, {3}))["model"]
    assert drawn_guest["nopeek"] and drawn_guest["nopeek_bots"] and drawn_guest["guest"]
    assert not drawn_host["guest"] and not drawn_guest["can_hint"] and drawn_guest["hint"] is None
    plan = host.plan()
    assert plan["layout"][:8] == [0, 1, 2, "up", 0, 1, 2, "up"] and len(plan["cards"]) == 32
    # the audit of a deal: every card known, every move in full, through the rules
    record = full.to_record()["deals"][-1]
    slots = {k: record["hands"][k % 4][k // 4] for k in range(32)}
    request = {"slots": slots, "layout": plan["layout"], "start": record["dealer"]}
    assert host.audit_deal({**request, "actions": []})["ok"] is True
    wrong = host.audit_deal({**request, "actions": [f"1 play {record['hands'][1][0]}"]})  # a play in the pass
    assert wrong["ok"] is False and wrong["seat"] == 1 and wrong["text"]
    assert set(host.known_cards()) == set(full.view(0)["hand"]) | set(record["hands"][3])


# ---------------------------------------------------------------- a deal on the wire, as the pages play it
# What net/nopeek-table.js does with each page's replies, on the deal's slots (docs/no-peek.md):
# a seat's own card leaves its hand by its slot (``show`` face up, ``hide`` face down), Call
# Kitti's arrangement goes out as the slots it commits to, a move that turns hands up waits for
# each seat's ``turned_up`` cards (np_show), and at the deal's end every slot's card is known and
# each page audits the moves in full.

COMPUTER = {"3": "medium"}


class Wire:
    """Every page of one deal, the computer player's seat (3) face up, moves in public form."""

    def __init__(self, game: str, players: int, seed: int, computer: bool,
                 hands: list[list[str]] | None = None) -> None:
        if hands is None:
            self.full = engine.new_match(game, players, seed=seed, names=NAMES[:players])
        else:  # a deal of these hands, seat 0 leading
            self.full = engine.new_match(game, players, names=NAMES[:players], deal=False)
            self.full.start_deal(hands, 0)
        self.rng = random.Random(seed)
        self.face_up = {3} if computer else set()
        levels = COMPUTER if computer else {}
        self.pages: dict[int, NoPeekTable] = {}
        self.sat: dict[int, dict[str, Any]] = {}
        for seat in range(players):
            if seat in self.face_up:
                continue
            page = NoPeekTable(MESSAGES, "en")
            # as the page deals it: its own hand and the face-up slots (a K-5 win only its page sees)
            start = {**public_start(self.full, seat, self.face_up)}
            start["known"] = {s: h for s, h in start["known"].items() if s in self.face_up}
            reply = page.sit({**config(game, players, seat), "levels": levels}, start)
            assert "error" not in reply, reply
            self.pages[seat], self.sat[seat] = page, reply
        self.claimed: list[int] = []
        self.plan = next(iter(self.pages.values())).plan()
        self.start = self.full.records[-1].start
        hands = self.full.records[-1].hands
        # slot k is dealt to seat k % players (plan()'s layout): seat s's i-th card is slot i * players + s
        self.slots = {i * players + s: card for s in range(players) for i, card in enumerate(hands[s])}
        self.mine = {s: {card: i * players + s for i, card in enumerate(hands[s])} for s in range(players)}
        self.moves: list[dict[str, Any]] = []
        self.shown: dict[str, list[str]] = {}
        self.timeouts = 0

    def next_action(self) -> engine.Action:
        full = self.full
        seat = full.to_act()[0]
        if full.NAME == "katte" and seat not in self.face_up and self.rng.random() < 0.15:
            return engine.Action(seat, "timeout")  # K-13 plays from the hidden hand
        return full.random_action(self.rng)

    def move(self, action: engine.Action) -> None:
        """One move round the table: the mover's page (or, for the computer player, every page
        alike), the others by ``take``, then the hands it turns up, seat by seat."""
        mover = action.seat
        replies: dict[int, dict[str, Any]] = {}
        turned: dict[int, list[str]] = {}
        if mover in self.pages:
            replies[mover] = self.pages[mover].act(str(action))
            send = replies[mover]["send"]
            public = send["public"]
            hidden = [self.mine[mover][c] for c in send.get("hide", [])]
            entry: dict[str, Any] = {"move": public, "slots": hidden if HIDDEN_WORD in public.split() else []}
            if "commit" in send:  # the arrangement's words, a slot for each card
                entry["arrange"] = [w if w == "/" else self.mine[mover][w] for w in send["commit"].split()[2:]]
            if send.get("turned_up"):
                turned[mover] = send["turned_up"]
            self.timeouts += action.verb == "timeout"
        else:
            public = str(action)
            entry = {"move": public, "slots": []}
        self.moves.append(entry)
        for seat, page in self.pages.items():
            if seat != mover:
                replies[seat] = page.take(public)
                assert "refused" not in replies[seat], (seat, public, replies[seat])
                if replies[seat].get("turned_up"):
                    turned[seat] = replies[seat]["turned_up"]
        for seat, page in self.pages.items():
            wait = replies[seat].get("wait")
            if not wait:
                continue
            assert replies[seat]["model"]["mine"] is False  # nobody acts while the hands come
            for other in wait["seats"]:
                codes = turned[other]
                assert wait["cards"][str(other)] == len(codes)
                replies[seat] = page.show(other, codes)
            assert "wait" not in replies[seat]
        self.shown.update({str(s): codes for s, codes in turned.items()})
        self.full.apply(action)

    def claims(self) -> dict[int, dict[str, Any]]:
        """Katte: each page that sat with an automatic win shows it; every other page takes it."""
        replies: dict[int, dict[str, Any]] = {}
        for seat, sat in self.sat.items():
            if "claim" in sat:
                self.claimed.append(seat)
                for other, page in self.pages.items():
                    if other != seat:
                        replies[other] = page.claim(seat, sat["claim"])
        return replies

    def play(self, until: Any = None) -> None:
        self.claims()
        while not self.full.deal_over and not (until and until()):
            self.move(self.next_action())

    def in_full(self, entry: dict[str, Any]) -> str:
        """net/nopeek-table.js's ``inFull``: the move with every card it hid opened."""
        seat, verb = entry["move"].split()[:2]
        if verb == "timeout":  # the move the seat's page made (the audit checks it is the rules')
            shown = entry["move"].split()[2:]
            if not shown:
                return f"{seat} timeout"  # a hand face up to all: every page made it
            return f"{seat} timeout discard {self.slots[entry['slots'][0]]}" if shown == [HIDDEN_WORD] \
                else f"{seat} timeout play {shown[0]}"
        if "arrange" in entry:
            return f"{seat} {verb} " + " ".join(w if w == "/" else self.slots[w] for w in entry["arrange"])
        hidden = iter(entry["slots"])
        return " ".join(self.slots[next(hidden)] if w == HIDDEN_WORD else w for w in entry["move"].split())

    def audit(self, seat: int, actions: list[str] | None = None, shown: dict[str, list[str]] | None = None) -> dict[str, Any]:
        return self.pages[seat].audit_deal({
            "slots": {str(k): v for k, v in self.slots.items()}, "layout": self.plan["layout"], "start": self.start,
            "actions": actions if actions is not None else [self.in_full(e) for e in self.moves],
            "shown": shown if shown is not None else self.shown, "claimed": self.claimed})


HIDDEN_WORD = "?"


@pytest.mark.parametrize("seed", [1, 2, 3, 5, 8])
@pytest.mark.parametrize(("game", "players", "computer"), [("katte", 4, True), ("katte", 3, False),
                                                          ("call-kitti", 4, True), ("call-kitti", 4, False)])
def test_a_deal_round_the_pages_turns_hands_up_and_audits_fair_with_every_hidden_card_opened(
        game: str, players: int, computer: bool, seed: int) -> None:
    wire = Wire(game, players, seed, computer)
    wire.play()
    for page in wire.pages.values():
        assert page.match is not None and page.match.deal_over
    verdicts = [wire.audit(seat) for seat in wire.pages]
    assert all(v["ok"] for v in verdicts), verdicts
    assert all(v["deal"] == verdicts[0]["deal"] for v in verdicts)  # (each page's table and outcome its own)
    record = verdicts[0]["deal"]
    assert record["actions"] == [str(a) for a in wire.full.records[-1].actions]  # every card opened, the same deal
    if game == "call-kitti":  # every person's arrangement went out as a commitment, in full at the audit
        assert sum(e["move"].endswith("arrange ?") for e in wire.moves) == len(wire.pages)
        assert all(len(codes) == 12 for codes in wire.shown.values())


def test_katte_discards_and_timeouts_go_out_by_their_slot_only() -> None:
    hides = timeouts = 0
    for seed in range(1, 9):
        wire = Wire("katte", 4, seed, True)
        wire.play()
        hides += sum("?" in e["move"].split() for e in wire.moves)
        timeouts += wire.timeouts
        assert wire.audit(0)["ok"]
    assert hides and timeouts


def _must_beat(full: Match) -> tuple[int, str] | None:
    """A person in tricks 1–4 who holds a card that beats the best card: (seat, that card)."""
    if full.phase != "play":  # (tricks 1–4)
        return None
    seat = full.to_act()[0]
    if seat == 3:  # (the computer player's hand is face up: no secret discard)
        return None
    beats = [a.args[0] for a in full.legal_actions(seat) if a.verb == "play"]
    return (seat, beats[0]) if full.trick is not None and full.trick.plays and beats else None


def test_a_katte_discard_that_could_have_beaten_is_taken_unseen_and_named_at_the_audit() -> None:
    for seed in range(1, 30):
        wire = Wire("katte", 4, seed, True)
        wire.play(until=lambda: _must_beat(wire.full) is not None)  # noqa: B023 (this seed's)
        if not wire.full.deal_over:
            break
    cheat = _must_beat(wire.full)
    assert cheat is not None
    seat, card = cheat
    # the seat's page sends a face-down discard of that card (its slot only): no other page can tell
    for other, page in wire.pages.items():
        if other != seat:
            assert page.check(f"{seat} discard ?") == {}, other
    actions = [wire.in_full(e) for e in wire.moves] + [f"{seat} discard {card}"]
    for other in wire.pages:
        verdict = wire.audit(other, actions)
        assert verdict["ok"] is False and verdict["seat"] == seat and verdict["action"] == len(actions) - 1
        assert verdict["reason"] in ("refusal.must_beat", "refusal.beater_face_up") and "(K-8)" in verdict["text"]


def test_call_kitti_sets_shown_otherwise_than_committed_are_named_at_the_audit() -> None:
    wire = Wire("call-kitti", 4, 4, False)
    wire.play()
    assert wire.audit(0)["ok"]
    shown = dict(wire.shown)
    sets = shown["2"]
    shown["2"] = sets[3:6] + sets[:3] + sets[6:]  # seat 2 showed its second set first
    verdict = wire.audit(1, shown=shown)
    assert verdict["ok"] is False and verdict["seat"] == 2 and verdict["reason"] == "refusal.shows_not_arranged"
    assert verdict["action"] == next(i for i, e in enumerate(wire.moves) if e["move"] == "2 arrange ?")


# ---------------------------------------------------------------- Katko: copies of a card, the turned card

KATKO_TABLES = [  # (players, options, computer players' seats): one deck, two packs, the turned trump, 20 seats
    (3, {}, ()),
    (4, {"decks": 2, "trump": True}, (3,)),
    (12, {"trump": True, "must_beat": True}, (2, 5, 6, 7, 8, 9, 10, 11)),
    (20, {"trump": True}, tuple(range(4, 20))),
]


def plan_of(players: int, options: dict[str, Any], computers: tuple[int, ...]) -> dict[str, Any]:
    """The host's plan of the first deal, as web/worker.py's np_plan makes it."""
    host = NoPeekTable(MESSAGES, "en")
    conf = {"game": "katko", "players": players, "seat": 0, "options": options, "levels": {str(s): "medium" for s in computers}}
    return dict(host.plan_first(conf))


def names(players: int) -> list[str]:
    return [f"P{s}" for s in range(players)]


@pytest.mark.parametrize(("players", "options", "computers"), KATKO_TABLES)
def test_a_katko_plan_has_a_slot_for_every_copy_and_turns_its_card_up(
        players: int, options: dict[str, Any], computers: tuple[int, ...]) -> None:
    plan = plan_of(players, options, computers)
    assert "error" not in plan, plan
    match = engine.new_match("katko", players, options)
    copies, size = match._deck_copies(), match._hand_sizes()
    assert sorted(plan["cards"]) == sorted(list(match.DECK.code_of) * copies)  # each copy its own slot
    layout = plan["layout"]
    for seat in range(players):
        held = [k for k, h in enumerate(layout) if h == seat]
        assert len(held) == (0 if seat in computers else size)
    up = [k for k, h in enumerate(layout) if h == "up"]
    turned = plan["turned"]
    if match.options["trump"]:
        assert turned is not None and turned in up and layout.count("up") == size * len(computers) + 1
    else:
        assert turned is None and len(up) == size * len(computers)


@pytest.mark.parametrize(("players", "options", "computers"), KATKO_TABLES)
def test_a_katko_deal_from_its_plan_plays_on_every_page_and_audits_fair(
        players: int, options: dict[str, Any], computers: tuple[int, ...]) -> None:
    """The deal's slots as the cryptography opens them (a shuffled deck; seat 0 dealt both
    copies of a card when the deck has copies): each page sits with its slots' cards, the
    face-up hands and the turned card, draws what the whole match shows its seat at every
    move, and the audit of every slot's card finds the deal fair; a move of a card not held, not."""
    rng = random.Random(players)
    plan = plan_of(players, options, computers)
    layout, turned_at = plan["layout"], plan["turned"]
    cards = list(plan["cards"])
    rng.shuffle(cards)
    slots = dict(enumerate(cards))
    mine = [k for k, h in enumerate(layout) if h == 0]
    if len(cards) != len(set(cards)):  # seat 0 holds both copies of its first card
        twin = next(k for k, c in slots.items() if c == slots[mine[0]] and k != mine[0])
        slots[twin], slots[mine[1]] = slots[mine[1]], slots[twin]
    turned = None if turned_at is None else slots[turned_at]
    full = engine.new_match("katko", players, options, names=names(players), deal=False)
    reference = NoPeekTable(MESSAGES, "en")
    reference.match = full
    hands = reference.hands_of(layout, slots, turned_at)
    assert len(cards) == len(set(cards)) or hands[0][0] == hands[0][1]
    start = players - 1  # (the host draws the first dealer: seat 0 leads)
    full.start_deal(hands, start, turned)
    # what every page knows as the deal starts: the computer players' hands and the turned card, face up
    known = {s: [slots[k] for k, h in enumerate(layout) if h == "up" and k != turned_at and k % players == s]
             for s in computers}
    assert known == {s: hands[s] for s in computers}
    pages: dict[int, NoPeekTable] = {}
    for seat in (s for s in range(players) if s not in computers):
        pages[seat] = NoPeekTable(MESSAGES, "en")
        conf = {"game": "katko", "players": players, "seat": seat, "name": f"P{seat}", "options": options,
                "names": names(players), "levels": {str(s): "medium" for s in computers}}
        deal = {"start": start, "hand": [slots[k] for k, h in enumerate(layout) if h == seat], "known": known,
                "turned": turned}
        assert "error" not in pages[seat].sit(conf, deal)
    while not full.deal_over:
        action = full.random_action(rng)
        public = pages[action.seat].act(str(action))["send"]["public"] if action.seat in pages else str(action)
        for seat, page in pages.items():
            if seat != action.seat:
                got = page.take(public)
                assert "refused" not in got, got
        full.apply(action)
        for seat, page in pages.items():
            assert page.partial is not None and page.partial.view() == full.view(seat)
    request = {"slots": {str(k): c for k, c in slots.items()}, "layout": layout, "turned": turned_at, "start": start}
    verdict = pages[0].audit_deal({**request, "actions": list(full.records[-1].actions)})
    assert verdict["ok"] is True, verdict
    assert verdict["deal"]["hands"] == full.to_record()["deals"][-1]["hands"]
    assert verdict["deal"].get("turned") == turned
    stranger = next(c for c in cards if c not in hands[0])
    wrong = pages[0].audit_deal({**request, "actions": [f"0 play {stranger}"]})
    assert wrong["ok"] is False and wrong["seat"] == 0


# The page's own cards by slot (web/js/net/nopeek-hand.js, under Node): a hand of Katko's two
# packs holding AS twice, played twice, shows each copy's slot once; a card not held, none.
HAND_SCRIPT = """
import { SlotHand } from %s;
const hand = new SlotHand();
[[7, "AS"], [19, "KD"], [40, "AS"]].forEach(([slot, card]) => hand.set(slot, card));
const before = hand.byCard();
const played = [hand.take("AS"), hand.take("AS"), hand.take("AS"), hand.take("KD")];
console.log(JSON.stringify({ before, played }));
"""


def test_a_page_holding_two_copies_of_a_card_shows_each_from_its_own_slot() -> None:
    got = run_page_module("nopeek-hand.js", HAND_SCRIPT)
    assert got["before"] == {"AS": 7, "KD": 19}
    assert sorted(got["played"][:2]) == [7, 40]  # each copy's slot, once
    assert got["played"][2:] == [None, 19]  # (no third AS: JSON's null for undefined in a list)


# ---------------------------------------------------------------- a whole match


def kocka_pages(full: Match, levels: dict[str, str] | None = None) -> dict[int, NoPeekTable]:
    """A page per person at a Kočka table (the host's at seat 0), seated at ``full``'s deal."""
    up = {int(s) for s in levels or {}}
    pages = {}
    for seat in range(4):
        if seat in up:
            continue
        pages[seat] = NoPeekTable(MESSAGES, "en")
        cfg = {**config("kocka", 4, seat), "levels": dict(levels or {}), "np_host": seat == 0, "turn_seconds": 20}
        assert "error" not in pages[seat].sit(cfg, public_start(full, seat, up))
    return pages


def play_on(full: Match, pages: dict[int, NoPeekTable], rng: random.Random, until: int | None = None) -> list[str]:
    """Moves of ``full`` went round the pages (a face-up seat's as the host's page sends it),
    to the deal's end (or ``until`` moves); the public forms as the table saw them."""
    publics = []
    while not full.deal_over and (until is None or len(publics) < until):
        publics.append(go_round(full, pages, full.random_action(rng)))
    return publics


def go_round(full: Match, pages: dict[int, NoPeekTable], action: engine.Action) -> str:
    """One move of ``full`` round the pages (:func:`play_on`); its public form."""
    if action.seat in pages:
        send = pages[action.seat].act(str(action))["send"]
    else:
        send = {"public": str(action)}
    for seat, page in pages.items():
        if seat != action.seat:
            give = send.get("give")
            got = page.take(send["public"], give["cards"] if give and give["seat"] == seat else None)
            assert "refused" not in got and "error" not in got, got
    full.apply(action)
    return str(send["public"])


def audit_request(full: Match, earlier: list[Any]) -> dict[str, Any]:
    record = full.to_record()["deals"][-1]
    return {"slots": {k: record["hands"][k % 4][k // 4] for k in range(32)}, "layout": [k % 4 for k in range(32)],
            "start": record["dealer"], "actions": record["actions"], "earlier": earlier}


def hand_on(page: NoPeekTable, seat: int) -> list[str]:
    """``seat``'s hand as ``page``'s match holds it, a card it does not know as ``?``."""
    m = page.match
    assert m is not None
    deck = m.DECK.code_of
    return sorted(deck[c] if c < len(deck) else HIDDEN_WORD for c in m.hands[seat])  # type: ignore[attr-defined]


@pytest.mark.parametrize("before", [("to",), ("by",), ("to", "by")], ids=["passed-to", "passed", "both"])
def test_a_kocka_leaver_during_the_pass_is_face_up_as_the_rules_hold_its_hand_and_the_table_goes_on(
        before: tuple[str, ...]) -> None:
    """Cy (2) leaves before the exchange, after Ben (1) passed to it and/or it passed to Di (3):
    its escrow opens the cards it holds now (its dealt ones but those it passed, and those passed
    to it). Face up: its hand as the rules hold it; the cards passed to it stay Ben's until the
    exchange (O-5), then are Cy's, face up on every page; the deal plays on and audits fair."""
    rng = random.Random(4)
    full = engine.new_match("kocka", 4, seed=4, names=NAMES)
    pages = kocka_pages(full)
    leaver, passer, receiver = 2, 1, 3
    dealt = list(full.view(leaver)["hand"])

    def passes(seat: int) -> None:
        go_round(full, pages, full.parse(f"{seat} pass " + " ".join(rng.sample(full.view(seat)["hand"], 3))))

    if "to" in before:
        passes(passer)
    if "by" in before:
        passes(leaver)
    gave = list(full.view(leaver)["passed"] or [])
    got = list(full.view(passer)["passed"] or [])
    kept = [c for c in dealt if c not in gave]
    del pages[leaver]
    for page in pages.values():  # the escrow's opening: the cards dealt to it, and those passed to it
        assert "error" not in page.left_seat(leaver, kept, got)
    for seat, page in pages.items():  # its 8 dealt cards; those it passed are the receiver's to see
        assert hand_on(page, leaver) == sorted(kept + (gave if seat == receiver else [HIDDEN_WORD] * len(gave)))
        if seat != passer:  # Ben's pass: Ben's alone until the exchange
            assert not set(got) & set(page.known_cards())
    while full.phase == "pass":  # type: ignore[attr-defined]
        go_round(full, pages, full.random_action(rng))
    for page in pages.values():  # from the exchange: Cy's hand as the rules hold it, face up on every page
        assert hand_on(page, leaver) == sorted(full.view(leaver)["hand"])
    play_on(full, pages, rng)
    verdicts = [page.audit_deal(audit_request(full, [])) for page in pages.values()]
    assert all(v["ok"] for v in verdicts), verdicts
    assert all(v["deal"] == verdicts[0]["deal"] for v in verdicts)


@pytest.mark.parametrize("leaves", ["in-pass", "after"])
def test_a_kocka_leavers_passed_in_cards_are_asked_for_at_the_exchange_and_then_face_up(leaves: str) -> None:
    """The page's session keeps the cards passed to a leaver closed until its Python asks for them
    (``open_passed``): from the exchange (O-5) on, on every page that does not know them (Ben, the
    passer, does); handed over then (``left_seat``'s ``passed_in``), they are Cy's hand, face up,
    and the deal audits fair. Cy leaves during the pass (after Ben passed to it) or after it."""
    rng = random.Random(4)
    full = engine.new_match("kocka", 4, seed=4, names=NAMES)
    pages = kocka_pages(full)
    leaver, passer = 2, 1
    go_round(full, pages, full.parse(f"{passer} pass " + " ".join(rng.sample(full.view(passer)["hand"], 3))))
    got = list(full.view(passer)["passed"] or [])

    def leave() -> None:
        del pages[leaver]
        kept = [c for c in full.view(leaver)["hand"] if c not in got]  # (its hand, but the cards passed to it)
        for page in pages.values():  # the escrow's opening: the cards dealt to it that it holds
            assert "error" not in page.left_seat(leaver, kept)

    if leaves == "in-pass":
        leave()
        for page in pages.values():  # during the pass: nothing asked for
            assert "open_passed" not in page.reply([])
    while full.phase == "pass":  # type: ignore[attr-defined]
        go_round(full, pages, full.random_action(rng))
    if leaves == "after":
        leave()
    for seat, page in pages.items():
        asked = page.reply([]).get("open_passed")
        assert asked == (None if seat == passer else [leaver]), seat
        if asked:
            assert not set(got) & set(page.known_cards())
            reply = page.left_seat(leaver, [], got)
            assert "error" not in reply and "open_passed" not in reply
        assert hand_on(page, leaver) == sorted(full.view(leaver)["hand"])
    play_on(full, pages, rng)
    verdicts = [page.audit_deal(audit_request(full, [])) for page in pages.values()]
    assert all(v["ok"] for v in verdicts), verdicts


def test_a_no_peek_match_deals_again_after_ready_and_counts_each_fair_deal_once() -> None:
    rng = random.Random(5)
    full = engine.new_match("kocka", 4, seed=5, names=NAMES)
    pages = kocka_pages(full)
    earlier: list[Any] = []
    for deal in range(2):
        play_on(full, pages, rng)
        for seat, page in pages.items():
            summary = page.reply([])["model"]["summary"]
            assert summary["next"]["id"] == ("next" if seat == 0 else "ready")
            got = page.audit_deal(audit_request(full, earlier))
            assert got["ok"] is True, got
            # the deal counts once its audit says fair: its figures, from the audited record
            assert got["outcome"]["deal"] == deal and got["outcome"]["seat"] == seat
            assert got["record"]["deals"][-1]["hands"] == full.to_record()["deals"][-1]["hands"]
            assert "outcome" not in page.reply([])  # (and only then: no other reply carries it)
        earlier.append(got["deal"])
        # a friend says "ready"; the host asks for the deal and is told whom it waits for
        assert pages[1].ready()["model"]["summary"]["next"]["id"] == "wait"
        waiting = pages[0].wait_for([2, 3], True)["model"]["summary"]
        assert waiting["next"]["id"] == "now" and waiting["waiting"] == "Not ready yet: Cy, Di"
        full.start_deal()
        plan = pages[0].plan()
        assert plan["start"] == full.records[-1].start  # the dealer the rules fix (O-3)
        for seat, page in pages.items():
            reply = page.next_deal_at(public_start(full, seat))
            assert "error" not in reply, reply
            assert [c["code"] for c in reply["model"]["hand"]] == full.view(seat)["hand"]
    assert len(full.records) == 3


def test_a_void_deal_does_not_count_and_the_match_goes_on_as_before_it() -> None:
    rng = random.Random(8)
    full = engine.new_match("kocka", 4, seed=8, names=NAMES)
    pages = kocka_pages(full)
    play_on(full, pages, rng)
    host = pages[0]
    request = audit_request(full, [])
    wrong = host.audit_deal({**request, "actions": request["actions"][:-1] + ["1 play ZZ"]})
    assert wrong["ok"] is False and "outcome" not in wrong
    plan = host.plan()
    assert plan["start"] is None  # no deal counted: the dealer is drawn again (O-3)
    redeal = engine.new_match("kocka", 4, seed=9, names=NAMES)
    reply = host.next_deal_at(public_start(redeal, 0))
    assert "error" not in reply and len(host.match.records) == 1 and not host.match.summaries  # type: ignore[union-attr]


def test_planning_the_next_deal_changes_nothing_on_the_page() -> None:
    """A page plans the next deal beside the one it is drawing (it checks the host's deal with
    the plan): a void deal stays on its table, said, until the next deal begins."""
    full = engine.new_match("kocka", 4, seed=8, names=NAMES)
    pages = kocka_pages(full)
    play_on(full, pages, random.Random(8))
    page = pages[1]
    request = audit_request(full, [])
    assert page.audit_deal({**request, "actions": request["actions"][:-1] + ["1 play ZZ"]})["ok"] is False
    said = page.void_deal("The deal is void.")
    plans = [page.plan(), page.plan()]
    assert plans[0] == plans[1] and plans[0]["start"] is None  # (no deal counted: the dealer drawn again, O-3)
    assert page.reply([]) == said and len(page.match.records) == 1  # type: ignore[union-attr]
    redeal = engine.new_match("kocka", 4, seed=9, names=NAMES)
    assert "error" not in page.next_deal_at(public_start(redeal, 1))
    assert len(page.match.records) == 1 and not page.match.summaries  # type: ignore[union-attr]


def test_a_friend_who_joins_mid_deal_plays_the_face_up_seat_and_the_host_stops_its_computer_player() -> None:
    import asyncio

    rng = random.Random(3)
    full = engine.new_match("kocka", 4, seed=3, names=NAMES)
    pages = kocka_pages(full, {"3": "medium"})
    publics = play_on(full, pages, rng, until=6)
    joiner = NoPeekTable(MESSAGES, "en")
    cfg = {**config("kocka", 4, 3), "levels": {"3": "medium"}}
    reply = joiner.join_at(cfg, public_start(full, 3, {3}), publics)
    assert "error" not in reply, reply
    assert [c["code"] for c in reply["model"]["hand"]] == full.view(3)["hand"]
    assert reply["model"]["nopeek_bots"] is False  # (no computer player left at the table)
    pages[0].person_up(3, True)
    while not full.deal_over:
        action = full.random_action(rng)
        if action.seat == 3:
            assert asyncio.run(pages[0].bot_move()) == {"move": None}  # the friend's move, not the host's bot's
            mover: NoPeekTable = joiner
        else:
            mover = pages[action.seat]
        send = mover.act(str(action))["send"]
        for page in [*pages.values(), joiner]:
            if page is not mover:
                assert "refused" not in page.take(send["public"], None)
        full.apply(action)
    # from the next deal the friend is a crypto seat: the plan deals its hand face down
    assert pages[0].plan({})["layout"][:4] == [0, 1, 2, 3]


def test_the_host_page_says_whose_move_the_table_waits_for() -> None:
    full = engine.new_match("kocka", 4, seed=2, names=NAMES)
    pages = kocka_pages(full, {"3": "medium"})
    host = pages[0]
    assert host.acting() == [0, 1, 2]  # Kočka's pass: every person at once (the computer player's is the host's)
    rng = random.Random(2)
    play_on(full, pages, rng, until=2)
    assert host.acting() == sorted(s for s in full.to_act() if s != 3)
    play_on(full, pages, rng)
    assert full.deal_over and host.acting() == []


# The host's watch over silent pages (web/js/net/nopeek-watch.js, under Node, on a clock of its
# own): a friend the table waits on, silent past its limit, is handed on once; one heard from
# lately, or no longer waited on, is not; a turn timer's limit is the timer and its grace.
WATCH_SCRIPT = """
import { watchSilence, silentLimit, STEP_MS, TURN_MS, TIMER_GRACE_MS } from %s;
let now = 0;
let waiting = { seats: [1, 2], turn: true };
const heard = { 1: -Infinity, 2: -Infinity };
const handed = [];
const watch = watchSilence({ waitingOn: async () => waiting, heard: (s) => heard[s], friends: () => [1, 2],
  turnSeconds: 0, handOn: (s) => handed.push([s, now]), now: () => now });
watch.stop();
await watch.look();
now = TURN_MS - 1; heard[1] = 5000; await watch.look();
now = TURN_MS + 1; await watch.look();
now = TURN_MS + 2; await watch.look();
waiting = { seats: [], turn: false }; now += 1; await watch.look();
waiting = { seats: [1], turn: false }; now += 1; await watch.look();
now += STEP_MS; await watch.look();
now += 1; await watch.look();
console.log(JSON.stringify({ handed, limits: [silentLimit(true, 20), silentLimit(false, 20), silentLimit(true, 0)],
  grace: TIMER_GRACE_MS, step: STEP_MS, turn: TURN_MS }));
"""


def test_a_silent_friend_is_handed_on_once_the_table_has_waited_past_its_limit() -> None:
    got = run_page_module("nopeek-watch.js", WATCH_SCRIPT)
    turn, step = got["turn"], got["step"]
    # seat 2, silent through a turn's limit: handed on once; seat 1 was heard from at 5 s
    assert got["handed"][0] == [2, turn + 1]
    # seat 1, waited on again for a step: its limit counts from then, not from its last word
    assert got["handed"][1:] == [[1, turn + 4 + step + 1]]
    assert got["limits"] == [20_000 + got["grace"], step, turn]


def test_a_seat_whose_timer_runs_out_moves_by_its_computer_player_on_its_own_page() -> None:
    import asyncio

    full = engine.new_match("kocka", 4, seed=2, names=NAMES)
    pages = kocka_pages(full)
    seat = full.to_act()[0]
    got = asyncio.run(pages[seat].timeout())
    assert got["send"]["public"].startswith(f"{seat} pass ")
    other = (seat + 2) % 4
    assert "refused" not in pages[other].take(got["send"]["public"])


def test_the_worker_answers_a_no_peek_call_before_the_seat_sits_with_an_error() -> None:
    import json

    import worker

    worker.init(json.dumps({"messages": MESSAGES, "lang": "en"}))
    assert "np_sit" in json.loads(worker.np_take("0 play 7H"))["error"]
    plan = json.loads(worker.np_plan(json.dumps({**config("kocka", 4, 0), "levels": {"3": "easy"},
                                                 "guests": {"1": "Ben", "2": "Cy"}})))
    assert plan["layout"][:4] == [0, 1, 2, "up"] and plan["names"][:3] == NAMES[:3]


def _hidden_timeout(full: Match) -> int | None:
    """A person to act in tricks 1–4 whose timeout (K-13) hides a card while it holds others."""
    if full.phase != "play" or full.trick is None or not full.trick.plays:
        return None
    seat = full.to_act()[0]
    if seat == 3 or len(full.view(seat)["hand"]) < 2:
        return None
    return None if full._timeout_move(seat)[1] else seat  # type: ignore[attr-defined]


def test_a_timeout_that_hides_another_card_than_the_rules_pick_is_named_at_the_audit() -> None:
    for seed in range(1, 30):
        wire = Wire("katte", 4, seed, True)
        wire.play(until=lambda: _hidden_timeout(wire.full) is not None)  # noqa: B023 (this seed's)
        if not wire.full.deal_over:
            break
    seat = _hidden_timeout(wire.full)
    assert seat is not None
    ruled = wire.full.DECK.code(wire.full._timeout_move(seat)[0])  # type: ignore[attr-defined]
    wire.move(engine.Action(seat, "timeout"))
    honest = [wire.in_full(e) for e in wire.moves]
    assert honest[-1] == f"{seat} timeout discard {ruled}"
    assert wire.audit(0, honest)["ok"]
    # the seat's page hid another card's slot with its timeout: every other page saw "timeout ?" alike
    other = next(c for c in wire.full.view(seat)["hand"] if c != ruled)
    wire.moves[-1]["slots"] = [wire.mine[seat][other]]
    actions = [wire.in_full(e) for e in wire.moves]
    for page in wire.pages:
        verdict = wire.audit(page, actions)
        assert verdict["ok"] is False and verdict["seat"] == seat and verdict["action"] == len(actions) - 1
        assert verdict["reason"] == "refusal.timeout_not_ruled" and "(K-13)" in verdict["text"]
        assert other in verdict["text"] and ruled in verdict["text"]


# Katte's automatic wins (K-5): only the holder's page sees one; it shows its six cards to claim it
SIX_SPADES = [["KH", "QH", "9D", "4C", "3C", "2H"], ["2S", "5S", "8S", "JS", "QS", "AS"],
              ["KD", "TD", "7C", "6H", "5H", "3D"], ["AH", "JH", "TH", "9H", "8H", "7D"]]


def test_a_katte_automatic_win_is_claimed_by_its_page_and_ends_the_deal_on_every_page() -> None:
    wire = Wire("katte", 4, 1, True, hands=SIX_SPADES)
    assert wire.full.deal_over and wire.full.result["winner"] == 1  # type: ignore[attr-defined]
    assert wire.sat[1]["claim"] == SIX_SPADES[1] and wire.sat[1]["model"]["next"] == "over"
    assert all("claim" not in wire.sat[s] and wire.sat[s]["model"]["next"] != "over" for s in (0, 2))
    replies = wire.claims()
    for seat in (0, 2):
        assert "refused" not in replies[seat], replies[seat]
        assert wire.pages[seat].partial.view() == wire.full.view(seat)  # type: ignore[union-attr]
        reference = drawn(WholeTable(MESSAGES, "en").seat_at(wire.full.clone(), config("katte", 4, seat)))
        got = drawn(replies[seat])
        got["seats"] = [{**s, "bot": False} for s in got["seats"]]  # (the reference's seats are all persons)
        assert got.pop("announce") == reference.pop("announce")[1:]  # (the deal's start: said as the page sat)
        assert got == reference and got["next"] == "over"
    verdicts = [wire.audit(seat) for seat in wire.pages]
    assert all(v["ok"] for v in verdicts), verdicts
    assert verdicts[0]["deal"]["actions"] == [] and verdicts[0]["deal"]["hands"] == SIX_SPADES


def test_a_katte_automatic_win_claimed_after_the_leaders_card_undoes_it() -> None:
    wire = Wire("katte", 4, 1, True, hands=SIX_SPADES)
    page = wire.pages[2]
    taken = page.take("0 play KH")  # the leader's card came round before the claim
    assert "refused" not in taken
    got = page.claim(1, wire.sat[1]["claim"])
    assert got["undone"] == 1 and got["model"]["next"] == "over"
    assert page.partial.view() == wire.full.view(2)  # type: ignore[union-attr]


def test_a_katte_hand_shown_as_an_automatic_win_that_is_none_is_refused() -> None:
    wire = Wire("katte", 4, 1, True, hands=SIX_SPADES)
    before = wire.pages[0].partial.view()  # type: ignore[union-attr]
    got = wire.pages[0].claim(2, SIX_SPADES[2])
    assert got["refused"]["seat"] == "2" and got["refused"]["reason"] == "refusal.not_automatic"
    assert "does not win at the deal" in got["refused"]["text"]
    mine = wire.pages[0].claim(2, ["KH", "2S", "3S", "4S", "6S", "7S"])  # KH is the page's own card
    assert mine["refused"]["reason"] == "refusal.not_automatic"
    assert wire.pages[0].partial.view() == before  # type: ignore[union-attr]  (nothing changed)


def test_a_katte_automatic_win_not_claimed_voids_the_deal_naming_its_holder() -> None:
    wire = Wire("katte", 4, 1, True, hands=SIX_SPADES)
    # seat 1's page keeps its win to itself: the others play on
    actions = ["0 play KH", "1 discard 2S"]
    for seat in wire.pages:
        verdict = wire.audit(seat, actions)
        assert verdict["ok"] is False and verdict["seat"] == 1
        assert verdict["reason"] == "refusal.automatic_not_claimed" and "(K-5)" in verdict["text"]


def test_two_katte_automatic_wins_claimed_make_the_re_deal() -> None:
    hands = [["KH", "KD", "KC", "KS", "3C", "2H"], SIX_SPADES[1], ["QD", "TD", "7C", "6H", "5H", "3D"], SIX_SPADES[3]]
    wire = Wire("katte", 4, 1, True, hands=hands)
    assert wire.full.result["winner"] is None  # type: ignore[attr-defined]
    wire.claims()
    for seat, page in wire.pages.items():
        m = page.partial.match  # type: ignore[union-attr]
        assert m.deal_over and m.result == wire.full.result  # type: ignore[attr-defined]
        assert m._ruled_start() == wire.full._ruled_start() == 0
        assert any(e["kind"] == "redeal" for e in page.partial.view()["events"]), seat  # type: ignore[union-attr]
    assert all(wire.audit(seat)["ok"] for seat in wire.pages)


def test_a_computer_players_automatic_win_ends_the_deal_on_every_page_with_no_claim() -> None:
    hands = [["KH", "QH", "9D", "4D", "3D", "2H"], ["2S", "5S", "8S", "JS", "QS", "AH"],
             ["KD", "TD", "7S", "6H", "5H", "3S"], ["AC", "KC", "QC", "JC", "TC", "9C"]]
    wire = Wire("katte", 4, 1, True, hands=hands)
    assert wire.full.result["winner"] == 3  # type: ignore[attr-defined]
    assert all(sat["model"]["next"] == "over" and "claim" not in sat for sat in wire.sat.values())
    assert wire.claims() == {}
    assert all(wire.audit(seat)["ok"] for seat in wire.pages)  # its hand face up from the deal: shown


# ---------------------------------------------------------------- what a page trusts (net/nopeek-trust.js)

TRUST_SCRIPT = """
import { dealDiffers, moveShowsWhatItNames } from %s;
import { readFileSync } from "node:fs";
const input = JSON.parse(readFileSync(0, "utf-8"));
const codes = new Set(input.codes);
console.log(JSON.stringify({
  deals: input.deals.map(({ deal, plan, me }) => dealDiffers(deal, plan, me, input.players)),
  moves: input.moves.map(({ move, shown, faceUp, open }) => moveShowsWhatItNames(move, shown, codes, faceUp, open)),
}));
"""


def trust(players: int, codes: list[str], deals: list[dict[str, Any]], moves: list[dict[str, Any]]) -> dict[str, Any]:
    request = json.dumps({"players": players, "codes": codes, "deals": deals, "moves": moves})
    return dict(run_page_module("nopeek-trust.js", TRUST_SCRIPT, request))


def test_a_page_refuses_a_deal_whose_layout_turned_card_seats_or_dealer_are_not_the_rules() -> None:
    """The host's np-deal against the page's own plan (NoPeekTable.plan_first with the deal's
    computer players): the honest deal passes on every person's page; a person's slots face up,
    a stock slot the host's, another turned card, a dealer the rules fix changed, a computer
    player among the crypto seats or the page's own seat a computer's are each refused."""
    host = NoPeekTable(MESSAGES, "en")
    levels = {"3": "medium"}
    plan = dict(host.plan_first({**config("katko", 4, 0), "options": {"trump": True}, "levels": levels}))
    assert "error" not in plan, plan
    layout, turned = plan["layout"], plan["turned"]
    honest = {"id": "t-1", "seats": [0, 1, 2], "layout": layout, "cards": plan["cards"], "start": 3, "host": 0,
              "turned": turned, "levels": levels}
    ben_up = [("up" if h == 1 else h) for h in layout]
    stock = layout.index("stock")
    stock_mine = [(0 if k == stock else h) for k, h in enumerate(layout)]
    other_turned = next(k for k, h in enumerate(layout) if h == "stock")
    ruled = {**plan, "start": 2}  # (a deal whose dealer the rules fix)
    cases: list[tuple[dict[str, Any], dict[str, Any], int, str]] = [
        *[(honest, plan, me, "") for me in (0, 1, 2)],
        ({**honest, "layout": ben_up}, plan, 2, "layout"),
        ({**honest, "layout": stock_mine}, plan, 1, "layout"),
        ({**honest, "turned": other_turned}, plan, 1, "turned"),
        ({**honest, "start": 4}, plan, 1, "start"),
        (honest, ruled, 1, "start"),
        ({**honest, "start": 2}, ruled, 1, ""),
        ({**honest, "seats": [0, 1, 2, 3]}, plan, 1, "levels"),
        ({**honest, "seats": [0, 2], "levels": {"1": "medium", "3": "medium"}}, plan, 1, "seat"),
        ({**honest, "cards": list(reversed(plan["cards"]))}, plan, 1, "cards"),
    ]
    got = trust(4, [], [{"deal": d, "plan": p, "me": me} for d, p, me, _ in cases], [])
    assert got["deals"] == [why for *_, why in cases]


def recorded(pages: dict[int, NoPeekTable], face_up: set[int], sent: list[dict[str, Any]]) -> None:
    """Each page's own moves as its envelope carries them, into ``sent``: the public form and the
    cards its texts show (net/nopeek-table.js's ``outgoing``: ``show``, a pass to a face-up hand;
    not a card a face-up hand passed to it, which it holds by no slot), with the cards every other
    page knows it holds (``open_in``, as another page asks its Python)."""
    for seat, page in pages.items():
        watcher = next(p for s, p in pages.items() if s != seat)

        def recording(text: str, act: Any = page.act, seat: int = seat, watcher: NoPeekTable = watcher) -> dict[str, Any]:
            open_ = watcher.open_in(seat)["cards"]
            reply: dict[str, Any] = act(text)
            send = reply["send"]
            slotless, shown = list(open_), []  # (the cards it holds by no slot are not shown, one copy each)
            for card in send.get("show", []):
                if card in slotless:
                    slotless.remove(card)
                else:
                    shown.append(card)
            give = send.get("give")
            if give and give["seat"] in face_up:
                shown += give["cards"]
            sent.append({"move": send["public"], "shown": shown, "faceUp": False, "open": open_})
            return reply
        page.act = recording  # type: ignore[method-assign]


def honest_moves(game: str, players: int, seed: int, computer: bool) -> tuple[list[str], list[dict[str, Any]]]:
    """Every move of a deal round the pages as its envelope carries it; a computer player's from
    the host, showing nothing."""
    sent: list[dict[str, Any]] = []
    if game == "kocka":  # (passes: the receiver's page learns the cards)
        full = engine.new_match("kocka", 4, seed=seed, names=NAMES)
        levels = COMPUTER if computer else {}
        pages = kocka_pages(full, levels)
        recorded(pages, {int(s) for s in levels}, sent)
        publics = play_on(full, pages, random.Random(seed))
        mine = iter(list(sent))
        return list(full.DECK.code_of), [next(mine) if int(p.split()[0]) in pages else {"move": p, "shown": [], "faceUp": True}
                                         for p in publics]
    wire = Wire(game, players, seed, computer)
    recorded(wire.pages, wire.face_up, sent)
    while not wire.full.deal_over:
        action = wire.next_action()
        if action.seat not in wire.pages:
            sent.append({"move": str(action), "shown": [], "faceUp": True})
        wire.move(action)
    return list(wire.plan["cards"]), sent


@pytest.mark.parametrize(("game", "players", "computer"), [("kocka", 4, True), ("kocka", 4, False), ("katte", 4, True),
                                                          ("katte", 3, False), ("call-kitti", 4, True), ("katko", 4, True)])
def test_every_honest_move_names_exactly_the_cards_its_texts_show(game: str, players: int, computer: bool) -> None:
    """No honest move is refused by the page's check (Katte's timeouts face up and down, Kočka's
    passes to a person and to a face-up hand, Call Kitti's arrangement, a computer player's)."""
    codes: list[str] = []
    moves: list[dict[str, Any]] = []
    for seed in (1, 2, 3):
        codes, sent = honest_moves(game, players, seed, computer)
        moves += sent
    assert any(m["shown"] for m in moves) or game == "call-kitti"  # (its cards are turned up by the shows, not by a move)
    got = trust(players, codes, [], moves)
    assert [m for m, ok in zip(moves, got["moves"], strict=True) if not ok] == []


def test_a_move_that_names_a_card_its_texts_did_not_show_is_refused() -> None:
    codes = ["AS", "KD", "7H", "10C"]
    moves = [
        ({"move": "0 play AS", "shown": ["AS"], "faceUp": False}, True),
        ({"move": "0 play AS", "shown": [], "faceUp": False}, False),  # a card named, none opened
        ({"move": "0 play AS", "shown": ["KD"], "faceUp": False}, False),
        ({"move": "0 play AS", "shown": ["AS", "KD"], "faceUp": False}, False),  # a card opened the move does not name
        ({"move": "0 pass AS KD 7H", "shown": ["AS", "KD"], "faceUp": False}, False),
        ({"move": "0 pass ? ? ?", "shown": [], "faceUp": False}, True),
        ({"move": "0 timeout 10C", "shown": ["10C"], "faceUp": False}, True),
        ({"move": "0 play AS AS", "shown": ["AS"], "faceUp": False}, False),  # two copies named, one opened
        ({"move": "0 play AS AS", "shown": ["AS", "AS"], "faceUp": False}, True),
        ({"move": "0 bid 7", "shown": [], "faceUp": False}, True),  # (not a card)
        ({"move": "3 play AS", "shown": [], "faceUp": True}, True),  # a face-up hand: every page knows it
        ({"move": "3 play AS", "shown": ["AS"], "faceUp": True}, False),
        # a card a computer player passed this seat, face up to all: named, not shown (no slot of it)
        ({"move": "0 play KD", "shown": [], "faceUp": False, "open": ["KD", "7H"]}, True),
        ({"move": "0 play KD KD", "shown": [], "faceUp": False, "open": ["KD", "7H"]}, False),
    ]
    got = trust(4, codes, [], [m for m, _ in moves])
    assert got["moves"] == [ok for _, ok in moves]


def test_a_katko_card_a_face_up_hand_also_holds_is_named_by_a_person_only_with_its_own_copy_shown() -> None:
    """Two packs: a person's move naming a card whose other copy the computer player holds, face
    up, shows its own copy like any card; only the face-up hand's own move names it unshown."""
    options = {"decks": 2}
    for seed in range(1, 60):
        full = engine.new_match("katko", 4, options, seed=seed, names=NAMES)
        hands = full.hands  # type: ignore[attr-defined]
        both = [c for c in hands[1] if c in hands[3]]
        if both:
            break
    code, computer = full.DECK.code(both[0]), full.DECK.codes(hands[3])
    watcher = NoPeekTable(MESSAGES, "en")
    sat = watcher.sit({**config("katko", 4, 0), "options": options, "levels": COMPUTER}, public_start(full, 0, {3}))
    assert "error" not in sat, sat
    assert watcher.open_in(1)["cards"] == []  # (nothing of seat 1's is known to every page)
    assert sorted(watcher.open_in(3)["cards"]) == sorted(computer)
    moves = [
        {"move": f"1 play {code}", "shown": [], "faceUp": False, "open": watcher.open_in(1)["cards"]},
        {"move": f"1 play {code}", "shown": [code], "faceUp": False, "open": watcher.open_in(1)["cards"]},
        {"move": f"3 play {code}", "shown": [], "faceUp": True},
        # (what the page let through before: every card it saw face up at the deal)
        {"move": f"1 play {code}", "shown": [], "faceUp": False, "open": computer},
    ]
    got = trust(4, list(full.DECK.code_of), [], moves)
    assert got["moves"] == [False, True, True, True]


def test_the_cards_every_page_knows_a_kocka_seat_holds_are_the_ones_a_face_up_hand_passed_it() -> None:
    """The computer player (seat 3) passes to seat 0 face up: every other page knows those three
    cards are seat 0's; seat 0's pass to seat 1 is known to seat 0's page alone."""
    full = engine.new_match("kocka", 4, seed=2, names=NAMES)
    pages = kocka_pages(full, COMPUTER)
    play_on(full, pages, random.Random(2), until=4)
    assert full.phase == "play"  # type: ignore[attr-defined]
    from_computer = sorted(full.DECK.codes(full.received[0]))  # type: ignore[attr-defined]
    assert sorted(pages[1].open_in(0)["cards"]) == sorted(pages[2].open_in(0)["cards"]) == from_computer
    assert pages[0].open_in(1)["cards"] == [] == pages[2].open_in(1)["cards"]  # (seat 0's pass: its page's own to know)
    assert pages[1].open_in(2)["cards"] == []
