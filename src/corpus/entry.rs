//! One crate of the corpus: `crates/<crate>/crate.toml`, read and checked, every error
//! located by file, line and field.
//!
//! ```toml
//! crate = "smallvec"                 # the crates.io package, also the folder's name
//! summary = "A Vec with inline storage for its first items."
//! repository = "https://github.com/servo/rust-smallvec"
//! subjects = ["SmallVecOfInts"]      # the wrapper types of subject.rs
//!
//! [checksums]                        # sha256 of each release used, as crates.io's index has it
//! "1.6.0" = "1a55ca5f…"
//! "1.6.1" = "fe0f37c9…"
//!
//! [[fault]]
//! id = "smallvec-insert-many-overflow"
//! subject = "SmallVecOfInts"
//! buggy = "1.6.0"                    # the last release with the fault
//! fixed = "1.6.1"                    # the first without it: gold
//! kind = "memory"                    # panic | wrong-result | memory | hang
//! records = ["RUSTSEC-2021-0003", "https://github.com/servo/rust-smallvec/issues/252"]
//! summary = "…"
//! reproduction = "…"                 # optional: the call sequence that shows it
//! ```
//!
//! A crate may also name one release whose own code is mutated (`mutate = "1.6.1"`): its
//! mutant schemata and coverage copies are built beside it (docs/harvest.md), its compiling
//! mutants listed in the crate's `mutants.toml` as `testspace harvest` writes it, and each
//! subject becomes a unit `Subject@version+mutants` whose targets are those mutants. A crate
//! with no faults is a crate harvested for its mutants only.
//!
//! `corpus fetch` writes a coverage copy of each fixed release, through which gold runs. A
//! fixed release whose copy cannot serve is named with the reason:
//!
//! ```toml
//! [no-coverage]
//! "1.6.0" = "its coverage copy does not compile: …"
//! ```

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::kernel::file::{FileError, LoadError, read_source};

/// What a fault does on the buggy release.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FaultKind {
    /// A panic where the fixed release returns.
    Panic,
    /// A different result.
    WrongResult,
    /// Memory corrupted, read out of bounds or freed twice.
    Memory,
    /// No end, or no end in reasonable time.
    Hang,
}

impl FaultKind {
    /// The name at the edges.
    pub fn name(self) -> &'static str {
        match self {
            Self::Panic => "panic",
            Self::WrongResult => "wrong-result",
            Self::Memory => "memory",
            Self::Hang => "hang",
        }
    }
}

/// A real fault: a pair of published releases and the public record of the fix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// Unique in the corpus, kebab-case, starting with the crate's name.
    pub id: String,
    /// The wrapper type that reaches it.
    pub subject: String,
    /// The last release with the fault.
    pub buggy: String,
    /// The first release without it.
    pub fixed: String,
    /// What it does.
    pub kind: FaultKind,
    /// Advisory ids, issue, pull request or changelog addresses.
    pub records: Vec<String>,
    /// One sentence.
    pub summary: String,
    /// The call sequence that shows it, as found when it was added (informative).
    pub reproduction: Option<String>,
}

/// One crate of the corpus, as its `crate.toml` declares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrateEntry {
    /// The crates.io package.
    pub name: String,
    /// Its folder (`crates/<name>`).
    pub folder: PathBuf,
    /// One sentence.
    pub summary: String,
    /// Where its source is developed.
    pub repository: String,
    /// The wrapper types of `subject.rs`.
    pub subjects: Vec<String>,
    /// sha256 of each release's package, by version.
    pub checksums: BTreeMap<String, String>,
    /// Its faults, in file order.
    pub faults: Vec<Fault>,
    /// The release whose own code is mutated, if any.
    pub mutate: Option<String>,
    /// The fixed releases without a coverage copy, each with the reason.
    pub no_coverage: BTreeMap<String, String>,
}

impl CrateEntry {
    /// The releases its faults name and the one it mutates, in version order.
    pub fn releases(&self) -> Vec<&str> {
        let mut releases: Vec<&str> = self
            .faults
            .iter()
            .flat_map(|f| [f.buggy.as_str(), f.fixed.as_str()])
            .chain(self.mutate.as_deref())
            .collect();
        releases.sort_by_key(|v| version_key(v));
        releases.dedup();
        releases
    }

    /// The wrapper source, `subject.rs` in its folder.
    pub fn subject_file(&self) -> PathBuf {
        self.folder.join("subject.rs")
    }

    /// The catalog of the mutated release's mutants, `mutants.toml` in its folder.
    pub fn mutants_file(&self) -> PathBuf {
        self.folder.join("mutants.toml")
    }

    /// The releases that fixed the own faults of `subject` at `release`, in order: the fixed
    /// release Y of each fault `release` → Y of that subject, then those of Y's own faults,
    /// and so on. Empty when `release` is no fault's buggy release.
    pub fn corrections(&self, subject: &str, release: &str) -> Vec<String> {
        let mut releases: Vec<String> = Vec::new();
        let mut frontier = vec![release.to_string()];
        while let Some(gold) = frontier.pop() {
            for fault in &self.faults {
                if fault.subject == subject
                    && fault.buggy == gold
                    && !releases.contains(&fault.fixed)
                {
                    releases.push(fault.fixed.clone());
                    frontier.push(fault.fixed.clone());
                }
            }
        }
        releases
    }
}

/// A version's numeric parts, for ordering (`1.10.0` after `1.9.2`).
pub(crate) fn version_key(version: &str) -> (Vec<u64>, String) {
    let (core, rest) = version.split_once(['-', '+']).unwrap_or((version, ""));
    let parts = core.split('.').map(|p| p.parse().unwrap_or(0)).collect();
    (parts, rest.to_string())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CrateDecl {
    #[serde(rename = "crate")]
    name: Spanned<String>,
    summary: Spanned<String>,
    repository: Spanned<String>,
    subjects: Spanned<Vec<Spanned<String>>>,
    #[serde(default)]
    checksums: BTreeMap<Spanned<String>, Spanned<String>>,
    #[serde(default, rename = "fault")]
    faults: Vec<FaultDecl>,
    #[serde(default)]
    mutate: Option<Spanned<String>>,
    #[serde(default, rename = "no-coverage")]
    no_coverage: BTreeMap<Spanned<String>, Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FaultDecl {
    id: Spanned<String>,
    subject: Spanned<String>,
    buggy: Spanned<String>,
    fixed: Spanned<String>,
    kind: FaultKind,
    records: Spanned<Vec<Spanned<String>>>,
    summary: Spanned<String>,
    #[serde(default)]
    reproduction: Option<String>,
}

/// Reads and checks `crate.toml` in `folder`.
///
/// # Errors
/// A file that cannot be read, or one that is not a valid crate entry: every error names
/// the file, the line and the field.
pub fn read_entry(folder: &Path) -> Result<CrateEntry, LoadError> {
    let path = folder.join("crate.toml");
    let source = read_source(&path)?;
    Ok(parse_entry(folder, &path, &source)?)
}

/// Parses and checks a crate entry's text (`path` for messages).
///
/// # Errors
/// The first thing wrong, located.
pub fn parse_entry(folder: &Path, path: &Path, source: &str) -> Result<CrateEntry, FileError> {
    let decl: CrateDecl =
        toml::from_str(source).map_err(|e| FileError::from_toml(path, source, &e))?;
    let err = |span: Range<usize>, field: &str, message: String| {
        FileError::at(path, source, Some(span), Some(field), message)
    };
    let folder_name = folder.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if decl.name.get_ref() != folder_name {
        return Err(err(
            decl.name.span(),
            "crate",
            format!(
                "the crate is `{}` but its folder is `{folder_name}`: name the folder after the crate",
                decl.name.get_ref()
            ),
        ));
    }
    for (field, text) in [("summary", &decl.summary), ("repository", &decl.repository)] {
        if text.get_ref().trim().is_empty() {
            return Err(err(text.span(), field, "must not be empty".into()));
        }
    }
    let subjects = check_subjects(&decl, &err)?;
    let checksums = check_checksums(&decl, &err)?;
    let mut faults = Vec::new();
    for (i, fault) in decl.faults.iter().enumerate() {
        faults.push(check_fault(&decl, fault, i, &subjects, &checksums, &err)?);
    }
    if let Some(mutate) = &decl.mutate
        && !checksums.contains_key(mutate.get_ref())
    {
        return Err(err(
            mutate.span(),
            "mutate",
            format!(
                "release `{}` has no checksum under [checksums]",
                mutate.get_ref()
            ),
        ));
    }
    if decl.faults.is_empty() && decl.mutate.is_none() {
        return Err(err(
            decl.name.span(),
            "fault",
            "a crate holds at least one [[fault]], or names the release it mutates (`mutate`)"
                .into(),
        ));
    }
    for (version, checksum) in &decl.checksums {
        let mutated = decl.mutate.as_ref().map(Spanned::get_ref) == Some(version.get_ref());
        if !mutated
            && !faults
                .iter()
                .any(|f: &Fault| &f.buggy == version.get_ref() || &f.fixed == version.get_ref())
        {
            return Err(err(
                checksum.span(),
                &format!("checksums.\"{}\"", version.get_ref()),
                "no fault names this release and it is not the one mutated: remove it or correct the version".into(),
            ));
        }
    }
    for (version, why) in &decl.no_coverage {
        let field = format!("no-coverage.\"{}\"", version.get_ref());
        if !faults.iter().any(|f| &f.fixed == version.get_ref()) {
            return Err(err(
                version.span(),
                &field,
                "no fault is fixed in this release: only a fixed release has a coverage copy"
                    .into(),
            ));
        }
        if why.get_ref().trim().is_empty() {
            return Err(err(
                why.span(),
                &field,
                "say why the release has no coverage copy".into(),
            ));
        }
    }
    Ok(CrateEntry {
        name: decl.name.into_inner(),
        folder: folder.to_path_buf(),
        summary: decl.summary.into_inner(),
        repository: decl.repository.into_inner(),
        subjects,
        checksums,
        faults,
        mutate: decl.mutate.map(Spanned::into_inner),
        no_coverage: decl
            .no_coverage
            .into_iter()
            .map(|(v, why)| (v.into_inner(), why.into_inner()))
            .collect(),
    })
}

type Located<'a> = dyn Fn(Range<usize>, &str, String) -> FileError + 'a;

fn check_subjects(decl: &CrateDecl, err: &Located) -> Result<Vec<String>, FileError> {
    if decl.subjects.get_ref().is_empty() {
        return Err(err(
            decl.subjects.span(),
            "subjects",
            "name at least one wrapper type of subject.rs".into(),
        ));
    }
    let mut subjects: Vec<String> = Vec::new();
    for subject in decl.subjects.get_ref() {
        let name = subject.get_ref();
        if !is_identifier(name) {
            return Err(err(
                subject.span(),
                "subjects",
                format!("`{name}` is not a Rust type name"),
            ));
        }
        if subjects.contains(name) {
            return Err(err(
                subject.span(),
                "subjects",
                format!("`{name}` is listed twice"),
            ));
        }
        subjects.push(name.clone());
    }
    Ok(subjects)
}

fn check_checksums(decl: &CrateDecl, err: &Located) -> Result<BTreeMap<String, String>, FileError> {
    let mut checksums = BTreeMap::new();
    for (version, checksum) in &decl.checksums {
        let field = format!("checksums.\"{}\"", version.get_ref());
        if !is_version(version.get_ref()) {
            return Err(err(
                version.span(),
                &field,
                format!("`{}` is not a release version (x.y.z)", version.get_ref()),
            ));
        }
        let hex = checksum.get_ref();
        if hex.len() != 64
            || !hex
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        {
            return Err(err(
                checksum.span(),
                &field,
                "a checksum is 64 lower-case hexadecimal digits (the `cksum` of crates.io's index)"
                    .into(),
            ));
        }
        checksums.insert(version.get_ref().clone(), hex.clone());
    }
    Ok(checksums)
}

fn check_fault(
    decl: &CrateDecl,
    fault: &FaultDecl,
    index: usize,
    subjects: &[String],
    checksums: &BTreeMap<String, String>,
    err: &Located,
) -> Result<Fault, FileError> {
    let at = |field: &str| format!("fault[{index}].{field}");
    let id = fault.id.get_ref();
    let prefix = format!("{}-", decl.name.get_ref());
    if !id.starts_with(&prefix)
        || !id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    {
        return Err(err(
            fault.id.span(),
            &at("id"),
            format!("`{id}`: a fault's id is kebab-case and starts with `{prefix}`"),
        ));
    }
    if !subjects.contains(fault.subject.get_ref()) {
        return Err(err(
            fault.subject.span(),
            &at("subject"),
            format!(
                "`{}` is not one of the crate's subjects ({})",
                fault.subject.get_ref(),
                subjects.join(", ")
            ),
        ));
    }
    for (field, version) in [("buggy", &fault.buggy), ("fixed", &fault.fixed)] {
        if !is_version(version.get_ref()) {
            return Err(err(
                version.span(),
                &at(field),
                format!("`{}` is not a release version (x.y.z)", version.get_ref()),
            ));
        }
        if !checksums.contains_key(version.get_ref()) {
            return Err(err(
                version.span(),
                &at(field),
                format!(
                    "release {} has no checksum: add `\"{}\" = \"<sha256>\"` to [checksums]",
                    version.get_ref(),
                    version.get_ref()
                ),
            ));
        }
    }
    if version_key(fault.buggy.get_ref()) >= version_key(fault.fixed.get_ref()) {
        return Err(err(
            fault.fixed.span(),
            &at("fixed"),
            format!(
                "the fixing release {} must come after the buggy release {}",
                fault.fixed.get_ref(),
                fault.buggy.get_ref()
            ),
        ));
    }
    let records: Vec<String> = fault
        .records
        .get_ref()
        .iter()
        .map(|r| r.get_ref().trim().to_string())
        .collect();
    if records.is_empty() || records.iter().any(String::is_empty) {
        return Err(err(
            fault.records.span(),
            &at("records"),
            "name the fault's public record: an advisory id, or the address of the issue, pull request or changelog entry"
                .into(),
        ));
    }
    if fault.summary.get_ref().trim().is_empty() {
        return Err(err(
            fault.summary.span(),
            &at("summary"),
            "must not be empty".into(),
        ));
    }
    Ok(Fault {
        id: id.clone(),
        subject: fault.subject.get_ref().clone(),
        buggy: fault.buggy.get_ref().clone(),
        fixed: fault.fixed.get_ref().clone(),
        kind: fault.kind,
        records,
        summary: fault.summary.get_ref().trim().to_string(),
        reproduction: fault.reproduction.clone(),
    })
}

fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `x.y.z`, optionally with a pre-release or build suffix.
fn is_version(version: &str) -> bool {
    let core = version.split(['-', '+']).next().unwrap_or("");
    let parts: Vec<&str> = core.split('.').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"crate = "smallvec"
summary = "A Vec with inline storage."
repository = "https://github.com/servo/rust-smallvec"
subjects = ["SmallVecOfInts"]

[checksums]
"1.6.0" = "1a55ca5f3b68e41c979bf8c46a6f1da892ca4db8f94023ce0bd32407573b1ac0"
"1.6.1" = "fe0f37c9e8f3c5a4a66ad655a93c74daac4ad00c441533bf5c6e7990bb42604e"

[[fault]]
id = "smallvec-insert-many-overflow"
subject = "SmallVecOfInts"
buggy = "1.6.0"
fixed = "1.6.1"
kind = "memory"
records = ["RUSTSEC-2021-0003"]
summary = "insert_many writes past the buffer."
"#;

    fn parse(source: &str) -> Result<CrateEntry, FileError> {
        parse_entry(
            Path::new("corpus/crates/smallvec"),
            Path::new("corpus/crates/smallvec/crate.toml"),
            source,
        )
    }

    #[test]
    fn a_good_entry_reads_with_its_releases_in_version_order() {
        let entry = parse(GOOD).unwrap();
        assert_eq!(entry.releases(), ["1.6.0", "1.6.1"]);
        assert_eq!(entry.faults[0].kind, FaultKind::Memory);
        assert_eq!(
            entry.subject_file(),
            Path::new("corpus/crates/smallvec/subject.rs")
        );
    }

    #[test]
    fn a_release_without_coverage_is_a_fixed_release_and_says_why() {
        let entry = parse(&format!(
            "{GOOD}\n[no-coverage]\n\"1.6.1\" = \"does not compile\"\n"
        ))
        .unwrap();
        assert_eq!(entry.no_coverage["1.6.1"], "does not compile");
        let buggy = parse(&format!("{GOOD}\n[no-coverage]\n\"1.6.0\" = \"x\"\n")).unwrap_err();
        assert_eq!(buggy.field, "no-coverage.\"1.6.0\"", "{buggy}");
        assert!(
            buggy
                .to_string()
                .contains("no fault is fixed in this release"),
            "{buggy}"
        );
        let silent = parse(&format!("{GOOD}\n[no-coverage]\n\"1.6.1\" = \" \"\n")).unwrap_err();
        assert!(silent.to_string().contains("say why"), "{silent}");
    }

    #[test]
    fn a_mutated_release_is_a_release_of_the_crate_and_needs_a_checksum() {
        let mutated = GOOD.replace(
            "subjects = [\"SmallVecOfInts\"]",
            "subjects = [\"SmallVecOfInts\"]\nmutate = \"1.6.2\"",
        );
        let e = parse(&mutated).unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (5, "mutate"), "{e}");
        let with_checksum = mutated.replace(
            "[checksums]\n",
            "[checksums]\n\"1.6.2\" = \"1a55ca5f3b68e41c979bf8c46a6f1da892ca4db8f94023ce0bd32407573b1ac0\"\n",
        );
        let entry = parse(&with_checksum).unwrap();
        assert_eq!(entry.mutate.as_deref(), Some("1.6.2"));
        assert_eq!(entry.releases(), ["1.6.0", "1.6.1", "1.6.2"]);
        assert_eq!(
            entry.mutants_file(),
            Path::new("corpus/crates/smallvec/mutants.toml")
        );
        // A crate of mutants only: no fault, one release.
        let start = with_checksum.find("[[fault]]").unwrap();
        let only = with_checksum[..start]
            .replace("\"1.6.0\" = \"1a55ca5f3b68e41c979bf8c46a6f1da892ca4db8f94023ce0bd32407573b1ac0\"\n", "")
            .replace("\"1.6.1\" = \"fe0f37c9e8f3c5a4a66ad655a93c74daac4ad00c441533bf5c6e7990bb42604e\"\n", "");
        let entry = parse(&only).unwrap();
        assert_eq!(entry.releases(), ["1.6.2"]);
        // Neither a fault nor a mutated release: nothing to test.
        let nothing = GOOD[..GOOD.find("[[fault]]").unwrap()].to_string();
        let nothing = nothing
            .replace("\"1.6.0\" = \"1a55ca5f3b68e41c979bf8c46a6f1da892ca4db8f94023ce0bd32407573b1ac0\"\n", "")
            .replace("\"1.6.1\" = \"fe0f37c9e8f3c5a4a66ad655a93c74daac4ad00c441533bf5c6e7990bb42604e\"\n", "");
        let e = parse(&nothing).unwrap_err();
        assert_eq!(e.field, "fault", "{e}");
    }

    #[test]
    fn versions_order_by_their_numbers() {
        assert!(version_key("1.10.0") > version_key("1.9.2"));
        assert!(version_key("0.6.14") < version_key("1.0.0"));
    }

    /// Each broken entry names its line and field.
    #[test]
    fn every_error_is_located() {
        let cases = [
            (
                GOOD.replace("records = [\"RUSTSEC-2021-0003\"]", "records = []"),
                16,
                "fault[0].records",
            ),
            (
                GOOD.replace("fixed = \"1.6.1\"", "fixed = \"1.7.0\""),
                14,
                "fault[0].fixed",
            ),
            (
                GOOD.replace("buggy = \"1.6.0\"", "buggy = \"1.6.2\""),
                13,
                "fault[0].buggy",
            ),
            (
                GOOD.replace("kind = \"memory\"", "kind = \"slow\""),
                15,
                "fault.kind",
            ),
            (
                GOOD.replace("subject = \"SmallVecOfInts\"", "subject = \"Other\""),
                12,
                "fault[0].subject",
            ),
            (
                GOOD.replace("id = \"smallvec-", "id = \"sv-"),
                11,
                "fault[0].id",
            ),
            (
                GOOD.replace("crate = \"smallvec\"", "crate = \"tinyvec\""),
                1,
                "crate",
            ),
            (
                GOOD.replace("\"fe0f37c9", "\"FE0F37C9"),
                8,
                "checksums.\"1.6.1\"",
            ),
        ];
        for (source, line, field) in cases {
            let e = parse(&source).unwrap_err();
            assert_eq!((e.line, e.field.as_str()), (line, field), "{e}");
        }
        let swapped = GOOD
            .replace("buggy = \"1.6.0\"", "buggy = \"1.6.X\"")
            .replace("fixed = \"1.6.1\"", "fixed = \"1.6.0\"")
            .replace("buggy = \"1.6.X\"", "buggy = \"1.6.1\"");
        let e = parse(&swapped).unwrap_err();
        assert_eq!(e.field, "fault[0].fixed", "{e}");
        let unused = GOOD.replace("[checksums]\n", "[checksums]\n\"1.5.0\" = \"1a55ca5f3b68e41c979bf8c46a6f1da892ca4db8f94023ce0bd32407573b1ac0\"\n");
        let e = parse(&unused).unwrap_err();
        assert_eq!(e.field, "checksums.\"1.5.0\"", "{e}");
    }

    fn chained(id: &str, subject: &str, buggy: &str, fixed: &str) -> Fault {
        Fault {
            id: id.into(),
            subject: subject.into(),
            buggy: buggy.into(),
            fixed: fixed.into(),
            kind: FaultKind::WrongResult,
            records: vec!["r".into()],
            summary: "s".into(),
            reproduction: None,
        }
    }

    #[test]
    fn the_corrections_follow_the_chain_of_gold_s_own_faults_of_one_subject() {
        let krate = CrateEntry {
            name: "demo".into(),
            folder: PathBuf::from("corpus/crates/demo"),
            summary: "s".into(),
            repository: "r".into(),
            subjects: vec!["S".into(), "T".into()],
            checksums: Default::default(),
            mutate: None,
            no_coverage: Default::default(),
            faults: vec![
                chained("a", "S", "1.0.0", "1.0.1"),
                chained("b", "S", "1.0.1", "1.0.2"),
                chained("c", "S", "1.0.2", "1.0.3"),
                chained("d", "T", "1.0.1", "1.0.5"),
                chained("e", "S", "0.9.0", "1.0.0"),
            ],
        };
        assert_eq!(krate.corrections("S", "1.0.1"), ["1.0.2", "1.0.3"]);
        assert_eq!(krate.corrections("S", "1.0.2"), ["1.0.3"]);
        assert!(krate.corrections("S", "1.0.3").is_empty());
        assert!(
            krate.corrections("T", "1.0.5").is_empty(),
            "another subject's faults are not gold's"
        );
        assert_eq!(krate.corrections("S", "1.0.0"), ["1.0.1", "1.0.2", "1.0.3"]);
    }
}
