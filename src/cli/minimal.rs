//! `testspace minimal`: minimal failing sequences per killed mutant and the Φ model tested
//! mutant by mutant (`minimal.csv`, `phi_per_mutant.csv`, `assumptions.csv`,
//! `phi_summary.csv`, `reductions.csv`, `phi_per_mutant.{png,svg}`).

use std::path::PathBuf;

use anyhow::Context as _;
use clap::Args;

use crate::reduce::minimal_files::stage_minimal_files;
use crate::reduce::survey::{ReductionRecord, SurveyOptions, survey};
use crate::table::{OutputPlace, StagedFiles, text_table};

/// Arguments of `testspace minimal`.
#[derive(Debug, Args)]
pub struct MinimalArgs {
    /// A results folder written by `testspace run` (its cells table is read; its
    /// experiment gives seeds and contexts); R's densities come from its comparison phase's
    /// `r` cells with `until = "budget"`.
    pub results: PathBuf,
    /// The folder to write the tables and the figure into (all files appear together).
    #[arg(long)]
    pub out: PathBuf,
    /// Lengths at which r-leaf's failure density is measured (SPEC: `A..=B`, lists, `paper`).
    #[arg(long, default_value = "1..=8,16,32,64")]
    pub leaf_n: String,
    /// r-leaf test cases per length.
    #[arg(long, default_value_t = 1000)]
    pub leaf_tests: u64,
    /// Length of the test cases the shortest minimal sequence is planted in.
    #[arg(long, default_value_t = 64)]
    pub plant_n: u64,
    /// Planted test cases per mutant, at the start and at a uniform position each.
    #[arg(long, default_value_t = 100)]
    pub plant_tests: u64,
    /// Only this subject (repeatable; default: all).
    #[arg(long)]
    pub subject: Vec<String>,
}

/// Runs `testspace minimal`: the tables and the figure into `--out`, the assumption table
/// on stdout, reduction times on stderr.
pub fn run(args: &MinimalArgs) -> anyhow::Result<()> {
    crate::runner::output::refuse_reference(&args.out)?;
    OutputPlace::Folder(&args.out).check("minimal", false)?;
    // The folder checked first: a damaged one is named before anything is read from it.
    let cells = crate::report::read_cells(&args.results)
        .with_context(|| format!("cannot survey {}", args.results.display()))?;
    let experiment = crate::report::folder::read_experiment(&args.results)?;
    for subject in &args.subject {
        anyhow::ensure!(
            experiment
                .subjects
                .iter()
                .any(|p| p.unit.class() == subject),
            "{subject} is not a subject of the experiment in {}",
            args.results.display()
        );
    }
    let options = SurveyOptions {
        leaf_lengths: crate::spec::parse_spec(&args.leaf_n).context("--leaf-n")?,
        leaf_tests: args.leaf_tests,
        plant_length: args.plant_n,
        plant_tests: args.plant_tests,
        subjects: args.subject.clone(),
    };
    let (mutants, records) = survey(&experiment, &cells, &options)
        .with_context(|| format!("surveying {}", args.results.display()))?;
    let mut staged = StagedFiles::claim(OutputPlace::Folder(&args.out), "minimal", false)?;
    let assumption_table = stage_minimal_files(&mut staged, &args.out, &mutants, &records)?;
    staged.commit()?;
    print!("{}", text_table(&assumption_table));
    report_times(&records);
    Ok(())
}

/// The median and largest reduction time at each length, on stderr.
fn report_times(records: &[ReductionRecord]) {
    let mut lengths: Vec<u64> = records.iter().map(|r| r.n).collect();
    lengths.sort_unstable();
    lengths.dedup();
    for n in lengths {
        let mut seconds: Vec<f64> = records
            .iter()
            .filter(|r| r.n == n)
            .map(|r| r.seconds)
            .collect();
        seconds.sort_by(f64::total_cmp);
        let median = seconds[seconds.len() / 2];
        let largest = seconds[seconds.len() - 1];
        crate::kernel::stderr_line!(
            "reduction time at n = {n}: median {:.3} ms, largest {:.3} ms over {} reductions",
            median * 1e3,
            largest * 1e3,
            seconds.len()
        );
    }
}
