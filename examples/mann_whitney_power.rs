//! The README's power of the two Poulding & Feldt designs ("Choice models and generator
//! re-use", RQ1): for each design (values per side, two-sided level), the smallest observed
//! Â12 the Mann–Whitney test calls significant (`stats::smallest_significant_a12`, the
//! normal approximation `compare` uses for 10 against 10 replicates) and the true A12 it
//! detects with 80 % power (`stats::a12_detected_with_power`, Noether's approximation), as
//! Markdown. Deterministic; `tests/readme_claims.rs` checks the README quotes these values.
//!
//! ```sh
//! cargo run --example mann_whitney_power
//! ```

use testspace::stats::{Method, a12_detected_with_power, smallest_significant_a12};

/// (design, values per side, level, level as written)
const DESIGNS: [(&str, usize, f64, &str); 4] = [
    ("ours, one unit", 10, 0.05, "5 %"),
    (
        "ours, Holm over 15 units (first step)",
        10,
        0.05 / 15.0,
        "5 %/15",
    ),
    ("ours at the paper's level", 10, 0.01, "1 %"),
    ("Poulding & Feldt, one SUT", 50, 0.01, "1 %"),
];

fn main() -> anyhow::Result<()> {
    println!(
        "| design | values per side | two-sided level | smallest significant Â12 | A12 detected with 80 % power |"
    );
    println!("|---|---:|---:|---:|---:|");
    for (design, n, alpha, level) in DESIGNS {
        let smallest = smallest_significant_a12(n, n, alpha, Method::Asymptotic)?
            .map_or("none".to_string(), |a| format!("{a:.2}"));
        let powered = a12_detected_with_power(n, n, alpha, 0.8)?;
        println!("| {design} | {n} | {level} | {smallest} | {powered:.2} |");
    }
    Ok(())
}
