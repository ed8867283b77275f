//! Generated suites are pinned. For every registered generator on every unit with the
//! paper's context, two seeds, within 4,000 cost units, the SHA-256 of the suite — its file
//! (derivations, kinds, costs) and its test cases in canonical form — is the one recorded
//! in `testdata/suites/digests.txt`.
//!
//! Generation's speed-ups must keep this file as it is. A change meant to alter suites
//! rewrites it (`TESTSPACE_BLESS=1 cargo test --test suite_digests`) and says why.

use std::fmt::Write as _;
use std::sync::Arc;

use sha2::{Digest, Sha256};
use testspace::context::TestContext;
use testspace::generator::{
    GeneratorConfig, GeneratorKind, SuiteBudget, SuiteHeader, generate_suite,
};
use testspace::subject::registry;

const PINNED: &str = "testdata/suites/digests.txt";
const BUDGET: SuiteBudget = SuiteBudget {
    tests: None,
    cost: Some(4_000),
};

/// One line per (unit, generator, seed): the names, the number of test cases, the digest.
fn digests() -> String {
    let mut lines = String::new();
    for unit in registry().units() {
        let Ok(context) = TestContext::paper(unit) else {
            continue;
        };
        let context = Arc::new(context);
        for &kind in GeneratorKind::ALL {
            let config = GeneratorConfig::of(kind, 100);
            for seed in [1, 2] {
                // A generator that needs coverage skips units without probes.
                let Ok(suite) = generate_suite(unit, &context, &config, seed, BUDGET) else {
                    continue;
                };
                let header = SuiteHeader {
                    subject: unit.class().to_string(),
                    config: config.clone(),
                    seed,
                    budgets: vec![BUDGET],
                    prefixes: vec![suite.len()],
                    cases: suite.len(),
                    skipped: Vec::new(),
                };
                let mut bytes = Vec::new();
                suite.write(&header, &mut bytes).unwrap();
                for case in &suite.cases(unit, &context) {
                    serde_json::to_writer(&mut bytes, case).unwrap();
                    bytes.push(b'\n');
                }
                let digest = Sha256::digest(&bytes);
                let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
                writeln!(
                    lines,
                    "{} {} {seed} {} {hex}",
                    unit.class(),
                    kind.name(),
                    suite.len()
                )
                .unwrap();
            }
        }
    }
    lines
}

#[test]
fn every_generators_suites_are_the_pinned_ones() {
    let now = digests();
    if std::env::var_os("TESTSPACE_BLESS").is_some() {
        std::fs::write(PINNED, &now).unwrap();
        return;
    }
    let pinned = std::fs::read_to_string(PINNED).unwrap();
    let changed: Vec<String> = pinned
        .lines()
        .zip(now.lines())
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("pinned {a}\n   now {b}"))
        .collect();
    assert!(
        changed.is_empty() && pinned.lines().count() == now.lines().count(),
        "suites differ from {PINNED} ({} lines pinned, {} now):\n{}",
        pinned.lines().count(),
        now.lines().count(),
        changed.join("\n")
    );
    // Every generator is pinned on some unit.
    for &kind in GeneratorKind::ALL {
        assert!(
            now.lines()
                .any(|l| l.split(' ').nth(1) == Some(kind.name()))
        );
    }
}
