//! docs/ma2015.md's "On real faults", recomputed from the committed corpus run
//! (`corpus/results/realfaults/`, phase `grt-components`) and its activity counts
//! (`grt_activity.csv` there), so that the page cannot drift from the run it reads:
//!
//! - the table of faults found: per unit and run, the replicates whose cell ended `killed`,
//!   with the crashes and timeouts beside them;
//! - the activity per suite over the units that the bullets quote.

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
    let results = folder::open(Path::new(RESULTS)).unwrap();
    let cells = &results.cells;
    let text = |name: &str| cells.column(name).unwrap().values.to_texts();
    let (phase, subject, strategy, outcome) = (
        text("phase"),
        text("subject"),
        text("strategy"),
        text("outcome"),
    );
    let mutant = cells.column("mutant").unwrap().values.to_u64s().unwrap();
    let mut counts = BTreeMap::new();
    for row in 0..cells.height() {
        if phase[row].as_deref() != Some(PHASE) {
            continue;
        }
        assert_eq!(mutant[row], Some(1), "one target per unit in {PHASE}");
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

/// Per run (alone runs only), summed over the units: (suites, asked, changed, part
/// asked, part changed).
fn activity() -> BTreeMap<String, [u64; 5]> {
    let text = std::fs::read_to_string(format!("{RESULTS}/grt_activity.csv")).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("unit,run,component,suites,asked,changed,part_asked,part_changed")
    );
    let mut sums: BTreeMap<String, [u64; 5]> = BTreeMap::new();
    for line in lines {
        let fields: Vec<&str> = line.split(',').collect();
        if fields[1] != fields[2] {
            continue;
        }
        let sum = sums.entry(fields[1].to_string()).or_default();
        for (s, f) in sum.iter_mut().zip(&fields[3..]) {
            *s += f.parse::<u64>().unwrap();
        }
    }
    sums
}

/// `x` as the page writes a count: rounded, thousands separated by commas (up to a million).
fn whole(x: f64) -> String {
    let x = x.round() as u64;
    if x >= 1000 {
        format!("{},{:03}", x / 1000, x % 1000)
    } else {
        x.to_string()
    }
}

#[test]
fn the_activity_bullets_are_the_committed_counts() {
    let sums = activity();
    let section = section().split_whitespace().collect::<Vec<_>>().join(" ");
    let per_suite = |run: &str, k: usize| {
        let s = sums[run];
        s[k] as f64 / s[0] as f64
    };
    let share = |run: &str| {
        let s = sums[run];
        100.0 * s[2] as f64 / s[1] as f64
    };
    let claims = [
        format!(
            "acts on none of {} object inputs a suite",
            whole(per_suite("elephant-brain", 1))
        ),
        format!("acts {:.1} times a suite", per_suite("detective", 2)),
        format!(
            "supplies {:.1} % of the primitive arguments",
            share("constant-mining")
        ),
        format!("fuzzes {:.1} % of the inputs", share("impurity")),
        format!(
            "only {} of {} object inputs a suite",
            whole(per_suite("impurity", 4)),
            whole(per_suite("impurity", 3))
        ),
        format!("in {:.1} % of its draws", share("orienteering")),
    ];
    for claim in claims {
        assert!(section.contains(&claim), "{PAGE} lacks {claim:?}");
    }
    assert_eq!(sums["elephant-brain"][2], 0, "Elephant brain never acts");
    // "all of them through its global level"
    assert_eq!(sums["constant-mining"][2], sums["constant-mining"][4]);
}
