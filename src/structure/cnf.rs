//! Propositional formulas in conjunctive normal form, and a scope's fields as one-hot
//! variables: what a unit's [`CnfEncoding`](super::CnfEncoding) builds and
//! [`sat`](super::sat) hands to the solver.
//!
//! Contract of [`ScopeCnf`]: for every candidate position p of the scope and every value
//! index v of its domain there is one variable `value(p, v)`, and the formula forces exactly
//! one of a position's variables true, so every model decodes to one candidate vector. A
//! unit's encoding adds the invariant on top; its models must then be exactly the
//! candidates Korat reports (valid, canonical, fields of unreachable nodes at index 0), and
//! `reachable(p)` must be true in a model exactly when the object owning p is reachable in it
//! (`None` for the header, always reachable). [`ScopeCnf::breadth_first`] encodes the
//! symmetry breaking of a scope whose invariant reads its references breadth first.

use super::FieldDomain;

/// A literal: a variable (numbered from 1) or its negation, as in DIMACS (`-3` is ¬x₃).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Literal(i32);

impl Literal {
    /// The variable's number (≥ 1).
    pub fn variable(self) -> u32 {
        self.0.unsigned_abs()
    }

    /// Whether this is the variable itself rather than its negation.
    pub fn is_positive(self) -> bool {
        self.0 > 0
    }
}

impl std::ops::Not for Literal {
    type Output = Literal;

    fn not(self) -> Literal {
        Literal(-self.0)
    }
}

/// A literal, or a constant (`Err(true)`, `Err(false)`) where a formula folds one.
pub type Bit = Result<Literal, bool>;

/// ¬`bit`.
pub fn negate(bit: Bit) -> Bit {
    match bit {
        Ok(l) => Ok(!l),
        Err(b) => Err(!b),
    }
}

/// A formula in CNF: its variables and clauses (each a disjunction of literals).
#[derive(Clone, Debug, Default)]
pub struct Cnf {
    variables: u32,
    clauses: Vec<Vec<Literal>>,
}

impl Cnf {
    /// An empty formula (true).
    pub fn new() -> Self {
        Self::default()
    }

    /// A fresh variable, as its positive literal.
    pub fn variable(&mut self) -> Literal {
        self.variables += 1;
        Literal(self.variables as i32)
    }

    /// Variables so far.
    pub fn variables(&self) -> u32 {
        self.variables
    }

    /// The clauses so far.
    pub fn clauses(&self) -> &[Vec<Literal>] {
        &self.clauses
    }

    /// Adds the clause ⋁ `literals` (the empty clause makes the formula false).
    pub fn clause(&mut self, literals: impl IntoIterator<Item = Literal>) {
        self.clauses.push(literals.into_iter().collect());
    }

    /// Adds (⋀ `premises`) → (⋁ `conclusions`).
    pub fn implies(
        &mut self,
        premises: impl IntoIterator<Item = Literal>,
        conclusions: impl IntoIterator<Item = Literal>,
    ) {
        let clause = premises.into_iter().map(|l| !l).chain(conclusions);
        self.clause(clause);
    }

    /// Adds (⋀ `conditions`) → (⋁ `conclusions`) with constants folded: nothing when a
    /// condition is false or a conclusion true.
    pub fn rule(&mut self, conditions: &[Bit], conclusions: &[Bit]) {
        if conditions.contains(&Err(false)) || conclusions.contains(&Err(true)) {
            return;
        }
        let premises = conditions.iter().filter_map(|c| c.ok());
        self.implies(premises, conclusions.iter().filter_map(|c| c.ok()));
    }

    /// Adds `a` ↔ `b`.
    pub fn equivalent(&mut self, a: Literal, b: Literal) {
        self.implies([a], [b]);
        self.implies([b], [a]);
    }

    /// A variable equivalent to ⋀ `literals` (true for none).
    pub fn and(&mut self, literals: &[Literal]) -> Literal {
        let x = self.variable();
        for &l in literals {
            self.implies([x], [l]);
        }
        self.implies(literals.iter().copied(), [x]);
        x
    }

    /// A variable equivalent to ⋁ `literals` (false for none).
    pub fn or(&mut self, literals: &[Literal]) -> Literal {
        !self.and(&literals.iter().map(|&l| !l).collect::<Vec<_>>())
    }

    /// Adds "at most one of `literals`": pairwise for a few, else Sinz's sequential counter
    /// (n − 1 auxiliary variables, about 3n clauses).
    pub fn at_most_one(&mut self, literals: &[Literal]) {
        if literals.len() <= 5 {
            for (i, &a) in literals.iter().enumerate() {
                for &b in &literals[i + 1..] {
                    self.clause([!a, !b]);
                }
            }
            return;
        }
        // s_i: one of literals[..=i] is true.
        let mut before = self.variable();
        self.implies([literals[0]], [before]);
        for &l in &literals[1..literals.len() - 1] {
            let seen = self.variable();
            self.implies([l], [seen]);
            self.implies([before], [seen]);
            self.clause([!l, !before]);
            before = seen;
        }
        self.clause([!literals[literals.len() - 1], !before]);
    }

    /// Adds "exactly one of `literals`".
    pub fn exactly_one(&mut self, literals: &[Literal]) {
        self.clause(literals.iter().copied());
        self.at_most_one(literals);
    }

    /// A number in 0..=`most` in the order encoding: `at_least[k − 1]` is "≥ k" for
    /// k in 1..=`most`, each implying the one below.
    pub fn unary(&mut self, most: usize) -> Unary {
        let at_least: Vec<Literal> = (0..most).map(|_| self.variable()).collect();
        for pair in at_least.windows(2) {
            self.implies([pair[1]], [pair[0]]);
        }
        Unary { at_least }
    }
}

/// A number 0..=most in the order encoding (see [`Cnf::unary`]).
#[derive(Clone, Debug)]
pub struct Unary {
    at_least: Vec<Literal>,
}

impl Unary {
    /// "≥ k" as a literal, or as a constant: `Err(true)` for k = 0, `Err(false)` beyond
    /// the range.
    pub fn at_least(&self, k: usize) -> Bit {
        match k.checked_sub(1) {
            None => Err(true),
            Some(i) => self.at_least.get(i).copied().ok_or(false),
        }
    }

    /// The largest value.
    pub fn most(&self) -> usize {
        self.at_least.len()
    }

    /// Adds `premises` → self = `other` + `plus` (`plus` a literal counting 1 when true, or
    /// none for 0).
    pub fn equals_plus(
        &self,
        cnf: &mut Cnf,
        premises: &[Literal],
        other: &Unary,
        plus: Option<Literal>,
    ) {
        let given: Vec<Bit> = premises.iter().map(|&p| Ok(p)).collect();
        let mut rule = |conditions: &[Bit], conclusion: Bit| {
            let conditions: Vec<Bit> = given.iter().chain(conditions).copied().collect();
            cnf.rule(&conditions, &[conclusion]);
        };
        let most = self.most().max(other.most() + 1);
        for k in 1..=most {
            let (mine, higher, lower) =
                (self.at_least(k), other.at_least(k), other.at_least(k - 1));
            rule(&[higher], mine);
            if let Some(plus) = plus {
                rule(&[lower, Ok(plus)], mine);
                rule(&[mine], lower);
                rule(&[mine, Ok(!plus)], higher);
            } else {
                rule(&[mine], higher);
            }
        }
    }
}

/// A scope's candidate vector as one-hot variables, beside the formula (see the module's
/// contract).
#[derive(Clone, Debug)]
pub struct ScopeCnf {
    /// The formula.
    pub cnf: Cnf,
    values: Vec<Vec<Literal>>,
    reachable: Vec<Option<Literal>>,
}

impl ScopeCnf {
    /// The one-hot variables of `domains`, exactly one per position; every position's
    /// object starts as the header (always reachable).
    pub fn new(domains: &[FieldDomain]) -> Self {
        let mut cnf = Cnf::new();
        let values: Vec<Vec<Literal>> = domains
            .iter()
            .map(|d| {
                let literals: Vec<Literal> = (0..d.size()).map(|_| cnf.variable()).collect();
                cnf.exactly_one(&literals);
                literals
            })
            .collect();
        ScopeCnf {
            cnf,
            reachable: vec![None; values.len()],
            values,
        }
    }

    /// The variable "position `position` holds value index `value`".
    pub fn value(&self, position: usize, value: u32) -> Literal {
        self.values[position][value as usize]
    }

    /// The variables of a position, one per value index.
    pub fn values(&self, position: usize) -> &[Literal] {
        &self.values[position]
    }

    /// Candidate positions.
    pub fn positions(&self) -> usize {
        self.values.len()
    }

    /// Declares that the object owning `positions` is reachable exactly when `reachable`
    /// holds, and forces its fields to index 0 when it is not (Korat's unread fields).
    pub fn owned_by(&mut self, positions: std::ops::Range<usize>, reachable: Literal) {
        for p in positions {
            self.reachable[p] = Some(reachable);
            let zero = self.values[p][0];
            self.cnf.implies([], [reachable, zero]);
        }
    }

    /// Korat's numbering of the nodes (as [`canonical`](crate::subject::heap::canonical)'s)
    /// for a scope whose invariant reads the reference fields breadth first: `header` are the
    /// header's reference positions and `node(i)` node i's, each in the order read, and
    /// `nodes(i)` all of node i's positions. Each reference points to `null`, a node some
    /// earlier reference points to, or the next new node (a unary maximum of the nodes
    /// pointed to so far, O(n) clauses per reference); node i is reachable when some
    /// reference points to it, and only if one read before node i's own does (the queue
    /// reaches node i only then). Declares each node's positions owned by its reachability
    /// ([`ScopeCnf::owned_by`]) and returns, per node, the literal "reachable"; with the
    /// number of reachable nodes.
    pub fn breadth_first(
        &mut self,
        header: &[usize],
        node: impl Fn(usize) -> Vec<usize>,
        nodes: impl Fn(usize) -> std::ops::Range<usize>,
    ) -> (Vec<Literal>, Unary) {
        let n = header.first().map_or(0, |&p| self.values[p].len() - 1);
        let mut reached = self.cnf.unary(0);
        let mut reached_before: Vec<Unary> = Vec::with_capacity(n);
        for i in 0..=n {
            let slots = if i == 0 { header.to_vec() } else { node(i - 1) };
            if i > 0 {
                reached_before.push(reached.clone());
            }
            for p in slots {
                let targets = self.values[p].clone();
                let next = self.cnf.unary(n);
                // pointing at or above node number k (1-based): k ≤ the target.
                let mut at_or_above: Bit = Err(false);
                for k in (1..=n).rev() {
                    let points = self.cnf.variable();
                    self.cnf.rule(&[Ok(targets[k])], &[Ok(points)]);
                    self.cnf.rule(&[at_or_above], &[Ok(points)]);
                    self.cnf.rule(&[Ok(points)], &[Ok(targets[k]), at_or_above]);
                    at_or_above = Ok(points);
                    // the next new node at most: target k → k − 1 nodes reached before.
                    self.cnf.rule(&[Ok(targets[k])], &[reached.at_least(k - 1)]);
                    // reached after = max(reached before, target).
                    let (before, after) = (reached.at_least(k), next.at_least(k));
                    self.cnf.rule(&[before], &[after]);
                    self.cnf.rule(&[at_or_above], &[after]);
                    self.cnf.rule(&[after], &[before, at_or_above]);
                }
                reached = next;
            }
        }
        let reachable: Vec<Literal> = (0..n)
            .map(|i| reached.at_least(i + 1).expect("node within the scope"))
            .collect();
        for (i, &r) in reachable.iter().enumerate() {
            self.cnf
                .rule(&[Ok(r)], &[reached_before[i].at_least(i + 1)]);
            self.owned_by(nodes(i), r);
        }
        (reachable, reached)
    }

    /// The literal "the object owning `position` is reachable" (`None`: always).
    pub fn reachable(&self, position: usize) -> Option<Literal> {
        self.reachable[position]
    }

    /// The candidate a model describes (`model(l)`: whether literal `l` is true in it).
    pub fn decode(&self, model: impl Fn(Literal) -> bool) -> Vec<u32> {
        self.values
            .iter()
            .map(|literals| {
                literals
                    .iter()
                    .position(|&l| model(l))
                    .expect("exactly one value per position") as u32
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every assignment of the formula's variables, by brute force: the models.
    fn models(cnf: &Cnf) -> Vec<Vec<bool>> {
        let n = cnf.variables();
        (0..1u64 << n)
            .map(|bits| (0..n).map(|i| bits >> i & 1 == 1).collect::<Vec<bool>>())
            .filter(|a| {
                cnf.clauses().iter().all(|c| {
                    c.iter()
                        .any(|l| a[l.variable() as usize - 1] == l.is_positive())
                })
            })
            .collect()
    }

    fn holds(model: &[bool], l: Literal) -> bool {
        model[l.variable() as usize - 1] == l.is_positive()
    }

    #[test]
    fn exactly_one_admits_exactly_the_one_hot_assignments() {
        for n in 1..=8 {
            let mut cnf = Cnf::new();
            let xs: Vec<Literal> = (0..n).map(|_| cnf.variable()).collect();
            cnf.exactly_one(&xs);
            let projected: std::collections::BTreeSet<Vec<bool>> = models(&cnf)
                .iter()
                .map(|m| xs.iter().map(|&x| holds(m, x)).collect())
                .collect();
            assert_eq!(projected.len(), n, "{n} literals");
            assert!(
                projected
                    .iter()
                    .all(|p| p.iter().filter(|&&b| b).count() == 1)
            );
        }
    }

    #[test]
    fn and_or_and_a_sum_of_unary_numbers_mean_what_they_say() {
        let mut cnf = Cnf::new();
        let (a, b) = (cnf.variable(), cnf.variable());
        let (both, either) = (cnf.and(&[a, b]), cnf.or(&[a, b]));
        let x = cnf.unary(2);
        let y = cnf.unary(3);
        let premise = cnf.variable();
        y.equals_plus(&mut cnf, &[premise], &x, Some(a));
        let value = |m: &[bool], u: &Unary| {
            (1..=u.most())
                .filter(|&k| holds(m, u.at_least(k).unwrap()))
                .count()
        };
        let all = models(&cnf);
        for m in &all {
            assert_eq!(holds(m, both), holds(m, a) && holds(m, b));
            assert_eq!(holds(m, either), holds(m, a) || holds(m, b));
            if holds(m, premise) {
                assert_eq!(value(m, &y), value(m, &x) + usize::from(holds(m, a)));
            }
        }
        // Every x and a is possible under the premise.
        for xv in 0..=2 {
            for av in [false, true] {
                assert!(
                    all.iter()
                        .any(|m| holds(m, premise) && value(m, &x) == xv && holds(m, a) == av),
                    "x = {xv}, a = {av}"
                );
            }
        }
    }
}
