//! The pages' counts of the committed corpus run (`corpus/results/realfaults/cells.parquet`),
//! recomputed from its cells, so that a page cannot drift from the run it reads:
//!
//! - docs/ma2015.md's "On real faults" (phase `grt-components`): per unit and run, the
//!   replicates whose cell ended `killed`, with the crashes and timeouts beside them, and the
//!   totals;
//! - docs/corpus.md's table of faults found (phase `comparison`): per fault and strategy,
//!   the same counts, and the bullets' counts read from it.
//!
//! The activity bullets of docs/ma2015.md need the run's suites, which only the corpus's
//! binary can generate again: `corpus/tests/grt_activity_claims.rs` recomputes them.

use std::collections::BTreeMap;
use std::path::Path;

use testspace::report::folder;

mod markdown;

const PAGE: &str = "docs/ma2015.md";
const RESULTS: &str = "corpus/results/realfaults";
const PHASE: &str = "grt-components";
const RUNS: [&str; 7] = [
    "fdrt",
    "grt",
    "constant-mining",
    "impurity",
    "elephant-brain",
    "detective",
    "orienteering",
];

/// The section of the page from its "On real faults" paragraph to the next one in bold.
fn section() -> String {
    let page = std::fs::read_to_string(PAGE).unwrap();
    let start = page.find("**On real faults.**").expect("the section");
    let end = page[start..]
        .find("**Differences from the paper")
        .map_or(page.len(), |e| start + e);
    page[start..end].to_string()
}

/// (found, crash, timeout) per (subject, run) in the phase; every subject has one target.
fn outcomes() -> BTreeMap<(String, String), (u32, u32, u32)> {
    outcomes_by(PHASE, "subject")
}

/// (found, crash, timeout) per (`key` column, strategy) in `phase`.
fn outcomes_by(phase_name: &str, key: &str) -> BTreeMap<(String, String), (u32, u32, u32)> {
    let results = folder::open(Path::new(RESULTS)).unwrap();
    let cells = &results.cells;
    let text = |name: &str| cells.column(name).unwrap().values.to_texts();
    let (phase, subject, strategy, outcome) =
        (text("phase"), text(key), text("strategy"), text("outcome"));
    let mutant = cells.column("mutant").unwrap().values.to_u64s().unwrap();
    let mut counts = BTreeMap::new();
    for row in 0..cells.height() {
        if phase[row].as_deref() != Some(phase_name) {
            continue;
        }
        if phase_name == PHASE {
            assert_eq!(mutant[row], Some(1), "one target per unit in {PHASE}");
        }
        let key = (
            subject[row].clone().unwrap(),
            strategy[row].clone().unwrap(),
        );
        let entry: &mut (u32, u32, u32) = counts.entry(key).or_default();
        match outcome[row].as_deref() {
            Some("killed") => entry.0 += 1,
            Some("crash") => entry.1 += 1,
            Some("timeout") => entry.2 += 1,
            _ => {}
        }
    }
    counts
}

/// The page's cell for (found, crash, timeout).
fn cell((found, crash, timeout): (u32, u32, u32)) -> String {
    let mut extra = Vec::new();
    if crash > 0 {
        extra.push(format!("{crash}c"));
    }
    if timeout > 0 {
        extra.push(format!("{timeout}t"));
    }
    if extra.is_empty() {
        found.to_string()
    } else {
        format!("{found} ({})", extra.join(", "))
    }
}

/// The rows of the Markdown table whose header starts `| unit | fdrt`.
fn fault_table(section: &str) -> Vec<Vec<String>> {
    let (header, rows) = markdown::table(section, "| unit | fdrt");
    assert_eq!(header[1..], RUNS[..], "the table's columns");
    rows
}

#[test]
fn the_faults_found_table_is_the_committed_run() {
    let counts = outcomes();
    let rows = fault_table(&section());
    let subjects: Vec<&String> = counts.keys().map(|(s, _)| s).collect();
    let mut subjects: Vec<&String> = subjects.into_iter().collect();
    subjects.dedup();
    assert_eq!(rows.len(), subjects.len(), "a row per unit of the phase");
    for row in &rows {
        for (run, quoted) in RUNS.iter().zip(&row[1..]) {
            let expected = counts
                .get(&(row[0].clone(), run.to_string()))
                .map_or("–".to_string(), |&c| cell(c));
            assert_eq!(quoted, &expected, "{} under {run}", row[0]);
        }
    }
    // The totals: faults found over the units and replicates, per run; a run that left out
    // some units gets its total over the units it ran on, beside every other run's there.
    let flat = section().split_whitespace().collect::<Vec<_>>().join(" ");
    let found = |run: &str, units: &[&String]| -> u32 {
        units
            .iter()
            .filter_map(|u| counts.get(&((*u).clone(), run.to_string())))
            .map(|c| c.0)
            .sum()
    };
    let ran_on = |run: &str| -> Vec<&String> {
        subjects
            .iter()
            .copied()
            .filter(|u| counts.contains_key(&((*u).clone(), run.to_string())))
            .collect()
    };
    let everywhere = flat
        .split_once("Faults found over the ")
        .and_then(|(_, rest)| rest.split_once(". "))
        .expect("the totals sentence")
        .1;
    let (all, partial): (Vec<&str>, Vec<&str>) = RUNS
        .iter()
        .partition(|run| ran_on(run).len() == subjects.len());
    let first = &flat[..flat.len() - everywhere.len()];
    assert!(first.contains(&format!("over the {} units", subjects.len())));
    for run in &all {
        let total = found(run, &subjects);
        assert!(
            first.contains(&format!("`{run}` {total}")),
            "the totals name `{run}` {total}"
        );
    }
    for run in partial {
        let units = ran_on(run);
        let k = units.len();
        let claim = format!("`{run}` ran on {k} of them");
        assert!(flat.contains(&claim), "the totals lack: {claim}");
        let claim = format!("on those {k} it finds {}", found(run, &units));
        assert!(flat.contains(&claim), "the totals lack: {claim}");
        let there = flat.split_once(&claim).unwrap().1;
        for other in &all {
            let total = found(other, &units);
            assert!(
                there.contains(&format!("`{other}` {total}")),
                "`{other}` {total} there"
            );
        }
    }
}

const CORPUS_PAGE: &str = "docs/corpus.md";
const STRATEGIES: [&str; 8] = [
    "r", "r-leaf", "bobw", "swarm", "ensemble", "be", "fdrt", "grt",
];

#[test]
fn the_corpus_page_s_faults_table_is_the_committed_run() {
    let counts = outcomes_by("comparison", "operator");
    let page = std::fs::read_to_string(CORPUS_PAGE).unwrap();
    let (header, rows) = markdown::table(&page, "| fault | kind |");
    assert_eq!(header[2..], STRATEGIES[..], "the table's columns");
    let faults: std::collections::BTreeSet<&String> = counts.keys().map(|(f, _)| f).collect();
    assert_eq!(rows.len(), faults.len(), "a row per fault of the run");
    for row in &rows {
        for (strategy, quoted) in STRATEGIES.iter().zip(&row[2..]) {
            let found = counts
                .get(&(row[0].clone(), strategy.to_string()))
                .unwrap_or_else(|| panic!("no cells of {} under {strategy}", row[0]));
            assert_eq!(quoted, &cell(*found), "{} under {strategy}", row[0]);
        }
    }
    // The bullets under it.
    let flat = page.split_whitespace().collect::<Vec<_>>().join(" ");
    let found_somewhere = faults
        .iter()
        .filter(|f| {
            STRATEGIES
                .iter()
                .any(|s| counts[&((**f).clone(), s.to_string())].0 > 0)
        })
        .count();
    let claim = format!(
        "{found_somewhere} of the {} faults are found by an oracle difference",
        faults.len()
    );
    assert!(flat.contains(&claim), "{CORPUS_PAGE} lacks {claim:?}");
    let never = faults.len() - found_somewhere;
    let numbers = ["None", "One", "Two", "Three", "Four", "Five"];
    let claim = format!("{} are never found.", numbers[never]);
    assert!(flat.contains(&claim), "{CORPUS_PAGE} lacks {claim:?}");
    // rangemap 1.0.0's inverted gaps: the walks meet the shared hang, the generators the
    // fault.
    let inverted = |s: &str| {
        counts[&(
            "rangemap-inclusive-gaps-inverted-between-touching".to_string(),
            s.to_string(),
        )]
    };
    let walks = ["r", "r-leaf", "bobw", "swarm", "ensemble"];
    let hangs: Vec<u32> = walks.iter().map(|w| inverted(w).2).collect();
    assert!(
        walks.iter().all(|w| inverted(w).0 == 0),
        "the walks find it"
    );
    let (fdrt, grt) = (inverted("fdrt"), inverted("grt"));
    let claim = format!(
        "The walks meet it in {} to {} replicates of 10, and the fault in none. fdrt and grt \
         find the fault in {} and {} replicates and meet the hang in {} and {}.",
        hangs.iter().min().unwrap(),
        hangs.iter().max().unwrap(),
        fdrt.0,
        grt.0,
        fdrt.2,
        grt.2
    );
    assert!(flat.contains(&claim), "{CORPUS_PAGE} lacks {claim:?}");
    // GRT's components on shlex's non-ASCII quoting fault (ShellWords@1.2.1, one target).
    let components = outcomes();
    let shlex = |run: &str| components[&("ShellWords@1.2.1".to_string(), run.to_string())].0;
    let claim = format!(
        "through Impurity ({} of 10) and constant mining ({} of 10)",
        shlex("impurity"),
        shlex("constant-mining")
    );
    assert!(flat.contains(&claim), "{CORPUS_PAGE} lacks {claim:?}");
}
