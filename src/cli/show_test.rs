//! `testspace show-test`: the first failing test of a cell as a standalone Rust `#[test]`.

use std::fmt::Write as _;
use std::io::BufRead as _;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context as _, bail};
use clap::Args;

use crate::experiment::file::parse_recorded_experiment;
use crate::oracle::OracleKind;
use crate::runner::CellRecord;
use crate::strategy::Strategy;

/// Which cell's first failing test case: the arguments `show-test` and `reduce` share.
#[derive(Debug, Args)]
pub struct CellArgs {
    /// A results folder written by `testspace run`.
    pub results: PathBuf,
    /// The subject's class name.
    #[arg(long)]
    pub subject: String,
    /// The mutant id.
    #[arg(long)]
    pub mutant: u32,
    /// The strategy, as the `strategy` column names it (a registered walk or generator, or a structure suite).
    #[arg(long)]
    pub strategy: String,
    /// n.
    #[arg(long)]
    pub n: u64,
    /// The phase, if several phases ran this cell (default: the first that killed it).
    #[arg(long)]
    pub phase: Option<String>,
    /// The replicate of a replicated run.
    #[arg(long, default_value_t = 0)]
    pub replicate: u32,
}

/// Arguments of `testspace show-test`.
#[derive(Debug, Args)]
pub struct ShowTestArgs {
    /// The cell.
    #[command(flatten)]
    pub cell: CellArgs,
    /// Show the test case reduced to a 1-minimal failing one (as `testspace reduce`).
    #[arg(long)]
    pub minimal: bool,
}

/// The first failing test case of a cell, regenerated from the experiment's seeds and
/// checked against the index the cell recorded.
pub(crate) struct FailingTest {
    /// The experiment's oracle.
    pub oracle: OracleKind,
    /// The subject's unit.
    pub unit: &'static dyn crate::subject::Unit,
    /// The subject's test context.
    pub context: Arc<crate::context::TestContext>,
    /// The cell.
    pub cell: FailingCell,
    /// The test case's method-call indices.
    pub calls: Vec<u32>,
    /// Its test-case index, in decimal.
    pub index: String,
}

impl FailingTest {
    /// The catalog entry of the cell's mutant, if the unit lists it.
    pub fn mutant_info(&self) -> Option<&crate::subject::MutantInfo> {
        self.unit
            .mutants()
            .iter()
            .find(|m| m.id == self.cell.mutant)
    }
}

/// Runs `testspace show-test`.
pub fn run(args: &ShowTestArgs) -> anyhow::Result<()> {
    let (experiment, cell) = find_cell(&args.cell)?;
    let run = &experiment.phases[cell.phase_index].runs[cell.run];
    if let Strategy::Structures(config) = &run.strategy {
        anyhow::ensure!(
            !args.minimal,
            "a structure test case is one call on a structure: there is nothing to reduce"
        );
        print!(
            "{}",
            structure_case(&args.cell.results, &experiment, &cell, config)?
        );
        return Ok(());
    }
    let test = regenerate(&args.cell, experiment, cell)?;
    let reduction = if args.minimal {
        Some(super::reduce::reduce_failing_test(&test)?)
    } else {
        None
    };
    print!("{}", render(&test, reduction.as_ref().map(|(r, _)| r)));
    if let Some((reduction, seconds)) = &reduction {
        super::reduce::report_time(reduction, *seconds);
    }
    Ok(())
}

/// The experiment a results folder ran: its copy of the experiment file, read with the
/// profile and walk parameters its manifest records.
pub(crate) fn read_experiment(
    results: &std::path::Path,
) -> anyhow::Result<crate::experiment::Experiment> {
    let experiment_path = results.join("experiment.toml");
    let source = std::fs::read_to_string(&experiment_path).map_err(|error| {
        if error.kind() == std::io::ErrorKind::NotFound {
            anyhow::anyhow!(
                "{} is not a results folder (no experiment.toml)",
                results.display()
            )
        } else {
            anyhow::Error::new(error).context(format!("cannot read {}", experiment_path.display()))
        }
    })?;
    let manifest = crate::runner::output::read_manifest(results)?;
    Ok(parse_recorded_experiment(
        &experiment_path,
        &source,
        &manifest.profile,
        &manifest.walk_parameters,
    )?)
}

/// The experiment of the results folder `args` names, and the cell of it that found the
/// first failing test case `args` asks for.
fn find_cell(args: &CellArgs) -> anyhow::Result<(crate::experiment::Experiment, FailingCell)> {
    let experiment = read_experiment(&args.results)?;
    let phases: Vec<&str> = experiment.phases.iter().map(|p| p.name.as_str()).collect();
    let cell = failing_cells(&args.results, &phases)?
        .into_iter()
        .filter(|c| {
            c.subject == args.subject
                && c.mutant == args.mutant
                && c.strategy == args.strategy
                && c.n == args.n
                && c.replicate == args.replicate
                && args.phase.as_ref().is_none_or(|p| *p == c.phase)
        })
        .min_by_key(|c| (c.phase_index, c.run));
    let Some(cell) = cell else {
        bail!(
            "no cell of {} killed mutant {} with {} at n = {}{}{} in {}",
            args.subject,
            args.mutant,
            args.strategy,
            args.n,
            args.phase
                .as_ref()
                .map_or(String::new(), |p| format!(" in phase {p}")),
            if args.replicate > 0 {
                format!(" in replicate {}", args.replicate)
            } else {
                String::new()
            },
            args.results.display()
        );
    };
    Ok((experiment, cell))
}

/// Finds the first failing test case of the cell `args` names and regenerates it.
pub(crate) fn locate(args: &CellArgs) -> anyhow::Result<FailingTest> {
    let (experiment, cell) = find_cell(args)?;
    regenerate(args, experiment, cell)
}

/// Regenerates the first failing test case of `cell` of `experiment` (found by
/// [`find_cell`] for `args`).
fn regenerate(
    args: &CellArgs,
    experiment: crate::experiment::Experiment,
    cell: FailingCell,
) -> anyhow::Result<FailingTest> {
    let plan = experiment
        .subjects
        .iter()
        .find(|s| s.unit.class() == args.subject)
        .with_context(|| format!("{} is not a subject of the experiment", args.subject))?;
    let n = args.n as usize;
    let counter = cell.first_failure - 1;
    let seed = experiment.replicate_seed(args.replicate);
    let run = &experiment.phases[cell.phase_index].runs[cell.run];
    let (context, calls) = match &run.strategy {
        Strategy::Walk(walk) => {
            let context = Arc::clone(&plan.context);
            let strategy = walk.build(&context, n, seed);
            let mut calls = vec![0u32; n];
            anyhow::ensure!(
                strategy.case_into(counter, &mut calls),
                "the strategy has no test case {counter}"
            );
            (context, calls)
        }
        Strategy::Generator(config) => {
            generated_case(&args.results, plan, config, n, seed, counter)?
        }
        Strategy::Structures(_) => bail!(
            "a structure test case is one call on a structure: `show-test` prints it, and there is nothing to reduce"
        ),
    };
    let index = context.codec(calls.len()).encode(&calls)?;
    if cell.first_failure_index.as_deref() != Some(index.to_string().as_str()) {
        bail!(
            "the regenerated test case does not match the recorded index: was the experiment changed?"
        );
    }
    Ok(FailingTest {
        oracle: experiment.oracle,
        unit: plan.unit,
        context,
        cell,
        calls,
        index: index.to_string(),
    })
}

/// Test case `counter` of a generated run's suite in `results`, as method-call indices of
/// its own context (M_C over the test case's own pools), with that context.
fn generated_case(
    results: &std::path::Path,
    plan: &crate::experiment::SubjectPlan,
    config: &crate::generator::GeneratorConfig,
    n: usize,
    seed: u64,
    counter: u64,
) -> anyhow::Result<(Arc<crate::context::TestContext>, Vec<u32>)> {
    let key = crate::runner::suites::SuiteKey::new(plan.unit.class(), config, n, seed);
    let path = results.join(key.file());
    let file = std::fs::File::open(&path)
        .with_context(|| format!("cannot read the suite {}", path.display()))?;
    // Read only as far as the test case: later lines are not needed to rebuild it.
    let reader = crate::generator::SuiteReader::open(
        plan.unit,
        &plan.context,
        std::io::BufReader::new(file),
    )
    .and_then(|mut reader| reader.read_to(counter as usize + 1).map(|()| reader))
    .with_context(|| format!("cannot read the suite {}", path.display()))?;
    let case = reader
        .cases()
        .get(counter as usize)
        .cloned()
        .with_context(|| format!("the suite {} has no test case {counter}", path.display()))?;
    let own = Arc::new(case.context(plan.unit, &plan.context)?);
    let calls = case.indices(&own)?;
    Ok((own, calls))
}

/// A structure cell's first failing test case, as text: the structure (from the run's
/// suite file, in the JSON form of `testspace fe --suites`), the call, and the instance
/// gold and the mutant leave (read back and in canonical form).
fn structure_case(
    results: &std::path::Path,
    experiment: &crate::experiment::Experiment,
    cell: &FailingCell,
    config: &crate::structure::suite::StructureConfig,
) -> anyhow::Result<String> {
    use crate::runner::structures::{StructureKey, read_structures};
    let plan = experiment
        .subjects
        .iter()
        .find(|s| s.unit.class() == cell.subject)
        .with_context(|| format!("{} is not a subject of the experiment", cell.subject))?;
    let seed = experiment.replicate_seed(cell.replicate);
    let key = StructureKey::new(&cell.subject, config, cell.n as usize, seed);
    let path = results.join(key.file());
    let calls = u64::from(plan.context.j());
    let counter = cell.first_failure - 1;
    let (structure, call) = ((counter / calls) as usize, (counter % calls) as u32);
    let (_, structures) = read_structures(&path, structure + 1)?;
    let heap = structures
        .get(structure)
        .with_context(|| format!("{} has no structure {structure}", path.display()))?;
    if cell.first_failure_index.as_deref() != Some(call.to_string().as_str()) {
        bail!(
            "the suite's test case does not match the recorded call: was the experiment changed?"
        );
    }
    let layout = crate::structure::units::finitization(&cell.subject)
        .context("a structure run's subject has a finitization")?
        .scope(cell.n as usize);
    let mut sessions = Vec::new();
    for mutant in [crate::subject::GOLD, cell.mutant] {
        let mut session = plan
            .unit
            .heap_session(Arc::clone(&plan.context), mutant, 0, heap)
            .context("the unit builds structures")??;
        session.reset();
        let outcome = session.step(call);
        let after = session
            .object_heap(0)
            .map(|h| {
                let canonical = crate::subject::heap::canonical(&h);
                serde_json::to_string(&layout.heap_scope().heap_json(&canonical))
            })
            .transpose()?
            .unwrap_or_else(|| "null".into());
        sessions.push((outcome, after));
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} mutant {}: the first failing test case of {} at scope {} (phase {}, {} oracle), test case {} of {}:",
        cell.subject,
        cell.mutant,
        cell.strategy,
        cell.n,
        cell.phase,
        config.oracle.name(),
        cell.first_failure,
        path.display()
    );
    let _ = writeln!(
        out,
        "structure {structure}: {}",
        serde_json::to_string(&layout.heap_scope().heap_json(heap))?
    );
    let _ = writeln!(out, "call {call}: {}", plan.context.render_call(call));
    for ((outcome, after), who) in sessions.iter().zip(["gold", "mutant"]) {
        let thrown = outcome
            .as_ref()
            .err()
            .map_or(String::new(), |e| format!(" (threw {e:?})"));
        let _ = writeln!(out, "{who} leaves{thrown}: {after}");
    }
    Ok(out)
}

/// A cell that found a failing test: what `show-test` needs of it.
pub(crate) struct FailingCell {
    /// The replicate.
    pub replicate: u32,
    /// The phase's position in the experiment, and its name.
    pub phase_index: usize,
    pub phase: String,
    /// The run's position in its phase.
    pub run: usize,
    pub subject: String,
    pub mutant: u32,
    pub strategy: String,
    pub n: u64,
    /// E(n): the position of the first failing test case (from 1).
    pub first_failure: u64,
    /// The index of that test case, in decimal.
    pub first_failure_index: Option<String>,
}

/// The cells of a results folder that found a failing test: from its cells table
/// (`cells.parquet` or `cells.csv`, what `run` leaves and what is committed), read and
/// checked by [`crate::report::folder::open`], or, while a run is unfinished (its tables,
/// if any, those of an earlier run), from its `journal.jsonl`. `phases` are the
/// experiment's phase names, in order.
fn failing_cells(results: &std::path::Path, phases: &[&str]) -> anyhow::Result<Vec<FailingCell>> {
    use crate::report::{ReportError, folder};
    let has_table = [folder::PARQUET, folder::CSV]
        .iter()
        .any(|table| results.join(table).exists());
    if has_table {
        match folder::open(results) {
            Ok(checked) => {
                return failing_cells_of_table(&checked.frame, phases)
                    .with_context(|| format!("reading the cells table of {}", results.display()));
            }
            Err(ReportError::Unfinished { .. }) => {}
            Err(error) => {
                return Err(anyhow::Error::new(error)
                    .context(format!("cannot read the cells of {}", results.display())));
            }
        }
    }
    let journal = results.join("journal.jsonl");
    let file = std::fs::File::open(&journal).with_context(|| {
        format!(
            "cannot read {} (and there is no cells table)",
            journal.display()
        )
    })?;
    let mut cells = Vec::new();
    for line in std::io::BufReader::new(file).lines() {
        let Ok(record) = serde_json::from_str::<CellRecord>(&line?) else {
            break; // a line cut short by an interruption ends the journal
        };
        if let Some(first_failure) = record.first_failure {
            cells.push(FailingCell {
                replicate: record.replicate,
                phase_index: record.phase_index,
                phase: record.phase,
                run: record.run,
                subject: record.subject,
                mutant: record.mutant,
                strategy: record.strategy,
                n: record.n,
                first_failure,
                first_failure_index: record.first_failure_index,
            });
        }
    }
    Ok(cells)
}

/// The rows of a cells table with a `first_failure`.
fn failing_cells_of_table(
    frame: &polars_core::prelude::DataFrame,
    phases: &[&str],
) -> anyhow::Result<Vec<FailingCell>> {
    use polars_core::prelude::DataType;
    let column = |name: &str, dtype: &DataType| {
        frame
            .column(name)
            .and_then(|c| c.strict_cast(dtype))
            .with_context(|| format!("column `{name}`"))
    };
    let (text, count) = (DataType::String, DataType::UInt64);
    let phase = column("phase", &text)?;
    let run = column("run", &count)?;
    let subject = column("subject", &text)?;
    let mutant = column("mutant", &count)?;
    let strategy = column("strategy", &text)?;
    let n = column("n", &count)?;
    let first_failure = column("first_failure", &count)?;
    let index = column("first_failure_index", &text)?;
    // Tables written before replicates existed have no `replicate` column: replicate 0.
    let replicate = match frame.column("replicate") {
        Ok(_) => Some(column("replicate", &count)?),
        Err(_) => None,
    };
    let replicate = replicate.as_ref().map(|c| c.u64()).transpose()?;
    let (phase, subject, strategy, index) =
        (phase.str()?, subject.str()?, strategy.str()?, index.str()?);
    let (run, mutant, n, first_failure) =
        (run.u64()?, mutant.u64()?, n.u64()?, first_failure.u64()?);
    let mut cells = Vec::new();
    for row in 0..frame.height() {
        let Some(failure) = first_failure.get(row) else {
            continue;
        };
        let get = |values: Option<&str>, name: &str| {
            values
                .map(str::to_string)
                .with_context(|| format!("row {row}: no `{name}`"))
        };
        let phase = get(phase.get(row), "phase")?;
        cells.push(FailingCell {
            replicate: replicate.and_then(|r| r.get(row)).unwrap_or(0) as u32,
            phase_index: phases
                .iter()
                .position(|p| *p == phase)
                .unwrap_or(usize::MAX),
            phase,
            run: run.get(row).unwrap_or(0) as usize,
            subject: get(subject.get(row), "subject")?,
            mutant: u32::try_from(mutant.get(row).context("no `mutant`")?)?,
            strategy: get(strategy.get(row), "strategy")?,
            n: n.get(row).context("no `n`")?,
            first_failure: failure,
            first_failure_index: index.get(row).map(str::to_string),
        });
    }
    Ok(cells)
}

/// The cell's failing test case — or, given a reduction, the reduced one — as a
/// standalone Rust `#[test]`.
pub(crate) fn render(test: &FailingTest, reduction: Option<&crate::reduce::Reduction>) -> String {
    let cell = &test.cell;
    let oracle = test.oracle;
    let context = test.context.as_ref();
    let reduced_index;
    let (calls, index) = match reduction {
        Some(reduction) => {
            reduced_index = context
                .codec(reduction.calls.len())
                .encode(&reduction.calls)
                .expect("reduced calls are valid digits")
                .to_string();
            (reduction.calls.as_slice(), reduced_index.as_str())
        }
        None => (test.calls.as_slice(), test.index.as_str()),
    };
    let mut out = String::new();
    let name = format!(
        "{}_mutant_{}_{}_n{}{}{}_diverges_from_gold",
        snake(&cell.subject),
        cell.mutant,
        cell.strategy.replace('-', "_"),
        cell.n,
        if cell.replicate > 0 {
            format!("_replicate{}", cell.replicate)
        } else {
            String::new()
        },
        if reduction.is_some() { "_minimal" } else { "" }
    );
    let what = test.mutant_info().map_or(String::new(), |m| {
        format!(
            " ({} at {}: `{}` → `{}`)",
            m.operator, m.location, m.original, m.replacement
        )
    });
    let _ = writeln!(
        out,
        "/// Reproduces the first failing test of {} mutant {}{what}:",
        cell.subject, cell.mutant
    );
    let _ = writeln!(
        out,
        "/// phase {}, strategy {}, n = {}, test case E(n) = {} (index {}); {} oracle.",
        cell.phase,
        cell.strategy,
        cell.n,
        cell.first_failure,
        test.index,
        oracle.name()
    );
    if let Some(reduction) = reduction {
        let _ = writeln!(
            out,
            "/// Reduced from {} to k = {} calls (1-minimal: without any one call it passes), \
             index {index} at length {}, after {} candidate test cases.",
            reduction.original_calls,
            reduction.calls.len(),
            reduction.calls.len(),
            reduction.checks()
        );
    }
    let _ = writeln!(out, "/// The assertion fails: that is the divergence.");
    let _ = writeln!(out, "#[test]\nfn {name}() {{");
    let _ = writeln!(
        out,
        "    use std::sync::Arc;\n    use testspace::context::file::parse_context;\n    use testspace::subject::registry;\n"
    );
    let _ = writeln!(
        out,
        "    const CONTEXT: &str = r#\"\n{}\"#;",
        context.to_toml()
    );
    let _ = writeln!(out, "    // The test case in canonical form 3:");
    for line in
        super::decode::render_test_case(context, &index.parse().expect("decimal"), calls).lines()
    {
        let _ = writeln!(out, "    //   {line}");
    }
    let list: Vec<String> = calls.iter().map(u32::to_string).collect();
    let _ = writeln!(
        out,
        "    let calls: [u32; {}] = [{}];",
        calls.len(),
        list.join(", ")
    );
    let _ = writeln!(
        out,
        "    let unit = registry().find({:?}).unwrap();",
        cell.subject
    );
    let _ = writeln!(
        out,
        "    let context = Arc::new(parse_context(std::path::Path::new(\"context.toml\"), CONTEXT).unwrap());"
    );
    let _ = writeln!(out, "    let run = |mutant| {{");
    let _ = writeln!(
        out,
        "        let mut session = unit.mutant_session(Arc::clone(&context), mutant).unwrap();"
    );
    match oracle {
        OracleKind::Paper => {
            let _ = writeln!(
                out,
                "        let exceptions = calls\n            .iter()\n            .filter(|&&call| session.step(call).is_err())\n            .count();"
            );
            let _ = writeln!(out, "        (exceptions, session.primitives())");
        }
        OracleKind::Strict => {
            let _ = writeln!(
                out,
                "        calls\n            .iter()\n            .map(|&call| (session.step(call).err(), session.primitives()))\n            .collect::<Vec<_>>()"
            );
        }
    }
    let _ = writeln!(out, "    }};");
    let _ = writeln!(
        out,
        "    assert_eq!(run(0), run({}), \"mutant {} diverges from gold\");",
        cell.mutant, cell.mutant
    );
    let _ = writeln!(out, "}}");
    out
}

fn snake(class: &str) -> String {
    let mut out = String::new();
    for (i, c) in class.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}
