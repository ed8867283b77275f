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
//! ```
//!
//! The generation table's deterministic columns are the sizes, Korat's candidates and the
//! solver calls; the `*_seconds` columns are measured on the machine that runs it.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

use testspace::structure::extension::greedy_suite;
use testspace::structure::sat::field_exhaustive_suite;
use testspace::structure::search_within;
use testspace::structure::units::FINITIZATIONS;
use testspace::subject::heap::{HeapFields, canonical};

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

/// Per (subject, phase, strategy, scope): cells, killed per replicate (the median and range
/// over replicates where the strategy uses its seed), test cases run and CPU seconds (the
/// mean over replicates where the strategy uses its seed).
fn mutation(results: &Path) {
    let table = testspace::report::read_table(results).expect("a results folder");
    let text = |name: &str| table.column(name).unwrap().values.to_texts();
    let number = |name: &str| table.column(name).unwrap().values.to_f64s().unwrap();
    let (subject, phase, strategy, outcome) = (
        text("subject"),
        text("phase"),
        text("strategy"),
        text("outcome"),
    );
    let (n, replicate, tests, cpu) = (
        number("n"),
        number("replicate"),
        number("tests_run"),
        number("cpu_seconds"),
    );
    // (subject, phase, strategy, scope) → per replicate (mutants, killed, timeouts, tests, cpu).
    type Key = (String, String, String, u64);
    let mut groups: BTreeMap<Key, BTreeMap<u64, [f64; 5]>> = BTreeMap::new();
    for row in 0..table.height() {
        let key = (
            subject[row].clone().unwrap(),
            phase[row].clone().unwrap(),
            strategy[row].clone().unwrap(),
            n[row].unwrap() as u64,
        );
        let entry = groups
            .entry(key)
            .or_default()
            .entry(replicate[row].unwrap() as u64)
            .or_default();
        let outcome = outcome[row].as_deref().unwrap();
        entry[0] += 1.0;
        entry[1] += f64::from(u8::from(outcome == "killed"));
        entry[2] += f64::from(u8::from(outcome == "timeout" || outcome == "crash"));
        entry[3] += tests[row].unwrap();
        entry[4] += cpu[row].unwrap();
    }
    println!(
        "| unit | oracle | strategy | scope | mutants | killed (median, range over replicates) | timeouts | test cases run (per replicate) | CPU seconds (measured, per replicate) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for ((subject, phase, strategy, scope), replicates) in &groups {
        let mut killed: Vec<f64> = replicates.values().map(|r| r[1]).collect();
        killed.sort_by(f64::total_cmp);
        let first = replicates.values().next().unwrap();
        let killed = if killed.len() > 1 && killed[0] != killed[killed.len() - 1] {
            let median = (killed[(killed.len() - 1) / 2] + killed[killed.len() / 2]) / 2.0;
            format!("{median} ({}–{})", killed[0], killed[killed.len() - 1])
        } else {
            format!("{}", killed[0])
        };
        // Seed-free strategies' replicates repeat one cell: its work once; a seeded
        // strategy's work is the mean over its replicates.
        let work = if replicates.values().all(|r| r == first) {
            *first
        } else {
            let count = replicates.len() as f64;
            replicates.values().fold([0.0; 5], |mut a, r| {
                for (a, r) in a.iter_mut().zip(r) {
                    *a += r / count;
                }
                a
            })
        };
        println!(
            "| {subject} | {phase} | {strategy} | {scope} | {} | {killed} | {} | {:.0} | {:.1} |",
            first[0], first[2], work[3], work[4]
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["generation"] => generation(),
        ["mutation", results] => mutation(Path::new(results)),
        _ => {
            eprintln!("usage: ponzio2016 generation | ponzio2016 mutation RESULTS");
            std::process::exit(2);
        }
    }
}
