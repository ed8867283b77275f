//! `greybox` on the ports: determinism, the suite it emits, its queue, its parameters.

use std::sync::Arc;

use super::*;
use crate::context::TestContext;
use crate::generator::{GeneratorConfig, GeneratorKind, SuiteBudget, generate_suite};
use crate::subject::registry;

fn suite_with(
    class: &str,
    settings: &GreyboxSettings,
    seed: u64,
    cost: u64,
) -> crate::generator::Suite {
    let unit = registry().find(class).unwrap();
    let context = Arc::new(TestContext::paper(unit).unwrap());
    let config = GeneratorConfig::with_params::<Greybox>(settings, 20);
    let budget = SuiteBudget {
        tests: None,
        cost: Some(cost),
    };
    generate_suite(unit, &context, &config, seed, budget).unwrap()
}

fn suite(class: &str, seed: u64, cost: u64) -> crate::generator::Suite {
    suite_with(class, &GreyboxSettings::default(), seed, cost)
}

#[test]
fn the_same_seed_gives_the_same_suite_and_another_seed_another() {
    let a = suite("TreeMap", 4, 6_000);
    assert_eq!(a, suite("TreeMap", 4, 6_000));
    assert_ne!(a.derivations, suite("TreeMap", 5, 6_000).derivations);
    let other_thread = std::thread::spawn(|| suite("TreeMap", 4, 6_000))
        .join()
        .unwrap();
    assert_eq!(a, other_thread);
}

/// Runs the fuzzer by hand on `class` within `cost` calls.
fn fuzz(
    class: &str,
    settings: &GreyboxSettings,
    seed: u64,
    cost: u64,
) -> (Greybox, Vec<Generated>) {
    let unit = registry().find(class).unwrap();
    let context = Arc::new(TestContext::paper(unit).unwrap());
    let mut gold = GoldExecutor::new(unit, Arc::clone(&context), true);
    let mut generator = Greybox::build(settings, 15, seed);
    let mut generated = Vec::new();
    while gold.cost < cost {
        generated.push(FeedbackGenerator::next_case(&mut generator, &mut gold).unwrap());
    }
    (generator, generated)
}

/// Every input run is emitted in order, a longer one derived from the one-call test of
/// its first call; the queue holds the initial tests that brought coverage and the
/// inputs found from them, entries are picked over several cycles, and every entry
/// brought new coverage: replayed in order, each adds to the map.
#[test]
fn the_queue_keeps_exactly_the_inputs_that_brought_new_coverage() {
    let (generator, generated) = fuzz("ArrayList", &GreyboxSettings::default(), 9, 20_000);
    for (k, g) in generated.iter().enumerate() {
        let d = &g.derivation;
        assert!(d.parts.len() <= 1 && d.parts.iter().all(|&p| (p as usize) < k));
        assert!(d.fuzz.len() + 2 <= 15 || d.parts.is_empty());
    }
    let fuzzer = generator.fuzzer.as_ref().unwrap();
    let queue = &fuzzer.queue;
    assert!(queue.len() > 10, "{} entries", queue.len());
    assert!(queue.cycles() >= 1 || (0..queue.len()).any(|i| queue.seed(i).stats.picks > 0));
    assert!((0..queue.len()).any(|i| queue.seed(i).stats.depth > 1));
    // Replayed in queue order, each entry brings something new to a fresh map.
    let unit = registry().find("ArrayList").unwrap();
    let context = Arc::new(TestContext::paper(unit).unwrap());
    let mut gold = GoldExecutor::new(unit, Arc::clone(&context), true);
    let mut map = CoverageMap::new(gold.probes());
    for i in 0..queue.len() {
        let (_, trace, _) = execute(&mut gold, &queue.seed(i).test, true);
        assert!(map.add(&trace).0.is_new(), "entry {i}");
    }
    assert_eq!(map.covered(), fuzzer.map.covered());
}

/// The power schedules give suites of their own (`explore` and `exploit` alike with
/// β = 1); bucketed hit counts keep more entries than reached probes alone.
#[test]
fn schedules_and_hit_counts_change_the_search() {
    // Few havoc runs per seed, so that the queue turns within the budget.
    let with = |schedule, hit_counts| GreyboxSettings {
        schedule,
        hit_counts,
        havoc_cycles: 8,
        havoc_cycles_init: 8,
        havoc_min: 1,
        ..GreyboxSettings::default()
    };
    let schedules = [
        PowerSchedule::Fast,
        PowerSchedule::Coe,
        PowerSchedule::Explore,
        PowerSchedule::Exploit,
        PowerSchedule::Lin,
        PowerSchedule::Quad,
    ];
    let suites: Vec<_> = schedules
        .iter()
        .map(|&s| suite_with("TreeMap", &with(s, true), 3, 20_000).derivations)
        .collect();
    let mut distinct: Vec<usize> = Vec::new();
    for i in 0..suites.len() {
        if distinct.iter().all(|&j| suites[j] != suites[i]) {
            distinct.push(i);
        }
    }
    eprintln!("distinct schedules' suites: {distinct:?}");
    assert_eq!(suites[2], suites[3], "explore and exploit with β = 1");
    assert!(distinct.len() >= 4, "{distinct:?}");
    let (counted, _) = fuzz("ArrayList", &with(PowerSchedule::Fast, true), 2, 10_000);
    let (flags, _) = fuzz("ArrayList", &with(PowerSchedule::Fast, false), 2, 10_000);
    let entries = |g: &Greybox| g.fuzzer.as_ref().unwrap().queue.len();
    assert!(
        entries(&counted) > entries(&flags),
        "{} ≤ {}",
        entries(&counted),
        entries(&flags)
    );
}

#[test]
fn bad_parameters_are_refused_naming_the_key() {
    for (table, key) in [
        ("schedule = \"slow\"", "schedule"),
        ("havoc-stack-pow2 = 0", "havoc-stack-pow2"),
        ("havoc-cycles = 0", "havoc-cycles"),
        ("power-beta = 0", "power-beta"),
        ("initial-tests = 0", "initial-tests"),
        ("arith-max = 0", "arith-max"),
        ("deterministic = true", "deterministic"),
    ] {
        let table: toml::Table = table.parse().unwrap();
        let error = GeneratorKind::GREYBOX.read_parameters(&table).unwrap_err();
        assert_eq!(error.key(), key, "{error}");
    }
    let table: toml::Table = "schedule = \"exploit\"".parse().unwrap();
    GeneratorKind::GREYBOX.read_parameters(&table).unwrap();
}
