#!/usr/bin/env bash
# Every test, from a fresh clone: sets up a virtual environment, then runs the suites.
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[dev]'
.venv/bin/python -m mypy
.venv/bin/python -m pytest "$@"
