//! The evaluation checklist of a report, after Klees et al. (CCS 2018), Schloegel et al.
//! (S&P 2024) and Arcuri & Briand (ICSE 2011): what a reader needs to trust a comparison of
//! randomised strategies, checked on the model. A violation (too few trials, unequal stated
//! budgets) makes `report --strict` fail; a warning is shown and does not.

use std::collections::{BTreeMap, BTreeSet};

use super::model::ReportModel;

/// The fewest replicates per (subject, strategy) before a warning (Arcuri & Briand's advice
/// for randomised algorithms).
pub const MIN_TRIALS: usize = 10;

/// The relative difference of budgets in calls still called equal.
pub const BUDGET_TOLERANCE: f64 = 0.001;

/// How one item of the checklist stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Met.
    Met,
    /// Information the reader needs (what the statistics can and cannot say).
    Note,
    /// Shown, not failing `--strict`.
    Warning,
    /// Fails `--strict`.
    Violation,
}

impl Status {
    /// The word the page and the command line print.
    pub fn word(self) -> &'static str {
        match self {
            Status::Met => "met",
            Status::Note => "note",
            Status::Warning => "warning",
            Status::Violation => "violation",
        }
    }
}

/// One item.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckItem {
    /// What is checked.
    pub topic: &'static str,
    /// How it stands.
    pub status: Status,
    /// What was found.
    pub text: String,
}

/// A run's budget per cell, as its experiment file states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Method calls on gold (`cost = …`, or a suite generated within this many calls).
    Calls(u64),
    /// Test cases (`tests = …`); `calls_each`: the calls of each (a walk's n), if fixed.
    Tests {
        /// The test cases.
        tests: u64,
        /// The calls of each test case, where fixed.
        calls_each: Option<u64>,
    },
    /// Anything else, described (a whole structure suite, E(n) of another run, no limit).
    Other(String),
}

impl Budget {
    /// The budget in words: `1000 method calls`, `50 test cases of 20 calls`, or its
    /// description.
    pub fn describe(&self) -> String {
        match self {
            Budget::Calls(c) => format!("{c} method calls"),
            Budget::Tests {
                tests,
                calls_each: Some(n),
            } => format!("{tests} test cases of {n} calls"),
            Budget::Tests {
                tests,
                calls_each: None,
            } => format!("{tests} test cases"),
            Budget::Other(what) => what.clone(),
        }
    }

    /// The method calls this budget allows, as a half-open range: `c` calls exactly, or the
    /// calls whose share ⌊calls / n⌋ is `tests` test cases of n; `None` where unknown.
    fn calls(&self) -> Option<(u64, u64)> {
        match self {
            Budget::Calls(c) => Some((*c, c + 1)),
            Budget::Tests {
                tests,
                calls_each: Some(n),
            } => Some((tests * n, tests * n + n)),
            _ => None,
        }
    }
}

/// Whether the stated `budgets` are equal: the same number of test cases, or budgets of
/// method calls some one budget of calls gives them all (a walk's ⌊calls / n⌋ test cases),
/// within [`BUDGET_TOLERANCE`] (a rounded share: 6,667 test cases of 3 calls beside 20,000
/// calls).
fn equal_budgets(budgets: &[&Budget]) -> bool {
    let tests: BTreeSet<Option<u64>> = budgets
        .iter()
        .map(|b| match b {
            Budget::Tests { tests, .. } => Some(*tests),
            _ => None,
        })
        .collect();
    if tests.len() == 1 && tests.first() != Some(&None) {
        return true;
    }
    let ranges: Option<Vec<(u64, u64)>> = budgets.iter().map(|b| b.calls()).collect();
    ranges.is_some_and(|ranges| {
        let low = ranges.iter().map(|r| r.0).max().unwrap_or(0);
        let high = ranges.iter().map(|r| r.1).min().unwrap_or(u64::MAX);
        (low as f64) < high as f64 * (1.0 + BUDGET_TOLERANCE)
    })
}

/// What the experiment file says of the compared phase's strategies, by label.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Design {
    /// Each strategy's budget per cell.
    pub budgets: BTreeMap<String, Budget>,
    /// The strategies whose test cases do not depend on the replicate's seed.
    pub seed_free: BTreeSet<String>,
}

/// The compared phase's design, or why it is unknown.
pub type Budgets = Result<Design, String>;

/// The checklist of `model`.
pub fn checklist(model: &ReportModel) -> Vec<CheckItem> {
    vec![
        trials(model),
        budgets(model),
        seeds(model),
        effect_sizes(model),
        no_variance(model),
        corrections(model),
        separable(model),
    ]
}

fn trials(model: &ReportModel) -> CheckItem {
    let topic = "trials per cell";
    // Seed-free strategies, as the experiment file says, else as the cells show: the same
    // kills in every one of several replicates on every subject.
    let seed_free = |j: usize, label: &str| match &model.budgets {
        Ok(design) => design.seed_free.contains(label),
        Err(_) => {
            let mut ran = model.subjects.iter().filter_map(|s| s.kills[j].as_ref());
            let mut any = false;
            let constant = ran.all(|k| {
                any = true;
                let values = &k.per_replicate;
                values.len() > 1 && values.iter().all(|v| *v == values[0])
            });
            any && constant
        }
    };
    let (mut fewest, mut most): (Option<(usize, &str, &str)>, usize) = (None, 0);
    let mut fixed = Vec::new();
    for (j, label) in model.strategies.iter().enumerate() {
        if seed_free(j, label) {
            fixed.push(label.as_str());
            continue;
        }
        for subject in &model.subjects {
            let Some(kills) = &subject.kills[j] else {
                continue;
            };
            let n = kills.per_replicate.len();
            most = most.max(n);
            if fewest.is_none_or(|(f, _, _)| n < f) {
                fewest = Some((n, &subject.name, label));
            }
        }
    }
    let fixed = if fixed.is_empty() {
        String::new()
    } else {
        format!(
            " Seed-free ({}): their test cases do not depend on the seed, so their \
             replicates are one trial, and a Mann–Whitney p-value against them counts copies \
             as draws (too small; testspace compare tests such pairs on paired differences).",
            fixed.join(", ")
        )
    };
    match fewest {
        None => CheckItem {
            topic,
            status: Status::Note,
            text: format!("no seeded strategy.{fixed}"),
        },
        Some((n, subject, label)) if n < MIN_TRIALS => CheckItem {
            topic,
            status: Status::Violation,
            text: format!(
                "{n} replicates of {label} on {subject}, fewer than {MIN_TRIALS}: too few to \
                 tell randomised strategies apart.{fixed}"
            ),
        },
        Some((n, _, _)) => CheckItem {
            topic,
            status: Status::Met,
            text: format!(
                "{} replicates per (subject, seeded strategy) (at least {MIN_TRIALS}).{fixed}",
                if n == most {
                    n.to_string()
                } else {
                    format!("{n} to {most}")
                }
            ),
        },
    }
}

fn budgets(model: &ReportModel) -> CheckItem {
    let topic = "equal budgets";
    let budgets = match &model.budgets {
        Err(why) => {
            return CheckItem {
                topic,
                status: Status::Warning,
                text: format!("not checked: {why}"),
            };
        }
        Ok(design) => &design.budgets,
    };
    let mut by_budget: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    let (mut stated, mut other, mut unknown) = (Vec::new(), Vec::new(), Vec::new());
    for label in &model.strategies {
        match budgets.get(label) {
            None => unknown.push(label.as_str()),
            Some(budget) => {
                by_budget
                    .entry(budget.describe())
                    .or_default()
                    .push(label.as_str());
                match budget {
                    Budget::Other(_) => other.push(label.as_str()),
                    _ => stated.push(budget),
                }
            }
        }
    }
    let groups: Vec<String> = by_budget
        .iter()
        .map(|(budget, labels)| format!("{budget}: {}", labels.join(", ")))
        .collect();
    let listed = groups.join("; ");
    let (status, verdict) = if !equal_budgets(&stated) {
        (
            Status::Violation,
            "strategies compared at different stated budgets",
        )
    } else if !other.is_empty() || !unknown.is_empty() {
        (
            Status::Warning,
            "the stated budgets are equal; some strategies' cost is not stated as a budget of \
             calls or test cases, so their equality rests on the experiment's design",
        )
    } else {
        (
            Status::Met,
            "every strategy had the same budget per cell (within 0.1 % in calls)",
        )
    };
    let unknown = if unknown.is_empty() {
        String::new()
    } else {
        format!("; not in the experiment file: {}", unknown.join(", "))
    };
    CheckItem {
        topic,
        status,
        text: format!("{verdict} ({listed}{unknown})."),
    }
}

fn seeds(model: &ReportModel) -> CheckItem {
    let e = &model.experiment;
    let commit = e.commit.as_deref();
    CheckItem {
        topic: "seeds published",
        status: if commit.is_some() {
            Status::Met
        } else {
            Status::Warning
        },
        text: format!(
            "seed {} (each replicate's seed derived from it), {} replicates, the experiment \
             file's SHA-256 and {}; the page gives the command that runs it again.",
            e.seed,
            e.replicates,
            commit.map_or("no commit recorded".to_string(), |c| format!("commit {c}"))
        ),
    }
}

fn effect_sizes(model: &ReportModel) -> CheckItem {
    let tested = model
        .subjects
        .iter()
        .filter_map(|s| s.pairwise.as_ref().ok())
        .flat_map(|p| p.cells.iter().flatten().flatten())
        .filter(|c| c.p_holm.is_some())
        .count();
    CheckItem {
        topic: "effect sizes beside p-values",
        status: Status::Met,
        text: if tested > 0 {
            format!(
                "each of the {} pairwise tests is shown with its Vargha–Delaney Â12 (both \
                 ways), in the heatmaps and pairs.csv; the ranking gives average ranks beside \
                 the Friedman p.",
                tested / 2
            )
        } else {
            "no pairwise p-values (Â12 only); the ranking gives average ranks beside the \
             Friedman p."
                .into()
        },
    }
}

fn no_variance(model: &ReportModel) -> CheckItem {
    let topic = "blocks with no variance";
    let Ok(ranking) = &model.ranking else {
        return CheckItem {
            topic,
            status: Status::Note,
            text: "no ranking, so no blocks.".into(),
        };
    };
    let flat: Vec<&str> = ranking
        .subjects
        .iter()
        .zip(&ranking.medians)
        .filter(|(_, medians)| medians.iter().all(|m| *m == medians[0]))
        .map(|(s, _)| s.as_str())
        .collect();
    if flat.is_empty() {
        CheckItem {
            topic,
            status: Status::Met,
            text: format!(
                "on each of the {} subjects the ranked strategies' medians differ somewhere.",
                ranking.subjects.len()
            ),
        }
    } else {
        CheckItem {
            topic,
            status: Status::Warning,
            text: format!(
                "{} of {} subjects tie every ranked strategy ({}): they carry no information \
                 about the order yet count in N, which narrows the critical difference.",
                flat.len(),
                ranking.subjects.len(),
                flat.join(", ")
            ),
        }
    }
}

fn corrections(model: &ReportModel) -> CheckItem {
    let pairs: Vec<usize> = model
        .subjects
        .iter()
        .filter_map(|s| s.pairwise.as_ref().ok())
        .map(|p| {
            let tested = p
                .cells
                .iter()
                .flatten()
                .flatten()
                .filter(|c| c.p_holm.is_some());
            tested.count() / 2
        })
        .collect();
    let family = match (pairs.iter().min(), pairs.iter().max()) {
        (Some(low), Some(high)) if low == high => format!("{low}"),
        (Some(low), Some(high)) => format!("{low} to {high}"),
        _ => "no".into(),
    };
    CheckItem {
        topic: "multiple-testing correction",
        status: Status::Met,
        text: format!(
            "pairwise Mann–Whitney p-values are Holm-adjusted over each subject's pairs ({family} \
             per subject, not across subjects); the ranking is one Friedman test, its pairs \
             judged by the Nemenyi critical difference (all pairs at once, α = {}).",
            super::ranking::ALPHA
        ),
    }
}

fn separable(model: &ReportModel) -> CheckItem {
    let topic = "what the critical difference can separate";
    let ranking = match &model.ranking {
        Ok(ranking) => ranking,
        Err(why) => {
            return CheckItem {
                topic,
                status: Status::Note,
                text: format!("no ranking: {why}"),
            };
        }
    };
    let Ok(nemenyi) = &ranking.nemenyi else {
        return CheckItem {
            topic,
            status: Status::Note,
            text: "no critical difference.".into(),
        };
    };
    let (k, n) = (
        ranking.strategies.len() as f64,
        ranking.subjects.len() as f64,
    );
    // CD = q·√(k(k+1)/(6N)): the N at which the CD shrinks to one rank.
    let q = nemenyi.cd / (k * (k + 1.0) / (6.0 * n)).sqrt();
    let one_rank = (q * q * k * (k + 1.0) / 6.0).ceil();
    CheckItem {
        topic,
        status: Status::Note,
        text: format!(
            "with k = {k} strategies over N = {n} subjects the CD is {:.2} ranks (of a range \
             of {}): strategies whose average ranks differ by less cannot be told apart, \
             which is not evidence that they are equal. Separating a difference of one rank \
             would take N ≥ {one_rank} subjects.",
            nemenyi.cd,
            k - 1.0
        ),
    }
}

/// Whether the checklist holds a violation.
pub fn violated(items: &[CheckItem]) -> bool {
    items.iter().any(|i| i.status == Status::Violation)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unequal_stated_budgets_are_a_violation_and_unstated_ones_a_warning() {
        let mut model = crate::report::page::tests::smoke_model();
        let labels = model.strategies.clone();
        let all = |budget: Budget| -> BTreeMap<String, Budget> {
            labels.iter().map(|l| (l.clone(), budget.clone())).collect()
        };
        let design = |budgets| {
            Ok(Design {
                budgets,
                seed_free: BTreeSet::new(),
            })
        };
        model.budgets = design(all(Budget::Calls(1000)));
        assert_eq!(budgets(&model).status, Status::Met);
        // 50 test cases of 20 calls are the share of 1,000 calls (and 333 of 3 of 1,000).
        let mut walks = all(Budget::Calls(1000));
        let tests = |tests, n| Budget::Tests {
            tests,
            calls_each: Some(n),
        };
        walks.insert(labels[0].clone(), tests(50, 20));
        walks.insert(labels[1].clone(), tests(333, 3));
        walks.insert(labels[2].clone(), tests(334, 3)); // 1,002 calls: within 0.1 %
        model.budgets = design(walks.clone());
        assert_eq!(budgets(&model).status, Status::Met);
        walks.insert(labels[0].clone(), tests(50, 10));
        model.budgets = design(walks);
        let item = budgets(&model);
        assert_eq!(item.status, Status::Violation, "{}", item.text);
        assert!(
            item.text.contains("50 test cases of 10 calls"),
            "{}",
            item.text
        );
        // Equal test counts at different lengths are equal test-case budgets.
        model.budgets = design(
            labels
                .iter()
                .enumerate()
                .map(|(i, l)| (l.clone(), tests(1000, i as u64 + 1)))
                .collect(),
        );
        assert_eq!(budgets(&model).status, Status::Met);
        let mut structure = all(Budget::Calls(1000));
        structure.insert(
            labels[0].clone(),
            Budget::Other("a whole structure suite".into()),
        );
        model.budgets = design(structure);
        assert_eq!(budgets(&model).status, Status::Warning);
        model.budgets = Err("no experiment file".into());
        assert_eq!(budgets(&model).status, Status::Warning);
    }

    #[test]
    fn fewer_than_ten_trials_of_a_seeded_strategy_are_a_violation() {
        let mut model = crate::report::page::tests::smoke_model();
        // The smoke run has 3 replicates; `be` runs once (seed-free).
        let be: BTreeSet<String> = model
            .strategies
            .iter()
            .filter(|l| l.starts_with("be "))
            .cloned()
            .collect();
        model.budgets = Ok(Design {
            budgets: BTreeMap::new(),
            seed_free: be.clone(),
        });
        let item = trials(&model);
        assert_eq!(item.status, Status::Violation, "{}", item.text);
        assert!(item.text.starts_with("3 replicates of "), "{}", item.text);
        assert!(item.text.contains("Seed-free (be n=1"), "{}", item.text);
        assert!(violated(&checklist(&model)));
        // Every seeded strategy at 10 replicates or more: met.
        for subject in &mut model.subjects {
            for kills in subject.kills.iter_mut().flatten() {
                kills.per_replicate = (0..10).map(f64::from).collect();
            }
        }
        let item = trials(&model);
        assert_eq!(item.status, Status::Met, "{}", item.text);
        assert!(item.text.starts_with("10 replicates per"), "{}", item.text);
    }

    #[test]
    fn the_critical_difference_item_gives_the_subjects_one_rank_needs() {
        let model = crate::report::page::tests::smoke_model();
        let item = separable(&model);
        let ranking = model.ranking.as_ref().unwrap();
        let cd = ranking.nemenyi.as_ref().unwrap().cd;
        let (k, n) = (
            ranking.strategies.len() as f64,
            ranking.subjects.len() as f64,
        );
        // At N subjects the CD is `cd`; at N·cd² it is one rank.
        let needed = (n * cd * cd).ceil() - 1.0;
        assert!(
            item.text.contains(&format!("CD is {cd:.2} ranks")),
            "{}",
            item.text
        );
        let quoted: f64 = item
            .text
            .rsplit("N ≥ ")
            .next()
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(
            (quoted - needed).abs() <= 1.0,
            "{quoted} against {needed} (k = {k})"
        );
    }
}
