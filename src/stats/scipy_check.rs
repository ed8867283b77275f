//! Cross-check against scipy/numpy: the fixture `testdata/stats/scipy_cases.json`, written by
//! `notebooks/check_stats.py` with scipy 1.17.1 (re-verify it with `--check`).
//!
//! Contract: for every case, [`mann_whitney_u`] reproduces scipy's `mannwhitneyu` statistic
//! and p-value for methods auto (including which method auto picks), exact (where the fixture
//! has one) and asymptotic; [`a12`] the direct double loop; [`holm`] the direct step-down;
//! [`quantile`] `numpy.quantile`; [`erfc`] `scipy.special.erfc`. Agreement means
//! |ours − theirs| ≤ max(1e-12·|theirs|, 1e-300) (quantiles, Â12: 1e-15; erfc: 2e-13, the
//! accuracy of scipy's own erfc in the tail, see [`ERFC_REL`]).
//!
//! The ranking statistics: [`gamma_q`] reproduces `scipy.special.gammaincc`, [`beta_i`]
//! `scipy.special.betainc`, and [`friedman`] the average ranks (1e-15), `friedmanchisquare`'s
//! χ²_F and p-value, and the Iman–Davenport F_F with `scipy.stats.f.sf`, in both [`Order`]s
//! (1e-9 relative, [`STAT_REL`]); [`nemenyi`] the p-value matrices of scikit-posthocs'
//! `posthoc_nemenyi_friedman`, [`studentized_range_sf`] scipy's `studentized_range.sf` and
//! [`nemenyi_q_alpha`] `studentized_range.ppf(1 − α, k, ∞)/√2` (1e-10 relative or 1e-14
//! absolute, [`INTEGRAL_REL`], [`INTEGRAL_ABS`]: scipy's own error, as sf = 1 − cdf).
//! [`kendall_tau_b`] reproduces `kendalltau(x, y, method="asymptotic")`: τ_b (1e-12) and its
//! p-value (1e-9 relative, through the normal tail).
//!
//! The tolerances on "exact" quantities (Â12, quantiles) are a few ulps rather than 0
//! because serde_json's default float parser (without its `float_roundtrip` feature) may
//! misround a decimal by one ulp; the inputs x, y are unaffected in the ways that matter
//! (equal literals parse equal, and distinct values are far apart).

use super::*;
use serde_json::Value;

const REL: f64 = 1e-12;
const ABS: f64 = 1e-300;
/// scipy's erfc (Cephes) evaluates e^(−x²) from the rounded x², so its relative error grows
/// like x²·ε/2 (≈ 5e-14 at x = 24.4, up to ≈ 8e-14 near its underflow at 26.6), where this
/// module's erfc stays within 3e-16 of mpmath (see `normal.rs`). Dyadic grid points (x²
/// exact) agree to < 1e-15.
const ERFC_REL: f64 = 1e-13;

fn fixture() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testdata/stats/scipy_cases.json"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).expect("fixture is JSON")
}

fn floats(v: &Value) -> Vec<f64> {
    v.as_array()
        .expect("array")
        .iter()
        .map(|a| a.as_f64().expect("number"))
        .collect()
}

fn num(v: &Value) -> f64 {
    v.as_f64().expect("number")
}

fn agree(ours: f64, theirs: f64, rel: f64) -> bool {
    (ours - theirs).abs() <= (rel * theirs.abs()).max(ABS)
}

#[track_caller]
fn assert_agree(ours: f64, theirs: f64, rel: f64, what: &str) {
    assert!(
        agree(ours, theirs, rel),
        "{what}: ours {ours:e}, scipy {theirs:e}, rel diff {:e}",
        (ours - theirs).abs() / theirs.abs()
    );
}

#[test]
fn mann_whitney_matches_scipy() {
    let data = fixture();
    let cases = data["mann_whitney"].as_array().unwrap();
    assert!(cases.len() >= 20);
    let mut exact_checked = 0;
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let (x, y) = (floats(&case["x"]), floats(&case["y"]));
        let ties = case["ties"].as_bool().unwrap();

        let auto = mann_whitney_u(&x, &y, Method::Auto).unwrap();
        assert_eq!(auto.ties, ties, "{name}: ties");
        let want_method = match case["auto"]["method"].as_str().unwrap() {
            "exact" => Method::Exact,
            _ => Method::Asymptotic,
        };
        assert_eq!(auto.method_used, want_method, "{name}: auto rule");
        assert_eq!(auto.u1, num(&case["auto"]["statistic"]), "{name}: U1");
        assert_agree(
            auto.p_value,
            num(&case["auto"]["pvalue"]),
            REL,
            &format!("{name} auto"),
        );

        let asym = mann_whitney_u(&x, &y, Method::Asymptotic).unwrap();
        assert_eq!(asym.u1, num(&case["asymptotic"]["statistic"]), "{name}: U1");
        assert_agree(
            asym.p_value,
            num(&case["asymptotic"]["pvalue"]),
            REL,
            &format!("{name} asymptotic"),
        );

        if case["exact"].is_null() {
            if ties {
                assert!(matches!(
                    mann_whitney_u(&x, &y, Method::Exact),
                    Err(StatsError::ExactWithTies { .. })
                ));
            }
        } else {
            let exact = mann_whitney_u(&x, &y, Method::Exact).unwrap();
            assert_eq!(exact.u1, num(&case["exact"]["statistic"]), "{name}: U1");
            assert_agree(
                exact.p_value,
                num(&case["exact"]["pvalue"]),
                REL,
                &format!("{name} exact"),
            );
            exact_checked += 1;
        }

        // Â12 = U1/(mn) is bit-identical to the double loop (up to JSON parsing, see above).
        assert_agree(
            a12(&x, &y).unwrap(),
            num(&case["a12"]),
            1e-15,
            &format!("{name} A12"),
        );
    }
    assert!(exact_checked >= 10, "{exact_checked}");
}

#[test]
fn signed_rank_matches_scipy() {
    let data = fixture();
    let cases = data["signed_rank"].as_array().unwrap();
    assert!(cases.len() >= 15);
    let mut picked = std::collections::BTreeSet::new();
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let d = floats(&case["d"]);
        let auto = signed_rank(&d, SignedRankMethod::Auto).unwrap();
        assert_eq!(auto.zeros as f64, num(&case["zeros"]), "{name}: zeros");
        assert_eq!(auto.ties, case["ties"].as_bool().unwrap(), "{name}: ties");
        let want = match case["auto"]["method"].as_str().unwrap() {
            "exact" => SignedRankMethod::Exact,
            "permutation" => SignedRankMethod::Permutation,
            _ => SignedRankMethod::Asymptotic,
        };
        assert_eq!(auto.method_used, want, "{name}: auto rule");
        picked.insert(format!("{want:?}"));
        for (method, key) in [
            (SignedRankMethod::Auto, "auto"),
            (SignedRankMethod::Exact, "exact"),
            (SignedRankMethod::Permutation, "permutation"),
            (SignedRankMethod::Asymptotic, "asymptotic"),
        ] {
            let theirs = &case[key];
            if theirs.is_null() {
                continue;
            }
            let ours = signed_rank(&d, method).unwrap();
            assert_eq!(ours.statistic, num(&theirs["statistic"]), "{name} {key}: W");
            assert_agree(
                ours.p_value,
                num(&theirs["pvalue"]),
                REL,
                &format!("{name} {key}"),
            );
        }
    }
    assert_eq!(
        picked.len(),
        3,
        "auto picks every method somewhere: {picked:?}"
    );
}

#[test]
fn holm_matches_direct_implementation() {
    for case in fixture()["holm"].as_array().unwrap() {
        let p = floats(&case["p"]);
        let want = floats(&case["adjusted"]);
        let got = holm(&p).unwrap();
        assert_eq!(got.len(), want.len());
        for (g, w) in got.iter().zip(&want) {
            assert_agree(*g, *w, REL, &format!("holm {p:?}"));
        }
    }
}

#[test]
fn quantiles_match_numpy() {
    for case in fixture()["quantiles"].as_array().unwrap() {
        let mut x = floats(&case["x"]);
        x.sort_by(f64::total_cmp);
        for (q, want) in floats(&case["q"]).into_iter().zip(floats(&case["values"])) {
            assert_agree(
                quantile(&x, q).unwrap(),
                want,
                1e-15,
                &format!("Q({q}) of {x:?}"),
            );
        }
    }
}

#[test]
fn erfc_matches_scipy_on_a_grid() {
    let grid = fixture()["erfc"].as_array().unwrap().clone();
    assert!(grid.len() > 500);
    let mut worst: f64 = 0.0;
    for point in &grid {
        // Exact values from the bit patterns; the decimals must parse to within an ulp.
        let x = f64::from_bits(point[2].as_u64().expect("x bits"));
        let want = f64::from_bits(point[3].as_u64().expect("erfc bits"));
        assert!((num(&point[0]) - x).abs() <= f64::EPSILON * x.abs());
        assert!((num(&point[1]) - want).abs() <= (f64::EPSILON * want).max(1e-323));
        let got = erfc(x);
        assert_agree(got, want, ERFC_REL, &format!("erfc({x})"));
        if want > ABS {
            worst = worst.max((got - want).abs() / want);
        }
        // Beyond scipy's underflow (x ≥ 26.64) we still return a subnormal, never a negative.
        assert!(got >= 0.0);
    }
    assert!(worst < ERFC_REL, "worst relative difference {worst:e}");
}

/// Statistics and p-values not computed by numerical integration (Friedman's χ²_F and its
/// χ² p-value, Iman–Davenport's F_F and its F p-value, gammaincc, betainc): 1e-9 relative. Both sides are accurate to ~1e-13 here.
const STAT_REL: f64 = 1e-9;
/// The studentized range (sf, quantiles, Nemenyi p-values): 1e-10 relative (the agreement
/// observed on the fixture is 1e-12 for sf ≥ 1e-4, 1e-15 for the quantiles) …
const INTEGRAL_REL: f64 = 1e-10;
/// … or this absolute difference: scipy computes sf = 1 − cdf, so its sf carries cdf's
/// absolute error, at least ulp(1)/2 ≈ 1.1e-16 (it returns 1.1e-16 where the true value is
/// ~1e-30) and up to quad's requested epsabs = 1e-11 (observed ≤ 5e-16 here); ours integrates
/// the sf itself (see `studentized_range.rs`), and is checked in the far tail against the
/// closed form at k = 2 there.
const INTEGRAL_ABS: f64 = 1e-14;

#[track_caller]
fn assert_integral_agree(ours: f64, theirs: f64, what: &str) {
    assert!(
        (ours - theirs).abs() <= (INTEGRAL_REL * theirs.abs()).max(INTEGRAL_ABS),
        "{what}: ours {ours:e}, scipy {theirs:e}, diff {:e}",
        (ours - theirs).abs()
    );
}

fn matrix(v: &Value) -> Vec<Vec<f64>> {
    v.as_array().expect("rows").iter().map(floats).collect()
}

#[test]
fn gammaincc_matches_scipy() {
    let grid = fixture()["gammaincc"].as_array().unwrap().clone();
    assert!(grid.len() >= 100);
    for point in &grid {
        let (a, x, want) = (num(&point[0]), num(&point[1]), num(&point[2]));
        assert_agree(
            gamma_q(a, x).unwrap(),
            want,
            STAT_REL,
            &format!("Q({a}, {x})"),
        );
    }
}

#[test]
fn betainc_matches_scipy() {
    let grid = fixture()["betainc"].as_array().unwrap().clone();
    assert!(grid.len() >= 100);
    for point in &grid {
        let (a, b, x, want) = (
            num(&point[0]),
            num(&point[1]),
            num(&point[2]),
            num(&point[3]),
        );
        let ours = beta_i(a, b, x).unwrap();
        assert_agree(ours, want, STAT_REL, &format!("I_{x}({a}, {b})"));
    }
}

#[test]
fn friedman_matches_scipy() {
    let data = fixture();
    let cases = data["friedman"].as_array().unwrap();
    assert!(cases.len() >= 12);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let rows = matrix(&case["rows"]);
        let want_ranks = floats(&case["average_ranks"]);
        let low = friedman(&rows, Order::LowerIsBetter).unwrap();
        let high = friedman(&rows, Order::HigherIsBetter).unwrap();
        let k = want_ranks.len() as f64;
        for (j, &want) in want_ranks.iter().enumerate() {
            // rankdata ranks ascending: LowerIsBetter; HigherIsBetter mirrors at (k + 1)/2.
            assert_agree(low.average_ranks[j], want, 1e-15, name);
            assert_agree(high.average_ranks[j], k + 1.0 - want, 1e-15, name);
        }
        if case["scipy"].is_null() {
            continue; // k = 2: scipy refuses
        }
        for f in [&low, &high] {
            let want = num(&case["scipy"]["statistic"]);
            // χ²_F = 0 exactly may come back from scipy as a rounding residue.
            assert!(
                (f.statistic - want).abs() <= (STAT_REL * want.abs()).max(1e-12),
                "{name}: χ²_F {} vs {want}",
                f.statistic
            );
            let p = num(&case["scipy"]["pvalue"]);
            assert_agree(f.p_value, p, STAT_REL, &format!("{name} p"));
            let id = &case["scipy"]["iman_davenport"];
            let what = format!("{name} Iman-Davenport");
            // null: every block ranks alike, F_F = +∞.
            let want_f = id["statistic"].as_f64().unwrap_or(f64::INFINITY);
            assert!(
                f.iman_davenport == want_f
                    || (f.iman_davenport - want_f).abs() <= (STAT_REL * want_f).max(1e-12),
                "{what}: F_F {} vs {want_f}",
                f.iman_davenport
            );
            assert_agree(
                f.iman_davenport_p_value,
                num(&id["pvalue"]),
                STAT_REL,
                &what,
            );
        }
    }
}

#[test]
fn nemenyi_matches_scikit_posthocs() {
    let data = fixture();
    let friedman_cases = data["friedman"].as_array().unwrap();
    let nemenyi_cases = data["nemenyi"].as_array().unwrap();
    assert_eq!(friedman_cases.len(), nemenyi_cases.len());
    for (fc, nc) in friedman_cases.iter().zip(nemenyi_cases) {
        let name = nc["name"].as_str().unwrap();
        assert_eq!(fc["name"].as_str(), Some(name));
        let f = friedman(&matrix(&fc["rows"]), Order::HigherIsBetter).unwrap();
        let ours = nemenyi(&f.average_ranks, f.blocks).unwrap();
        let theirs = matrix(&nc["p_values"]);
        for (i, row) in theirs.iter().enumerate() {
            for (j, &p) in row.iter().enumerate() {
                assert_integral_agree(ours.p_values[i][j], p, &format!("{name} p[{i}][{j}]"));
            }
        }
    }
}

#[test]
fn studentized_range_matches_scipy() {
    let data = fixture();
    for point in data["studentized_range"].as_array().unwrap() {
        let (q, k, want) = (num(&point[0]), num(&point[1]) as usize, num(&point[2]));
        let ours = studentized_range_sf(q, k).unwrap();
        assert_integral_agree(ours, want, &format!("sf({q}, {k})"));
    }
    let table = data["nemenyi_q_alpha"].as_array().unwrap();
    assert_eq!(table.len(), 38);
    for point in table {
        let (k, alpha, want) = (num(&point[0]) as usize, num(&point[1]), num(&point[2]));
        let ours = nemenyi_q_alpha(k, alpha).unwrap();
        assert_agree(ours, want, INTEGRAL_REL, &format!("q_{alpha}, k = {k}"));
    }
}

#[test]
fn kendall_tau_b_matches_scipy() {
    let data = fixture();
    let cases = data["kendall"].as_array().unwrap();
    assert!(cases.len() >= 10);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let got = kendall_tau_b(&floats(&case["x"]), &floats(&case["y"])).unwrap();
        assert_agree(got.tau, num(&case["tau"]), REL, &format!("{name}: tau"));
        assert_agree(
            got.p_value,
            num(&case["pvalue"]),
            1e-9,
            &format!("{name}: p"),
        );
    }
}
