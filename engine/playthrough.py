"""Golden playthroughs, in the manner of OpenSpiel: a readable text per table.

``python -m engine playthrough --write tests/golden`` plays two seeded deals of
each game with the default options, and again with each option switched on
alone, writing every step: who is to act, the acting seat's view and legal
actions, the action and the events it caused. The tests regenerate the texts
and compare, so any change of behaviour shows up as a readable diff.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .games import GAMES
from .options import OptionSpec
from .state import Match

PLAYERS = {"katte": 4, "katko": 4, "call-kitti": 4, "kocka": 4}
SEED = 2026
DEALS = 2  # the default table; one deal for each option variant
# Values used to switch an option "on" where it is not a plain yes/no.
ON_VALUES: dict[str, list[Any]] = {"ante": [25], "base_price": [5], "turn_seconds": [30], "word": ["PES"]}


def variants(name: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """("default", {}), then one table per option value that differs from the default."""
    yield "default", {}
    cls = GAMES[name]
    players = PLAYERS[name]
    for spec in cls.OPTIONS:
        for value in _on_values(spec, players):
            label = spec.key if isinstance(value, bool) else f"{spec.key}-{value}"
            yield label, {spec.key: value}


def _on_values(spec: OptionSpec, players: int) -> list[Any]:
    default = spec.default_for(players)
    if spec.kind == "bool":
        return [not default]
    if spec.kind == "choice":
        return [c for c in spec.choices if c != default]
    return ON_VALUES.get(spec.key, [])


def _compact(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def playthrough(name: str, options: dict[str, Any], deals: int = DEALS) -> str:
    """The text of one golden playthrough."""
    cls = GAMES[name]
    players = PLAYERS[name]
    try:
        match: Match = cls.new(players, options, seed=SEED)
    except Exception as e:  # noqa: BLE001 (an option that does not fit this table is worth recording too)
        return f"# {name}, {players} players, options {_compact(options)}\nrefused: {e}\n"
    rng = random.Random(SEED)
    lines = [f"# {name}, {players} players, options {_compact(match.options)}, seed {SEED}"]
    for deal in range(deals):
        lines.append(f"\n== deal {deal}: {cls.START_KEY} {match.records[-1].start}")
        lines.extend(_events(match.log))
        step = 0
        while not match.deal_over:
            step += 1
            seat = match.to_act()[0]
            view = {k: v for k, v in match.view(seat).items() if k not in ("events", "actions", "options", "names", "legal")}
            legal = [str(a) for a in match.legal_actions(seat)]
            action = match.random_action(rng, seat)
            lines.append(f"-- step {step}: to act {list(match.to_act())}")
            lines.append(f"view {seat}: {_compact(view)}")
            lines.append(f"legal {seat}: {' | '.join(legal) if len(legal) <= 60 else ' | '.join(legal[:60]) + f' … ({len(legal)} in all)'}")
            lines.append(f"action: {action}")
            lines.extend(_events(match.apply(action)))
        lines.append(f"result: {_compact(match.deal_result())}")
        lines.append(f"standing: {_compact(match.standing())}")
        if match.match_over or deal == deals - 1:
            break
        match.start_deal()
    return "\n".join(lines) + "\n"


def _events(events: Any) -> list[str]:
    return [f"  {e.kind}{'' if e.to is None else ' to ' + str(sorted(e.to))}: {_compact(e.data)}" for e in events]


def all_playthroughs() -> Iterator[tuple[str, str]]:
    """(relative path, text) of every golden file."""
    for name in sorted(GAMES):
        for label, options in variants(name):
            yield f"{name}/{label}.txt", playthrough(name, options, DEALS if label == "default" else 1)


def write(folder: str) -> int:
    root = Path(folder)
    count = 0
    for rel, text in all_playthroughs():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
        count += 1
    return count
