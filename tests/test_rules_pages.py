"""The rules pages (web/gen/rules.py): every example replays to what its page states,
every rule and option is covered in every language, and the pages stand on their own.

No browser and no npm needed: the generator is called directly.
"""

from __future__ import annotations

import html
import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))

from gen import rules

import engine
from engine.i18n import param_names

SPEC = ROOT.parent / "shared" / "rules"
RULE_PREFIX = {"katte": "K", "katko": "T", "call-kitti": "C", "kocka": "O"}
WORKED = {"katte": ["katte-K-A", "katte-K-C"], "katko": ["katko-KT-1", "katko-KT-3"],
          "call-kitti": ["ck-CK-1"], "kocka": ["kocka-KO-1"]}
SEED_EXAMPLES = ["katko-seed-en-ben-wins-trick", "katko-seed-en-carla-keeps-ace",
                 "katko-seed-en-dan-deuce-bonus", "katko-seed-fi-aino-eero-maija"]


@pytest.fixture(scope="module", autouse=True)
def strings() -> None:
    """The strings the build gives the pages, for every test here: the lesson's words
    are read from them, and a test run alone (or first on its worker) must not depend
    on another test having built the pages before it."""
    rules.words.install(rules.catalogue())


@pytest.fixture(scope="module")
def built() -> tuple[dict[str, bytes], list[tuple[rules.Page, list[rules.Example]]]]:
    return rules.build_pages("vendor/pyodide-test/")


def pages(built: Any) -> list[tuple[rules.Page, list[rules.Example]]]:
    return list(built[1])


SPEC_COPY = Path(__file__).parent / "spec_rule_ids.json"


def spec_rule_ids(game: str) -> set[str]:
    """The numbered rules of the spec for ``game`` (K-1 …, C-R1 …): read from the spec
    where it is (it lives beside the repository), else from the copy in the tests."""
    path = SPEC / f"{game}.md"
    if path.exists():
        return set(re.findall(rf"^({RULE_PREFIX[game]}-R?\d+)\.", path.read_text("utf-8"), re.MULTILINE))
    return set(json.loads(SPEC_COPY.read_text("utf-8"))[game])


def test_the_copy_of_the_specs_rule_numbers_is_the_spec() -> None:
    """Where the spec is present, the copy a clone without it uses says the same."""
    copy = json.loads(SPEC_COPY.read_text("utf-8"))
    for game in RULE_PREFIX:
        assert set(copy[game]) == spec_rule_ids(game), f"{game}: update {SPEC_COPY.name} from the spec"


def test_every_game_in_every_language(built: Any) -> None:
    have = {(p.game, p.lang) for p, _ in pages(built)}
    assert have == {(g, lang) for g in rules.GAMES for lang in rules.LANGS}
    files = built[0]
    for lang in rules.LANGS:
        for game in rules.GAMES:
            assert f"rules/{lang}/{game}.html" in files
        assert f"rules/{lang}/index.html" in files
    for name in ("rules/index.html", "rules/rules.css", "embed/example.html", "embed/test.html", "lesson.zip"):
        assert name in files


def test_every_example_replays_to_what_its_page_states(built: Any) -> None:
    checked = 0
    for page, examples in pages(built):
        markup = built[0][f"rules/{page.lang}/{page.game}.html"].decode()
        for ex in examples:
            summary = engine.replay_record(ex.record)
            # a "your turn" may lean on the same record shown in full elsewhere on the page
            expect = ex.expect if ex.expect is not None else next(
                (o.expect for o in examples if o.name == ex.name and o.expect is not None), None)
            assert expect is not None, f"{page.game}.{page.lang}: {ex.name} states no expected outcome"
            assert rules.subset(expect, summary), f"{page.game}.{page.lang}: {ex.name}: {summary}"
            # the outcome the page prints is the one the engine's replay gives
            from lesson import steps

            data = steps.build(ex.record, page.lang)
            figure = markup.split(f'id="{ex.anchor}"', 1)[1].split("</figure>", 1)[0]
            stated = re.search(r'<p class="ex-outcome">(.*?)</p>', figure, re.DOTALL)
            assert stated is not None
            text = html.unescape(re.sub(r"<[^>]+>", "", stated.group(1)))
            outcome = re.sub(r"\[\[[^\]]+\]\]", "", " ".join(data["outcome"]))
            assert all(part.strip() in text for part in outcome.split("  ") if part.strip()), (ex.name, text)
            checked += 1
    assert checked >= 12 * 8


def test_same_examples_in_every_language(built: Any) -> None:
    by_game: dict[str, dict[str, list[tuple[str, str, Any]]]] = {}
    for page, examples in pages(built):
        by_game.setdefault(page.game, {})[page.lang] = [(e.name, e.kind, e.turn) for e in examples]
    for game, langs in by_game.items():
        assert set(langs) == set(rules.LANGS) and all(ex == langs["en"] for ex in langs.values()), game


def test_worked_examples_seeds_and_your_turn(built: Any) -> None:
    for page, examples in pages(built):
        names = {e.name for e in examples}
        for name in WORKED[page.game]:
            assert name in names, (page.game, page.lang, name)
        if page.game == "katko":
            assert set(SEED_EXAMPLES) <= names
        assert any(e.turn for e in examples), f"{page.game}.{page.lang} has no 'your turn' example"


def test_an_example_for_every_table_option(built: Any) -> None:
    for page, examples in pages(built):
        cls = engine.game_class(page.game)
        set_options = set()
        for e in examples:
            match = engine.load_record(e.record)
            set_options |= {s.key for s in cls.OPTIONS if match.options[s.key] != s.default_for(match.players)}
        missing = {s.key for s in cls.OPTIONS} - set_options
        assert not missing, f"{page.game}.{page.lang}: no example sets {sorted(missing)}"


def test_every_rule_has_a_section(built: Any) -> None:
    for page, _ in pages(built):
        tagged = {r for b in page.blocks if b.kind in ("h2", "h3") for r in b.attrs["rules"].split()}
        missing = spec_rule_ids(page.game) - tagged
        assert not missing, f"{page.game}.{page.lang}: no section for {sorted(missing)}"


def test_call_kitti_ranking_shown_as_sets(built: Any) -> None:
    for page, _ in pages(built):
        if page.game != "call-kitti":
            continue
        sets = [b for b in page.blocks if b.kind == "sets"]
        lines = [line for b in sets for line in b.items]
        assert len(lines) >= 9
        markup = built[0][f"rules/{page.lang}/call-kitti.html"].decode()
        assert markup.count('class="set-row"') == len(lines)
        for category in ("trial", "double_run", "run", "color", "jute", "top"):
            assert rules.words.inline(rules.words.engine_text("set." + category, page.lang)) in markup


def test_a_wrong_ranking_stops_the_build() -> None:
    page = rules.Page("call-kitti", "en", {"_base": "../../"}, [])
    block = rules.Block("sets", items=["2S 2H 2D > AS AH AD"])
    with pytest.raises(rules.RulesError, match="does not rank"):
        rules.render_sets(block, page)


def test_a_wrong_expectation_stops_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    page = rules.Page("katko", "en", {"_base": "../../"}, [])
    block = rules.Block("example", attrs={"args": "katko-KT-1", "expect": '{"match": {"winner": 2}}'})
    with pytest.raises(rules.RulesError, match="does not replay to what the page states"):
        rules.build_example(block, page, "../../", {})


def test_each_deals_result_is_told_under_its_deal(built: Any) -> None:
    """An example of several deals says each deal's result under that deal's number: the
    re-dealt Katte hand (two automatic wins) pays nobody, the next hand pays Ben."""
    markup = built[0]["rules/en/katte.html"].decode()
    figure = markup[markup.index('id="ex-katte-edge-01-double-automatic"'):]
    outcome = html.unescape(re.sub(r"<[^>]+>", "", figure[figure.index('class="ex-outcome"'):].split("</p>")[0]))
    first, second = outcome.index("Hand 1: Nobody wins"), outcome.index("Hand 2: Ben")
    assert first < second, outcome
    assert "Anna" not in outcome and "Carla" not in outcome, outcome


def test_a_result_sentence_about_another_deal_stops_the_build() -> None:
    """The build holds each result sentence to the engine's result of its own deal."""
    from gen import rules_examples

    record = rules_examples.load_example("katte-edge-01-double-automatic")
    data = rules_examples.lesson_steps.build(record, "en", None)
    rules_examples.check_outcome(data, "as built")  # the example itself passes
    swapped = json.loads(json.dumps(data))
    swapped["log"][0]["result"], swapped["log"][1]["result"] = data["log"][1]["result"], data["log"][0]["result"]
    with pytest.raises(rules.RulesError, match="deal 1 has no winner"):
        rules_examples.check_outcome(swapped, "swapped")
    del swapped["log"][1]["result"]
    with pytest.raises(rules.RulesError, match="are finished"):
        rules_examples.check_outcome(swapped, "missing")
    # a name with a case ending written on it (Nepali's विकासको, "Vikas's") still names him
    ending = json.loads(json.dumps(data).replace("Ben", "विकास").replace("विकास takes", "विकासको हात:"))
    assert "विकासको" in ending["log"][1]["result"]
    rules_examples.check_outcome(ending, "a case ending")


def test_a_result_names_a_player_with_a_joined_postposition() -> None:
    """Nepali writes its postpositions joined to a name ("पट विकासको", the pot is Bikas's):
    the build's check reads that as the winner's name, and still refuses a result that
    names someone else or only a longer word beginning with the name."""
    from gen import rules_examples

    record = rules_examples.load_example("katte-edge-01-double-automatic")
    data = rules_examples.lesson_steps.build(record, "en", None)
    nepali = json.loads(json.dumps(data))
    nepali["names"] = ["आशा", "विकास", "सरिता"]
    nepali["log"][0]["result"] = "यो बाजी कसैले जित्दैन र कसैले तिर्दैन।"
    nepali["log"][1]["result"] = "पट विकासको: +40 चिप; हरेक विपक्षी −20।"
    rules_examples.check_outcome(nepali, "ne")
    nepali["log"][1]["result"] = "पट आशाको: +40 चिप।"
    with pytest.raises(rules.RulesError, match="should name विकास"):
        rules_examples.check_outcome(nepali, "another seat")
    nepali["log"][1]["result"] = "पट विकासेको: +40 चिप।"
    with pytest.raises(rules.RulesError, match="should name विकास"):
        rules_examples.check_outcome(nepali, "a longer word")


def test_embed_urls_carry_the_records(built: Any) -> None:
    for page, examples in pages(built):
        markup = built[0][f"rules/{page.lang}/{page.game}.html"].decode()
        hashes = [html.unescape(h) for h in re.findall(r'data-embed="([^"]+)"', markup)]
        assert len(hashes) == len(examples)
        for ex, h in zip(examples, hashes):
            params = dict(p.split("=", 1) for p in h.split("&"))
            assert params["lang"] == page.lang
            assert rules.decode_record(params["r"]) == ex.record
            assert re.fullmatch(r"[zj][A-Za-z0-9_-]+", params["r"])
            if ex.turn:
                assert params["turn"] == f"{ex.turn[0]}.{ex.turn[1]}"


def test_codec_round_trip_and_short_records_stay_plain() -> None:
    tiny = {"game": "katko", "players": 2}
    assert rules.encode_record(tiny)[0] == "j"
    big = json.loads((ROOT / "web" / "rules" / "examples" / "kocka-KO-1.json").read_text())
    code = rules.encode_record(big)
    assert code[0] == "z" and rules.decode_record(code) == big
    assert len(code) < len(json.dumps(big, separators=(",", ":")))


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for k, v in attrs:
            if k in ("href", "src") and v:
                self.urls.append(v)


def test_pages_stand_alone(built: Any) -> None:
    """Static HTML: no template left, no external request, every local link resolves."""
    from gen import cards, icons

    files = set(built[0]) | set(cards.all_files()) | set(icons.all_files())
    files |= {f"js/{p.relative_to(ROOT / 'web' / 'js').as_posix()}" for p in (ROOT / "web" / "js").rglob("*.js")}
    files |= {"index.html", "sw.js"}
    for name, data in built[0].items():
        if not name.endswith(".html"):
            continue
        text = data.decode()
        assert "http://" not in text and "https://" not in text, name
        visible = re.sub(r"<script.*?</script>", "", text, flags=re.DOTALL)
        assert "{{" not in visible and "}}" not in visible, name
        assert not re.search(r"\{[a-z_]+\}", visible), (name, re.search(r".{40}\{[a-z_]+\}.{20}", visible))
        parser = Links()
        parser.feed(text)
        here = Path(name).parent
        for url in parser.urls:
            if url.startswith(("#", "data:", "mailto:")):
                continue
            target = (here / url.split("#")[0]).as_posix()
            parts: list[str] = []
            for part in target.split("/"):
                if part == "..":
                    parts.pop()
                elif part not in (".", ""):
                    parts.append(part)
            assert "/".join(parts) in files, f"{name}: broken link {url}"


def test_first_position_is_plain_html(built: Any) -> None:
    for page, examples in pages(built):
        markup = built[0][f"rules/{page.lang}/{page.game}.html"].decode()
        for ex in examples:
            figure = markup.split(f'id="{ex.anchor}"', 1)[1].split("</figure>", 1)[0]
            board = figure.split('class="ex-board"', 1)[1].split('class="ex-bar"', 1)[0]
            assert board.count("<img ") >= ex.record["players"], ex.name
            assert '<ol class="ex-seats">' in board
            assert '<details class="ex-log">' in figure and '<p class="ex-outcome">' in figure


def test_catalogues_match() -> None:
    cat = rules.catalogue()
    en = {k for k in cat["en"] if k.startswith("rules.")}
    for lang in rules.LANGS[1:]:
        keys = {k for k in cat[lang] if k.startswith("rules.")}
        assert en - keys == set(), lang
        for k in en:
            assert param_names(cat["en"][k]) >= param_names(cat[lang][k]), (lang, k)  # ("other {đôi}" is words)


def test_same_inputs_same_pages(built: Any) -> None:
    # the module's build against one more from the same inputs (not two builds more)
    assert rules.build_pages("vendor/pyodide-test/")[0] == built[0]


def test_lesson_runs_the_questions(built: Any) -> None:
    """What the page's worker does for "your turn", here in CPython."""
    import lesson

    record = json.loads((ROOT / "web" / "rules" / "examples" / "katko-KT-3.json").read_text())
    ask = {"record": record, "deal": 0, "action": 2, "lang": "en"}
    no = json.loads(lesson.call(json.dumps({"fn": "verdict", "move": "2 play 8S", **ask})))
    assert no["legal"] is False and no["rule"] == "T-7" and "trump" in no["message"]
    yes = json.loads(lesson.call(json.dumps({"fn": "verdict", "move": "2 play TH", **ask})))
    assert yes["legal"] is True
    bot = json.loads(lesson.call(json.dumps({"fn": "bot", **ask})))
    assert bot["action"] == "2 play TH" and bot["reason"]
    fi = json.loads(lesson.call(json.dumps({"fn": "verdict", "move": "2 play 8S", **ask, "lang": "fi"})))
    assert "valtti" in fi["message"]
    bad = json.loads(lesson.call(json.dumps({"fn": "steps", "record": {"game": "katko"}, "lang": "cs"})))
    assert "players" in bad["error"]["message"]


class Switcher(HTMLParser):
    """The language links of a page (a[hreflang]), its anchor map and every id on it."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[dict[str, str | None]] = []
        self.anchors: dict[str, dict[str, str]] | None = None
        self.ids: set[str] = set()
        self.scripts: list[str] = []
        self.in_nav = False
        self.in_anchors = False
        self.link: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(str(a["id"]))
        if tag == "script" and a.get("src"):
            self.scripts.append(str(a["src"]))
        if tag == "nav" and "langs" in (a.get("class") or "").split():
            self.in_nav = True
        self.in_anchors = tag == "script" and a.get("id") == "lang-anchors"
        if tag == "a" and "hreflang" in a:
            self.link = {**a, "text": "", "in_nav": "1" if self.in_nav else ""}
            self.links.append(self.link)

    def handle_data(self, data: str) -> None:
        if self.in_anchors:
            self.anchors = json.loads(data)
        if self.link is not None:
            self.link["text"] = (self.link["text"] or "") + data

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self.link = None
        if tag == "script":
            self.in_anchors = False
        if tag == "nav":
            self.in_nav = False


def switcher(built: Any, name: str) -> Switcher:
    parser = Switcher()
    parser.feed(built[0][name].decode())
    return parser


def test_every_page_has_the_language_links(built: Any) -> None:
    """Each rules page and index links to the same page in every language, by the
    language's own name, the current one marked; js/rules/rules-lang.js remembers the choice."""
    for lang in rules.LANGS:
        for game in (*rules.GAMES, "index"):
            name = f"rules/{lang}/{game}.html"
            page = switcher(built, name)
            links = [x for x in page.links if x["in_nav"]]
            assert [(x["href"], x["hreflang"], x["lang"], x["text"]) for x in links] == [
                (f"../{lg}/{game}.html", lg, lg, rules.LANG_NAMES[lg]) for lg in rules.LANGS], name
            assert [x["hreflang"] for x in links if x.get("aria-current") == "page"] == [lang], name
            assert "../../js/rules/rules-lang.js" in page.scripts, name


def test_language_links_keep_the_place(built: Any) -> None:
    """The anchor map sends every section to its counterpart in the other language (or to
    the top when it has none); examples have the same ids in every language."""
    for page, examples in pages(built):
        here = switcher(built, f"rules/{page.lang}/{page.game}.html")
        assert here.anchors is not None and set(here.anchors) == set(rules.LANGS) - {page.lang}
        headings = {b.attrs["id"]: b for b in page.blocks if b.kind in ("h2", "h3")}
        for other, mapping in here.anchors.items():
            there = switcher(built, f"rules/{other}/{page.game}.html")
            for anchor in headings:  # every section either exists there or is mapped
                assert anchor in mapping or anchor in there.ids, (page.game, page.lang, other, anchor)
            for anchor, target in mapping.items():
                assert anchor in headings, (page.game, page.lang, anchor)
                assert target == "" or target in there.ids, (page.game, page.lang, other, target)
            for ex in examples:
                assert ex.anchor in there.ids and ex.anchor not in mapping, (page.game, other, ex.anchor)
    katko = switcher(built, "rules/en/katko.html").anchors
    assert katko is not None
    assert katko["fi"]["must-beat"] == "ylimenopakko" and katko["cs"]["must-beat"] == "prebijet"


def test_rules_entry_picks_a_language(built: Any) -> None:
    """rules/index.html (the lobby's "How to play") goes on to the reader's language by
    script, and without script links to every language's index."""
    root = switcher(built, "rules/index.html")
    assert [(x["href"], x["hreflang"], (x["text"] or "").strip()) for x in root.links] == [
        (f"{lg}/index.html", lg, rules.LANG_NAMES[lg]) for lg in rules.LANGS]
    assert "../js/rules/rules-lang.js" in root.scripts
    assert "data-pick-lang" in built[0]["rules/index.html"].decode()


def test_call_kitti_arrangement_question(built: Any) -> None:
    """Call Kitti's "your turn" at the arrangement (C-5): a few whole arrangements to tap,
    among them the record's own and the hard bot's; exactly one the engine refuses, by C-5."""
    from lesson import turn

    seen = 0
    for page, examples in pages(built):
        if page.game != "call-kitti":
            continue
        asks = [e for e in examples if e.turn and e.data["question"]["verb"] == "arrange"]
        assert len(asks) == 1, page.lang
        ex = asks[0]
        q = ex.data["question"]
        deal, action = ex.turn
        moves = [c["move"] for c in q["choices"]]
        assert 3 <= len(moves) <= 4 and len(set(moves)) == len(moves)
        assert moves == sorted(moves)  # an order that gives nothing away
        assert q["actual"] in moves
        verdicts = [turn.verdict(ex.record, deal, action, m, page.lang) for m in moves]
        assert [v["legal"] for v in verdicts] == [c["legal"] for c in q["choices"]]
        refused = [v for v in verdicts if not v["legal"]]
        assert len(refused) == 1 and refused[0]["rule"] == "C-5"
        bot = turn.bot(ex.record, deal, action, page.lang)
        assert bot["action"] in moves and bot["reason"]
        for c in q["choices"]:
            assert len(c["sets"]) in (4, 5) and all(c["cats"][i] for i, s in enumerate(c["sets"]) if len(s) == 3)
            assert c["label"].count("[[") == len(c["sets"]) + (c["discard"] is not None)
        assert q["actual_label"] == next(c["label"] for c in q["choices"] if c["move"] == q["actual"])
        seen += 1
    assert seen == len(rules.LANGS)


def test_arrangement_choices_when_the_bots_agree_with_the_record() -> None:
    """When the record's arrangement is also what both bots would do, a random split (legal:
    any split is) makes up the numbers: three choices, never a duplicate."""
    import lesson
    from lesson import steps

    record = json.loads((ROOT / "web" / "rules" / "examples" / "ck-CK-1.json").read_text())
    bot = json.loads(lesson.call(json.dumps({"fn": "bot", "record": record, "deal": 0, "action": 0, "lang": "en"})))
    record["deals"][0]["actions"][0] = bot["action"]  # Anna does what the hard bot would
    q = steps.build(record, "en", (0, 0))["question"]
    moves = [c["move"] for c in q["choices"]]
    assert len(moves) == len(set(moves)) == 3 and bot["action"] in moves and q["actual"] == bot["action"]
    assert [c["legal"] for c in q["choices"]].count(False) == 1


def test_lesson_asks_the_engine_and_decides_no_rule() -> None:
    """The project standard: the engine is the single source of rules. The lesson package
    puts the engine's events, legal actions and answers into words; it has no card order
    of its own and reaches into no private part of the engine."""
    for path in sorted((ROOT / "web" / "rules" / "lesson").glob("*.py")):
        source = path.read_text("utf-8")
        for own in ("23456789TJQKA", "789TUOKA", "_higher", "_beaters", "_ruled_start", "._duty", "._value3"):
            assert own not in source, (path.name, own)
        assert not re.search(r"\bself\.m\._[a-z]", source), path.name


@pytest.mark.parametrize("name, deal, action, duty, words", [
    ("katko-KT-3", 0, 2, "beat_trump", "so must trump"),  # Carla cannot beat A♠ in spades
    ("katko-edge-5-trump-led-must-beat", 0, 1, "beat", "so must"),
    ("katko-KT-3-no-must-beat", 0, 2, "follow", "follows suit"),
])
def test_katko_why_a_card_is_forced_is_the_engines_duty(name: str, deal: int, action: int, duty: str,
                                                        words: str) -> None:
    """Katko's "must beat / must trump / follows suit" sentences say the engine's duty
    (``Katko.duty``, T-6/T-7), never a comparison of cards made by the page."""
    from lesson import steps, turn

    record = json.loads((ROOT / "web" / "rules" / "examples" / f"{name}.json").read_text())
    match = turn.position(record, deal, action)
    seat = match.to_act()[0]
    assert match.duty(seat)[0] == duty  # type: ignore[attr-defined]
    data = steps.build(record, "en", (deal, action))
    step = steps.expand(data["steps"])[data["question"]["step"] + 1]
    assert words in step["text"], step["text"]


def test_katko_narrator_says_why_a_led_two_ends_the_match_or_does_not() -> None:
    """T-9: a 2 led to the last trick and winning it ends the match where the table plays
    the deuce bonus; where it does not, the step says so (the engine decides which)."""
    from lesson import steps

    def whys(deuce_bonus: str) -> str:
        plays = [f"{seat} play {card}" for pair in zip(["AS", "KS", "QS", "2S"], ["3H", "4H", "5H", "6H"])
                 for seat, card in enumerate(pair)]
        record = {"game": "katko", "players": 2, "options": {"deuce_bonus": deuce_bonus, "hand_size": 4},
                  "deals": [{"dealer": 1, "hands": [["AS", "KS", "QS", "2S"], ["3H", "4H", "5H", "6H"]],
                             "actions": plays}]}
        built = steps.expand(steps.build(record, "en")["steps"])
        return " ".join(str(step["why"]) for step in built)

    assert "deuce bonus is not used" in whys("off")
    on = whys("on")
    assert "deuce bonus is not used" not in on and "the game at once" in on


def test_an_automatic_win_examples_first_step_shows_the_pot_its_text_speaks_of() -> None:
    """Katte's K-C: the deal's step says "the pot holds 30" and shows Pot 30 and the chips
    before anyone is paid; the result step then shows the empty pot and the payout."""
    from lesson import steps

    record = json.loads((ROOT / "web" / "rules" / "examples" / "katte-K-C.json").read_text("utf-8"))
    first, result = steps.expand(steps.build(record.get("record", record), "en")["steps"])
    assert "the pot holds 30" in first["text"] and first["info"].startswith("Pot 30 ")
    assert first["st"] == ["tricks 0 · chips 0"] * 3
    assert result["info"].startswith("Pot 0 ") and result["st"][0] == "tricks 0 · chips +40"


# The no-peek tables' section (issue 50, requirement 6), as English's page lays it out: what it
# is and how it deals, what it guarantees (a list of 4), the decisions it makes (a note), what it
# does not protect against (a list of 3).
NO_PEEK_OUTLINE = [("h2", 0), ("p", 0), ("p", 0), ("p", 0), ("ul", 4), ("note", 0), ("p", 0), ("ul", 3)]


def test_every_page_ends_with_the_no_peek_tables(built: Any) -> None:
    """Every game's page in every language ends with the no-peek tables, after the fair
    deals (which link to it), saying the same points (English's outline), its decisions in
    the note every page gives its decisions in."""
    for page, _ in pages(built):
        where = (page.game, page.lang)
        headings = [b.attrs["id"] for b in page.blocks if b.kind == "h2"]
        assert headings[-2:] == ["fair-deals", "no-peek"], where
        start = next(i for i, b in enumerate(page.blocks) if b.attrs.get("id") == "no-peek")
        section = page.blocks[start:]
        assert [(b.kind, len(b.items)) for b in section] == NO_PEEK_OUTLINE, where
        # the note opens as the game's own decisions do ("Why we play it this way.")
        label = re.compile(r"^\*\*[^*]+\*\*")
        decisions = {m.group(0) for b in page.blocks[:start] if b.kind == "note" and (m := label.match(b.text))}
        note = next(b for b in section if b.kind == "note")
        opening = label.match(note.text)
        assert opening is not None and decisions == {opening.group(0)}, where
        markup = built[0][f"rules/{page.lang}/{page.game}.html"].decode()
        assert markup.count('<h2 id="no-peek">') == 1, where
        # the fair deals' "shuffled by the rules engine" says where that is not so
        fair = markup.split('<h2 id="fair-deals">', 1)[1].split('<h2 id="no-peek">', 1)[0]
        assert '<a href="#no-peek">' in fair, where
