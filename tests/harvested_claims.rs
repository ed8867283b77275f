//! docs/harvest.md's reading of the committed harvested run
//! (`harvested/results/harvested/cells.parquet`), recomputed here from the cells by code of
//! this file and tests/common/, not the report's: each subject's median kills per strategy,
//! the average ranks, Friedman's test and the Nemenyi critical difference, the separations,
//! the tied subjects and the pooled kills. Checked against the committed report's
//! `ranking.csv`, a report written now, and the page; and the pool against what issue 60
//! asks of it: at least 60 subjects from at least 30 crates, each with mutants of its crate's
//! own code and branch coverage, every family with 10 replicates on every subject, a
//! critical difference of at most 1.8 ranks.

mod common;
use common::csv_rows;
use common::ranking::{Ranking, friedman_ranking, quantile};

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use testspace::report::Cells;

const PAGE: &str = "docs/harvest.md";
const RESULTS: &str = "harvested/results/harvested";
const PHASE: &str = "calls-10k";
const BE: &str = "be n=2";

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

/// Per subject, each label's median over replicates of the mutants killed, in label order.
fn medians(kills: &Kills) -> Vec<Vec<f64>> {
    let labels = labels(kills);
    subjects(kills)
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
        .collect()
}

/// The ranking over the subjects, each subject's median kills per label.
fn ranking(kills: &Kills) -> Ranking {
    friedman_ranking(labels(kills).into_iter().collect(), &medians(kills))
}

fn rank(ranking: &Ranking, label: &str) -> f64 {
    ranking.average[ranking.labels.iter().position(|l| l == label).unwrap()]
}

/// How far `be` lies behind the nearest other family, and the spread of the others' ranks.
fn separations(ranking: &Ranking) -> (f64, f64) {
    let others: Vec<f64> = ranking
        .labels
        .iter()
        .filter(|l| *l != BE)
        .map(|l| rank(ranking, l))
        .collect();
    let best = others.iter().copied().fold(f64::INFINITY, f64::min);
    let worst = others.iter().copied().fold(0.0, f64::max);
    (rank(ranking, BE) - worst, worst - best)
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

fn assert_on_page(page: &str, text: &str) {
    assert!(page.contains(text), "{PAGE} lacks {text:?}");
}

/// A harvested crate: its folder under `harvested/crates/` and its `crate.toml`.
struct HarvestedCrate {
    folder: PathBuf,
    entry: toml::Table,
}

fn harvested_crates() -> Vec<HarvestedCrate> {
    std::fs::read_dir("harvested/crates")
        .unwrap()
        .map(|e| {
            let folder = e.unwrap().path();
            let path = folder.join("crate.toml");
            let entry = toml::from_str(&std::fs::read_to_string(&path).unwrap())
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            HarvestedCrate { folder, entry }
        })
        .collect()
}

/// The crate whose mutated release holds `subject` (`Name@version+mutants`).
fn crate_of<'a>(crates: &'a [HarvestedCrate], subject: &str) -> &'a HarvestedCrate {
    let (name, release) = subject
        .strip_suffix("+mutants")
        .and_then(|s| s.split_once('@'))
        .unwrap_or_else(|| panic!("{subject} is no unit of a mutated release"));
    crates
        .iter()
        .find(|c| {
            c.entry["mutate"].as_str() == Some(release)
                && c.entry["subjects"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|s| s.as_str() == Some(name))
        })
        .unwrap_or_else(|| panic!("no harvested crate has the subject {subject}"))
}

/// The subjects with fewer than 30 compiling mutants of their crate's code that their
/// methods can reach, with that count: the crate's catalog's compiling mutants, less those
/// the generated unit list (`harvested/src/releases.rs`) leaves out as unreachable.
fn short_of_mutants(subjects: &BTreeSet<String>) -> Vec<(String, usize)> {
    let crates = harvested_crates();
    let units = std::fs::read_to_string("harvested/src/releases.rs").unwrap();
    let mut few = Vec::new();
    for subject in subjects {
        let folder = &crate_of(&crates, subject).folder;
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
fn the_ranking_is_recomputed_from_the_cells_as_the_report_and_the_page_give_it() {
    let kills = kills();
    let ranking = ranking(&kills);
    let committed_text = std::fs::read_to_string(format!("{RESULTS}/report/ranking.csv")).unwrap();
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
        written_now, committed_text,
        "the committed report is not the one written now"
    );
    let committed = csv_rows(&committed_text);
    assert_eq!(committed.len(), ranking.labels.len());
    let page = flat_page();
    for row in &committed {
        let average: f64 = row["average_rank"].parse().unwrap();
        assert!(close(average, rank(&ranking, &row["strategy"])), "{row:?}");
        // Demšar's table gives q_0.05 to three decimals; the report computes it.
        let cd: f64 = row["nemenyi_cd"].parse().unwrap();
        assert!((cd - ranking.cd).abs() < 1e-3, "{row:?} {}", ranking.cd);
        let chi2: f64 = row["friedman_chi2"].parse().unwrap();
        assert!(close(chi2, ranking.chi2), "{row:?}");
        assert_on_page(&page, &format!("| `{}` | {average:.2} |", row["strategy"]));
    }
    assert_on_page(
        &page,
        &format!(
            "the critical difference is {:.2} ranks over {} subjects",
            ranking.cd,
            subjects(&kills).len()
        ),
    );
    let exponent = ranking.p.log10().floor();
    let mantissa = (ranking.p / 10f64.powf(exponent)).round();
    let superscript: String = format!("{}", exponent as i64)
        .chars()
        .map(|c| match c {
            '-' => '⁻',
            d => "⁰¹²³⁴⁵⁶⁷⁸⁹"
                .chars()
                .nth(d.to_digit(10).unwrap() as usize)
                .unwrap(),
        })
        .collect();
    assert_on_page(
        &page,
        &format!("(χ² = {:.1}, p = {mantissa}·10{superscript})", ranking.chi2),
    );
    assert!(ranking.cd <= 1.8, "critical difference {}", ranking.cd);
}

#[test]
fn the_page_s_separations_follow_from_the_ranks_and_the_critical_difference() {
    // `be` lies more than a critical difference behind every other family; no two other
    // families are a critical difference apart. The page gives the gaps.
    let ranking = ranking(&kills());
    let (be_gap, spread) = separations(&ranking);
    assert!(be_gap > ranking.cd, "{be_gap} {}", ranking.cd);
    assert!(spread < ranking.cd, "{spread} {}", ranking.cd);
    let page = flat_page();
    let behind = |label: &str| rank(&ranking, BE) - rank(&ranking, label);
    assert_on_page(
        &page,
        &format!(
            "({:.2} ranks behind `grt`, {:.2} behind `proptest`)",
            behind("grt n=100"),
            behind("proptest n=20")
        ),
    );
    assert!(close(be_gap, behind("grt n=100")), "grt is the nearest");
    assert_on_page(
        &page,
        &format!("from `proptest` to `grt` is {spread:.2} ranks"),
    );
}

#[test]
fn the_page_s_ties_and_pooled_kills_are_the_cells() {
    let kills = kills();
    let page = flat_page();
    // Subjects on which every family has the same median kills.
    let tied = medians(&kills)
        .iter()
        .filter(|row| row.iter().all(|m| *m == row[0]))
        .count();
    assert_on_page(
        &page,
        &format!(
            "{tied} of the {} subjects tie every family",
            subjects(&kills).len()
        ),
    );
    // Per family, the share of its cells that kill their mutant.
    let mut by_family: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for cell in &cells().rows {
        let tally = by_family.entry(cell.strategy.as_str()).or_default();
        tally.0 += usize::from(cell.outcome == "killed");
        tally.1 += 1;
    }
    let share = |family: &str| {
        let (killed, all) = by_family[family];
        100.0 * killed as f64 / all as f64
    };
    let (lowest, highest) = by_family.keys().fold(("", ""), |(lo, hi), f| {
        (
            if lo.is_empty() || share(f) < share(lo) {
                f
            } else {
                lo
            },
            if hi.is_empty() || share(f) > share(hi) {
                f
            } else {
                hi
            },
        )
    });
    assert_on_page(
        &page,
        &format!(
            "the families kill {:.1} % (`{lowest}`) to {:.1} % (`{highest}`)",
            share(lowest),
            share(highest)
        ),
    );
    // Mutants killed in some cell, and by none.
    let mut mutants: BTreeMap<(&str, u64), bool> = BTreeMap::new();
    for cell in &cells().rows {
        *mutants.entry((&cell.subject, cell.mutant)).or_default() |= cell.outcome == "killed";
    }
    let killed = mutants.values().filter(|k| **k).count();
    assert_on_page(
        &page,
        &format!(
            "{killed} of the {} sampled mutants are killed in some cell, {} by none",
            mutants.len(),
            mutants.len() - killed
        ),
    );
}

#[test]
fn the_run_s_size_and_time_are_its_manifest_s() {
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(format!("{RESULTS}/manifest.json")).unwrap())
            .unwrap();
    assert_eq!(manifest["cells"].as_u64(), Some(cells().rows.len() as u64));
    assert_eq!(cells().rows.len(), 64_000);
    let seconds = |field: &str| {
        let text = manifest[field].as_str().unwrap();
        let time = &text[11..19];
        let parts: Vec<u64> = time.split(':').map(|p| p.parse().unwrap()).collect();
        let day: u64 = text[8..10].parse().unwrap();
        day * 86_400 + parts[0] * 3_600 + parts[1] * 60 + parts[2]
    };
    let wall = seconds("finished") - seconds("started");
    let reference = std::fs::read_to_string(format!("{RESULTS}/REFERENCE.md")).unwrap();
    let reference = reference.split_whitespace().collect::<Vec<_>>().join(" ");
    let said = format!("{} min {} s of wall-clock", wall / 60, wall % 60);
    assert!(reference.contains(&said), "REFERENCE.md lacks {said:?}");
    assert_on_page(
        &flat_page(),
        &format!("made in {} minutes", (wall + 30) / 60),
    );
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
    assert_on_page(
        &flat_page(),
        &format!(
            "over the other {} subjects the order is the same and the critical difference {:.2} ranks",
            subjects(&kills).len(),
            ranking.cd
        ),
    );
    assert!(ranking.cd <= 1.8, "{}", ranking.cd);
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
    assert_eq!(order(&ranking), order(&self::ranking(&self::kills())));
    let (be_gap, spread) = separations(&ranking);
    assert!(be_gap > ranking.cd, "{be_gap} {}", ranking.cd);
    assert!(spread < ranking.cd, "{spread} {}", ranking.cd);
}

#[test]
fn the_pool_holds_60_subjects_of_30_crates_each_with_its_own_code_s_mutants_and_coverage() {
    let kills = kills();
    let subjects = subjects(&kills);
    assert!(subjects.len() >= 60, "{} subjects", subjects.len());
    // Each subject is a `+mutants` unit of a harvested crate's release.
    let all = harvested_crates();
    let crates: BTreeSet<&str> = subjects
        .iter()
        .map(|s| crate_of(&all, s).entry["crate"].as_str().unwrap())
        .collect();
    assert!(crates.len() >= 30, "{} crates", crates.len());
    // At least 30 compiling mutants of its crate's code that its methods can reach. Issue 60
    // asks for 30 per type; the pool was chosen before that was counted, and three of its
    // types fall short. The page names them, and at least 60 meet it.
    let few = short_of_mutants(&subjects);
    assert!(subjects.len() - few.len() >= 60, "{few:?}");
    let page = flat_page();
    for (subject, count) in &few {
        assert_on_page(&page, &format!("`{subject}` ({count})"));
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
