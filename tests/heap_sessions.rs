//! Sessions that start from a built structure (issue 18): gold and every mutant build the
//! same instance from a description (the `HeapBuild` glue is copied unmutated into the
//! schemata), read it back, and gold's own calls keep the unit's invariant.

use std::sync::Arc;

use testspace::context::TestContext;
use testspace::structure::{Invariant, LinkedListScope, TreeMapScope};
use testspace::subject::heap::{FieldValue, HeapError, HeapFields, canonical};
use testspace::subject::{GOLD, Session, Unit, registry};

fn session(
    unit: &dyn Unit,
    context: &Arc<TestContext>,
    mutant: u32,
    heap: &HeapFields,
) -> Box<dyn Session> {
    unit.heap_session(context.clone(), mutant, 0, heap)
        .expect("the unit builds structures and has the mutant")
        .expect("the heap fits the port")
}

/// Every valid structure of `scope`, from gold and from every tenth mutant, reads back as
/// built; then every call of the paper's context on gold leaves an instance that satisfies
/// the invariant of `after` (or falls outside it), and some calls stay inside it.
fn check(name: &str, scope: &dyn Invariant, structures: &[Vec<u32>], after: &dyn Invariant) {
    let unit = registry().find(name).unwrap();
    let context = Arc::new(TestContext::paper(unit).unwrap());
    let (mut inside, mut calls) = (0, 0);
    for candidate in structures {
        let heap = canonical(&scope.heap_scope().heap(candidate));
        for mutant in std::iter::once(GOLD).chain(unit.mutants().iter().step_by(10).map(|m| m.id)) {
            let mut s = session(unit, &context, mutant, &heap);
            s.reset();
            assert_eq!(
                s.object_heap(0).map(|h| canonical(&h)),
                Some(heap.clone()),
                "{name} mutant {mutant}"
            );
        }
        let mut gold = session(unit, &context, GOLD, &heap);
        for call in 0..context.j() {
            gold.reset();
            let _ = gold.step(call);
            calls += 1;
            if let Some(after_call) = gold.object_heap(0) {
                match after.holds(&after_call) {
                    Some(false) => panic!(
                        "{name}: {} on {heap:?} broke the invariant",
                        context.render_call(call)
                    ),
                    Some(true) => inside += 1,
                    None => {}
                }
            }
        }
    }
    assert!(
        inside * 2 > calls,
        "{name}: {inside} of {calls} calls left a structure inside the scope"
    );
}

#[test]
fn linked_lists_built_from_structures_read_back_and_keep_their_invariant() {
    let scope = LinkedListScope::new(3, vec![0, 100]).unwrap();
    let after = LinkedListScope::new(8, vec![0, 100]).unwrap();
    check("LinkedList", &scope, &scope.structures(), &after);
}

#[test]
fn tree_maps_built_from_structures_read_back_and_keep_their_invariant() {
    let keys = vec![0, 50, 100];
    let scope = TreeMapScope::new(3, keys.clone(), vec![0, 100]).unwrap();
    let after = TreeMapScope::new(6, keys, vec![0, 100]).unwrap();
    check("TreeMap", &scope, &scope.structures(), &after);
}

#[test]
fn a_structure_that_does_not_fit_the_port_or_a_unit_without_structures_is_refused() {
    let unit = registry().find("TreeMap").unwrap();
    let context = Arc::new(TestContext::paper(unit).unwrap());
    let dangling = HeapFields {
        header: vec![FieldValue::Node(3), FieldValue::Int(1)],
        nodes: vec![],
    };
    let refused = unit
        .heap_session(context.clone(), GOLD, 0, &dangling)
        .unwrap();
    assert!(matches!(refused, Err(HeapError::Dangling { node: 3, .. })));
    let vector = registry().find("Vector").unwrap();
    let context = Arc::new(TestContext::paper(vector).unwrap());
    assert!(
        vector
            .heap_session(context, GOLD, 0, &HeapFields::default())
            .is_none()
    );
}

/// Every valid TreeMap of scope 3 (keys 0, 50, 100; values `null`, 0, 100) against every call
/// of the paper's context, on every tenth mutant: the structure oracle kills every mutant the
/// paper's oracle kills (it adds to it), and some that the paper's oracle misses — mutants
/// that leave the map's contents right but its tree wrong (a colour, a link, a rotation).
#[test]
fn the_structure_oracle_kills_tree_map_mutants_the_papers_oracle_misses() {
    use testspace::oracle::Verdict;
    use testspace::structure::oracle::judge_structure;
    let unit = registry().find("TreeMap").unwrap();
    let context = Arc::new(TestContext::paper(unit).unwrap());
    let keys = vec![0, 50, 100];
    let scope = TreeMapScope::new(3, keys.clone(), vec![0, 100]).unwrap();
    let after = TreeMapScope::new(4, keys, vec![0, 100]).unwrap();
    let heaps: Vec<HeapFields> = scope
        .structures()
        .iter()
        .map(|c| canonical(&scope.heap_scope().heap(c)))
        .collect();
    let (mut paper, mut structure, mut tried) = (0, 0, 0);
    for mutant in unit.mutants().iter().step_by(10).map(|m| m.id) {
        tried += 1;
        let (mut by_paper, mut by_structure) = (false, false);
        'cases: for heap in &heaps {
            for call in 0..context.j() {
                let verdict = judge_structure(unit, &context, &after, heap, call, mutant)
                    .unwrap()
                    .expect("no gold run of one call is abandoned");
                by_paper |= verdict.paper == Verdict::Fail;
                by_structure |= verdict.structure == Verdict::Fail;
                if by_paper {
                    break 'cases;
                }
            }
        }
        assert!(!by_paper || by_structure, "mutant {mutant}");
        paper += usize::from(by_paper);
        structure += usize::from(by_structure);
    }
    assert!(
        paper > 0,
        "the paper's oracle kills some of {tried} mutants"
    );
    eprintln!("{structure} killed by the structure oracle, {paper} by the paper's, of {tried}");
    assert!(
        structure > paper,
        "{structure} killed by the structure oracle, {paper} by the paper's, of {tried}"
    );
}

/// Gold through the coverage copy started from a structure behaves exactly as gold through
/// the schemata copy started from it: the same trace, fuel and resulting structure on every
/// call, for every valid structure of `scope`. A structure run records coverage through the
/// copy; the mutant's fuel budget comes from gold's, so its verdicts do not change.
fn coverage_copy_matches_the_schemata(name: &str, scope: &dyn Invariant, structures: &[Vec<u32>]) {
    use testspace::oracle::trace;
    use testspace::subject::guard::GOLD_FUEL_BUDGET;
    let unit = registry().find(name).unwrap();
    let context = Arc::new(TestContext::paper(unit).unwrap());
    let mut reached_any = false;
    for candidate in structures {
        let heap = canonical(&scope.heap_scope().heap(candidate));
        let mut schemata = session(unit, &context, GOLD, &heap);
        let mut copy = unit
            .coverage_heap_session(context.clone(), 0, &heap)
            .expect("the unit's coverage copy builds structures")
            .expect("the heap fits the port");
        schemata.set_fuel_budget(GOLD_FUEL_BUDGET);
        copy.set_fuel_budget(GOLD_FUEL_BUDGET);
        for call in 0..context.j() {
            let want = trace(schemata.as_mut(), &[call], true);
            let got = trace(&mut copy, &[call], true);
            let what = format!("{name}: {} on {heap:?}", context.render_call(call));
            assert_eq!(got, want, "{what}");
            assert_eq!(copy.fuel_used(), schemata.fuel_used(), "{what}");
            assert_eq!(copy.object_heap(0), schemata.object_heap(0), "{what}");
            copy.reached(|_| reached_any = true);
        }
    }
    assert!(reached_any, "{name}: the calls reach probes");
}

#[test]
fn gold_through_the_coverage_copy_from_a_structure_uses_the_schemata_copys_fuel() {
    let lists = LinkedListScope::new(3, vec![0, 100]).unwrap();
    coverage_copy_matches_the_schemata("LinkedList", &lists, &lists.structures());
    let tree_maps = TreeMapScope::new(3, vec![0, 50, 100], vec![0, 100]).unwrap();
    coverage_copy_matches_the_schemata("TreeMap", &tree_maps, &tree_maps.structures());
    let vector = registry().find("Vector").unwrap();
    let context = Arc::new(TestContext::paper(vector).unwrap());
    assert!(
        vector
            .coverage_heap_session(context, 0, &HeapFields::default())
            .is_none(),
        "a unit that builds no structures has no such session"
    );
}
