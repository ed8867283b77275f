//! A seed's energy: how many havoc runs it gets when picked. AFL's score α(i)
//! (`calculate_score` in `afl-fuzz.c`, version 2.52b) times AFLFast's power-schedule factor
//! (Böhme, Pham, Roychoudhury, "Coverage-based Greybox Fuzzing as Markov Chain", CCS 2016;
//! `calculate_score` in mboehme/aflfast), capped, then AFL's havoc runs per score point.
//!
//! AFL scales α by the seed's execution time against the queue's mean; here that time is
//! the seed's calls executed on gold (cost units, no clock), like every other knob.

use super::settings::{GreyboxSettings, PowerSchedule};

/// What the schedule knows of one seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SeedStats {
    /// Calls executed on gold (AFL's `exec_us`).
    pub calls: u64,
    /// Probes reached (AFL's `bitmap_size`).
    pub reached: u64,
    /// Its parent's depth plus one; the initial seeds have depth 1 (AFL's `depth`).
    pub depth: u32,
    /// Queue cycles that had passed when it was found, spent as a bonus (AFL's `handicap`).
    pub handicap: u32,
    /// s(i): the times it was picked before (AFLFast's `fuzz_level`).
    pub picks: u32,
    /// f(i): the inputs generated so far that exercised its path (AFLFast's `n_fuzz`).
    pub frequency: u64,
}

/// The queue's means the scores are relative to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct QueueMeans {
    /// Mean calls of a seed.
    pub calls: f64,
    /// Mean probes reached by a seed.
    pub reached: f64,
    /// μ: mean f over the seeds (integer, as AFLFast's `fuzz_mu`).
    pub frequency: u64,
}

/// AFL's score α(i): 100, scaled by the seed's cost against the mean (a cheap seed more),
/// its probes reached against the mean (a wide seed more), its handicap (spent here:
/// `seed.handicap` goes down) and its depth.
pub(crate) fn afl_score(seed: &mut SeedStats, means: &QueueMeans) -> f64 {
    let calls = seed.calls as f64;
    let mut score: f64 = if calls * 0.1 > means.calls {
        10.0
    } else if calls * 0.25 > means.calls {
        25.0
    } else if calls * 0.5 > means.calls {
        50.0
    } else if calls * 0.75 > means.calls {
        75.0
    } else if calls * 4.0 < means.calls {
        300.0
    } else if calls * 3.0 < means.calls {
        200.0
    } else if calls * 2.0 < means.calls {
        150.0
    } else {
        100.0
    };
    let reached = seed.reached as f64;
    score *= if reached * 0.3 > means.reached {
        3.0
    } else if reached * 0.5 > means.reached {
        2.0
    } else if reached * 0.75 > means.reached {
        1.5
    } else if reached * 3.0 < means.reached {
        0.25
    } else if reached * 2.0 < means.reached {
        0.5
    } else if reached * 1.5 < means.reached {
        0.75
    } else {
        1.0
    };
    if seed.handicap >= 4 {
        score *= 4.0;
        seed.handicap -= 4;
    } else if seed.handicap > 0 {
        score *= 2.0;
        seed.handicap -= 1;
    }
    score
        * match seed.depth {
            0..=3 => 1.0,
            4..=7 => 2.0,
            8..=13 => 3.0,
            14..=25 => 4.0,
            _ => 5.0,
        }
}

/// AFLFast's factor for `seed` under `schedule`, in integers as AFLFast computes it, at
/// most M (`max_factor`); `None` for `exploit`, which leaves AFL's score alone.
pub(crate) fn factor(
    schedule: PowerSchedule,
    seed: &SeedStats,
    mean_frequency: u64,
    max_factor: u32,
) -> Option<u64> {
    let s = u64::from(seed.picks);
    let f = seed.frequency.max(1);
    let m = u64::from(max_factor);
    let exponential = if s < 16 { 1u64 << s } else { m };
    let factor = match schedule {
        PowerSchedule::Exploit => return None,
        PowerSchedule::Explore => 1,
        PowerSchedule::Fast => exponential / f,
        PowerSchedule::Coe if seed.frequency > mean_frequency => 0,
        PowerSchedule::Coe => exponential,
        PowerSchedule::Lin => s / f,
        PowerSchedule::Quad => s * s / f,
    };
    Some(factor.min(m))
}

/// The havoc runs `seed` gets when picked: α·factor/β capped at `max-score`, times
/// `havoc-cycles` (`havoc-cycles-init` on its first pick) per 100 points, at least
/// `havoc-min`; 0 when its factor is 0 (the seed is passed over this time).
pub(crate) fn havoc_runs(
    settings: &GreyboxSettings,
    seed: &mut SeedStats,
    means: &QueueMeans,
) -> u64 {
    let alpha = afl_score(seed, means);
    let score = match factor(
        settings.schedule,
        seed,
        means.frequency,
        settings.max_factor,
    ) {
        None => alpha,
        Some(0) => return 0,
        Some(factor) => alpha * (factor as f64 / f64::from(settings.power_beta)),
    };
    let score = score.min(f64::from(settings.max_score)) as u64;
    let cycles = if seed.picks == 0 {
        settings.havoc_cycles_init
    } else {
        settings.havoc_cycles
    };
    (u64::from(cycles) * score / 100).max(u64::from(settings.havoc_min))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn seed(picks: u32, frequency: u64) -> SeedStats {
        SeedStats {
            calls: 10,
            reached: 20,
            depth: 1,
            handicap: 0,
            picks,
            frequency,
        }
    }

    const MEANS: QueueMeans = QueueMeans {
        calls: 10.0,
        reached: 20.0,
        frequency: 50,
    };

    /// The fast schedule gives a seed on a rarely exercised path more energy than one on a
    /// path exercised often, at the same picks; AFL's own schedule gives them the same.
    #[test]
    fn the_fast_schedule_gives_rarely_exercised_paths_more_energy() {
        let settings = GreyboxSettings::default();
        for picks in 1..8 {
            let rare = havoc_runs(&settings, &mut seed(picks, 2), &MEANS);
            let common = havoc_runs(&settings, &mut seed(picks, 200), &MEANS);
            assert!(rare > common, "picks {picks}: {rare} ≤ {common}");
            let exploit = GreyboxSettings {
                schedule: PowerSchedule::Exploit,
                ..GreyboxSettings::default()
            };
            assert_eq!(
                havoc_runs(&exploit, &mut seed(picks, 2), &MEANS),
                havoc_runs(&exploit, &mut seed(picks, 200), &MEANS)
            );
        }
    }

    /// AFLFast's factors for s = 3 picks, f = 2, μ = 50, M = 32.
    #[test]
    fn the_factors_are_aflfast_s() {
        let s = seed(3, 2);
        let of = |schedule| factor(schedule, &s, 50, 32);
        assert_eq!(of(PowerSchedule::Fast), Some(4));
        assert_eq!(of(PowerSchedule::Coe), Some(8));
        assert_eq!(of(PowerSchedule::Explore), Some(1));
        assert_eq!(of(PowerSchedule::Exploit), None);
        assert_eq!(of(PowerSchedule::Lin), Some(1));
        assert_eq!(of(PowerSchedule::Quad), Some(4));
        // Above the mean, coe passes the seed over.
        assert_eq!(factor(PowerSchedule::Coe, &seed(3, 51), 50, 32), Some(0));
        // Capped at M.
        assert_eq!(factor(PowerSchedule::Fast, &seed(30, 1), 50, 32), Some(32));
    }

    #[test]
    fn cheap_wide_and_deep_seeds_score_higher_as_in_afl() {
        let mut base = seed(0, 1);
        assert_eq!(afl_score(&mut base, &MEANS), 100.0);
        let mut cheap = SeedStats { calls: 2, ..base };
        assert_eq!(afl_score(&mut cheap, &MEANS), 300.0);
        let mut wide = SeedStats {
            reached: 70,
            ..base
        };
        assert_eq!(afl_score(&mut wide, &MEANS), 300.0);
        let mut deep = SeedStats { depth: 9, ..base };
        assert_eq!(afl_score(&mut deep, &MEANS), 300.0);
        let mut late = SeedStats {
            handicap: 5,
            ..base
        };
        assert_eq!(afl_score(&mut late, &MEANS), 400.0);
        assert_eq!(late.handicap, 1);
    }

    proptest! {
        /// Energy stays within AFL's bounds: 0 (passed over) or from havoc-min to the
        /// runs of the highest score.
        #[test]
        fn energy_is_within_afl_s_bounds(
            picks in 0u32..40, frequency in 0u64..10_000, calls in 1u64..200,
            reached in 1u64..300, depth in 1u32..40, schedule in 0usize..6,
        ) {
            let schedules = [
                PowerSchedule::Fast, PowerSchedule::Coe, PowerSchedule::Explore,
                PowerSchedule::Exploit, PowerSchedule::Lin, PowerSchedule::Quad,
            ];
            let settings = GreyboxSettings { schedule: schedules[schedule], ..GreyboxSettings::default() };
            let mut s = SeedStats { calls, reached, depth, handicap: 0, picks, frequency };
            let runs = havoc_runs(&settings, &mut s, &MEANS);
            prop_assert!(runs == 0 || runs >= 16);
            prop_assert!(runs <= 1024 * 16);
        }
    }
}
