//! GRT's Impurity for primitive inputs (Ma et al. 2015; Randoop's `GrtNumericFuzzer` and
//! `GrtStringFuzzer`): an `int` moved by Gaussian noise, a `String` changed by one edit.
//! Pure: the random stream is passed in.

use rand_pcg::Pcg64Mcg;

use crate::kernel::rng::{below, unit_draw};

/// A standard normal draw (Box–Muller on two 53-bit uniforms; deterministic for a stream).
pub fn standard_normal(rng: &mut Pcg64Mcg) -> f64 {
    // 1 − u ∈ (0, 1]: the logarithm is finite.
    let u = 1.0 - unit_draw(rng);
    let v = unit_draw(rng);
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// `x` moved by N(0, σ²) noise and rounded to the nearest `int` (Java's `Math.round`:
/// halves up), saturating at `int`'s range.
pub fn fuzz_int(rng: &mut Pcg64Mcg, x: i32, deviation: f64) -> i32 {
    let moved = f64::from(x) + deviation * standard_normal(rng);
    (moved + 0.5)
        .floor()
        .clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32
}

/// One of Randoop's four string edits, chosen uniformly: insert a printable ASCII
/// character at a uniform position, remove or replace one at a uniform position (nothing
/// to do for ""), or take a substring s[i₁..i₂) with 0 ≤ i₁ < len − 1 and i₁ < i₂ ≤ len
/// (nothing for strings shorter than 2). Positions count `char`s.
pub fn fuzz_string(rng: &mut Pcg64Mcg, s: &str) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    let len = chars.len() as u64;
    let printable = |rng: &mut Pcg64Mcg| char::from(32 + below(rng, 95) as u8);
    match below(rng, 4) {
        0 => {
            let at = below(rng, len + 1) as usize;
            chars.insert(at, printable(rng));
        }
        1 if len > 0 => {
            chars.remove(below(rng, len) as usize);
        }
        2 if len > 0 => {
            let at = below(rng, len) as usize;
            chars[at] = printable(rng);
        }
        3 if len > 1 => {
            let start = below(rng, len - 1);
            let end = start + 1 + below(rng, len - start);
            chars = chars[start as usize..end as usize].to_vec();
        }
        _ => {}
    }
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::rng::case_rng;

    #[test]
    fn int_noise_has_the_published_spread() {
        let mut rng = case_rng(7, 0);
        let draws: Vec<f64> = (0..20_000)
            .map(|_| f64::from(fuzz_int(&mut rng, 100, 30.0)))
            .collect();
        let mean = draws.iter().sum::<f64>() / draws.len() as f64;
        let sd = (draws.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (draws.len() - 1) as f64)
            .sqrt();
        // Standard errors: 30 / √20000 ≈ 0.21 for the mean, ≈ 0.15 for the deviation
        // (rounding adds 1/12 to the variance).
        assert!((mean - 100.0).abs() < 1.0, "mean {mean}");
        assert!((sd - 30.0).abs() < 0.8, "deviation {sd}");
    }

    #[test]
    fn int_noise_saturates_and_rounds_halves_up() {
        let mut rng = case_rng(3, 0);
        for _ in 0..100 {
            let x = fuzz_int(&mut rng, i32::MAX, 1e12);
            assert!(x == i32::MAX || x == i32::MIN || x.unsigned_abs() > 1_000_000);
        }
        // σ = 0: the value itself.
        assert_eq!(fuzz_int(&mut rng, -17, 0.0), -17);
    }

    #[test]
    fn each_string_edit_changes_at_most_one_character_or_takes_a_substring() {
        let mut rng = case_rng(11, 0);
        let s = "hi!";
        let removals: Vec<String> = (0..3)
            .map(|i| {
                let mut t = s.to_string();
                t.remove(i);
                t
            })
            .collect();
        // Seen: an insertion, a replacement, a removal, a proper substring.
        let mut seen = [false; 4];
        for _ in 0..2_000 {
            let t = fuzz_string(&mut rng, s);
            assert!(t.chars().all(|c| (' '..='~').contains(&c)), "{t:?}");
            let inserted = t.len() == 4
                && (0..4).any(|i| {
                    let mut u = t.clone();
                    u.remove(i);
                    u == s
                });
            let replaced =
                t.len() == 3 && t.chars().zip(s.chars()).filter(|(a, b)| a != b).count() <= 1;
            let removed = removals.contains(&t);
            let substring = t.len() < 3 && !t.is_empty() && s.contains(t.as_str());
            assert!(inserted || replaced || removed || substring, "{t:?}");
            for (kind, yes) in [inserted, replaced, removed, substring]
                .into_iter()
                .enumerate()
            {
                seen[kind] |= yes;
            }
        }
        assert!(seen.iter().all(|&k| k), "{seen:?}");
        assert!(fuzz_string(&mut rng, "").chars().count() <= 1);
    }
}
