#!/usr/bin/env bash
# The previous release from crates.io as oracle, end to end (issue 61, item 4; docs/own-crate.md,
# "A release from crates.io"). testdata/previous/cratesio-e2e carries the package name of the
# published crate competitive-programming-rs and compares its BitSet, which holds a planted
# wrong result, with release 0.10.2 as the registry serves it. This script fetches the release
# (the archive Cargo downloaded must hash to the checksum committed in previous.lock), builds
# the crate, runs r and bobw on gold (previous.toml, 10 replicates each) and fails unless each
# strategy found the planted change in at least 8 of its replicates, the criterion of
# .ci/oracles.sh, and a failing test of each shows the release's other answer. (.ci/run
# fetches before its clippy run too, which lints the crate.)
# Argument 1: the testspace binary. CARGO_TARGET_DIR is the one the own-crate example uses, so
# testspace is not built again.
set -euo pipefail
cd "$(dirname "$0")/.."
testspace="$1"
crate=testdata/previous/cratesio-e2e
name=competitive-programming-rs
version=0.10.2
started=$SECONDS

# The fetch: a real download through Cargo (or the release already fetched under the recorded
# checksum), refused by Cargo if the registry's checksum is not the recorded one; the lock file
# must come out as committed.
"$testspace" previous fetch "$crate"
git diff --exit-code -- "$crate/previous.lock"
recorded="$(sed -n 's/^checksum = "\([0-9a-f]\{64\}\)"$/\1/p' "$crate/previous.lock")"
if [ -z "$recorded" ]; then
  echo "error: $crate/previous.lock records no checksum" >&2
  exit 1
fi
archive="$(find "${CARGO_HOME:-$HOME/.cargo}/registry/cache" -name "$name-$version.crate" | head -1)"
if [ -z "$archive" ]; then
  echo "error: Cargo's cache holds no $name-$version.crate after the fetch" >&2
  exit 1
fi
actual="$(sha256sum "$archive" | cut -d' ' -f1)"
if [ "$actual" != "$recorded" ]; then
  echo "error: $archive hashes to $actual, previous.lock records $recorded" >&2
  exit 1
fi
echo "$name $version: checksum $recorded, as recorded"

cargo build --locked --quiet -p "$name"
binary="${CARGO_TARGET_DIR:-target}/debug/$name"
"$binary" subjects | grep -F "BitSet is compared with its previous release crates.io:$version (checksum ${recorded:0:12}"

runs="$(mktemp -d)"
trap 'rm -rf "$runs"' EXIT
(cd "$crate" && "$binary" run previous.toml --out "$runs/previous" --quiet)
awk -F, '
  NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  $col["mutant"] != "0" || $col["subject"] != "BitSet" { next }
  { cells[$col["strategy"]]++; found[$col["strategy"]] += ($col["outcome"] == "killed") }
  END {
    ok = 1
    split("r bobw", strategies, " ")
    for (s in strategies) {
      t = strategies[s]
      printf "BitSet %s: the planted change found in %d of %d replicates\n", t, found[t], cells[t]
      if (cells[t] < 10 || found[t] < 8) ok = 0
    }
    exit !ok
  }' "$runs/previous/cells.csv"
# The failures are the comparison's: the first failing test of each strategy's first killed
# replicate fails on an answer that differs from the release's, not on a panic of its own.
for strategy in r bobw; do
  replicate="$(awk -F, -v s="$strategy" '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $col["mutant"] == "0" && $col["strategy"] == s && $col["outcome"] == "killed" {
      print $col["replicate"]; exit
    }' "$runs/previous/cells.csv")"
  "$binary" show-test --subject BitSet --mutant 0 --strategy "$strategy" --n 10 \
    --replicate "$replicate" "$runs/previous" > "$runs/test.rs"
  grep -m1 "previous release: call .*, the previous release (crates.io:$version) returned" "$runs/test.rs"
done
echo "== previous release from crates.io: its share of CI took $((SECONDS - started)) s"
