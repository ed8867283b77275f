//! The book's power (docs/poulding2015.md) of the two Poulding & Feldt designs ("Choice models and generator
//! re-use", RQ1): for each design (values per side, two-sided level), the smallest observed
//! Â12 the Mann–Whitney test calls significant (`stats::smallest_significant_a12`, the
//! normal approximation `compare` uses for 10 against 10 replicates) and the true A12 it
//! detects with 80 % power (`stats::a12_detected_with_power`, Noether's approximation), as
//! Markdown. Deterministic; `tests/readme_claims.rs` includes this file and checks that the
//! book quotes the table.
//!
//! ```sh
//! cargo run --example mann_whitney_power
//! ```

use testspace::stats::{Method, a12_detected_with_power, smallest_significant_a12};

/// (design, values per side, two-sided level, level as written)
pub const DESIGNS: [(&str, usize, f64, &str); 5] = [
    ("ours, one unit", 10, 0.05, "5 %"),
    (
        "ours, Holm over 15 units (first step)",
        10,
        0.05 / 15.0,
        "5 %/15",
    ),
    ("ours at the paper's level", 10, 0.01, "1 %"),
    ("Poulding & Feldt, one SUT", 50, 0.01, "1 %"),
    ("Poulding & Feldt at our level", 50, 0.05, "5 %"),
];

/// Per design: the smallest significant Â12 (`None`: not even complete separation) and the
/// A12 detected with 80 % power.
pub fn thresholds() -> anyhow::Result<Vec<(Option<f64>, f64)>> {
    DESIGNS
        .iter()
        .map(|&(_, n, alpha, _)| {
            Ok((
                smallest_significant_a12(n, n, alpha, Method::Asymptotic)?,
                a12_detected_with_power(n, n, alpha, 0.8)?,
            ))
        })
        .collect()
}

/// The book's table, as Markdown.
pub fn table() -> anyhow::Result<String> {
    let mut out = String::from(
        "| design | values per side | two-sided level | smallest significant Â12 | A12 detected with 80 % power |\n|---|---:|---:|---:|---:|\n",
    );
    for ((design, n, _, level), (smallest, powered)) in DESIGNS.iter().zip(thresholds()?) {
        let smallest = smallest.map_or("none".to_string(), |a| format!("{a:.2}"));
        out += &format!("| {design} | {n} | {level} | {smallest} | {powered:.2} |\n");
    }
    Ok(out)
}

fn main() -> anyhow::Result<()> {
    print!("{}", table()?);
    Ok(())
}
