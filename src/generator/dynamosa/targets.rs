//! Targets and their control dependence: one target per probe of the unit's coverage copy,
//! each control dependent on its probe's syntactic parent ([`crate::subject::probes::Probe::parent`]).
//!
//! The control-dependence graph is a forest per function: a function's `entry` is its root,
//! and a probe hangs under the innermost branch outcome whose code holds it. This is the
//! syntax's nesting, not a CFG's post-dominance: a probe after an early `return` or `?`
//! hangs under the enclosing outcome, not under "did not return" (EvoSuite builds its CDG
//! from bytecode and gets those edges too). Calls between functions add no edges: a target
//! in a function the test never entered is as far as its own depth (see [`approach`]).

use crate::subject::probes::ProbeTable;

/// The control-dependence forest of a unit's probes.
#[derive(Clone, Debug)]
pub struct ControlDependence {
    parents: Vec<Option<u32>>,
    children: Vec<Vec<u32>>,
}

impl ControlDependence {
    /// The forest of `table`'s probes.
    pub fn of(table: &ProbeTable) -> Self {
        let parents: Vec<Option<u32>> = table
            .probes
            .iter()
            .map(|p| p.parent.map(|p| p as u32))
            .collect();
        Self::from_parents(parents)
    }

    /// The forest with these parents (a parent's id is below the child's count).
    pub fn from_parents(parents: Vec<Option<u32>>) -> Self {
        let mut children = vec![Vec::new(); parents.len()];
        for (id, parent) in parents.iter().enumerate() {
            if let Some(parent) = parent {
                children[*parent as usize].push(id as u32);
            }
        }
        ControlDependence { parents, children }
    }

    /// The number of targets.
    pub fn len(&self) -> usize {
        self.parents.len()
    }

    /// Whether there are no targets.
    pub fn is_empty(&self) -> bool {
        self.parents.is_empty()
    }

    /// The target `target` depends on (`None`: a root).
    pub fn parent(&self, target: usize) -> Option<usize> {
        self.parents[target].map(|p| p as usize)
    }

    /// The targets that depend on `target` directly.
    pub fn children(&self, target: usize) -> impl Iterator<Item = usize> + '_ {
        self.children[target].iter().map(|&c| c as usize)
    }

    /// The targets without a control dependency: DynaMOSA's first targets.
    pub fn roots(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len()).filter(|&t| self.parents[t].is_none())
    }
}

/// The approach level of a test for `target`, and the branch whose distance counts:
/// walking up from the target, the first ancestor the test reached is at level L, and its
/// child on the path, which the test missed, is the branch to take (`target` itself at
/// level 0). `Approach::entered` is false when the test reached no ancestor, not even the
/// function's entry: the level is then the target's depth and the branch its root.
pub fn approach(
    graph: &ControlDependence,
    target: usize,
    reached: impl Fn(usize) -> bool,
) -> Approach {
    let mut missed = target;
    let mut level = 0;
    while let Some(parent) = graph.parent(missed) {
        if reached(parent) {
            return Approach {
                level,
                missed,
                entered: true,
            };
        }
        missed = parent;
        level += 1;
    }
    Approach {
        level,
        missed,
        entered: false,
    }
}

/// How far a test is from a target along the control-dependence forest ([`approach`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Approach {
    /// The approach level.
    pub level: u32,
    /// The branch the test missed nearest to the code it reached.
    pub missed: usize,
    /// Whether the test reached the missed branch's parent.
    pub entered: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forest_lists_roots_children_and_approach_levels() {
        // f (0) { if (1) { if (3) else (4) } else (2) }, g (5).
        let graph =
            ControlDependence::from_parents(vec![None, Some(0), Some(0), Some(1), Some(1), None]);
        let reached = [true, false, true, false, false, false];
        let at = |level, missed, entered| Approach {
            level,
            missed,
            entered,
        };
        assert_eq!(approach(&graph, 1, |t| reached[t]), at(0, 1, true));
        assert_eq!(approach(&graph, 3, |t| reached[t]), at(1, 1, true));
        assert_eq!(approach(&graph, 5, |t| reached[t]), at(0, 5, false));
        assert_eq!(approach(&graph, 4, |_| false), at(2, 0, false));
        assert_eq!(graph.roots().collect::<Vec<_>>(), [0, 5]);
        assert_eq!(graph.children(1).collect::<Vec<_>>(), [3, 4]);
        assert_eq!(graph.len(), 6);
    }
}
