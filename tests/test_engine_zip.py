"""The engine as the page gets it (build.py's engine.zip): every game and bot, none of
the command-line tools (arena, bench, playthrough), and importable on its own."""

from __future__ import annotations

import io
import subprocess
import sys
import zipfile
from pathlib import Path

import build


def test_the_shipped_engine_has_the_games_and_bots_and_no_command_line_tools(tmp_path: Path) -> None:
    data = build.package_zip(build.ROOT / "engine")
    names = set(zipfile.ZipFile(io.BytesIO(data)).namelist())
    for game in ("katte", "katko", "call_kitti", "kocka"):
        assert f"engine/games/{game}.py" in names
        assert f"engine/bots/{game}/__init__.py" in names
    assert "engine/bots/call_kitti/strength.json" in names  # the bots' tables are data files
    assert "engine/bots/katte/learned.json" in names
    assert not names & build.COMMAND_LINE_ONLY
    # it works without them: a Kočka deal played from the zip alone, and every game's hard
    # bot deciding from it (its tables read from the zip)
    (tmp_path / "engine.zip").write_bytes(data)
    code = ("import engine, random; m = engine.new_match('kocka', 4, seed=1); r = random.Random(1)\n"
            "while not m.deal_over: m.apply(m.random_action(r))\nprint(m.summaries[-1]['result']['penalty'])\n"
            "from engine.bots import Budget, make_bot\n"
            "for g in sorted(engine.GAMES):\n"
            "    m = engine.new_match(g, 4, seed=2); v = m.view(m.to_act()[0])\n"
            "    a = make_bot(g, 'hard', seed=1, budget=Budget(2)).decide(v).action\n"
            "    print(g, m.check(m.parse(a)) is None)")
    out = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, 'engine.zip')\n{code}"],
                         cwd=tmp_path, capture_output=True, text=True, check=True)
    lines = out.stdout.split("\n")
    assert lines[0].startswith("[")
    assert lines[1:5] == ["call-kitti True", "katko True", "katte True", "kocka True"]
