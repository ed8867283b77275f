#!/usr/bin/env bash
# The cost of the corpus's memory-error detector (docs/corpus.md, "The detector of memory
# errors"), measured in pairs: the corpus binary as committed (every release built with debug
# assertions and overflow checks) against one built from a copy of the corpus crate whose
# manifest lacks the `[profile.release.package.<crate>]` sections, each running
# corpus/benches/detector-cost.toml (gold and the buggy release of eight units, 60,000 test
# cases of R(20) each, to the end) as a whole process with one job, in turn, PAIRS times.
#
#   cargo run --release -- corpus fetch                  # the releases, once
#   bash corpus/benches/detector-cost.sh [PAIRS] > detector-cost.tsv
#
# Prints a TSV on stdout: per run its pair, build (`checks` or `none`), user + system CPU
# seconds and wall-clock seconds (GNU time); then, as `#` lines, the median CPU of each build,
# their ratio, the ratios pair by pair, and `testspace diff`'s verdict on the last pair's
# cells. Both builds (two release builds of the corpus crate, several minutes each) and every
# run go to a scratch folder of its own, removed at the end: nothing else is written. Run it
# on an otherwise idle machine; PAIRS defaults to 5.
set -euo pipefail

pairs="${1:-5}"
if ! [[ "$pairs" =~ ^[1-9][0-9]*$ ]]; then
  echo "error: PAIRS must be a positive whole number, not \`$pairs\`" >&2
  exit 2
fi
root="$(git rev-parse --show-toplevel)"
if [ ! -d "$root/corpus/releases" ]; then
  echo "error: $root/corpus/releases is missing: run \`cargo run --release -- corpus fetch\` first" >&2
  exit 2
fi
if [ ! -x /usr/bin/time ]; then
  echo "error: /usr/bin/time (GNU time) is needed to measure each run's CPU" >&2
  exit 2
fi
experiment="$root/corpus/benches/detector-cost.toml"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# Without the detector: the corpus crate's sources and lock file, its manifest without the
# release profile's per-crate sections, testspace and the releases where they are.
plain="$scratch/corpus-without-checks"
mkdir "$plain"
cp -r "$root/corpus/src" "$root/corpus/crates" "$root/corpus/benches" "$root/corpus/Cargo.lock" "$plain/"
awk '
  /^\[/ { skipping = ($0 ~ /^\[profile\.release\.package\./) }
  !skipping
' "$root/corpus/Cargo.toml" |
  sed -e "s|path = \"\.\.\"|path = \"$root\"|" -e "s|path = \"releases/|path = \"$root/corpus/releases/|" \
    > "$plain/Cargo.toml"
if grep -q '^\[profile\.release\.package\.' "$plain/Cargo.toml"; then
  echo "error: the copy's manifest still has per-crate release sections" >&2
  exit 1
fi

echo "building the corpus binary with the checks (as committed) and without them" >&2
build() { # FOLDER TARGET: a release build, its output shown only if it fails
  if ! (cd "$1" && CARGO_TARGET_DIR="$2" cargo build --release --locked --quiet) > "$scratch/build.log" 2>&1; then
    cat "$scratch/build.log" >&2
    echo "error: the release build in $1 failed" >&2
    exit 1
  fi
}
build "$root/corpus" "$scratch/target-checks"
build "$plain" "$scratch/target-none"
declare -A binary=(
  [checks]="$scratch/target-checks/release/testspace-corpus"
  [none]="$scratch/target-none/release/testspace-corpus"
)

printf 'pair\tbuild\tcpu_seconds\twall_seconds\n'
for pair in $(seq 1 "$pairs"); do
  for build in checks none; do
    out="$scratch/runs/$build-$pair"
    mkdir -p "$scratch/runs"
    (cd "$scratch" && /usr/bin/time -f '%U %S %e' -o "$scratch/time" \
      "${binary[$build]}" run "$experiment" --jobs 1 --quiet --out "$out" > /dev/null)
    read -r user system wall < "$scratch/time"
    printf '%s\t%s\t%s\t%s\n' "$pair" "$build" "$(awk -v u="$user" -v s="$system" 'BEGIN { print u + s }')" "$wall"
  done
done | tee "$scratch/runs.tsv"

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
checks="$(awk -F'\t' '$2 == "checks" { print $3 }' "$scratch/runs.tsv" | median)"
none="$(awk -F'\t' '$2 == "none" { print $3 }' "$scratch/runs.tsv" | median)"
echo "# median CPU seconds: checks $checks, none $none; ratio $(awk -v c="$checks" -v n="$none" 'BEGIN { printf "%.3f", c / n }')"
ratios="$(awk -F'\t' '$2 == "checks" { c[$1] = $3 } $2 == "none" { n[$1] = $3 }
  END { for (p in c) printf "%.3f\n", c[p] / n[p] }' "$scratch/runs.tsv" | sort -g | tr '\n' ' ')"
echo "# CPU ratio (checks / none) pair by pair, sorted: $ratios"
verdict="$("${binary[checks]}" diff "$scratch/runs/checks-$pairs" "$scratch/runs/none-$pairs" 2>&1 | head -2 | tr '\n' ' ' || true)"
echo "# the last pair's cells: $verdict"
