"""The no-peek audit's replay (issue 50): the whole deal, every card known, through the engine.

When a no-peek deal ends every seat reveals its deal key, every page opens every card and
rebuilds the deal's hand record (``shared/spec/hand-records.md``): the hands as dealt, the
turned card, every move in full. :func:`audit` replays it through :mod:`engine.record`,
which stops at the first move the rules refuse; the verdict names its seat, its index in
the deal's actions and the catalogue reason (``refusal.<code>``, with its params), so every
page says the same thing, each in its player's language (:func:`verdict_message`). A move
that looked legal to the other pages but broke a rule with hidden cards is caught here: a
revoke, a Katte discard that could have beaten, an arrangement of cards the seat was not
dealt.

Call Kitti's shows are made by the rules from the arrangements, so the sets each seat
showed during the deal (``shown``) are checked against the arrangement it committed to.

Katte's timeout (K-13) is the rules' move, made by the seat's own page from its hidden hand:
the page's rebuilt move names what that page did, ``"2 timeout play QH"`` (shown) or
``"2 timeout discard 3C"`` (hidden, its card opened). The record keeps ``"2 timeout"``, and
the card the seat moved is checked against the card the rules pick at that point.

>>> v = audit("katko", 2, {}, None, 0, [["AS", "KS", "QS", "JS", "TS"], ["2H", "3H", "4H", "5H", "6S"]],
...           None, ["1 play 6S", "0 play AS", "1 play 2H"])   # 0 took the trick: 0 leads
>>> v["ok"], v["seat"], v["action"], v["reason"]
(False, 1, 2, 'refusal.not_your_turn')
>>> verdict_message(v, "fi")
'nyt ei ole pelaajan 1 vuoro (vuorossa: 0) (T-5)'
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from .errors import EngineError, RecordError, Refusal
from .record import load_record

Verdict = dict[str, Any]
"""``{"ok": True, "record": …, "result": …}`` or ``{"ok": False, "deal", "seat", "action",
"reason", "args", "rule", "message"}`` (``message``: English, for logs)."""


def audit(
    game: str,
    players: int,
    options: Mapping[str, Any] | None,
    names: Sequence[str] | None,
    start: int,
    hands: Sequence[Sequence[str]],
    turned: str | None,
    actions: Sequence[str],
    *,
    earlier: Sequence[Mapping[str, Any]] = (),
    shown: Mapping[int, Sequence[str]] | None = None,
    claimed: Collection[int] | None = None,
) -> Verdict:
    """The verdict on one deal: ``start`` (dealer; Katte's leader), the ``hands`` as dealt,
    the ``turned`` card and every move in full, after the match's ``earlier`` deals (as a
    hand record lists them: their dealer and hands rule this deal's start). Katte: ``claimed``,
    the seats whose pages showed an automatic win at the deal (K-5)."""
    from . import game_class

    try:
        cls = game_class(game)
    except EngineError as e:
        return {"ok": False, "deal": None, "seat": None, "action": None, "reason": "refusal.bad_args",
                "args": {"detail": str(e)}, "rule": "", "message": str(e)}
    if game == "katte" and claimed is not None:
        fault = _automatic_not_claimed(hands, claimed, len(earlier))
        if fault is not None:
            return fault
    actions, moved = _timeouts_moved(actions)
    deal: dict[str, Any] = {cls.START_KEY: start, "hands": [list(h) for h in hands], "actions": actions}
    if turned is not None:
        deal["turned"] = turned
    record: dict[str, Any] = {"game": game, "players": players, "options": dict(options or {}),
                              "deals": [dict(d) for d in earlier] + [deal]}
    if names is not None:
        record["names"] = list(names)
    if cls.ASYNC_PHASES:  # (no timeouts to move: Katte's turns are one at a time)
        deal["actions"] = _at_once_in_seat_order(record)
    return audit_record(record, shown=shown, moved=moved)


def _at_once_in_seat_order(record: dict[str, Any]) -> list[str]:
    """The last deal's actions with each run of moves made at once (seats acting together:
    Kočka's passes, Call Kitti's arrangements) in seat order. Each page applies its own move
    as it makes it and the others' in the relay's order, so two pages whose seats moved at
    the same moment list them in different orders; in seat order every page's record of the
    deal is the same. Moves the rules refuse, and all after them, stay as they came (the
    replay names the first)."""
    deal = record["deals"][-1]
    actions = [str(a) for a in deal["actions"]]
    try:
        match = load_record({**record, "deals": [*record["deals"][:-1], {**deal, "actions": []}]})
    except RecordError:
        return actions
    ordered: list[str] = []
    i = 0
    while i < len(actions) and not match.deal_over:
        together = set(match.to_act()) if len(match.to_act()) > 1 else set()
        run: list[str] = []
        while together and i + len(run) < len(actions):
            seat = _seat(actions[i + len(run)])
            if seat not in together:
                break
            together.discard(seat)  # (each seat once: its next move is in another run)
            run.append(actions[i + len(run)])
        run = run or [actions[i]]
        for candidate in (sorted(run, key=_seat), run):
            trial = match.clone()
            if _applied(trial, candidate):
                match = trial
                break
        else:
            break
        ordered += candidate
        i += len(run)
    return ordered + actions[i:]


def _seat(text: str) -> int:
    word = text.split(" ", 1)[0]
    return int(word) if word.isdigit() else -1


def _applied(match: Any, actions: Sequence[str]) -> bool:
    """Whether the rules take ``actions`` in turn (``match`` is changed by those taken)."""
    for text in actions:
        try:
            action = match.parse(text)
        except EngineError:
            return False
        if match.deal_over or match.check(action) is not None:
            return False
        match.apply(action)
    return True


def audit_record(record: Any, *, shown: Mapping[int, Sequence[str]] | None = None,
                 moved: Mapping[int, tuple[str, bool]] | None = None) -> Verdict:
    """The verdict on a whole hand record (its last deal is the one audited); ``moved``: the
    card each of its timeouts moved and whether face up, by index in the deal's actions."""
    try:
        match = load_record(record)
    except RecordError as e:
        fault = _timeout_differs(record, moved, failed=(e.deal, e.action))
        if fault is not None:
            return fault
        refusal = e.refusal or Refusal("bad_args", params={"detail": e.message})
        return {"ok": False, "deal": e.deal, "seat": e.seat, "action": e.action, "reason": "refusal." + refusal.code,
                "args": dict(refusal.params), "rule": refusal.rule, "message": e.message}
    fault = _timeout_differs(record, moved)
    if fault is not None:
        return fault
    if shown:
        fault = _shows_differ(match, shown)
        if fault is not None:
            return fault
    return {"ok": True, "record": match.to_record(), "result": match.replay_summary()}


def _shows_differ(match: Any, shown: Mapping[int, Sequence[str]]) -> Verdict | None:
    """C-7: the sets a seat showed are its committed arrangement's, in show order."""
    from .games.call_kitti import CallKitti

    if not isinstance(match, CallKitti) or not match.records:
        return None
    actions = match.records[-1].actions
    for seat in sorted(shown):
        sets = match.sets[seat]
        made = [] if sets is None else [match.DECK.code(c) for trio in sets for c in trio]
        if list(shown[seat]) != made[:len(shown[seat])]:
            index = next((j for j, a in enumerate(actions) if a.split()[:2] == [str(seat), "arrange"]), None)
            refusal = Refusal("shows_not_arranged", "C-7", {"seat": seat})
            return {"ok": False, "deal": len(match.records) - 1, "seat": seat, "action": index,
                    "reason": "refusal." + refusal.code, "args": dict(refusal.params), "rule": refusal.rule,
                    "message": refusal.message()}
    return None


def _automatic_not_claimed(hands: Sequence[Sequence[str]], claimed: Collection[int], deal: int) -> Verdict | None:
    """K-5 at a no-peek table: only the holder's page sees an automatic win, and shows it to
    claim it. A deal with one that no seat claimed went on where the rules end it: it is void,
    the holder named (docs/no-peek.md, "Katte's automatic wins")."""
    from .cards import FRENCH
    from .games.katte import automatic_kind

    try:
        holders = [s for s, h in enumerate(hands) if automatic_kind([FRENCH.parse(c) for c in h]) is not None]
    except (ValueError, IndexError):
        return None  # (cards that cannot be read: the replay names them)
    if not holders or set(holders) & set(claimed):
        return None
    refusal = Refusal("automatic_not_claimed", "K-5", {"seat": holders[0]})
    return {"ok": False, "deal": deal, "seat": holders[0], "action": None, "reason": "refusal." + refusal.code,
            "args": dict(refusal.params), "rule": refusal.rule, "message": refusal.message()}


def _timeouts_moved(actions: Sequence[str]) -> tuple[list[str], dict[int, tuple[str, bool]]]:
    """Katte: the deal's actions as the record writes them (``"2 timeout"``), and the move each
    timeout made at its seat's page (``"2 timeout play QH"``: QH face up), by index."""
    plain, moved = [], {}
    for j, text in enumerate(actions):
        words = str(text).split()
        if len(words) == 4 and words[1] == "timeout" and words[2] in ("play", "discard"):
            moved[j] = (words[3], words[2] == "play")
            text = " ".join(words[:2])
        plain.append(str(text))
    return plain, moved


def _timeout_differs(record: Any, moved: Mapping[int, tuple[str, bool]] | None,
                     failed: tuple[int | None, int | None] = (None, None)) -> Verdict | None:
    """K-13: the first timeout (before the move the replay ``failed`` at: deal, action) whose seat
    moved another card, or the same face otherwise, than the rules pick from its hand then."""
    from .games.katte import Katte

    if not moved:
        return None
    last = len(record["deals"]) - 1
    deal = record["deals"][last]
    if failed[0] is not None and failed[0] < last:
        return None  # an earlier deal fails first
    for j in sorted(moved):
        if failed[1] is not None and j >= failed[1]:
            break
        upto = {**record, "deals": [*record["deals"][:last], {**deal, "actions": deal["actions"][:j]}]}
        try:
            match = load_record(upto)
        except RecordError:
            return None  # (the replay's own verdict names the move before it)
        seat = int(deal["actions"][j].split()[0])
        if not isinstance(match, Katte) or match.trick is None:
            return None
        card, face_up = match._timeout_move(seat)
        code, up = moved[j]
        if (code, up) != (match.DECK.code(card), face_up):
            refusal = Refusal("timeout_not_ruled", "K-13", {"seat": seat, "card": code, "ruled": match.DECK.code(card)})
            return {"ok": False, "deal": last, "seat": seat, "action": j, "reason": "refusal." + refusal.code,
                    "args": dict(refusal.params), "rule": refusal.rule, "message": refusal.message()}
    return None


def verdict_message(verdict: Verdict, lang: str = "en") -> str:
    """A failed verdict's reason in ``lang`` (the page adds who and which deal)."""
    if verdict.get("ok"):
        return ""
    code = str(verdict["reason"]).removeprefix("refusal.")
    return Refusal(code, verdict.get("rule") or "", verdict.get("args") or {}).message(lang)
