"""Command line: ``replay FILE`` (``-`` for stdin), ``bench``, ``arena``, ``playthrough``."""

from __future__ import annotations

import argparse
import json
import sys

from .errors import RecordError
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Kortti's rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a hand record and print its result as JSON")
    rp.add_argument("file", help="the record's path, or - for standard input")
    bp = sub.add_parser("bench", help="random matches per second through the public API")
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
    from .bench import run

    run(args.game, args.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
