"""What a finished deal (and a finished match) meant for the human, in each game's own
terms, for the statistics and the history (web/js/records/history.js stores it).

Every figure is read from the engine's results (``Match.summaries``, the replay format
of shared/spec/hand-records.md, and ``Match.standing()``); nothing here runs a rule.
Each deal also gets ``win`` (did it go the human's way: the statistics' streaks) and
``value`` (its signed figure: the statistics' chart).
"""

from __future__ import annotations

from typing import Any

from engine import Match


def _at(values: Any, seat: int, default: int = 0) -> int:
    """``values[seat]`` of a per-seat list in a result, or ``default`` where absent."""
    if isinstance(values, list) and 0 <= seat < len(values) and isinstance(values[seat], int):
        return int(values[seat])
    return default


def deal_figures(game: str, result: dict[str, Any], seat: int) -> dict[str, Any]:
    """One finished deal's result (replay format), seen from ``seat``."""
    if game == "kocka":
        letter = result.get("loser") == seat
        penalty = _at(result.get("penalty"), seat)
        return {"penalty": penalty, "letter": letter, "draw": bool(result.get("draw")),
                "win": not letter, "value": -penalty}
    if game == "katte":
        won = result.get("winner") == seat
        chips = _at(result.get("chips"), seat)
        return {"won": won, "chips": chips, "redeal": result.get("winner") is None,
                "win": won, "value": chips}
    if game == "katko":
        points = _at(result.get("points"), seat)
        last = result.get("last_trick") == seat
        return {"points": points, "last_trick": last, "win": last, "value": points}
    if game == "call-kitti":
        points = _at(result.get("points"), seat)
        money = _at(result.get("payments"), seat)
        return {"points": points, "money": money, "cancelled": bool(result.get("cancelled")),
                "struck": bool(result.get("struck")), "win": points > 0, "value": money}
    return {"win": False, "value": 0}


def match_figures(game: str, standing: dict[str, Any], seat: int) -> dict[str, Any]:
    """A finished match's standing (replay format), seen from ``seat``."""
    if game == "kocka":
        lost = standing.get("loser") == seat
        return {"lost": lost, "won": not lost, "letters": _at(standing.get("letters"), seat)}
    if game == "katte":  # a session the table ended (K-3 has no end): who holds most chips
        raw = standing.get("chips")
        chips: list[Any] = raw if isinstance(raw, list) else []
        mine = _at(chips, seat)
        return {"chips": mine, "won": bool(chips) and mine == max(chips)}
    if game == "katko":
        return {"won": standing.get("winner") == seat, "score": _at(standing.get("scores"), seat)}
    if game == "call-kitti":
        money = _at(standing.get("settlement"), seat)
        # the settlement holds the deals' payments too: `settle` is only what the end added
        return {"won": standing.get("winner") == seat, "money": money,
                "settle": money - _at(standing.get("payments"), seat)}
    return {"won": False}


def outcome(match: Match, seat: int, over: bool) -> dict[str, Any] | None:
    """The last finished deal's figures (and the match's when ``over``), or None when no
    deal has finished yet. ``over``: the match ended (the engine's end, or the end of
    a Katte session, a table setting)."""
    if not match.summaries:
        return None
    index = len(match.summaries) - 1
    result = match.summaries[index].get("result") or {}
    return {
        "game": match.NAME,
        "seat": seat,
        "deal": index,
        "result": deal_figures(match.NAME, result, seat),
        "match_over": over,
        "match": match_figures(match.NAME, match.standing(), seat) if over else None,
    }
