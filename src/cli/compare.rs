//! `testspace compare RESULTS`: strategies against a baseline over the replicates of a
//! results folder — medians and quartiles, Vargha–Delaney Â12 with a bootstrap interval,
//! Mann–Whitney U p-values (the signed-rank test of paired differences where a side is
//! seed-free), Holm-adjusted across subjects ([`crate::report::compare`]).

use std::collections::BTreeSet;
use std::path::PathBuf;

use anyhow::Context as _;
use clap::{Args, ValueEnum};

use crate::experiment::Until;
use crate::report::compare::{CompareSpec, ComparisonRow, Metric, compare};
use crate::report::{COMPARISON_PHASE, read_cells};
use crate::table::{Column, Table, text_table, write_csv};

/// Output formats of `compare`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CompareFormat {
    /// An aligned text table of the main columns.
    Table,
    /// Every column, as CSV.
    Csv,
    /// Every column, as a JSON array of objects.
    Json,
}

/// Arguments of `testspace compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// A results folder of a replicated run (replicates = N ≥ 2).
    pub results: PathBuf,
    /// The strategy the others are compared with.
    #[arg(long, default_value = "r")]
    pub baseline: String,
    /// The strategies to compare (comma-separated; default: every other strategy of the
    /// phase).
    #[arg(long, value_delimiter = ',')]
    pub strategies: Vec<String>,
    /// The subjects compared (comma-separated; default: every subject of the phase): the
    /// pooled row pools them and Holm adjusts for their number.
    #[arg(long, value_delimiter = ',')]
    pub subjects: Vec<String>,
    /// The metrics (comma-separated: kills, tests_to_first_failure, cpu_to_first_failure,
    /// kill_curve_area, failure_density, calls_to_first_failure, branch_coverage,
    /// coverage_curve_area; default: every one that applies to all the strategies).
    #[arg(long, value_delimiter = ',')]
    pub metric: Vec<String>,
    /// The phase whose cells are compared (default: `comparison` if the results have it,
    /// else the last phase of the experiment).
    #[arg(long)]
    pub phase: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = CompareFormat::Table)]
    pub format: CompareFormat,
    /// Bootstrap resamples of the Â12 interval.
    #[arg(long, default_value_t = 2000)]
    pub resamples: usize,
    /// Confidence of the Â12 interval.
    #[arg(long, default_value_t = 0.95)]
    pub confidence: f64,
    /// Seed of the bootstrap.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

/// Runs `testspace compare`.
pub fn run(args: &CompareArgs) -> anyhow::Result<()> {
    let metrics: Vec<Metric> = args
        .metric
        .iter()
        .map(|m| m.parse())
        .collect::<Result<_, _>>()?;
    let results = &args.results;
    let cells =
        read_cells(results).with_context(|| format!("cannot compare {}", results.display()))?;
    let phases = match crate::report::folder::read_experiment(results) {
        Ok(experiment) => experiment
            .phases
            .iter()
            .map(|phase| PhaseRuns {
                name: phase.name.clone(),
                runs: phase
                    .runs
                    .iter()
                    .map(|run| RunFacts {
                        name: run.name().to_string(),
                        budget: run.until == Until::Budget,
                        seed_free: !run.strategy.uses_seed(),
                    })
                    .collect(),
            })
            .collect(),
        // What report, diff and plot accept, compare accepts: a recorded experiment this
        // binary cannot build (its subjects differ) is read for the two facts needed.
        Err(error) => {
            crate::kernel::stderr_line!(
                "note: {error:#}; the runs' stopping rule and seed use are read from the file's text"
            );
            recorded_runs(results)?
        }
    };
    let budget_runs: BTreeSet<(String, u32)> = phases
        .iter()
        .flat_map(|phase| {
            phase
                .runs
                .iter()
                .enumerate()
                .filter(|(_, run)| run.budget)
                .map(|(r, _)| (phase.name.clone(), r as u32))
        })
        .collect();
    let phase = args.phase.clone().unwrap_or_else(|| {
        if cells.has_phase(COMPARISON_PHASE) {
            COMPARISON_PHASE.to_string()
        } else {
            phases.last().map_or_else(String::new, |p| p.name.clone())
        }
    });
    // The runs of the phase whose test cases do not depend on the seed, by their cells' name.
    let seed_free: BTreeSet<String> = phases
        .iter()
        .filter(|p| p.name == phase)
        .flat_map(|p| &p.runs)
        .filter(|run| run.seed_free)
        .map(|run| run.name.clone())
        .collect();
    let spec = CompareSpec {
        phase,
        baseline: args.baseline.clone(),
        strategies: args.strategies.clone(),
        subjects: args.subjects.clone(),
        metrics,
        budget_runs,
        resamples: args.resamples,
        confidence: args.confidence,
        seed: args.seed,
        seed_free,
    };
    let rows = compare(&cells, &spec)
        .with_context(|| format!("cannot compare the strategies of {}", results.display()))?;
    // What is not in the table, and why (stderr: stdout stays the table).
    for note in crate::report::compare::missing_rows(&cells, &spec) {
        crate::kernel::stderr_line!("note: {note}");
    }
    if rows.is_empty() {
        crate::kernel::stderr_line!(
            "note: the table is empty: no strategy has a cell paired with one of the baseline {} (same phase, n, replicate and target)",
            spec.baseline
        );
    }
    match args.format {
        CompareFormat::Table => print!("{}", text_table(&printed_table(&rows, args.confidence))),
        CompareFormat::Csv => {
            let mut out = std::io::stdout().lock();
            write_csv(&table(&rows), &mut out)?;
        }
        CompareFormat::Json => println!("{}", serde_json::to_string_pretty(&rows)?),
    }
    Ok(())
}

/// A phase of the recorded experiment: its name and what `compare` needs of its runs.
struct PhaseRuns {
    name: String,
    runs: Vec<RunFacts>,
}

/// A run's cell name (its label, else its strategy), whether it runs to its budget
/// (`until = "budget"`) and whether its test cases do not depend on the seed.
struct RunFacts {
    name: String,
    budget: bool,
    seed_free: bool,
}

/// The phases of a results folder's `experiment.toml` read from its text alone: a walk is
/// seed-free as its kind says, a structure suite unless it is random or a seeded
/// field-exhaustive one, a generator never.
fn recorded_runs(results: &std::path::Path) -> anyhow::Result<Vec<PhaseRuns>> {
    use crate::structure::suite::StructureSuiteKind;
    let path = results.join(crate::report::folder::EXPERIMENT);
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let table: toml::Table =
        toml::from_str(&text).with_context(|| format!("cannot read {}", path.display()))?;
    let array = |value: Option<&toml::Value>| value.and_then(toml::Value::as_array).cloned();
    let text_of = |value: &toml::Value, key: &str| {
        value
            .get(key)
            .and_then(toml::Value::as_str)
            .map(str::to_string)
    };
    let mut phases = Vec::new();
    for phase in array(table.get("phase")).unwrap_or_default() {
        let mut runs = Vec::new();
        for run in array(phase.get("run")).unwrap_or_default() {
            let strategy = text_of(&run, "strategy").unwrap_or_default();
            let seeded = run
                .get("params")
                .and_then(|p| p.get("seeded"))
                .and_then(toml::Value::as_bool)
                .unwrap_or(false);
            let seed_free = match (
                strategy.parse::<crate::walk::WalkKind>(),
                StructureSuiteKind::from_name(&strategy),
            ) {
                (Ok(walk), _) => !walk.uses_seed(),
                (_, Some(kind)) => {
                    kind != StructureSuiteKind::Random && !(seeded && kind.can_be_seeded())
                }
                _ => false,
            };
            runs.push(RunFacts {
                name: text_of(&run, "label").unwrap_or(strategy),
                budget: text_of(&run, "until").as_deref() == Some("budget"),
                seed_free,
            });
        }
        phases.push(PhaseRuns {
            name: text_of(&phase, "name").unwrap_or_default(),
            runs,
        });
    }
    Ok(phases)
}

/// Every column of the rows, in the order of [`ComparisonRow`]'s fields.
pub fn table(rows: &[ComparisonRow]) -> Table {
    macro_rules! column {
        ($field:ident) => {
            Column::new(
                stringify!($field),
                rows.iter().map(|r| r.$field.clone()).collect::<Vec<_>>(),
            )
        };
    }
    Table::new(vec![
        column!(subject),
        column!(n),
        column!(strategy),
        column!(baseline),
        Column::new("metric", rows.iter().map(|r| r.metric).collect::<Vec<_>>()),
        column!(larger_is_better),
        Column::new(
            "replicates",
            rows.iter().map(|r| r.replicates as u64).collect::<Vec<_>>(),
        ),
        column!(median),
        column!(q1),
        column!(q3),
        column!(baseline_median),
        column!(baseline_q1),
        column!(baseline_q3),
        column!(a12),
        column!(a12_low),
        column!(a12_high),
        Column::new("test", rows.iter().map(|r| r.test).collect::<Vec<_>>()),
        column!(statistic),
        column!(p_value),
        column!(p_holm),
        Column::new("method", rows.iter().map(|r| r.method).collect::<Vec<_>>()),
    ])
}

/// What the text table shows for an effect size or p-value of a row without a sample
/// (the test `none`).
const UNTESTED: &str = "–";

/// The columns of the text table: identity, medians with their interquartile ranges,
/// Â12 with its interval, p-values.
fn printed_table(rows: &[ComparisonRow], confidence: f64) -> Table {
    let text = |f: &dyn Fn(&ComparisonRow) -> String| rows.iter().map(f).collect::<Vec<_>>();
    let number = |v: f64| {
        if v != 0.0 && (v.abs() < 1e-3 || v.abs() >= 1e6) {
            format!("{v:.3e}")
        } else {
            format!("{:.4}", v)
                .trim_end_matches('0')
                .trim_end_matches('.')
                .to_string()
        }
    };
    Table::new(vec![
        Column::new("metric", text(&|r| r.metric.to_string())),
        Column::new("strategy", text(&|r| r.strategy.clone())),
        Column::new("baseline", text(&|r| r.baseline.clone())),
        Column::new("subject", text(&|r| r.subject.clone())),
        Column::new("n", rows.iter().map(|r| r.n).collect::<Vec<_>>()),
        Column::new(
            "reps",
            rows.iter().map(|r| r.replicates as u64).collect::<Vec<_>>(),
        ),
        Column::new(
            "median [IQR]",
            text(&|r| format!("{} [{}, {}]", number(r.median), number(r.q1), number(r.q3))),
        ),
        Column::new(
            "baseline [IQR]",
            text(&|r| {
                format!(
                    "{} [{}, {}]",
                    number(r.baseline_median),
                    number(r.baseline_q1),
                    number(r.baseline_q3)
                )
            }),
        ),
        Column::new(
            format!("A12 [{}% CI]", confidence * 100.0),
            text(&|r| match (r.a12, r.a12_low, r.a12_high) {
                (Some(a12), Some(low), Some(high)) => format!("{a12:.3} [{low:.3}, {high:.3}]"),
                _ => UNTESTED.to_string(),
            }),
        ),
        Column::new("test", text(&|r| r.test.to_string())),
        Column::new("p", text(&|r| r.p_value.map_or(UNTESTED.into(), number))),
        Column::new(
            "p_holm",
            text(&|r| r.p_holm.map_or(UNTESTED.into(), number)),
        ),
        Column::new(
            "better",
            text(&|r| {
                if r.larger_is_better {
                    "larger".into()
                } else {
                    "smaller".into()
                }
            }),
        ),
    ])
}
