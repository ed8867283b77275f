//! The table of docs/structures.md: per scope, for LinkedList (items `null`, 0, 1) and
//! TreeMap (keys 0..n, values `null`): Korat's candidates and valid structures, the field
//! extensions' pairs Σ|E(f)|, the greedy field-exhaustive suite, and how many valid
//! structures the unit's methods reach within the scope and through a detour (two more
//! nodes, one more value below and above).
//!
//! ```sh
//! cargo run --release --example structures_table
//! ```

use std::time::Instant;

use testspace::structure::extension::{Extensions, greedy_suite};
use testspace::structure::reachable::reachable;
use testspace::structure::{Invariant, LinkedListScope, TreeMapScope, search};
use testspace::subject::Subject;
use testspace::subject::heap::{HeapBuild, HeapFields, canonical};
use testspace::subjects::linked_list::LinkedList;
use testspace::subjects::tree_map::TreeMap;

fn row<T: Subject + HeapBuild>(
    unit: &str,
    n: usize,
    scope: &dyn Invariant,
    within: &[i32],
    detour: &dyn Invariant,
    wide: &[i32],
) {
    let started = Instant::now();
    let mut structures: Vec<HeapFields> = Vec::new();
    let stats = search(
        scope.heap_scope(),
        |r| scope.rep_ok(r),
        |c| structures.push(canonical(&scope.heap_scope().heap(c))),
    );
    let korat = started.elapsed();
    let extensions = Extensions::of(&structures);
    let suite = greedy_suite(&structures);
    let inside = reachable::<T>(scope, scope, within).structures.len();
    let through = reachable::<T>(scope, detour, wide).structures.len();
    println!(
        "| {unit} | {n} | {} | {} | {:.1} ms | {} | {} | {inside} | {through} |",
        stats.candidates,
        stats.valid,
        korat.as_secs_f64() * 1e3,
        extensions.pairs(),
        suite.len(),
    );
}

fn main() {
    println!(
        "| unit | scope | candidates | valid | Korat time | Σ\\|E(f)\\| | greedy FE suite | reached within the scope | reached through a detour |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for n in 1..=6 {
        let scope = LinkedListScope::new(n, vec![0, 1]).unwrap();
        let detour = LinkedListScope::new(n + 2, vec![-1, 0, 1, 2]).unwrap();
        let within: Vec<i32> = (0..=n as i32).collect();
        let wide: Vec<i32> = (-1..=n as i32 + 2).collect();
        row::<LinkedList>("LinkedList", n, &scope, &within, &detour, &wide);
    }
    for n in 1..=6 {
        let keys: Vec<i32> = (0..n as i32).collect();
        let scope = TreeMapScope::new(n, keys.clone(), vec![]).unwrap();
        let wide: Vec<i32> = (-1..=n as i32).collect();
        let detour = TreeMapScope::new(n + 2, wide.clone(), vec![]).unwrap();
        row::<TreeMap>("TreeMap", n, &scope, &keys, &detour, &wide);
    }
}
