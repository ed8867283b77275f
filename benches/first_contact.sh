#!/usr/bin/env bash
# First contact, timed (issue 44): the README's two set-up commands in a fresh clone with an
# empty target folder, and the one-minute demo (issue 67), each as a whole process, with
# wall-clock, CPU (user + system), peak resident memory and the load average before and
# after, so that a measurement on a shared machine says so.
#
#   bash benches/first_contact.sh [REPOSITORY] [SCRATCH]
#
# REPOSITORY defaults to this checkout, SCRATCH to a new temporary folder (removed at the
# end unless KEEP=1). Cargo's registry cache is the user's, so crates already downloaded are
# not downloaded again: on a machine that has never fetched them, add the download time.
set -euo pipefail

repository="${1:-$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)}"
scratch="${2:-$(mktemp -d)}"
clone="$scratch/testspace"
unset CARGO_TARGET_DIR

git clone --quiet "$repository" "$clone"
cd "$clone"
echo "commit $(git rev-parse --short HEAD), $(nproc) CPUs, $(date -u +%Y-%m-%dT%H:%MZ)"

# Runs "$@" as a whole process; prints its wall-clock and CPU seconds, its peak resident
# memory (the largest of the process and its waited-for children, as GNU time reports it)
# and the load averages.
timed() {
    local label="$1"
    shift
    local before after times
    before="$(cut -d' ' -f1-3 /proc/loadavg)"
    times="$(mktemp)"
    /usr/bin/time -f "%e %U %S %M" -o "$times" "$@" >"$scratch/$label.out" 2>"$scratch/$label.err" || {
        echo "$label failed; see $scratch/$label.err" >&2
        exit 1
    }
    after="$(cut -d' ' -f1-3 /proc/loadavg)"
    read -r wall user system peak <"$times"
    awk -v l="$label" -v w="$wall" -v u="$user" -v s="$system" -v m="$peak" -v b="$before" -v a="$after" \
        'BEGIN { printf "%s: wall %d:%02d, CPU %d:%02d, peak %d MB (load before %s, after %s)\n",
                 l, w / 60, w % 60, (u + s) / 60, (u + s) % 60, m / 1024, b, a }'
}

timed reproduce cargo run --release -- reproduce
grep -E "^(identical|DIFFERENT)" "$scratch/reproduce.out" || true
grep -E "Finished .release" "$scratch/reproduce.err" | head -1 || true
# The release build is warm now: the demo's own time and memory.
timed demo cargo run --release -- demo
timed test cargo test
grep -E "^test result" "$scratch/test.out" | awk '{ passed += $4; failed += $6 } END { print passed " passed, " failed " failed" }'

if [ "${KEEP:-0}" != 1 ]; then
    rm -rf "$scratch"
fi
