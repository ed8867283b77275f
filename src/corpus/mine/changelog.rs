//! Candidate faults from a crate's changelog: the entries under each released version's
//! heading that describe a fix, each version giving one candidate pair (the highest stable
//! release below it, that version) whose records are those entries. Pure.
//!
//! A heading is a Markdown heading (`#`…`######`) or a setext heading whose text holds a
//! version (`## [1.2.3] - 2024-01-01`, `### v1.2.3`, `1.2.3 (2024-01-01)`); an entry is a
//! list item (`-`, `*`, `+`) with its continuation lines. An entry describes a fix when it
//! names one (fix, bug, panic, crash, incorrect, wrong, overflow, unsound, undefined
//! behaviour, …) and is not about the project around the code (docs, typos, CI, clippy,
//! warnings, the build, the MSRV, tests, dependencies).

use semver::Version;

use super::index::Published;
use super::{Candidate, Origin};

/// One released version's section of a changelog.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    /// The version of its heading.
    pub version: Version,
    /// Its line in the changelog, from 1.
    pub line: usize,
    /// Its list entries, each on one line.
    pub entries: Vec<String>,
}

/// The first version in `text` (`v1.2.3`, `[1.2.3]`, `1.2.3`): three numeric parts, with a
/// pre-release or build suffix allowed.
fn version_in(text: &str) -> Option<Version> {
    text.split(|c: char| c.is_whitespace() || "[]()/,:;'\"`".contains(c))
        .map(|w| w.trim_start_matches(['v', 'V']))
        .find_map(|w| {
            let w = w.trim_end_matches('.');
            (w.split('.').count() >= 3).then(|| Version::parse(w).ok())?
        })
}

/// A heading line's text (`None`: not a heading); setext headings are found by the caller.
fn heading(line: &str) -> Option<&str> {
    let t = line.trim_start();
    let hashes = t.len() - t.trim_start_matches('#').len();
    (1..=6)
        .contains(&hashes)
        .then(|| t[hashes..].trim())
        .filter(|rest| !rest.is_empty())
}

fn is_underline(line: &str) -> bool {
    let t = line.trim();
    t.len() >= 3 && (t.chars().all(|c| c == '=') || t.chars().all(|c| c == '-'))
}

/// A list item's text (`None`: not a list item).
fn item(line: &str) -> Option<&str> {
    let t = line.trim_start();
    ["- ", "* ", "+ "]
        .iter()
        .find_map(|marker| t.strip_prefix(marker))
        .map(str::trim)
}

/// The sections of a changelog whose headings name versions, in the file's order.
pub fn sections(text: &str) -> Vec<Section> {
    let lines: Vec<&str> = text.lines().collect();
    let mut sections: Vec<Section> = Vec::new();
    let mut k = 0;
    while k < lines.len() {
        let line = lines[k];
        let setext = lines.get(k + 1).is_some_and(|next| is_underline(next))
            && !line.trim().is_empty()
            && item(line).is_none();
        let title = heading(line).or(setext.then_some(line.trim()));
        if let Some(version) = title.and_then(version_in) {
            sections.push(Section {
                version,
                line: k + 1,
                entries: Vec::new(),
            });
            k += if setext { 2 } else { 1 };
            continue;
        }
        if title.is_some() {
            k += if setext { 2 } else { 1 };
            continue;
        }
        if let Some(section) = sections.last_mut() {
            if let Some(text) = item(line) {
                section.entries.push(text.to_string());
            } else if !line.trim().is_empty()
                && line.starts_with([' ', '\t'])
                && let Some(last) = section.entries.last_mut()
            {
                last.push(' ');
                last.push_str(line.trim());
            }
        }
        k += 1;
    }
    sections
}

/// Word stems of a fix (a word of the entry starts with one).
const FIX_STEMS: [&str; 14] = [
    "fix",
    "bug",
    "panic",
    "crash",
    "incorrect",
    "wrong",
    "overflow",
    "underflow",
    "unsound",
    "soundness",
    "segfault",
    "hang",
    "regression",
    "miscompute",
];

/// Phrases of a fix (the entry's words, joined by single spaces, hold one).
const FIX_PHRASES: [&str; 5] = [
    "undefined behavio",
    "out of bounds",
    "infinite loop",
    "use after free",
    "double free",
];

/// Word stems of work around the code (docs, CI, build, tests, dependencies).
const AROUND_STEMS: [&str; 16] = [
    "doc",
    "typo",
    "readme",
    "changelog",
    "clippy",
    "warning",
    "lint",
    "msrv",
    "compil",
    "depend",
    "example",
    "benchmark",
    "toolchain",
    "comment",
    "licen",
    "repositor",
];

/// Nouns after which `fixed` is an adjective (`fixed capacity`), not a fix.
const FIXED_NOUNS: [&str; 7] = [
    "size",
    "capacity",
    "length",
    "point",
    "width",
    "precision",
    "array",
];

/// Whole words of work around the code.
const AROUND_WORDS: [&str; 10] = [
    "ci", "build", "builds", "building", "test", "tests", "testing", "repo", "url", "urls",
];

/// The entry's words, lower case (letters, digits and `_`).
fn words(entry: &str) -> Vec<String> {
    entry
        .to_lowercase()
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// Whether an entry describes a fix of the code (see the module's rule). A label such as
/// `**Fixes**:`, which only opens a list, describes nothing.
pub fn describes_fix(entry: &str) -> bool {
    let words = words(entry);
    if entry.trim_end().ends_with(':') && words.len() <= 3 {
        return false;
    }
    let joined = format!(" {} ", words.join(" "));
    let adjective = |k: usize| {
        words[k] == "fixed"
            && words
                .get(k + 1)
                .is_some_and(|n| FIXED_NOUNS.contains(&n.as_str()))
    };
    let fix = (0..words.len())
        .any(|k| !adjective(k) && FIX_STEMS.iter().any(|s| words[k].starts_with(s)))
        || words.iter().any(|w| w == "ub")
        || FIX_PHRASES
            .iter()
            .any(|p| joined.contains(&format!(" {p}")));
    let around = words.iter().any(|w| {
        AROUND_STEMS.iter().any(|s| w.starts_with(s)) || AROUND_WORDS.iter().any(|x| w == x)
    });
    fix && !around
}

/// Why a changelog section gives no candidate.
#[derive(Clone, Debug, PartialEq)]
pub enum SectionRejection {
    /// Its version is not a published stable release.
    NotPublished,
    /// No published stable release comes before it.
    FirstRelease,
}

impl SectionRejection {
    /// A short key for counting.
    pub fn key(&self) -> &'static str {
        match self {
            SectionRejection::NotPublished => "not-published",
            SectionRejection::FirstRelease => "first-release",
        }
    }
}

impl std::fmt::Display for SectionRejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SectionRejection::NotPublished => {
                write!(f, "its version is not a published stable release")
            }
            SectionRejection::FirstRelease => {
                write!(f, "no published stable release comes before it")
            }
        }
    }
}

/// A changelog section with fix entries, as a candidate or a rejection.
pub type SectionOutcome = (Section, Result<Candidate, SectionRejection>);

/// The candidates of crate `krate`'s changelog (`file` names it in the records, e.g.
/// `CHANGELOG.md of arrayvec 0.7.6`): one per section with at least one fix entry.
pub fn changelog_pairs(
    krate: &str,
    file: &str,
    text: &str,
    releases: &[Published],
) -> Vec<SectionOutcome> {
    let mut stable: Vec<&Published> = releases
        .iter()
        .filter(|r| r.version.pre.is_empty())
        .collect();
    stable.sort_by(|a, b| a.version.cmp(&b.version));
    let mut outcomes = Vec::new();
    for section in sections(text) {
        let fixes: Vec<&String> = section
            .entries
            .iter()
            .filter(|e| describes_fix(e))
            .collect();
        if fixes.is_empty() {
            continue;
        }
        let Some(fixed) = stable.iter().find(|r| r.version == section.version) else {
            outcomes.push((section, Err(SectionRejection::NotPublished)));
            continue;
        };
        let Some(buggy) = stable.iter().rev().find(|r| r.version < fixed.version) else {
            outcomes.push((section, Err(SectionRejection::FirstRelease)));
            continue;
        };
        let mut records = vec![format!("{file}, line {}", section.line)];
        records.extend(fixes.iter().map(|e| e.to_string()));
        let id = format!("{krate}-changelog-{}", fixed.version);
        let candidate = Candidate {
            records,
            hint: "unknown".to_string(),
            summary: fixes
                .iter()
                .map(|e| e.as_str())
                .collect::<Vec<_>>()
                .join(" | "),
            ..Candidate::pair(id, krate, buggy, fixed, Origin::Changelog)
        };
        outcomes.push((section, Ok(candidate)));
    }
    outcomes
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "# Changelog\n\n## [Unreleased]\n- Fix a panic in pop\n\n## [0.7.2] - 2024-01-01\n\n### Fixed\n- Fix `insert` writing past the end when the vector is full,\n  reported in #12.\n- Fix a typo in the docs.\n\n### Added\n* `retain_mut`\n\nv0.7.1\n------\n+ Bump MSRV to 1.51\n\n## 0.7.0\n- Initial release of the 0.7 line; fixes the overflow in `extend`.\n";

    #[test]
    fn headings_of_every_style_open_sections_and_continuations_join_entries() {
        let s = sections(TEXT);
        let versions: Vec<String> = s.iter().map(|x| x.version.to_string()).collect();
        assert_eq!(versions, ["0.7.2", "0.7.1", "0.7.0"]);
        assert_eq!(s[0].line, 6);
        assert_eq!(
            s[0].entries,
            [
                "Fix `insert` writing past the end when the vector is full, reported in #12.",
                "Fix a typo in the docs.",
                "`retain_mut`"
            ]
        );
        assert_eq!(s[1].entries, ["Bump MSRV to 1.51"]);
    }

    #[test]
    fn fixes_of_the_code_are_told_from_work_around_it() {
        assert!(describes_fix("Fix `insert` writing past the end"));
        assert!(describes_fix("`pop` no longer panics on an empty deque"));
        assert!(describes_fix("Soundness: unsound `Send` impl removed"));
        assert!(!describes_fix("Fix a typo in the docs."));
        assert!(!describes_fix("Fix clippy warnings"));
        assert!(!describes_fix("Add `retain_mut`"));
        assert!(
            !describes_fix("Changed the default capacity"),
            "`hang` is no stem of `changed`"
        );
        assert!(
            !describes_fix("Remove debug output"),
            "`bug` is no stem of `debug`"
        );
        assert!(
            describes_fix("Fix a panic in the builder"),
            "`builder` is not the build"
        );
        assert!(describes_fix("Avoid UB in `set_len`"));
        assert!(!describes_fix("Fix the CI build"));
        assert!(!describes_fix("**Fixes**:"), "a label opens a list");
        assert!(!describes_fix(
            "Fixed capacity implementations of `IndexMap`"
        ));
        assert!(!describes_fix("Fix outdated comment"));
        assert!(describes_fix("Fixed a bug in the fixed-size queue"));
        assert!(!describes_fix("Fix building without the standard library"));
    }

    #[test]
    fn each_section_with_fixes_gives_the_pair_before_it() {
        let releases: Vec<Published> = ["0.6.9", "0.7.0", "0.7.1", "0.7.2", "0.8.0-rc.1"]
            .iter()
            .map(|v| Published {
                version: Version::parse(v).unwrap(),
                checksum: format!("sum-{v}"),
                yanked: false,
            })
            .collect();
        let outcomes = changelog_pairs(
            "arrayvec",
            "CHANGELOG.md of arrayvec 0.7.6",
            TEXT,
            &releases,
        );
        assert_eq!(outcomes.len(), 2);
        let first = outcomes[0].1.as_ref().unwrap();
        assert_eq!(
            (first.buggy.as_str(), first.fixed.as_str()),
            ("0.7.1", "0.7.2")
        );
        assert_eq!(first.id, "arrayvec-changelog-0.7.2");
        assert_eq!(first.records[0], "CHANGELOG.md of arrayvec 0.7.6, line 6");
        assert_eq!(first.records.len(), 2, "the typo fix is not a record");
        let second = outcomes[1].1.as_ref().unwrap();
        assert_eq!(
            (second.buggy.as_str(), second.fixed.as_str()),
            ("0.6.9", "0.7.0")
        );
        assert!(!second.compatible);
        let lone = changelog_pairs("x", "C", "## 0.6.9\n- fix a bug\n", &releases);
        assert_eq!(lone[0].1, Err(SectionRejection::FirstRelease));
        let unpublished = changelog_pairs("x", "C", "## 9.9.9\n- fix a bug\n", &releases);
        assert_eq!(unpublished[0].1, Err(SectionRejection::NotPublished));
    }
}
