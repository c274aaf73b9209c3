"""One definition per message (issue 11, requirement 4); every language says every message,
with English's params (issue 51).

Three catalogues per language: the engine's (``engine/locale``: options, reasons, actions,
games, set categories …), the page's (``web/i18n``: ``web.*``) and the rules pages'
(``web/i18n/rules``: ``rules.*``). A key lives in one of them only, and the rules pages and
the page say the engine's labels by the engine's keys instead of keeping copies, so a
label reworded in the lobby is reworded on the rules pages too.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

from gen import languages, rules_common

LANGS = languages.languages()  # the site's languages: vi and ne are checked once their files are in
FOLDERS = ("engine/locale", "web/i18n", "web/i18n/rules")
CATALOGUES = {folder: {lang: json.loads((ROOT / folder / f"{lang}.json").read_text("utf-8")) for lang in LANGS}
              for folder in FOLDERS}
ENGINE = CATALOGUES["engine/locale"]
# the engine's labels of its own concepts: what nobody else may define again
LABELS = ("option.", "reason.", "action.", "game.", "set.")


def copies() -> list[tuple[str, str, str, str, str]]:
    """(language, engine key, catalogue, its key, text) for each text outside the engine's
    catalogue that repeats an engine label: word for word in any language, or in every
    language but for the case of the first letter (a lower-case copy for mid-sentence use)."""
    found = []
    for folder in FOLDERS[1:]:
        for key in CATALOGUES[folder]["en"]:
            for label in (k for k in ENGINE["en"] if k.startswith(LABELS)):
                same = [lang for lang in LANGS if CATALOGUES[folder][lang].get(key) == ENGINE[lang].get(label)]
                folded = all(CATALOGUES[folder][lang].get(key, "").lower() == ENGINE[lang].get(label, "").lower() != ""
                             for lang in LANGS)
                for lang in same or (LANGS[:1] if folded else ()):
                    found.append((lang, label, folder, key, CATALOGUES[folder][lang][key]))
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_no_key_is_defined_in_two_catalogues(lang: str) -> None:
    seen: dict[str, str] = {}
    twice = []
    for folder in FOLDERS:
        for key in CATALOGUES[folder][lang]:
            if key in seen:
                twice.append((key, seen[key], folder))
            seen[key] = folder
    assert twice == []


def test_the_engine_labels_are_defined_once() -> None:
    assert len([k for k in ENGINE["en"] if k.startswith(LABELS)]) > 50  # the labels are there to compare
    assert copies() == []


def test_a_copied_label_would_be_found() -> None:
    """The check above can fail: a rules-page copy of an option label, and a lower-case one."""
    rules = CATALOGUES["web/i18n/rules"]
    before = {(label, key) for _, label, _, key, _ in copies()}
    try:
        for lang in LANGS:
            rules[lang]["rules.option.copy"] = ENGINE[lang]["option.must_beat"]
            rules[lang]["rules.set.copy"] = ENGINE[lang]["set.trial"].lower()
        assert {(label, key) for _, label, _, key, _ in copies()} - before == {
            ("option.must_beat", "rules.option.copy"), ("set.trial", "rules.set.copy")}
    finally:
        for lang in LANGS:
            del rules[lang]["rules.option.copy"], rules[lang]["rules.set.copy"]


SCRIPTS = ("lesson-board.js", "embed.js", "example.js", "embed-guide.js", "embed-test.js")
LITERAL = re.compile(r"""(?:(?<![\w$.])|\.)t\(\s*["'`]([\w.-]+)["'`]""")
DYNAMIC = re.compile(r"""(?:(?<![\w$.])|\.)t\(\s*`([\w.-]+)\$\{""")


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_scripts_find_every_word_they_ask_for(lang: str) -> None:
    """The rules pages' and the embed's scripts say ``t(key)`` from the baked ``ui`` table:
    each key they name is in it, the engine's labels in the engine's words."""
    rules_common.words.install(rules_common.catalogue())
    ui = rules_common.ui_strings(lang)
    source = "\n".join((ROOT / "web" / "js" / "rules" / name).read_text("utf-8") for name in SCRIPTS)
    asked = set(LITERAL.findall(source))
    assert {"action.declare", "turn.bid"} <= asked
    assert sorted(asked - set(ui)) == []
    for prefix in set(DYNAMIC.findall(source)):
        assert any(k.startswith(prefix) for k in ui), prefix
    for game in rules_common.GAMES:
        assert ui[f"game.{game}"] == ENGINE[lang][f"game.{game}"]
    assert ui["action.declare"] == ENGINE[lang]["action.declare"]
    assert {f"turn.{v}" for v in ("play", "discard", "pass")} <= set(ui)


# Pairs of messages in two catalogues with the same text in every language that are two
# messages all the same (different roles, so each may be reworded alone): {key, key} → why.
# Empty today: every whole copy found so far was one message, now defined once.
DIFFERENT_ROLES: dict[frozenset[str], str] = {}


def whole_copies() -> set[frozenset[str]]:
    """{key, other key} for each message that two catalogues both define, word for word in
    every language (longer than a few letters: "OK" may well be two words)."""
    keys_by_text: dict[tuple[str, ...], list[tuple[str, str]]] = {}
    for folder, cat in CATALOGUES.items():
        for key in cat["en"]:
            text = tuple(cat[lang].get(key, "") for lang in LANGS)
            if len(text[0]) > 3 and all(text):
                keys_by_text.setdefault(text, []).append((folder, key))
    return {frozenset((a, b)) for found in keys_by_text.values()
            for fa, a in found for fb, b in found if fa < fb}


def test_no_message_is_copied_between_catalogues() -> None:
    """The page, its rules pages and the engine say a shared word by the one key that
    defines it (``words.SHARED`` for the rules pages), not by a copy under a key of their own."""
    assert sorted(map(sorted, whole_copies() - DIFFERENT_ROLES.keys())) == []
    assert set(DIFFERENT_ROLES) <= whole_copies()  # an entry that is no copy any more goes
    assert all(DIFFERENT_ROLES.values())


def test_a_copied_message_would_be_found() -> None:
    """The check above can fail: the page's language label copied into the rules pages."""
    rules = CATALOGUES["web/i18n/rules"]
    try:
        for lang in LANGS:
            rules[lang]["rules.ui.copy"] = CATALOGUES["web/i18n"][lang]["web.lang.label"]
        assert frozenset(("rules.ui.copy", "web.lang.label")) in whole_copies()
    finally:
        for lang in LANGS:
            del rules[lang]["rules.ui.copy"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_pages_say_the_shared_words_from_where_they_are_defined(lang: str) -> None:
    """A shared word is not defined again in the rules catalogue (it would be ignored), its
    own catalogue has it in every language, and the rules pages say it in those words."""
    shared = rules_common.words.SHARED
    rules_common.words.install(rules_common.catalogue())
    for key, source in shared.items():
        assert f"rules.{key}" not in CATALOGUES["web/i18n/rules"][lang], key
        home = CATALOGUES["web/i18n"] if source.startswith("web.") else ENGINE
        assert source in home[lang], source
        assert rules_common.words.template(lang, key) == home[lang][source]
    ui = rules_common.ui_strings(lang)
    assert ui["dealer"] == CATALOGUES["web/i18n"][lang]["web.table.dealer"]
    assert ui["back"] == CATALOGUES["web/i18n"][lang]["web.replay.prev"]


@pytest.mark.parametrize("folder", FOLDERS)
@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_language_has_every_english_key(lang: str, folder: str) -> None:
    """A gap would show English in the middle of the language (the page fills it so)."""
    assert sorted(set(CATALOGUES[folder]["en"]) - set(CATALOGUES[folder][lang])) == []


def test_every_message_reads_the_params_english_does() -> None:
    """The build's own check (gen/languages.py), so a test run says it before a build does."""
    assert languages.placeholder_errors() == []
    assert all(why for why in languages.LEFT_OUT.values())


def write_catalogues(root: Path, lang: str, texts: dict[str, dict[str, str]]) -> None:
    for folder in FOLDERS:
        (root / folder).mkdir(parents=True, exist_ok=True)
        (root / folder / f"{lang}.json").write_text(json.dumps(texts.get(folder, {})), "utf-8")


def test_a_missing_or_extra_param_would_stop_the_build(tmp_path: Path) -> None:
    english = {"web/i18n": {"web.a": "{name} takes {n, plural, one {# trick} other {# tricks}}", "web.b": "Seat {seat}"}}
    write_catalogues(tmp_path, "en", english)
    write_catalogues(tmp_path, "vi", {"web/i18n": {"web.a": "{name} ăn {count} nước", "web.b": "Ghế {seat}"}})
    assert languages.placeholder_errors(tmp_path, ("en", "vi")) == [
        "vi: web.a (web/i18n/vi.json): missing {n}; extra {count} (English reads {n}, {name})"]
    write_catalogues(tmp_path, "vi", {"web/i18n": {"web.a": "{name} ăn {n, plural, one {# nước}}", "web.b": "Ghế"}})
    assert [e.split(" (")[0] for e in languages.placeholder_errors(tmp_path, ("en", "vi"))] == ["vi: web.a", "vi: web.b"]


def test_a_language_with_only_some_of_its_files_stops_the_build(tmp_path: Path) -> None:
    src = tmp_path / "web" / "rules" / "src"
    (src / "shared").mkdir(parents=True)
    for name in ("katte.en.txt", "shared/fair-deals.en.txt"):
        (src / name).write_text("x", "utf-8")
    write_catalogues(tmp_path, "en", {})
    assert languages.languages(tmp_path) == ("en",)  # no Nepali file: not on the site
    write_catalogues(tmp_path, "ne", {})
    (src / "katte.ne.txt").write_text("x", "utf-8")
    with pytest.raises(languages.LanguageError) as e:
        languages.languages(tmp_path)
    assert str(e.value) == "language 'ne' has some of its files but not these: web/rules/src/shared/fair-deals.ne.txt"
    (src / "shared" / "fair-deals.ne.txt").write_text("x", "utf-8")
    assert languages.languages(tmp_path) == ("en", "ne")


# How each language writes a decimal (CLDR, as the browser's Intl says it): the engine's
# figures (format.decimal_point) must agree with the page's numbers
DECIMAL_POINT = {"en": ".", "fi": ",", "cs": ",", "vi": ",", "ne": "."}


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_names_itself_and_writes_its_numbers(lang: str) -> None:
    assert set(LANGS) <= set(languages.ORDER) and LANGS[0] == "en"
    web, engine = CATALOGUES["web/i18n"][lang], ENGINE[lang]
    assert web["web.lang.name"] and (lang == "en" or web["web.lang.name"] != CATALOGUES["web/i18n"]["en"]["web.lang.name"])
    assert rules_common.LANG_NAMES[lang] == web["web.lang.name"]
    assert engine["format.lang"] == lang
    assert engine["format.decimal_point"] == DECIMAL_POINT[lang]
    names = rules_common.words.DEFAULT_NAMES[lang]  # the rules pages' example players
    assert len(names) == len(set(names)) == 20


# The no-peek table's words (issue 50, requirement 6), with the params the page gives each:
# the deal's progress by its step (web.nopeek.state.<step>: keys, shuffle, seed, deal, audit),
# a void deal's verdict by its kind, naming the seat. test_every_language_has_every_english_key
# and the params' check above hold them too; this says which words the page needs, so that a
# word lost, or a verdict that forgets whom it names, fails here by its key.
NOPEEK = {
    "web.nopeek.choice": set(), "web.nopeek.choice.help": set(),
    "web.nopeek.note.title": set(), "web.nopeek.note.check": set(), "web.nopeek.note.bots": set(),
    "web.nopeek.note.leaver": set(), "web.nopeek.note.more": set(), "web.nopeek.note.ok": set(),
    "web.nopeek.consent.host": set(),
    "web.nopeek.state.keys": set(), "web.nopeek.state.shuffle": {"done", "total"},
    "web.nopeek.state.seed": set(), "web.nopeek.state.deal": set(), "web.nopeek.state.audit": set(),
    "web.nopeek.state.fair": set(),
    "web.nopeek.left": {"name"}, "web.nopeek.left.lost": {"name"}, "web.nopeek.left.silent": {"name"}, "web.nopeek.opened": {"name"}, "web.nopeek.refused": {"name"}, "web.nopeek.refused.move": {"name", "reason"},
    "web.nopeek.void.shuffle": {"name"}, "web.nopeek.void.seed": {"name"}, "web.nopeek.void.share": {"name"},
    "web.nopeek.void.escrow": {"name"}, "web.nopeek.void.complaint": {"name"}, "web.nopeek.void.forged": {"name"},
    "web.nopeek.void.rule": {"name", "reason"}, "web.nopeek.void.open": {"name"},
    "web.nopeek.void.key": {"name"}, "web.nopeek.void.left": {"name"}, "web.nopeek.void.format": set(),
    "web.nopeek.badge": set(), "web.nopeek.badge.bots": set(),
    "web.nopeek.refused.mine": set(), "web.nopeek.refused.move.mine": {"reason"},
    "web.nopeek.deal.refused": {"name"},
    "web.nopeek.reload.title": set(), "web.nopeek.reload.text": set(),
}
# Each fault the no-peek deal's audit finds (the FaultKind of web/js/nopeek/audit.js, and of
# any other module there that names its faults so), and the verdict that says it: a bad key
# proof or signature is a forged message; a revealed key that is not the seat's public key's,
# a key not its own; a key neither revealed nor opened from its escrow, a leaver that voids the
# deal (a seat whose key was opened is named by the verdict's "opened", web.nopeek.opened: not a
# fault); a wrong share for a card shown or passed, a wrong share; a wrong piece of a leaver's
# key, a wrong piece; a wrong seed for the positions, a cheat in the draw; a complaint that does
# not hold, a false accusation; a commitment opened to other bytes, sets changed after arranging
# them. The kinds the escrow's and the protocol's branches add included.
AUDIT_VERDICTS = {"format": "web.nopeek.void.format", "key-proof": "web.nopeek.void.forged",
                  "signature": "web.nopeek.void.forged", "escrow": "web.nopeek.void.escrow",
                  "complaint": "web.nopeek.void.complaint", "left": "web.nopeek.void.left",
                  "key-mismatch": "web.nopeek.void.key", "seed": "web.nopeek.void.seed",
                  "shuffle": "web.nopeek.void.shuffle", "share": "web.nopeek.void.share",
                  "show": "web.nopeek.void.share", "give": "web.nopeek.void.share",
                  "piece": "web.nopeek.void.escrow", "open": "web.nopeek.void.open"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_no_peek_word_is_said_with_its_params(lang: str) -> None:
    from engine.i18n import param_names

    web = CATALOGUES["web/i18n"][lang]
    assert sorted(k for k in web if k.startswith("web.nopeek.")) == sorted(NOPEEK)
    assert {key: param_names(web[key]) for key in NOPEEK} == NOPEEK
    # a sentence ends as the language ends one (Nepali with the danda), as English's do with "."
    stop = ENGINE[lang]["format.full_stop"]
    sentences = [k for k in NOPEEK if CATALOGUES["web/i18n"]["en"][k].endswith(".")]
    assert len(sentences) > 10 and [k for k in sentences if not web[k].endswith(stop)] == []
    if lang == "ne":  # in Devanagari: no Latin letter outside the params
        assert [k for k in NOPEEK if re.search("[A-Za-z]", re.sub(r"\{[^}]*\}", "", web[k]))] == []


def test_every_fault_the_audit_finds_has_its_verdict() -> None:
    found = {path.name: set(re.findall(r'"([\w-]+)"', kinds))
             for path in sorted((ROOT / "web" / "js" / "nopeek").glob("*.js"))
             for kinds in re.findall(r"@typedef \{([^}]*)\} FaultKind", path.read_text("utf-8"))}
    assert {"format", "shuffle", "share"} <= found["audit.js"]
    assert {name: kinds - set(AUDIT_VERDICTS) for name, kinds in found.items()} == {name: set() for name in found}
    assert set(AUDIT_VERDICTS.values()) <= set(NOPEEK)
