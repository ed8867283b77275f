//! `testspace harvest`: a crate's public types as subjects (`src/harvest.rs`): a wrapper file,
//! a test context per subject and a record of the release, written into a new folder for
//! review.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, bail};
use clap::Args;
use testspace_harvest::{TypePlan, context_file, subject_file};

use crate::harvest::{Harvest, HarvestOptions, Source, harvest};

/// Arguments of `testspace harvest`.
#[derive(Debug, Args)]
pub struct HarvestArgs {
    /// `NAME@VERSION`, a release brought from crates.io through Cargo, or a crate's folder
    /// (its `Cargo.toml` and `src/lib.rs`).
    pub source: String,
    /// The new folder to write `subject.rs`, a `context-<Subject>.toml` per subject and
    /// `harvest.toml` into; refused when it exists.
    #[arg(long)]
    pub out: PathBuf,
    /// The checksum the release must have on crates.io (sha256, as Cargo.lock records it).
    #[arg(long, value_name = "SHA256")]
    pub checksum: Option<String>,
    /// Skip the crate's own code: no mutants, no coverage copy, no `mutants.toml`.
    #[arg(long)]
    pub no_own_code: bool,
    /// Where the own-code check builds testspace and the crate's copies (default:
    /// `harvest-check` in `$CARGO_TARGET_DIR`, else in the source tree's `target/`).
    #[arg(long, value_name = "DIR")]
    pub check_target: Option<PathBuf>,
}

/// Runs `testspace harvest`: prints per public type its subject, or why none, with the
/// methods kept and skipped; writes the files only when at least one subject is made.
pub fn run(args: &HarvestArgs) -> anyhow::Result<()> {
    if args.out.exists() {
        bail!(
            "{}: exists; harvest writes into a new folder only",
            args.out.display()
        );
    }
    let source = Source::parse(&args.source, args.checksum.clone());
    if args.checksum.is_some() && matches!(source, Source::Folder(_)) {
        bail!("--checksum is for a release on crates.io (NAME@VERSION), not a folder");
    }
    let scratch = std::env::temp_dir().join(format!("testspace-harvest-{}", std::process::id()));
    let options = HarvestOptions {
        own_code_target: (!args.no_own_code).then(|| {
            args.check_target
                .clone()
                .unwrap_or_else(HarvestOptions::default_target)
        }),
    };
    let harvested = harvest(&source, &scratch, &options)
        .with_context(|| format!("harvesting {}", args.source))?;
    let release = harvested.release();
    print!("{}", summary(&harvested));
    let made: Vec<&TypePlan> = harvested
        .plans
        .iter()
        .filter(|p| p.refused.is_none())
        .collect();
    if made.is_empty() {
        bail!(
            "{release}: none of its {} public types{} can be a subject (reasons above)",
            harvested.plans.iter().filter(|p| !p.is_functions()).count(),
            if harvested.functions > 0 {
                " nor its free functions"
            } else {
                ""
            }
        );
    }
    let mut files = vec![
        (
            "subject.rs".to_string(),
            subject_file(&release, &harvested.plans),
        ),
        ("harvest.toml".to_string(), record(&harvested)),
    ];
    if let Some(own_code) = &harvested.own_code {
        files.push(("mutants.toml".to_string(), own_code.catalog(&release)));
        if let Some(entry) = crate_entry(&harvested, &made) {
            files.push(("crate.toml".to_string(), entry));
        }
    }
    for plan in &made {
        files.push((
            format!("context-{}.toml", plan.wrapper),
            context_file(&release, plan, &harvested.constants),
        ));
    }
    write_new_folder(&args.out, &files)?;
    println!("wrote {} files into {}", files.len(), args.out.display());
    Ok(())
}

/// One line per public type: its subject and method counts, or why it has none.
fn summary(harvested: &Harvest) -> String {
    let types = harvested.plans.iter().filter(|p| !p.is_functions()).count();
    let functions = if harvested.functions == 0 {
        String::new()
    } else {
        format!(", {} public free functions", harvested.functions)
    };
    let mut out = format!(
        "{}: {types} public types{functions}, {} compile check{}\n",
        harvested.release(),
        harvested.checks,
        if harvested.checks == 1 { "" } else { "s" }
    );
    for plan in &harvested.plans {
        let shown = if plan.is_functions() {
            format!("{} (free functions)", plan.path)
        } else {
            plan.path.clone()
        };
        let _ = match &plan.refused {
            Some(reason) => writeln!(out, "  {shown:<40} no subject: {reason}"),
            None => writeln!(
                out,
                "  {shown:<40} {} ({} constructors, {} methods, {} skipped)",
                plan.wrapper,
                plan.constructors(),
                plan.methods.len() - plan.constructors(),
                plan.skipped.len()
            ),
        };
    }
    if let Some(own) = &harvested.own_code {
        let _ = writeln!(
            out,
            "  own code: {} mutants, {} compile ({} check round{}), {} probes; left as it is: {}",
            own.mutants.len(),
            own.compiling(),
            own.rounds,
            if own.rounds == 1 { "" } else { "s" },
            own.probes,
            own.left.describe()
        );
    }
    for reach in &harvested.reach {
        let compiled = harvested.own_code.as_ref().map_or(0, |own| own.compiling());
        let _ = writeln!(
            out,
            "  {}: {} of {} functions reached, {} of {} compiling mutants reachable",
            reach.subject,
            reach.reached,
            reach.functions,
            compiled - reach.unreachable.len(),
            compiled
        );
    }
    if !harvested.unread.is_empty() {
        let _ = writeln!(
            out,
            "  not read: {} (modules under a #[cfg] whose file the release does not hold)",
            harvested.unread.join(", ")
        );
    }
    out
}

/// `crate.toml` for a release brought from crates.io whose own code was instrumented: the
/// folder is then a crate of a corpus root (docs/corpus.md), its release mutated.
fn crate_entry(harvested: &Harvest, made: &[&TypePlan]) -> Option<String> {
    let checksum = harvested.checksum.as_ref()?;
    let one_line = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let summary = harvested
        .description
        .as_deref()
        .map(one_line)
        .unwrap_or_else(|| format!("The crate {}.", harvested.name));
    let repository = harvested
        .repository
        .clone()
        .unwrap_or_else(|| format!("https://crates.io/crates/{}", harvested.name));
    let subjects: Vec<String> = made.iter().map(|p| format!("{:?}", p.wrapper)).collect();
    Some(format!(
        "# Written by `testspace harvest`: {} {} with the mutants of its own code.\n\
         crate = {:?}\nsummary = {:?}\nrepository = {:?}\nsubjects = [{}]\nmutate = {:?}\n\n\
         [checksums]\n{:?} = {:?}\n",
        harvested.name,
        harvested.version,
        harvested.name,
        summary,
        repository,
        subjects.join(", "),
        harvested.version,
        harvested.version,
        checksum
    ))
}

/// `harvest.toml`: the release, its checksum, and each subject with its type and
/// instantiation.
fn record(harvested: &Harvest) -> String {
    let mut out = format!(
        "# Written by `testspace harvest`.\ncrate = \"{}\"\nversion = \"{}\"\n",
        harvested.name, harvested.version
    );
    match &harvested.checksum {
        Some(checksum) => {
            let _ = writeln!(out, "source = \"crates.io\"\nchecksum = \"{checksum}\"");
        }
        None => out.push_str("source = \"folder\"\n"),
    }
    for plan in harvested.plans.iter().filter(|p| p.refused.is_none()) {
        let instantiation: Vec<String> = plan
            .instantiation
            .arguments
            .iter()
            .map(|(name, value)| format!("{name} = \"{value}\""))
            .collect();
        let _ = writeln!(
            out,
            "\n[[subject]]\nname = \"{}\"\ntype = \"{}\"\ninstantiation = {{ {} }}\nconstructors = {}\nmethods = {}\nskipped = {}",
            plan.wrapper,
            plan.path,
            instantiation.join(", "),
            plan.constructors(),
            plan.methods.len() - plan.constructors(),
            plan.skipped.len()
        );
    }
    out
}

/// Writes `files` into the new folder `out`, whole or not at all: into a sibling staging
/// folder first, renamed into place at the end.
fn write_new_folder(out: &Path, files: &[(String, String)]) -> anyhow::Result<()> {
    let parent = out
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = out
        .file_name()
        .context("--out names no folder")?
        .to_string_lossy();
    let staging = parent.join(format!(".{name}.harvest-{}", std::process::id()));
    std::fs::create_dir_all(&staging)
        .with_context(|| format!("{}: cannot be created", staging.display()))?;
    let written = files.iter().try_for_each(|(file, text)| {
        let path = staging.join(file);
        std::fs::write(&path, text)
            .with_context(|| format!("{}: cannot be written", path.display()))
    });
    let renamed = written.and_then(|()| {
        std::fs::rename(&staging, out)
            .with_context(|| format!("{}: cannot be created", out.display()))
    });
    if renamed.is_err() {
        let _ = std::fs::remove_dir_all(&staging);
    }
    renamed
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::corpus::entry::parse_entry;

    #[test]
    fn a_release_from_crates_io_gets_a_crate_entry_the_corpus_reads() {
        let plan = TypePlan {
            wrapper: "SlabOfInts".into(),
            target: "slab::Slab<i32>".into(),
            path: "slab::Slab".into(),
            instantiation: testspace_harvest::Instantiation {
                arguments: Vec::new(),
            },
            methods: Vec::new(),
            skipped: Vec::new(),
            summary: String::new(),
            refused: None,
        };
        let mut harvested = Harvest {
            name: "slab".into(),
            version: "0.4.11".into(),
            checksum: Some(
                "7a2ae44ef20feb57a68b23d846850f861394c2e02dc425a50098ae8c90267589".into(),
            ),
            plans: vec![plan],
            functions: 0,
            checks: 1,
            own_code: None,
            constants: Default::default(),
            description: Some("Pre-allocated storage\n  for a \"uniform\" data type".into()),
            repository: None,
            unread: Vec::new(),
            reach: Vec::new(),
        };
        let made: Vec<&TypePlan> = harvested.plans.iter().collect();
        let text = crate_entry(&harvested, &made).unwrap();
        let folder = Path::new("harvested/crates/slab");
        let entry = parse_entry(folder, &folder.join("crate.toml"), &text)
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(entry.mutate.as_deref(), Some("0.4.11"));
        assert_eq!(entry.subjects, ["SlabOfInts"]);
        assert_eq!(
            entry.summary,
            "Pre-allocated storage for a \"uniform\" data type"
        );
        assert_eq!(entry.repository, "https://crates.io/crates/slab");
        assert!(entry.faults.is_empty());
        // A folder has no checksum: no entry.
        harvested.checksum = None;
        assert!(crate_entry(&harvested, &made).is_none());
    }
}
