"""What every bot's fast simulator promises, so one test can hold them all to the engine.

Each hard bot plays thousands of deals per decision, too many for the engine's general
``Match`` (events, records, views), so each game has a fast private copy of its rules:
``engine/bots/<game>/sim.py``. A copy of the rules can drift from the rules, so each
``sim`` module also offers ``simulator_for(match)``: the simulator set up with the
true deal of ``match`` (every card known), behind this small common face. The test
``tests/test_simulators.py`` then plays random deals through the engine and the
simulator side by side and requires the same seat to act, the same legal actions and
the same result.
"""

from __future__ import annotations

from typing import Any, Protocol


class Simulator(Protocol):
    """A game's fast simulator, in the engine's terms (record notation, seats)."""

    def to_act(self) -> int:
        """The seat whose action comes next (-1 once the deal is over)."""

    def legal_actions(self) -> list[str] | None:
        """The legal actions of that seat, sorted, in record notation; ``None`` in a
        phase the simulator does not list (Call Kitti's arrangements: 10^7 of them)."""

    def apply(self, action: str) -> None:
        """Play an action the engine accepted."""

    def outcome(self) -> dict[str, Any]:
        """Once over: the deal's result, as the keys of the engine's ``deal_result()``
        that this simulator computes (a subset, with the same values)."""
