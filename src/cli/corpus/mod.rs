//! `testspace corpus fetch|list|witnesses|golds-own|advisories|candidates`: the corpus of
//! real faults (docs/corpus.md) and the miner of new ones (`mine`, docs/mining.md).

mod mine;

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context as _;
use clap::{Args, Subcommand};

use crate::corpus::fetch::fetch;
use crate::corpus::generate::{Generated, testspace_path};
use crate::corpus::golds_own::survey;
use crate::corpus::witness::{Evidence, Replay, read_witnesses, replay, replay_isolated};
use crate::corpus::{Corpus, release_ident};
use crate::runner::worker::Handshake;

/// The subcommands of `testspace corpus`.
#[derive(Debug, Subcommand)]
pub enum CorpusCommand {
    /// Bring every release the faults name from crates.io into CORPUS/releases/ (checked
    /// against the recorded checksums), then write CORPUS/Cargo.toml and
    /// CORPUS/src/releases.rs (or, with --check, fail if they are not current).
    Fetch(FetchArgs),
    /// List the crates and their faults.
    List(CorpusArgs),
    /// Replay every fault's witness (crates/<crate>/witnesses.toml) on the registered units:
    /// each must fail on the buggy release and be 1-minimal; faults marked unreached or
    /// pending are listed. A witness with `fails` is replayed alone in worker processes of
    /// the experiment. Run by the corpus's binary, which registers the releases.
    Witnesses(WitnessesArgs),
    /// Count, in a results folder of the corpus's experiment, the killed cells that found
    /// gold's own fault: for a fault W → X whose gold X is the buggy release of a later fault
    /// X → Y, the cells whose first failing test case W and Y agree on. Run by the corpus's
    /// binary.
    GoldsOwn(GoldsOwnArgs),
    /// Read a checkout of RustSec's advisory-db into the snapshot mining reads offline
    /// (the front matter of every crate advisory, with the commit and the day read).
    Advisories(mine::AdvisoriesArgs),
    /// Mine candidate faults: from each advisory of the snapshot (and the changelogs of the
    /// crates under --changelogs roots) the pairs of published releases, last with and first
    /// without the fault, into candidates.toml; every record that gives none goes to
    /// rejected.toml with its reason.
    Candidates(mine::CandidatesArgs),
}

/// Arguments of `testspace corpus golds-own`.
#[derive(Debug, Args)]
pub struct GoldsOwnArgs {
    /// A results folder of the corpus's experiment.
    pub results: PathBuf,
    /// The corpus folder (holding crates/).
    #[arg(long, default_value = "corpus")]
    pub corpus: PathBuf,
}

/// Arguments of `testspace corpus witnesses`.
#[derive(Debug, Args)]
pub struct WitnessesArgs {
    /// The corpus folder.
    #[command(flatten)]
    pub corpus: CorpusArgs,
    /// The experiment whose workers replay the witnesses with `fails` (its contexts are the
    /// crates' context files; default: CORPUS/../experiments/realfaults.toml).
    #[arg(long)]
    pub experiment: Option<PathBuf>,
    /// The watchdog in seconds for a witness replayed in a worker (default: the
    /// experiment's).
    #[arg(long, value_parser = super::args::seconds)]
    pub watchdog: Option<f64>,
}

/// The corpus folder.
#[derive(Debug, Args)]
pub struct CorpusArgs {
    /// The corpus folder (holding crates/).
    #[arg(default_value = "corpus")]
    pub corpus: PathBuf,
}

/// Arguments of `testspace corpus fetch`.
#[derive(Debug, Args)]
pub struct FetchArgs {
    /// The corpus folder.
    #[command(flatten)]
    pub corpus: CorpusArgs,
    /// Write no generated file (the releases are still brought): fail when the generated
    /// files are not those of the entries.
    #[arg(long)]
    pub check: bool,
}

/// Runs `testspace corpus`.
pub fn run(command: &CorpusCommand) -> anyhow::Result<()> {
    match command {
        CorpusCommand::Fetch(args) => run_fetch(args),
        CorpusCommand::List(args) => run_list(args),
        CorpusCommand::Witnesses(args) => run_witnesses(args),
        CorpusCommand::GoldsOwn(args) => run_golds_own(args),
        CorpusCommand::Advisories(args) => mine::run_advisories(args),
        CorpusCommand::Candidates(args) => mine::run_candidates(args),
    }
}

fn run_fetch(args: &FetchArgs) -> anyhow::Result<()> {
    let root = &args.corpus.corpus;
    let corpus = Corpus::read(root)?;
    let sizes = fetch(&corpus, |release| {
        crate::kernel::stderr_line!("fetched {release}")
    })?;
    let unreachable = write_mutated_copies(root, &corpus)?;
    let covered = write_gold_coverage_copies(root, &corpus)?;
    let generated = Generated::new(&corpus, &sizes, &unreachable, &covered);
    if args.check {
        let stale = generated.stale(root);
        if !stale.is_empty() {
            anyhow::bail!(
                "{}: {} not current: run `testspace corpus fetch {}` and commit the result",
                root.display(),
                stale.join(" and "),
                root.display()
            );
        }
        crate::kernel::stderr_line!("{}: generated files current", root.display());
    } else {
        generated
            .write(root)
            .with_context(|| format!("writing the corpus crate in {}", root.display()))?;
    }
    println!(
        "{} crates, {} releases, {} faults",
        corpus.crates.len(),
        corpus.releases().len(),
        corpus.faults().count()
    );
    Ok(())
}

/// The schemata and coverage copies of each release a crate mutates, beside the release;
/// returns, per subject of such a release (`ident::Subject`), the compiled mutants its
/// methods cannot reach.
fn write_mutated_copies(
    root: &std::path::Path,
    corpus: &Corpus,
) -> anyhow::Result<std::collections::BTreeMap<String, Vec<u32>>> {
    use crate::harvest::own_code::{OwnCodeCatalog, unreachable_mutants, write_copies};
    let mut unreachable = std::collections::BTreeMap::new();
    for krate in &corpus.crates {
        let Some(version) = &krate.mutate else {
            continue;
        };
        let label = format!("{}-{version}", krate.name);
        let release = root.join("releases").join(&label);
        let api = testspace_harvest::read_api(&release)
            .with_context(|| format!("reading {}", release.display()))?;
        let catalog = OwnCodeCatalog::read(&krate.mutants_file())?;
        let compiled = write_copies(
            &release,
            &api.files,
            &catalog,
            &label,
            std::path::Path::new(&testspace_path(root, 2)),
        )?;
        crate::kernel::stderr_line!(
            "{label}: schemata and coverage copies, {} mutants",
            compiled.len()
        );
        let subject_path = krate.folder.join("subject.rs");
        let subject_source = std::fs::read_to_string(&subject_path)
            .with_context(|| format!("reading {}", subject_path.display()))?;
        for reach in unreachable_mutants(
            &release,
            &api.files,
            &compiled,
            &subject_path,
            &subject_source,
            &krate.subjects,
        )? {
            crate::kernel::stderr_line!(
                "  {}: {} of {} functions reached, {} of {} mutants reachable",
                reach.subject,
                reach.reached,
                reach.functions,
                compiled.len() - reach.unreachable.len(),
                compiled.len()
            );
            unreachable.insert(
                format!("{}::{}", release_ident(&krate.name, version), reach.subject),
                reach.unreachable,
            );
        }
    }
    Ok(unreachable)
}

/// The coverage copy of each fixed release of a fault (but a release a crate mutates,
/// which has its own), beside the release, so that gold runs through it and the strategies
/// steered by coverage run on the fault units; returns the releases (by ident) that have
/// one. A copy with more probes than one may have is left out, and said so.
fn write_gold_coverage_copies(
    root: &std::path::Path,
    corpus: &Corpus,
) -> anyhow::Result<std::collections::BTreeSet<String>> {
    use crate::harvest::own_code::{CoverageCopy, write_coverage_copy};
    let mut covered = std::collections::BTreeSet::new();
    for krate in &corpus.crates {
        let mut fixed: Vec<&str> = krate.faults.iter().map(|f| f.fixed.as_str()).collect();
        fixed.sort_unstable();
        fixed.dedup();
        for version in fixed {
            if krate.mutate.as_deref() == Some(version) {
                continue;
            }
            let label = format!("{}-{version}", krate.name);
            let release = root.join("releases").join(&label);
            if let Some(why) = krate.no_coverage.get(version) {
                let (_, folder) = testspace_harvest::copies::copy_folders(&release);
                if folder.exists() {
                    std::fs::remove_dir_all(&folder)
                        .with_context(|| format!("removing {}", folder.display()))?;
                }
                crate::kernel::stderr_line!(
                    "{label}: no coverage copy ({}, [no-coverage]): {why}",
                    krate.folder.join("crate.toml").display()
                );
                continue;
            }
            let library = crate::corpus::fetch::library_root(&release)?;
            let api = testspace_harvest::read_api_from(&release, &library)
                .with_context(|| format!("reading {}", release.display()))?;
            match write_coverage_copy(
                &release,
                &api.files,
                &label,
                std::path::Path::new(&testspace_path(root, 2)),
            )? {
                CoverageCopy::Written(probes) => {
                    crate::kernel::stderr_line!("{label}: coverage copy, {probes} probes");
                    covered.insert(release_ident(&krate.name, version));
                }
                CoverageCopy::TooManyProbes(probes) => crate::kernel::stderr_line!(
                    "{label}: no coverage copy: {probes} probes, more than one copy may have ({}); its units run without coverage",
                    crate::subject::probes::MAX_PROBES
                ),
            }
        }
    }
    Ok(covered)
}

fn run_list(args: &CorpusArgs) -> anyhow::Result<()> {
    let corpus = Corpus::read(&args.corpus)?;
    println!("fault\tcrate\tbuggy\tfixed\tkind\tsubject\trecord");
    for (krate, fault) in corpus.faults() {
        println!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}",
            fault.id,
            krate.name,
            fault.buggy,
            fault.fixed,
            fault.kind.name(),
            fault.subject,
            fault.records.join(" ")
        );
    }
    Ok(())
}

/// The worker handshake and watchdog of the witnesses replayed in workers.
fn witness_workers(args: &WitnessesArgs) -> anyhow::Result<(Handshake, Duration)> {
    let path = args.experiment.clone().unwrap_or_else(|| {
        args.corpus
            .corpus
            .join("..")
            .join("experiments")
            .join("realfaults.toml")
    });
    let source = crate::kernel::file::read_source(&path)?;
    let handshake = Handshake {
        path: path.display().to_string(),
        source,
        profile: "default".into(),
        walk_parameters: None,
    };
    let experiment = handshake.experiment()?;
    let seconds = args.watchdog.or(experiment.watchdog);
    let seconds = seconds.unwrap_or(crate::runner::DEFAULT_WATCHDOG.as_secs_f64());
    Ok((handshake, Duration::from_secs_f64(seconds)))
}

fn run_witnesses(args: &WitnessesArgs) -> anyhow::Result<()> {
    let corpus = Corpus::read(&args.corpus.corpus)?;
    let registry = crate::subject::registry();
    let mut workers = None;
    let (mut held, mut unreached, mut pending, mut wrong) = (0, 0, 0, Vec::new());
    println!("fault\tevidence\tcalls");
    for krate in &corpus.crates {
        for evidence in read_witnesses(krate)? {
            let fault = krate
                .faults
                .iter()
                .find(|f| f.id == evidence.fault)
                .expect("checked by the reader");
            match &evidence.evidence {
                Evidence::Unreached(reason) => {
                    unreached += 1;
                    println!("{}\tunreached: {reason}\t", fault.id);
                }
                Evidence::Pending(reason) => {
                    pending += 1;
                    println!("{}\tpending: {reason}\t", fault.id);
                }
                Evidence::Witness { calls, fails, .. } => {
                    let outcome = match fails {
                        None => replay(registry, krate, fault, calls),
                        Some(fails) => {
                            if workers.is_none() {
                                workers = Some(witness_workers(args)?);
                            }
                            let (handshake, watchdog) = workers.as_ref().expect("made");
                            replay_isolated(
                                registry,
                                handshake,
                                (krate, fault),
                                calls,
                                *fails,
                                *watchdog,
                            )
                        }
                    }
                    .with_context(|| format!("replaying the witness of {}", fault.id))?;
                    let shown = match &outcome {
                        Replay::Holds => {
                            held += 1;
                            "holds".to_string()
                        }
                        Replay::Passes => "PASSES on the buggy release".to_string(),
                        Replay::FailsOtherwise(outcome) => format!(
                            "fails otherwise than it says: {} alone in a worker",
                            outcome.name()
                        ),
                        Replay::NotMinimal => "NOT 1-minimal".to_string(),
                        Replay::GoldsOwn(own) => format!(
                            "shows gold's own fault {own}: gold and {own}'s fix differ on it"
                        ),
                    };
                    if outcome != Replay::Holds {
                        wrong.push(fault.id.clone());
                    }
                    let how =
                        fails.map_or(String::new(), |f| format!(" ({}, in a worker)", f.name()));
                    println!("{}\t{shown}{how}\t{calls:?}", fault.id);
                }
            }
        }
    }
    crate::kernel::stderr_line!(
        "{held} witnesses hold, {unreached} faults unreached, {pending} pending"
    );
    if !wrong.is_empty() {
        anyhow::bail!("witnesses that do not hold: {}", wrong.join(", "));
    }
    Ok(())
}

fn run_golds_own(args: &GoldsOwnArgs) -> anyhow::Result<()> {
    let corpus = Corpus::read(&args.corpus)?;
    let rows = survey(&args.results, &corpus, crate::subject::registry())?;
    let mut text = String::from("phase\tfault\tstrategy\tn\tkilled\tgolds_own\tunchecked\n");
    for ((phase, fault, strategy, n), row) in &rows {
        text.push_str(&format!(
            "{phase}\t{fault}\t{strategy}\t{n}\t{}\t{}\t{}\n",
            row.killed, row.golds_own, row.unchecked
        ));
        if let Some(reason) = &row.reason {
            crate::kernel::stderr_line!(
                "{fault} {strategy}: {} cells unchecked: {reason}",
                row.unchecked
            );
        }
    }
    print!("{text}");
    Ok(())
}
