"""Katko's narrator: the engine's duty (T-6/T-7) and trick reasons (T-8) in words."""

from __future__ import annotations

from typing import Any

import engine
from engine.games.katko import Katko, led_deuce_won

from . import words as W
from .narrator import Narrator


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
        assert isinstance(self.m, Katko)
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
