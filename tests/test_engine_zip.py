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
        assert f"engine/bots/{game}.py" in names or any(n.startswith(f"engine/bots/{game}") for n in names)
    assert not names & build.COMMAND_LINE_ONLY
    # it works without them: a match played by the bots from the zip alone
    (tmp_path / "engine.zip").write_bytes(data)
    code = ("import engine, random; m = engine.new_match('kocka', 4, seed=1); r = random.Random(1)\n"
            "while not m.deal_over: m.apply(m.random_action(r))\nprint(m.summaries[-1]['result']['penalty'])")
    out = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, 'engine.zip')\n{code}"],
                         cwd=tmp_path, capture_output=True, text=True, check=True)
    assert out.stdout.strip().startswith("[")
