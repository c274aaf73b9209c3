"""The site's languages: one ordered list, read by the build, the page data (and so the
page's JS), the rules pages, the embed frame and the tests.

A language is on the site when its files are there: a language lands by adding them all,
and one with some of them but not all stops the build, saying which are missing."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The order of the language menus: English (every language's fallback) first.
ORDER = ("en", "fi", "cs", "vi", "ne")


class LanguageError(Exception):
    """A language with some of its files but not all, said in words."""


def files(lang: str, root: Path = ROOT) -> list[Path]:
    """Every file a language needs: the engine's and the page's catalogues, the rules
    pages' catalogue, and a rules page source for every one English has (the games' pages
    and the shared sections, ``shared/fair-deals`` and ``shared/no-peek``)."""
    src = root / "web" / "rules" / "src"
    pages = sorted(p.relative_to(src) for p in src.rglob("*.en.txt"))
    return [root / "engine" / "locale" / f"{lang}.json",
            root / "web" / "i18n" / f"{lang}.json",
            root / "web" / "i18n" / "rules" / f"{lang}.json",
            *(src / p.parent / p.name.replace(".en.txt", f".{lang}.txt") for p in pages)]


def languages(root: Path = ROOT) -> tuple[str, ...]:
    """The languages of :data:`ORDER` whose files are all there, in that order; a language
    with only some of them raises :class:`LanguageError` naming the missing ones."""
    present = []
    for lang in ORDER:
        need = files(lang, root)
        missing = [p for p in need if not p.exists()]
        if len(missing) == len(need):
            continue
        if missing:
            raise LanguageError(f"language {lang!r} has some of its files but not these: "
                                + ", ".join(str(p.relative_to(root)) for p in missing))
        present.append(lang)
    return tuple(present)


# The catalogues whose messages each language says, key for key, as English does.
CATALOGUES = ("engine/locale", "web/i18n", "web/i18n/rules")

# A param a translation may leave out, where its sentence reads right without it:
# (key, param) → why. Anything else missing from a translation, or added to it, stops the build.
LEFT_OUT = {
    ("rules.katko.trump_before_follow", "suit"): "Finnish and Czech say 'the led suit' without naming it",
    ("rules.kocka.pass", "to"): "Czech says 'to the player on the left' without the name",
    ("card.name", "suit"): "Czech says the suit by its adjective, {adj}",
}


def extra_allowed(key: str, english: set[str]) -> set[str]:
    """Params the code gives a message that English's words do not read: a list's count
    (``<list>_count``, web/table/text.py) for a plural, and a card name's suit adjective
    (``{adj}``, engine.i18n.name_card) where English says the suit."""
    return {f"{p}_count" for p in english} | ({"adj"} if key == "card.name" else set())


def catalogue(folder: str, lang: str, root: Path = ROOT) -> dict[str, str]:
    data: dict[str, str] = json.loads((root / folder / f"{lang}.json").read_text("utf-8"))
    return data


def placeholder_errors(root: Path = ROOT, langs: tuple[str, ...] | None = None) -> list[str]:
    """Each message of a language whose params ({name} fields, plural counts) are not
    English's, in words: the language, the key, what is missing and what is extra."""
    from engine.i18n import param_names

    errors = []
    for folder in CATALOGUES:
        english = catalogue(folder, "en", root)
        for lang in (langs if langs is not None else languages(root)):
            if lang == "en":
                continue
            for key, text in catalogue(folder, lang, root).items():
                if key not in english:
                    continue
                try:
                    want, have = param_names(english[key]), param_names(text)
                except ValueError as e:  # a plural without its "other" branch, an unclosed brace
                    errors.append(f"{lang}: {key} ({folder}/{lang}.json): {e}")
                    continue
                missing = sorted(p for p in want - have if (key, p) not in LEFT_OUT)
                extra = sorted(have - want - extra_allowed(key, want))
                if missing or extra:
                    said = [f"missing {', '.join('{' + p + '}' for p in missing)}"] if missing else []
                    said += [f"extra {', '.join('{' + p + '}' for p in extra)}"] if extra else []
                    errors.append(f"{lang}: {key} ({folder}/{lang}.json): {'; '.join(said)} "
                                  f"(English reads {', '.join('{' + p + '}' for p in sorted(want)) or 'none'})")
    return errors


def check(root: Path = ROOT) -> tuple[str, ...]:
    """The site's languages, once each has all its files and every message reads English's
    params (the build's first step); else :class:`LanguageError`, saying every fault."""
    langs = languages(root)
    errors = placeholder_errors(root, langs)
    if errors:
        raise LanguageError("messages whose params are not English's:\n  " + "\n  ".join(errors))
    return langs
