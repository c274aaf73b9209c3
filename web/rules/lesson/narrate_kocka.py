"""Kočka's narrator: the exchange (O-5), following suit (O-6), penalty points (O-7), in words."""

from __future__ import annotations

from typing import Any

import engine
from engine.games.kocka import Kocka

from .narrator import Narrator


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
                nxt = Kocka.passes_to(d["seat"])  # O-5, as the engine passes them
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
