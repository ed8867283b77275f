#!/usr/bin/env bash
# Fails unless every r, be (n = 5, 6) and bobw cell of gold as a target of Ring in the example's
# cells table (argument 1) found the planted fault, and no cell of Ledger's gold did (it has
# none). fdrt is left out: it drops the sequences that throw, a panic among them, so whether
# it reaches the fault is the experiment's finding, not a precondition.
set -euo pipefail
awk -F, '
  NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  $col["mutant"] != "0" { next }
  $col["subject"] == "Ring" && ($col["strategy"] == "r" || $col["strategy"] == "bobw" ||
      ($col["strategy"] == "be" && $col["n"] >= 5)) {
    cells++; found += ($col["outcome"] == "killed")
  }
  $col["subject"] == "Ledger" && $col["outcome"] == "killed" { false_alarms++ }
  END {
    printf "planted fault in Ring found in %d of %d cells; Ledger gold killed in %d cells\n",
      found, cells, false_alarms
    exit !(cells > 0 && found == cells && false_alarms == 0)
  }' "$1"
