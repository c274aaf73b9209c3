"""What differs per game on the table: score lines, the centre, prompts, event
sentences, the deal summary and the score sheet. Everything here reads
``match.view(seat)`` (what the human may know), the engine's events and its public
functions and constants; nothing decides a rule.

What the table draws from here (the shapes the controller and the model rely on):

* ``taken(event, view, t) -> str``: the visible sentence for a finished trick or show
  (a ``trick_won``, ``show_won`` or ``show_tied`` event), in the second person when the
  human took it;
* ``early_end(event, view, t) -> str | None``: why a deal ended before its last trick
  (a ``deal_result`` event; Kočka's O-8), ``None`` when it did not;
* ``card_note(code, view, t) -> str``: a small mark for a card of the human's hand;
* ``center(view, t) -> {"cards", "lines", "groups"}``;
* ``leader(view) -> int | None``: the seat that leads the trick in play;
* ``summary(view, t) -> {"lines", "groups", "headers", "rows": [{"seat", "cells"}]}``;
* ``sheet(match, seat, t) -> {"title", "headers", "rows", "totals"}``: the score sheet;
* Katte's ``session_summary(view, t)``: the final standings of a session, shaped as
  ``summary``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .text import Text

if TYPE_CHECKING:
    from engine import Match

View = dict[str, Any]
DONE = ("trick_won", "show_won", "show_tied")  # events that finish a trick (a show)


def card_item(code: str, deck: str, t: Text) -> dict[str, Any]:
    return {"code": code, "img": f"cards/{deck}/{code}.svg", "label": t.card(code, deck)}


def group(label: str, codes: list[str], deck: str, t: Text, note: str = "") -> dict[str, Any]:
    """Cards on show in the centre under a caption (a shown hand, the cards you passed …)."""
    return {"label": label, "cards": [card_item(c, deck, t) for c in codes], "note": note}


def signed(n: int) -> str:
    """A gain or a loss: "+3", "−2" (a real minus sign), "0"."""
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"\u2212{-n}"
    return "0"


def num(n: int) -> str:
    """A total that may be negative, with a real minus sign: "5", "−3"."""
    return f"\u2212{-n}" if n < 0 else str(n)


def ranked(values: list[int]) -> list[tuple[int, int]]:
    """(place, seat), best first; equal values share a place (1, 2, 2, 4)."""
    order = sorted(range(len(values)), key=lambda s: (-values[s], s))
    out: list[tuple[int, int]] = []
    for i, s in enumerate(order):
        place = out[-1][0] if i and values[s] == values[order[i - 1]] else i + 1
        out.append((place, s))
    return out


def sheet(t: Text, first: str, n: int, rows: list[list[str]], totals: list[str] | None) -> dict[str, Any]:
    """The score sheet's shape: a column per seat after the deal's column."""
    return {"title": t("web.sheet.title"), "headers": [first] + [t.name(s) for s in range(n)],
            "rows": rows, "totals": totals}


class Game:
    """Defaults that fit any trick game; a game overrides what it shows differently."""

    name = ""
    can_leave = False  # may the human hand the seat to a computer player mid-deal?
    steps = False  # do its finished tricks wait for the player to step on (Call Kitti's shows)?

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

    def held(self, view: View) -> list[str]:
        """The cards drawn as the human's hand (Call Kitti: none once they are set out)."""
        return list(view["hand"])

    def card_note(self, code: str, view: View, t: Text) -> str:
        """A small mark on a card of the human's hand ("" for none)."""
        return ""

    def leader(self, view: View) -> int | None:
        """The seat that leads the trick in play (the leader mark follows it); None
        when no trick is in play (between deals; Call Kitti's shows play themselves)."""
        trick = view.get("trick")
        return trick["leader"] if trick else None

    def prompt(self, view: View, t: Text) -> str:
        """The status line when it is the human's turn to play."""
        return t("web.table.turn.you")

    def center(self, view: View, t: Text) -> dict[str, Any]:
        """Things on the table besides the trick: a turned trump card, the pot …"""
        return {"cards": [], "lines": [], "groups": []}

    def event(self, event: dict[str, Any], t: Text, view: View | None = None) -> str | None:
        """An event in words for the live region; with ``view``, a finished trick says
        what :meth:`taken` says and an early end what :meth:`early_end` says."""
        if view is not None and event["kind"] in DONE:
            return self.taken(event, view, t)
        if view is not None and event["kind"] == "deal_result":
            early = self.early_end(event, view, t)
            if early:
                return early
        return t.event(event, game=self.name)

    def taken(self, event: dict[str, Any], view: View, t: Text) -> str:
        """Who took the finished trick (a ``trick_won`` event), with what."""
        return t.you("web.taken.trick", event["seat"], n=event["trick"], card=t.card(event["card"]))

    def early_end(self, event: dict[str, Any], view: View, t: Text) -> str | None:
        """Why a deal (a ``deal_result`` event) ended before its last trick; None if it did not."""
        return None

    def trick_title(self, trick: dict[str, Any], index: int, t: Text) -> str:
        return ""

    def scores_at(self, view: View, index: int, t: Text) -> list[str] | None:
        """Each seat's score line as it stood once the finished trick (show) ``index`` was
        taken, where tricks finish together and the table's own lines are the deal's
        end; None: those of the table now."""
        return None

    def info_at(self, view: View, index: int, t: Text) -> list[str] | None:
        """The felt's words (:meth:`center`'s lines) while the finished trick ``index``
        is shown, when they name the trick ("Trick 3 of 6"); None: those of the table now."""
        return None

    def lines(self, view: View, t: Text) -> list[str]:
        return []

    def trick_lines(self, view: View, t: Text) -> list[str]:
        """The summary's account of the deal: who took which trick, with what."""
        return [self.taken(e, view, t) for e in view["events"] if e["kind"] in DONE]

    def columns(self, view: View, t: Text) -> list[tuple[str, list[str]]]:
        """Summary columns after the player's name: (header, one value per seat)."""
        return []

    def order(self, view: View) -> list[int]:
        """The summary's rows, seat by seat (Call Kitti's match end: by final place)."""
        return list(range(view["players"]))

    def summary(self, view: View, t: Text) -> dict[str, Any]:
        cols = self.columns(view, t)
        return {"lines": self.lines(view, t), "groups": self.summary_groups(view, t),
                "headers": [t("web.summary.player")] + [h for h, _ in cols],
                "rows": [{"seat": s, "cells": [t.name(s)] + [v[s] for _, v in cols]} for s in self.order(view)],
                "legend": self.legend(t)}

    def legend(self, t: Text) -> list[str]:
        """What the results' short column names mean, said under the table."""
        return []

    def summary_groups(self, view: View, t: Text) -> list[dict[str, Any]]:
        return []

    def sheet(self, match: Match, seat: int, t: Text) -> dict[str, Any]:
        """The score sheet across the match's finished deals: one row per deal (its
        number, then a cell per seat), and the totals so far."""
        rows = [[str(i + 1)] + ["" for _ in range(match.players)] for i in range(len(match.summaries))]
        return sheet(t, t("web.sheet.deal"), match.players, rows, None)


class Kocka(Game):
    name = "kocka"

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

    def card_note(self, code: str, view: View, t: Text) -> str:
        """O-7: a penalty card's points; the Hejma marked as itself (it also breaks a tie, O-9)."""
        from engine.games.kocka import HEJMA_CODE, penalty

        points = penalty(code)
        if code == HEJMA_CODE:
            return t("web.kocka.note.hejma", points=points)
        return t("web.kocka.note", points=points) if points else ""

    def center(self, view: View, t: Text) -> dict[str, Any]:
        from engine.games.kocka import SEATS, Kocka, still_out

        groups = []
        if view.get("passed") and not view["tricks"] and view["phase"] != "over":
            me = view["seat"]
            # who gets my cards, and whose I got: as the engine passes them (O-5)
            to = Kocka.passes_to(me)
            giver = next(s for s in range(SEATS) if Kocka.passes_to(s) == me)
            groups.append(group(t("web.kocka.you_passed", name=t.name(to)), view["passed"], t.deck, t))
            if view.get("received"):
                groups.append(group(t("web.kocka.you_received", name=t.name(giver)), view["received"], t.deck, t))
        lines = []
        if view["phase"] == "play":
            lines.append(t("web.kocka.still_out", points=still_out(view["points"])))
        return {"cards": [], "lines": lines, "groups": groups}

    def event(self, event: dict[str, Any], t: Text, view: View | None = None) -> str | None:
        kind = event["kind"]
        if view is not None and (kind in DONE or (kind == "deal_result" and event.get("early_end"))):
            return super().event(event, t, view)
        if kind == "trick_won":
            return t.event(event, "web.kocka.trick_points")
        if kind == "deal_result":
            if event.get("early_end"):
                return t("web.kocka.early", trick=event["tricks_played"])
            if event["loser"] is None:
                return t("web.kocka.draw")
            return t.you("web.kocka.deal_lost", event["loser"], points=event["penalty"][event["loser"]])
        if kind == "letter":
            return t.event(event, "web.kocka.letter")
        if kind == "seat_passed" and event["seat"] == t.me:
            return None  # "You pass …" says it
        return super().event(event, t, view)

    def taken(self, event: dict[str, Any], view: View, t: Text) -> str:
        """Who took the trick, with what, and its penalty points (O-7), the last trick's 5 said."""
        from engine.games.kocka import HEJMA_CODE, LAST_TRICK_BONUS

        seat, n, points = event["seat"], event["trick"], event.get("points") or 0
        tricks = view.get("tricks") or []
        plays = tricks[n - 1]["plays"] if 0 < n <= len(tricks) else []
        hejma = any(p.get("card") == HEJMA_CODE for p in plays)
        params = {"n": n, "card": t.card(event["card"]), "points": points}
        if event.get("last"):
            return t.you("web.taken.kocka.last", seat, bonus=LAST_TRICK_BONUS, **params)
        if hejma:
            return t.you("web.taken.kocka.hejma", seat, **params)
        if points:
            return t.you("web.taken.kocka", seat, **params)
        return t.you("web.taken.trick", seat, **params)

    def early_end(self, event: dict[str, Any], view: View, t: Text) -> str | None:
        """O-8: who is certain to lose, why, and that the rest of the deal is not played."""
        from engine.games.kocka import TRICKS, early_end, still_out

        if event.get("kind") != "deal_result" or not event.get("early_end"):
            return None
        penalty: list[int] = event["penalty"]
        played: int = event["tricks_played"]
        certain = early_end(penalty, view.get("hejma"), view["options"]["early_end"])
        if certain is None:  # not this view's deal: the plain sentence
            return t("web.kocka.early", trick=played)
        seat, why = certain
        return t.you(f"web.kocka.early.{why}", seat, trick=played, points=penalty[seat],
                     rest=still_out(penalty), left=TRICKS - played)

    def lines(self, view: View, t: Text) -> list[str]:
        result = view["result"] or {}
        events = view["events"]
        out = [line for e in events if e["kind"] == "deal_result"
               for line in [self.early_end(e, view, t)] if line]
        loser = result.get("loser")
        if loser is None:
            out.append(t("web.kocka.draw"))
        else:
            letter = next((e["letter"] for e in events if e["kind"] == "letter"), "")
            hejma = any(e["kind"] == "deal_result" and e["reason"] == "hejma_tiebreak" for e in events)
            key = "web.kocka.loser.hejma" if hejma else "web.kocka.loser"
            out.append(t.you(key, loser, points=result["penalty"][loser], letter=letter))
        if view["hejma"] is not None:
            out.append(t.you("web.kocka.hejma_taken", view["hejma"]))
        if view["loser"] is not None:
            out.append(t.you("web.kocka.match_loser", view["loser"], word=view["word"]))
        return out

    def columns(self, view: View, t: Text) -> list[tuple[str, list[str]]]:
        penalty: list[int] = (view["result"] or {}).get("penalty") or view["points"]
        n = len(penalty)
        return [(t("web.kocka.points"), [str(p) for p in penalty]),
                (t("web.kocka.letters"), [self.letters(view, s) for s in range(n)])]

    def sheet(self, match: Match, seat: int, t: Text) -> dict[str, Any]:
        """Each deal's penalty points, the loser's cell with the letter taken (O-9);
        the totals are the letters of the word each seat has (points are not carried)."""
        word: str = match.options["word"]
        n = match.players
        count = [0] * n
        rows = []
        for i, summary in enumerate(match.summaries):
            result = summary["result"]
            loser = result.get("loser")
            cells = [str(p) for p in result["penalty"]]
            if loser is not None:
                count[loser] += 1
                cells[loser] = t("web.sheet.kocka.letter", points=result["penalty"][loser],
                                 letter=word[count[loser] - 1])
            first = t("web.sheet.draw", n=i + 1) if loser is None else str(i + 1)
            rows.append([first] + cells)
        letters: list[int] = match.standing()["letters"]
        totals = [t("web.kocka.letters")] + [" ".join(word[:k]) or "–" for k in letters]
        return sheet(t, t("web.sheet.deal"), n, rows, totals)


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
        said = self.what_to_do(view, t)
        warning = self.no_trick_yet(view, t)
        return f"{said} {warning}" if warning else said

    @staticmethod
    def no_trick_yet(view: View, t: Text) -> str:
        """From the third trick, a player with no trick yet is told how many tricks are
        left to take one (K-9: with none in the first four, they are out of the hand)."""
        from engine.games.katte import SHOWDOWN_TRICK

        n = view.get("trick_number")
        if view["phase"] != "play" or not n or view["tricks_won"][view["seat"]]:
            return ""
        left = SHOWDOWN_TRICK - n
        return t("web.katte.prompt.no_trick", left=left) if 0 < left <= 2 else ""

    def what_to_do(self, view: View, t: Text) -> str:
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
        lines = self.info(view, view.get("trick_number"), t)
        groups = []
        redeal = any(e["kind"] == "redeal" for e in view["events"])
        for seat, codes in view["shown"].items():
            label = "web.katte.shown" if redeal else "web.katte.shown_auto"
            groups.append(group(t(label, name=t.name(int(seat))), codes, t.deck, t))
        return {"cards": [], "lines": lines, "groups": groups}

    @staticmethod
    def info(view: View, n: int | None, t: Text) -> list[str]:
        """The felt's words during trick ``n``: the pot, which trick it is."""
        from engine.games.katte import SHOWDOWN_TRICK

        lines = [t("web.katte.pot", pot=view["pot"])] if view["pot"] else []
        if n == SHOWDOWN_TRICK:
            lines.append(t("katte.phase.showdown"))
        elif n and n < SHOWDOWN_TRICK:
            lines.append(t("web.katte.trick_of", n=n))
        return lines

    def info_at(self, view: View, index: int, t: Text) -> list[str] | None:
        return self.info(view, index + 1, t)

    def event(self, event: dict[str, Any], t: Text, view: View | None = None) -> str | None:
        kind = event["kind"]
        if kind == "discarded" and event["seat"] == t.me:
            return None  # "You discard …" (discarded_card) says it better
        if kind == "deal_result" and event.get("winner") is None:
            return t("reason.double_automatic")
        if kind == "revealed":
            return self.revealed(event, t)
        return super().event(event, t, view)

    @staticmethod
    def revealed(event: dict[str, Any], t: Text) -> str:
        cards = ", ".join(t("web.katte.reveal_card", name=t.name(c["seat"]), card=t.card(c["card"]))
                          for c in event["cards"])
        return t("web.event.katte.revealed", cards=cards, suit=t.suit(event["suit"]))

    def taken(self, event: dict[str, Any], view: View, t: Text) -> str:
        """Tricks 1–4 (K-8), the showdown (trick 5, K-10) and the reveal (trick 6, K-11)."""
        from engine.games.katte import REVEAL_TRICK, SHOWDOWN_TRICK

        seat, n, reason = event["seat"], event["trick"], event.get("reason")
        # "with the card": a language may need a case for it (Finnish "herttaässällä")
        params = {"n": n, "card": t.card(event["card"]), "card_ins": t.card(event["card"], case="ins")}
        if n == SHOWDOWN_TRICK:
            return t.you("web.taken.katte.showdown", seat, **params)
        if n == REVEAL_TRICK:
            key = "web.taken.katte.reveal.nobody_beat" if reason == "nobody_beat" else "web.taken.katte.reveal"
            return t.you(key, seat, **params)
        if reason == "all_discarded":
            return t.you("web.taken.katte.all_discarded", seat, **params)
        return t.you("web.taken.trick", seat, **params)

    def lines(self, view: View, t: Text) -> list[str]:
        result = view["result"] or {}
        reason = next((e["reason"] for e in view["events"] if e["kind"] == "deal_result"), "")
        if result.get("winner") is None:
            return [t("reason.double_automatic")]
        why = t(f"reason.{reason}") if t.has(f"reason.{reason}") else ""
        out = [t.you("web.katte.winner", result["winner"], reason=why)]
        if result.get("automatic"):
            out.append(t("web.katte.automatic_pay"))
        if result.get("eliminated"):
            out.append(t("web.katte.eliminated", seats=", ".join(t.name(s) for s in result["eliminated"]),
                         count=len(result["eliminated"])))
        return out

    def trick_lines(self, view: View, t: Text) -> list[str]:
        out = []
        for e in view["events"]:
            if e["kind"] == "revealed":
                out.append(self.revealed(e, t))
            elif e["kind"] in DONE:
                out.append(self.taken(e, view, t))
        return out

    def summary_groups(self, view: View, t: Text) -> list[dict[str, Any]]:
        redeal = any(e["kind"] == "redeal" for e in view["events"])
        label = "web.katte.shown" if redeal else "web.katte.shown_auto"
        return [group(t(label, name=t.name(int(s))), codes, t.deck, t) for s, codes in view["shown"].items()]

    def columns(self, view: View, t: Text) -> list[tuple[str, list[str]]]:
        change: list[int] = (view["result"] or {}).get("chips") or [0] * len(view["chips"])
        return [(t("web.katte.tricks"), [str(w) for w in view["tricks_won"]]),
                (t("web.katte.change"), [signed(c) for c in change]),
                (t("katte.chips"), [signed(c) for c in view["chips"]])]

    def session_summary(self, view: View, t: Text) -> dict[str, Any]:
        """The end of a session (the table's, K-3 has none): standings by chips, best
        first, equal chips sharing a place. Shaped as :meth:`summary` (and a title)."""
        chips: list[int] = view["chips"]
        hands = view["deal"] + (1 if view.get("result") is not None else 0)
        places = ranked(chips)
        top = [s for p, s in places if p == 1]
        lines = [t("web.katte.session.after", n=hands)]
        if len(top) == 1:
            lines.append(t.you("web.katte.session.leader", top[0], chips=signed(chips[top[0]])))
        else:
            lines.append(t("web.katte.session.tied", seats=", ".join(t.name(s) for s in top),
                           chips=signed(chips[top[0]])))
        return {"title": t("web.katte.session.title"), "lines": lines, "groups": [],
                "headers": [t("web.summary.player"), t("web.standings.place"), t("katte.chips")],
                "rows": [{"seat": s, "place": p, "cells": [t.name(s), t("web.standings.place_n", n=p),
                                                           signed(chips[s])]} for p, s in places]}

    def sheet(self, match: Match, seat: int, t: Text) -> dict[str, Any]:
        """Each hand's chips won or lost (K-6, K-12); the totals are the running balances."""
        rows = []
        for i, summary in enumerate(match.summaries):
            result = summary["result"]
            first = t("web.sheet.redeal", n=i + 1) if result.get("winner") is None else str(i + 1)
            rows.append([first] + [signed(c) for c in result["chips"]])
        chips: list[int] = match.standing()["chips"]
        return sheet(t, t("web.sheet.hand"), match.players, rows, [t("katte.chips")] + [signed(c) for c in chips])


class Katko(Game):
    name = "katko"

    def score(self, view: View, seat: int, t: Text) -> str:
        return t("web.katko.score", score=view["scores"][seat], target=view["target"])

    def prompt(self, view: View, t: Text) -> str:
        if view.get("last_trick"):
            return t("web.katko.prompt.last")
        return super().prompt(view, t)

    def center(self, view: View, t: Text) -> dict[str, Any]:
        from engine.games.katko import trick_of

        lines = [t("web.katko.target", target=view["target"])]
        progress = trick_of(view)
        if progress is not None:
            lines.append(t("web.katko.trick_of", n=progress[0], total=progress[1]))
        if view.get("last_trick"):
            lines.append(t("web.katko.last_trick_now"))
        if view.get("deuce_bonus"):
            lines.append(t("web.katko.deuce_on"))
        if not view["turned"]:
            return {"cards": [], "lines": lines, "groups": []}
        suit = t(f"card.french.suit.{view['trump']}")
        return {"cards": [card_item(view["turned"], t.deck, t)],
                "lines": [t("web.katko.trump", suit=suit)] + lines, "groups": []}

    def info_at(self, view: View, index: int, t: Text) -> list[str] | None:
        # the felt as it was during that trick: its number, and whether it was the last
        during = {**view, "phase": "play", "tricks": (view.get("tricks") or [])[:index],
                  "last_trick": index + 1 == view["hand_size"]}
        lines: list[str] = self.center(during, t)["lines"]
        return lines

    def event(self, event: dict[str, Any], t: Text, view: View | None = None) -> str | None:
        if event["kind"] == "deal_result" and event.get("reason") == "deuce_bonus":
            return t.you("web.katko.deuce", event["last_trick"])
        if event["kind"] == "deal_result" and view is not None:
            return None  # the last trick's own sentence ("takes the last trick and scores …") said it
        return super().event(event, t, view)

    def taken(self, event: dict[str, Any], view: View, t: Text) -> str:
        """Only the last trick scores (T-9), with the deuce bonus; a 2's point where played."""
        seat, points = event["seat"], event.get("points") or 0
        params = {"n": event["trick"], "card": t.card(event["card"]), "points": points}
        if event.get("last"):
            bonus = any(e["kind"] == "deal_result" and e.get("reason") == "deuce_bonus"
                        for e in view.get("events") or [])
            return t.you("web.taken.katko.deuce" if bonus else "web.taken.katko.last", seat, **params)
        if points:
            return t.you("web.taken.katko.two", seat, **params)
        return t.you("web.taken.trick", seat, **params)

    def lines(self, view: View, t: Text) -> list[str]:
        result = view["result"] or {}
        out = []
        if result.get("last_trick") is not None:
            s = result["last_trick"]
            if result.get("game_won"):
                out.append(t.you("web.katko.deuce", s))
            else:
                out.append(t.you("web.katko.last_trick", s, points=result["points"][s]))
        if any(e["kind"] == "target_tie" for e in view["events"]):
            out.append(t("web.event.katko.target_tie"))
        if view["winner"] is not None:
            out.append(t.you("web.katko.winner", view["winner"]))
        return out

    def columns(self, view: View, t: Text) -> list[tuple[str, list[str]]]:
        points: list[int] = (view["result"] or {}).get("points") or view["points"]
        return [(t("web.katko.deal_points"), [str(p) for p in points]),
                (t("web.katko.total", target=view["target"]), [str(s) for s in view["scores"]])]

    def sheet(self, match: Match, seat: int, t: Text) -> dict[str, Any]:
        """Each deal's points (T-9); the totals are the scores towards the target (T-10)."""
        rows = []
        for i, summary in enumerate(match.summaries):
            result = summary["result"]
            first = t("web.sheet.deuce", n=i + 1) if result.get("game_won") else str(i + 1)
            rows.append([first] + [str(p) for p in result["points"]])
        scores: list[int] = match.standing()["scores"]
        totals = [t("web.katko.total", target=match.options["target"])] + [str(s) for s in scores]
        return sheet(t, t("web.sheet.deal"), match.players, rows, totals)


class CallKitti(Game):
    name = "call-kitti"

    steps = True  # the shows wait for the player: Continue, or Back to the one before

    def score(self, view: View, seat: int, t: Text) -> str:
        return self.score_line(view["points"][seat], view["won"][seat], view["bids"][seat], t)

    @staticmethod
    def score_line(points: int, won: int, bid: int | None, t: Text) -> str:
        text = t("web.call-kitti.score", points=points, won=won)
        return text + (" · " + t("web.call-kitti.bid", bid=bid) if bid is not None else "")

    def prompt(self, view: View, t: Text) -> str:
        if view["phase"] == "bid":
            return t("web.call-kitti.prompt.bid")
        return super().prompt(view, t)

    def leader(self, view: View) -> int | None:
        return None  # the shows play themselves, all four at once after the last bid

    def center(self, view: View, t: Text) -> dict[str, Any]:
        mine = view.get("arrangement")
        if not mine or view["phase"] == "over":
            return {"cards": [], "lines": [], "groups": []}
        played = len(view["tricks"])
        groups = [group(t("web.select.set", n=i + 1), s, t.deck, t, self.category(s, t))
                  for i, s in enumerate(mine["sets"]) if i >= played]
        groups.append(group(t("label.discard"), [mine["discard"]], t.deck, t))
        # the sets stand in for the hand until the deal ends: one place for each card
        return {"cards": [], "lines": [], "heading": t("web.call-kitti.your_sets"), "groups": groups}

    def held(self, view: View) -> list[str]:
        arranged = view.get("arrangement") and view["phase"] != "over"
        return [] if arranged else list(view["hand"])

    def legend(self, t: Text) -> list[str]:
        return [t("web.call-kitti.legend.wati"), t("web.call-kitti.legend.goals")]

    @staticmethod
    def category(codes: list[str], t: Text) -> str:
        from engine.cards import FRENCH
        from engine.games.call_kitti import set_category

        return t.category(set_category(FRENCH.parse(c) for c in codes))

    def event(self, event: dict[str, Any], t: Text, view: View | None = None) -> str | None:
        kind = event["kind"]
        if kind in ("show", "arranged") or (kind == "seat_arranged" and event["seat"] == t.me):
            return None  # shows are drawn on the table; your own arrangement you just made
        return super().event(event, t, view)

    def taken(self, event: dict[str, Any], view: View, t: Text) -> str:
        """A show (C-7): its winner with the winning set, or a complete tie."""
        n = event["show"]
        if event["kind"] == "show_tied":
            return t("web.taken.call-kitti.tied", n=n, seats=", ".join(t.name(s) for s in event["seats"]),
                     category=t.category(event["category"]))
        return t.you("web.taken.call-kitti", event["seat"], n=n, category=t.category(event["category"]),
                     cards=t.cards(event["cards"]))

    def trick_title(self, trick: dict[str, Any], index: int, t: Text) -> str:
        return t("web.call-kitti.show_n", n=index + 1)

    def scores_at(self, view: View, index: int, t: Text) -> list[str] | None:
        # the four shows come at once (C-7) and the deal is scored after them (C-8): while
        # show k is on the table, the boxes hold the points before this deal and k's shows
        shows = view.get("tricks") or []
        result = view.get("result") or {}
        scored = result.get("points") if view["phase"] == "over" and not result.get("cancelled") else None
        out = []
        for s in range(len(view["won"])):
            won = sum(1 for show in shows[: index + 1] if show.get("winner") == s)
            before = view["points"][s] - (scored[s] if scored else 0)
            out.append(self.score_line(before, won, view["bids"][s], t))
        return out

    def trick_lines(self, view: View, t: Text) -> list[str]:
        return []  # the lines say it, show by show

    @staticmethod
    def gained(result: dict[str, Any], seat: int, t: Text) -> str:
        """What one seat gained in a deal (C-8, C-9): "bid 1, won 3: +1", with this
        deal's WATI, goals and money where there are any."""
        if result.get("cancelled"):
            return "–"
        bid, won = result["bids"][seat], result["won"][seat]
        if result.get("struck"):
            text = t("web.call-kitti.gain.struck", bid=bid, won=won)
        else:
            text = t("web.call-kitti.gain", bid=bid, won=won, points=signed(result["points"][seat]))
        extra = []
        if result["wati"][seat]:
            extra.append(t("web.call-kitti.gain.wati", wati=result["wati"][seat]))
        if result["goals"][seat]:
            extra.append(t("web.call-kitti.gain.goals", goals=result["goals"][seat]))
        if result["payments"][seat]:
            extra.append(t("web.call-kitti.gain.money", money=signed(result["payments"][seat])))
        return ", ".join([text] + extra)

    @staticmethod
    def owed(view: View) -> list[dict[str, Any]]:
        """The match-over event's settlement breakdown (C-12), loser by loser."""
        return next((e.get("owed") or [] for e in view["events"] if e["kind"] == "match_over"), [])

    def place(self, view: View, seat: int, t: Text) -> str:
        ranking: list[int] = view["ranking"]
        k = ranking.index(seat) + 1
        title = t(f"place.{k}") if t.has(f"place.{k}") else t("web.call-kitti.place.winner")
        return t("web.standings.place_title", n=k, title=title)

    def lines(self, view: View, t: Text) -> list[str]:
        out = []
        result = view["result"] or {}
        if view.get("declared_by") is not None:
            out.append(t.you("web.call-kitti.declared", view["declared_by"]))
        for e in view["events"]:
            if e["kind"] in DONE:
                out.append(self.taken(e, view, t))
        if result.get("struck"):
            out.append(t("result.struck"))
            for special in result.get("specials") or []:
                kind = special["kind"]
                key = f"special.{kind}" if kind != "bid_four" else \
                    f"special.bid_four.{'won' if special.get('success') else 'failed'}"
                out.append(t("web.call-kitti.special", name=t.name(special["seat"]), what=t(key)))
        if any(e["kind"] == "still_tied" for e in view["events"]):
            out.append(t("web.event.call-kitti.still_tied"))
        if view["winner"] is not None:
            winner = view["winner"]
            out.append(t.you("web.call-kitti.winner", winner))
            for o in self.owed(view):
                key = "web.call-kitti.owes.doubled" if o.get("doubled") else "web.call-kitti.owes"
                out.append(t.you(key, o["seat"], winner=t.name(winner), place=t(f"place.{o['place']}"),
                                 total=o["positional"] + o["goals"], positional=o["positional"],
                                 goals=o["goals"]))
        return out

    def order(self, view: View) -> list[int]:
        ranking = view.get("ranking")
        return list(ranking) if ranking else super().order(view)

    def columns(self, view: View, t: Text) -> list[tuple[str, list[str]]]:
        """The deal: what each seat gained; then the totals (C-8 points, lifetime WATI and
        goals); at the match end the place and the settlement (C-11, C-12)."""
        result = view["result"] or {}
        n = len(view["points"])
        cols = []
        if view.get("ranking"):
            cols.append((t("web.call-kitti.place"), [self.place(view, s, t) for s in range(n)]))
        if result:
            cols.append((t("web.call-kitti.this_deal"), [self.gained(result, s, t) for s in range(n)]))
        cols += [(t("web.call-kitti.points"), [num(p) for p in view["points"]]),
                 (t("label.wati"), [str(w) for w in view["wati"]]),
                 (t("label.goals"), [str(g) for g in view["goals"]])]
        settlement = view.get("settlement")
        if settlement:
            cols.append((t("web.call-kitti.settlement"), [signed(m) for m in settlement]))
        elif any(view["payments"]):
            cols.append((t("label.payments"), [signed(p) for p in view["payments"]]))
        return cols

    def sheet(self, match: Match, seat: int, t: Text) -> dict[str, Any]:
        """Each deal's bid, shows won and gain per seat; the totals are the points, WATI,
        goals and money of the match so far (the settlement once it is over)."""
        rows = []
        for i, summary in enumerate(match.summaries):
            result = summary["result"]
            first = t("web.sheet.cancelled", n=i + 1) if result.get("cancelled") else str(i + 1)
            rows.append([first] + [self.gained(result, s, t) for s in range(match.players)])
        standing = match.standing()
        money = standing["settlement"] or standing["payments"]
        totals = [t("web.sheet.total")]
        for s in range(match.players):
            parts = [t("web.call-kitti.total.points", points=standing["points"][s])]
            if standing["wati"][s]:
                parts.append(t("web.call-kitti.total.wati", wati=standing["wati"][s]))
            if standing["goals"][s]:
                parts.append(t("web.call-kitti.gain.goals", goals=standing["goals"][s]))
            if money[s]:
                parts.append(t("web.call-kitti.gain.money", money=signed(money[s])))
            totals.append(", ".join(parts))
        return sheet(t, t("web.sheet.deal"), match.players, rows, totals)


ADAPTERS: dict[str, Game] = {g.name: g for g in (Kocka(), Katte(), Katko(), CallKitti())}


def adapter(name: str) -> Game:
    return ADAPTERS.get(name, Game())
