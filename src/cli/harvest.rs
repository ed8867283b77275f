//! `testspace harvest`: a crate's public types as subjects (`testspace-harvest`): a wrapper
//! file and a test context per type, written into a new folder for review.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, bail};
use clap::Args;
use testspace_harvest::{TypePlan, context_file, plan_type, read_api, subject_file};

/// Arguments of `testspace harvest`.
#[derive(Debug, Args)]
pub struct HarvestArgs {
    /// The crate's folder (its `Cargo.toml` and `src/lib.rs`), e.g. one `corpus fetch`
    /// brought into `corpus/releases/`.
    pub source: PathBuf,
    /// The new folder to write `subject.rs` and a `context-<Subject>.toml` per subject into;
    /// refused when it exists.
    #[arg(long)]
    pub out: PathBuf,
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
    let (name, version) = package(&args.source)?;
    let release = format!("{name} {version}");
    let krate = name.replace('-', "_");
    let api = read_api(&args.source).with_context(|| format!("harvesting {release}"))?;
    let plans: Vec<TypePlan> = api
        .types
        .iter()
        .map(|t| plan_type(&api, &krate, t, None))
        .collect();
    print!("{}", summary(&release, &plans));
    let made: Vec<&TypePlan> = plans.iter().filter(|p| p.refused.is_none()).collect();
    if made.is_empty() {
        bail!(
            "{release}: none of its {} public types can be a subject (reasons above)",
            plans.len()
        );
    }
    if args.out.exists() {
        bail!(
            "{}: exists; harvest writes into a new folder only",
            args.out.display()
        );
    }
    let mut files = vec![("subject.rs".to_string(), subject_file(&release, &plans))];
    for plan in &made {
        files.push((
            format!("context-{}.toml", plan.wrapper),
            context_file(&release, plan),
        ));
    }
    write_new_folder(&args.out, &files)?;
    println!("wrote {} files into {}", files.len(), args.out.display());
    Ok(())
}

/// The package name and version in `source`'s `Cargo.toml`.
fn package(source: &Path) -> anyhow::Result<(String, String)> {
    let manifest = source.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest)
        .with_context(|| format!("{}: cannot be read", manifest.display()))?;
    let table: toml::Table = toml::from_str(&text)
        .with_context(|| format!("{}: is not a TOML manifest", manifest.display()))?;
    let field = |key: &str| {
        table
            .get("package")
            .and_then(|p| p.get(key))
            .and_then(|v| v.as_str())
            .map(str::to_string)
            .with_context(|| format!("{}: field `package.{key}` is missing", manifest.display()))
    };
    Ok((field("name")?, field("version")?))
}

/// One line per public type: its subject and method counts, or why it has none.
fn summary(release: &str, plans: &[TypePlan]) -> String {
    let mut out = format!("{release}: {} public types\n", plans.len());
    for plan in plans {
        let _ = match &plan.refused {
            Some(reason) => writeln!(out, "  {:<40} no subject: {reason}", plan.path),
            None => writeln!(
                out,
                "  {:<40} {} ({} constructors, {} methods, {} skipped)",
                plan.path,
                plan.wrapper,
                plan.constructors(),
                plan.methods.len() - plan.constructors(),
                plan.skipped.len()
            ),
        };
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
