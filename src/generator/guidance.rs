//! How one FDRT step makes its choices: the method, the primitive arguments, the sequences
//! that provide object arguments, and what it learns from each execution. [`Uniform`] is
//! FDRT's own (Pacheco et al. 2007: every choice uniform); GRT's components (Ma et al.
//! 2015, [`super::grt`]) replace some of them.

use std::sync::Arc;

use rand_pcg::Pcg64Mcg;

use super::CaseKind;
use super::gold::{Execution, GoldExecutor};
use crate::kernel::rng::below;
use crate::subject::MethodInfo;

/// Which list of extensible sequences an object argument is drawn from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CandidateList {
    /// Sequences with a value declared as the class.
    Class,
    /// Sequences with any object value (the class or `Object`, as `clone()` declares).
    AnyObject,
}

/// What a step learnt from one executed candidate.
pub(crate) struct Feedback<'a> {
    /// The subject method number of the candidate's last call.
    pub method: u32,
    /// Its classification.
    pub kind: &'a CaseKind,
    /// Its execution on gold.
    pub execution: &'a Execution,
}

/// The choices of one FDRT step (see the module). Contract: every choice is a function of
/// the random stream and what the guide was told before, so a generator stays
/// deterministic in its seed; the defaults draw exactly as FDRT does.
pub(crate) trait Guidance {
    /// The position in M_C (`gold.context.methods()`) of the method to call.
    fn method(&mut self, rng: &mut Pcg64Mcg, gold: &GoldExecutor<'_>) -> usize {
        pick(rng, gold.context.methods().len())
    }

    /// An `int` argument of `method`, from the seed pool `seeds`.
    fn int(&mut self, rng: &mut Pcg64Mcg, seeds: &[i32], method: &MethodInfo) -> i32 {
        let _ = method;
        seeds[pick(rng, seeds.len())]
    }

    /// A `String` argument of `method`, from the seed pool `seeds`.
    fn string(&mut self, rng: &mut Pcg64Mcg, seeds: &[Arc<str>], method: &MethodInfo) -> Arc<str> {
        let _ = method;
        Arc::clone(&seeds[pick(rng, seeds.len())])
    }

    /// Whether a parameter declared as the class also takes values declared `Object` whose
    /// run-time type is the class (GRT's Elephant brain); FDRT types values as declared.
    /// `widens`: whether that would widen the candidates now (some extensible sequence
    /// holds a value declared `Object`), for the guide's counts only.
    fn by_run_time_type(&mut self, widens: bool) -> bool {
        let _ = widens;
        false
    }

    /// One of `candidates` (positions in the pool's list of extensible sequences, `list`),
    /// as a position in `candidates`.
    fn sequence(&mut self, rng: &mut Pcg64Mcg, list: CandidateList, candidates: &[usize]) -> usize {
        let _ = list;
        pick(rng, candidates.len())
    }

    /// A method outside what the pool can call when no sequence provides an object
    /// (GRT's Detective): the position in `gold.methods` of one that makes an instance of
    /// the class. `None` (FDRT): the step gives up.
    fn producer(&mut self, rng: &mut Pcg64Mcg, gold: &GoldExecutor<'_>) -> Option<usize> {
        let _ = (rng, gold);
        None
    }

    /// A state-changing method to call on an object input before it is used (GRT's
    /// Impurity): its subject method number, an instance method of M_C whose only object
    /// input is its receiver. `None` (FDRT): the input is used as it is.
    fn object_fuzz(&mut self, rng: &mut Pcg64Mcg) -> Option<usize> {
        let _ = rng;
        None
    }

    /// Told after every executed candidate.
    fn executed(&mut self, feedback: &Feedback<'_>) {
        let _ = feedback;
    }

    /// Told when a normal candidate became extensible sequence number `entry` of the pool,
    /// with its number of calls and the fuel its execution used.
    fn extended(&mut self, entry: usize, calls: u32, fuel: u64) {
        let _ = (entry, calls, fuel);
    }
}

/// FDRT's choices: all uniform, nothing learnt.
pub(crate) struct Uniform;

impl Guidance for Uniform {}

/// A uniform position in [0, len).
pub(crate) fn pick(rng: &mut Pcg64Mcg, len: usize) -> usize {
    below(rng, len as u64) as usize
}
