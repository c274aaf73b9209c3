#!/usr/bin/env bash
# Every test, from a fresh clone: installs what the tests need, then ruff, mypy --strict and pytest.
# Extra arguments go to pytest, e.g. ./test.sh tests/test_kocka.py -x
# pytest runs in KORTTI_TEST_WORKERS processes (pytest-xdist; default 2, one per core here;
# 0 runs everything in this process). The wall time is printed at the end.
set -euo pipefail
cd "$(dirname "$0")"
started=$(date +%s)
trap 'echo "test.sh: $(( ($(date +%s) - started) / 60 )) min $(( ($(date +%s) - started) % 60 )) s wall time" >&2' EXIT

# Debian's Chromium drives the browser tests (Playwright must never download a browser here);
# the WebRTC tests make a network namespace of their own (unshare: util-linux; ip: iproute2).
missing=""
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
command -v unshare >/dev/null 2>&1 || missing="$missing util-linux"
command -v ip >/dev/null 2>&1 || [ -x /usr/sbin/ip ] || missing="$missing iproute2"
# a font for every script the site writes (Vietnamese's stacked accents, Nepali's Devanagari),
# so the screenshots and the reflow checks see real glyphs, not boxes (the page names system
# fonts only: app.css). Lohit Devanagari is 0.2 MB; DejaVu (Chromium's own) has Vietnamese.
has_font() { command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list ":lang=$1" family)" ]; }
has_font ne || missing="$missing fonts-lohit-deva"
has_font vi || missing="$missing fonts-dejavu-core"
if [ -n "$missing" ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "test.sh: installing Debian's$missing for the browser tests" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
  else
    echo "test.sh: the browser tests need Debian's$missing: sudo apt-get install$missing" >&2
    exit 1
  fi
fi

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[dev]'
.venv/bin/python -m ruff check .
# the page's JS, typed by JSDoc, checked by TypeScript from npm (pinned): all of it (web/js/tsconfig.json),
# and the friends table's transport and protocol strictly (web/js/tsconfig.strict.json)
if [ ! -x .cache/typescript/node_modules/.bin/tsc ]; then
  npm install --silent --no-save --no-audit --no-fund --prefix .cache/typescript typescript@5.9.3 >/dev/null
fi
# mypy and the two TypeScript checks at once (one process each: run in turn, one core idled);
# each one's output is printed whole, in this order, and any of them failing stops the run
checks=$(mktemp -d)
.venv/bin/python -m mypy >"$checks/mypy" 2>&1 & mypy=$!
.cache/typescript/node_modules/.bin/tsc -p web/js/tsconfig.json >"$checks/tsc" 2>&1 & tsc=$!
.cache/typescript/node_modules/.bin/tsc -p web/js/tsconfig.strict.json >"$checks/tsc-strict" 2>&1 & strict=$!
failed=0
wait "$mypy" || failed=1; cat "$checks/mypy"
wait "$tsc" || failed=1; cat "$checks/tsc"
wait "$strict" || failed=1; cat "$checks/tsc-strict"
rm -rf "$checks"
[ "$failed" = 0 ]
# (--durations: the slowest tests are listed at the end, to see where the time goes)
.venv/bin/python -m pytest -n "${KORTTI_TEST_WORKERS:-2}" --dist worksteal --durations=25 "$@"
