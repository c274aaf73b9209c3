"""The lobby: shown at once (before Python), built from the engine's option metadata."""

from __future__ import annotations

from typing import Any

import engine

from .play import BOOT_TIMEOUT, open_lobby


def test_lobby_before_python_then_ready(page: Any, watch: Any) -> None:
    page.goto("/?fast", wait_until="commit")
    # plain HTML/CSS and a little JavaScript: usable while Python is still loading
    page.wait_for_selector("input[name=game]", timeout=10_000)
    page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
    marks = page.evaluate("Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]))")
    assert marks["kortti:lobby"] < marks["kortti:ready"]  # the lobby came first
    # and while it loaded, the page said so, and Start already answered: the table opens
    # as soon as Python is ready (Python boots in a worker: the page never waits on it)
    page.goto("/?fast", wait_until="commit")
    page.wait_for_selector("input[name=game]", timeout=10_000)
    ready, bar, start = page.evaluate("""[document.body.dataset.ready === '1',
      document.getElementById('boot-bar').offsetParent !== null, document.getElementById('start').disabled]""")
    if not ready:  # read at one instant: Python may get ready at any moment
        assert bar and not start
    page.click("#start")
    page.wait_for_selector("#table:not([hidden])", timeout=BOOT_TIMEOUT)
    assert page.evaluate("document.body.dataset.ready") == "1"
    assert int(page.get_attribute("#boot-bar", "value") or 0) == 100


def test_every_option_from_the_engine(page: Any, watch: Any) -> None:
    page.goto("/?fast")
    page.wait_for_selector("input[name=game]")
    games = page.evaluate("[...document.querySelectorAll('input[name=game]')].map((e) => e.value)")
    assert sorted(games) == sorted(engine.GAMES)
    for game in games:
        cls = engine.GAMES[game]
        page.check(f"input[name=game][value='{game}']")
        sizes = [int(v) for v in page.eval_on_selector_all("#players option", "os => os.map((o) => o.value)")]
        assert sizes == list(range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1))
        if cls.MIN_PLAYERS != cls.MAX_PLAYERS:
            page.select_option("#players", str(cls.MAX_PLAYERS))
        players = int(page.input_value("#players"))
        assert page.locator(".bots li").count() == players - 1
        for opt in cls.option_metadata(players):
            control = page.locator(f"#opt-{opt['key']}")
            assert control.count() == 1, opt["key"]
            label = page.locator(f"label[for='opt-{opt['key']}']").inner_text()
            help_text = page.locator(f"#opt-{opt['key']}-help").inner_text()
            assert label and label != opt["label"] and help_text and help_text != opt["help"]
            if opt["kind"] == "bool":
                assert control.is_checked() == opt["default"]
            elif opt["kind"] == "choice":
                assert int(control.input_value()) == opt["choices"].index(opt["default"])
            else:
                assert control.input_value() == ("" if opt["default"] is None else str(opt["default"]))


def test_a_friends_room_reads_as_words(page: Any, watch: Any) -> None:
    """The host's room (who sits where, before the deal): every line in words, the turn
    timer only where the game has none of its own (Katte's is a table option, K-13), and
    Back leads to the lobby. It once showed a stray "null" where Katte has no timer."""
    open_lobby(page)
    for game, own_timer in (("katte", True), ("kocka", False)):
        page.check(f"input[name=game][value='{game}']")
        page.click("#friends-start")
        page.wait_for_selector("#friends-title")
        words = page.inner_text("#friends")
        assert "null" not in words and "undefined" not in words, words
        assert page.locator("#invite-seats li").count() == 3  # four seats: three to offer
        assert page.locator("#room-timer").count() == (0 if own_timer else 1)
        page.click("#room-back")
        page.wait_for_selector("#lobby-form #start")


DAMAGED_FRIEND_LINKS = [
    ("#/join/1.garbage", "not a whole invite or answer link"),
    ("#/answer/1.garbage", "not a whole invite or answer link"),
    ("#/table/bad%20words", "not a table code"),
]


# An invite (its peer code is not read until "Join") and what its page says it is to, before "Join".
INVITES = [
    ("#/join/2.abcdefgh12?game=kocka&host=Hanna", "Hanna invites you to play Kočka, seat 3."),
    ("#/join/2.abcdefgh12?game=kocka", "You are invited to play Kočka, seat 3."),  # the host typed no name
    ("#/join/2.abcdefgh12?game=toString&host=Hanna", "You are invited to seat 3."),  # no such game: not said
    ("#/join/2.abcdefgh12", "You are invited to seat 3."),  # an invite from before the links said it
    ("#/table/maple-otter-bell-coast?game=call-kitti&host=Jan%20Nov%C3%A1k", "Jan Novák invites you to play Call Kitti."),
]


def test_a_friends_invite_names_the_game_and_the_host_before_join(page: Any, watch: Any) -> None:
    for hash_, words in INVITES:
        page.goto(f"/?fast{hash_}")
        page.wait_for_selector("#join-go")
        said = page.inner_text("#join-invited")
        assert said.startswith(words), (hash_, said)
        if hash_.startswith("#/table/"):
            assert "maple otter bell coast" in page.inner_text("#friends")  # the code, read apart from the rest


def test_a_damaged_friends_link_says_so_and_leads_back(page: Any, watch: Any) -> None:
    """A friend's page opened from a damaged link says what is wrong and offers the way
    back to the games; a page opened after it (a replay link pasted in the same tab) is
    not drawn under it."""
    for hash_, words in DAMAGED_FRIEND_LINKS:
        page.goto(f"/?fast{hash_}")
        page.wait_for_selector(f"#friends:has-text('{words}')")
        page.click("#friends >> text=Back to the games")
        page.wait_for_selector("#lobby-form #start")
        assert page.is_hidden("#friends")
    page.evaluate("location.hash = '#/table/bad%20words'")
    page.wait_for_selector("#friends:has-text('not a table code')")
    page.evaluate("location.hash = '#/replay/nope'")
    page.wait_for_selector("#replay-error")
    assert page.is_hidden("#friends") and page.is_hidden("#lobby")
