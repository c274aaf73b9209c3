"""Where each numbered rule is explained on the rules pages: ``{game: {lang: {rule:
[anchor, heading]}}}``, baked into the table's page so a refused move can link to the
section of the rule the engine cited (the same sections the rules pages link)."""

from __future__ import annotations

from . import rules


def rule_sections() -> dict[str, dict[str, dict[str, list[str]]]]:
    out: dict[str, dict[str, dict[str, list[str]]]] = {}
    for path in sorted((rules.RULES / "src").glob("*.txt")):
        game, _, lang = path.stem.rpartition(".")
        if game not in rules.GAMES or lang not in rules.LANGS:
            continue
        page = rules.parse_source(path.read_text("utf-8"), game, lang)
        found: dict[str, list[str]] = {}
        for block in page.blocks:
            if block.kind in ("h2", "h3"):
                for rule in block.attrs.get("rules", "").split():
                    found[rule] = ["#" + block.attrs["id"], block.text]
        out.setdefault(game, {})[lang] = found
    return out
