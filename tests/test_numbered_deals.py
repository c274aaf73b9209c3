"""Numbered deals (engine/shuffle.py): the same cards from the same number, everywhere.

The vectors below were computed once by engine/shuffle.py and are written out
literally: if one changes, every deal number ever shared changes its cards.
One of them is also checked by a small reimplementation written from the
module's documented algorithm alone.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import shlex
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import engine
from engine import OptionError, new_match, replay_record
from engine.cards import FRENCH, GERMAN
from engine.games.katte import automatic_kind
from engine.shuffle import MAX_NUMBER, below, key, shuffle, stream, words
from engine.state import Match

ROOT = Path(__file__).parent.parent
KATKO_DEFAULTS = {"decks": 1, "deuce_bonus": "auto", "growing_hand": False, "hand_size": 5,
                  "must_beat": False, "points_for_twos": False, "target": 3, "trump": False}

# Katko, 4 players, default options, number 1, deal 0: the shuffled pack.
PACK_52 = [
    "QD", "AD", "2H", "7S", "9H", "6S", "TH", "JC", "9C", "7H", "3D", "8D", "JH", "QH", "QS",
    "AH", "4S", "JD", "JS", "AC", "7D", "4H", "6H", "AS", "6D", "3C", "2D", "8S", "KH", "TD",
    "3S", "3H", "5H", "9D", "5D", "2S", "8C", "2C", "9S", "4D", "8H", "KC", "7C", "KD", "TC",
    "KS", "5S", "6C", "4C", "QC", "TS", "5C",
]
# Kočka, 4 players, default options, number 12345, deal 0: the shuffled pack.
PACK_32 = [
    "UA", "KL", "UH", "7A", "KB", "UB", "7B", "UL", "TH", "9L", "OH", "TB", "8A", "7H", "8B",
    "9H", "OL", "AL", "OB", "KH", "TA", "OA", "8L", "8H", "9B", "AH", "TL", "AA", "AB", "KA",
    "9A", "7L",
]


# ------------------------------------------------------------ test vectors


def test_raw_stream_words() -> None:
    assert words(b"kortti-deal-v1", 8) == [
        1159207930, 794285175, 1647032985, 1770452574, 1141894016, 1732024672, 1357176802, 2671477763]
    assert words(key("katko", 4, KATKO_DEFAULTS, 1, 0, "cards"), 4) == [
        2682574950, 3667390934, 4118737549, 609069208]


def test_the_key_is_the_documented_bytes() -> None:
    assert key("kocka", 4, {"word": "KOČKA", "early_end": "certain"}, 12345, 0, "cards") == (
        b'kortti-deal-v1\x00kocka\x004\x00{"early_end":"certain","word":"KO\xc4\x8cKA"}'
        b"\x0012345\x000\x00cards")


def test_full_52_card_shuffle() -> None:
    pack = list(range(52))
    shuffle(pack, stream(key("katko", 4, KATKO_DEFAULTS, 1, 0, "cards")))
    assert FRENCH.codes(pack) == PACK_52


def test_full_32_card_shuffle() -> None:
    pack = list(range(32))
    shuffle(pack, stream(key("kocka", 4, {"word": "KOČKA", "early_end": "certain"}, 12345, 0, "cards")))
    assert GERMAN.codes(pack) == PACK_32


def test_independent_reimplementation_from_the_documented_text() -> None:
    """Written from the module docstring only, without engine.shuffle's code."""
    options = json.dumps(KATKO_DEFAULTS, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    seed = "\0".join(["kortti-deal-v1", "katko", "4", options, "1", "0", "cards"]).encode()
    buffer: list[int] = []
    block = 0

    def word() -> int:
        nonlocal block
        if not buffer:
            digest = hashlib.sha256(seed + block.to_bytes(8, "big")).digest()
            buffer.extend(int.from_bytes(digest[i:i + 4], "big") for i in range(28, -1, -4))
            block += 1
        return buffer.pop()

    def below_n(n: int) -> int:
        limit = 2**32 - 2**32 % n
        while (w := word()) >= limit:
            pass
        return w % n

    ranks, suits = "23456789TJQKA", "SHDC"
    pack = [r + s for s in suits for r in ranks]
    for i in range(len(pack) - 1, 0, -1):
        j = below_n(i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    assert pack == PACK_52


def test_below_rejects_the_biased_top_of_the_range() -> None:
    # 2**32 % 3 == 1, so the single highest word would favour 0: it is skipped.
    assert below(iter([2**32 - 1, 5]), 3) == 2
    assert below(iter([2**32 - 2, 5]), 3) == (2**32 - 2) % 3


# ------------------------------------------------------------ matches


def _play_deal(match: Match, rng: random.Random) -> None:
    while not match.deal_over:
        match.apply(match.random_action(rng, match.to_act()[0]))


def _cards(match: Match) -> list[tuple[int, list[list[str]], str | None]]:
    return [(r.start, r.hands, r.turned) for r in match.records]


def test_a_match_deals_the_vector_and_the_lot() -> None:
    m = new_match("katko", 4, number=1)
    dealer = m.records[0].start
    assert dealer == 1  # below(4) of the "start" stream
    # T-3: one card at a time from the dealer's left.
    assert m.records[0].hands[2] == PACK_52[0:20:4]
    assert m.records[0].hands[1] == PACK_52[3:20:4]
    kocka = new_match("kocka", 4, number=12345)
    assert kocka.records[0].start == 2
    assert kocka.records[0].hands == [PACK_32[i:i + 8] for i in range(0, 32, 8)]


@pytest.mark.parametrize("game,players,options", [
    ("katte", 4, {}), ("katko", 5, {"trump": True}), ("call-kitti", 4, {}), ("kocka", 4, {}),
])
def test_same_number_same_cards_every_deal_and_after_clone(game: str, players: int, options: dict[str, object]) -> None:
    a = new_match(game, players, options, number=777)
    b = new_match(game, players, options, number=777)
    assert a.number == 777
    clone = a.clone()
    for deal in range(3):
        # Both play the same way, so both rules pick the same next dealer.
        _play_deal(a, random.Random(deal))
        _play_deal(b, random.Random(deal))
        _play_deal(clone, random.Random(deal))
        if a.match_over:
            break
        a.start_deal()
        b.start_deal()
        clone.start_deal()
    assert _cards(a) == _cards(b) == _cards(clone)
    assert len(a.records) >= 2
    assert a.records[1].hands != a.records[0].hands  # a later deal is a fresh shuffle
    for i, (start, hands, turned) in enumerate(_cards(a)):
        assert a.numbered_cards(i, start) == (hands, turned)
    assert "number" not in a.to_record()  # the record format is unchanged: it lists the cards


def test_a_clone_mid_match_deals_the_next_deal_the_same() -> None:
    m = new_match("kocka", 4, number=99)
    _play_deal(m, random.Random(1))
    c = m.clone()
    m.start_deal()
    c.start_deal()
    assert _cards(m) == _cards(c)


def test_a_seeded_clone_deals_the_same_next_deal_and_neither_draw_moves_the_other() -> None:
    """Clones share the seeded generator until one draws (match.rng): the first to deal
    takes a copy, so each deals exactly what the original would have."""
    m = new_match("katko", 4, seed=12)
    _play_deal(m, random.Random(1))
    expected = m.clone()
    expected.start_deal()  # this clone deals first, its own copy
    c = m.clone()
    m.start_deal()
    c.start_deal()
    assert _cards(m) == _cards(c) == _cards(expected)
    _play_deal(m, random.Random(2))
    _play_deal(c, random.Random(2))
    m.start_deal()
    c.start_deal()  # two draws each, in turn: still the same stream
    assert _cards(m) == _cards(c)


def test_different_number_options_or_players_give_different_cards() -> None:
    base = new_match("katko", 4, number=5).records[0].hands
    assert new_match("katko", 4, number=6).records[0].hands != base
    assert new_match("katko", 4, {"target": 5}, number=5).records[0].hands != base
    other = new_match("katko", 5, number=5).records[0].hands
    assert other[:4] != base
    # Options are compared after defaults are filled in: giving a default changes nothing.
    assert new_match("katko", 4, {"target": 3}, number=5).records[0].hands == base


def test_katko_turned_card_and_two_decks() -> None:
    m = new_match("katko", 11, {"trump": True}, number=4242)
    assert m.options["decks"] == 2
    record = m.records[0]
    assert record.turned is not None and m.trump_suit == FRENCH.suit(FRENCH.parse(record.turned))
    counts = Counter(c for h in record.hands for c in h) + Counter([record.turned])
    assert sum(counts.values()) == 11 * 4 + 1 and max(counts.values()) <= 2
    assert m.numbered_cards(0, record.start) == (record.hands, record.turned)
    # The pack does not depend on the dealer: moving the dealer one seat turns the table.
    hands, turned = m.numbered_cards(0, (record.start + 1) % 11)
    assert turned == record.turned
    assert hands == record.hands[-1:] + record.hands[:-1]


def test_katko_growing_hand_later_deals() -> None:
    m = new_match("katko", 3, {"growing_hand": True}, number=31)
    _play_deal(m, random.Random(2))
    m.start_deal()
    assert len(m.records[1].hands[0]) == 6
    assert m.numbered_cards(1, m.records[1].start) == (m.records[1].hands, None)


def test_katte_redeal_comes_from_the_number_and_the_deal_index() -> None:
    m = new_match("katte", 6, number=33736)  # found once: two automatic wins in deal 0
    first = m.records[0]
    winners = [s for s, h in enumerate(first.hands) if automatic_kind([FRENCH.parse(c) for c in h])]
    assert len(winners) == 2 and m.deal_over and m.log[-1].kind == "deal_result"
    m.start_deal()  # K-5: deal again, same leader
    again = m.records[1]
    assert again.start == first.start and again.hands != first.hands
    assert m.numbered_cards(1, again.start) == (again.hands, None)
    assert new_match("katte", 6, number=33736).records == m.records[:1]


@pytest.mark.parametrize("bad", [0, -1, MAX_NUMBER + 1, True, 1.0, "5"])
def test_bad_numbers_are_refused(bad: object) -> None:
    with pytest.raises(OptionError, match="deal number must be a whole number from 1 to"):
        new_match("kocka", 4, number=bad)  # type: ignore[arg-type]


def test_a_seed_and_a_number_together_are_refused() -> None:
    with pytest.raises(OptionError, match="not both"):
        new_match("kocka", 4, seed=1, number=1)


def test_the_largest_number_deals() -> None:
    assert new_match("kocka", 4, number=MAX_NUMBER).records[0].hands != new_match(
        "kocka", 4, number=MAX_NUMBER - 1).records[0].hands


def test_engine_exports_the_number_keyword() -> None:
    assert engine.game_class("katte").new(3, number=8).records == new_match("katte", 3, number=8).records


# ------------------------------------------------------------ command line


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", "deal", *args], check=False, cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_cli_prints_a_deal_that_replays_as_a_record() -> None:
    done = _cli("kocka", "12345")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["game"] == "kocka" and out["number"] == 12345 and out["deal"] == 0 and out["players"] == 4
    assert out["hands"] == [PACK_32[i:i + 8] for i in range(0, 32, 8)]
    record = {"game": out["game"], "players": out["players"], "options": out["options"],
              "deals": [{"dealer": out["dealer"], "hands": out["hands"], "actions": []}]}
    replay = replay_record(json.dumps(record))
    assert replay["to_act"]["seats"] == [0, 1, 2, 3]
    m = new_match("kocka", 4, number=12345)
    assert (m.records[0].start, m.records[0].hands) == (out["dealer"], out["hands"])


def test_cli_katko_with_options_players_and_a_later_deal() -> None:
    done = _cli("katko", "7", "--players", "3", "--options", '{"trump": true}', "--deal", "2", "--dealer", "1")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    m = new_match("katko", 3, {"trump": True}, number=7, deal=False)
    assert (out["dealer"], out["hands"], out["turned"]) == (1, *m.numbered_cards(2, 1))
    assert out["options"]["trump"] is True
    record = {"game": "katko", "players": 3, "options": out["options"],
              "deals": [{"dealer": out["dealer"], "hands": out["hands"], "turned": out["turned"], "actions": []}]}
    assert replay_record(json.dumps(record))["to_act"]["seats"] == [2]


def test_cli_katte_names_the_leader() -> None:
    out = json.loads(_cli("katte", "5").stdout)
    assert out["leader"] == new_match("katte", 4, number=5).records[0].start and "dealer" not in out


@pytest.mark.parametrize("args,words_", [
    (["poker", "1"], "unknown game"),
    (["kocka", "0"], "deal number"),
    (["kocka", "1.5"], "deal number"),
    (["kocka", str(MAX_NUMBER + 1)], "deal number"),
    (["kocka", "1", "--players", "3"], "exactly 4 players"),
    (["katko", "1", "--players", "many"], "--players must be a whole number"),
    (["katko", "1", "--options", "{trump"], "--options is not valid JSON"),
    (["katko", "1", "--options", '{"trumps": true}'], "unknown option"),
    (["katko", "1", "--deal", "1"], "--dealer"),
    (["katte", "1", "--leader", "2"], "drawn by lot"),
])
def test_cli_errors_are_one_clear_line(args: list[str], words_: str) -> None:
    done = _cli(*args)
    assert done.returncode == 1
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and words_ in lines[0] and "Traceback" not in done.stderr


# ------------------------------------------------------------ the rules pages


def test_every_rules_page_shows_commands_that_work() -> None:
    sys.path.insert(0, str(ROOT / "web"))
    from gen import rules

    for game in rules.GAMES:
        shown = []
        for lang in rules.LANGS:
            blocks = rules.shared_section("fair-deals", game, lang)
            assert blocks[0].kind == "h2" and blocks[0].attrs["id"] == "fair-deals"
            text = " ".join([b.text for b in blocks] + [i for b in blocks for i in b.items])
            assert "{" + "game}" not in text
            shown.append([c for c in re.findall(r"`([^`]+)`", text) if c.startswith(("python", "--"))])
        assert shown[0] == shown[1] == shown[2], game  # the same commands in every language
        command, *flags = shown[0]
        assert command == f"python -m engine deal {game} 12345"
        cls = engine.game_class(game)
        for extra in [""] + flags:
            if extra.startswith("--players") and cls.MIN_PLAYERS == cls.MAX_PLAYERS:
                continue  # the page says: where the game allows another number
            done = _cli(*shlex.split(command)[4:], *shlex.split(extra))
            assert done.returncode == 0, (game, extra, done.stderr)
            assert json.loads(done.stdout)["hands"]
