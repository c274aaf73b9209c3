"""The strength table: how likely a set of a given value rank is to win show k.

Medium and hard arrange by it (the optimiser maximises the expected shows won) and
medium bids by it. Show k is won by beating all three opponents' k-th sets, so
``WIN[k][v]`` is F(v)³, where F(v) is the chance that one opponent's k-th set has a
value rank below ``v``. The four CDFs F live in ``strength.json`` (data, in 1/65535
units) and were trained by self-play: ``python -m engine.bots.call_kitti.train``.
"""

from __future__ import annotations

import json
from importlib import resources

from .sim import NV, SHOWS

Table = list[list[float]]


def decode(cdfs: list[list[int]], scale: int) -> Table:
    """The four CDFs as the chance that a set beats all three opponents' k-th sets: F³."""
    return [[(f / scale) ** 3 for f in row] for row in cdfs]


def _load() -> Table:
    # importlib.resources (as engine/i18n.py) also reads it when the engine is imported from a zip
    data = json.loads(resources.files(__package__).joinpath("strength.json").read_text("utf-8"))
    cdfs: list[list[int]] = data["cdf"]
    assert len(cdfs) == SHOWS and all(len(row) == NV for row in cdfs), "strength.json: wrong shape"
    return decode(cdfs, data["scale"])


WIN: Table = _load()


def win_chances(vals: list[int], w: Table | None = None) -> list[float]:
    """The table's chance of winning each show with sets of these value ranks (show order)."""
    t = w or WIN
    return [t[k][vals[k]] for k in range(SHOWS)]
