"""Bad input to the replay command: a clear JSON error and exit status 1, never a traceback."""

from __future__ import annotations

import contextlib
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import RecordError, replay_record
from engine.__main__ import main

RECORDS = sorted(p for p in (Path(__file__).parent / "records").rglob("*.json") if p.name.count(".") == 1)
VALID = [p for p in RECORDS if p.with_suffix(".expected.json").exists()]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=6)
    | st.sampled_from(["AS", "10H", "OL", "0 play AS", "1 bid 9", "kocka", "2 pass 7H 8H 9H"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)


def run_replay(text: str | bytes, tmp: Path) -> tuple[int, Any]:
    path = tmp / "record.json"
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["replay", str(path)])
    return code, json.loads(out.getvalue())


def _mutate(doc: Any, rng: random.Random, value: Any) -> Any:
    """Replace, drop or corrupt one randomly chosen place of the document."""
    path: list[Any] = []
    node = doc
    while isinstance(node, (dict, list)) and node and rng.random() < 0.75:
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        path.append(key)
        node = node[key]
    if not path:
        return value
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    if rng.random() < 0.3:
        del parent[path[-1]]
    elif isinstance(node, str) and rng.random() < 0.5:
        parent[path[-1]] = node[: rng.randrange(len(node) + 1)] + rng.choice(["", "X", " 9", "H"])
    else:
        parent[path[-1]] = value
    return doc


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(VALID), seed=st.integers(0, 2**32), value=JSON_VALUES)
def test_mutated_records_get_a_clear_error_or_a_result(tmp_path: Path, path: Path, seed: int, value: Any) -> None:
    doc = _mutate(json.loads(path.read_text("utf-8")), random.Random(seed), value)
    code, out = run_replay(json.dumps(doc), tmp_path)
    if code == 1:
        err = out["error"]
        assert set(err) == {"deal", "action", "message"} and err["message"]
        assert "Traceback" not in err["message"]
    else:
        assert code == 0 and {"game", "deals", "match", "to_act"} <= set(out)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(VALID), cut=st.integers(0, 10_000), junk=st.binary(max_size=3))
def test_truncated_or_garbled_text_is_refused_cleanly(tmp_path: Path, path: Path, cut: int, junk: bytes) -> None:
    data = path.read_bytes()
    cut = cut % len(data)
    code, out = run_replay(data[:cut] + junk, tmp_path)
    if code == 1:
        err = out["error"]
        assert err["deal"] is None and err["action"] is None
        assert "JSON" in err["message"] or "UTF-8" in err["message"]
    else:  # cut at the very end, or junk that is only white space
        assert code == 0


@pytest.mark.parametrize("doc, words", [
    ([], "must be a JSON object"),
    ({"game": "chess", "players": 2}, "unknown game 'chess'"),
    ({"game": "kocka"}, "no 'players'"),
    ({"game": "kocka", "players": 4, "colour": 1}, "unknown key 'colour'"),
    ({"game": "kocka", "players": 4, "options": {"early_end": 3}}, "early_end"),
    ({"game": "kocka", "players": 4, "deals": {}}, "'deals' must be a list"),
    ({"game": "kocka", "players": 4, "seed": "x"}, "'seed' must be a whole number"),
    ({"game": "kocka", "players": 4, "names": ["a"]}, "one entry per seat"),
    ({"game": "kocka", "players": 4, "deals": [{"dealer": 9, "hands": []}]}, "seat from 0 to 3"),
])
def test_malformed_documents_are_explained(doc: Any, words: str) -> None:
    with pytest.raises(RecordError) as info:
        replay_record(doc)
    assert words in info.value.message


def test_missing_file_and_invalid_utf8(tmp_path: Path) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["replay", str(tmp_path / "nope.json")]) == 1
    assert "cannot read" in json.loads(out.getvalue())["error"]["message"]
    code, result = run_replay(b"\xff\xfe{", tmp_path)
    assert code == 1 and "UTF-8" in result["error"]["message"]
