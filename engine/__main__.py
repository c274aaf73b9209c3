"""Command line: ``replay FILE`` (``-`` for stdin), ``deal GAME NUMBER``, ``bench``, ``arena``,
``playthrough``.

``deal GAME NUMBER [--players N] [--options JSON] [--deal K] [--dealer S]`` prints the
cards a deal number gives (:mod:`engine.shuffle`) as one JSON object shaped like a hand
record's deal. Deal 0's dealer (Katte: leader) is drawn by lot from the number; a later
deal's follows from the play before it (who won, who lost), so ``--deal K`` with K > 0
needs it given with ``--dealer`` (or ``--leader``): only Katko's hands depend on it.
"""

from __future__ import annotations

import argparse
import json
import sys

from .errors import EngineError, RecordError
from .record import replay_record


def _replay(path: str) -> int:
    try:
        if path == "-":
            text: str | bytes = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                text = f.read()
    except OSError as e:
        print(json.dumps({"error": {"deal": None, "action": None,
                                    "message": f"cannot read {path}: {e.strerror}"}}))
        return 1
    try:
        result = replay_record(text)
    except RecordError as e:
        print(json.dumps(e.to_json(), ensure_ascii=False))
        return 1
    except RecursionError:
        print(json.dumps({"error": {"deal": None, "action": None, "message": "the record is nested too deeply"}}))
        return 1
    print(json.dumps(result, ensure_ascii=False))
    return 0


def _whole(text: str, what: str) -> int:
    """A whole number written in decimal digits, or an ``EngineError`` naming ``what``."""
    if not text.isascii() or not text.isdigit():
        raise EngineError(f"{what} must be a whole number, not {text!r}")
    return int(text)


def _deal(args: argparse.Namespace) -> int:
    """``deal``: one JSON line on stdout, or one error line on stderr and exit status 1."""
    from . import game_class
    from .shuffle import MAX_NUMBER, check_number

    try:
        cls = game_class(args.game)
        if args.number.isascii() and args.number.isdigit():
            number = check_number(int(args.number))
        else:
            raise EngineError(f"a deal number must be a whole number from 1 to {MAX_NUMBER}, "
                              f"not {args.number!r}")
        default_players = 4 if cls.MIN_PLAYERS <= 4 <= cls.MAX_PLAYERS else cls.MIN_PLAYERS
        players = default_players if args.players is None else _whole(args.players, "--players")
        try:
            options = {} if args.options is None else json.loads(args.options)
        except json.JSONDecodeError as e:
            raise EngineError(f"--options is not valid JSON: {e.msg} at column {e.colno}") from None
        deal = 0 if args.deal is None else _whole(args.deal, "--deal")
        match = cls(players, options, names=None, number=number)
        if deal == 0:
            if args.start is not None:
                raise EngineError(f"the first deal's {cls.START_KEY} is drawn by lot from the number: "
                                  f"leave --{cls.START_KEY} out")
            start = match.numbered_start(0)
        elif args.start is None:
            raise EngineError(f"deal {deal}'s {cls.START_KEY} follows from the play before it: "
                              f"give the seat with --{cls.START_KEY}")
        else:
            start = _whole(args.start, f"--{cls.START_KEY}")
        hands, turned = match.numbered_cards(deal, start)
    except EngineError as e:
        print(f"python -m engine deal: {e}", file=sys.stderr)
        return 1
    out = {"game": cls.NAME, "players": players, "options": match.options, "number": number,
           "deal": deal, cls.START_KEY: start, "hands": hands}
    if turned is not None:
        out["turned"] = turned
    print(json.dumps(out, ensure_ascii=False))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Kortti's rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a hand record and print its result as JSON")
    rp.add_argument("file", help="the record's path, or - for standard input")
    dp = sub.add_parser("deal", help="print the cards a deal number gives, as JSON")
    dp.add_argument("game", help="katte, katko, call-kitti or kocka")
    dp.add_argument("number", help=f"the deal number, 1 to {2**53 - 1}")
    dp.add_argument("--players", help="seats (where the game allows a choice; default 4)")
    dp.add_argument("--options", help='table options as a JSON object, e.g. \'{"trump": true}\'')
    dp.add_argument("--deal", help="which deal of the match, from 0 (default 0)")
    dp.add_argument("--dealer", "--leader", dest="start",
                    help="the dealer (Katte: leader) of a later deal, as the rules made it")
    bp = sub.add_parser("bench", help="random play per second: the public API, then the bots' simulators")
    bp.add_argument("--seconds", type=float, default=2.0, help="time per game")
    bp.add_argument("--game", action="append", help="only this game (repeatable)")
    ap = sub.add_parser("arena", help="bots against bots, duplicate deals, 95%% intervals")
    ap.add_argument("--game", required=True, choices=["katte", "katko", "call-kitti", "kocka"])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seats", required=True, help="one level per seat, e.g. hard,medium,medium,medium")
    ap.add_argument("--deals", type=int, help="duplicate deals (Katte, Kočka)")
    ap.add_argument("--matches", type=int, help="duplicate matches (Katko, Call Kitti)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, help="processes (default: all cores)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    pp = sub.add_parser("playthrough", help="write the golden playthrough files")
    pp.add_argument("--write", metavar="FOLDER", default="tests/golden", help="where (default tests/golden)")
    args = parser.parse_args(argv)
    if args.command == "arena":
        from .bots.arena import main as arena

        return arena(args)
    if args.command == "playthrough":
        from .playthrough import write

        print(f"wrote {write(args.write)} playthroughs to {args.write}")
        return 0
    if args.command == "replay":
        return _replay(args.file)
    if args.command == "deal":
        return _deal(args)
    from .bench import run, run_sims

    run(args.game, args.seconds)
    run_sims(args.game, args.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
