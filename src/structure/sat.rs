//! Field-exhaustive suites by incremental SAT: the paper's Algorithm 1 (Ponzio, Aguirre,
//! Frias and Visser, FSE 2016) over a unit's [`CnfEncoding`], with the pure-Rust MiniSat
//! descendant batsat (version pinned in Cargo.toml: the suite depends on the solver's
//! choices).
//!
//! Contract of [`field_exhaustive_suite`]: one variable per pair (object, field, value)
//! meaning "the object is reachable and its field has the value"; loop: add one clause, the
//! disjunction of the variables of the pairs not yet covered, and solve; when satisfiable,
//! decode the model into a structure, add it to the suite and mark the pairs true in the
//! model covered; when unsatisfiable, stop. Clauses are only added, so the solver keeps what
//! it learnt. Every structure of the suite is a valid candidate in Korat's canonical form
//! (the encoding's contract), the suite covers every pair some valid structure of the scope
//! has (the last call proves no valid structure has an uncovered one), and it has at most
//! Σ_f |E(f)| structures (each covers a new pair). Deterministic: the same encoding gives the
//! same suite. [`seeded_field_exhaustive_suite`] runs the same loop with the solver's
//! random polarities and random initial activities drawn from a seed: another suite, as
//! field-exhaustive, the same for the same seed. [`models`] enumerates every model instead
//! (a blocking clause per model), to check an encoding against Korat.

use batsat::{BasicSolver, Lit, SolverInterface, SolverOpts, Var, lbool};

use super::cnf::{Literal, ScopeCnf};
use super::{BeyondEncoding, CnfEncoding};

/// A suite of Algorithm 1 and what the solver did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SatSuite {
    /// The structures, as candidates, in the order found.
    pub structures: Vec<Vec<u32>>,
    /// The pairs the suite covers: Σ_f |E(f)|, every pair of every field extension.
    pub covered_pairs: usize,
    /// Solver calls (one per structure, and the last one).
    pub solver_calls: usize,
    /// Whether the last call was unsatisfiable, asked of the solver once more (the loop
    /// ends only there).
    pub ended_unsatisfiable: bool,
    /// Variables of the formula (the encoding's and the pairs').
    pub variables: u32,
    /// Clauses of the encoding.
    pub clauses: usize,
    /// Unit propagations the solver made over all calls: a deterministic measure of its work
    /// (the same for the same encoding on any machine), used where the paper caps time.
    pub propagations: u64,
}

/// The encoding loaded into a solver, with the variable of every pair.
struct Loaded {
    solver: BasicSolver,
    /// The solver's variable of each of ours (ours are numbered from 1).
    variables: Vec<Var>,
    encoded: ScopeCnf,
    /// (position, value index, the pair's literal)
    pairs: Vec<(usize, u32, Literal)>,
}

impl Loaded {
    fn new(encoded: ScopeCnf) -> Self {
        Self::with_solver(encoded, BasicSolver::default())
    }

    fn with_solver(mut encoded: ScopeCnf, mut solver: BasicSolver) -> Self {
        let mut pairs = Vec::new();
        for position in 0..encoded.positions() {
            for (value, &literal) in encoded.values(position).to_vec().iter().enumerate() {
                // A node's fields are at index 0 when it is unreachable, so only index 0
                // needs the reachability spelt out.
                let pair = match encoded.reachable(position) {
                    Some(reachable) if value == 0 => encoded.cnf.and(&[reachable, literal]),
                    _ => literal,
                };
                pairs.push((position, value as u32, pair));
            }
        }
        let variables = (0..encoded.cnf.variables())
            .map(|_| solver.new_var_default())
            .collect();
        let mut loaded = Loaded {
            solver,
            variables,
            encoded,
            pairs,
        };
        let clauses = loaded.encoded.cnf.clauses().to_vec();
        for clause in clauses {
            loaded.add(clause);
        }
        loaded
    }

    fn lit(&self, literal: Literal) -> Lit {
        let variable = self.variables[literal.variable() as usize - 1];
        Lit::new(variable, literal.is_positive())
    }

    fn add(&mut self, clause: impl IntoIterator<Item = Literal>) {
        let mut lits: Vec<Lit> = clause.into_iter().map(|l| self.lit(l)).collect();
        self.solver.add_clause_reuse(&mut lits);
    }

    /// Solves: whether the formula is satisfiable.
    fn solve(&mut self) -> bool {
        let result = self.solver.solve_limited(&[]);
        assert!(result != lbool::UNDEF, "the solver runs without limits");
        result == lbool::TRUE
    }

    /// Whether `literal` is true in the last model.
    fn holds(&self, literal: Literal) -> bool {
        self.solver.value_lit(self.lit(literal)) == lbool::TRUE
    }

    /// The candidate the last model describes.
    fn decode(&self) -> Vec<u32> {
        self.encoded.decode(|l| self.holds(l))
    }
}

/// The paper's Algorithm 1 on `scope` (see the module's contract).
///
/// # Errors
/// The scope exceeds the encoding's limit.
pub fn field_exhaustive_suite(scope: &dyn CnfEncoding) -> Result<SatSuite, BeyondEncoding> {
    Ok(algorithm_1(scope.encode()?, BasicSolver::default()))
}

/// The paper's Algorithm 1 on `scope` with a solver that picks each decision's polarity at
/// random and starts from random variable activities, both drawn from `seed`: a
/// field-exhaustive suite like [`field_exhaustive_suite`]'s (same contract), which differs
/// between seeds and is the same for one seed.
///
/// # Errors
/// The scope exceeds the encoding's limit.
pub fn seeded_field_exhaustive_suite(
    scope: &dyn CnfEncoding,
    seed: u64,
) -> Result<SatSuite, BeyondEncoding> {
    let options = SolverOpts {
        rnd_pol: true,
        rnd_init_act: true,
        random_seed: solver_seed(seed),
        ..SolverOpts::default()
    };
    Ok(algorithm_1(
        scope.encode()?,
        BasicSolver::new(options, Default::default()),
    ))
}

/// The solver's seed for `seed`: MiniSat's generator takes a number in 1..2³¹ − 1.
fn solver_seed(seed: u64) -> f64 {
    const MODULUS: u64 = 2_147_483_647;
    (seed % (MODULUS - 1) + 1) as f64
}

/// Algorithm 1 on `encoded` with `solver`.
fn algorithm_1(encoded: ScopeCnf, solver: BasicSolver) -> SatSuite {
    let clauses = encoded.cnf.clauses().len();
    let mut loaded = Loaded::with_solver(encoded, solver);
    let mut uncovered: Vec<Literal> = loaded.pairs.iter().map(|&(_, _, l)| l).collect();
    let mut structures = Vec::new();
    let mut solver_calls = 0;
    let ended_unsatisfiable = loop {
        loaded.add(uncovered.clone());
        solver_calls += 1;
        if !loaded.solve() {
            break !loaded.solver.is_ok() || !loaded.solve();
        }
        structures.push(loaded.decode());
        uncovered.retain(|&l| !loaded.holds(l));
    };
    let all = loaded.pairs.len();
    SatSuite {
        structures,
        covered_pairs: all - uncovered.len(),
        solver_calls,
        ended_unsatisfiable,
        variables: loaded.encoded.cnf.variables(),
        clauses,
        propagations: loaded.solver.num_propagations(),
    }
}

/// Every model of `scope`'s encoding, decoded, in the solver's order (one blocking clause
/// per model on its field values): for an encoding that keeps its contract, Korat's valid
/// candidates in another order.
///
/// # Errors
/// The scope exceeds the encoding's limit.
pub fn models(scope: &dyn CnfEncoding) -> Result<Vec<Vec<u32>>, BeyondEncoding> {
    let mut loaded = Loaded::new(scope.encode()?);
    let mut found = Vec::new();
    while loaded.solve() {
        let candidate = loaded.decode();
        let blocking: Vec<Literal> = candidate
            .iter()
            .enumerate()
            .map(|(p, &v)| !loaded.encoded.value(p, v))
            .collect();
        loaded.add(blocking);
        found.push(candidate);
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::structure::extension::Extensions;
    use crate::structure::{FieldReader, LinkedListScope, TreeMapScope};
    use crate::subject::heap::{HeapFields, canonical};

    fn scopes(nodes: usize) -> Vec<(&'static str, Box<dyn CnfEncoding>)> {
        vec![
            (
                "LinkedList",
                Box::new(LinkedListScope::new(nodes, vec![0, 1]).unwrap()),
            ),
            (
                "TreeMap",
                // One key more than entries, so keys can leave gaps.
                Box::new(TreeMapScope::new(nodes, (0..=nodes as i32).collect(), vec![5]).unwrap()),
            ),
        ]
    }

    fn korat(scope: &dyn CnfEncoding) -> Vec<Vec<u32>> {
        let mut found = Vec::new();
        crate::structure::search(
            scope.heap_scope(),
            |r| scope.rep_ok(r),
            |c| found.push(c.to_vec()),
        );
        found
    }

    fn heaps(scope: &dyn CnfEncoding, candidates: &[Vec<u32>]) -> Vec<HeapFields> {
        candidates
            .iter()
            .map(|c| canonical(&scope.heap_scope().heap(c)))
            .collect()
    }

    #[test]
    fn the_encodings_models_are_exactly_korats_valid_structures() {
        for nodes in 0..=5 {
            for (unit, scope) in scopes(nodes) {
                let models = models(scope.as_ref()).unwrap();
                let distinct: BTreeSet<Vec<u32>> = models.iter().cloned().collect();
                assert_eq!(distinct.len(), models.len(), "{unit} {nodes}: no repeats");
                let enumerated: BTreeSet<Vec<u32>> = korat(scope.as_ref()).into_iter().collect();
                assert_eq!(distinct, enumerated, "{unit} at scope {nodes}");
            }
        }
    }

    #[test]
    fn unsorted_and_repeated_keys_are_ordered_by_value() {
        for keys in [vec![5, -1, 3, 0], vec![2, 2, 1]] {
            let scope = TreeMapScope::new(3, keys.clone(), vec![]).unwrap();
            let found: BTreeSet<Vec<u32>> = models(&scope).unwrap().into_iter().collect();
            let enumerated: BTreeSet<Vec<u32>> = korat(&scope).into_iter().collect();
            assert_eq!(found, enumerated, "keys {keys:?}");
        }
    }

    /// Algorithm 1 with the pinned solver's own choices, and seeded with three seeds.
    fn suites(scope: &dyn CnfEncoding) -> Vec<SatSuite> {
        let mut all = vec![field_exhaustive_suite(scope).unwrap()];
        all.extend([1, 2, 2016].map(|seed| seeded_field_exhaustive_suite(scope, seed).unwrap()));
        all
    }

    #[test]
    fn every_sat_suite_covers_exactly_the_enumerated_extensions_with_valid_structures() {
        for nodes in 1..=6 {
            for (unit, scope) in scopes(nodes) {
                let scope = scope.as_ref();
                for suite in suites(scope) {
                    assert!(suite.ended_unsatisfiable, "{unit} {nodes}");
                    assert_eq!(suite.solver_calls, suite.structures.len() + 1);
                    for candidate in &suite.structures {
                        let (mut read, mut order) = (vec![false; candidate.len()], Vec::new());
                        let mut reader = FieldReader::new(candidate, &mut read, &mut order);
                        assert!(scope.rep_ok(&mut reader), "{unit} {nodes}: {candidate:?}");
                        let heap = scope.heap_scope().heap(candidate);
                        assert_eq!(
                            scope.heap_scope().candidate(&canonical(&heap)).as_ref(),
                            Some(candidate),
                            "{unit} {nodes}: canonical"
                        );
                    }
                    let enumerated = Extensions::of(&heaps(scope, &korat(scope)));
                    let covered = Extensions::of(&heaps(scope, &suite.structures));
                    assert_eq!(covered, enumerated, "{unit} at scope {nodes}");
                    assert_eq!(suite.covered_pairs, enumerated.pairs(), "{unit} {nodes}");
                    // The paper's bound, #F · n² with #F the port's fields (header and node).
                    let fields = scope.heap_scope().fields();
                    assert!(suite.structures.len() <= enumerated.pairs());
                    assert!(
                        suite.structures.len() <= fields * nodes * nodes,
                        "{unit} {nodes}: {} structures",
                        suite.structures.len()
                    );
                }
            }
        }
    }

    #[test]
    fn the_suite_is_the_same_every_run_and_a_seeded_one_for_the_same_seed() {
        for (_, scope) in scopes(5) {
            let scope = scope.as_ref();
            assert_eq!(field_exhaustive_suite(scope), field_exhaustive_suite(scope));
            assert_eq!(
                seeded_field_exhaustive_suite(scope, 7),
                seeded_field_exhaustive_suite(scope, 7)
            );
        }
    }

    #[test]
    fn seeds_draw_different_suites() {
        for (unit, scope) in scopes(5) {
            let drawn: BTreeSet<Vec<Vec<u32>>> = (0..5)
                .map(|seed| {
                    let mut structures = seeded_field_exhaustive_suite(scope.as_ref(), seed)
                        .unwrap()
                        .structures;
                    structures.sort();
                    structures
                })
                .collect();
            assert!(
                drawn.len() >= 4,
                "{unit}: {} distinct suites of 5",
                drawn.len()
            );
        }
    }

    #[test]
    fn a_scope_beyond_the_encodings_limit_is_refused() {
        let limit = TreeMapScope::ENCODING_LIMIT;
        let scope = TreeMapScope::new(limit + 1, (0..2).collect(), vec![]).unwrap();
        assert_eq!(
            field_exhaustive_suite(&scope),
            Err(BeyondEncoding {
                nodes: limit + 1,
                limit
            })
        );
    }
}
