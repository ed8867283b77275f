//! GRT: guided random testing (Ma, Artho, Zhang, Sato, Gmeiner and Ramler, ASE 2015) —
//! FDRT with six components that mine the unit under test, each switchable for ablation
//! (`components = [...]` in `[phase.run.params]`; all six by default).
//!
//! | component | file | what it changes in an FDRT step |
//! |---|---|---|
//! | `constant-mining` | [`constants`] | the unit's own constants join its seed pool (GRT's local level); with probability p_const a primitive argument is a constant of any port drawn by tf–idf weight (the global level) |
//! | `impurity` | [`fuzz`] | each input is fuzzed: an `int` from the seed pool + N(0, σ²), a `String` one edit, an object first changed by a method seen to change state |
//! | `elephant-brain` | — | object values are typed by run-time type: `clone()`'s results (declared `Object`) serve where the class is declared |
//! | `detective` | — | when no sequence provides an object, a constructor or static factory of the unit (in M_C or not) makes one |
//! | `orienteering` | [`orienteering`] | input sequences drawn ∝ 1 / (k · fuel · √calls) |
//! | `bloodhound` | [`bloodhound`] | methods drawn by uncovered ratio and success counts, recomputed every so many cost units |
//!
//! What differs from GRT, and why (docs/generators.md, "GRT"): time is cost (Bloodhound's
//! 50 s ≙ 50,000 calls, at 1 s ≙ 1,000 calls as for FCRT; Orienteering's execution time is
//! gold's fuel); constants are mined from the Rust port's source, not from bytecode;
//! Impurity knows a method changes state once gold was seen to change a receiver with it
//! (the unit's `equals` before and after; GRT decides purity statically with ReIm), and
//! fuzzes objects only with methods whose sole object input is the receiver; every object
//! of the units is of the unit's class, so Elephant brain's exact-or-subtype ratio has
//! nothing to choose between and Detective's producers need no recursion.

pub mod activity;
pub mod bloodhound;
pub mod constants;
pub mod fuzz;
pub mod orienteering;
#[cfg(test)]
mod tests;

use std::ops::Range;
use std::sync::Arc;

use rand_pcg::Pcg64Mcg;

use self::activity::{Activity, uniform_on_copy};
use self::bloodhound::Bloodhound;
use self::orienteering::Orienteering;
use super::fdrt::{
    ComponentPool, FdrtStepConfig, MAX_IDLE_ATTEMPTS, check_seeds, generator_rng, unit_draw,
};
use super::gold::GoldExecutor;
use super::guidance::{CandidateList, Feedback, Guidance, pick};
use super::{CaseKind, FdrtSettings, FeedbackGenerator, Generated, Seeds};
use crate::kernel::parameters::{CostUnits, ParameterError, Parameters, Probability};
use crate::subject::{MethodInfo, MethodKind, PoolType};

/// One of GRT's six components, by its name in experiment files.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Component {
    /// Constants of the unit's source as primitive arguments.
    ConstantMining,
    /// Input fuzzing.
    Impurity,
    /// Object values typed by run-time type.
    ElephantBrain,
    /// Objects M_C cannot make, made by the unit's other methods.
    Detective,
    /// Cheap, short input sequences preferred.
    Orienteering,
    /// Methods with uncovered code preferred.
    Bloodhound,
}

impl Component {
    /// All six, in the paper's order.
    pub const ALL: [Component; 6] = [
        Component::ConstantMining,
        Component::Impurity,
        Component::ElephantBrain,
        Component::Detective,
        Component::Orienteering,
        Component::Bloodhound,
    ];
}

/// `grt`'s parameters in an experiment file's `[phase.run.params]`: the components, FDRT's
/// own, and the components' with the published defaults.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct GrtSettings {
    /// The components switched on (default: all six; `[]` is FDRT).
    pub components: Vec<Component>,
    /// The probability of `null` for an object argument (Randoop: 0.05).
    pub null_ratio: Probability,
    /// Whether non-null primitive results join the seed pool (Randoop 4: true).
    pub grow_seeds: bool,
    /// The seed values; a type left out keeps Randoop's.
    pub seeds: Seeds,
    /// Constant mining's p_const: the probability that a primitive argument is one of the
    /// unit's constants (GRT: 0.01).
    pub constant_probability: Probability,
    /// Impurity's σ: the standard deviation of the noise added to `int` arguments (GRT:
    /// 30).
    pub fuzz_deviation: f64,
    /// Impurity's ratio: the probability that an input is fuzzed (Randoop 4 fuzzes every
    /// input: 1).
    pub fuzz_probability: Probability,
    /// Bloodhound's α: the weight of the uncovered ratio against the success count (0.9).
    pub bloodhound_alpha: Probability,
    /// Bloodhound's p: how fast a method's weight decays with its selections (0.99).
    pub bloodhound_decay: Probability,
    /// Bloodhound's recomputation interval in cost units (GRT: 50 s ≙ 50,000 calls).
    pub bloodhound_every: CostUnits,
}

impl Default for GrtSettings {
    fn default() -> Self {
        let FdrtSettings {
            null_ratio,
            grow_seeds,
            seeds,
        } = FdrtSettings::default();
        GrtSettings {
            components: Component::ALL.to_vec(),
            null_ratio,
            grow_seeds,
            seeds,
            constant_probability: Probability(0.01),
            fuzz_deviation: 30.0,
            fuzz_probability: Probability(1.0),
            bloodhound_alpha: Probability(0.9),
            bloodhound_decay: Probability(0.99),
            bloodhound_every: CostUnits(50_000),
        }
    }
}

impl Parameters for GrtSettings {
    fn check(&self) -> Result<(), ParameterError> {
        let invalid = |key: &str, message: String| {
            Err(ParameterError::Invalid {
                key: key.into(),
                message,
            })
        };
        let mut sorted = self.components.clone();
        sorted.sort();
        if let Some(pair) = sorted.windows(2).find(|w| w[0] == w[1]) {
            let name = serde_json::to_string(&pair[0]).unwrap_or_default();
            return invalid("components", format!("{name} is named twice"));
        }
        if !(self.fuzz_deviation.is_finite() && self.fuzz_deviation >= 0.0) {
            return invalid(
                "fuzz-deviation",
                format!(
                    "expected a standard deviation ≥ 0, found {}",
                    self.fuzz_deviation
                ),
            );
        }
        if self.bloodhound_decay.0 >= 1.0 || self.bloodhound_decay.0 <= 0.0 {
            return invalid(
                "bloodhound-decay",
                format!(
                    "expected p strictly between 0 and 1, found {}",
                    self.bloodhound_decay.0
                ),
            );
        }
        check_seeds(&self.seeds)
    }
}

impl GrtSettings {
    /// Whether `component` is switched on.
    pub fn has(&self, component: Component) -> bool {
        self.components.contains(&component)
    }

    fn fdrt(&self, max_length: usize) -> FdrtStepConfig {
        FdrtSettings {
            null_ratio: self.null_ratio,
            grow_seeds: self.grow_seeds,
            seeds: self.seeds.clone(),
        }
        .params(max_length, None)
    }
}

/// GRT (`grt`): FDRT's steps ([`super::Fdrt`]) with the choices of the components switched
/// on ([`GrtGuide`]); with no component it makes exactly FDRT's suite for the same seed.
pub struct Grt {
    settings: GrtSettings,
    params: FdrtStepConfig,
    rng: Pcg64Mcg,
    pool: ComponentPool,
    /// The components' state, made on the first step (they need the unit).
    guide: Option<GrtGuide>,
    produced: u32,
}

impl FeedbackGenerator for Grt {
    const NAME: &'static str = "grt";
    const SUMMARY: &'static str =
        "Ma et al.'s guided random testing: FDRT with six switchable components";
    const NEEDS_COVERAGE: bool = true;
    type Params = GrtSettings;

    fn seeds(params: &GrtSettings) -> Seeds {
        params.seeds.clone()
    }

    /// Only Bloodhound reads coverage: without it GRT runs gold's schemata copy, as FDRT
    /// does (the coverage copy uses exactly its fuel, so the suites are the same).
    fn needs_coverage(params: &GrtSettings) -> bool {
        params.has(Component::Bloodhound)
    }

    fn build(params: &GrtSettings, max_length: usize, seed: u64) -> Self {
        let fdrt = params.fdrt(max_length);
        Grt {
            pool: ComponentPool::new(&fdrt.seeds),
            // FDRT's stream: with no component, FDRT's suite.
            rng: generator_rng(seed, 0x6664_7274),
            params: fdrt,
            settings: params.clone(),
            guide: None,
            produced: 0,
        }
    }

    fn next_case(&mut self, gold: &mut GoldExecutor<'_>) -> Option<Generated> {
        if self.guide.is_none() {
            let mut guide = GrtGuide::new(&self.settings, gold);
            if let Some(constants) = &guide.constants {
                // The local level: the unit's constants are seed values of its methods.
                let (ints, strings) = self.pool.seed_counts();
                self.pool.add_seeds(
                    constants.own.ints.keys().copied(),
                    constants.own.strings.keys().map(|s| s.as_str()),
                );
                let (all_ints, all_strings) = self.pool.seed_counts();
                guide.local = (ints..all_ints, strings..all_strings);
            }
            self.guide = Some(guide);
        }
        let guide = self.guide.as_mut().expect("made above");
        if guide.bloodhound.is_some() {
            gold.attribute_last_call();
        }
        if guide.fuzz_deviation.is_some() {
            gold.observe_receivers();
        }
        for _ in 0..MAX_IDLE_ATTEMPTS {
            if let Some(step) =
                self.pool
                    .step(&mut self.rng, gold, &self.params, self.produced, guide)
            {
                self.produced += 1;
                return Some(step.generated);
            }
        }
        None
    }
}

impl Grt {
    /// How often each component acted so far ([`activity`]; all zero before the first
    /// step).
    pub fn activity(&self) -> Activity {
        self.guide
            .as_ref()
            .map_or_else(Activity::default, |guide| guide.activity)
    }
}

/// The choices of the components switched on, for one unit and M_C.
pub struct GrtGuide {
    /// Constant mining: the unit's constants and their cumulative weights, per type.
    constants: Option<ConstantChoice>,
    constant_probability: f64,
    /// Impurity's σ (`None`: off).
    fuzz_deviation: Option<f64>,
    fuzz_probability: f64,
    /// Impurity: per subject method number, whether it may fuzz an object (an instance
    /// method of M_C with primitive parameters only) and whether gold was seen to change
    /// a receiver with it.
    fuzzers: Vec<(bool, bool)>,
    /// The subject method numbers seen to change state, among those that may fuzz.
    impure: Vec<usize>,
    elephant_brain: bool,
    /// Detective: positions in the unit's methods of those that make an instance.
    producers: Option<Vec<usize>>,
    orienteering: Option<Orienteering>,
    bloodhound: Option<Bloodhound>,
    /// Constant mining's local level: the positions in the `int` and `String` seed pools
    /// of the unit's own constants it added.
    local: (Range<usize>, Range<usize>),
    /// How often each component acted.
    activity: Activity,
}

/// Constant mining's two levels: every registered unit's constants with cumulative
/// weights (draws proportional to tf–idf), and the unit's own (for its seed pool).
struct ConstantChoice {
    ints: (Vec<i32>, Vec<f64>),
    strings: (Vec<Arc<str>>, Vec<f64>),
    own: constants::MinedConstants,
}

/// Values with cumulative weights from `(value, weight)` pairs.
fn cumulative<T, U>(pairs: &[(T, f64)], value: impl Fn(&T) -> U) -> (Vec<U>, Vec<f64>) {
    let mut sum = 0.0;
    pairs
        .iter()
        .map(|(v, w)| {
            sum += w;
            (value(v), sum)
        })
        .unzip()
}

/// A draw from `values` proportional to the weights whose running sums are `sums`.
fn weighted<'a, T>(rng: &mut Pcg64Mcg, (values, sums): &'a (Vec<T>, Vec<f64>)) -> Option<&'a T> {
    let total = *sums.last()?;
    let target = unit_draw(rng) * total;
    let i = sums.partition_point(|&s| s <= target).min(values.len() - 1);
    Some(&values[i])
}

impl GrtGuide {
    /// The components of `settings` for the unit and M_C of `gold`.
    pub fn new(settings: &GrtSettings, gold: &GoldExecutor<'_>) -> Self {
        let unit = gold.unit();
        let constants = settings.has(Component::ConstantMining).then(|| {
            let (own, weighted) = constants::levels_of(unit);
            ConstantChoice {
                ints: cumulative(&weighted.ints, |&v| v),
                strings: cumulative(&weighted.strings, |s| Arc::from(s.as_str())),
                own,
            }
        });
        let producers = settings
            .has(Component::Detective)
            .then(|| producers(gold.methods));
        let bloodhound = match (settings.has(Component::Bloodhound), unit.probes()) {
            (true, Some(table)) if gold.probes() > 0 => {
                let numbers: Vec<u32> = gold
                    .context
                    .methods()
                    .iter()
                    .map(|m| m.info.number as u32)
                    .collect();
                Some(Bloodhound::new(
                    &numbers,
                    table,
                    settings.bloodhound_alpha.0,
                    settings.bloodhound_decay.0,
                    settings.bloodhound_every.0,
                ))
            }
            _ => None,
        };
        GrtGuide {
            constants,
            constant_probability: settings.constant_probability.0,
            fuzz_deviation: settings
                .has(Component::Impurity)
                .then_some(settings.fuzz_deviation),
            fuzz_probability: settings.fuzz_probability.0,
            fuzzers: fuzzers(gold),
            impure: Vec::new(),
            elephant_brain: settings.has(Component::ElephantBrain),
            producers,
            orienteering: settings
                .has(Component::Orienteering)
                .then(Orienteering::default),
            bloodhound,
            local: (0..0, 0..0),
            activity: Activity::default(),
        }
    }

    /// A primitive argument drawn from the seed pool at `position`, which `local` holds
    /// the unit's own constants of: counted for Constant mining (if on), then fuzzed by
    /// Impurity (if on and drawn so) with `fuzz`, and counted for it.
    fn seed_argument<T: PartialEq>(
        &mut self,
        rng: &mut Pcg64Mcg,
        value: T,
        position: usize,
        local: Range<usize>,
        fuzz: impl FnOnce(&mut Pcg64Mcg, &T, f64) -> T,
    ) -> T {
        if self.constants.is_some() {
            let count = self.activity.count(Component::ConstantMining);
            count.record(local.contains(&position));
        }
        if self.fuzz_deviation.is_none() {
            return value;
        }
        let fuzzed = self
            .fuzz_now(rng)
            .map(|deviation| fuzz(rng, &value, deviation));
        let count = self.activity.count(Component::Impurity);
        match fuzzed {
            Some(fuzzed) => {
                count.record(fuzzed != value);
                fuzzed
            }
            None => {
                count.record(false);
                value
            }
        }
    }

    /// Counts an argument the global level of Constant mining supplied.
    fn global_constant(&mut self) {
        self.activity.count(Component::ConstantMining).record(true);
        self.activity.global_constants += 1;
    }

    /// Whether Impurity fuzzes this input (a draw only when it is on and the ratio is
    /// below 1).
    fn fuzz_now(&self, rng: &mut Pcg64Mcg) -> Option<f64> {
        let deviation = self.fuzz_deviation?;
        (self.fuzz_probability >= 1.0 || unit_draw(rng) < self.fuzz_probability)
            .then_some(deviation)
    }

    /// Whether constant mining picks this argument (a draw only when it is on).
    fn use_constant(&self, rng: &mut Pcg64Mcg) -> Option<&ConstantChoice> {
        let constants = self.constants.as_ref()?;
        (unit_draw(rng) < self.constant_probability).then_some(constants)
    }
}

/// Per subject method number: (may it fuzz an object — an instance method of M_C whose
/// parameters are all primitive —, seen impure yet).
fn fuzzers(gold: &GoldExecutor<'_>) -> Vec<(bool, bool)> {
    let mut fuzzers = vec![(false, false); gold.methods.len()];
    for method in gold.context.methods() {
        let info = &method.info;
        let primitive = info.params.iter().all(|p| p.pool() != PoolType::Object);
        fuzzers[info.number].0 = info.kind == MethodKind::Instance && primitive;
    }
    fuzzers
}

/// The positions in `methods` of the constructors and static methods that return an
/// instance of the class.
pub fn producers(methods: &[MethodInfo]) -> Vec<usize> {
    methods
        .iter()
        .enumerate()
        .filter(|(_, m)| {
            m.kind != MethodKind::Instance && m.returns.pool() == Some(PoolType::Object)
        })
        .map(|(i, _)| i)
        .collect()
}

impl Guidance for GrtGuide {
    fn method(&mut self, rng: &mut Pcg64Mcg, gold: &GoldExecutor<'_>) -> usize {
        let methods = gold.context.methods().len();
        match &mut self.bloodhound {
            Some(bloodhound) => {
                let uniform = uniform_on_copy(rng, methods);
                let (chosen, equal) = bloodhound.choose(rng, gold.cost);
                self.activity
                    .count(Component::Bloodhound)
                    .record(chosen != uniform);
                self.activity.unequal_weights += u64::from(!equal);
                chosen
            }
            None => pick(rng, methods),
        }
    }

    fn int(&mut self, rng: &mut Pcg64Mcg, seeds: &[i32], _: &MethodInfo) -> i32 {
        // A constant is used as mined (Randoop's tf–idf literals skip the fuzzer).
        if let Some(constants) = self.use_constant(rng)
            && let Some(&value) = weighted(rng, &constants.ints)
        {
            self.global_constant();
            return value;
        }
        let position = pick(rng, seeds.len());
        let local = self.local.0.clone();
        self.seed_argument(
            rng,
            seeds[position],
            position,
            local,
            |rng, &x, deviation| fuzz::fuzz_int(rng, x, deviation),
        )
    }

    fn string(&mut self, rng: &mut Pcg64Mcg, seeds: &[Arc<str>], _: &MethodInfo) -> Arc<str> {
        if let Some(constants) = self.use_constant(rng)
            && let Some(value) = weighted(rng, &constants.strings)
        {
            let value = Arc::clone(value);
            self.global_constant();
            return value;
        }
        let position = pick(rng, seeds.len());
        let local = self.local.1.clone();
        let value = Arc::clone(&seeds[position]);
        self.seed_argument(rng, value, position, local, |rng, s, _| {
            Arc::from(fuzz::fuzz_string(rng, s).as_str())
        })
    }

    fn by_run_time_type(&mut self, widens: bool) -> bool {
        if self.elephant_brain {
            let count = self.activity.count(Component::ElephantBrain);
            count.record(widens);
        }
        self.elephant_brain
    }

    fn sequence(&mut self, rng: &mut Pcg64Mcg, list: CandidateList, candidates: &[usize]) -> usize {
        match &mut self.orienteering {
            Some(orienteering) => {
                let uniform = uniform_on_copy(rng, candidates.len());
                let chosen = orienteering.choose(rng, list, candidates);
                self.activity
                    .count(Component::Orienteering)
                    .record(chosen != uniform);
                chosen
            }
            None => pick(rng, candidates.len()),
        }
    }

    fn producer(&mut self, rng: &mut Pcg64Mcg, _: &GoldExecutor<'_>) -> Option<usize> {
        let producers = self.producers.as_ref()?;
        let producer = (!producers.is_empty()).then(|| producers[pick(rng, producers.len())]);
        let count = self.activity.count(Component::Detective);
        count.record(producer.is_some());
        producer
    }

    fn object_fuzz(&mut self, rng: &mut Pcg64Mcg) -> Option<usize> {
        self.fuzz_deviation?;
        let method = if self.impure.is_empty() {
            None
        } else {
            self.fuzz_now(rng)
                .map(|_| self.impure[pick(rng, self.impure.len())])
        };
        self.activity
            .count(Component::Impurity)
            .record(method.is_some());
        self.activity.object_inputs.record(method.is_some());
        method
    }

    fn executed(&mut self, feedback: &Feedback<'_>) {
        let method = feedback.method as usize;
        if feedback.execution.receiver_changed == Some(true)
            && self.fuzzers[method] == (true, false)
        {
            self.fuzzers[method].1 = true;
            self.impure.push(method);
        }
        if let Some(bloodhound) = &mut self.bloodhound {
            bloodhound.executed(
                feedback.method,
                *feedback.kind == CaseKind::Normal,
                &feedback.execution.covered,
                &feedback.execution.last_call_covered,
            );
        }
    }

    fn extended(&mut self, entry: usize, calls: u32, fuel: u64) {
        if let Some(orienteering) = &mut self.orienteering {
            orienteering.extended(entry, calls, fuel);
        }
    }
}
