//! The tables of the book's page "Field-exhaustive testing (Ponzio et al. 2016)" (docs/ponzio2016.md).
//!
//! ```sh
//! # Generation per scope of LinkedList and TreeMap, each approach until a scope exceeds
//! # its deterministic cap (Korat: 5·10⁷ candidates; SAT: 6·10⁷ propagations; each about
//! # 10 s here) or the encoding's limit:
//! cargo run --release --example ponzio2016 -- generation > results/ponzio2016/generation.csv
//! # Mutants killed per unit, oracle, strategy and scope, from a results folder of
//! # experiments/ponzio2016.toml (Markdown):
//! cargo run --release --example ponzio2016 -- mutation results/ponzio2016
//! # fdrt at a field-exhaustive suite's budget against that suite (Markdown):
//! cargo run --release --example ponzio2016 -- equal-budget results/ponzio2016
//! # The paper's claim 4 where BE's generation is capped: FE SAT beyond scope 6 against BE
//! # at every scope it reaches, mutant by mutant (Markdown):
//! cargo run --release --example ponzio2016 -- beyond-be results/ponzio2016
//! ```
//!
//! The generation table's deterministic columns are the sizes, Korat's candidates and the
//! solver calls; the `*_seconds` columns are measured on the machine that runs it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::Instant;

use testspace::structure::extension::greedy_suite;
use testspace::structure::sat::field_exhaustive_suite;
use testspace::structure::search_within;
use testspace::structure::units::FINITIZATIONS;
use testspace::subject::heap::{HeapFields, canonical};
use testspace::table::Table;

/// The paper's knob is a time cap per scope; here it is two deterministic work caps, so that
/// which scopes each approach reaches is the same on any machine: Korat's candidates and
/// the SAT solver's unit propagations, each about [`CAP_SECONDS`] on this machine at the
/// rates measured for docs/structures.md (Korat 3.9–4.5 × 10⁶ candidates per second, batsat
/// 5–8 × 10⁶ propagations per second at the largest scopes).
const KORAT_CAP: u64 = 50_000_000;
/// The SAT cap: the propagations batsat makes in about [`CAP_SECONDS`] here.
const SAT_CAP: u64 = 60_000_000;
/// The time each cap stands for on the machine the caps were measured on.
const CAP_SECONDS: f64 = 10.0;

fn generation() {
    println!(
        "unit,scope,fields,bound,extension_pairs,be_structures,korat_candidates,korat_seconds,fe_greedy,greedy_seconds,fe_sat,solver_calls,sat_propagations,sat_seconds"
    );
    eprintln!(
        "caps: {KORAT_CAP} Korat candidates, {SAT_CAP} SAT propagations (about {CAP_SECONDS} s each)"
    );
    for f in &FINITIZATIONS {
        let (mut korat_open, mut sat_open) = (true, true);
        let mut n = 1;
        while (korat_open || sat_open) && n <= f.encoding_limit {
            let scope = f.scope(n);
            let layout = scope.heap_scope();
            let mut cells: BTreeMap<&str, String> = BTreeMap::new();
            if sat_open {
                let started = Instant::now();
                let sat = field_exhaustive_suite(scope.as_ref()).expect("within the limit");
                let seconds = started.elapsed().as_secs_f64();
                sat_open = sat.propagations <= SAT_CAP;
                if sat_open {
                    cells.insert("extension_pairs", sat.covered_pairs.to_string());
                    cells.insert("fe_sat", sat.structures.len().to_string());
                    cells.insert("solver_calls", sat.solver_calls.to_string());
                    cells.insert("sat_propagations", sat.propagations.to_string());
                    cells.insert("sat_seconds", format!("{seconds:.4}"));
                }
            }
            if korat_open {
                let started = Instant::now();
                let mut all: Vec<HeapFields> = Vec::new();
                let stats = search_within(
                    layout,
                    |r| scope.rep_ok(r),
                    |c| all.push(canonical(&layout.heap(c))),
                    KORAT_CAP,
                );
                let seconds = started.elapsed().as_secs_f64();
                match stats {
                    Some(stats) => {
                        cells.insert("be_structures", stats.valid.to_string());
                        cells.insert("korat_candidates", stats.candidates.to_string());
                        cells.insert("korat_seconds", format!("{seconds:.4}"));
                        let started = Instant::now();
                        let greedy = greedy_suite(&all);
                        cells.insert("fe_greedy", greedy.len().to_string());
                        cells.insert(
                            "greedy_seconds",
                            format!("{:.4}", started.elapsed().as_secs_f64()),
                        );
                    }
                    None => korat_open = false,
                }
            }
            if cells.is_empty() {
                break;
            }
            let get = |c: &str| cells.get(c).cloned().unwrap_or_default();
            println!(
                "{},{n},{},{},{},{},{},{},{},{},{},{},{},{}",
                f.unit,
                layout.fields(),
                layout.fields() * n * n,
                get("extension_pairs"),
                get("be_structures"),
                get("korat_candidates"),
                get("korat_seconds"),
                get("fe_greedy"),
                get("greedy_seconds"),
                get("fe_sat"),
                get("solver_calls"),
                get("sat_propagations"),
                get("sat_seconds"),
            );
            n += 1;
        }
    }
}

/// One (subject, phase, strategy or label, scope or n).
type Key = (String, String, String, u64);

/// What a replicate's cells of one [`Key`] add up to.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Replicate {
    mutants: f64,
    killed: f64,
    timeouts: f64,
    tests_run: f64,
    cpu_seconds: f64,
    /// The cells' test budget (the largest): |suite| · j for a structure run.
    test_budget: f64,
    /// Gold's branch coverage of the whole suite in percent: the most branches a cell
    /// covered (a surviving mutant's cell runs every test case) over the unit's branches;
    /// `None` where the cells record no coverage.
    coverage: Option<f64>,
}

/// The cells of the results folder `results` and each row's [`Key`].
fn keyed(results: &Path) -> (Table, Vec<Key>) {
    let table = testspace::report::read_table(results).expect("a results folder");
    let text = |name: &str| table.column(name).unwrap().values.to_texts();
    let n = table.column("n").unwrap().values.to_f64s().unwrap();
    let (subject, phase, strategy) = (text("subject"), text("phase"), text("strategy"));
    let keys = (0..table.height())
        .map(|row| {
            (
                subject[row].clone().unwrap(),
                phase[row].clone().unwrap(),
                strategy[row].clone().unwrap(),
                n[row].unwrap() as u64,
            )
        })
        .collect();
    (table, keys)
}

/// Every (key, replicate) of the cells of the results folder `results`.
fn replicates(results: &Path) -> BTreeMap<Key, BTreeMap<u64, Replicate>> {
    let (table, keys) = keyed(results);
    let number = |name: &str| table.column(name).unwrap().values.to_f64s().unwrap();
    let outcome = table.column("outcome").unwrap().values.to_texts();
    let (replicate, tests, cpu, budget) = (
        number("replicate"),
        number("tests_run"),
        number("cpu_seconds"),
        number("test_budget"),
    );
    let (covered, total) = (number("branches_covered"), number("branches_total"));
    let mut groups: BTreeMap<Key, BTreeMap<u64, Replicate>> = BTreeMap::new();
    for (row, key) in keys.into_iter().enumerate() {
        let entry = groups
            .entry(key)
            .or_default()
            .entry(replicate[row].unwrap() as u64)
            .or_default();
        let outcome = outcome[row].as_deref().unwrap();
        entry.mutants += 1.0;
        entry.killed += f64::from(u8::from(outcome == "killed"));
        entry.timeouts += f64::from(u8::from(outcome == "timeout" || outcome == "crash"));
        entry.tests_run += tests[row].unwrap();
        entry.cpu_seconds += cpu[row].unwrap();
        entry.test_budget = entry.test_budget.max(budget[row].unwrap_or(0.0));
        if let (Some(covered), Some(total)) = (covered[row], total[row]) {
            let percent = 100.0 * covered / total;
            entry.coverage = Some(entry.coverage.map_or(percent, |c: f64| c.max(percent)));
        }
    }
    groups
}

/// The median of `values` and, when they differ, their range: `m` or `m (lo–hi)`.
fn spread(values: &[f64], digits: usize) -> String {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let (lo, hi) = (sorted[0], sorted[sorted.len() - 1]);
    let median = (sorted[(sorted.len() - 1) / 2] + sorted[sorted.len() / 2]) / 2.0;
    if lo == hi {
        format!("{lo:.digits$}")
    } else {
        format!("{median:.digits$} ({lo:.digits$}–{hi:.digits$})")
    }
}

/// Per (subject, phase, strategy, scope): cells, killed per replicate (the median and range
/// over replicates where they differ), test cases per mutant and gold's branch coverage
/// (likewise), test cases run and CPU seconds (the mean over replicates where they differ).
fn mutation(results: &Path) {
    println!(
        "| unit | oracle | strategy | scope (n for fdrt) | mutants | killed (median, range over replicates) | timeouts | test cases per mutant | branch coverage % | test cases run (per replicate) | CPU seconds (measured, per replicate) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for ((subject, phase, strategy, scope), replicates) in &replicates(results) {
        let all: Vec<&Replicate> = replicates.values().collect();
        let first = all[0];
        let of = |f: fn(&Replicate) -> f64| all.iter().map(|r| f(r)).collect::<Vec<_>>();
        let coverage: Vec<f64> = all.iter().filter_map(|r| r.coverage).collect();
        let coverage = if coverage.is_empty() {
            String::new()
        } else {
            spread(&coverage, 1)
        };
        // Seed-free strategies' replicates repeat one cell: its work once; a seeded
        // strategy's work is the mean over its replicates.
        let count = all.len() as f64;
        let mean = |f: fn(&Replicate) -> f64| all.iter().map(|r| f(r)).sum::<f64>() / count;
        println!(
            "| {subject} | {phase} | {strategy} | {scope} | {} | {} | {} | {} | {coverage} | {:.0} | {:.1} |",
            first.mutants,
            spread(&of(|r| r.killed), 0),
            spread(&of(|r| r.timeouts), 0),
            spread(&of(|r| r.test_budget), 0),
            mean(|r| r.tests_run),
            mean(|r| r.cpu_seconds),
        );
    }
}

/// fdrt at the budget of a field-exhaustive suite against that suite, under Andrews's
/// oracle (the only one that judges fdrt's call sequences): per unit and budget, the
/// gold method calls (fe-sat's |suite| · j), kills and branch coverage of both sides, and
/// Â12 with the test over replicates — Mann–Whitney against `fe-sat-seeded` (both sides a
/// sample), the signed-rank test of the paired differences against the one deterministic
/// `fe-sat` suite (`compare`'s rule for a seed-free side).
fn equal_budget(results: &Path) {
    let groups = replicates(results);
    let phase = "andrews-oracle";
    println!(
        "| unit | fdrt run | against | scope | gold calls | fdrt kills | FE kills | Â12 (fdrt, FE) | test | p | fdrt coverage % | FE coverage % |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    let get = |subject: &str, strategy: &str, n: u64| {
        groups.get(&(
            subject.to_string(),
            phase.to_string(),
            strategy.to_string(),
            n,
        ))
    };
    for subject in ["LinkedList", "TreeMap"] {
        for (fdrt, scope) in [("fdrt-as-fe-sat-6", 6), ("fdrt-as-fe-sat-10", 10)] {
            let Some(random) = get(subject, fdrt, 100) else {
                continue;
            };
            for against in ["fe-sat-seeded", "fe-sat"] {
                let Some(fe) = get(subject, against, scope) else {
                    continue;
                };
                let x: Vec<f64> = random.values().map(|r| r.killed).collect();
                let y: Vec<f64> = fe.values().map(|r| r.killed).collect();
                let seeded = against.ends_with("seeded");
                let (test, p) = if seeded {
                    let t =
                        testspace::stats::mann_whitney_u(&x, &y, testspace::stats::Method::Auto)
                            .expect("two samples");
                    ("mann-whitney", t.p_value)
                } else {
                    let d: Vec<f64> = x.iter().zip(&y).map(|(a, b)| a - b).collect();
                    let t =
                        testspace::stats::signed_rank(&d, testspace::stats::SignedRankMethod::Auto)
                            .expect("a sample of differences");
                    ("signed-rank", t.p_value)
                };
                let a12 = testspace::stats::a12(&x, &y).expect("two samples");
                let coverage = |side: &BTreeMap<u64, Replicate>| {
                    let c: Vec<f64> = side.values().filter_map(|r| r.coverage).collect();
                    if c.is_empty() {
                        String::new()
                    } else {
                        spread(&c, 1)
                    }
                };
                let calls: Vec<f64> = fe.values().map(|r| r.test_budget).collect();
                println!(
                    "| {subject} | {fdrt} | {against} | {scope} | {} | {} | {} | {a12:.3} | {test} | {p:.4} | {} | {} |",
                    spread(&calls, 0),
                    spread(&x, 0),
                    spread(&y, 0),
                    coverage(random),
                    coverage(fe),
                );
            }
        }
    }
}

/// The mutants each (subject, phase, strategy, scope) killed in any replicate (the
/// strategies read here are seed-free: a mutant's cell is the same in every replicate that
/// has it; the `-capped` phases hold a replicate's killed mutants only, so the union over
/// replicates is every mutant some replicate gave them).
fn kill_sets(results: &Path) -> BTreeMap<Key, BTreeSet<u64>> {
    let (table, keys) = keyed(results);
    let outcome = table.column("outcome").unwrap().values.to_texts();
    let mutant = table.column("mutant").unwrap().values.to_f64s().unwrap();
    let mut sets: BTreeMap<Key, BTreeSet<u64>> = BTreeMap::new();
    for (row, key) in keys.into_iter().enumerate() {
        let kills = sets.entry(key).or_default();
        if outcome[row].as_deref() == Some("killed") {
            kills.insert(mutant[row].unwrap() as u64);
        }
    }
    sets
}

/// Claim 4 of the paper (FE ahead where BE times out), mutant by mutant: per unit, oracle
/// and FE SAT scope beyond 6, FE's kills, those BE kills at no scope it reaches (1–6 on
/// every mutant, 7 up to its cap on the killed ones), and BE's kills FE misses. Every
/// mutant FE kills is among the `-capped` phases' mutants, so the second column is exact;
/// the third counts only mutants some run of the earlier phases killed.
fn beyond_be(results: &Path) {
    let sets = kill_sets(results);
    println!(
        "| unit | oracle | FE SAT scope | FE SAT kills | BE's largest scope | BE kills (any scope) | FE kills BE misses | BE kills FE misses |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for subject in ["LinkedList", "TreeMap"] {
        for oracle in ["andrews-oracle", "structure-oracle"] {
            let capped = format!("{oracle}-capped");
            let be_runs = sets.iter().filter(|((s, p, strategy, _), _)| {
                s == subject && (p == oracle || *p == capped) && strategy == "be-structures"
            });
            let largest = be_runs.clone().map(|((.., n), _)| *n).max().unwrap_or(0);
            let be: BTreeSet<u64> = be_runs
                .flat_map(|(_, kills)| kills.iter().copied())
                .collect();
            let fe_scopes = sets.iter().filter(|((s, p, strategy, n), _)| {
                s == subject && p == oracle && strategy == "fe-sat" && *n > 6
            });
            for ((.., scope), fe) in fe_scopes {
                println!(
                    "| {subject} | {oracle} | {scope} | {} | {largest} | {} | {} | {} |",
                    fe.len(),
                    be.len(),
                    fe.difference(&be).count(),
                    be.difference(fe).count(),
                );
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["generation"] => generation(),
        ["mutation", results] => mutation(Path::new(results)),
        ["equal-budget", results] => equal_budget(Path::new(results)),
        ["beyond-be", results] => beyond_be(Path::new(results)),
        _ => {
            eprintln!(
                "usage: ponzio2016 generation | ponzio2016 mutation RESULTS | ponzio2016 equal-budget RESULTS | ponzio2016 beyond-be RESULTS"
            );
            std::process::exit(2);
        }
    }
}
