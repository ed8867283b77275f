#!/usr/bin/env python3
"""Reference values for testspace's `stats` module, computed with scipy/numpy.

Writes testdata/stats/scipy_cases.json (relative to the crate root), which the Rust test
`src/stats/scipy_check.rs` compares against. Every input vector is built here from fixed
literals or integer arithmetic (no random generator), so the fixture is reproducible.

    python notebooks/check_stats.py            # (re)write the fixture
    python notebooks/check_stats.py --check    # recompute, compare with the committed fixture;
                                             # exit 1 on any mismatch (for CI)

Requires scipy==1.17.1 and numpy (pinned in notebooks/requirements.txt). Contents:
- mann_whitney: for each case x, y, whether there are ties, scipy.stats.mannwhitneyu
  (use_continuity=True, alternative="two-sided") statistic and p-value for method "auto"
  (plus the method scipy's auto rule picks), "exact" (only without ties, and only where the
  exact counts are feasible) and "asymptotic"; and Vargha-Delaney A12 by a direct double loop.
- signed_rank: for each case d (paired differences), its zeros and whether its non-zero
  absolute values tie, scipy.stats.wilcoxon (zero_method="wilcox", correction=False,
  alternative="two-sided") statistic and p-value for method "auto" (plus the method scipy's
  auto rule picks), "exact" (only without zeros and ties), the sign-flip permutation test
  (PermutationMethod(), exhaustive up to 13 differences) and "asymptotic".
- holm: Holm-Bonferroni adjusted p-values by a direct implementation (as statsmodels /
  R's p.adjust "holm"), on fixed vectors and on the vector of all auto p-values above.
- quantiles: numpy.quantile (method="linear", Hyndman-Fan type 7).
- erfc: scipy.special.erfc on two grids from -6 to 28, tails included.
- gammaincc: scipy.special.gammaincc(a, x) on a grid of a (half-integers, the chi-square
  case, and a few others) and x.
- friedman: for each blocks x treatments matrix (rows are blocks), the average ascending
  mid-ranks (scipy.stats.rankdata per row) and scipy.stats.friedmanchisquare's statistic and
  p-value (null for k = 2, which scipy refuses), and the Iman-Davenport
  F_F = (N-1) chi2 / (N(k-1) - chi2) with scipy.stats.f.sf(F_F, k-1, (k-1)(N-1)); nemenyi: scikit_posthocs.
  posthoc_nemenyi_friedman's k x k p-value matrix of the same matrix.
- betainc: scipy.special.betainc(a, b, x) on a grid.
- kendall: scipy.stats.kendalltau(x, y, method="asymptotic"): tau-b and its p-value, for
  pairs of samples with and without ties.
- studentized_range: scipy.stats.studentized_range.sf(q, k, inf) on a grid; nemenyi_q_alpha:
  studentized_range.ppf(1 - alpha, k, inf) / sqrt(2) for k = 2..20, alpha = 0.05, 0.10
  (Demsar 2006, Table 5). scipy computes sf as 1 - cdf with quad's epsabs = 1e-11, so these
  sections are re-checked with a looser tolerance (INTEGRAL_REL_TOL, INTEGRAL_ABS_TOL).

Also requires scikit-posthocs==0.17.1 (and its pandas, statsmodels, seaborn: all pinned).
"""

import argparse
import json
import math
import struct
import sys
from pathlib import Path

import numpy as np
import scipy
import scipy.special
import scikit_posthocs
import scipy.stats
from scipy.stats import _mannwhitneyu

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "testdata" / "stats" / "scipy_cases.json"
SCIPY_VERSION = "1.17.1"
SCIKIT_POSTHOCS_VERSION = "0.17.1"
REL_TOL = 1e-12
ABS_TOL = 1e-300
# Sections computed by numerical integration (scipy's studentized range): quad's result may move
# in its last digits with the platform's floating point, and sf = 1 - cdf carries cdf's
# absolute error.
INTEGRAL_SECTIONS = ("nemenyi", "studentized_range", "nemenyi_q_alpha")
INTEGRAL_REL_TOL = 1e-9
INTEGRAL_ABS_TOL = 1e-13


def lcg(seed, count, modulus):
    """Deterministic integers in [0, modulus): a 64-bit LCG (Knuth's MMIX constants)."""
    out, s = [], seed
    for _ in range(count):
        s = (6364136223846793005 * s + 1442695040888963407) % 2**64
        out.append((s >> 33) % modulus)
    return out


def distinct(count, mult, prime, scale, shift):
    """`count` distinct values ((i*mult) mod prime)/scale + shift, i = 1..count < prime.

    Use shift = k + 0.5/scale for x and an integer shift for y: then no x equals any y."""
    assert count < prime and mult % prime != 0
    return [((i * mult) % prime) / scale + shift for i in range(1, count + 1)]


def mw_cases():
    cases = []

    def add(name, x, y):
        cases.append((name, [float(v) for v in x], [float(v) for v in y]))

    add("3x3_separated", [1, 2, 3], [4, 5, 6])
    add("5x4_scipy_doc", [19, 22, 16, 29, 24], [20, 11, 17, 12])
    add("5x7_no_ties", [1.1, 3.4, 5.0, 7.2, 9.9], [0.5, 2.2, 4.8, 6.1, 8.3, 10.4, 11.0])
    add("7x5_reversed", [0.5, 2.2, 4.8, 6.1, 8.3, 10.4, 11.0], [1.1, 3.4, 5.0, 7.2, 9.9])
    add("8x8_no_ties", distinct(8, 37, 101, 4, 3.125), distinct(8, 53, 103, 4, 0))
    add("8x8_separated", list(range(10, 18)), list(range(8)))
    add("1x10", [5.5], list(range(1, 11)))
    add("2x2_u_at_center", [1, 4], [2, 3])
    add("8x9_auto_exact", distinct(8, 17, 97, 2, 0.25), distinct(9, 29, 89, 2, 5))
    add("9x9_auto_asymptotic", distinct(9, 17, 97, 2, 0.25), distinct(9, 29, 89, 2, 5))
    add("ties_small", [1, 2, 2, 3, 5], [2, 3, 3, 4, 6, 7])
    add("ties_4x3", [1, 1, 2, 9], [1, 5, 5])
    add("all_equal", [4, 4, 4], [4, 4, 4, 4])
    add("1x1", [1], [2])
    add("20x25_no_ties", distinct(20, 7919, 1009, 10, 15.05), distinct(25, 104729 % 1013, 1013, 10, 0))
    add("50x50_no_ties", distinct(50, 211, 2003, 20, 8.025), distinct(50, 331, 1999, 20, 0))
    add(
        "30x30_kill_counts",
        [230 + v for v in lcg(1, 30, 16)],
        [232 + v for v in lcg(2, 30, 14)],
    )
    add(
        "30x30_kill_counts_close",
        [230 + v for v in lcg(3, 30, 16)],
        [230 + v for v in lcg(4, 30, 16)],
    )
    add("40x35_two_values", [v % 2 for v in lcg(5, 40, 7)], [v % 2 for v in lcg(6, 35, 3)])
    # Extreme separation: U1 = n1*n2, asymptotic p from ~1e-230 down past scipy's underflow.
    for n in (700, 920, 960):
        add(f"extreme_{n}x{n}", list(range(n, 2 * n)), list(range(n)))
    return cases


def sr_cases():
    cases = []

    def add(name, d):
        cases.append((name, [float(v) for v in d]))

    add("one_positive", [3])
    add("three_negative", [-1, -2, -3])
    add("seven_mixed", [1, -2, 3, 4, -5, 6, 7])
    add("ten_positive_distinct", range(1, 11))
    add("ten_equal", [4] * 10)
    add("ten_equal_negative", [-206] * 10)
    add("ties_and_zeros_8", [2, 2, -1, 3, 0, 0, 5.5, -5.5])
    add("halves_12", [0.5, -0.25, 8, 8, 8, -1, 2, 0, 3, 3, -9, 1.5])
    add("kill_diffs_10", [v - 3 for v in lcg(11, 10, 8)])
    add("kill_diffs_13", [v - 4 for v in lcg(12, 13, 9)])
    add("kill_diffs_14_asymptotic", [v - 4 for v in lcg(13, 14, 9)])
    add("kill_diffs_30", [v - 5 for v in lcg(14, 30, 12)])
    add("distinct_20", [(-1) ** i * ((i * 37) % 101) / 4 for i in range(1, 21)])
    add("distinct_50_shifted", [((i * 211) % 2003) / 20 - 30 for i in range(1, 51)])
    add("distinct_60_asymptotic", [((i * 331) % 1999) / 20 - 40 for i in range(1, 61)])
    add("all_zero_5", [0] * 5)
    return cases


def wilcoxon(d, method):
    # All zeros: scipy's auto still forms z = 0/0 before it picks the permutation test.
    with np.errstate(invalid="ignore", divide="ignore"):
        r = scipy.stats.wilcoxon(d, zero_method="wilcox", correction=False, alternative="two-sided", method=method)
    return {"statistic": float(r.statistic), "pvalue": float(r.pvalue)}


def bits(v):
    """The IEEE-754 binary64 bit pattern of v as an unsigned integer."""
    return struct.unpack("<Q", struct.pack("<d", v))[0]


def a12_direct(x, y):
    twice = 0
    for a in x:
        for b in y:
            twice += 2 if a > b else (1 if a == b else 0)
    return (twice / 2) / (len(x) * len(y))


def holm_direct(p):
    m = len(p)
    order = sorted(range(m), key=lambda i: p[i])
    adjusted = [0.0] * m
    running = 0.0
    for j, i in enumerate(order):
        running = max(running, (m - j) * p[i])
        adjusted[i] = min(1.0, running)
    return adjusted


def mwu(x, y, method):
    r = scipy.stats.mannwhitneyu(x, y, use_continuity=True, alternative="two-sided", method=method)
    return {"statistic": float(r.statistic), "pvalue": float(r.pvalue)}


def rank_cases():
    """Blocks x treatments matrices (rows are blocks), k = 2..8 treatments, N = 3..20 blocks."""
    cases = []

    def add(name, rows):
        cases.append((name, [[float(v) for v in r] for r in rows]))

    def lcg_matrix(seed, n, k, modulus, column_shift=0.0):
        flat = lcg(seed, n * k, modulus)
        return [[flat[i * k + j] + column_shift * j for j in range(k)] for i in range(n)]

    # scikit-posthocs' docstring example (ties in row 2).
    add("k3_n6_posthocs_doc", [[31, 27, 24], [31, 28, 31], [45, 29, 46], [21, 18, 48], [42, 36, 46], [32, 17, 40]])
    add("k2_n5_ties", [[1, 2], [3, 1], [2, 2], [5, 4], [0.5, 0.7]])
    add("k2_n12", lcg_matrix(20, 12, 2, 100, 30))
    add("k3_n3_separated", [[1, 2, 3], [0.5, 0.7, 0.9], [-4, -2, 10]])
    add("k3_n4_tied_row", [[1, 2, 3], [5, 5, 5], [2, 1, 3], [0.25, 0.5, 0.5]])
    add("k4_n10_many_ties", lcg_matrix(21, 10, 4, 3))
    add("k4_n14_kill_rates", [[0.5 + v / 100 for v in r] for r in lcg_matrix(22, 14, 4, 40, 4)])
    add("k5_n8", lcg_matrix(23, 8, 5, 1000))
    add("k5_n20_shifted", lcg_matrix(24, 20, 5, 50, 8))
    add("k6_n12_ties", lcg_matrix(25, 12, 6, 5, 0.5))
    add("k7_n15", lcg_matrix(26, 15, 7, 10007, 900))
    add("k8_n3", lcg_matrix(27, 3, 8, 100))
    add("k8_n20_separated", lcg_matrix(28, 20, 8, 10, 6))
    add("k8_n20_null", lcg_matrix(29, 20, 8, 7))
    return cases


def rank_sections():
    friedman, nemenyi = [], []
    for name, rows in rank_cases():
        a = np.array(rows)
        k = a.shape[1]
        ranks = scipy.stats.rankdata(a, axis=1, method="average").mean(axis=0)
        test = None
        if k >= 3:
            r = scipy.stats.friedmanchisquare(*[a[:, j] for j in range(k)])
            n, chi2 = a.shape[0], float(r.statistic)
            # Every block ranking alike gives chi2 = N(k-1), F_F = inf (null in JSON) and p = 0.
            room = n * (k - 1) - chi2
            f = (n - 1) * chi2 / room if room > 0 else math.inf
            f_p = float(scipy.stats.f.sf(f, k - 1, (k - 1) * (n - 1)))
            test = {
                "statistic": chi2,
                "pvalue": float(r.pvalue),
                "iman_davenport": {"statistic": f if math.isfinite(f) else None, "pvalue": f_p},
            }
        friedman.append(
            {"name": name, "rows": rows, "average_ranks": [float(v) for v in ranks], "scipy": test}
        )
        p = scikit_posthocs.posthoc_nemenyi_friedman(a).to_numpy()
        nemenyi.append({"name": name, "p_values": [[float(v) for v in r] for r in p]})
    return friedman, nemenyi


def kendall_section():
    """Pairs of samples (with and without ties) and scipy's asymptotic Kendall tau-b."""
    cases = [
        ("n5_equal_order", [1, 2, 3, 4, 5], [10, 20, 30, 40, 50]),
        ("n5_reversed", [1, 2, 3, 4, 5], [5, 4, 3, 2, 1]),
        ("n7_ties_both", [1, 2, 2, 3, 4, 4, 5], [2, 1, 3, 3, 5, 4, 4]),
        ("n3_one_tie", [1, 1, 2], [3, 1, 2]),
        ("n10_average_ranks", [3.41, 3.84, 4.38, 4.44, 4.72, 4.94, 5.53, 5.81, 8.25, 9.69],
         [4.03, 5.0, 4.69, 4.31, 5.19, 4.28, 5.06, 4.12, 8.62, 9.69]),
    ]
    for seed, n, modulus in [(30, 8, 5), (31, 12, 1000), (32, 20, 4), (33, 40, 10007), (34, 60, 3)]:
        flat = lcg(seed, 2 * n, modulus)
        cases.append((f"n{n}_lcg{modulus}", flat[:n], flat[n:]))
    out = []
    for name, x, y in cases:
        r = scipy.stats.kendalltau(x, y, method="asymptotic")
        out.append(
            {"name": name, "x": [float(v) for v in x], "y": [float(v) for v in y],
             "tau": float(r.statistic), "pvalue": float(r.pvalue)}
        )
    return out


def special_sections():
    a_grid = [0.1, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 3.7, 5.0, 9.5, 25.0, 60.0]
    x_grid = [1e-3, 0.1, 0.5, 1.0, 2.0, 3.0, 4.5, 8.0, 12.0, 20.0, 40.0, 80.0, 200.0, 600.0]
    gammaincc = [[a, x, float(scipy.special.gammaincc(a, x))] for a in a_grid for x in x_grid]
    betainc = [
        [a, b, x, float(scipy.special.betainc(a, b, x))]
        for a in (0.5, 1.0, 2.5, 7.0, 30.0)
        for b in (0.5, 1.5, 4.0, 95.0)
        for x in (1e-6, 0.05, 0.3, 0.5, 0.8, 0.999)
    ]
    sr = scipy.stats.studentized_range
    srange = [
        [q, k, float(sr.sf(q, k, np.inf))]
        for k in (2, 3, 4, 5, 8, 10, 20)
        for q in (0.25, 1.0, 2.0, 3.0, 4.0, 5.0, 6.5, 8.0)
    ]
    q_alpha = [
        [k, alpha, float(sr.ppf(1 - alpha, k, np.inf) / math.sqrt(2))]
        for alpha in (0.05, 0.10)
        for k in range(2, 21)
    ]
    return gammaincc, betainc, srange, q_alpha


def compute():
    out = {
        "generator": "notebooks/check_stats.py",
        "scipy": scipy.__version__,
        "numpy": np.__version__,
        "tolerance": {"relative": REL_TOL, "absolute": ABS_TOL},
        "mann_whitney": [],
    }
    auto_ps = []
    for name, x, y in mw_cases():
        ties = len(set(x + y)) < len(x) + len(y)
        auto = mwu(x, y, "auto")
        auto["method"] = _mannwhitneyu._mwu_choose_method(len(x), len(y), ties)
        asym = mwu(x, y, "asymptotic")
        # Exact only without ties, and where the exact counts are cheap (scipy's algorithm is
        # O(maxu^2) and the Rust side needs C(n1+n2, n1) < 2^127).
        exact = None
        if not ties and math.comb(len(x) + len(y), len(x)) < 2**127:
            exact = mwu(x, y, "exact")
        # Confirm the auto rule: scipy's auto result equals the method it picks.
        picked = exact if auto["method"] == "exact" else asym
        assert picked is not None and picked["pvalue"] == auto["pvalue"], name
        out["mann_whitney"].append(
            {
                "name": name,
                "x": x,
                "y": y,
                "ties": ties,
                "auto": auto,
                "exact": exact,
                "asymptotic": asym,
                "a12": a12_direct(x, y),
            }
        )
        auto_ps.append(auto["pvalue"])
    out["signed_rank"] = []
    for name, d in sr_cases():
        nonzero = [abs(v) for v in d if v != 0]
        zeros = len(d) - len(nonzero)
        ties = len(set(nonzero)) < len(nonzero)
        # scipy 1.17's auto rule (scipy/stats/_wilcoxon.py), confirmed by the p-values below.
        if len(d) > 50:
            picked = "asymptotic"
        elif zeros == 0 and not ties:
            picked = "exact"
        elif len(d) <= 13:
            picked = "permutation"
        else:
            picked = "asymptotic"
        auto = wilcoxon(d, "auto")
        auto["method"] = picked
        exact = wilcoxon(d, "exact") if zeros == 0 and not ties and len(d) <= 50 else None
        permutation = wilcoxon(d, scipy.stats.PermutationMethod()) if 2 <= len(d) <= 13 else None
        asym = wilcoxon(d, "asymptotic") if nonzero else None
        chosen = {"exact": exact, "permutation": permutation, "asymptotic": asym}[picked]
        assert chosen is not None and chosen["pvalue"] == auto["pvalue"], name
        out["signed_rank"].append(
            {
                "name": name,
                "d": d,
                "zeros": zeros,
                "ties": ties,
                "auto": auto,
                "exact": exact,
                "permutation": permutation,
                "asymptotic": asym,
            }
        )
    holm_inputs = [
        [0.01, 0.04, 0.03, 0.005],
        [0.5, 0.6],
        [0.02, 0.02, 0.02, 0.5, 0.001],
        [0.7],
        [0.0, 1.0, 0.3, 0.2999, 1e-300],
        [],
        auto_ps,
    ]
    out["holm"] = [{"p": p, "adjusted": holm_direct(p)} for p in holm_inputs]
    qs = [0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0]
    q_inputs = [
        [1.0, 2.0, 3.0, 4.0],
        [7.0],
        [3.5, -1.25, 10.0, 2.0, 2.0, 8.75, 0.1],
        [float(230 + v) for v in lcg(7, 30, 16)],
        [v / 7 for v in lcg(8, 101, 1000)],
    ]
    out["quantiles"] = [
        {"x": x, "q": qs, "values": [float(v) for v in np.quantile(np.array(x), qs, method="linear")]}
        for x in q_inputs
    ]
    grid = [i / 16 for i in range(-96, 449)]  # -6 .. 28 in steps of 1/16 (x*x exact)
    grid += [-5.9 + 0.37 * k for k in range(90)]  # non-dyadic points up to 27.03 (x*x rounded)
    grid += [1e-300, 1e-20, 1e-10, 0.46874999, 0.46875001, 3.9999999, 4.0000001, 26.543, 26.6, 26.64]
    # [x, erfc(x), bits of x, bits of erfc(x)]: the IEEE-754 bit patterns as integers make the
    # values exact for readers whose decimal parser may misround by an ulp (serde_json's
    # default one does; an ulp of x moves erfc(x) by ~2x*ulp relative, 1e-13 at x = 25).
    out["erfc"] = [[x, e, bits(x), bits(e)] for x in grid for e in [float(scipy.special.erfc(x))]]
    out["scikit_posthocs"] = scikit_posthocs.__version__
    out["gammaincc"], out["betainc"], out["studentized_range"], out["nemenyi_q_alpha"] = special_sections()
    out["friedman"], out["nemenyi"] = rank_sections()
    out["kendall"] = kendall_section()
    return out


def close(a, b, tol):
    if isinstance(a, bool) or isinstance(b, bool) or isinstance(a, str) or isinstance(b, str):
        return a == b
    return abs(a - b) <= max(tol[0] * abs(b), tol[1])


def compare(got, want, path, errors, tol=(REL_TOL, ABS_TOL)):
    if isinstance(want, dict) and isinstance(got, dict):
        for k in sorted(set(got) | set(want)):
            if k in ("numpy", "scikit_posthocs") or (k == "scipy" and path == "$"):
                continue
            if k not in got or k not in want:
                errors.append(f"{path}.{k}: missing on one side")
            else:
                sub = (INTEGRAL_REL_TOL, INTEGRAL_ABS_TOL) if k in INTEGRAL_SECTIONS else tol
                compare(got[k], want[k], f"{path}.{k}", errors, sub)
    elif isinstance(want, list) and isinstance(got, list):
        if len(got) != len(want):
            errors.append(f"{path}: length {len(got)} != {len(want)}")
        for i, (g, w) in enumerate(zip(got, want)):
            compare(g, w, f"{path}[{i}]", errors, tol)
    elif want is None or got is None:
        if want is not got:
            errors.append(f"{path}: {got!r} != {want!r}")
    elif not close(got, want, tol):
        errors.append(f"{path}: recomputed {got!r} != committed {want!r}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the committed fixture")
    args = ap.parse_args()
    if scipy.__version__ != SCIPY_VERSION:
        print(f"warning: scipy {scipy.__version__}, fixture made with {SCIPY_VERSION}", file=sys.stderr)
    if scikit_posthocs.__version__ != SCIKIT_POSTHOCS_VERSION:
        print(
            f"warning: scikit-posthocs {scikit_posthocs.__version__}, fixture made with {SCIKIT_POSTHOCS_VERSION}",
            file=sys.stderr,
        )
    data = compute()
    if args.check:
        committed = json.loads(FIXTURE.read_text())
        errors = []
        compare(data, committed, "$", errors)
        for e in errors[:50]:
            print(e, file=sys.stderr)
        if errors:
            print(f"FAIL: {len(errors)} mismatches with {FIXTURE}", file=sys.stderr)
            sys.exit(1)
        print(f"ok: {FIXTURE.name} matches scipy {scipy.__version__}")
        return
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    FIXTURE.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {FIXTURE} ({len(data['mann_whitney'])} Mann-Whitney cases, {len(data['erfc'])} erfc points)")


if __name__ == "__main__":
    main()
