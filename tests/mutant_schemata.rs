//! The schemata copies of the registered subjects: every `java.util` unit has compiled
//! mutants, gold through the schemata behaves as the plain port, mutants change
//! behaviour, and no compiled mutant brings the process down on random test cases.

use std::sync::Arc;

mod common;

use common::{Trace, call, java_units, random_cases, trace};
use testspace::context::TestContext;
use testspace::subject::{GOLD, JavaException, Session, Unit, guard, registry};

fn array_list() -> (&'static dyn Unit, Arc<TestContext>) {
    let unit = registry().find("ArrayList").unwrap();
    let context = Arc::new(TestContext::paper(unit).unwrap());
    (unit, context)
}

/// The outcome of every call and the primitive pools after each (rendering a mutant's
/// objects runs mutant code outside the harness's panic catching, so it is left out).
fn outcomes(session: &mut dyn Session, calls: &[u32]) -> Vec<(Result<(), JavaException>, String)> {
    session.reset();
    calls
        .iter()
        .map(|&c| (session.step(c), format!("{:?}", session.primitives())))
        .collect()
}

/// The id of `unit`'s mutant `original` → `replacement` on the line `offset` lines below
/// the first line of `file` containing `marker` (found in the source, so that edits
/// above it do not break the test).
fn mutant_at(
    unit: &dyn Unit,
    file: &str,
    marker: &str,
    offset: usize,
    original: &str,
    replacement: &str,
) -> u32 {
    let source = std::fs::read_to_string(file).unwrap();
    let line = 1 + offset + source.lines().position(|l| l.contains(marker)).unwrap();
    let location = format!("{file}:{line}:");
    unit.mutants()
        .iter()
        .find(|m| {
            m.location.starts_with(&location)
                && m.original == original
                && m.replacement == replacement
        })
        .unwrap_or_else(|| panic!("no {original} → {replacement} mutant at {location}"))
        .id
}

#[test]
fn array_list_gold_through_the_schemata_matches_the_plain_port_on_random_test_cases() {
    let (unit, context) = array_list();
    assert!(
        unit.mutants().len() > 200,
        "ArrayList has {} mutants",
        unit.mutants().len()
    );
    let mut plain = unit.session(context.clone());
    let mut gold = unit.mutant_session(context.clone(), GOLD).unwrap();
    for calls in random_cases(context.j(), 300, 40, 1) {
        assert_eq!(
            trace(&mut *plain, &calls),
            trace(&mut *gold, &calls),
            "{calls:?}"
        );
    }
}

#[test]
fn every_unit_runs_gold_through_its_schemata_as_the_plain_port_and_has_a_mutant_that_differs() {
    let units = java_units();
    assert_eq!(units.len(), 16, "the paper's 16 units");
    for (unit, context) in units {
        let cases = random_cases(context.j(), 60, 40, 3);
        let mut plain = unit.session(context.clone());
        let mut gold = unit.mutant_session(context.clone(), GOLD).unwrap();
        let gold_traces: Vec<Trace> = cases.iter().map(|c| trace(&mut *gold, c)).collect();
        for (calls, gold_trace) in cases.iter().zip(&gold_traces) {
            assert_eq!(
                &trace(&mut *plain, calls),
                gold_trace,
                "{}: {calls:?}",
                unit.class()
            );
        }
        assert!(
            !unit.mutants().is_empty(),
            "{} has no compiled mutants",
            unit.class()
        );
        let differs = unit.mutants().iter().any(|m| {
            let mut session = unit.mutant_session(context.clone(), m.id).unwrap();
            cases
                .iter()
                .zip(&gold_traces)
                .any(|(calls, gold_trace)| &trace(&mut *session, calls) != gold_trace)
        });
        assert!(differs, "no mutant of {} differs from gold", unit.class());
    }
}

#[test]
fn the_is_empty_mutant_turns_the_answer_around() {
    let (unit, context) = array_list();
    let id = mutant_at(
        unit,
        "subjects/array_list.rs",
        "pub fn is_empty",
        1,
        "==",
        "!=",
    );
    let new = call(&context, "ArrayList()", &[0]);
    let is_empty = call(&context, "isEmpty()", &[0, 0]);
    for (mutant, expected) in [(GOLD, true), (id, false)] {
        let mut session = unit.mutant_session(context.clone(), mutant).unwrap();
        session.step(new).unwrap();
        session.step(is_empty).unwrap();
        assert_eq!(session.primitives().bools[0], expected, "mutant {mutant}");
    }
}

#[test]
fn every_compiled_mutant_of_every_unit_runs_random_test_cases_without_killing_the_process() {
    // The entry guard sits only in functions a call cycle can pass (docs/mutants.md):
    // every mutant still ends, with an outcome, within its gold-derived fuel budget.
    for (unit, context) in java_units() {
        let cases = random_cases(context.j(), 2, 30, 2);
        let mut gold = unit.mutant_session(context.clone(), GOLD).unwrap();
        let budgets: Vec<u64> = cases
            .iter()
            .map(|calls| {
                outcomes(&mut *gold, calls);
                guard::mutant_budget(gold.fuel_used().unwrap())
            })
            .collect();
        let mut differing = 0;
        for m in unit.mutants() {
            let mut session = unit.mutant_session(context.clone(), m.id).unwrap();
            for (calls, &budget) in cases.iter().zip(&budgets) {
                session.set_fuel_budget(budget);
                let got = outcomes(&mut *session, calls);
                assert!(
                    session.fuel_used().unwrap() <= budget,
                    "{} mutant {}",
                    unit.class(),
                    m.id
                );
                differing += usize::from(got != outcomes(&mut *gold, calls));
            }
        }
        assert!(
            differing > 0,
            "some mutant of {} must behave differently",
            unit.class()
        );
    }
}

/// LinkedList's mutant `self.nodes.len() - 1` → `% 1` links every new node into slot 0,
/// so two `add`s make node 0 its own successor. Walking the list then never ends — in
/// unit code through a closure driven by `std::iter::successors` (`contains`), and in the
/// shared, uninstrumented `AbstractCollection.toString` — and must cost fuel in both.
#[test]
fn a_mutant_with_a_cyclic_list_times_out_in_closures_and_shared_loops() {
    let unit = registry().find("LinkedList").unwrap();
    let context = Arc::new(TestContext::paper(unit).unwrap());
    let id = mutant_at(
        unit,
        "subjects/linked_list.rs",
        "self.nodes.len() - 1",
        0,
        "-",
        "%",
    );
    let prefix = [
        call(&context, "LinkedList()", &[0]),
        call(&context, "add(Integer)", &[0, 0, 0]),
        call(&context, "add(Integer)", &[0, 0, 0]),
    ];
    for last in [
        call(&context, "contains(Integer)", &[1, 0, 0]),
        call(&context, "toString()", &[0, 0]),
    ] {
        let calls: Vec<u32> = prefix.iter().copied().chain([last]).collect();
        let mut gold = unit.mutant_session(context.clone(), GOLD).unwrap();
        assert!(outcomes(&mut *gold, &calls).iter().all(|(o, _)| o.is_ok()));
        let mut mutant = unit.mutant_session(context.clone(), id).unwrap();
        mutant.set_fuel_budget(guard::mutant_budget(gold.fuel_used().unwrap()));
        let ends: Vec<_> = outcomes(&mut *mutant, &calls)
            .into_iter()
            .map(|(o, _)| o)
            .collect();
        assert_eq!(
            ends,
            [Ok(()), Ok(()), Ok(()), Err(JavaException::Timeout)],
            "{calls:?}"
        );
    }
}
