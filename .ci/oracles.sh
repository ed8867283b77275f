#!/usr/bin/env bash
# Fails unless r and bobw each found the planted wrong result of gold as a target of Wallet
# (an invariant), Till (a live debug_assert!), Stock (a reference model) and Meter (its
# previous release, a commit of this repository) in at least 8 of
# the replicates of the example's oracles.toml (argument 1: its cells table), as
# docs/own-crate.md ("Oracles") states.
set -euo pipefail
awk -F, '
  NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  $col["mutant"] != "0" { next }
  { key = $col["subject"] " " $col["strategy"]; cells[key]++; found[key] += ($col["outcome"] == "killed") }
  END {
    ok = 1
    split("Wallet Till Stock Meter", subjects, " ")
    split("r bobw", strategies, " ")
    for (s in subjects) for (t in strategies) {
      key = subjects[s] " " strategies[t]
      printf "%s: found in %d of %d replicates\n", key, found[key], cells[key]
      if (cells[key] < 10 || found[key] < 8) ok = 0
    }
    exit !ok
  }' "$1"
