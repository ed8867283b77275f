#!/usr/bin/env python3
"""Checks `testspace compare` against an independent computation with numpy and scipy.

    testspace compare RESULTS --format csv > compare.csv
    python notebooks/check_compare.py RESULTS compare.csv

From RESULTS/cells.csv and RESULTS/experiment.toml alone, this script recomputes every row
of compare.csv: the per-replicate metric values over the matched mutants (the definitions
of src/report/compare.rs, written again here), the medians and quartiles (numpy.quantile),
the Mann-Whitney U statistic and two-sided p-value (scipy.stats.mannwhitneyu with
method="auto", use_continuity=True: the method testspace's `Auto` follows) or, where a
side's strategy is seed-free, the Wilcoxon signed-rank test of the replicates' paired
differences (scipy.stats.wilcoxon, method="auto"; no test where both sides are seed-free
and every replicate gives the same difference), the
Vargha-Delaney A12 by its direct double-loop definition, and the Holm-adjusted p-values
across the subjects of each (metric, strategy, n). The bootstrap interval uses testspace's
own generator and cannot be redrawn here; it is checked to lie in [0, 1] and to be ordered.
Exits 1 on any mismatch, printing each, and 0 with a count of the values checked.
"""

import csv
import math
import sys
import tomllib
from collections import defaultdict
from pathlib import Path

import numpy as np
import scipy.stats

REL_TOL = 1e-9

# Strategies whose test cases do not depend on the seed (the walks and structure suites
# declared USES_SEED = false / uses_seed() false in src/): written out again here, so that a
# strategy wrongly declared in testspace shows as a mismatch of the `test` column.
SEED_FREE = {"be", "bobw-prime", "fe-sat", "fe-greedy", "be-structures"}


def close(a: float, b: float) -> bool:
    return a == b or abs(a - b) <= REL_TOL * max(abs(a), abs(b), 1e-300)


def budget(cell: dict) -> int:
    return int(cell["test_budget"]) if cell["test_budget"] else int(cell["tests_run"])


def killed(cell: dict) -> bool:
    return cell["outcome"] == "killed"


def metric_value(metric: str, cells: list, kill_curve_budget: float) -> float:
    """One side's value in one replicate, over its matched cells."""
    if metric == "kills":
        return float(sum(killed(c) for c in cells))
    if metric == "tests_to_first_failure":
        values = [int(c["first_failure"]) if killed(c) and c["first_failure"] else budget(c) + 1 for c in cells]
        return sum(values) / len(values)
    if metric == "cpu_to_first_failure":
        values = [
            float(c["first_failure_cpu_seconds"]) if killed(c) and c["first_failure_cpu_seconds"] else float(c["cpu_seconds"])
            for c in cells
        ]
        return sum(values) / len(values)
    if metric == "kill_curve_area":
        # mean over log t in [0, log B] of the fraction killed within t test cases
        big_b = kill_curve_budget
        if big_b <= 1:
            return sum(1 for c in cells if killed(c) and int(c["first_failure"]) <= 1) / len(cells)
        # Summed in ascending order of cost, as testspace does, so that two replicates
        # with the same kill positions get the same bits (and tie in the U test).
        costs = sorted(int(c["first_failure"]) for c in cells if killed(c) and c["first_failure"])
        total = 0.0
        for cost in costs:
            if cost <= big_b:
                total += math.log(big_b) - math.log(max(cost, 1))
        return min(max(total / (math.log(big_b) * len(cells)), 0.0), 1.0)
    if metric == "failure_density":
        values = []
        for c in cells:
            judged = int(c["tests_run"]) - int(c.get("abandoned_tests") or 0)
            values.append(int(c["failing_tests"]) / judged if judged else 0.0)
        return sum(values) / len(values)
    if metric == "calls_to_first_failure":
        values = [int(c["method_calls"]) + (0 if killed(c) else 1) for c in cells]
        return sum(values) / len(values)
    if metric == "branch_coverage":
        best = {}
        for c in cells:
            total = int(c["branches_total"]) if c["branches_total"] else 0
            fraction = int(c["branches_covered"]) / total if total else 0.0
            best[c["subject"]] = max(best.get(c["subject"], 0.0), fraction)
        return sum(best.values()) / max(len(best), 1)
    raise ValueError(metric)


def a12_direct(x: list, y: list) -> float:
    wins = sum((xi > yj) + 0.5 * (xi == yj) for xi in x for yj in y)
    return wins / (len(x) * len(y))


def holm(p: list) -> list:
    order = sorted(range(len(p)), key=lambda i: p[i])
    adjusted = [0.0] * len(p)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(p) - rank) * p[i]))
        adjusted[i] = running
    return adjusted


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    results, compare_csv = Path(sys.argv[1]), Path(sys.argv[2])
    cells = list(csv.DictReader(open(results / "cells.csv", newline="")))
    rows = list(csv.DictReader(open(compare_csv, newline="")))
    if not rows:
        print("error: the comparison has no rows", file=sys.stderr)
        return 1
    experiment = tomllib.loads((results / "experiment.toml").read_text())
    budget_runs = {
        (phase["name"], r)
        for phase in experiment["phase"]
        for r, run in enumerate(phase["run"])
        if run.get("until") == "budget"
    }
    phases = {c["phase"] for c in cells}
    phase = "comparison" if "comparison" in phases else experiment["phase"][-1]["name"]
    seed_free = {
        run.get("label", run["strategy"])
        for p in experiment["phase"]
        if p["name"] == phase
        for run in p["run"]
        if run["strategy"] in SEED_FREE
    }
    # (subject, n, strategy, replicate) -> mutant -> cell (the earliest run of the phase)
    index = defaultdict(dict)
    for c in cells:
        if c["phase"] != phase:
            continue
        group = index[(c["subject"], int(c["n"]), c["strategy"], int(c["replicate"]))]
        mutant = int(c["mutant"])
        if mutant not in group or int(c["run"]) < int(group[mutant]["run"]):
            group[mutant] = c
    subjects = sorted({c["subject"] for c in cells if c["phase"] == phase})
    replicates = 1 + max(int(c["replicate"]) for c in cells)

    failures = []
    checked = 0

    def expect(row, column, want):
        nonlocal checked
        got = float(row[column])
        checked += 1
        if not close(got, want):
            failures.append(f"{row['metric']} {row['strategy']} {row['subject']} n={row['n']}: {column} {got!r} != {want!r}")

    families = defaultdict(list)
    for row in rows:
        pool = subjects if row["subject"] == "all" else [row["subject"]]
        n = int(row["n"])
        matched = []
        for rep in range(replicates):
            pairs = []
            for subject in pool:
                a = index.get((subject, n, row["strategy"], rep), {})
                b = index.get((subject, n, row["baseline"], rep), {})
                pairs += [(a[m], b[m]) for m in sorted(a) if m in b]
            if pairs:
                matched.append(pairs)
        big_b = max([budget(c) for pairs in matched for pair in pairs for c in pair] + [1])
        metric = row["metric"]
        if metric == "failure_density":
            sides = [c for pairs in matched for pair in pairs for c in pair]
            assert all((c["phase"], int(c["run"])) in budget_runs for c in sides), "failure density of a non-budget run"
        x = [metric_value(metric, [a for a, _ in pairs], big_b) for pairs in matched]
        y = [metric_value(metric, [b for _, b in pairs], big_b) for pairs in matched]
        checked += 1
        if int(row["replicates"]) != len(x):
            failures.append(f"{metric} {row['strategy']} {row['subject']} n={n}: replicates {row['replicates']} != {len(x)}")
            continue
        for column, sample, q in [
            ("median", x, 0.5), ("q1", x, 0.25), ("q3", x, 0.75),
            ("baseline_median", y, 0.5), ("baseline_q1", y, 0.25), ("baseline_q3", y, 0.75),
        ]:
            expect(row, column, float(np.quantile(sample, q, method="linear")))
        fixed = (row["strategy"] in seed_free, row["baseline"] in seed_free)
        d = [a - b for a, b in zip(x, y)]
        if not any(fixed):
            want_test = "mann-whitney"
            test = scipy.stats.mannwhitneyu(x, y, alternative="two-sided", method="auto", use_continuity=True)
            statistic, p_value = float(test.statistic), float(test.pvalue)
        elif all(fixed) and len(set(d)) == 1:
            want_test = "none"
            statistic, p_value = d[0], None
        else:
            want_test = "signed-rank"
            if all(v == 0 for v in d):
                statistic, p_value = 0.0, 1.0  # scipy: NaN beyond 13 zeros; testspace: no evidence
            else:
                with np.errstate(invalid="ignore", divide="ignore"):
                    test = scipy.stats.wilcoxon(d, zero_method="wilcox", correction=False, alternative="two-sided", method="auto")
                statistic, p_value = float(test.statistic), float(test.pvalue)
        checked += 1
        if row["test"] != want_test:
            failures.append(f"{metric} {row['strategy']} {row['subject']} n={n}: test {row['test']} != {want_test}")
        expect(row, "statistic", statistic)
        if want_test == "none":
            # No sample: no effect size, no p-value, no Holm family.
            checked += 1
            untested = ["a12", "a12_low", "a12_high", "p_value", "p_holm"]
            if any(row[c] != "" for c in untested):
                failures.append(f"{metric} {row['strategy']} {row['subject']} n={n}: a value where there is no sample")
            continue
        expect(row, "p_value", p_value)
        expect(row, "a12", a12_direct(x, y))
        low, high = float(row["a12_low"]), float(row["a12_high"])
        checked += 1
        if not (0.0 <= low <= high <= 1.0):
            failures.append(f"{metric} {row['strategy']} {row['subject']} n={n}: interval [{low}, {high}]")
        if row["subject"] == "all":
            expect(row, "p_holm", float(row["p_value"]))
        else:
            families[(metric, row["strategy"], n)].append(row)
    for family in families.values():
        for row, adjusted in zip(family, holm([float(r["p_value"]) for r in family])):
            expect(row, "p_holm", adjusted)

    for failure in failures[:20]:
        print(f"mismatch: {failure}", file=sys.stderr)
    if failures:
        print(f"check_compare: {len(failures)} of {checked} values differ from scipy/numpy", file=sys.stderr)
        return 1
    print(f"check_compare: {checked} values of {len(rows)} rows agree with scipy {scipy.__version__} and numpy")
    return 0


if __name__ == "__main__":
    sys.exit(main())
