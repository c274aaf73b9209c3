"""What differs per game on the table: score lines, the centre, prompts, event
sentences, and the deal summary. Everything here reads ``match.view(seat)`` (what the
human may know) and the engine's events; nothing decides a rule.
"""

from __future__ import annotations

from typing import Any

from .text import Text

View = dict[str, Any]


def card_item(code: str, deck: str, t: Text) -> dict[str, Any]:
    return {"code": code, "img": f"cards/{deck}/{code}.svg", "label": t.card(code, deck)}


def group(label: str, codes: list[str], deck: str, t: Text, note: str = "") -> dict[str, Any]:
    """Cards on show in the centre under a caption (a shown hand, the cards you passed …)."""
    return {"label": label, "cards": [card_item(c, deck, t) for c in codes], "note": note}


class Game:
    """Defaults that fit any trick game; a game overrides what it shows differently."""

    name = ""
    deck = "french"
    can_leave = False  # may the human hand the seat to a computer player mid-deal?

    def score(self, view: View, seat: int, t: Text) -> str:
        return ""

    def out(self, view: View, seat: int) -> bool:
        """Is the seat out of this deal (greyed)?"""
        return False

    def word(self, view: View, seat: int) -> list[list[Any]] | None:
        return None

    def highlight(self, view: View) -> list[str]:
        """Cards of the hand to mark (Kočka: the three you received)."""
        return []

    def prompt(self, view: View, t: Text) -> str:
        """The status line when it is the human's turn to play."""
        return t("web.table.turn.you")

    def center(self, view: View, t: Text) -> dict[str, Any]:
        """Things on the table besides the trick: a turned trump card, the pot …"""
        return {"cards": [], "lines": [], "groups": []}

    def event(self, event: dict[str, Any], t: Text) -> str | None:
        return t.event(event, game=self.name)

    def trick_title(self, trick: dict[str, Any], index: int, t: Text) -> str:
        return ""

    def lines(self, view: View, t: Text) -> list[str]:
        return []

    def trick_lines(self, view: View, t: Text) -> list[str]:
        """The summary's account of the deal: who took which trick, with what."""
        out = []
        for e in view["events"]:
            if e["kind"] != "trick_won":
                continue
            points = e.get("points")
            key = "web.summary.trick.points" if points else "web.summary.trick"
            out.append(t(key, n=e["trick"], name=t.name(e["seat"]), card=t.card(e["card"]), points=points))
        return out

    def columns(self, view: View, t: Text) -> list[tuple[str, list[str]]]:
        """Summary columns after the player's name: (header, one value per seat)."""
        return []

    def summary(self, view: View, t: Text) -> dict[str, Any]:
        cols = self.columns(view, t)
        n = len(t.names)
        return {"lines": self.lines(view, t), "groups": self.summary_groups(view, t),
                "headers": [t("web.summary.player")] + [h for h, _ in cols],
                "rows": [{"seat": s, "cells": [t.name(s)] + [v[s] for _, v in cols]} for s in range(n)]}

    def summary_groups(self, view: View, t: Text) -> list[dict[str, Any]]:
        return []


class Kocka(Game):
    name = "kocka"
    deck = "german"

    @staticmethod
    def letters(view: View, seat: int) -> str:
        return " ".join(view["word"][: view["letters"][seat]]) or "–"

    def score(self, view: View, seat: int, t: Text) -> str:
        return t("web.kocka.seat_points", points=view["points"][seat])

    def word(self, view: View, seat: int) -> list[list[Any]] | None:
        taken = view["letters"][seat]
        return [[letter, i < taken] for i, letter in enumerate(view["word"])]

    def highlight(self, view: View) -> list[str]:
        received = view.get("received") or []
        if view["tricks"] or view["phase"] == "over":
            return []
        return [c for c in received if c in view["hand"]]

    def center(self, view: View, t: Text) -> dict[str, Any]:
        groups = []
        if view.get("passed") and not view["tricks"] and view["phase"] != "over":
            groups.append(group(t("web.kocka.you_passed", name=t.name((view["seat"] + 1) % 4)),
                                view["passed"], "german", t))
            if view.get("received"):
                groups.append(group(t("web.kocka.you_received", name=t.name((view["seat"] + 3) % 4)),
                                    view["received"], "german", t))
        return {"cards": [], "lines": [], "groups": groups}

    def event(self, event: dict[str, Any], t: Text) -> str | None:
        kind = event["kind"]
        if kind == "trick_won":
            return t.event(event, "web.kocka.trick_points")
        if kind == "deal_result":
            if event.get("early_end"):
                return t("web.kocka.early", trick=event["tricks_played"])
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
        if view["hejma"] is not None:
            out.append(t("web.kocka.hejma_taken", name=t.name(view["hejma"])))
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
    can_leave = True

    def score(self, view: View, seat: int, t: Text) -> str:
        text = t("web.katte.score", chips=view["chips"][seat], tricks=view["tricks_won"][seat])
        if seat in view["eliminated"]:
            text += " · " + t("katte.eliminated")
        if seat in view.get("bots", []) and seat == t.me:
            text += " · " + t("web.katte.bot_plays")
        return text

    def out(self, view: View, seat: int) -> bool:
        return seat in view["eliminated"]

    def prompt(self, view: View, t: Text) -> str:
        trick = view.get("trick") or {}
        legal = view.get("legal") or []
        best = view.get("best")
        if view["phase"] == "showdown":
            if not trick.get("plays"):
                return t("web.katte.prompt.showdown_lead")
            return t("web.katte.prompt.showdown", best=t.card(best)) if best else t("web.katte.prompt.showdown_lead")
        if not trick.get("plays") or best is None:
            return t("web.katte.prompt.lead", n=view["trick_number"])
        beat = any(" play " in a for a in legal)
        discard = any(" discard " in a for a in legal)
        if beat and discard:
            return t("web.katte.prompt.choose", best=t.card(best))
        if beat:
            return t("web.katte.prompt.must_beat", best=t.card(best))
        return t("web.katte.prompt.discard", best=t.card(best))

    def center(self, view: View, t: Text) -> dict[str, Any]:
        lines = [t("web.katte.pot", pot=view["pot"])] if view["pot"] else []
        if view["phase"] == "showdown":
            lines.append(t("katte.phase.showdown"))
        elif view["phase"] == "play" and view.get("trick_number"):
            lines.append(t("web.katte.trick_of", n=view["trick_number"]))
        groups = []
        redeal = any(e["kind"] == "redeal" for e in view["events"])
        for seat, codes in view["shown"].items():
            label = "web.katte.shown" if redeal else "web.katte.shown_auto"
            groups.append(group(t(label, name=t.name(int(seat))), codes, "french", t))
        return {"cards": [], "lines": lines, "groups": groups}

    def event(self, event: dict[str, Any], t: Text) -> str | None:
        kind = event["kind"]
        if kind == "discarded" and event["seat"] == t.me:
            return None  # "You discard …" (discarded_card) says it better
        if kind == "deal_result" and event.get("winner") is None:
            return t("reason.double_automatic")
        if kind == "revealed":
            cards = ", ".join(t("web.katte.reveal_card", name=t.name(c["seat"]), card=t.card(c["card"]))
                              for c in event["cards"])
            return t("web.event.katte.revealed", cards=cards, suit=t.suit(event["suit"]))
        return super().event(event, t)

    def trick_title(self, trick: dict[str, Any], index: int, t: Text) -> str:
        if index == 4:
            return t("katte.phase.showdown")
        if index == 5:
            return t("web.katte.trick6")
        return ""

    def lines(self, view: View, t: Text) -> list[str]:
        result = view["result"] or {}
        reason = next((e["reason"] for e in view["events"] if e["kind"] == "deal_result"), "")
        if result.get("winner") is None:
            return [t("reason.double_automatic")]
        out = [t("web.katte.winner", name=t.name(result["winner"]), reason=t(f"reason.{reason}"))]
        if result.get("automatic"):
            out.append(t("web.katte.automatic_pay"))
        if result.get("eliminated"):
            out.append(t("web.katte.eliminated", seats=", ".join(t.name(s) for s in result["eliminated"])))
        return out

    def trick_lines(self, view: View, t: Text) -> list[str]:
        out = super().trick_lines(view, t)
        for e in view["events"]:
            if e["kind"] == "revealed":
                cards = ", ".join(t("web.katte.reveal_card", name=t.name(c["seat"]), card=t.card(c["card"]))
                                  for c in e["cards"])
                out.insert(len(out) - 1 if out else 0, t("web.event.katte.revealed", cards=cards, suit=t.suit(e["suit"])))
        return out

    def summary_groups(self, view: View, t: Text) -> list[dict[str, Any]]:
        redeal = any(e["kind"] == "redeal" for e in view["events"])
        label = "web.katte.shown" if redeal else "web.katte.shown_auto"
        return [group(t(label, name=t.name(int(s))), codes, "french", t) for s, codes in view["shown"].items()]

    def columns(self, view: View, t: Text) -> list[tuple[str, list[str]]]:
        change: list[int] = (view["result"] or {}).get("chips") or [0] * len(view["chips"])
        return [(t("web.katte.tricks"), [str(w) for w in view["tricks_won"]]),
                (t("web.katte.change"), [f"{c:+d}" for c in change]),
                (t("katte.chips"), [str(c) for c in view["chips"]])]


class Katko(Game):
    name = "katko"

    def score(self, view: View, seat: int, t: Text) -> str:
        return t("web.katko.score", score=view["scores"][seat], target=view["target"])

    def prompt(self, view: View, t: Text) -> str:
        if view.get("last_trick"):
            return t("web.katko.prompt.last")
        return super().prompt(view, t)

    def center(self, view: View, t: Text) -> dict[str, Any]:
        lines = [t("web.katko.target", target=view["target"])]
        if view.get("last_trick"):
            lines.append(t("web.katko.last_trick_now"))
        if view.get("deuce_bonus"):
            lines.append(t("web.katko.deuce_on"))
        if not view["turned"]:
            return {"cards": [], "lines": lines, "groups": []}
        suit = t(f"card.french.suit.{view['trump']}")
        return {"cards": [card_item(view["turned"], "french", t)],
                "lines": [t("web.katko.trump", suit=suit)] + lines, "groups": []}

    def event(self, event: dict[str, Any], t: Text) -> str | None:
        if event["kind"] == "deal_result" and event.get("reason") == "deuce_bonus":
            return t("web.katko.deuce", name=t.name(event["last_trick"]))
        return super().event(event, t)

    def lines(self, view: View, t: Text) -> list[str]:
        result = view["result"] or {}
        out = []
        if result.get("last_trick") is not None:
            s = result["last_trick"]
            if result.get("game_won"):
                out.append(t("web.katko.deuce", name=t.name(s)))
            else:
                out.append(t("web.katko.last_trick", name=t.name(s), points=result["points"][s]))
        if any(e["kind"] == "target_tie" for e in view["events"]):
            out.append(t("web.event.katko.target_tie"))
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

    def prompt(self, view: View, t: Text) -> str:
        if view["phase"] == "bid":
            return t("web.call-kitti.prompt.bid")
        return super().prompt(view, t)

    def center(self, view: View, t: Text) -> dict[str, Any]:
        mine = view.get("arrangement")
        if not mine or view["phase"] == "over":
            return {"cards": [], "lines": [], "groups": []}
        played = len(view["tricks"])
        groups = [group(t("web.select.set", n=i + 1), s, "french", t, self.category(s, t))
                  for i, s in enumerate(mine["sets"]) if i >= played]
        groups.append(group(t("label.discard"), [mine["discard"]], "french", t))
        return {"cards": [], "lines": [t("web.call-kitti.your_sets")], "groups": groups}

    @staticmethod
    def category(codes: list[str], t: Text) -> str:
        from engine.cards import FRENCH
        from engine.games.call_kitti import set_category

        return t.category(set_category(FRENCH.parse(c) for c in codes))

    def event(self, event: dict[str, Any], t: Text) -> str | None:
        kind = event["kind"]
        if kind in ("show", "arranged") or (kind == "seat_arranged" and event["seat"] == t.me):
            return None  # shows are drawn on the table; your own arrangement you just made
        return super().event(event, t)

    def trick_title(self, trick: dict[str, Any], index: int, t: Text) -> str:
        return t("web.call-kitti.show_n", n=index + 1)

    def trick_lines(self, view: View, t: Text) -> list[str]:
        return []  # the lines say it, show by show

    def lines(self, view: View, t: Text) -> list[str]:
        out = []
        if view.get("declared_by") is not None:
            out.append(t("web.call-kitti.declared", name=t.name(view["declared_by"])))
        for i, show in enumerate(view["tricks"]):
            if show["winner"] is None:
                out.append(t("web.call-kitti.show_tied", n=i + 1))
                continue
            play = next(p for p in show["plays"] if p["seat"] == show["winner"])
            out.append(t("web.call-kitti.show_won", n=i + 1, name=t.name(show["winner"]),
                         category=t.category(play["category"]), cards=t.cards(play["cards"])))
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
