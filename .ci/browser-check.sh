#!/usr/bin/env bash
# The browser check of `testspace report` (issue 43): the page of a small committed results
# folder opened in headless Chromium, offline. Fails on a script error or console message,
# on a figure that does not load, or on a load longer than 2 s; keeps a screenshot.
#
#   bash .ci/browser-check.sh [TESTSPACE [RESULTS [KEEP]]]
#
# TESTSPACE: the binary (default: $CARGO_TARGET_DIR/debug/testspace, built if missing);
# RESULTS: the folder (default: results/andrews2010-smoke); KEEP: where the page and its
# screenshot stay (default: $CARGO_TARGET_DIR/browser-check). Installs Debian's chromium
# where /usr/bin/chromium is missing. The page's own script marks the root element once it
# has loaded: data-figures (ok, or the figures that did not load), data-errors (none, or the
# script errors) and data-load-ms; --dump-dom reads them back.
set -euo pipefail
cd "$(dirname "$0")/.."

target="${CARGO_TARGET_DIR:-target}"
testspace="${1:-$target/debug/testspace}"
results="${2:-results/andrews2010-smoke}"
keep="${3:-$target/browser-check}"
limit_ms=2000

if [ ! -x /usr/bin/chromium ]; then
  echo "== installing chromium (/usr/bin/chromium missing)"
  SUDO=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y chromium
fi
if [ ! -x "$testspace" ]; then
  cargo build --locked --quiet
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
rm -rf "$keep"
mkdir -p "$keep"
"$testspace" report "$results" --out "$keep/report" > /dev/null

# One headless load of PAGE: the root element's tag on stdout, the browser's log in $2.
load() {
  local profile
  profile="$(mktemp -d -p "$work")"
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --enable-logging=stderr --v=0 \
    --dump-dom "file://$(realpath "$1")" 2> "$2" | grep -o '<html[^>]*>' || true
}

# Checks a load: prints what is wrong, returns 1 if anything is.
verdict() {
  local root="$1" log="$2" wrong=0
  case "$root" in
    *'data-figures="ok"'*) ;;
    *) echo "figures: $(grep -o 'data-figures="[^"]*"' <<< "$root" || echo 'not marked (the page script did not run)')"; wrong=1 ;;
  esac
  case "$root" in
    *'data-errors="none"'*) ;;
    *) echo "script errors: $(grep -o 'data-errors="[^"]*"' <<< "$root" || echo 'not marked')"; wrong=1 ;;
  esac
  if grep -q 'CONSOLE' "$log"; then
    echo "console messages:"; grep 'CONSOLE' "$log"; wrong=1
  fi
  local ms
  ms="$(grep -o 'data-load-ms="[0-9]*"' <<< "$root" | grep -o '[0-9]*' || echo 999999)"
  if [ "$ms" -ge "$limit_ms" ]; then
    echo "load time: $ms ms (limit $limit_ms ms)"; wrong=1
  fi
  return $wrong
}

# The check can fail: a copy of the page with a figure removed is refused.
cp -r "$keep/report" "$work/broken"
rm "$(ls "$work"/broken/*.svg | head -1)"
if verdict "$(load "$work/broken/index.html" "$work/broken.log")" "$work/broken.log" > /dev/null; then
  echo "the browser check passed a page with a missing figure" >&2
  exit 1
fi

root="$(load "$keep/report/index.html" "$keep/chromium.log")"
if ! verdict "$root" "$keep/chromium.log"; then
  echo "browser check of $results failed ($keep/chromium.log)" >&2
  exit 1
fi
profile="$(mktemp -d -p "$work")"
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$profile" --hide-scrollbars --window-size=1400,2000 \
  --screenshot="$keep/screenshot.png" "file://$(realpath "$keep/report/index.html")" 2> /dev/null
test -s "$keep/screenshot.png"
echo "browser check of $results: figures ok, no script errors or console messages," \
  "loaded in $(grep -o 'data-load-ms="[0-9]*"' <<< "$root" | grep -o '[0-9]*') ms;" \
  "screenshot $keep/screenshot.png"
