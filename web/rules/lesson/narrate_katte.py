"""Katte's narrator: plays and discards (K-8), the showdown (K-10) and the chips, in words."""

from __future__ import annotations

import engine

from . import words as W
from .narrator import Narrator, _signed


class KatteNarrator(Narrator):
    # the pot and chips the start step shows when the deal ended at its start (K-5): as
    # they stood before the automatic win was paid, which the result step then shows
    dealt: tuple[int, list[int]] | None = None

    def begin(self, deal: int, events: list[engine.Event]) -> None:
        self.new_deal(deal)
        text = ""
        result = next((e.data for e in events if e.kind == "deal_result" and e.data.get("winner") is not None), None)
        started = next((e.data for e in events if e.kind == "deal_started"), None)
        if result is not None and started is not None:
            chips = self.m.view(0)["chips"]
            self.dealt = (started["pot"], [c - d for c, d in zip(chips, result["chips"])])
        for e in events:
            d = e.data
            if e.kind == "deal_started":
                key = "katte.start_carried" if d["antes_carried"] else "katte.start"
                text = self.t(key, leader=self.n(d["leader"]), ante=d["ante"], pot=d["pot"])
            elif e.kind == "automatic_win":
                text += " " + self.t("katte.auto", name=self.n(d["seat"]),
                                     reason=W.engine_text("reason." + d["reason"], self.lang), cards=self.c(*d["cards"]))
            elif e.kind == "redeal":
                text += " " + self.t("katte.redeal", names=self.names_of(d["seats"]))
        self.snap(self.head("step.start"), text)
        self.dealt = None
        self._results(events)

    def info(self) -> str:
        v = self.m.view(0)
        return self.t("katte.info", pot=self.dealt[0] if self.dealt else v["pot"], ante=v["ante"])

    def out(self) -> list[int]:
        return list(self.m.view(0)["eliminated"])

    def status(self) -> list[str]:
        v = self.m.view(0)
        out = []
        for s in range(self.m.players):
            key = "katte.status_out" if s in v["eliminated"] else "katte.status"
            chips = self.dealt[1][s] if self.dealt else v["chips"][s]
            out.append(self.t(key, tricks=v["tricks_won"][s], chips=_signed(chips)))
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
