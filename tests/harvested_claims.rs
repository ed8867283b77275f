//! docs/harvest.md's reading of the committed harvested run
//! (`harvested/results/harvested/cells.parquet`), recomputed here from the cells by code of
//! this file and tests/common/, not the report's: each subject's median kills per strategy,
//! the average ranks, Friedman's test and the Nemenyi critical difference. Checked against
//! the committed report's `ranking.csv`, a report written now, and the page; and the pool
//! against what issue 60 asks of it: at least 60 subjects from at least 30 crates, each with
//! mutants of its crate's own code and branch coverage, every family with 10 replicates on
//! every subject, a critical difference of at most 1.8 ranks.

mod common;
use common::csv_rows;
use common::ranking::{Ranking, friedman_ranking, quantile};

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::OnceLock;

use testspace::report::Cells;

const PAGE: &str = "docs/harvest.md";
const RESULTS: &str = "harvested/results/harvested";
const PHASE: &str = "calls-10k";

fn cells() -> &'static Cells {
    static CELLS: OnceLock<Cells> = OnceLock::new();
    CELLS.get_or_init(|| {
        testspace::report::read_cells(Path::new(RESULTS))
            .unwrap_or_else(|e| panic!("{RESULTS}: {e}"))
    })
}

/// (subject, label `strategy n=N`) → replicate → mutant → killed.
type Kills = BTreeMap<(String, String), BTreeMap<u32, BTreeMap<u64, bool>>>;

fn kills() -> Kills {
    let mut out = Kills::new();
    for cell in cells().rows.iter().filter(|c| c.phase == PHASE) {
        out.entry((
            cell.subject.clone(),
            format!("{} n={}", cell.strategy, cell.n),
        ))
        .or_default()
        .entry(cell.replicate)
        .or_default()
        .insert(cell.mutant, cell.outcome == "killed");
    }
    assert!(!out.is_empty(), "no cells in {PHASE}");
    out
}

fn subjects(kills: &Kills) -> BTreeSet<String> {
    kills.keys().map(|(s, _)| s.clone()).collect()
}

fn labels(kills: &Kills) -> BTreeSet<String> {
    kills.keys().map(|(_, l)| l.clone()).collect()
}

/// The ranking over the subjects, each subject's median kills per label.
fn ranking(kills: &Kills) -> Ranking {
    let labels: Vec<String> = labels(kills).into_iter().collect();
    let rows: Vec<Vec<f64>> = subjects(kills)
        .iter()
        .map(|subject| {
            labels
                .iter()
                .map(|label| {
                    let per_replicate: Vec<f64> = kills[&(subject.clone(), label.clone())]
                        .values()
                        .map(|m| m.values().filter(|k| **k).count() as f64)
                        .collect();
                    quantile(&per_replicate, 0.5)
                })
                .collect()
        })
        .collect();
    friedman_ranking(labels, &rows)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

fn flat_page() -> String {
    std::fs::read_to_string(PAGE)
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Per crate folder under `harvested/crates/`, its `crate.toml`.
fn crate_entries() -> Vec<toml::Table> {
    let mut entries: Vec<toml::Table> = std::fs::read_dir("harvested/crates")
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path().join("crate.toml");
            toml::from_str(&std::fs::read_to_string(&path).unwrap())
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        })
        .collect();
    entries.sort_by_key(|t| t["crate"].as_str().unwrap().to_string());
    entries
}

/// The subjects with fewer than 30 compiling mutants of their crate's code that their
/// methods can reach, with that count: the crate's catalog's compiling mutants, less those
/// the generated unit list (`harvested/src/releases.rs`) leaves out as unreachable.
fn short_of_mutants(subjects: &BTreeSet<String>) -> Vec<(String, usize)> {
    let entries = crate_entries();
    let units = std::fs::read_to_string("harvested/src/releases.rs").unwrap();
    let mut few = Vec::new();
    for subject in subjects {
        let (name, release) = subject
            .strip_suffix("+mutants")
            .and_then(|s| s.split_once('@'))
            .unwrap();
        let entry = entry_of(&entries, name, release)
            .unwrap_or_else(|| panic!("no harvested crate has the subject {subject}"));
        let folder = std::fs::read_dir("harvested/crates")
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| {
                std::fs::read_to_string(p.join("crate.toml"))
                    .is_ok_and(|t| toml::from_str::<toml::Table>(&t).unwrap() == *entry)
            })
            .unwrap();
        let catalog: toml::Table =
            toml::from_str(&std::fs::read_to_string(folder.join("mutants.toml")).unwrap()).unwrap();
        let compiling = catalog["mutant"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["compiles"].as_bool() == Some(true))
            .count();
        let unit = units
            .split("Box::new(")
            .find(|unit| unit.contains(&format!(".with_class(\"{subject}\")")))
            .unwrap_or_else(|| panic!("{subject} is not in harvested/src/releases.rs"));
        let unreachable = unit
            .split_once(".without_mutants(&[")
            .map_or(0, |(_, rest)| {
                rest.split(']').next().unwrap().split(',').count()
            });
        if compiling - unreachable < 30 {
            few.push((subject.clone(), compiling - unreachable));
        }
    }
    few
}

#[test]
fn without_the_subjects_short_of_mutants_the_ranking_says_the_same() {
    let mut kills = kills();
    let short: BTreeSet<String> = short_of_mutants(&subjects(&kills))
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    kills.retain(|(subject, _), _| !short.contains(subject));
    let ranking = ranking(&kills);
    let sentence = format!(
        "over the other {} subjects the order is the same and the critical difference {:.2} ranks",
        subjects(&kills).len(),
        ranking.cd
    );
    assert!(flat_page().contains(&sentence), "{PAGE} lacks {sentence:?}");
    assert!(ranking.cd <= 1.8, "{}", ranking.cd);
    let full = self::ranking(&self::kills());
    let order = |r: &Ranking| {
        let mut labels: Vec<(f64, String)> = r
            .average
            .iter()
            .copied()
            .zip(r.labels.iter().cloned())
            .collect();
        labels.sort_by(|a, b| a.0.total_cmp(&b.0));
        labels.into_iter().map(|(_, l)| l).collect::<Vec<_>>()
    };
    assert_eq!(order(&ranking), order(&full));
    let rank =
        |label: &str| ranking.average[ranking.labels.iter().position(|l| l == label).unwrap()];
    let be = rank("be n=2");
    let others: Vec<f64> = ranking
        .labels
        .iter()
        .filter(|l| *l != "be n=2")
        .map(|l| rank(l))
        .collect();
    assert!(
        others.iter().all(|r| be - r > ranking.cd),
        "{be} {others:?}"
    );
    let spread = others.iter().copied().fold(0.0, f64::max)
        - others.iter().copied().fold(f64::INFINITY, f64::min);
    assert!(spread < ranking.cd, "{spread} {}", ranking.cd);
}

/// The `crate.toml` among `entries` whose mutated release `release` has the subject `name`.
fn entry_of<'a>(entries: &'a [toml::Table], name: &str, release: &str) -> Option<&'a toml::Table> {
    entries.iter().find(|e| {
        e["mutate"].as_str() == Some(release)
            && e["subjects"]
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s.as_str() == Some(name))
    })
}

#[test]
fn the_ranking_is_recomputed_from_the_cells_as_the_report_and_the_page_give_it() {
    let kills = kills();
    let ranking = ranking(&kills);
    let committed =
        csv_rows(&std::fs::read_to_string(format!("{RESULTS}/report/ranking.csv")).unwrap());
    let written_now = {
        let out = tempfile::tempdir().unwrap();
        let folder = out.path().join("report");
        let status = assert_cmd::Command::cargo_bin("testspace")
            .unwrap()
            .args(["report", RESULTS, "--phase", PHASE, "--out"])
            .arg(&folder)
            .output()
            .unwrap();
        assert!(status.status.success(), "{status:?}");
        std::fs::read_to_string(folder.join("ranking.csv")).unwrap()
    };
    assert_eq!(
        written_now,
        std::fs::read_to_string(format!("{RESULTS}/report/ranking.csv")).unwrap(),
        "the committed report is not the one written now"
    );
    assert_eq!(committed.len(), ranking.labels.len());
    let page = flat_page();
    for row in &committed {
        let at = ranking
            .labels
            .iter()
            .position(|l| *l == row["strategy"])
            .unwrap_or_else(|| panic!("{} is not in the cells", row["strategy"]));
        let average: f64 = row["average_rank"].parse().unwrap();
        assert!(close(average, ranking.average[at]), "{row:?}");
        // Demšar's table gives q_0.05 to three decimals; the report computes it.
        let cd: f64 = row["nemenyi_cd"].parse().unwrap();
        assert!((cd - ranking.cd).abs() < 1e-3, "{row:?} {}", ranking.cd);
        assert!(
            close(row["friedman_chi2"].parse().unwrap(), ranking.chi2),
            "{row:?}"
        );
        let line = format!("| `{}` | {:.2} |", row["strategy"], average);
        assert!(page.contains(&line), "{PAGE} lacks {line}");
    }
    let sentence = format!(
        "the critical difference is {:.2} ranks over {} subjects",
        ranking.cd,
        subjects(&kills).len()
    );
    assert!(page.contains(&sentence), "{PAGE} lacks {sentence:?}");
    assert!(ranking.cd <= 1.8, "critical difference {}", ranking.cd);
    assert!(ranking.p < 1e-20, "Friedman p = {}", ranking.p);
}

#[test]
fn the_page_s_separations_follow_from_the_ranks_and_the_critical_difference() {
    // `be` lies more than a critical difference behind every other family; no two other
    // families are a critical difference apart.
    let ranking = ranking(&kills());
    let rank =
        |label: &str| ranking.average[ranking.labels.iter().position(|l| l == label).unwrap()];
    let be = rank("be n=2");
    let others: Vec<f64> = ranking
        .labels
        .iter()
        .filter(|l| *l != "be n=2")
        .map(|l| rank(l))
        .collect();
    assert!(
        others.iter().all(|r| be - r > ranking.cd),
        "{be} {others:?}"
    );
    let best = others.iter().copied().fold(f64::INFINITY, f64::min);
    let worst = others.iter().copied().fold(0.0, f64::max);
    assert!(worst - best < ranking.cd, "{best} {worst} {}", ranking.cd);
}

#[test]
fn the_pool_holds_60_subjects_of_30_crates_each_with_its_own_code_s_mutants_and_coverage() {
    let kills = kills();
    let subjects = subjects(&kills);
    assert!(subjects.len() >= 60, "{} subjects", subjects.len());
    // Each subject is a `+mutants` unit of a harvested crate's release.
    let mut crates = BTreeSet::new();
    let entries = crate_entries();
    for subject in &subjects {
        let (name, release) = subject
            .strip_suffix("+mutants")
            .and_then(|s| s.split_once('@'))
            .unwrap_or_else(|| panic!("{subject} is no unit of a mutated release"));
        let entry = entry_of(&entries, name, release)
            .unwrap_or_else(|| panic!("no harvested crate has the subject {subject}"));
        crates.insert(entry["crate"].as_str().unwrap().to_string());
    }
    assert!(crates.len() >= 30, "{} crates", crates.len());
    // At least 30 compiling mutants of its crate's code that its methods can reach.
    let few: Vec<String> = short_of_mutants(&subjects)
        .into_iter()
        .map(|(subject, count)| format!("{subject}: {count}"))
        .collect();
    // Issue 60 asks for 30 per type; the pool was chosen before that was counted, and three
    // of its types fall short. The page names them, and at least 60 meet it.
    assert!(subjects.len() - few.len() >= 60, "{few:?}");
    let page = flat_page();
    for short in &few {
        let (subject, count) = short.split_once(": ").unwrap();
        let named = format!("`{subject}` ({count})");
        assert!(page.contains(&named), "{PAGE} lacks {named}");
    }
    // Ten families, ten replicates on every subject, ten mutants of its crate's code each.
    let labels = labels(&kills);
    assert_eq!(labels.len(), 10, "{labels:?}");
    for ((subject, label), by_replicate) in &kills {
        assert_eq!(by_replicate.len(), 10, "{subject} {label}");
        for mutants in by_replicate.values() {
            assert_eq!(mutants.len(), 10, "{subject} {label}");
        }
    }
    // Branch coverage of the crate's own code on every subject, in every cell whose worker
    // did not die (a crash leaves none).
    for subject in &subjects {
        let covered = cells()
            .rows
            .iter()
            .filter(|c| c.subject == *subject && c.outcome != "crash")
            .all(|c| c.branches_total.is_some_and(|t| t > 0));
        assert!(covered, "{subject} has cells without branch coverage");
    }
}
