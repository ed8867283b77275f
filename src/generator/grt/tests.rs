//! GRT's claims: without components it is FDRT; each component reaches what it exists for
//! on the `Vault` fixture (or shows its effect on a port) where FDRT does not.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::*;
use crate::context::{MethodSelection, TestContext};
use crate::generator::{Fdrt, Generated, GeneratedCase, GeneratorConfig, GeneratorKind, Suite};
use crate::kernel::parameters;
use crate::subject::fixtures::vault::{SECRET, VaultUnit};
use crate::subject::{Session, Unit, registry};

/// The test cases `generator` makes for `unit` in `context` within `cost` gold calls,
/// gold running the unit's coverage copy.
fn run<G: FeedbackGenerator>(
    generator: G,
    unit: &dyn Unit,
    context: &TestContext,
    cost: u64,
) -> Vec<Generated> {
    run_on(generator, unit, context, cost, true)
}

/// [`run`] with gold on the coverage copy (`coverage`) or the schemata copy.
fn run_on<G: FeedbackGenerator>(
    mut generator: G,
    unit: &dyn Unit,
    context: &TestContext,
    cost: u64,
    coverage: bool,
) -> Vec<Generated> {
    let mut gold = GoldExecutor::new(unit, Arc::new(context.clone()), coverage);
    let mut cases = Vec::new();
    while gold.cost < cost {
        match generator.next_case(&mut gold) {
            Some(generated) => cases.push(generated),
            None => break,
        }
    }
    cases
}

fn grt(components: &[Component], seed: u64) -> Grt {
    let settings = GrtSettings {
        components: components.to_vec(),
        ..GrtSettings::default()
    };
    Grt::build(&settings, 100, seed)
}

/// The canonical forms of `cases`, a generator's test cases from its first, rebuilt from
/// their derivations.
fn forms(unit: &dyn Unit, context: &TestContext, cases: &[Generated]) -> Vec<GeneratedCase> {
    let suite = Suite {
        generator: Grt::NAME.into(),
        seed: 0,
        // The default seed values: those of every generator these tests run.
        padding: GeneratorConfig::of(GeneratorKind::GRT, 100).padding(),
        costs: vec![0; cases.len()],
        kinds: cases.iter().map(|g| g.kind).collect(),
        derivations: cases.iter().map(|g| g.derivation.clone()).collect(),
    };
    suite.cases(unit, context)
}

/// The probes `cases` reach, replayed on gold's coverage copy.
fn covered(unit: &dyn Unit, context: &TestContext, cases: &[Generated]) -> BTreeSet<usize> {
    let table = unit.probes().expect("a unit with probes");
    let mut session = unit.coverage_session(Arc::new(context.clone())).unwrap();
    session.clear_per_test_case(false);
    session.clear();
    let mut reached = BTreeSet::new();
    for case in forms(unit, context, cases) {
        session.reset_to(&case.pools);
        for call in &case.calls {
            let _ = session.step_slots(call.method as usize, &call.slots);
        }
        crate::subject::probes::reached(table.probes.len(), |id| {
            reached.insert(id);
        });
    }
    reached
}

#[test]
fn without_components_grt_makes_fdrt_s_suite() {
    for class in ["ArrayList", "TreeMap"] {
        let unit = registry().find(class).unwrap();
        let context = TestContext::paper(unit).unwrap();
        for seed in [1, 2] {
            let fdrt = Fdrt::build(&FdrtSettings::default(), 100, seed);
            assert_eq!(
                run(grt(&[], seed), unit, &context, 5_000),
                run(fdrt, unit, &context, 5_000),
                "{class}, seed {seed}"
            );
        }
    }
}

/// Only Bloodhound reads coverage. Without it GRT runs gold's schemata copy, whose fuel is
/// the coverage copy's, and makes the very suite it makes through the coverage copy: on
/// every unit with the other five components, and on two units with each alone.
#[test]
fn without_bloodhound_grt_makes_the_same_suite_on_the_schemata_copy() {
    let others = &Component::ALL[..5];
    assert!(!others.contains(&Component::Bloodhound));
    let settings = |components: &[Component]| GrtSettings {
        components: components.to_vec(),
        ..GrtSettings::default()
    };
    assert!(!Grt::needs_coverage(&settings(others)));
    assert!(Grt::needs_coverage(&GrtSettings::default()));
    let mut configurations: Vec<(&dyn Unit, Vec<Component>)> = registry()
        .units()
        .map(|unit| (unit, others.to_vec()))
        .collect();
    for class in ["HashMap", "TreeMap"] {
        let unit = registry().find(class).unwrap();
        configurations.extend(others.iter().map(|&c| (unit, vec![c])));
    }
    for (unit, components) in configurations {
        let context = TestContext::paper(unit).unwrap();
        let through = |coverage| run_on(grt(&components, 4), unit, &context, 2_000, coverage);
        let class = unit.class();
        assert_eq!(through(false), through(true), "{class}, {components:?}");
    }
}

#[test]
fn grt_is_registered_with_all_six_components_by_default() {
    let kind: GeneratorKind = "grt".parse().unwrap();
    let defaults: GrtSettings = parameters::from_values(&kind.default_parameters());
    assert_eq!(defaults.components, Component::ALL);
    assert_eq!(defaults.constant_probability.0, 0.01);
    assert_eq!(defaults.fuzz_deviation, 30.0);
    assert_eq!(defaults.bloodhound_every.0, 50_000);
}

#[test]
fn unknown_or_repeated_components_and_bad_values_are_refused_by_key() {
    let read = |text: &str| parameters::read::<GrtSettings>(&toml::from_str(text).unwrap());
    let unknown = read(r#"components = ["constant-mining", "telepathy"]"#).unwrap_err();
    assert_eq!(unknown.key(), "components");
    assert!(unknown.to_string().contains("telepathy"), "{unknown}");
    let twice = read(r#"components = ["impurity", "impurity"]"#).unwrap_err();
    assert_eq!(twice.key(), "components");
    assert_eq!(
        read("fuzz-deviation = -1.0").unwrap_err().key(),
        "fuzz-deviation"
    );
    assert_eq!(
        read("bloodhound-decay = 1.0").unwrap_err().key(),
        "bloodhound-decay"
    );
    assert_eq!(
        read("bloodhound-every = 0").unwrap_err().key(),
        "bloodhound-every"
    );
    assert_eq!(
        read("constant-probability = 2").unwrap_err().key(),
        "constant-probability"
    );
    assert!(read(r#"components = []"#).is_ok());
}

/// The vault's probes: 1 `tryOpen` true, 3 `near` true, 5 `say` true, 7 `isCopy` true.
const OPEN: usize = 1;
const NEAR: usize = 3;
const WORD: usize = 5;
const COPY: usize = 7;

fn vault_coverage(components: &[Component], seed: u64) -> BTreeSet<usize> {
    let unit = VaultUnit::new();
    let context = TestContext::paper(&unit).unwrap();
    let cases = run(grt(components, seed), &unit, &context, 4_000);
    covered(&unit, &context, &cases)
}

#[test]
fn fdrt_reaches_none_of_the_vault_s_guarded_branches() {
    for seed in 1..=3 {
        let reached = vault_coverage(&[], seed);
        for probe in [OPEN, NEAR, WORD, COPY] {
            assert!(!reached.contains(&probe), "seed {seed}: {reached:?}");
        }
        // It does run every query.
        assert!(
            [2, 4, 6, 8].iter().all(|p| reached.contains(p)),
            "{reached:?}"
        );
    }
}

#[test]
fn constant_mining_opens_the_vault_with_its_own_constants() {
    for seed in 1..=3 {
        let reached = vault_coverage(&[Component::ConstantMining], seed);
        assert!(reached.contains(&OPEN), "seed {seed}: {SECRET} never tried");
        assert!(reached.contains(&WORD), "seed {seed}: the word never said");
    }
}

#[test]
fn impurity_moves_seed_values_into_the_near_range() {
    for seed in 1..=3 {
        let reached = vault_coverage(&[Component::Impurity], seed);
        assert!(reached.contains(&NEAR), "seed {seed}: {reached:?}");
        assert!(
            !reached.contains(&OPEN),
            "seed {seed}: noise alone found the secret"
        );
    }
}

#[test]
fn elephant_brain_calls_methods_on_copies_declared_object() {
    for seed in 1..=3 {
        let reached = vault_coverage(&[Component::ElephantBrain], seed);
        assert!(reached.contains(&COPY), "seed {seed}: {reached:?}");
    }
}

#[test]
fn detective_builds_receivers_that_m_c_cannot_make() {
    let unit = VaultUnit::new();
    let paper = TestContext::paper(&unit).unwrap();
    // M_C without the constructor: no method of M_C makes a vault.
    let selection = MethodSelection::Signatures(vec!["tryOpen(int)".into(), "isCopy()".into()]);
    let context = TestContext::new(&unit, &selection, paper.pools().clone()).unwrap();
    let fdrt = run(grt(&[], 1), &unit, &context, 2_000);
    assert!(fdrt.is_empty(), "FDRT made {} test cases", fdrt.len());
    let detective = run(grt(&[Component::Detective], 1), &unit, &context, 2_000);
    let names = |case: &GeneratedCase| -> Vec<&str> {
        let methods = unit.methods();
        let calls = case.calls.iter();
        calls.map(|c| methods[c.method as usize].name).collect()
    };
    let detective = forms(&unit, &context, &detective);
    assert!(
        detective
            .iter()
            .any(|case| names(case).contains(&"tryOpen")),
        "no test case called M_C"
    );
    // The constructor, outside M_C, starts every test case.
    assert!(detective.iter().all(|case| names(case)[0] == "Vault"));
}

#[test]
fn orienteering_builds_on_short_cheap_sequences() {
    let unit = registry().find("ArrayList").unwrap();
    let context = TestContext::paper(unit).unwrap();
    let mean_calls = |components: &[Component]| {
        let (mut calls, mut cases) = (0, 0);
        for seed in 1..=3 {
            let suite = run(grt(components, seed), unit, &context, 20_000);
            let forms = forms(unit, &context, &suite);
            calls += forms.iter().map(|case| case.len()).sum::<usize>();
            cases += suite.len();
        }
        calls as f64 / cases as f64
    };
    let (uniform, oriented) = (mean_calls(&[]), mean_calls(&[Component::Orienteering]));
    assert!(
        oriented < 0.8 * uniform,
        "{oriented} vs {uniform} calls per test case"
    );
}

#[test]
fn grt_is_deterministic_in_its_seed() {
    let unit = registry().find("HashMap").unwrap();
    let context = TestContext::paper(unit).unwrap();
    let a = run(grt(&Component::ALL, 9), unit, &context, 5_000);
    let b = run(grt(&Component::ALL, 9), unit, &context, 5_000);
    assert_eq!(a, b);
    assert_ne!(a, run(grt(&Component::ALL, 10), unit, &context, 5_000));
}

#[test]
fn impurity_changes_object_inputs_with_methods_seen_to_change_state() {
    let unit = registry().find("ArrayList").unwrap();
    let context = TestContext::paper(unit).unwrap();
    let suite = run(grt(&[Component::Impurity], 3), unit, &context, 20_000);
    let methods = unit.methods();
    let fuzzers: BTreeSet<&str> = suite
        .iter()
        .flat_map(|g| &g.derivation.fuzz)
        .map(|f| methods[f.call.method as usize].name)
        .collect();
    // Fuzz calls happen, and only with methods that can change a list.
    let changing = [
        "add",
        "set",
        "remove",
        "clear",
        "trimToSize",
        "ensureCapacity",
    ];
    assert!(fuzzers.len() >= 3, "{fuzzers:?}");
    assert!(
        fuzzers.iter().all(|name| changing.contains(name)),
        "{fuzzers:?}"
    );
    // Each fuzzed test case is its parts, the fuzz calls and the call, in that order.
    let cases = forms(unit, &context, &suite);
    let fuzzed = suite
        .iter()
        .position(|g| !g.derivation.fuzz.is_empty())
        .unwrap();
    let derivation = &suite[fuzzed].derivation;
    let parts: usize = derivation
        .parts
        .iter()
        .map(|&p| cases[p as usize].len())
        .sum();
    assert_eq!(cases[fuzzed].len(), parts + derivation.fuzz.len() + 1);
}

#[test]
fn bloodhound_calls_methods_whose_code_is_all_covered_less_often() {
    let unit = registry().find("ArrayList").unwrap();
    let context = TestContext::paper(unit).unwrap();
    // `size()` and `isEmpty()` run one function each, covered by their first call.
    let queries = |g: &Generated| {
        ["size", "isEmpty"].contains(&unit.methods()[g.derivation.call.method as usize].name)
    };
    let share = |components: &[Component]| {
        let settings = GrtSettings {
            components: components.to_vec(),
            bloodhound_every: crate::kernel::parameters::CostUnits(1_000),
            ..GrtSettings::default()
        };
        let (mut hits, mut cases) = (0, 0);
        for seed in 1..=3 {
            let suite = run(Grt::build(&settings, 100, seed), unit, &context, 20_000);
            hits += suite.iter().filter(|g| queries(g)).count();
            cases += suite.len();
        }
        hits as f64 / cases as f64
    };
    let (uniform, hound) = (share(&[]), share(&[Component::Bloodhound]));
    // About half as often (0.037 against 0.069 when written).
    assert!(hound < 0.75 * uniform, "{hound} vs {uniform}");
}

/// The counts of each component alone, and of all six, on the Vault within 4,000 gold
/// calls (issue 39, item 9; [`activity`]).
fn vault_activity(components: &[Component], seed: u64) -> activity::Activity {
    let unit = VaultUnit::new();
    let context = TestContext::paper(&unit).unwrap();
    let mut generator = grt(components, seed);
    let mut gold = GoldExecutor::new(&unit, Arc::new(context), true);
    while gold.cost < 4_000 && generator.next_case(&mut gold).is_some() {}
    generator.activity()
}

#[test]
fn on_the_vault_every_component_changes_choices_and_without_components_none_is_counted() {
    for seed in 1..=3 {
        let all = vault_activity(&Component::ALL, seed);
        for component in Component::ALL {
            let count = all.of(component);
            assert!(count.changed > 0, "seed {seed}, {component:?}: {count:?}");
            assert!(count.changed <= count.asked, "{component:?}: {count:?}");
            // Alone, it acts too, and no other component is counted.
            let alone = vault_activity(&[component], seed);
            assert!(alone.of(component).changed > 0, "{component:?} alone");
            for other in Component::ALL.iter().filter(|&&c| c != component) {
                assert_eq!(alone.of(*other), activity::Count::default(), "{other:?}");
            }
        }
        // The parts: the global level's constants are among Constant mining's changes;
        // no vault method changes its receiver, so Impurity never fuzzes an object
        // input; Bloodhound's weights are unequal at some draws (after selections decay
        // them), and it changes a choice only then.
        let constants = all.of(Component::ConstantMining);
        assert!(all.global_constants <= constants.changed, "{all:?}");
        assert!(
            all.object_inputs.asked > 0 && all.object_inputs.changed == 0,
            "{all:?}"
        );
        let hound = all.of(Component::Bloodhound);
        assert!(all.unequal_weights > 0, "{all:?}");
        assert!(hound.changed <= all.unequal_weights, "{all:?}");
        assert_eq!(vault_activity(&[], seed), activity::Activity::default());
    }
}
