//! How often each of GRT's components acted while a suite was generated (issue 39, item 9;
//! docs/generators.md, "How often each component acts"): per component, the choices it
//! was asked to make and those it made differently from FDRT's uniform guidance.
//!
//! Counting consumes no randomness and changes no choice: a counterfactual draw is made
//! on a copy of the random stream. The counters are plain integer increments, kept
//! whether or not anyone reads them (`Grt::activity`).
//!
//! | component | asked | changed |
//! |---|---|---|
//! | `constant-mining` | an `int` or `String` argument of a call | the global level supplied it (p_const fired), or the seed-pool draw landed on one of the unit's own constants the local level added to the pool |
//! | `impurity` | an `int` or `String` argument drawn from the seed pool, and an object input | the fuzzed primitive differs from the value drawn; the object input got a state-changing call first |
//! | `elephant-brain` | an object input of a parameter declared as the class | typing by run-time type widened the candidates: some extensible sequence held a value declared `Object` |
//! | `detective` | a step whose method had no object input to draw from | a producer made one (FDRT gives the step up) |
//! | `orienteering` | an input sequence drawn | the sequence differs from the uniform draw on the same random state |
//! | `bloodhound` | a method drawn | the method differs from the uniform draw on the same random state |

use rand_pcg::Pcg64Mcg;

use super::Component;
use crate::generator::guidance::pick;

/// One component's counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Choices the component was asked to make.
    pub asked: u64,
    /// Choices it made differently from FDRT's uniform guidance (see the module).
    pub changed: u64,
}

impl Count {
    /// Counts one choice, changed or not.
    #[inline]
    pub(crate) fn record(&mut self, changed: bool) {
        self.asked += 1;
        self.changed += u64::from(changed);
    }

    /// The share of the choices changed (0 when none was asked).
    pub fn share(&self) -> f64 {
        if self.asked == 0 {
            0.0
        } else {
            self.changed as f64 / self.asked as f64
        }
    }
}

impl std::ops::AddAssign for Count {
    fn add_assign(&mut self, other: Count) {
        self.asked += other.asked;
        self.changed += other.changed;
    }
}

/// Each component's counts over a suite's generation, with the parts some of them are
/// made of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Activity {
    /// Per component, in [`Component::ALL`]'s order.
    pub counts: [Count; 6],
    /// Constant mining: the arguments the global level (tf–idf, p_const) supplied; the
    /// rest of its changed count are the unit's own constants drawn from the seed pool.
    pub global_constants: u64,
    /// Impurity: its object inputs alone (the rest are primitives).
    pub object_inputs: Count,
    /// Bloodhound: the method draws made while its weights were not all equal.
    pub unequal_weights: u64,
}

impl Activity {
    /// The counts of `component`.
    pub fn of(&self, component: Component) -> Count {
        self.counts[component as usize]
    }

    pub(crate) fn count(&mut self, component: Component) -> &mut Count {
        &mut self.counts[component as usize]
    }
}

impl std::ops::AddAssign for Activity {
    fn add_assign(&mut self, other: Activity) {
        for (mine, theirs) in self.counts.iter_mut().zip(other.counts) {
            *mine += theirs;
        }
        self.global_constants += other.global_constants;
        self.object_inputs += other.object_inputs;
        self.unequal_weights += other.unequal_weights;
    }
}

/// FDRT's uniform position in [0, len) on a copy of `rng`: what FDRT's `Uniform` guidance
/// would choose from the same random state, the state left as it is.
#[inline]
pub(crate) fn uniform_on_copy(rng: &Pcg64Mcg, len: usize) -> usize {
    pick(&mut rng.clone(), len)
}
