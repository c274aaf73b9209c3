"""A finished deal (or match) replayed from its hand record, step by step, for the
replay viewer (web/js/records/replay.js): history entries and share links.

The engine replays the record (a record it refuses gets the reason, never a guess);
each step is the table's own ``model`` (model.py) and ``moments`` as ``seat`` saw
them then, made read-only. Nothing is added to what the seat could see at the table:
other seats' hands only where the rules reveal them (the engine's view), and Katte's
face-down discards never, not even the seat's own (a share link is read by others).

Step ``k`` of a deal is the table after its first ``k`` actions (step 0: just dealt),
so a deal of ``n`` actions has the steps 0 … n. State is kept apart from the live
table (controller.py), so a replay never disturbs a match in progress.
"""

from __future__ import annotations

import copy
from typing import Any

import engine
from engine import EngineError, Event, Match, RecordError
from engine.record import parse_json

from . import model
from .games import Game, adapter
from .text import Text, catalogue

Reply = dict[str, Any]
# the parts of the model that let the human act: a replay only shows
READ_ONLY: dict[str, Any] = {"select": None, "buttons": [], "modes": None, "hint": None, "can_hint": False, "mine": False,
             "timer": None, "leave_seat": None}


class Replay:
    def __init__(self, catalogues: dict[str, dict[str, str]], lang: str = "en") -> None:
        self.catalogues = catalogues
        self.lang = lang if lang in catalogues else "en"
        self.doc: dict[str, Any] = {}
        self.starts: list[Match] = []  # each deal just dealt (cloned from, never changed)
        self.seat = 0
        self.you = True  # the reader sat there ("You take the trick"); a shared deal: by name

    def messages(self, lang: str | None = None) -> dict[str, str]:
        if lang and lang in self.catalogues:
            self.lang = lang
        return catalogue(self.catalogues, self.lang)

    def open(self, record: Any, seat: Any, you: bool = True, lang: str | None = None) -> Reply:
        """Check and load a record: its deals (actions per deal), names and game, or
        ``{"error"}`` in the reader's language (with the engine's own ``detail``)."""
        messages = self.messages(lang)
        say = Text(messages, "french", [])
        try:
            final = engine.load_record(record)
        except RecordError as e:
            return {"error": " ".join(filter(None, [say("web.replay.error.record"), where(say, e.deal, e.action)])),
                    "detail": say("web.replay.error.detail", message=e.message)}
        except (EngineError, TypeError, ValueError) as e:  # load_record wraps the engine's; this is a guard
            return {"error": say("web.replay.error.record"), "detail": say("web.replay.error.detail", message=str(e))}
        if isinstance(record, str):
            record = parse_json(record)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < final.players:
            return {"error": say("web.replay.error.seat", seat=str(seat))}
        if not final.records:
            return {"error": say("web.replay.error.empty")}
        self.doc, self.seat, self.you = record, seat, bool(you)
        self.starts = []
        cls = engine.game_class(record["game"])
        m = cls(record["players"], record.get("options", {}), record.get("seed"), record.get("names"))
        for deal in record.get("deals", []):
            m.start_deal(deal.get("hands"), deal.get(m.START_KEY), deal.get("turned"))
            self.starts.append(m.clone())
            for text in deal.get("actions", []):
                m.apply(text)
        t = self.text(self.starts[0], messages)
        return {"game": final.NAME, "players": final.players, "seat": seat,
                "names": [t.name(s) for s in range(final.players)],
                "deals": [{"actions": len(d.get("actions", [])), "over": self.over(i)}
                          for i, d in enumerate(record.get("deals", []))]}

    def over(self, deal: int) -> bool:
        """Did the record's deal ``deal`` reach its end?"""
        m = self.at(deal, len(self.doc["deals"][deal].get("actions", [])))[0]
        return m.deal_over

    def at(self, deal: int, step: int) -> tuple[Match, list[Event]]:
        """The match after ``step`` actions of ``deal``, and the events of the last one
        (step 0: of the dealing)."""
        start = self.starts[deal]
        m = start.clone()
        events: list[Event] = list(start.log)
        for text in self.doc["deals"][deal].get("actions", [])[:step]:
            events = m.apply(text)
        return m, events

    def text(self, m: Match, messages: dict[str, str]) -> Text:
        names = list(m.names or [])
        if len(names) != m.players:
            bot = messages.get("web.replay.seat", "Player {n}")
            names = [bot.replace("{n}", str(s + 1)) for s in range(m.players)]
        return Text(messages, m.DECK.name, names, self.seat if self.you else -1)

    def step(self, deal: Any, step: Any, lang: str | None = None) -> Reply:
        """Deal ``deal`` after ``step`` of its actions, as the seat saw it: ``model``
        (the table's, read-only), ``moments`` (a trick the step finished, how the deal
        ended), ``line`` (what happened, in words), ``step``/``steps``."""
        messages = self.messages(lang)
        if not self.starts:
            return {"error": Text(messages, "french", [])("web.replay.error.record")}
        deals = self.doc["deals"]
        if isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal < len(deals):
            deal = len(deals) - 1
        n = len(deals[deal].get("actions", []))
        step = min(max(int(step), 0), n) if isinstance(step, int) and not isinstance(step, bool) else 0
        m, events = self.at(deal, step)
        t = self.text(m, messages)
        game = adapter(m.NAME)
        view = hide(m.view(self.seat), m)
        lines = sentences(events, game, t, view, self.seat)
        if not lines and step:
            lines = [t.you("web.replay.acted", int(deals[deal]["actions"][step - 1].split()[0]))]
        built = model.build(m, self.seat, game, t, view=view, announce=lines, config={})
        built.update(READ_ONLY)
        for card in built["hand"]:
            card["actions"], card["select"] = [], False
        acting = [] if m.deal_over else list(m.to_act())
        built["status"] = ("" if not acting else t.you("web.replay.to_act", acting[0]) if len(acting) == 1
                           else t("web.replay.to_act.several"))
        built["next"] = "over" if m.deal_over else "replay"
        moments = model.moments(m, self.seat, events, game, t, view)
        # a finished trick's sentence stands under it on the felt: the step's line does not say it again
        told = [x.get("line") for x in moments if x.get("kind") == "taken"][-1:]
        line = " ".join(x for x in lines if x not in told) or " ".join(lines)
        return {"model": built, "moments": moments, "line": line, "deal": deal, "step": step, "steps": n}


def where(say: Text, deal: int | None, action: int | None) -> str:
    if deal is not None and action is not None:
        return say("web.replay.error.where_action", deal=deal + 1, action=action + 1)
    if deal is not None:
        return say("web.replay.error.where_deal", deal=deal + 1)
    return ""


def hide(view: dict[str, Any], m: Match) -> dict[str, Any]:
    """The seat's view without Katte's face-down cards, even its own (K-8.7 shows them to
    their owner alone, and a replay may be read by anyone)."""
    if m.NAME != "katte":
        return view
    view = copy.deepcopy(view)
    for trick in [view.get("trick"), *(view.get("tricks") or [])]:
        for p in (trick or {}).get("plays", []):
            if p.get("face_up") is False:
                p["card"] = None
    view["events"] = [e for e in view["events"] if e["kind"] != "discarded_card"]
    view["actions"] = [a if a.split()[1] != "discard" else f"{a.split()[0]} discard ?" for a in view["actions"]]
    return view


def sentences(events: list[Event], game: Game, t: Text, view: dict[str, Any], seat: int) -> list[str]:
    """What the step did, as the seat saw it, in the table's words (no face-down card)."""
    out = []
    for e in events:
        if not e.visible_to(seat):
            continue
        data = e.to_json()
        if data["kind"] == "discarded_card":
            continue
        if data["kind"] == "deal_started":
            data = {**data, "n": view["deal"] + 1}
        # Katte words the human's own discard with its card; here it is "a card face down"
        text = Game.event(game, data, t, view) if data["kind"] == "discarded" else game.event(data, t, view)
        if text:
            out.append(text)
    return out
