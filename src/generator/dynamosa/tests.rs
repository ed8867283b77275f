//! `dynamosa` on the ports: determinism, the suite it emits, and its archive.

use std::sync::Arc;

use super::*;
use crate::context::TestContext;
use crate::generator::{GeneratorConfig, GeneratorKind, SuiteBudget, generate_suite};
use crate::subject::registry;

fn suite(class: &str, seed: u64, cost: u64) -> crate::generator::Suite {
    let unit = registry().find(class).unwrap();
    let context = Arc::new(TestContext::paper(unit).unwrap());
    let config = GeneratorConfig::of(GeneratorKind::DYNAMOSA, 20);
    let budget = SuiteBudget {
        tests: None,
        cost: Some(cost),
    };
    generate_suite(unit, &context, &config, seed, budget).unwrap()
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

/// Drives the generator by hand: every test it evaluates is emitted, as a one-call test
/// or derived from the one-call test of its first call; the suite's canonical test cases
/// are the evaluated sequences.
#[test]
fn every_evaluated_test_is_emitted_in_order() {
    let unit = registry().find("ArrayList").unwrap();
    let context = Arc::new(TestContext::paper(unit).unwrap());
    let mut gold = GoldExecutor::new(unit, Arc::clone(&context), true);
    let mut generator = Dynamosa::build(&DynamosaSettings::default(), 15, 9);
    let mut generated = Vec::new();
    while gold.cost < 8_000 {
        generated.push(FeedbackGenerator::next_case(&mut generator, &mut gold).unwrap());
    }
    // More than one generation.
    assert!(generated.len() > 3 * 50, "{}", generated.len());
    for (k, g) in generated.iter().enumerate() {
        let d = &g.derivation;
        assert!(d.parts.len() <= 1);
        if let Some(&part) = d.parts.first() {
            assert!((part as usize) < k);
            let first = &generated[part as usize].derivation;
            assert!(first.parts.is_empty() && first.fuzz.is_empty());
            assert!(d.fuzz.len() + 2 <= 15);
        } else {
            assert!(d.fuzz.is_empty());
        }
    }
    let search = generator.search.as_ref().unwrap();
    assert!(search.archive.covered() > 0);
    // The archive's tests cover their targets: replayed, each reaches its target.
    for target in 0..search.graph.len() {
        if let Some(test) = search.archive.test(target) {
            let (_, evaluated) = evaluate(&mut gold, test.clone());
            assert!(evaluated.reached[target], "target {target}");
        }
    }
    // Current targets grow from the roots along the forest: every current target is a
    // root or the child of a covered target.
    for target in 0..search.graph.len() {
        if search.current[target] {
            match search.graph.parent(target) {
                None => {}
                Some(parent) => assert!(search.archive.covers(parent), "{target}"),
            }
        }
    }
}

/// Branch distances reach the search: on gold's coverage copy of a port, some evaluated
/// test records a finite, positive distance for a probe it did not reach.
#[test]
fn evaluations_read_branch_distances_from_the_coverage_copy() {
    let unit = registry().find("Vector").unwrap();
    let context = Arc::new(TestContext::paper(unit).unwrap());
    let mut gold = GoldExecutor::new(unit, Arc::clone(&context), true);
    let callable: Vec<&MethodInfo> = context.methods().iter().map(|m| &m.info).collect();
    let variation = Variation::new(unit.methods(), &callable, &DynamosaSettings::default(), 20);
    let mut rng = case_rng(2, 0);
    let found = (0..200).any(|_| {
        let (_, e) = evaluate(&mut gold, variation.random_test(&mut rng));
        (0..e.reached.len())
            .any(|p| !e.reached[p] && e.distances[p].is_finite() && e.distances[p] > 0.0)
    });
    assert!(found);
}

#[test]
fn bad_parameters_are_refused_naming_the_key() {
    for (table, key) in [
        ("population = 1", "population"),
        ("tournament-size = 0", "tournament-size"),
        ("crossover-rate = 1.5", "crossover-rate"),
        ("max-delta = 0", "max-delta"),
        ("statement-insertion = 1.0", "statement-insertion"),
        ("elitism = 3", "elitism"),
    ] {
        let table: toml::Table = table.parse().unwrap();
        let error = GeneratorKind::DYNAMOSA.read_parameters(&table).unwrap_err();
        assert_eq!(error.key(), key, "{error}");
    }
}

/// The Vault's `tryOpen` holds only for its secret, 4242, beyond every random `int`
/// (|x| ≤ 2048) and seed value, 2,194 from the nearest: with branch distances DynaMOSA
/// climbs towards it by mutation deltas on every seed; counting the missed branch as a
/// flag, it stays where random values and undirected deltas put it.
#[test]
fn branch_distances_lead_the_search_towards_the_vault_s_secret() {
    use crate::subject::fixtures::vault::VaultUnit;
    let unit = VaultUnit::new();
    let context = Arc::new(TestContext::paper(&unit).unwrap());
    // The smallest distance to `tryOpen`'s true branch over the final population, and
    // whether the archive holds it.
    let search = |branch_distance: bool, seed: u64| {
        let settings = DynamosaSettings {
            branch_distance,
            ..DynamosaSettings::default()
        };
        let mut gold = GoldExecutor::new(&unit, Arc::clone(&context), true);
        let mut generator = Dynamosa::build(&settings, 4, seed);
        while gold.cost < 40_000 {
            FeedbackGenerator::next_case(&mut generator, &mut gold).unwrap();
        }
        let search = generator.search.as_ref().unwrap();
        let nearest = search
            .population
            .iter()
            .map(|e| {
                let (_, again) = evaluate(&mut gold, Sequence::clone(&e.test));
                again.distances[1]
            })
            .fold(f64::INFINITY, f64::min);
        (nearest, search.archive.covers(1))
    };
    use crate::subject::fixtures::vault::SECRET;
    // The nearest any random `int` or seed value comes.
    let random_reach = f64::from(SECRET - 2048);
    for seed in 1..=3 {
        let (led, _) = search(true, seed);
        let (flags, _) = search(false, seed);
        assert!(led < random_reach, "seed {seed}: {led}");
        assert!(led < flags, "seed {seed}: {led} against {flags}");
    }
}
