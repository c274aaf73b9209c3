""""Your turn": the engine's verdict on a move, and what the hard bot would do and why.

Both work on the record cut just before the asked action, so the position is
exactly the one the example shows.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import engine
from engine.errors import EngineError

from . import words as W

BOT_SEED = 1  # the same answer every time, in the page and in tests


def position(doc: Any, deal: int, action: int) -> engine.Match:
    """The match just before ``action`` of ``deal``."""
    if isinstance(doc, (str, bytes)):
        doc = json.loads(doc)
    cut = copy.deepcopy(doc)
    cut["deals"] = cut["deals"][:deal + 1]
    cut["deals"][deal]["actions"] = cut["deals"][deal].get("actions", [])[:action]
    return engine.load_record(cut)


def _message(key: str, params: dict[str, Any], lang: str) -> str:
    """A catalogue message: the engine's own words, or (for languages the engine does
    not have this key in yet) the pages' translation of it, else English."""
    from engine.i18n import catalogue, render

    if key in catalogue(lang):
        return render(key, params, lang)
    own = W.lookup(key, lang)  # this language's page strings, else English ones
    if own is None or (key in catalogue("en") and key not in W._CATALOGUE.get(lang, {})):
        return render(key, params, lang)
    from engine.i18n import CASE_FIELD, fill, messages, name_cards

    p = dict(params)
    deck = p.pop("deck", None)
    if deck:
        for m in CASE_FIELD.finditer(own):  # a card in a case: {card_acc}, {best_ins}
            if m.group(1) in p:
                p[m.group(0)[1:-1]] = name_cards(p[m.group(1)], deck, messages(lang), m.group(2))
        for k in ("card", "cards", "best", "winning"):
            if k in p:
                v = p[k]
                p[k] = [W.card_name(c, deck, lang) for c in v] if isinstance(v, (list, tuple)) \
                    else W.card_name(v, deck, lang)
        if "suit" in p:
            p["suit"] = W.suit(deck, p["suit"], lang)
    flat = {k: v if isinstance(v, (int, float)) and not isinstance(v, bool)
            else ", ".join(map(str, v)) if isinstance(v, (list, tuple)) else str(v) for k, v in p.items()}
    return fill(own, flat, lang)


def verdict(doc: Any, deal: int, action: int, move: str, lang: str = "en") -> dict[str, Any]:
    """Is ``move`` (record notation, e.g. ``"2 play 8S"``) legal at that point?

    ``{"legal": True}`` or ``{"legal": False, "message": …, "rule": "T-7"}``.
    """
    match = position(doc, deal, action)
    try:
        parsed = match.parse(move)
    except EngineError as e:
        return {"legal": False, "message": str(e), "rule": ""}
    refusal = match.check(parsed)
    if refusal is None:
        return {"legal": True, "move": str(parsed), "label": _label(match, parsed, lang)}
    return {"legal": False, "move": str(parsed), "label": _label(match, parsed, lang),
            "message": _message("refusal." + refusal.code, refusal.params, lang), "rule": refusal.rule}


def _label(match: engine.Match, action: engine.Action, lang: str) -> str:
    words = str(action).split()
    verb = words[1]
    if verb in ("play", "discard"):
        return W.t(lang, f"turn.{verb}", card=W.cards([words[2]]))
    if verb == "pass":
        return W.t(lang, "turn.pass", cards=W.cards(words[2:]))
    if verb == "bid":
        return W.t(lang, "turn.bid", n=words[2])
    if verb == "declare":
        return W.t(lang, "turn.declare")
    if verb == "arrange":
        groups, discard, cats = _arrangement(match, action, lang)
        sets = ", ".join(W.cards(g) + (f" ({c})" if c else "") for g, c in zip(groups, cats))
        if discard is None:  # not four sets and a discard: the groups as written
            return W.t(lang, "turn.arrange_groups", sets=sets)
        return W.t(lang, "turn.arrange", sets=sets, card=W.cards([discard]))
    return str(action)


def _arrangement(match: engine.Match, action: engine.Action, lang: str) -> tuple[
        list[list[str]], str | None, list[str]]:
    """An ``arrange`` action as its groups of cards, its discard (``None`` when the engine
    refuses its shape, C-5) and each set's category in words (the engine's ranking; ""
    for a group the engine does not rank as a set)."""
    from engine.games.call_kitti import set_category

    groups = [g.split() for g in " ".join(action.args).split(" / ")]
    refusal = match.check(action)
    discard = groups.pop()[0] if refusal is None or refusal.code != "arrange_shape" else None
    deck = match.DECK
    cats = []
    for g in groups:
        try:
            cats.append(W.inline(W.engine_text("set." + set_category(deck.parse(c) for c in g), lang)))
        except ValueError:  # not three cards: no set
            cats.append("")
    return groups, discard, cats


def _hard_decision(match: engine.Match, seat: int) -> Any:
    """The hard bot's decision for ``seat``, seeing only its view (the same every time): the
    table's hard bot, searching its game's fixed sample count (docs/bots.md)."""
    from engine.bots import make_bot

    return make_bot(match.NAME, "hard", BOT_SEED).decide(match.view(seat))


def bot(doc: Any, deal: int, action: int, lang: str = "en") -> dict[str, Any]:
    """What the hard bot would do there, seeing only what that player sees, and why."""
    match = position(doc, deal, action)
    seats = match.to_act()
    if not seats:
        return {"action": None, "label": "", "reason": ""}
    # the asked action's seat (in a phase where all act at once, several may be to act)
    cut = doc if not isinstance(doc, (str, bytes)) else json.loads(doc)
    seat = int(cut["deals"][deal]["actions"][action].split()[0])
    decision = _hard_decision(match, seat)
    parsed = match.parse(decision.action)
    reason = _message(decision.reason, decision.params, lang) if decision.reason else ""
    return {"action": str(parsed), "label": _label(match, parsed, lang), "reason": reason}


def arrangement_choices(match: engine.Match, actual: engine.Action, lang: str) -> list[dict[str, Any]]:
    """Three or four arrangements to choose from, for a "your turn" at Call Kitti's arrangement
    (C-5), in a fixed order that gives nothing away: the hard bot's (the same one
    :func:`bot` answers with), the record's own, the easy bot's greedy one (best set first),
    and the hard bot's sets with the discard kept in the last set, which the engine refuses.
    Each with the engine's verdict, so a page or a test can see which is which.
    """
    from engine.bots import make_bot

    seat = actual.seat
    view = match.view(seat)
    hard = _hard_decision(match, seat).action  # the answer bot() gives
    candidates = [hard, str(actual), make_bot(match.NAME, "easy", BOT_SEED).decide(view).action]
    # the discard kept in the last set (the bot's sets, or the record's if the bot declares)
    base = hard if " arrange " in hard else str(actual)
    groups = base.split(" arrange ", 1)[1].split(" / ")
    candidates.append(f"{seat} arrange " + " / ".join(groups[:3]) + " / " + " ".join(groups[3:]))
    seen: dict[str, engine.Action] = {}
    for text in candidates:
        parsed = match.parse(text)
        if parsed.verb == "arrange" and str(parsed) not in seen:
            seen[str(parsed)] = parsed
    if len(seen) < 4:  # the bots agree with the record: a random split too (any split is legal)
        import random

        extra = match.random_action(random.Random(BOT_SEED), seat)
        seen.setdefault(str(extra), extra)
    out = []
    for text in sorted(seen):
        parsed = seen[text]
        groups, discard, cats = _arrangement(match, parsed, lang)
        out.append({"move": text, "sets": groups, "cats": cats, "discard": discard,
                    "label": _label(match, parsed, lang), "legal": match.check(parsed) is None})
    return out
