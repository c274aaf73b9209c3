"""A hand record, step by step and in words: the positions a live example shows.

:func:`build` replays a record through the engine's public API and returns, for
each position, everything a page needs to draw it without Python: the hands, the
cards on the table, each seat's status, who acts, and two sentences: what just
happened, and why (why the card was allowed or forced, why the trick was won).
Every "why" is the engine's: its events, its legal actions and its public answers
(see :class:`Narrator`); nothing here decides a rule. The same code runs at build
time (the rules pages carry its output) and in the browser (an embed computes it from
the record in its URL).
"""

from __future__ import annotations

import json
from typing import Any

import engine
from engine.errors import EngineError, RecordError
from engine.games.katko import led_deuce_won

from . import words as W

STEP_KEYS = ("h", "hands", "table", "st", "act", "dealer", "out", "info", "text", "why")


def _error(e: EngineError, lang: str) -> dict[str, Any]:
    deal = getattr(e, "deal", None)
    action = getattr(e, "action", None)
    if deal is not None and action is not None:
        where = W.t(lang, "error.where_action", deal=deal + 1, action=action + 1)
    elif deal is not None:
        where = W.t(lang, "error.where_deal", deal=deal + 1)
    else:
        where = ""
    return {"deal": deal, "action": action, "message": str(getattr(e, "message", e)), "where": where}


def build(doc: Any, lang: str = "en", turn: tuple[int, int] | None = None) -> dict[str, Any]:
    """The example's steps, or ``{"error": …}`` for a record the engine refuses.

    ``turn`` (deal index, action index) asks for a "your turn" question before that
    action: the answer carries ``question`` with the step it stops at.
    """
    if isinstance(doc, (str, bytes)):
        try:
            doc = json.loads(doc)
        except (ValueError, RecursionError) as e:
            return {"error": {"deal": None, "action": None, "message": f"not valid JSON: {e}", "where": ""}}
    try:
        final = engine.load_record(doc)
    except RecordError as e:
        return {"error": _error(e, lang)}
    except EngineError as e:  # pragma: no cover (load_record wraps them all)
        return {"error": _error(e, lang)}
    cls = engine.game_class(doc["game"])
    match = cls(doc["players"], doc.get("options", {}), doc.get("seed"), doc.get("names"))
    names = W.names_for(doc.get("names"), match.players, lang)
    narrator = NARRATORS[cls.NAME](match, names, lang, len(doc.get("deals", [])))
    question: dict[str, Any] | None = None
    for i, deal in enumerate(doc.get("deals", [])):
        events = match.start_deal(deal.get("hands"), deal.get(match.START_KEY), deal.get("turned"))
        narrator.begin(i, events)
        for j, text in enumerate(deal.get("actions", [])):
            action = match.parse(text)
            if turn == (i, j):
                question = narrator.question(action, i, j)
            narrator.before(action)
            narrator.after(action, match.apply(action))
        if not match.deal_over:
            narrator.pending()
    if turn is not None and question is None:
        return {"error": {"deal": turn[0], "action": turn[1], "where": "",
                          "message": f"the record has no action {turn[1] + 1} in deal {turn[0] + 1} to ask about"}}
    out: dict[str, Any] = {
        "game": cls.NAME,
        "deck": cls.DECK.name,
        "players": match.players,
        "names": names,
        "title": W.t(lang, f"game.{cls.NAME}"),
        "labels": narrator.option_labels(),
        "steps": compress(narrator.steps),
        "log": narrator.log,
        "outcome": narrator.outcome,
        "summary": final.replay_summary(),
    }
    if question is not None:
        out["question"] = question
    return out


def compress(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each step keeps only what changed since the one before (the page merges them)."""
    out = []
    prev: dict[str, Any] = {}
    for step in steps:
        out.append({k: v for k, v in step.items() if prev.get(k, None) != v or not prev})
        prev = step
    return out


def expand(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    full = []
    cur: dict[str, Any] = {}
    for step in steps:
        cur = {**cur, **step}
        full.append(cur)
    return full


class Narrator:
    """Turns the engine's events into positions and sentences. One subclass per game.

    Every "why" comes from the engine: the events an action caused (who won a trick
    and by which rule, how a deal ended), the legal actions it listed before the
    action, and its public questions (Katko's ``duty``, Call Kitti's set ranking).
    A narrator only puts them into words; it never decides a rule itself.
    """

    def __init__(self, match: engine.Match, names: list[str], lang: str, deals: int) -> None:
        self.m = match
        self.names = names
        self.lang = lang
        self.deck = match.DECK.name
        self.multi = deals > 1
        self.deal = -1
        self.steps: list[dict[str, Any]] = []
        self.log: list[dict[str, Any]] = []
        self.outcome: list[str] = []
        self.table: list[list[Any]] = []
        self.clear = False
        self.trick_no = 0
        self.new_cards: set[tuple[int, str]] = set()
        self.ctx: dict[str, Any] = {}  # what the acting seat held and faced, before its action
        self.dealer: int | None = None
        self.leader: int | None = None

    # -------------------------------------------------------------- helpers

    def t(self, key: str, **params: Any) -> str:
        return W.t(self.lang, key, **params)

    def n(self, seat: int) -> str:
        return self.names[seat]

    def c(self, *codes: str) -> str:
        return W.cards(list(codes))

    def suit(self, letter: str, form: int = 0) -> str:
        return W.suit(self.deck, letter, self.lang, form)

    def names_of(self, seats: list[int]) -> str:
        return W.join_names([self.n(s) for s in seats], self.lang)

    def head(self, key: str, **params: Any) -> str:
        text = self.t(key, **params)
        return self.t("step.in_deal", deal=self.deal + 1, head=text) if self.multi else text

    def view(self, seat: int) -> dict[str, Any]:
        return self.m.view(seat)

    def snap(self, head: str, text: str, why: str = "") -> None:
        m = self.m
        self.steps.append({
            "h": head,
            "hands": self.hands(),
            "table": [list(x) for x in self.table],
            "st": self.status(),
            "act": list(m.to_act()),
            "dealer": self.dealer_seat(),
            "out": self.out(),
            "info": self.info(),
            "text": text,
            "why": why,
        })

    def hands(self) -> list[str]:
        out = []
        for s in range(self.m.players):
            cards = self.view(s)["hand"]
            out.append(" ".join(("*" + c) if (s, c) in self.new_cards else c for c in cards))
        return out

    def status(self) -> list[str]:
        return ["" for _ in range(self.m.players)]

    def dealer_seat(self) -> int | None:
        return self.dealer

    def out(self) -> list[int]:
        return []

    def info(self) -> str:
        return ""

    def option_labels(self) -> list[str]:
        """The table's options in words, for the example's heading."""
        labels = []
        m = self.m
        for spec in m.OPTIONS:
            value = m.options[spec.key]
            if value == spec.default_for(m.players):
                continue
            labels.append(self.option_label(spec.key, value))
        return labels

    def option_label(self, key: str, value: Any) -> str:
        if isinstance(value, bool):
            return self.t(f"option.{key}") if value else self.t("option.off", name=self.t(f"option.{key}"))
        word = self.t(f"option.{key}.{value}")
        if word == f"option.{key}.{value}":
            word = str(value)
        return self.t("option.value", name=self.t(f"option.{key}"), value=word)

    def clear_table(self) -> None:
        if self.clear:
            self.table = []
            self.clear = False

    def mark_winner(self, seat: int, card: str | None = None) -> None:
        for play in self.table:
            if play[0] == seat and (card is None or card in play[1].split()):
                play[2] = (play[2] + "w") if "w" not in play[2] else play[2]
                return

    def _logged_deal(self) -> dict[str, Any]:
        """This deal's entry in the log (the printable table of the example)."""
        if not self.log or self.log[-1]["deal"] != self.deal:
            self.log.append({"deal": self.deal, "tricks": [], "result": ""})
        return self.log[-1]

    def log_trick(self, number: int, leader: int, winner: int | None, why: str, label: str = "") -> None:
        self._logged_deal()["tricks"].append({
            "n": number, "label": label, "leader": leader, "winner": winner, "why": why,
            "plays": [list(p[:3]) + ([p[3]] if len(p) > 3 and p[3] else []) for p in self.table],
        })

    def log_result(self, text: str) -> None:
        self._logged_deal()["result"] = text
        self.outcome.append(text)

    def pending(self) -> None:
        """The record stops in the middle of the deal."""
        seats = list(self.m.to_act())
        if seats:
            self.outcome.append(self.t("stops_here", names=self.names_of(seats)))

    # ------------------------------------------ shared by the trick-taking games

    def new_deal(self, deal: int) -> None:
        """A new deal begins: an empty table, trick 1."""
        self.deal = deal
        self.table = []
        self.clear = False
        self.trick_no = 1
        self.new_cards = set()

    def facing(self, seat: int) -> dict[str, Any]:
        """What ``seat`` holds and faces before it acts, as the engine shows it: its view,
        hand and legal actions, the trick so far, the suit led and the winning card."""
        v = self.view(seat)
        trick = v["trick"] or {"plays": [], "winner": None}
        plays = trick["plays"]
        best = next((p["card"] for p in plays if p["seat"] == trick["winner"]), None)
        return {"view": v, "hand": list(v["hand"]), "legal": list(v["legal"]), "plays": plays,
                "lead": plays[0]["card"][-1] if plays else None, "best": best}

    @staticmethod
    def cards_of(legal: list[str], verb: str = "play") -> list[str]:
        """The cards of the engine's legal actions with ``verb``: ``"2 play 8S"`` → ``8S``."""
        return [a.split()[2] for a in legal if a.split()[1] == verb]

    def won_trick(self, d: dict[str, Any], why: str) -> None:
        """The engine's ``trick_won``: mark the card, log the trick, clear the table next."""
        self.mark_winner(d["seat"], d["card"])
        self.log_trick(d["trick"], self.table[0][0], d["seat"], why)
        self.clear = True
        self.trick_no = d["trick"] + 1

    def result_step(self, parts: list[str]) -> None:
        """The deal's result, in words, as a step of its own and in the log."""
        self.table = []
        self.clear = False
        text = " ".join(parts)
        self.log_result(text)
        self.snap(self.head("step.result"), text)

    def next_dealer(self, key: str) -> list[str]:
        """Who deals next, as the engine's rules fix it (none once the match is over)."""
        if self.m.match_over:
            return []
        nxt = self.m.next_start()
        return [] if nxt is None else [self.t(key, name=self.n(nxt))]

    # ---------------------------------------------------------------- hooks

    def begin(self, deal: int, events: list[engine.Event]) -> None:
        raise NotImplementedError

    def before(self, action: engine.Action) -> None:
        raise NotImplementedError

    def after(self, action: engine.Action, events: list[engine.Event]) -> None:
        raise NotImplementedError

    def question(self, action: engine.Action, deal: int, index: int) -> dict[str, Any]:
        """A "your turn" stop before ``action``: the step, who acts, what they may choose from."""
        seat = action.seat
        view = self.view(seat)
        return {
            "step": len(self.steps) - 1,
            "deal": deal,
            "action": index,
            "seat": seat,
            "verb": action.verb,
            "hand": list(view["hand"]),
            "actual": str(action),
            "legal": list(view.get("legal", [])),
        }


# ====================================================================== Katko


class KatkoNarrator(Narrator):
    def begin(self, deal: int, events: list[engine.Event]) -> None:
        self.new_deal(deal)
        e = events[0].data
        self.dealer, self.leader = e["dealer"], e["leader"]
        text = self.t("katko.start", dealer=self.n(e["dealer"]), n=e["hand_size"], leader=self.n(e["leader"]))
        if e.get("turned"):
            text += " " + self.t("katko.turned", card=self.c(e["turned"]), suit=self.suit(e["trump"]))
        self.snap(self.head("step.start"), text)

    def info(self) -> str:
        v = self.m.view(0)
        parts = []
        if v.get("turned"):
            parts.append(self.t("katko.info_trump", card=self.c(v["turned"]), suit=self.suit(v["trump"])))
        else:
            parts.append(self.t("katko.info_no_trump"))
        parts.append(self.t("katko.info_target", target=v["target"]))
        return " · ".join(parts)

    def status(self) -> list[str]:
        v = self.m.view(0)
        won = [0] * self.m.players
        for tr in v["tricks"]:
            won[tr["winner"]] += 1
        return [self.t("katko.status", tricks=won[s], score=v["scores"][s]) for s in range(self.m.players)]

    def before(self, action: engine.Action) -> None:
        self.ctx = self.facing(action.seat)
        self.ctx["duty"] = self.m.duty(action.seat)  # the engine's T-6/T-7 duty and the cards meeting it

    def _play(self, seat: int, card: str) -> str:
        """The card played, and why it was allowed or forced: the engine's duty."""
        x = self.ctx
        v = x["view"]
        name = self.n(seat)
        lead, best = x["lead"], x["best"]
        if lead is None:
            return self.t("katko.lead_last" if v["last_trick"] else "katko.lead", name=name, card=self.c(card))
        duty = x["duty"][0]
        only = len(set(self.cards_of(x["legal"]))) == 1 and len(set(x["hand"])) > 1
        tail = (" " + self.t("katko.only")) if only else ""
        if duty == "beat":
            return self.t("katko.beat", name=name, best=self.c(best), card=self.c(card)) + tail
        if duty == "beat_trump":
            key = "katko.overtrump" if best[-1] == v["trump"] else "katko.trump"
            text = self.t(key, name=name, best=self.c(best), card=self.c(card))
            if any(c[-1] == lead for c in x["hand"]):
                text += " " + self.t("katko.trump_before_follow", suit=self.suit(lead, 2))
            return text + tail
        if duty == "follow":
            if v["must_beat"]:
                return self.t("katko.follow_nobeat", name=name, best=self.c(best), card=self.c(card)) + tail
            return self.t("katko.follow", name=name, card=self.c(card))
        return self.t("katko.void", name=name, suit=self.suit(lead, 2), card=self.c(card))

    def after(self, action: engine.Action, events: list[engine.Event]) -> None:
        head = self.head("step.trick", n=self.trick_no)
        text = ""
        why = ""
        result = []
        ending = next((e.data["reason"] for e in events if e.kind == "deal_result"), None)
        for e in events:
            d = e.data
            if e.kind == "played":
                self.clear_table()
                text = self._play(d["seat"], d["card"])
                self.table.append([d["seat"], d["card"], "", ""])
            elif e.kind == "trick_won":
                why = self._why(d, ending)
                self.won_trick(d, why)
            elif e.kind == "deal_result":
                pts = d["points"]
                scorers = [s for s in range(self.m.players) if pts[s]]
                result.append(self.t("katko.result_points", points=", ".join(
                    self.t("katko.pts", name=self.n(s), n=pts[s]) for s in scorers)))
            elif e.kind == "match_over":
                key = {"deuce_bonus": "katko.win_deuce", "target": "katko.win_target",
                       "target_tiebreak": "katko.win_tiebreak"}[d["reason"]]
                result.append(self.t(key, name=self.n(d["winner"]), target=self.m.options["target"]))
            elif e.kind == "target_tie":
                result.append(self.t("katko.target_tie", names=self.names_of(d["seats"])))
        self.snap(head, text, why)
        if result:
            v = self.m.view(0)
            result.insert(1, self.t("scores", scores=", ".join(
                f"{self.n(s)} {v['scores'][s]}" for s in range(self.m.players))))
            self.result_step(result + self.next_dealer("katko.next_dealer"))

    def _why(self, d: dict[str, Any], ending: str | None) -> str:
        """Why the trick was won (the engine's T-8 reason) and what it scored (its points;
        ``ending``: the engine's reason for the end of the deal, if it ended here)."""
        name = self.n(d["seat"])
        card = d["card"]
        if d["reason"] == "highest_trump":
            why = self.t("katko.win_trump", name=name, card=self.c(card))
        elif d["reason"] == "first_identical":
            why = self.t("katko.win_identical", name=name, card=self.c(card))
        else:
            why = self.t("katko.win_lead", name=name, card=self.c(card), suit=self.suit(card[-1], 1))
            # cards of other suits that rank higher (the deck's order) but lost: nothing but
            # the suit led (or a trump, and none was played) wins
            deck = self.m.DECK
            rank = deck.rank(deck.parse(card))
            higher = [p[1] for p in self.table if p[1][-1] != card[-1] and deck.rank(deck.parse(p[1])) > rank]
            if higher:
                key = "katko.offsuit_many" if len(higher) > 1 else "katko.offsuit"
                why += " " + self.t(key, cards=W.card_list(higher, self.lang))
        if d["last"]:
            lead_two = led_deuce_won(self.table[0][0], d["seat"], card)
            if ending == "deuce_bonus":
                why += " " + self.t("katko.deuce", name=name)
            elif d["points"] >= 2:
                why += " " + self.t("katko.last_two", name=name, n=d["points"])
            else:
                why += " " + self.t("katko.last", name=name)
                if lead_two and not self.m.view(0)["deuce_bonus"]:
                    why += " " + self.t("katko.no_deuce")
        elif d["points"]:
            why += " " + self.t("katko.two_point", name=name)
        return why


# ====================================================================== Katte


class KatteNarrator(Narrator):
    def begin(self, deal: int, events: list[engine.Event]) -> None:
        self.new_deal(deal)
        text = ""
        for e in events:
            d = e.data
            if e.kind == "deal_started":
                key = "katte.start_carried" if d["antes_carried"] else "katte.start"
                text = self.t(key, leader=self.n(d["leader"]), ante=d["ante"], pot=d["pot"])
            elif e.kind == "automatic_win":
                text += " " + self.t("katte.auto", name=self.n(d["seat"]),
                                     reason=self.t("katte.reason." + d["reason"]), cards=self.c(*d["cards"]))
            elif e.kind == "redeal":
                text += " " + self.t("katte.redeal", names=self.names_of(d["seats"]))
        self.snap(self.head("step.start"), text)
        self._results(events)

    def info(self) -> str:
        v = self.m.view(0)
        return self.t("katte.info", pot=v["pot"], ante=v["ante"])

    def out(self) -> list[int]:
        return list(self.m.view(0)["eliminated"])

    def status(self) -> list[str]:
        v = self.m.view(0)
        out = []
        for s in range(self.m.players):
            key = "katte.status_out" if s in v["eliminated"] else "katte.status"
            out.append(self.t(key, tricks=v["tricks_won"][s], chips=_signed(v["chips"][s])))
        return out

    def before(self, action: engine.Action) -> None:
        self.ctx = self.facing(action.seat)

    def _play(self, seat: int, card: str, face_up: bool, beat: bool) -> str:
        """The card played or discarded, and why it was allowed or forced: the engine's
        legal actions before it (K-8: a face-up play must beat, so the face-up plays it
        listed are the cards that beat; a discard listed means the seat was free to hide
        a card) and, in the showdown (K-10), the event saying whether the card beat."""
        x = self.ctx
        v = x["view"]
        name = self.n(seat)
        showdown = v["phase"] == "showdown"
        if x["lead"] is None:
            return self.t("katte.show_lead" if showdown else "katte.lead", name=name, card=self.c(card))
        best = self.c(x["best"])
        if showdown:  # a card that beats had to be shown; one that does not, only by choice
            if beat:
                return self.t("katte.show_must", name=name, best=best, card=self.c(card))
            keep = [c for c in x["hand"] if c != card]
            return self.t("katte.show_free", name=name, best=best, card=self.c(card), keep=self.c(*keep))
        allowed = set(self.cards_of(x["legal"], "play"))
        beaters = [c for c in x["hand"] if c in allowed]  # in the hand's order
        free = bool(self.cards_of(x["legal"], "discard"))
        if face_up:
            if free or v["tricks_won"][seat]:
                return self.t("katte.beat", name=name, best=best, card=self.c(card))
            text = self.t("katte.beat_must", name=name, best=best, card=self.c(card))
            if len(beaters) > 1:
                text += " " + self.t("katte.any_beater", cards=W.card_list(beaters, self.lang))
            return text
        if not beaters:
            return self.t("katte.discard_cannot", name=name, best=best, card=self.c(card))
        return self.t("katte.discard_free", name=name, card=self.c(card), keep=W.card_list(beaters, self.lang))

    def after(self, action: engine.Action, events: list[engine.Event]) -> None:
        head = self.trick_no - 1 if self.clear else self.trick_no  # a trick just won is still on the table
        text: list[str] = []
        why: list[str] = []
        for e in events:
            d = e.data
            if e.kind == "left":
                text.append(self.t("katte.leave", name=self.n(d["seat"])))
            elif e.kind == "timed_out":
                text.append(self.t("katte.timeout", name=self.n(d["seat"])))
            elif e.kind == "played" or e.kind == "discarded_card":
                self.clear_table()
                head = self.trick_no
                text.append(self._play(d["seat"], d["card"], e.kind == "played", bool(d.get("beat"))))
                self.table.append([d["seat"], d["card"], "" if e.kind == "played" else "d", ""])
            elif e.kind == "trick_won" and d["trick"] <= 5:
                key = {"beat": "katte.win_beat", "all_discarded": "katte.win_all_discarded",
                       "nobody_beat": "katte.win_nobody"}[d["reason"]]
                why.append(self.t(key, name=self.n(d["seat"]), card=self.c(d["card"]), n=d["trick"]))
                self.won_trick(d, why[-1])
            elif e.kind == "eliminated":
                why.append(self.t("katte.out", names=self.names_of(d["seats"])))
            elif e.kind == "revealed":  # trick 6 plays itself: a step of its own after trick 5's
                if text or why:
                    self.snap(self.head("step.trick", n=head), " ".join(text), " ".join(why))
                    text, why = [], []
                head = 6
                self.table = [[p["seat"], p["card"], "", ""] for p in d["cards"]]
                text.append(self.t("katte.reveal", name=self.n(d["leader"]), card=self.c(d["cards"][0]["card"]),
                                   suit=self.suit(d["suit"])))
            elif e.kind == "trick_won":  # trick 6
                key = "katte.six_beat" if d["reason"] == "beat" else "katte.six_nobody"
                why.append(self.t(key, name=self.n(d["seat"]), card=self.c(d["card"]),
                                  suit=self.suit(d["card"][-1], 1)))
                self.won_trick(d, why[-1])
            elif e.kind == "deal_result" and d.get("reason") == "all_four_tricks":
                why.append(self.t("katte.all_four", name=self.n(d["winner"])))
        if text or why:
            self.snap(self.head("step.trick", n=head), " ".join(text), " ".join(why))
        self._results(events)

    def _results(self, events: list[engine.Event]) -> None:
        for e in events:
            if e.kind != "deal_result":
                continue
            d = e.data
            if d["winner"] is None:
                text = self.t("katte.result_redeal")
            else:
                n = self.m.players
                gain = d["chips"][d["winner"]]
                text = self.t("katte.result_auto" if d["automatic"] else "katte.result", name=self.n(d["winner"]),
                              gain=gain, loss=-min(d["chips"][s] for s in range(n) if s != d["winner"]))
            self.result_step([text])


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else _num(n)


def _num(n: int) -> str:
    """A number with a real minus sign."""
    return "−" + str(-n) if n < 0 else str(n)


# ====================================================================== Kočka


class KockaNarrator(Narrator):
    def begin(self, deal: int, events: list[engine.Event]) -> None:
        self.new_deal(deal)
        d = events[0].data
        self.dealer = d["dealer"]
        self.snap(self.head("step.start"), self.t("kocka.start", dealer=self.n(d["dealer"]),
                                                  leader=self.n(d["leader"])))

    def info(self) -> str:
        v = self.m.view(0)
        return self.t("kocka.info", word=v["word"])

    def status(self) -> list[str]:
        v = self.m.view(0)
        word = v["word"]
        return [self.t("kocka.status", points=v["points"][s], letters=word[:v["letters"][s]] or "–")
                for s in range(self.m.players)]

    def before(self, action: engine.Action) -> None:
        self.ctx = self.facing(action.seat)

    def after(self, action: engine.Action, events: list[engine.Event]) -> None:
        text = ""
        why = ""
        head = self.head("step.trick", n=self.trick_no)
        results: list[str] = []
        received = False
        for e in events:
            d = e.data
            if e.kind == "passed":
                self.clear_table()
                nxt = self.m.passes_to(d["seat"])  # O-5, as the engine passes them
                self.table.append([d["seat"], " ".join(d["cards"]), "p", self.t("kocka.to", name=self.n(nxt))])
                text = self.t("kocka.pass", name=self.n(d["seat"]), cards=self.c(*d["cards"]), to=self.n(nxt))
                head = self.head("step.exchange")
            elif e.kind == "received":
                self.new_cards |= {(d["seat"], c) for c in d["cards"]}
                received = True
            elif e.kind == "exchange_done":
                self.leader = d["leader"]
            elif e.kind == "played":
                self.clear_table()
                self.new_cards = set()
                text = self._play(d["seat"], d["card"])
                self.table.append([d["seat"], d["card"], "", ""])
            elif e.kind == "trick_won":
                why = self._why(d)
                self.won_trick(d, why)
            elif e.kind == "deal_result":
                results.append(self._result(d))
            elif e.kind == "letter":
                results.append(self.t("kocka.letter", name=self.n(d["seat"]), letter=d["letter"],
                                      word=self.m.options["word"][:d["letters"]]))
            elif e.kind == "match_over":
                results.append(self.t("kocka.match_over", name=self.n(d["loser"]), word=self.m.options["word"]))
        self.snap(head, text, why)
        if received:
            self.table = []
            self.snap(self.head("step.exchange"), self.t("kocka.received", leader=self.n(self.leader if self.leader is not None else 0)))
        if results:
            self.result_step(results + self.next_dealer("kocka.next_dealer"))

    def _play(self, seat: int, card: str) -> str:
        """The card played, and why it was allowed: a card of the suit led follows suit
        (forced when the engine listed no other); any other card the engine accepted
        means the seat had none of that suit (O-6)."""
        from engine.cards import HEJMA

        x = self.ctx
        name = self.n(seat)
        lead = x["lead"]
        if lead is None:
            return self.t("kocka.lead", name=name, card=self.c(card))
        if card[-1] == lead:
            key = "kocka.follow_only" if len(self.cards_of(x["legal"])) == 1 and len(x["hand"]) > 1 else "kocka.follow"
            return self.t(key, name=name, card=self.c(card), suit=self.suit(lead, 2))
        if card == self.m.DECK.code(HEJMA):
            return self.t("kocka.void_hejma", name=name, suit=self.suit(lead, 2), card=self.c(card))
        if card[-1] == "H":
            return self.t("kocka.void_heart", name=name, suit=self.suit(lead, 2), card=self.c(card))
        return self.t("kocka.void", name=name, suit=self.suit(lead, 2), card=self.c(card))

    def _why(self, d: dict[str, Any]) -> str:
        """Who took the trick and its penalty points: the engine's event, with each
        penalty card's value from the engine's table (O-7)."""
        from engine.games.kocka import LAST_TRICK_BONUS, POINTS

        deck = self.m.DECK
        name = self.n(d["seat"])
        why = self.t("kocka.win", name=name, card=self.c(d["card"]), suit=self.suit(d["card"][-1], 1))
        penal = [p[1] for p in self.table if POINTS[deck.parse(p[1])]]
        cards = d["points"] - (LAST_TRICK_BONUS if d["last"] else 0)  # the trick's own cards
        if penal:
            parts = [f"{self.c(c)} {POINTS[deck.parse(c)]}" for c in penal]
            key = "kocka.points" if len(penal) > 1 else "kocka.points_one"
            why += " " + self.t(key, list=", ".join(parts), n=cards)
        elif not d["last"]:
            why += " " + self.t("kocka.no_points")
        if d["last"]:
            why += " " + self.t("kocka.last", n=d["points"])
        return why

    def _result(self, d: dict[str, Any]) -> str:
        pts = ", ".join(f"{self.n(s)} {d['penalty'][s]}" for s in range(self.m.players))
        parts = []
        if d["early_end"]:
            parts.append(self.t("kocka.early", n=d["tricks_played"]))
        parts.append(self.t("kocka.totals", points=pts))
        if d["reason"] == "most_points":
            parts.append(self.t("kocka.loser", name=self.n(d["loser"])))
        elif d["reason"] == "hejma_tiebreak":
            parts.append(self.t("kocka.loser_hejma", name=self.n(d["loser"])))
        else:
            parts.append(self.t("kocka.draw"))
        return " ".join(parts)


# ==================================================================== Call Kitti


class CallKittiNarrator(Narrator):
    def begin(self, deal: int, events: list[engine.Event]) -> None:
        self.new_deal(deal)
        d = events[0].data
        self.dealer = d["dealer"]
        self.shown: int | None = None
        self.won_so_far = [0] * self.m.players
        self.snap(self.head("step.start"), self.t("ck.start", dealer=self.n(d["dealer"]), leader=self.n(d["leader"])))

    def info(self) -> str:
        v = self.m.view(0)
        return self.t("ck.info", base=v["options"]["base_price"])

    def hands(self) -> list[str]:
        out = []
        for s in range(self.m.players):
            v = self.view(s)
            arr = v["arrangement"]
            if arr is None:
                out.append(" ".join(v["hand"]))
                continue
            shown = len(v["tricks"]) if self.shown is None else self.shown
            groups = [" ".join(x) for x in arr["sets"][shown:]] + ["!" + arr["discard"]]
            out.append("|".join(groups))
        return out

    def status(self) -> list[str]:
        v = self.m.view(0)
        won, points = v["won"], v["points"]
        if self.shown is not None:  # the shows one by one: the standing before the deal was scored
            won, points = self.won_so_far, self.ctx["points"]
        out = []
        for s in range(self.m.players):
            bid = v["bids"][s]
            out.append(self.t("ck.status", bid="–" if bid is None else bid, won=won[s], points=_num(points[s])))
        return out

    def before(self, action: engine.Action) -> None:
        v = self.view(action.seat)
        self.ctx = {"pairs": v["pairs"], "points": list(v["points"]), "won": list(v["won"])}

    def cat(self, category: str) -> str:
        return self.t("set." + category)

    def question(self, action: engine.Action, deal: int, index: int) -> dict[str, Any]:
        """At an arrangement (C-5), a few whole arrangements to choose from (no cards to
        drag): see :func:`turn.arrangement_choices`."""
        q = super().question(action, deal, index)
        if action.verb == "arrange":
            from . import turn

            q["choices"] = turn.arrangement_choices(self.m, action, self.lang)
            q["actual_label"] = next(c["label"] for c in q["choices"] if c["move"] == str(action))
        return q

    def after(self, action: engine.Action, events: list[engine.Event]) -> None:
        text = ""
        head = self.head("step.arrange")
        results: list[str] = []
        shows: list[engine.Event] = []
        for e in events:
            d = e.data
            if e.kind == "arranged":
                from engine.games.call_kitti import set_category

                deck = self.m.DECK
                sets = ", ".join(f"{self.c(*s)} {self.cat(set_category(deck.parse(c) for c in s))}"
                                 for s in d["sets"])
                text = self.t("ck.arrange", name=self.n(d["seat"]), sets=sets, discard=self.c(d["discard"]))
            elif e.kind == "declared":
                text = self.t("ck.declare", name=self.n(d["seat"]), pairs=self.ctx["pairs"])
                head = self.head("step.bidding")
            elif e.kind == "bid":
                text = self.t("ck.bid", name=self.n(d["seat"]), n=d["number"])
                head = self.head("step.bidding")
            elif e.kind in ("show", "show_won", "show_tied"):
                shows.append(e)
            elif e.kind == "deal_result":
                results.append(self._result(d))
            elif e.kind == "match_over":
                results.append(self._match_over(d))
            elif e.kind == "still_tied":
                results.append(self.t("ck.still_tied", names=self.names_of(d["seats"])))
        if shows:
            self.shown = 0
        self.snap(head, text)
        pending = None
        for e in shows:
            d = e.data
            if e.kind == "show":
                pending = d
                self.table = [[p["seat"], " ".join(p["cards"]), "", self.cat(p["category"])] for p in d["plays"]]
            else:
                assert pending is not None
                why = self._show_why(pending, d, e.kind == "show_tied")
                if e.kind == "show_won":
                    self.mark_winner(d["seat"])
                    self.won_so_far[d["seat"]] += 1
                else:
                    for p in self.table:
                        if p[0] in d["seats"]:
                            p[2] += "t"
                self.shown = d["show"]
                self.log_trick(d["show"], pending["leader"], d.get("seat"), why)
                self.snap(self.head("step.show", n=d["show"]),
                          self.t("ck.show", n=d["show"], leader=self.n(pending["leader"])), why)
        self.shown = None
        if results:
            self.result_step(results)

    def _show_why(self, show: dict[str, Any], d: dict[str, Any], tied: bool) -> str:
        """Why the show went as it did: the engine's show_won (or show_tied) event names
        the winner, its set and kind; the runner-up is the best of the other sets by the
        engine's ranking (``set_value``), to say what the winning set beat."""
        from engine.games.call_kitti import set_value

        if tied:
            return self.t("ck.tie", names=self.names_of(d["seats"]), cat=self.cat(d["category"]),
                          leader=self.n(show["leader"]))
        deck = self.m.DECK
        others = [p for p in show["plays"] if p["seat"] != d["seat"]]
        second = max(others, key=lambda p: set_value(deck.parse(c) for c in p["cards"]))
        why = self.t("ck.won", name=self.n(d["seat"]), cards=self.c(*d["cards"]), cat=self.cat(d["category"]))
        if d["category"] != second["category"]:
            why += " " + self.t("ck.beats_cat", cat=self.cat(d["category"]), cat2=self.cat(second["category"]))
        else:
            why += " " + self.t("ck.beats_same." + d["category"], cards=self.c(*second["cards"]),
                                name=self.n(second["seat"]))
        return why

    def _result(self, d: dict[str, Any]) -> str:
        from engine.games.call_kitti import SPECIAL_PRICE

        if d.get("cancelled"):
            return self.t("ck.cancelled")
        n = self.m.players
        lines = []
        for s in range(n):
            lines.append(self.t("ck.line", name=self.n(s), bid=d["bids"][s], won=d["won"][s],
                                points=_signed(d["points"][s])))
        text = self.t("ck.result", lines="; ".join(lines))
        for sp in d.get("specials", []):
            key = {"bid_four": "ck.special_bid_four_won" if sp.get("success") else "ck.special_bid_four_failed",
                   "sole_bid": "ck.special_sole"}[sp["kind"]]
            # C-9: the engine's special price, in base prices, from (or to) each opponent
            text += " " + self.t(key, name=self.n(sp["seat"]), amount=SPECIAL_PRICE * self.m.options["base_price"])
        if d.get("struck"):
            text += " " + self.t("ck.struck")
        if any(d["wati"]):
            text += " " + self.t("ck.wati", names=self.names_of([s for s in range(n) if d["wati"][s]]))
        if any(d["goals"]):
            text += " " + self.t("ck.goals", list=", ".join(
                f"{self.n(s)} {d['goals'][s]}" for s in range(n) if d["goals"][s]))
        v = self.m.view(0)
        text += " " + self.t("ck.totals", points=", ".join(f"{self.n(s)} {_num(v['points'][s])}" for s in range(n)))
        return text

    def _match_over(self, d: dict[str, Any]) -> str:
        places = [self.t(f"ck.place.{i + 2}", name=self.n(s)) for i, s in enumerate(d["ranking"][1:])]
        money = ", ".join(f"{self.n(s)} {_signed(d['settlement'][s])}" for s in range(self.m.players))
        return self.t("ck.match_over", name=self.n(d["winner"]), places=", ".join(places), money=money)


NARRATORS: dict[str, type[Narrator]] = {
    "katko": KatkoNarrator,
    "katte": KatteNarrator,
    "kocka": KockaNarrator,
    "call-kitti": CallKittiNarrator,
}
