//! From an advisory and its crate's published releases to candidate faults: for each
//! patched requirement, the fixed release is the lowest stable release it matches and the
//! buggy release the highest stable release below it that is vulnerable (matches no
//! patched and no unaffected requirement, as `rustsec::advisory::Versions::is_vulnerable`
//! decides). What cannot give a pair is rejected with its reason. Pure.

use std::fmt;

use semver::{Version, VersionReq};

use super::advisory::Advisory;
use super::index::Published;
use super::{Candidate, Origin};

/// Why an advisory gives no candidate.
#[derive(Clone, Debug, PartialEq)]
pub enum AdvisoryRejection {
    /// Withdrawn by RustSec (the day).
    Withdrawn(String),
    /// An `unmaintained` or `notice` advisory: no fault is recorded.
    Informational(String),
    /// A malicious package, not a fault of its code.
    Malicious,
    /// Confined to platforms this workbench does not run on (Linux, x86-64).
    Platform(String),
    /// Only thread safety: a wrong `Send`/`Sync`, which needs threads to show.
    ThreadSafetyOnly,
    /// `patched = []`: no release has the fix.
    NoFix,
    /// The crate is not on crates.io.
    NotOnCratesIo,
    /// A requirement Cargo cannot read.
    BadRequirement(String),
    /// No published stable release matches any patched requirement.
    NoPublishedFix,
    /// No published stable release before the fix is vulnerable.
    NoVulnerableRelease,
}

impl AdvisoryRejection {
    /// A short key, the same for every rejection of one kind (for counting).
    pub fn key(&self) -> &'static str {
        match self {
            AdvisoryRejection::Withdrawn(_) => "withdrawn",
            AdvisoryRejection::Informational(_) => "informational",
            AdvisoryRejection::Malicious => "malicious",
            AdvisoryRejection::Platform(_) => "platform",
            AdvisoryRejection::ThreadSafetyOnly => "thread-safety",
            AdvisoryRejection::NoFix => "no-fix",
            AdvisoryRejection::NotOnCratesIo => "not-on-crates-io",
            AdvisoryRejection::BadRequirement(_) => "bad-requirement",
            AdvisoryRejection::NoPublishedFix => "no-published-fix",
            AdvisoryRejection::NoVulnerableRelease => "no-vulnerable-release",
        }
    }
}

impl fmt::Display for AdvisoryRejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AdvisoryRejection::Withdrawn(day) => write!(f, "withdrawn on {day}"),
            AdvisoryRejection::Informational(kind) => {
                write!(f, "informational ({kind}): it records no fault")
            }
            AdvisoryRejection::Malicious => write!(f, "a malicious package, not a fault"),
            AdvisoryRejection::Platform(which) => {
                write!(f, "confined to {which}; the workbench runs on Linux x86-64")
            }
            AdvisoryRejection::ThreadSafetyOnly => write!(
                f,
                "thread safety only (a wrong Send or Sync): a call sequence on one thread cannot show it"
            ),
            AdvisoryRejection::NoFix => write!(f, "no patched release (`patched = []`)"),
            AdvisoryRejection::NotOnCratesIo => write!(f, "the crate is not on crates.io"),
            AdvisoryRejection::BadRequirement(message) => write!(f, "{message}"),
            AdvisoryRejection::NoPublishedFix => {
                write!(
                    f,
                    "no published stable release matches a patched requirement"
                )
            }
            AdvisoryRejection::NoVulnerableRelease => write!(
                f,
                "no published stable release before the fix is vulnerable"
            ),
        }
    }
}

/// Why an advisory is out before its releases are read (`None`: read them).
pub fn screen(advisory: &Advisory) -> Option<AdvisoryRejection> {
    let has = |c: &str| advisory.categories.iter().any(|x| x == c);
    if !advisory.withdrawn.is_empty() {
        return Some(AdvisoryRejection::Withdrawn(advisory.withdrawn.clone()));
    }
    if matches!(advisory.informational.as_str(), "unmaintained" | "notice") {
        return Some(AdvisoryRejection::Informational(
            advisory.informational.clone(),
        ));
    }
    if has("malicious") {
        return Some(AdvisoryRejection::Malicious);
    }
    let os_ok = advisory.os.is_empty() || advisory.os.iter().any(|o| o == "linux");
    let arch_ok = advisory.arch.is_empty() || advisory.arch.iter().any(|a| a == "x86_64");
    if !os_ok || !arch_ok {
        let mut which = advisory.os.clone();
        which.extend(advisory.arch.iter().cloned());
        return Some(AdvisoryRejection::Platform(which.join(", ")));
    }
    if advisory.categories == ["thread-safety"] {
        return Some(AdvisoryRejection::ThreadSafetyOnly);
    }
    if advisory.patched.is_empty() {
        return Some(AdvisoryRejection::NoFix);
    }
    None
}

fn requirements(field: &str, texts: &[String]) -> Result<Vec<VersionReq>, AdvisoryRejection> {
    texts
        .iter()
        .map(|t| {
            VersionReq::parse(t).map_err(|e| {
                AdvisoryRejection::BadRequirement(format!("`{field}` requirement `{t}`: {e}"))
            })
        })
        .collect()
}

/// What an advisory's faults look like before any witness: its categories read as a kind.
pub fn kind_hint(advisory: &Advisory) -> &'static str {
    let has = |c: &str| advisory.categories.iter().any(|x| x == c);
    if has("memory-corruption") || has("memory-exposure") || advisory.informational == "unsound" {
        "memory"
    } else if has("denial-of-service") {
        "panic-or-hang"
    } else {
        "unknown"
    }
}

/// The candidate faults of `advisory` among its crate's `releases`, one per patched
/// requirement that gives a distinct pair.
pub fn advisory_pairs(
    advisory: &Advisory,
    releases: &[Published],
) -> Result<Vec<Candidate>, AdvisoryRejection> {
    if let Some(rejection) = screen(advisory) {
        return Err(rejection);
    }
    let patched = requirements("patched", &advisory.patched)?;
    let unaffected = requirements("unaffected", &advisory.unaffected)?;
    let mut stable: Vec<&Published> = releases
        .iter()
        .filter(|r| r.version.pre.is_empty())
        .collect();
    stable.sort_by(|a, b| a.version.cmp(&b.version));
    let vulnerable = |v: &Version| {
        !patched.iter().any(|r| r.matches(v)) && !unaffected.iter().any(|r| r.matches(v))
    };
    let mut pairs: Vec<(&Published, &Published)> = Vec::new();
    let mut any_fix = false;
    for requirement in &patched {
        let Some(fixed) = stable.iter().find(|r| requirement.matches(&r.version)) else {
            continue;
        };
        any_fix = true;
        let buggy = stable
            .iter()
            .rev()
            .filter(|r| r.version < fixed.version)
            .find(|r| vulnerable(&r.version));
        if let Some(buggy) = buggy
            && !pairs.iter().any(|(b, f)| b == buggy && f == fixed)
        {
            pairs.push((buggy, fixed));
        }
    }
    if !any_fix {
        return Err(AdvisoryRejection::NoPublishedFix);
    }
    if pairs.is_empty() {
        return Err(AdvisoryRejection::NoVulnerableRelease);
    }
    Ok(pairs
        .into_iter()
        .map(|(buggy, fixed)| advisory_candidate(advisory, buggy, fixed))
        .collect())
}

fn advisory_candidate(advisory: &Advisory, buggy: &Published, fixed: &Published) -> Candidate {
    let mut records = vec![advisory.id.clone()];
    if !advisory.url.is_empty() {
        records.push(advisory.url.clone());
    }
    records.extend(advisory.aliases.iter().cloned());
    let id = format!(
        "{}-{}-{}",
        advisory.package,
        advisory.id.to_ascii_lowercase(),
        fixed.version
    );
    Candidate {
        records,
        hint: kind_hint(advisory).to_string(),
        functions: advisory.functions.keys().cloned().collect(),
        summary: advisory.title.clone(),
        ..Candidate::pair(id, &advisory.package, buggy, fixed, Origin::Advisory)
    }
}

/// Whether Cargo treats the two versions as semver-compatible (same major, or same minor
/// below 1.0, or the same 0.0.x).
pub fn compatible(a: &Version, b: &Version) -> bool {
    match (a.major, b.major) {
        (0, 0) if a.minor == 0 && b.minor == 0 => a.patch == b.patch,
        (0, 0) => a.minor == b.minor,
        (x, y) => x == y,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn releases(versions: &[&str]) -> Vec<Published> {
        versions
            .iter()
            .map(|v| Published {
                version: Version::parse(v.trim_end_matches('!')).unwrap(),
                checksum: format!("sum-{v}"),
                yanked: v.ends_with('!'),
            })
            .collect()
    }

    fn advisory(patched: &[&str], unaffected: &[&str]) -> Advisory {
        Advisory {
            id: "RUSTSEC-2021-0003".into(),
            package: "smallvec".into(),
            date: "2021-01-08".into(),
            title: "Buffer overflow".into(),
            url: "https://example.org/252".into(),
            categories: vec!["memory-corruption".into()],
            informational: String::new(),
            withdrawn: String::new(),
            patched: patched.iter().map(|s| s.to_string()).collect(),
            unaffected: unaffected.iter().map(|s| s.to_string()).collect(),
            functions: Default::default(),
            os: vec![],
            arch: vec![],
            aliases: vec![],
            license: String::new(),
        }
    }

    #[test]
    fn each_patched_range_gives_the_last_vulnerable_and_first_fixed_release() {
        let a = advisory(&[">= 0.6.14, < 1.0.0", ">= 1.6.1"], &["< 0.6.3"]);
        let r = releases(&[
            "0.6.2", "0.6.3", "0.6.13", "0.6.14", "1.0.0", "1.6.0", "1.6.1", "1.7.0",
        ]);
        let pairs: Vec<_> = advisory_pairs(&a, &r)
            .unwrap()
            .into_iter()
            .map(|c| (c.buggy, c.fixed, c.compatible))
            .collect();
        assert_eq!(
            pairs,
            [
                ("0.6.13".into(), "0.6.14".into(), true),
                ("1.6.0".into(), "1.6.1".into(), true)
            ]
        );
    }

    #[test]
    fn prereleases_are_passed_over_and_yanked_releases_kept_and_marked() {
        let a = advisory(&[">= 2.0.0"], &[]);
        let r = releases(&["1.9.0!", "2.0.0-rc.1", "2.0.0", "2.0.1"]);
        let c = &advisory_pairs(&a, &r).unwrap()[0];
        assert_eq!((c.buggy.as_str(), c.fixed.as_str()), ("1.9.0", "2.0.0"));
        assert_eq!(c.yanked, ["1.9.0"]);
        assert!(!c.compatible);
        assert_eq!(c.id, "smallvec-rustsec-2021-0003-2.0.0");
        assert_eq!(c.records, ["RUSTSEC-2021-0003", "https://example.org/252"]);
        assert_eq!(c.hint, "memory");
    }

    #[test]
    fn what_gives_no_pair_is_rejected_with_its_reason() {
        let r = releases(&["0.1.0", "0.2.0"]);
        let reject = |a: &Advisory| advisory_pairs(a, &r).unwrap_err().key();
        assert_eq!(reject(&advisory(&[], &[])), "no-fix");
        assert_eq!(reject(&advisory(&[">= 0.3.0"], &[])), "no-published-fix");
        assert_eq!(
            reject(&advisory(&[">= 0.2.0"], &["< 0.2.0"])),
            "no-vulnerable-release"
        );
        assert_eq!(reject(&advisory(&["not a req"], &[])), "bad-requirement");
        let mut w = advisory(&[">= 0.2.0"], &[]);
        w.withdrawn = "2021-04-19".into();
        assert_eq!(reject(&w), "withdrawn");
        let mut u = advisory(&[">= 0.2.0"], &[]);
        u.informational = "unmaintained".into();
        assert_eq!(reject(&u), "informational");
        u.informational = "unsound".into();
        assert!(
            advisory_pairs(&u, &r).is_ok(),
            "unsound advisories record faults"
        );
        let mut p = advisory(&[">= 0.2.0"], &[]);
        p.os = vec!["windows".into()];
        assert_eq!(reject(&p), "platform");
        let mut t = advisory(&[">= 0.2.0"], &[]);
        t.categories = vec!["thread-safety".into()];
        assert_eq!(reject(&t), "thread-safety");
        t.categories.push("memory-corruption".into());
        assert!(advisory_pairs(&t, &r).is_ok());
    }

    #[test]
    fn compatibility_follows_cargos_caret_rule() {
        let v = |s: &str| Version::parse(s).unwrap();
        assert!(compatible(&v("1.6.0"), &v("1.7.1")));
        assert!(!compatible(&v("1.9.0"), &v("2.0.0")));
        assert!(compatible(&v("0.6.13"), &v("0.6.14")));
        assert!(!compatible(&v("0.6.13"), &v("0.7.0")));
        assert!(!compatible(&v("0.0.1"), &v("0.0.2")));
    }
}
