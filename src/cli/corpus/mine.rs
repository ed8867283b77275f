//! `testspace corpus advisories|candidates`: the miner's first stage (docs/mining.md).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context as _, bail};
use clap::Args;

use crate::corpus::mine::Mining;
use crate::corpus::mine::advisory::{
    SNAPSHOT_HEADER, Snapshot, SnapshotSource, read_database, read_snapshot, snapshot_text,
};
use crate::corpus::mine::index::Index;
use crate::table::{OutputPlace, StagedFiles};

/// Where `corpus candidates` writes by default.
const DEFAULT_OUT: &str = "corpus/mining";

/// Arguments of `testspace corpus advisories`.
#[derive(Debug, Args)]
pub struct AdvisoriesArgs {
    /// A checkout of https://github.com/rustsec/advisory-db (its crates/ folder is read).
    pub database: PathBuf,
    /// The commit the checkout is at (default: asked of git in DATABASE).
    #[arg(long)]
    pub commit: Option<String>,
    /// The snapshot to write.
    #[arg(long, default_value = "corpus/mining/advisories.toml")]
    pub out: PathBuf,
}

/// Arguments of `testspace corpus candidates`.
#[derive(Debug, Args)]
pub struct CandidatesArgs {
    /// The advisories' snapshot (`corpus advisories` writes it).
    #[arg(long, default_value = "corpus/mining/advisories.toml")]
    pub advisories: PathBuf,
    /// Roots whose crates' changelogs are mined too (each holds crates/<crate>/crate.toml
    /// naming a `mutate` release and releases/<crate>-<version>/ as `corpus fetch` brings
    /// them), e.g. `harvested`.
    #[arg(long = "changelogs", value_name = "ROOT")]
    pub changelog_roots: Vec<PathBuf>,
    /// The cache of crates.io's index files (default: ~/.cache/testspace/crates-index).
    #[arg(long)]
    pub index_cache: Option<PathBuf>,
    /// The folder to write candidates.toml and rejected.toml into.
    #[arg(long, default_value = DEFAULT_OUT)]
    pub out: PathBuf,
}

/// Runs `testspace corpus advisories`.
pub fn run_advisories(args: &AdvisoriesArgs) -> anyhow::Result<()> {
    let commit = match &args.commit {
        Some(commit) => commit.clone(),
        None => git_head(&args.database)?,
    };
    let advisories = read_database(&args.database)?;
    let snapshot = Snapshot {
        source: SnapshotSource {
            repository: "https://github.com/rustsec/advisory-db".to_string(),
            commit,
            read: crate::kernel::time::utc_date(),
        },
        advisories,
    };
    let out = &args.out;
    let ours = std::fs::read_to_string(out)
        .map(|text| text.starts_with(SNAPSHOT_HEADER))
        .unwrap_or(true);
    if !ours {
        bail!(
            "{}: it exists and was not written by `testspace corpus advisories`; testspace never overwrites what it did not write: write elsewhere with --out",
            out.display()
        );
    }
    let folder = out.parent().filter(|p| !p.as_os_str().is_empty());
    let mut staged = StagedFiles::new(folder.unwrap_or(Path::new(".")))?;
    let name = out.file_name().context("--out names no file")?;
    staged.write(&name.to_string_lossy(), snapshot_text(&snapshot))?;
    staged.commit()?;
    println!(
        "{}: {} advisories of {} crates, advisory-db at {}",
        out.display(),
        snapshot.advisories.len(),
        snapshot
            .advisories
            .iter()
            .map(|a| &a.package)
            .collect::<std::collections::BTreeSet<_>>()
            .len(),
        snapshot.source.commit
    );
    Ok(())
}

fn git_head(database: &Path) -> anyhow::Result<String> {
    let output = Command::new("git")
        .arg("-C")
        .arg(database)
        .args(["rev-parse", "HEAD"])
        .output()
        .context("running git")?;
    if !output.status.success() {
        bail!(
            "{}: not a git checkout, so its commit is unknown: give it with --commit",
            database.display()
        );
    }
    Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
}

/// The changelog of a release folder: the first of the usual names that exists.
fn changelog_of(release: &Path) -> Option<PathBuf> {
    [
        "CHANGELOG.md",
        "CHANGES.md",
        "RELEASES.md",
        "HISTORY.md",
        "NEWS.md",
        "CHANGELOG",
    ]
    .iter()
    .map(|name| release.join(name))
    .find(|path| path.is_file())
}

/// Runs `testspace corpus candidates`.
pub fn run_candidates(args: &CandidatesArgs) -> anyhow::Result<()> {
    let default = args.out == Path::new(DEFAULT_OUT);
    OutputPlace::Folder(&args.out).check(crate::corpus::mine::COMMAND, default)?;
    let snapshot = read_snapshot(&args.advisories)?;
    let index = Index::new(
        &args
            .index_cache
            .clone()
            .unwrap_or_else(Index::default_cache),
    );
    let mut mining = Mining::default();
    mining.add_advisories(&snapshot, &index, |krate| {
        crate::kernel::stderr_line!("releases of {krate}")
    })?;
    let mut from = format!(
        "{} (RustSec advisory-db at {}, read {})",
        args.advisories.display(),
        &snapshot.source.commit[..snapshot.source.commit.len().min(12)],
        snapshot.source.read
    );
    for root in &args.changelog_roots {
        let changelogs = mine_changelogs(root, &index, &mut mining)?;
        from.push_str(&format!(
            " and the changelogs of {changelogs} crates under {}",
            root.display()
        ));
    }
    mining.write(&args.out, &from, default)?;
    println!(
        "{}: {} candidates from {} crates, {} rejected",
        args.out.display(),
        mining.candidates.len(),
        mining
            .candidates
            .iter()
            .map(|c| &c.krate)
            .collect::<std::collections::BTreeSet<_>>()
            .len(),
        mining.rejections.len()
    );
    for (key, count) in mining.rejection_counts() {
        println!("  rejected, {key}: {count}");
    }
    Ok(())
}

/// Mines the changelog of each crate of `root` that names a `mutate` release; returns how
/// many changelogs were read (a crate without one is said on stderr).
fn mine_changelogs(root: &Path, index: &Index, mining: &mut Mining) -> anyhow::Result<usize> {
    let corpus = crate::corpus::Corpus::read(root)?;
    let mut read = 0;
    for krate in &corpus.crates {
        let Some(version) = &krate.mutate else {
            continue;
        };
        let release = root
            .join("releases")
            .join(format!("{}-{version}", krate.name));
        if !release.is_dir() {
            bail!(
                "{}: missing: run `testspace corpus fetch {}` first",
                release.display(),
                root.display()
            );
        }
        let Some(file) = changelog_of(&release) else {
            crate::kernel::stderr_line!("{} {version}: no changelog in its package", krate.name);
            continue;
        };
        let text = std::fs::read_to_string(&file)
            .with_context(|| format!("reading {}", file.display()))?;
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        mining.add_changelog(
            &krate.name,
            &format!("{name} of {} {version}", krate.name),
            &text,
            index,
        )?;
        read += 1;
    }
    Ok(read)
}
