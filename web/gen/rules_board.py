"""An example's board and log as HTML: one position (the seats, their hands and plays)
and the whole record as a table, for the page as it reads before Python boots.

web/js/rules/lesson-board.js ``boardHtml`` draws the other steps with the same markup; the golden
test tests/test_rules_board_same.py holds the two equal on every step of every example."""

from __future__ import annotations

import html
from typing import Any

from gen.rules_common import ui, words


def card_img(code: str, deck: str, lang: str, base: str, cls: str = "") -> str:
    name = html.escape(words.card_name(code, deck, lang))
    c = f' class="{cls}"' if cls else ""
    return f'<img{c} src="{base}cards/{deck}/{code}.svg" alt="{name}" width="200" height="280">'


def render_board(step: dict[str, Any], data: dict[str, Any], lang: str, base: str) -> str:
    """One position as HTML. js/rules/lesson-board.js ``boardHtml`` draws the same markup for the
    other steps (tests/test_rules_board_same.py): change both together."""
    deck = data["deck"]
    names = data["names"]
    rows = []
    for seat, name in enumerate(names):
        classes = ["ex-seat"]
        if seat in step["act"]:
            classes.append("acting")
        if seat in step["out"]:
            classes.append("out")
        badges = ""
        if step.get("dealer") == seat:
            badges += f' <span class="ex-badge">{html.escape(ui(lang, "dealer"))}</span>'
        hand = _hand_html(step["hands"][seat], deck, lang, base)
        plays = [p for p in step["table"] if p[0] == seat]
        play = "".join(_play_html(p, deck, lang, base) for p in plays)
        rows.append(
            f'<li class="{" ".join(classes)}"><div class="ex-who"><b>{html.escape(name)}</b>{badges}'
            f'<span class="ex-st">{html.escape(step["st"][seat])}</span></div>'
            f'<div class="ex-hand">{hand}</div><div class="ex-play">{play}</div></li>')
    info = words.chips_html(step["info"], deck, lang)
    return (f'<p class="ex-head"><b class="ex-h">{html.escape(step["h"])}</b> <span class="ex-info">{info}</span></p>'
            f'<ol class="ex-seats">{"".join(rows)}</ol>'
            f'<p class="ex-text" aria-live="polite">{words.chips_html(step["text"], deck, lang)}</p>'
            f'<p class="ex-why">{words.chips_html(step["why"], deck, lang)}</p>')


def _hand_html(hand: str, deck: str, lang: str, base: str) -> str:
    if not hand:
        return ""
    groups = hand.split("|")
    out = []
    for g in groups:
        cls = "ex-group discard" if g.startswith("!") else "ex-group"
        cards = []
        for code in g.lstrip("!").split():
            new = code.startswith("*")
            cards.append(card_img(code.lstrip("*"), deck, lang, base, "new" if new else ""))
        out.append(f'<span class="{cls}">{"".join(cards)}</span>' if len(groups) > 1 else "".join(cards))
    return "".join(out)


def _play_html(play: list[Any], deck: str, lang: str, base: str) -> str:
    codes, flags = play[1], play[2]
    tag = play[3] if len(play) > 3 else ""
    cls = ["ex-card"]
    if "w" in flags:
        cls.append("win")
    if "d" in flags:
        cls.append("down")
        tag = tag or ui(lang, "face_down")
    if "p" in flags:
        cls.append("passed")
    if "t" in flags:
        cls.append("tie")
    imgs = "".join(card_img(c, deck, lang, base) for c in codes.split())
    tag_html = f'<span class="ex-tag">{html.escape(tag)}</span>' if tag else ""
    return f'<span class="{" ".join(cls)}"><span class="ex-cards">{imgs}</span>{tag_html}</span>'


def render_log(data: dict[str, Any], lang: str) -> str:
    """The whole record as a table: the printable, indexable version of the example."""
    deck = data["deck"]
    names = data["names"]
    out = []
    multi = len(data["log"]) > 1
    labels = [html.escape(ui(lang, key), quote=True) for key in ("log_trick", "log_cards", "log_winner", "log_why")]
    for deal in data["log"]:
        rows = []
        for tr in deal["tricks"]:
            plays = []
            for p in tr["plays"]:
                cards = words.chips_html(words.cards(p[1].split()), deck, lang)
                mark = " ↓" if "d" in p[2] else ""
                strong = ("<strong>", "</strong>") if "w" in p[2] else ("", "")
                plays.append(f"{strong[0]}{html.escape(names[p[0]])} {cards}{mark}{strong[1]}")
            winner = html.escape(names[tr["winner"]]) if tr["winner"] is not None else "–"
            # data-label: each cell's heading, which a phone shows beside it (rules.css stacks
            # a trick's cells there, as four columns do not fit)
            rows.append(f'<tr><th scope="row" data-label="{labels[0]}">{tr["n"]}</th><td>{" · ".join(plays)}</td>'
                        f'<td data-label="{labels[2]}">{winner}</td>'
                        f'<td data-label="{labels[3]}">{words.chips_html(tr["why"], deck, lang)}</td></tr>')
        caption = f'<caption>{html.escape(ui(lang, "deal_n", n=deal["deal"] + 1))}</caption>' if multi else ""
        head = "<thead><tr>" + "".join(f'<th scope="col">{label}</th>' for label in labels) + "</tr></thead>"
        table = f'<table class="ex-log-table">{caption}{head}<tbody>{"".join(rows)}</tbody></table>' if rows else ""
        result = (f'<p class="ex-log-result">{words.chips_html(deal["result"], deck, lang)}</p>'
                  if deal["result"] else "")
        out.append(table + result)
    return "".join(out)
