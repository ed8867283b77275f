#!/usr/bin/env bash
# Execute the notebooks headlessly against a results directory; non-zero exit on any cell error.
#
#   notebooks/run.sh [RESULTS_DIR]        # default: results/andrews2010
#
# Creates (or reuses) a venv outside the clone, TESTSPACE_VENV (default
# $HOME/.cache/testspace/venv), installs notebooks/requirements.txt into it when that file changed
# since the last install, and runs notebooks/run.py with it. Set TESTSPACE_NOTEBOOK_PYTHON to a
# Python that already has the requirements to skip the venv. Figures and the executed copy of
# each notebook go to RESULTS_DIR/notebook/ (or TESTSPACE_FIGURES).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
results="${1:-$root/results/andrews2010}"
requirements="$here/requirements.txt"

if [ -n "${TESTSPACE_NOTEBOOK_PYTHON:-}" ]; then
  python="$TESTSPACE_NOTEBOOK_PYTHON"
else
  venv="${TESTSPACE_VENV:-$HOME/.cache/testspace/venv}"
  if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import sys' >/dev/null 2>&1; then
    command -v python3 >/dev/null 2>&1 || { echo "python3 is required for the notebooks" >&2; exit 1; }
    echo "== creating venv $venv"
    rm -rf "$venv"
    mkdir -p "$(dirname "$venv")"
    if ! python3 -m venv "$venv" >/dev/null 2>&1; then
      # Debian's python3 ships venv/ensurepip separately.
      rm -rf "$venv"
      echo "== installing python3-venv (python3 -m venv failed)"
      SUDO=""
      if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
      $SUDO apt-get update
      $SUDO apt-get install -y python3-venv
      python3 -m venv "$venv"
    fi
  fi
  python="$venv/bin/python"
  stamp="$venv/.testspace-requirements.sha256"
  want="$(sha256sum "$requirements" | cut -d' ' -f1)"
  if [ "$(cat "$stamp" 2>/dev/null || true)" != "$want" ]; then
    echo "== pip install -r notebooks/requirements.txt into $venv"
    "$python" -m pip install --disable-pip-version-check -q -r "$requirements"
    echo "$want" > "$stamp"
  fi
fi

passed=0
failed=0
for nb in "$here"/*.ipynb; do
  if "$python" "$here/run.py" "$results" --notebook "$nb"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
done
echo "notebooks: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
