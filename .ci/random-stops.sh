#!/usr/bin/env bash
# Random stops (docs/faults.md, "Stops that do not count"): runs an experiment once
# undisturbed, then TRIALS times while stopping its workers, or its whole process group
# (supervisor included), at random moments for longer than the watchdog, and continues
# them. Every trial's cells (`testspace diff`) and suite files must equal the undisturbed
# run's. Exit status 0 when all do, 1 at the first that does not.
#
#   .ci/random-stops.sh [TRIALS] [EXPERIMENT]
#
# TRIALS defaults to 20, EXPERIMENT to testdata/experiments/generated.toml (generated
# suites of fdrt, fdrt-reset and fcrt and an r run: suites made in workers, then jobs).
# TESTSPACE names the binary (default: target/debug/testspace, built if missing).
set -euo pipefail

trials="${1:-20}"
experiment="${2:-testdata/experiments/generated.toml}"
testspace="${TESTSPACE:-${CARGO_TARGET_DIR:-target}/debug/testspace}"
[ -x "$testspace" ] || cargo build --locked --quiet
watchdog=3 # well above the longest job of a debug build on a loaded machine
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

run() { # OUT: the run, in a session (and process group) of its own, in the background
  setsid "$testspace" run "$experiment" --jobs 2 --watchdog "$watchdog" --quiet \
    --out "$1" > /dev/null 2> "$1.stderr" &
}

# The worker processes of process $1.
workers() { ps -o pid= --ppid "$1" 2> /dev/null | tr -d ' ' || true; }

echo "random stops: $trials trial(s) of $experiment, watchdog $watchdog s"
"$testspace" run "$experiment" --jobs 2 --watchdog "$watchdog" --quiet \
  --out "$work/reference" > /dev/null

for trial in $(seq 1 "$trials"); do
  out="$work/trial-$trial"
  run "$out"
  pid=$!
  stops=()
  # Up to three stops while the run lasts, each 3.5 to 5 s (beyond the watchdog).
  for _ in 1 2 3; do
    sleep "0.$((RANDOM % 10))"
    kill -0 "$pid" 2> /dev/null || break
    pause="$((35 + RANDOM % 16))"
    mapfile -t found < <(workers "$pid")
    if (( RANDOM % 2 == 0 )) || (( ${#found[@]} == 0 )); then
      victim="-$pid" # the whole process group: supervisor and workers
      what="the run"
    else
      victim="${found[RANDOM % ${#found[@]}]}"
      what="worker $victim"
    fi
    kill -STOP -- "$victim" 2> /dev/null || continue
    sleep "$((pause / 10)).$((pause % 10))"
    kill -CONT -- "$victim" 2> /dev/null || true
    stops+=("$what $((pause / 10)).$((pause % 10)) s")
  done
  if ! wait "$pid"; then
    echo "trial $trial: the run failed ($(IFS=';'; echo "${stops[*]}")):" >&2
    cat "$out.stderr" >&2
    exit 1
  fi
  if ! "$testspace" diff "$work/reference" "$out" > "$out.diff" 2>&1; then
    echo "trial $trial: cells differ ($(IFS=';'; echo "${stops[*]}")):" >&2
    cat "$out.diff" >&2
    exit 1
  fi
  if [ -d "$work/reference/suites" ] && ! diff -r "$work/reference/suites" "$out/suites" > /dev/null; then
    echo "trial $trial: suites differ ($(IFS=';'; echo "${stops[*]}"))" >&2
    exit 1
  fi
  echo "trial $trial: identical (${#stops[@]} stop(s): $(IFS=';'; echo "${stops[*]}"))"
  rm -rf "$out" "$out.stderr" "$out.diff"
done
echo "random stops: all $trials trial(s) gave the undisturbed cells and suites"
