"""The JSON model of the table that web/js/table.js draws, from ``match.view(seat)``
and ``match.legal_actions(seat)``. Nothing here decides a rule: a card is playable
exactly when an action the engine lists (or accepts, for Call Kitti's arrangements)
uses it."""

from __future__ import annotations

import random
from typing import Any

from engine import Action, Match

from .games import Game
from .text import Text

# Verbs whose cards are chosen together, in groups, then confirmed (the engine checks
# the result): Kočka's pass of three; Call Kitti's four sets of three and a discard.
GROUPS = {"pass": [3], "arrange": [3, 3, 3, 3, 1]}
MACHINERY = ("timeout", "leave")


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
        out.append({
            "seat": p["seat"], "name": t.name(p["seat"]),
            "cards": [{"code": c, "img": card_img(deck, c),
                       "label": t.card(c) if c else t("web.table.card_back")} for c in codes],
            "down": p.get("face_up") is False,  # Katte's discards lie face down
            "note": t.category(p["category"]) if p.get("category") else "",
        })
    return out


def choices(match: Match, seat: int, busy: bool, left: bool = False) -> list[Action]:
    """The human's legal actions now, from the engine. Where the engine does not list
    them all (Call Kitti's arrangements), one drawn by ``random_action`` stands for the
    verb: the human then picks the cards and ``check`` judges them."""
    if busy or left or seat not in match.to_act():
        return []
    legal = [a for a in match.legal_actions(seat) if a.verb not in MACHINERY]
    probe = match.random_action(random.Random(0), seat)
    if probe.verb not in MACHINERY and probe.verb not in {a.verb for a in legal}:
        legal.append(probe)
    return legal


def hand(match: Match, seat: int, view: dict[str, Any], t: Text, busy: bool, left: bool) -> tuple[
        list[dict[str, Any]], dict[str, Any] | None, list[dict[str, Any]]]:
    """The human's cards with the legal actions each is part of, the select mode, and
    the actions that involve no card (bids, declarations)."""
    deck = match.DECK.name
    by_card: dict[str, list[dict[str, str]]] = {}
    selectable: set[str] = set()
    select: dict[str, Any] | None = None
    buttons = []
    for a in choices(match, seat, busy, left):
        if a.verb in GROUPS:
            if a.verb == "arrange":
                selectable.update(view["hand"])  # any split of the hand; check() judges it
            else:
                selectable.update(a.args)
            select = {"verb": a.verb, "groups": GROUPS[a.verb]}
        elif a.verb in ("play", "discard"):
            by_card.setdefault(a.args[0], []).append({"id": str(a), "verb": a.verb, "label": t.label(a)})
        else:
            buttons.append({"id": str(a), "label": t.label(a)})
    cards = [{"code": c, "name": t.card(c), "img": card_img(deck, c),
              "actions": by_card.get(c, []), "select": c in selectable} for c in view["hand"]]
    if select and select["verb"] == "pass":
        select.update(prompt=t("web.pass.prompt", name=t.name((seat + 1) % match.players)),
                      button=t("web.pass.button"), labels=[""])
    elif select:
        select.update(prompt=t("web.arrange.prompt"), button=t("web.arrange.button"),
                      labels=[t("web.select.set", n=i + 1) for i in range(4)] + [t("label.discard")],
                      clear=t("web.arrange.clear"), suggest=t("web.arrange.suggest"),
                      order=t("web.arrange.order"))
    return cards, select, buttons


def modes(cards: list[dict[str, Any]], t: Text) -> list[dict[str, str]] | None:
    """Katte: beating (face up) and discarding (face down) are two distinct controls
    when both are possible; a card does one or the other, never both."""
    verbs = {a["verb"] for c in cards for a in c["actions"]}
    if {"play", "discard"} <= verbs:
        return [{"id": "play", "label": t("web.katte.mode.play")},
                {"id": "discard", "label": t("web.katte.mode.discard")}]
    return None


def status(match: Match, seat: int, acting: list[int], busy: bool, select: Any, game: Game,
           view: dict[str, Any], t: Text, left: bool) -> str:
    if match.deal_over:
        return ""
    if left:
        return t("web.table.left")
    if seat in acting and busy:
        return ""
    if seat in acting:
        return select["prompt"] if select else game.prompt(view, t)
    if len(acting) == 1:
        return t("web.table.turn.other", name=t.name(acting[0]))
    return t("web.table.turn.others")


def timer(match: Match, seat: int, acting: list[int], busy: bool, left: bool = False) -> int | None:
    """Seconds for the human's turn, if the table has a turn timer (Katte's K-13)."""
    if busy or left or seat not in acting or match.deal_over:
        return None
    return next((match.options[o.key] for o in match.OPTIONS if o.kind == "seconds"), None)


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


def build(match: Match, seat: int, game: Game, t: Text, *, busy: bool, show: int | None,
          announce: list[str], hint: dict[str, Any] | None = None, hinting: bool = False,
          left: bool = False) -> dict[str, Any]:
    """``show``: index of a finished trick (or show) to keep on the table a moment."""
    view = match.view(seat)
    deck = match.DECK.name
    n = match.players
    acting = [] if match.deal_over else list(match.to_act())
    cards, select, buttons = hand(match, seat, view, t, busy, left)
    done = view.get("tricks") or []
    if show is not None and 0 <= show < len(done):
        shown = {"plays": plays(done[show], deck, t), "winner": done[show]["winner"],
                 "title": game.trick_title(done[show], show, t)}
    else:
        shown = {"plays": plays(view.get("trick"), deck, t), "winner": None, "title": ""}
    last = None
    if done and done[-1].get("winner") is not None:
        last = {"title": t("web.table.last_trick.title", name=t.name(done[-1]["winner"])),
                "plays": plays(done[-1], deck, t)}
    seats = [{"seat": s, "name": t.name(s), "you": s == seat, "count": view["hand_counts"][s],
              "dealer": view.get("dealer", view.get("leader")) == s, "acting": s in acting,
              "score": game.score(view, s, t), "out": game.out(view, s),
              "bot": s != seat or left, "word": game.word(view, s)} for s in range(n)]
    summary = None
    if match.deal_over:
        summary = game.summary(view, t)
        summary["title"] = t("web.summary.match" if match.match_over else "web.summary.deal",
                             n=len(match.records))
        nxt = "web.summary.next_hand" if match.START_KEY == "leader" else "web.summary.next"
        summary["next"] = {"id": "new" if match.match_over else "next",
                           "label": t("web.summary.new" if match.match_over else nxt)}
        summary["record"] = t("web.summary.record")
        summary["tricks_title"] = t("web.summary.tricks")
        summary["tricks"] = game.trick_lines(view, t)
    mine = seat in acting and not busy and not left
    can_leave = game.can_leave and not left and not match.deal_over and match.can(f"{seat} leave")
    return {
        "game": match.NAME, "deck": deck, "seat": seat, "players": n,
        "title": t("web.table.deal", game=t(f"game.{match.NAME}"), n=len(match.records)),
        "seats": seats, "start_label": t("web.table.dealer" if match.START_KEY == "dealer" else "web.table.leader"),
        "hand": cards, "select": select, "buttons": buttons, "modes": modes(cards, t),
        "highlight": game.highlight(view),
        "trick": shown, "last": last, "center": game.center(view, t),
        "status": status(match, seat, acting, busy, select, game, view, t, left), "busy": busy,
        "timer": timer(match, seat, acting, busy, left), "decision": sum(len(r.actions) for r in match.records),
        "announce": announce, "summary": summary, "match_over": match.match_over,
        "hint": hint if mine else None, "hinting": hinting, "can_hint": mine,
        "leave_seat": {"label": t("web.katte.leave_seat"), "help": t("web.katte.leave_seat.help")} if can_leave else None,
        "left": left,
    }
