"""What differs per game on the table: score lines, the centre, event sentences, and
the deal summary. Everything here reads ``match.view(seat)`` (what the human may
know) and the engine's events; nothing decides a rule.
"""

from __future__ import annotations

from typing import Any

from .text import Text

View = dict[str, Any]


def card_item(code: str, deck: str, t: Text) -> dict[str, Any]:
    return {"img": f"cards/{deck}/{code}.svg", "label": t.card(code)}


class Game:
    """Defaults that fit any trick game; a game overrides what it shows differently."""

    name = ""

    def score(self, view: View, seat: int, t: Text) -> str:
        return ""

    def center(self, view: View, t: Text) -> dict[str, Any]:
        """Things on the table besides the trick: a turned trump card, the pot …"""
        return {"cards": [], "lines": []}

    def event(self, event: dict[str, Any], t: Text) -> str | None:
        return t.event(event, game=self.name)

    def lines(self, view: View, t: Text) -> list[str]:
        return []

    def columns(self, view: View, t: Text) -> list[tuple[str, list[str]]]:
        """Summary columns after the player's name: (header, one value per seat)."""
        return []

    def summary(self, view: View, t: Text) -> dict[str, Any]:
        cols = self.columns(view, t)
        n = len(t.names)
        return {"lines": self.lines(view, t),
                "headers": [t("web.summary.player")] + [h for h, _ in cols],
                "rows": [{"seat": s, "cells": [t.name(s)] + [v[s] for _, v in cols]} for s in range(n)]}


class Kocka(Game):
    name = "kocka"

    @staticmethod
    def letters(view: View, seat: int) -> str:
        return " ".join(view["word"][: view["letters"][seat]]) or "–"

    def score(self, view: View, seat: int, t: Text) -> str:
        return t("web.kocka.score", points=view["points"][seat], letters=self.letters(view, seat))

    def event(self, event: dict[str, Any], t: Text) -> str | None:
        kind = event["kind"]
        if kind == "trick_won":
            return t.event(event, "web.kocka.trick_points")
        if kind == "deal_result":
            if event["loser"] is None:
                return t("web.kocka.draw")
            return t("web.kocka.deal_lost", name=t.name(event["loser"]), points=event["penalty"][event["loser"]])
        if kind == "letter":
            return t.event(event, "web.kocka.letter")
        if kind == "seat_passed" and event["seat"] == t.me:
            return None  # "You pass …" says it
        return super().event(event, t)

    def lines(self, view: View, t: Text) -> list[str]:
        result = view["result"] or {}
        events = view["events"]
        out = [t("web.kocka.early", trick=e["tricks_played"]) for e in events
               if e["kind"] == "deal_result" and e.get("early_end")]
        loser = result.get("loser")
        if loser is None:
            out.append(t("web.kocka.draw"))
        else:
            letter = next((e["letter"] for e in events if e["kind"] == "letter"), "")
            hejma = any(e["kind"] == "deal_result" and e["reason"] == "hejma_tiebreak" for e in events)
            key = "web.kocka.loser.hejma" if hejma else "web.kocka.loser"
            out.append(t(key, name=t.name(loser), points=result["penalty"][loser], letter=letter))
        if view["loser"] is not None:
            out.append(t("web.kocka.match_loser", name=t.name(view["loser"]), word=view["word"]))
        return out

    def columns(self, view: View, t: Text) -> list[tuple[str, list[str]]]:
        penalty: list[int] = (view["result"] or {}).get("penalty") or view["points"]
        n = len(penalty)
        return [(t("web.kocka.points"), [str(p) for p in penalty]),
                (t("web.kocka.letters"), [self.letters(view, s) for s in range(n)])]


class Katte(Game):
    name = "katte"

    def score(self, view: View, seat: int, t: Text) -> str:
        text = t("web.katte.score", chips=view["chips"][seat], tricks=view["tricks_won"][seat])
        if seat in view["eliminated"]:
            text += " · " + t("katte.eliminated")
        return text

    def center(self, view: View, t: Text) -> dict[str, Any]:
        lines = [t("web.katte.pot", pot=view["pot"])] if view["pot"] else []
        for seat, codes in view["shown"].items():
            lines.append(t("web.katte.shown", name=t.name(int(seat)), cards=t.cards(codes)))
        return {"cards": [], "lines": lines}

    def event(self, event: dict[str, Any], t: Text) -> str | None:
        if event["kind"] == "discarded" and event["seat"] == t.me:
            return None  # "You discard …" (discarded_card) says it better
        return super().event(event, t)

    def lines(self, view: View, t: Text) -> list[str]:
        result = view["result"] or {}
        reason = next((e["reason"] for e in view["events"] if e["kind"] == "deal_result"), "")
        if result.get("winner") is None:
            return [t("reason.double_automatic")]
        return [t("web.katte.winner", name=t.name(result["winner"]), reason=t(f"reason.{reason}"))]

    def columns(self, view: View, t: Text) -> list[tuple[str, list[str]]]:
        change: list[int] = (view["result"] or {}).get("chips") or [0] * len(view["chips"])
        return [(t("web.katte.tricks"), [str(w) for w in view["tricks_won"]]),
                (t("web.katte.change"), [f"{c:+d}" for c in change]),
                (t("katte.chips"), [str(c) for c in view["chips"]])]


class Katko(Game):
    name = "katko"

    def score(self, view: View, seat: int, t: Text) -> str:
        return t("web.katko.score", score=view["scores"][seat], target=view["target"])

    def center(self, view: View, t: Text) -> dict[str, Any]:
        if not view["turned"]:
            return {"cards": [], "lines": []}
        suit = t(f"card.french.suit.{view['trump']}")
        return {"cards": [card_item(view["turned"], "french", t)], "lines": [t("web.katko.trump", suit=suit)]}

    def lines(self, view: View, t: Text) -> list[str]:
        result = view["result"] or {}
        out = []
        if result.get("last_trick") is not None:
            s = result["last_trick"]
            out.append(t("web.katko.last_trick", name=t.name(s), points=result["points"][s]))
        if view["winner"] is not None:
            out.append(t("web.katko.winner", name=t.name(view["winner"])))
        return out

    def columns(self, view: View, t: Text) -> list[tuple[str, list[str]]]:
        points: list[int] = (view["result"] or {}).get("points") or view["points"]
        return [(t("web.katko.deal_points"), [str(p) for p in points]),
                (t("web.katko.total", target=view["target"]), [str(s) for s in view["scores"]])]


class CallKitti(Game):
    name = "call-kitti"

    def score(self, view: View, seat: int, t: Text) -> str:
        bid = view["bids"][seat]
        text = t("web.call-kitti.score", points=view["points"][seat], won=view["won"][seat])
        return text + (" · " + t("web.call-kitti.bid", bid=bid) if bid is not None else "")

    def center(self, view: View, t: Text) -> dict[str, Any]:
        mine = view.get("arrangement")
        if not mine or view["phase"] == "over":
            return {"cards": [], "lines": []}
        sets = " / ".join(t.cards(s) for s in mine["sets"])
        return {"cards": [], "lines": [t("web.call-kitti.mine", sets=sets, discard=t.card(mine["discard"]))]}

    def event(self, event: dict[str, Any], t: Text) -> str | None:
        kind = event["kind"]
        if kind in ("show", "arranged") or (kind == "seat_arranged" and event["seat"] == t.me):
            return None  # shows are drawn on the table; your own arrangement you just made
        return super().event(event, t)

    def lines(self, view: View, t: Text) -> list[str]:
        out = []
        for i, show in enumerate(view["tricks"]):
            if show["winner"] is None:
                out.append(t("web.call-kitti.show_tied", n=i + 1))
                continue
            play = next(p for p in show["plays"] if p["seat"] == show["winner"])
            out.append(t("web.call-kitti.show_won", n=i + 1, name=t.name(show["winner"]),
                         category=t(f"set.{play['category']}"), cards=t.cards(play["cards"])))
        if view["winner"] is not None:
            out.append(t("web.call-kitti.winner", name=t.name(view["winner"])))
        return out

    def columns(self, view: View, t: Text) -> list[tuple[str, list[str]]]:
        dash = "–"
        return [(t("web.call-kitti.bids"), [dash if b is None else str(b) for b in view["bids"]]),
                (t("web.call-kitti.won"), [str(w) for w in view["won"]]),
                (t("web.call-kitti.points"), [str(p) for p in view["points"]]),
                (t("label.payments"), [f"{p:+d}" for p in view["payments"]])]


ADAPTERS: dict[str, Game] = {g.name: g for g in (Kocka(), Katte(), Katko(), CallKitti())}


def adapter(name: str) -> Game:
    return ADAPTERS.get(name, Game())
