//! `#[testspace::mutants]` in a crate that depends on testspace (this test crate): the module
//! is compiled as gold, schemata copy and coverage copy; its unit knows where the module lies;
//! its probes name this file's lines; without a catalog no mutant is compiled in; and gold
//! as a target is judged by the crash oracle.

use std::sync::Arc;

use testspace::context::{MethodSelection, PoolInit, TestContext};
use testspace::experiment::Until;
use testspace::oracle::{OracleKind, trace};
use testspace::runner::job::{Job, execute};
use testspace::strategy::Strategy;
use testspace::subject::probes::ProbeKind;
use testspace::subject::{CallTable, CatalogState, Declared, GOLD, Unit};
use testspace::walk::{WalkConfig, WalkKind};

#[testspace::mutants]
mod counter {
    /// A counter that refuses large steps by panicking: the fault the crash oracle finds.
    #[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
    pub struct Counter {
        value: i32,
    }

    #[testspace::subject]
    impl Counter {
        pub fn new() -> Self {
            Self::default()
        }
        pub fn add(&mut self, step: i32) -> i32 {
            if step > 100 {
                panic!("step too large: {step}");
            }
            self.value += step;
            self.value
        }
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn test_items_are_not_copied() {}
    }
}

const THIS_FILE: &str = include_str!("own_crate_mutants.rs");

/// The 1-based line of the first line of this file containing `text`.
fn line_of(text: &str) -> usize {
    THIS_FILE.lines().position(|l| l.contains(text)).unwrap() + 1
}

fn context(unit: &dyn Unit, ints: Vec<i32>) -> Arc<TestContext> {
    let pools = PoolInit {
        ints,
        bools: vec![false, true],
        strings: vec!["a".into()],
        objects: 1,
    };
    Arc::new(TestContext::new(unit, &MethodSelection::All, pools).unwrap())
}

#[test]
fn the_unit_knows_its_module_and_has_no_mutants_without_a_catalog() {
    let unit = counter::Counter::unit();
    assert_eq!(unit.class(), "Counter");
    let origin = unit.mutants_source().expect("a module of this crate");
    assert_eq!(origin.file, "tests/own_crate_mutants.rs");
    assert_eq!(origin.module, "counter");
    assert_eq!(origin.crate_root, env!("CARGO_MANIFEST_DIR"));
    assert_eq!(origin.start, (line_of("mod counter {"), 0));
    assert_eq!(origin.end.0, line_of("const THIS_FILE") - 2);
    assert_eq!(
        origin.catalog,
        CatalogState::Missing,
        "mutants/counter.toml"
    );
    assert!(unit.mutants().is_empty());
    let module_line = unit.source().lines().nth(line_of("mod counter {") - 1);
    assert_eq!(
        module_line,
        Some("mod counter {"),
        "the source keeps the file's lines"
    );
}

#[test]
fn the_coverage_copy_probes_name_this_files_lines() {
    let unit = counter::Counter::unit();
    let table = unit.probes().expect("a coverage copy");
    assert_eq!(table.file, "tests/own_crate_mutants.rs");
    let at = |kind| {
        table
            .probes
            .iter()
            .filter(|p| p.kind == kind)
            .map(|p| p.line as usize)
            .collect::<Vec<_>>()
    };
    let condition = line_of("if step > 100");
    assert_eq!(at(ProbeKind::IfThen), [condition]);
    assert_eq!(at(ProbeKind::IfElse), [condition]);
    assert!(
        table
            .probes
            .iter()
            .all(|p| p.function != "test_items_are_not_copied"),
        "test items are left out"
    );
}

#[test]
fn gold_through_the_schemata_copy_runs_as_gold() {
    let unit = counter::Counter::unit();
    let context = context(unit.as_ref(), vec![1, 7, -3]);
    let mut gold = unit.session(context.clone() as Arc<dyn CallTable>);
    let mut copy = unit
        .mutant_session(context.clone() as Arc<dyn CallTable>, GOLD)
        .unwrap();
    let j = context.j();
    for seed in 0..50u32 {
        let calls: Vec<u32> = (0..6).map(|i| (seed * 7 + i * 3) % j).collect();
        assert_eq!(
            trace(gold.as_mut(), &calls, true),
            trace(copy.as_mut(), &calls, true),
            "{calls:?}"
        );
    }
}

#[test]
fn gold_as_a_target_fails_exactly_the_test_cases_in_which_a_call_panics() {
    let unit = counter::Counter::unit();
    let job = |context: &Arc<TestContext>| {
        let job = Job {
            subject: "Counter".into(),
            mutant: GOLD,
            strategy: Strategy::Walk(WalkConfig::of(WalkKind::RANDOM)),
            n: 4,
            suite: None,
            max_guarded: None,
            abandon: Vec::new(),
            refused: Vec::new(),
            seed: 41,
            start: 0,
            count: Some(200),
            until: Until::Budget,
            seconds: None,
            oracle: OracleKind::Paper,
            coverage: false,
        };
        execute(&job, unit.as_ref(), context).unwrap()
    };
    let found = job(&context(unit.as_ref(), vec![1, 101]));
    assert!(found.failing_tests > 0, "{found:?}");
    assert!(
        found.failing_tests < 200,
        "only test cases that call add(101): {found:?}"
    );
    // Results go back into the int pool, so the safe pool must stay small over 4 calls.
    let safe = job(&context(unit.as_ref(), vec![1, 2]));
    assert_eq!(safe.failing_tests, 0, "no call panics: {safe:?}");
}

/// A run that asks for the mutants of a module built without them (no catalog, as here) is
/// refused before it writes anything, rather than testing gold alone in silence.
#[test]
fn a_run_of_a_module_built_without_its_mutants_is_refused() {
    testspace::subject::install(vec![counter::Counter::unit()]).unwrap();
    let scratch = tempfile::tempdir().unwrap();
    let out = scratch.path().join("runs");
    let experiment = "name = \"counter\"\nseed = 1\nreplicates = 1\nsubjects = \"all\"\n\
        [context]\nmethods = \"all\"\n[context.pools]\nint = { size = 2, init = [0, 101] }\n\
        object = { size = 1 }\n[mutants]\ngold = true\n\
        [[phase]]\nname = \"p\"\n[[phase.run]]\nstrategy = \"r\"\nn = 4\ntests = 10\n";
    let options = testspace::runner::RunOptions {
        jobs: 1,
        resume: false,
        resume_other_version: false,
        out: Some(out.clone()),
        watchdog: None,
        progress: testspace::runner::progress::ProgressMode::Off,
        profile: "default".to_string(),
        shard: None,
    };
    let error = testspace::runner::run_experiment_source(
        std::path::Path::new("counter.toml"),
        experiment,
        &options,
    )
    .unwrap_err()
    .to_string();
    assert!(
        error.starts_with("counter.toml: subject `Counter` has no mutant catalog ("),
        "{error}"
    );
    assert!(error.ends_with("mutants/counter.toml), so this build holds none of its mutants and the run would test gold alone; run `mutate`, build again, and run"), "{error}");
    assert!(!out.exists());
}

/// Greybox fuzzing steers by this module's coverage copy: within 3,000 calls it reaches the
/// panicking branch (`step > 100`, beyond the context's `int`s) on every seed — an AFL
/// interesting value or a havoc arithmetic step takes it there — and its suite is the same
/// for the same seed.
#[test]
fn greybox_fuzzing_reaches_the_panicking_branch_through_the_coverage_copy() {
    use testspace::generator::sequence::{Input, Statement};
    use testspace::generator::{
        CaseKind, GeneratorConfig, GeneratorKind, SuiteBudget, generate_suite,
    };
    let unit = counter::Counter::unit();
    let context = context(unit.as_ref(), vec![1, 7, -3]);
    let config = GeneratorConfig::of(GeneratorKind::GREYBOX, 6);
    let budget = SuiteBudget {
        tests: None,
        cost: Some(3_000),
    };
    for seed in 1..=3 {
        let suite = generate_suite(unit.as_ref(), &context, &config, seed, budget).unwrap();
        assert_eq!(
            suite,
            generate_suite(unit.as_ref(), &context, &config, seed, budget).unwrap()
        );
        // A test case that threw and whose calls include `add` with a step over 100.
        let add = unit.methods().iter().position(|m| m.name == "add").unwrap() as u32;
        let large_step = |call: &Statement| {
            call.method == add && matches!(call.inputs[0], Input::Int(step) if step > 100)
        };
        assert!(
            suite.derivations.iter().zip(&suite.kinds).any(|(d, kind)| {
                *kind == CaseKind::Exception
                    && (large_step(&d.call) || d.fuzz.iter().any(|f| large_step(&f.call)))
            }),
            "seed {seed}: no step over 100"
        );
    }
}
