"""Call Kitti's narrator: arrangements (C-5), bids, the shows one by one, the scores, in words."""

from __future__ import annotations

from typing import Any

import engine

from . import words as W
from .narrator import Narrator, _num, _signed


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
        return W.inline(W.engine_text("set." + category, self.lang))

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
