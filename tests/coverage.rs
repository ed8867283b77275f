//! The coverage copies of the registered subjects: gold through a coverage copy behaves
//! exactly as the plain port (results, exceptions, pools) and uses exactly the fuel of
//! gold through the schemata copy (so mutant fuel budgets, and the runner's tables, do not
//! change with coverage); and the probes record what a test case did.

use std::sync::Arc;

mod common;

use common::{call, java_units, random_cases, trace};
use testspace::context::TestContext;
use testspace::coverage::Coverage;
use testspace::subject::probes::ProbeKind;
use testspace::subject::{GOLD, Session, registry};

#[test]
fn every_unit_runs_gold_through_its_coverage_copy_as_the_plain_port_with_the_schemata_fuel() {
    let units = java_units();
    assert_eq!(units.len(), 16);
    for (unit, context) in units {
        let mut plain = unit.session(context.clone());
        let mut schemata = unit.mutant_session(context.clone(), GOLD).unwrap();
        let mut covered = unit.coverage_session(context.clone()).unwrap();
        let mut cases = random_cases(context.j(), 60, 40, 3);
        cases.extend(random_cases(context.j(), 4, 400, 4));
        for calls in &cases {
            let expected = trace(&mut *plain, calls);
            assert_eq!(
                trace(&mut covered, calls),
                expected,
                "{}: {calls:?}",
                unit.class()
            );
            trace(&mut *schemata, calls);
            assert_eq!(
                covered.fuel_used(),
                schemata.fuel_used(),
                "{}: fuel of {calls:?}",
                unit.class()
            );
        }
    }
}

#[test]
fn every_unit_has_probes_on_its_port_functions_and_random_test_cases_reach_some_not_all() {
    for (unit, context) in java_units() {
        let table = unit.probes().unwrap();
        let lines = unit.source().lines().count() as u32;
        assert!(table.file.starts_with("subjects/"), "{}", table.file);
        assert!(
            table
                .probes
                .iter()
                .all(|p| (1..=lines).contains(&p.line) && !p.function.is_empty()),
            "{}",
            unit.class()
        );
        let mut coverage = Coverage::new(table);
        let mut session = unit.coverage_session(context.clone()).unwrap();
        for calls in random_cases(context.j(), 50, 30, 5) {
            trace(&mut session, &calls);
            coverage.absorb(&session);
        }
        let (total, covered) = (coverage.branches_total(), coverage.branches_covered());
        assert!(
            0 < covered && covered < total,
            "{}: {covered} of {total}",
            unit.class()
        );
    }
}

#[test]
fn a_test_case_reaches_the_entry_and_one_outcome_of_the_decision_of_is_empty() {
    let unit = registry().find("ArrayList").unwrap();
    let context = Arc::new(TestContext::paper(unit).unwrap());
    let table = unit.probes().unwrap();
    let line = 1 + unit
        .source()
        .lines()
        .position(|l| l.contains("pub fn is_empty"))
        .unwrap() as u32;
    let entry = table
        .probes
        .iter()
        .position(|p| p.kind == ProbeKind::Entry && p.line == line)
        .expect("an entry probe on the line of `pub fn is_empty`");
    assert_eq!(table.probes[entry].function, "ArrayList::is_empty");

    let call = |sig: &str, slots: &[u32]| call(&context, sig, slots);
    let mut session = unit.coverage_session(context.clone()).unwrap();
    let mut coverage = Coverage::new(table);
    trace(&mut session, &[call("ArrayList()", &[0])]);
    assert!(!coverage.absorb(&session).contains(&entry));
    trace(
        &mut session,
        &[call("ArrayList()", &[0]), call("isEmpty()", &[0, 0])],
    );
    let newly = coverage.absorb(&session).to_vec();
    assert!(newly.contains(&entry), "isEmpty() enters is_empty");
    // A second identical test case covers nothing new.
    trace(
        &mut session,
        &[call("ArrayList()", &[0]), call("isEmpty()", &[0, 0])],
    );
    assert!(coverage.absorb(&session).is_empty());
    let f = coverage.function_index("ArrayList::is_empty").unwrap();
    assert_eq!(coverage.uncovered_ratio(f), 0.0);
}

#[test]
fn flags_cleared_per_cell_cover_every_test_case_since_the_clear() {
    let unit = registry().find("HashMap").unwrap();
    let context = Arc::new(TestContext::paper(unit).unwrap());
    let cases = random_cases(context.j(), 20, 30, 9);
    // Per test case, accumulated by the caller …
    let mut per_case = unit.coverage_session(context.clone()).unwrap();
    let mut accumulated = Coverage::new(unit.probes().unwrap());
    for calls in &cases {
        trace(&mut per_case, calls);
        accumulated.absorb(&per_case);
    }
    // … equals the flags of a session cleared once for the whole cell.
    let mut per_cell = unit.coverage_session(context.clone()).unwrap();
    per_cell.clear_per_test_case(false);
    per_cell.clear();
    for calls in &cases {
        trace(&mut per_cell, calls);
    }
    let mut cell = Coverage::new(unit.probes().unwrap());
    cell.absorb(&per_cell);
    assert_eq!(cell.covered(), accumulated.covered());
    assert!(cell.branches_covered() > 0);
}
