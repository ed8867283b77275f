//! The million-cell results folder of the `compare` and `report` benches (issue 14's
//! and issue 43's targets: at most 10 s on this 2-core machine), shared through `#[path]`.
//!
//! The table is synthetic but shaped like a replicated run of the paper's experiment:
//! 30 replicates × 16 units × 35 mutants × 15 lengths × 4 strategies = 1,008,000 cells of
//! the comparison phase, with first failures drawn from a seeded generator (so every row's
//! samples have ties and distinct values, and the exact and asymptotic tests both occur).

use testspace::kernel::rng::{below, case_rng};
use testspace::runner::CellRecord;
use testspace::runner::output::{Machine, Manifest, write_tables};

/// Replicates.
pub const REPLICATES: u32 = 30;
/// Units (subjects).
pub const UNITS: usize = 16;
/// Mutants per unit.
pub const MUTANTS: u32 = 35;
/// Test-case lengths.
pub const LENGTHS: [u64; 15] = [1, 2, 3, 4, 5, 6, 7, 8, 16, 32, 64, 128, 256, 512, 1024];
/// Strategies.
pub const STRATEGIES: [&str; 4] = ["r", "bobw", "bobw-prime", "r-leaf"];

/// The cells, in replicate, unit, mutant, length, strategy order.
pub fn cells() -> Vec<CellRecord> {
    let mut cells = Vec::new();
    for replicate in 0..REPLICATES {
        for unit in 0..UNITS {
            for mutant in 0..MUTANTS {
                for (l, &n) in LENGTHS.iter().enumerate() {
                    for (s, strategy) in STRATEGIES.iter().enumerate() {
                        let mut rng = case_rng(
                            u64::from(replicate),
                            ((unit as u64 * 64 + u64::from(mutant)) * 32 + l as u64) * 8 + s as u64,
                        );
                        // Harder mutants fail later; about a fifth survive 1000 tests.
                        let scale = 1 + u64::from(mutant) * 40;
                        let draw = below(&mut rng, scale * 5 / 4) + 1;
                        let first_failure = (draw <= 1000).then_some(draw);
                        cells.push(CellRecord {
                            replicate,
                            seed: u64::from(replicate),
                            phase_index: 1,
                            phase: "comparison".into(),
                            run: s,
                            subject: format!("Unit{unit:02}"),
                            mutant,
                            operator: "relational".into(),
                            strategy: strategy.to_string(),
                            n,
                            test_budget: Some(1000),
                            tests_run: first_failure.unwrap_or(1000),
                            failing_tests: u64::from(first_failure.is_some()),
                            guarded_tests: 0,
                            abandoned_tests: 0,
                            first_failure,
                            first_failure_index: first_failure.map(|f| (f * 7919).to_string()),
                            method_calls: first_failure.unwrap_or(1000) * n,
                            cpu_seconds: first_failure.unwrap_or(1000) as f64 * n as f64 * 1e-7,
                            first_failure_cpu_seconds: first_failure
                                .map(|f| f as f64 * n as f64 * 1e-7),
                            outcome: if first_failure.is_some() {
                                "killed"
                            } else {
                                "survived"
                            }
                            .into(),
                            stop: if first_failure.is_some() {
                                "failure"
                            } else {
                                "budget"
                            }
                            .into(),
                            crash_cause: None,
                            branches_total: None,
                            branches_covered: None,
                            branches_at: Default::default(),
                            branches_area: None,
                        });
                    }
                }
            }
        }
    }
    cells
}

/// A finished results folder of [`cells`] in a temporary folder.
pub fn million_cell_folder() -> tempfile::TempDir {
    let folder = tempfile::tempdir().unwrap();
    let cells = cells();
    let manifest = Manifest {
        experiment: "synthetic".into(),
        experiment_file: "synthetic.toml".into(),
        // The reader checks the manifest of a finished run: a SHA-256, an end time.
        experiment_sha256: "0".repeat(64),
        seed: 0,
        replicates: REPLICATES,
        oracle: "paper".into(),
        profile: "default".into(),
        crate_version: String::new(),
        git_commit: None,
        started: "2026-01-01T00:00:00Z".into(),
        finished: Some("2026-01-01T00:00:00Z".into()),
        jobs: 1,
        shard: None,
        walk_parameters: Default::default(),
        cells: None,
        earlier_versions: Vec::new(),
        machine: Machine {
            hostname: String::new(),
            os: String::new(),
            arch: String::new(),
            cpus: 1,
        },
    };
    write_tables(folder.path(), &cells, &manifest).unwrap();
    folder
}
