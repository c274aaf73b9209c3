"""The live examples on the rules pages: hand records loaded, replayed through the
engine (by the ``lesson`` package) and checked against what the page states, rendered
with their steps; the record codec of their embed links; Call Kitti's checked set rankings."""

from __future__ import annotations

import base64
import html
import json
import re
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gen.rules_board import card_img, render_board, render_log
from gen.rules_common import RULES, RulesError, _json_script, lesson_steps, ui, words
from gen.rules_source import Block, Page, inline, slug

# ----------------------------------------------------------- record codec


def encode_record(record: dict[str, Any]) -> str:
    """A record as a URL-safe string: ``z`` + base64url(raw deflate of the JSON), or
    ``j`` + base64url(JSON) when that is shorter. The embed page reads both."""
    data = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(data) + packer.flush()
    z = "z" + base64.urlsafe_b64encode(packed).decode().rstrip("=")
    j = "j" + base64.urlsafe_b64encode(data).decode().rstrip("=")
    return z if len(z) < len(j) else j


def decode_record(text: str) -> Any:
    raw = base64.urlsafe_b64decode(text[1:] + "=" * (-len(text[1:]) % 4))
    if text[0] == "z":
        raw = zlib.decompress(raw, -15)
    return json.loads(raw)


# ---------------------------------------------------------------- examples


def load_example(name: str, rules_dir: Path = RULES) -> dict[str, Any]:
    path = rules_dir / "examples" / f"{name}.json"
    if not path.exists():
        raise RulesError(f"no example record {path.relative_to(rules_dir.parent.parent)}")
    record: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return record


def subset(expected: Any, actual: Any) -> bool:
    """``expected`` is contained in ``actual`` (dicts by key, lists item by item)."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and subset(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) == len(actual) and all(
            subset(e, a) for e, a in zip(expected, actual))
    return bool(expected == actual)


@dataclass
class Example:
    """One example on one page, built and checked."""

    name: str
    kind: str  # example | turn
    record: dict[str, Any]
    data: dict[str, Any]
    expect: Any
    title: str
    anchor: str
    turn: tuple[int, int] | None = None


# Who a deal's result must name, from the engine's result: the hand's winner (Katte),
# the last trick's taker (Katko), the deal's loser (Kočka). Call Kitti's settlement
# names every seat.
NAMED = {"katte": "winner", "katko": "last_trick", "kocka": "loser"}
SOLE = {"katte"}  # a Katte result speaks of its winner alone


def named(names: list[str], text: str) -> list[int]:
    """The seats ``text`` names: a name at a word's start, an ending allowed after it (Nepali
    writes its case endings on the name, विकासको "Vikas's", as Finnish does, Eeron), though
    not a longer name that starts alike (Dan in Dana).

    >>> named(["Anna", "Ben", "Dan", "Dana"], "Dana wins; Ben's chips."), named(["आशा", "विकास"], "विकासको: +40")
    ([1, 3], [1])
    """
    said = []
    for seat, name in enumerate(names):
        starts = [m.start() for m in re.finditer(rf"(?<!\w){re.escape(name)}", text)]
        if any(not any(len(other) > len(name) and text.startswith(other, at) for other in names) for at in starts):
            said.append(seat)
    return said


def check_outcome(data: dict[str, Any], where: str) -> None:
    """The example's result sentences agree with the deals they sit under: each finished
    deal has one, it names the seat the engine's result names and no other seat as
    the one who won (Katte), and a deal nobody won names nobody."""
    deals = data["summary"]["deals"]
    told = {entry["deal"]: entry["result"] for entry in data["log"] if entry.get("result")}
    finished = [i for i, d in enumerate(deals) if d.get("result")]
    if sorted(told) != finished:
        raise RulesError(f"{where}: result sentences for deals {sorted(told)}, but deals {finished} are finished")
    key = NAMED.get(data["game"])
    if key is None:
        return
    names = data["names"]
    for i in finished:
        seat = deals[i]["result"].get(key)
        said = named(names, told[i])
        if seat is None and said and data["game"] in SOLE:
            raise RulesError(f"{where}: deal {i + 1} has no {key}, but its result names {[names[s] for s in said]}")
        if seat is not None and seat not in said:
            raise RulesError(f"{where}: deal {i + 1}'s result should name {names[seat]} ({key}), it says: {told[i]}")
        if seat is not None and data["game"] in SOLE and said != [seat]:
            raise RulesError(f"{where}: deal {i + 1}'s result should name only {names[seat]}, it says: {told[i]}")


def build_example(block: Block, page: Page, base: str, counter: dict[str, int]) -> tuple[str, Example]:
    lang = page.lang
    args = block.attrs["args"].split()
    if not args:
        raise RulesError(f"{page.game}.{lang}: @{block.kind} needs a record name")
    name = args[0]
    record = load_example(name)
    turn: tuple[int, int] | None = None
    if block.kind == "turn":
        if len(args) != 3:
            raise RulesError(f"{page.game}.{lang}: @turn {name} needs a deal and an action number")
        turn = (int(args[1]), int(args[2]))
    data = lesson_steps.build(record, lang, turn)
    if "error" in data:
        raise RulesError(f"{page.game}.{lang}: example {name}: {data['error']}")
    if record["game"] != page.game:
        raise RulesError(f"{page.game}.{lang}: example {name} is a {record['game']} record")
    expect = json.loads(block.attrs["expect"]) if "expect" in block.attrs else None
    if expect is not None and not subset(expect, data["summary"]):
        raise RulesError(f"{page.game}.{lang}: example {name} does not replay to what the page states: "
                         f"expected {expect}, the engine says {data['summary']}")
    check_outcome(data, f"{page.game}.{lang}: example {name}")
    counter[name] = counter.get(name, 0) + 1
    anchor = "ex-" + slug(name) + ("" if counter[name] == 1 else f"-{counter[name]}")
    title = block.attrs.get("title", name)
    ex = Example(name, block.kind, record, data, expect, title, anchor, turn)
    return render_example(ex, block, page, base), ex


def render_example(ex: Example, block: Block, page: Page, base: str) -> str:
    lang = page.lang
    data = ex.data
    deck = data["deck"]
    full = lesson_steps.expand(data["steps"])
    start = data["question"]["step"] if ex.turn else 0
    # spaced, so a narrow caption breaks its line between two options (each keeps its words)
    labels = " ".join(f'<span class="ex-opt">{html.escape(lbl)}</span>' for lbl in data["labels"])
    intro = f'<p class="ex-intro">{inline(block.attrs["intro"], deck, lang)}</p>' if "intro" in block.attrs else ""
    kind_label = ui(lang, "your_turn") if ex.turn else ui(lang, "example")
    payload = encode_record(ex.record)
    embed_hash = f"lang={lang}&r={payload}" + (f"&turn={ex.turn[0]}.{ex.turn[1]}" if ex.turn else "")
    question = ""
    if ex.turn:
        q = data["question"]
        ask = block.attrs.get("ask") or ui(lang, "ask", name=data["names"][q["seat"]])
        question = (f'<div class="ex-q"><p class="ex-ask">{inline(ask, deck, lang)}</p>'
                    f'<p class="ex-q-wait">{html.escape(ui(lang, "needs_python"))}</p></div>')
    outcome = " ".join(data["outcome"])
    client = {"steps": data["steps"], "names": data["names"], "deck": deck, "game": data["game"], "start": start}
    if ex.turn:  # Python needs the record to judge a move; other examples carry it in their embed URL
        client["question"] = data["question"]
        client["record"] = ex.record
    log = render_log(data, lang)
    return (
        f'<figure class="ex{" ex-turn" if ex.turn else ""}" id="{ex.anchor}" data-embed="{html.escape(embed_hash)}">'
        f'<figcaption><span class="ex-kind">{html.escape(kind_label)}</span> '
        f'<strong>{inline(ex.title, deck, lang)}</strong> {labels}</figcaption>'
        f'{intro}'
        f'<div class="ex-board" data-step="{start}">{render_board(full[start], data, lang, base)}</div>'
        f'{question}'
        f'<div class="ex-bar" hidden></div>'
        f'<p class="ex-outcome"><strong>{html.escape(ui(lang, "result"))}</strong> '
        f'{words.chips_html(outcome, deck, lang)}</p>'
        f'<details class="ex-log"><summary>{html.escape(ui(lang, "log"))}</summary>{log}</details>'
        f'<script type="application/json" class="ex-data">{_json_script(client)}</script>'
        f'</figure>'
    )


def render_sets(block: Block, page: Page) -> str:
    """Call Kitti's set ranking as rows of sets, checked against the engine: each row's
    sets must rank in the order its ``>`` and ``=`` say."""
    from engine.cards import FRENCH
    from engine.games.call_kitti import set_category, set_value

    lang = page.lang
    rows = []
    for line in block.items:
        tokens = re.split(r"\s*([>=])\s*", line)
        sets = tokens[0::2]
        ops = tokens[1::2]
        values = []
        cells = []
        for s in sets:
            codes = s.split()
            if len(codes) != 3:
                raise RulesError(f"{page.game}.{lang}: @sets: {s!r} is not a set of three cards")
            cards = [FRENCH.parse(c) for c in codes]
            values.append(set_value(cards))
            cat = set_category(cards)
            cells.append(f'<span class="set"><span class="set-cards">'
                         f'{"".join(card_img(c, "french", lang, page.meta["_base"]) for c in codes)}</span>'
                         f'<span class="set-cat">{html.escape(words.inline(words.engine_text("set." + cat, lang)))}</span></span>')
        for a, op, b, sa, sb in zip(values, ops, values[1:], sets, sets[1:]):
            if (op == ">" and not a > b) or (op == "=" and a != b):
                raise RulesError(f"{page.game}.{lang}: @sets: the engine does not rank {sa} {op} {sb}")
        row = cells[0]
        for op, cell in zip(ops, cells[1:]):
            said = html.escape(ui(lang, "beats" if op == ">" else "equals"))  # what a screen reader says for the sign
            row += (f'<span class="set-op"><span aria-hidden="true">{op}</span>'
                    f'<span class="visually-hidden"> {said} </span></span>{cell}')
        rows.append(f'<div class="set-row">{row}</div>')
    caption = block.attrs.get("caption", "")
    cap = f"<figcaption>{inline(caption, 'french', lang)}</figcaption>" if caption else ""
    return f'<figure class="sets">{cap}{"".join(rows)}</figure>'
