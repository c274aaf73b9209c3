"""The base of every game's narrator: positions and sentences from the engine's events.

:class:`Narrator` keeps the table, the log and the steps, and holds what the
trick-taking games share; each game's narrator (``narrate_<game>.py``) subclasses it.
"""

from __future__ import annotations

from typing import Any

import engine

from . import words as W


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
        name = W.engine_text(f"option.{key}", self.lang)  # the lobby's label, defined once
        if isinstance(value, bool):
            return name if value else self.t("option.off", name=name)
        word = W.engine_text(f"option.{key}.{value}", self.lang)
        word = str(value) if word == f"option.{key}.{value}" else W.inline(word)
        return self.t("option.value", name=name, value=word)

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
        self._said(text)

    def _said(self, text: str) -> None:
        """One sentence of the example's result, under its own deal when there are
        several: each deal's result is told apart from the others'."""
        if self.multi:
            key = f"outcome.deal.{self.m.NAME}" if W.template(self.lang, f"outcome.deal.{self.m.NAME}") else "outcome.deal"
            text = self.t(key, deal=self.deal + 1, text=text)
        self.outcome.append(text)

    def pending(self) -> None:
        """The record stops in the middle of the deal."""
        seats = list(self.m.to_act())
        if seats:
            self._said(self.t("stops_here", names=self.names_of(seats)))

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


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else _num(n)


def _num(n: int) -> str:
    """A number with a real minus sign."""
    return "−" + str(-n) if n < 0 else str(n)
