"""The JSON model of the table that web/js/table/table.js draws, from ``match.view(seat)``
and ``match.legal_actions(seat)``, and the moments the page plays out before it.
Nothing here decides a rule: a card is playable exactly when an action the engine
lists (or accepts, for Call Kitti's arrangements) uses it."""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Any

from engine import Action, Event, Match, Refusal
from engine.games.kocka import Kocka

from .games import DONE, Game, Katte
from .text import Text

# Verbs whose cards are chosen together, in groups, then confirmed (the engine checks
# the result): Kočka's pass of three; Call Kitti's four sets of three and a discard.
GROUPS = {"pass": [3], "arrange": [3, 3, 3, 3, 1]}
MACHINERY = ("timeout", "leave")


CARD_VERBS = ("play", "discard")  # actions of one card, chosen by tapping it


def decisions(match: Match) -> int:
    """Actions taken in the match so far: names a decision (a hint is for one)."""
    return sum(len(r.actions) for r in match.records)


def waiting_bots(match: Match, people: Collection[int]) -> list[int]:
    """Seats a computer player must act for now: every seat to act but the people's (a
    person who handed the seat over is no longer among them)."""
    if match.deal_over:
        return []
    return [s for s in match.to_act() if s not in people]


def session_over(match: Match, config: dict[str, Any]) -> bool:
    """The table's end of a session: Katte's rules have none (K-3), so the lobby sets a
    number of hands (0: open); the deal of the day is one deal of any game. Records do
    not change."""
    hands = int(config.get("session") or 0)
    if config.get("daily"):
        hands = 1
    elif match.NAME != "katte":
        return False
    return hands > 0 and match.deal_over and len(match.records) >= hands


def refusal(r: Refusal, match: Match) -> dict[str, Any]:
    """A refusal as data for the page: its code and the rule it cites (linked to the
    rules page by the page, which knows each rule's section)."""
    return {"code": r.code, "rule": r.rule, "game": match.NAME}


def moments(match: Match, seat: int, events: list[Event], game: Game, t: Text,
            view: dict[str, Any]) -> list[dict[str, Any]]:
    """What the page shows, in order, before the table as it is now: each trick (show)
    the events finished, its cards in front of their players and who took it; then how
    the deal ended."""
    seen = [e.to_json() for e in events if e.visible_to(seat)]
    done = [e for e in seen if e["kind"] in DONE]
    if not done and not any(e["kind"] == "deal_result" for e in seen):
        return []
    tricks = view.get("tricks") or []
    deck = match.DECK.name
    out: list[dict[str, Any]] = []
    first = len(tricks) - len(done)
    for k, e in enumerate(done):
        i = first + k
        trick = tricks[i] if 0 <= i < len(tricks) else None
        moment = {"kind": "taken", "index": i, "plays": plays(trick, deck, t),
                  "winner": e.get("seat") if e["kind"] != "show_tied" else None,
                  "title": game.trick_title(trick, i, t) if trick else "",
                  "line": game.taken(e, view, t)}
        info = game.info_at(view, i, t)
        if info is not None:
            moment["info"] = info  # the felt's words as they were during that trick
        scores = game.scores_at(view, i, t)
        if scores is not None:
            moment["scores"] = scores  # the seats' boxes as they stood after it
        if game.steps:
            moment["step"] = True
        out.append(moment)
    for e in seen:
        if e["kind"] == "deal_result":
            line = game.event(e, t, view)
            if line:
                out.append({"kind": "result", "line": line})
    return out


def own(t: Text, key: str, game: str) -> str:
    """A game's own words where it has them (Katte plays hands, the others deals)."""
    return f"{key}.{game}" if t.has(f"{key}.{game}") else key


def card_img(deck: str, code: str | None) -> str:
    return f"cards/{deck}/{code}.svg" if code else "cards/back.svg"


def card_items(codes: list[str], deck: str, t: Text) -> list[dict[str, Any]]:
    return [{"code": c, "img": card_img(deck, c), "label": t.card(c)} for c in codes]


def plays(trick: dict[str, Any] | None, deck: str, t: Text) -> list[dict[str, Any]]:
    """A trick's (or a Call Kitti show's) plays: one card, or several, per seat."""
    if not trick:
        return []
    out = []
    for p in trick["plays"]:
        codes = p["cards"] if "cards" in p else [p["card"]]
        # Katte's discards lie face down: a back on every screen, its owner's too (marked
        # as theirs; the hand and the sentences already told them which card it was). Pass-
        # and-play: the person's the table is drawn for, never another's (Text.own)
        down = p.get("face_up") is False
        if down:
            codes = [None for _ in codes]
        mine = down and p["seat"] == t.own
        note = t.category(p["category"]) if p.get("category") else ""
        out.append({
            "seat": p["seat"], "name": t.name(p["seat"]),
            "cards": [{"code": c, "img": card_img(deck, c),
                       "label": t.card(c) if c else t("web.table.card_back")} for c in codes],
            "down": down, "mine": mine,
            "note": t("web.table.down.mine") if mine else note,
        })
    return out


def choices(match: Match, seat: int, left: bool = False) -> list[Action]:
    """The human's legal actions now, from the engine. Where the engine does not list
    them all (Call Kitti's arrangements), one drawn by ``random_action`` stands for the
    verb: the human then picks the cards and ``check`` judges them."""
    if left or match.deal_over or seat not in match.to_act():
        return []
    legal = [a for a in match.legal_actions(seat) if a.verb not in MACHINERY]
    probe = match.random_action(random.Random(0), seat)
    if probe.verb not in MACHINERY and probe.verb not in {a.verb for a in legal}:
        legal.append(probe)
    return legal


def hand(match: Match, seat: int, view: dict[str, Any], game: Game, t: Text, left: bool) -> tuple[
        list[dict[str, Any]], dict[str, Any] | None, list[dict[str, Any]]]:
    """The human's cards with the legal actions each is part of, the select mode, and
    the actions that involve no card (bids, declarations)."""
    deck = match.DECK.name
    by_card: dict[str, list[dict[str, str]]] = {}
    selectable: set[str] = set()
    select: dict[str, Any] | None = None
    buttons = []
    for a in choices(match, seat, left):
        if a.verb in GROUPS:
            if a.verb == "arrange":
                selectable.update(view["hand"])  # any split of the hand; check() judges it
            else:
                selectable.update(a.args)
            select = {"verb": a.verb, "groups": GROUPS[a.verb]}
        elif a.verb in CARD_VERBS:
            by_card.setdefault(a.args[0], []).append({"id": str(a), "verb": a.verb, "label": t.label(a)})
        else:
            buttons.append({"id": str(a), "label": t.label(a)})
    cards = []
    copies: dict[str, int] = {}
    for c in game.held(view):
        # two decks (Katko) deal a card twice: each copy is a card of its own on the table
        copies[c] = copies.get(c, 0) + 1
        cards.append({"code": c, "key": f"{c}.{copies[c]}", "name": t.card(c), "img": card_img(deck, c),
                      "actions": by_card.get(c, []), "select": c in selectable,
                      "note": game.card_note(c, view, t)})
    if select and select["verb"] == "pass":
        select.update(prompt=t("web.pass.prompt", name=t.name(pass_target(match, seat))),
                      button=t("web.pass.button"), labels=[""])
    elif select:
        select.update(prompt=t("web.arrange.prompt"), button=t("web.arrange.button"),
                      labels=[t("web.select.set", n=i + 1) for i in range(4)] + [t("label.discard")],
                      clear=t("web.arrange.clear"), suggest=t("web.arrange.suggest"),
                      order=t("web.arrange.order"), how=t("web.arrange.how"))
    return cards, select, buttons


def modes(cards: list[dict[str, Any]], t: Text) -> list[dict[str, str]] | None:
    """Katte: beating (face up) and discarding (face down) are two distinct controls
    when both are possible; a card does one or the other, never both."""
    verbs = {a["verb"] for c in cards for a in c["actions"]}
    if {"play", "discard"} <= verbs:
        return [{"id": "play", "label": t("web.katte.mode.play")},
                {"id": "discard", "label": t("web.katte.mode.discard")}]
    return None


def pass_target(match: Match, seat: int) -> int:
    """Whom the human passes to (Kočka, the only game with a pass): the engine says."""
    assert isinstance(match, Kocka), "only Kočka passes cards"
    return match.passes_to(seat)


def status(match: Match, seat: int, acting: list[int], select: Any, game: Game,
           view: dict[str, Any], t: Text, left: bool) -> str:
    if match.deal_over:
        return ""
    if left:
        return t("web.table.left")
    if seat in acting:
        return select["prompt"] if select else game.prompt(view, t)
    if len(acting) == 1:
        return t("web.table.turn.other", name=t.name(acting[0]))
    return t("web.table.turn.others")


def timer(match: Match, seat: int, acting: list[int], left: bool = False,
          config: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The human's turn timer, if the table has one: Katte's K-13 (an option of the game:
    the page then sends ``action``, and the engine plays for the seat), or a friends
    table's ``turn_seconds`` in the other games (the page then sends the ``timeout``
    request, and the seat's computer player decides for it)."""
    if left or seat not in acting or match.deal_over:
        return None
    seconds = next((match.options[o.key] for o in match.OPTIONS if o.kind == "seconds"), None)
    if seconds:
        action = f"{seat} timeout"
        return {"seconds": seconds, "action": action} if match.can(action) else None
    table = int((config or {}).get("turn_seconds") or 0)
    return {"seconds": table, "action": None, "call": "timeout"} if table > 0 else None


def hint(match: Match, seat: int, decision: Any, t: Text) -> dict[str, Any]:
    """What the hint button shows: the suggested action, its cards, and why."""
    action = match.parse(decision.action)
    out: dict[str, Any] = {"action": str(action), "verb": action.verb, "card": None, "groups": None}
    if action.verb in ("play", "discard"):
        out["card"] = action.args[0]
    elif action.verb == "pass":
        out["groups"] = [list(action.args)]
    elif action.verb == "arrange":
        out["groups"] = [g.split() for g in " ".join(action.args).split(" / ")]
    if decision.reason:
        out["text"] = t("web.hint.text", reason=t.render(decision.reason, decision.params).rstrip("."))
    else:
        out["text"] = t("web.hint.action", action=t.label(action))
    return out


def build(match: Match, seat: int, game: Game, t: Text, *, announce: list[str],
          hint: dict[str, Any] | None = None, left: bool = False,
          config: dict[str, Any] | None = None, view: dict[str, Any] | None = None,
          people: Collection[int] | None = None) -> dict[str, Any]:
    """The table now, as ``seat`` sees it (``view``: ``match.view(seat)`` if the caller has
    it already). ``next`` says who acts: "you", "bots" (the page asks the worker for their
    moves, one at a time) or "over" (the deal ended)."""
    view = view if view is not None else match.view(seat)
    deck = match.DECK.name
    n = match.players
    acting = [] if match.deal_over else list(match.to_act())
    cards, select, buttons = hand(match, seat, view, game, t, left)
    trick = view.get("trick")
    leader = game.leader(view)
    done = view.get("tricks") or []
    last = None
    if done and done[-1].get("winner") is not None:
        last = {"title": t("web.table.last_trick.title", name=t.name(done[-1]["winner"])),
                "plays": plays(done[-1], deck, t)}
    start = view.get("dealer", view.get("leader"))
    seats = [{"seat": s, "name": t.name(s), "you": s == seat, "count": view["hand_counts"][s],
              "cards": t("web.table.cards", count=view["hand_counts"][s]),
              "dealer": (leader if leader is not None and match.START_KEY == "leader" else start) == s,
              "acting": s in acting, "score": game.score(view, s, t), "out": game.out(view, s),
              "bot": s not in (people if people is not None else (() if left else (seat,))),
              "word": game.word(view, s)} for s in range(n)]
    over = match.match_over or session_over(match, config or {})
    summary = None
    if match.deal_over:
        if over and not match.match_over and isinstance(game, Katte):
            summary = game.session_summary(view, t)
        else:
            summary = game.summary(view, t)
        summary["title"] = t("web.summary.match" if over else own(t, "web.summary.deal", match.NAME), n=len(match.records))
        nxt = "web.summary.next_hand" if match.START_KEY == "leader" else "web.summary.next"
        summary["next"] = {"id": "new" if over else "next",
                           "label": t("web.summary.new" if over else nxt)}
        summary["record"] = t("web.summary.record")
        summary["tricks_title"] = t("web.summary.tricks")
        summary["tricks"] = game.trick_lines(view, t)
    # (people: the seats persons play now, pass-and-play; else the human's, unless handed over)
    people = people if people is not None else (() if left else (seat,))
    waiting = waiting_bots(match, people)
    mine = seat in acting and not left and not waiting
    can_leave = game.can_leave and not left and not match.deal_over and match.can(f"{seat} leave")
    return {
        "game": match.NAME, "deck": deck, "seat": seat, "players": n,
        "title": t(own(t, "web.table.deal", match.NAME), game=t(f"game.{match.NAME}"), n=len(match.records)),
        "deal": len(match.records),
        "seats": seats, "start_label": t("web.table.dealer" if match.START_KEY == "dealer" else "web.table.leader"),
        "hand": cards, "select": select, "buttons": buttons, "modes": modes(cards, t),
        "highlight": game.highlight(view),
        "trick": {"plays": plays(trick, deck, t), "leader": leader},
        "last": last, "center": game.center(view, t),
        "status": status(match, seat, acting, select, game, view, t, left),
        "next": "over" if match.deal_over else ("bots" if waiting else "you"),
        "mine": mine, "simultaneous": len(acting) > 1,
        "timer": timer(match, seat, acting, left, config) if mine else None,
        "decision": decisions(match),
        "announce": announce, "summary": summary, "match_over": over,
        "hint": hint if mine else None, "can_hint": mine,
        "leave_seat": {"label": t("web.katte.leave_seat"), "help": t("web.katte.leave_seat.help")} if can_leave else None,
        "left": left,
        "sheet": game.sheet(match, seat, t),
    }
