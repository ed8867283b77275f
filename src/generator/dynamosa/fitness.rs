//! The fitness of a test for one target: approach level plus normalised branch distance
//! (EvoSuite's `BranchCoverageTestFitness`, `ControlFlowDistance`).

use super::targets::{ControlDependence, approach};

/// EvoSuite's normalisation of a branch distance: d/(d+1), ∞ ↦ 1.
pub fn normalise(distance: f64) -> f64 {
    if distance.is_finite() {
        distance / (distance + 1.0)
    } else {
        1.0
    }
}

/// The fitness of a test for `target` (0: covered): approach level + the normalised
/// branch distance of the missed branch. The missed branch's distance is what its
/// decision recorded. A decision without one (not a comparison, or not evaluated: an
/// early exit, a `for` or `match` outcome) counts as a flag missed,
/// [`crate::subject::probes::K`], when the code holding it was reached, and as infinite
/// when the test never entered the function (fitness depth + 1).
pub fn fitness(
    graph: &ControlDependence,
    target: usize,
    reached: &[bool],
    distances: &[f64],
) -> f64 {
    if reached[target] {
        return 0.0;
    }
    let at = approach(graph, target, |t| reached[t]);
    let recorded = distances[at.missed];
    let distance = if recorded.is_finite() {
        recorded
    } else if at.entered {
        crate::subject::probes::K
    } else {
        f64::INFINITY
    };
    f64::from(at.level) + normalise(distance)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::dynamosa::targets::ControlDependence;

    /// `f` (0) { if a (1) { if b (3) {…} else (4) } else (2) }, `g` (5) { if c (6) else (7) }.
    fn graph() -> ControlDependence {
        ControlDependence::from_parents(vec![
            None,
            Some(0),
            Some(0),
            Some(1),
            Some(1),
            None,
            Some(5),
            Some(5),
        ])
    }

    /// Hand-worked: a test that entered `f` and took its else branch (distance 3 to the
    /// then branch) is 0 + 3/4 from probe 1 and 1 + 3/4 from probe 3 (one level more, the
    /// same missed branch); one that never entered `g` is depth + 1 from each of its
    /// probes; a reached probe is at 0; a missed branch without a distance counts K = 1.
    #[test]
    fn fitness_is_approach_level_plus_the_normalised_distance() {
        let graph = graph();
        let reached = [true, false, true, false, false, false, false, false];
        let mut distances = [f64::INFINITY; 8];
        distances[1] = 3.0;
        distances[2] = 0.0;
        assert_eq!(fitness(&graph, 1, &reached, &distances), 0.75);
        assert_eq!(fitness(&graph, 3, &reached, &distances), 1.75);
        assert_eq!(fitness(&graph, 4, &reached, &distances), 1.75);
        assert_eq!(fitness(&graph, 2, &reached, &distances), 0.0);
        assert_eq!(fitness(&graph, 5, &reached, &distances), 1.0);
        assert_eq!(fitness(&graph, 6, &reached, &distances), 2.0);
        distances[1] = f64::INFINITY;
        assert_eq!(fitness(&graph, 1, &reached, &distances), 0.5);
        // A root's own decision (a fixture's hand-placed probes): its recorded distance.
        distances[5] = 1.0;
        assert_eq!(fitness(&graph, 5, &reached, &distances), 0.5);
    }
}
