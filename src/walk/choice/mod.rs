//! `choice`: test cases drawn from a choice model (Poulding & Feldt, ICST 2015) —
//! categorical method weights, optional per-slot weights, optional first-order Markov
//! weights over methods — read from a TOML model file whose methods are named at the
//! interface level, so that one model applies to every unit of an interface.
//!
//! [`model`] is the file format, [`resolve`] what a model means for one context, and
//! [`sampler`] the exact integer draws. Without a model the walk is exactly `r`.

pub mod ensemble;
pub mod model;
pub mod resolve;
pub mod sampler;

use std::collections::BTreeMap;
use std::path::Path;

use model::{Model, ModelFile};
use sampler::Categorical;

use super::random::uniform_call;
use super::{CounterWalk, ParameterError, ParameterScope, Parameters};
use crate::context::TestContext;
use crate::kernel::rng::{below, case_rng};

/// `choice`'s parameters: the model, if any (else the uniform model, `r`).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct ChoiceParams {
    /// The model file as the experiment names it, then (after [`Parameters::resolve`]) its
    /// contents too.
    pub model: Option<ModelParameter>,
}

/// The `model` parameter: a file name as written, or that name with the model(s) it holds
/// (what the manifest records, so that a results folder and a remote worker need no file).
/// A name containing `{subject}` names one model per subject: the unit's class name is put
/// in its place (`tuned/{subject}.toml` reads `tuned/ArrayList.toml` for ArrayList).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(untagged, expecting = "a model file name (a string)")]
pub enum ModelParameter {
    /// A model file, relative to the experiment file's folder (`sample`: to the current
    /// folder).
    File(String),
    /// The file's name and the model read from it.
    Loaded {
        /// The file as the experiment names it.
        file: String,
        /// Its model.
        model: Model,
    },
    /// A name with `{subject}` and the model read for each subject of the scope.
    PerSubject {
        /// The name as the experiment writes it.
        file: String,
        /// Each subject's model, by class name.
        models: BTreeMap<String, Model>,
    },
}

/// What a model file name puts the subject's class name in place of.
pub const SUBJECT_PLACEHOLDER: &str = "{subject}";

impl ChoiceParams {
    /// The parameters of a model read from `file`.
    pub fn loaded(file: &str, model: Model) -> Self {
        let file = file.to_string();
        ChoiceParams {
            model: Some(ModelParameter::Loaded { file, model }),
        }
    }
}

impl Parameters<TestContext> for ChoiceParams {
    /// Reads the model file (or, for a name with `{subject}`, each subject's) relative to
    /// the scope's folder and checks it against the scope's contexts (each subject's model
    /// against its own); errors name the model file, line and field.
    fn resolve(&mut self, scope: &ParameterScope<'_, TestContext>) -> Result<(), ParameterError> {
        let invalid = |message: String| ParameterError::Invalid {
            key: "model".into(),
            message,
        };
        let contexts: Vec<&TestContext> = scope.contexts.iter().map(|c| &**c).collect();
        match &self.model {
            None => Ok(()),
            Some(ModelParameter::File(name)) if name.contains(SUBJECT_PLACEHOLDER) => {
                let mut models = BTreeMap::new();
                for context in contexts {
                    let class = context.class();
                    let path = scope.path(&name.replace(SUBJECT_PLACEHOLDER, class));
                    let file = ModelFile::read(&path).map_err(invalid)?;
                    file.check(&[context]).map_err(|e| invalid(e.to_string()))?;
                    models.insert(class.to_string(), file.model);
                }
                let file = name.clone();
                self.model = Some(ModelParameter::PerSubject { file, models });
                Ok(())
            }
            Some(ModelParameter::File(name)) => {
                let file = ModelFile::read(&scope.path(name)).map_err(invalid)?;
                file.check(&contexts).map_err(|e| invalid(e.to_string()))?;
                *self = ChoiceParams::loaded(name, file.model);
                Ok(())
            }
            Some(ModelParameter::Loaded { file, model }) => {
                let read = ModelFile::parse(Path::new(file), model.to_toml())
                    .map_err(|e| invalid(e.to_string()))?;
                read.check(&contexts).map_err(|e| invalid(e.to_string()))
            }
            Some(ModelParameter::PerSubject { file, models }) => {
                for context in contexts {
                    let class = context.class();
                    let model = models
                        .get(class)
                        .ok_or_else(|| invalid(format!("{file} records no model for {class}")))?;
                    let path = file.replace(SUBJECT_PLACEHOLDER, class);
                    let read = ModelFile::parse(Path::new(&path), model.to_toml())
                        .map_err(|e| invalid(e.to_string()))?;
                    read.check(&[context]).map_err(|e| invalid(e.to_string()))?;
                }
                Ok(())
            }
        }
    }
}

/// Test case k drawn from (seed, k) by the model: each call's method from the categorical
/// weights (after a method with a Markov row, from that row), then its slots — uniformly
/// with R's single draw over nc(m) unless the model weights some of them, else slot by
/// slot in tuple order. The draws are R's whenever the weights are uniform, so the default
/// model gives exactly `r`'s test cases; with weights ∝ nc(m) every call index has
/// probability 1/j, as under `r-leaf`. Contract of [`CounterWalk`]; `case_into` allocates nothing.
#[derive(Clone, Debug)]
pub struct Choice {
    n: usize,
    seed: u64,
    /// The categorical weights over `calls`.
    first: Categorical,
    /// (first call index, nc(m)) of each method with a call, as `r` holds them.
    calls: Box<[(u32, u64)]>,
    /// The Markov rows and slot weights; `None` if the model has neither for any method
    /// (then each call is drawn exactly as `r` draws it, from `first`).
    steering: Option<Steering>,
    /// The model's sub-generators, if it has any ([`ensemble`]).
    ensemble: Option<ensemble::Ensemble>,
}

/// What the model says beyond the categorical weights, flat: one small record a drawn
/// method, so that a call costs one lookup.
#[derive(Clone, Debug)]
struct Steering {
    /// Per method, as `calls`.
    methods: Box<[Step]>,
    /// The Markov rows ([`Step::after`] indexes them).
    rows: Box<[Categorical]>,
    /// Per method, its slots when the model weights any of them; empty if it weights none
    /// for any method.
    slots: Box<[Option<Box<[SlotChoice]>>]>,
}

/// One method of a steered walk.
#[derive(Clone, Debug)]
struct Step {
    /// Its first call index.
    offset: u32,
    /// The index in `rows` of the distribution of the next call's method after this one
    /// (out of range: `first`).
    after: u32,
    /// nc(m).
    nc: u64,
}

/// One slot of a weighted method's parameter tuple.
#[derive(Clone, Debug)]
struct SlotChoice {
    /// The call-index weight of a unit of this slot (the product of earlier radices).
    stride: u32,
    /// Its pool size.
    size: u32,
    /// Its weights (`None`: uniform).
    values: Option<Categorical>,
}

impl Choice {
    /// The walk of `model` over `context`'s test cases of length n, seeded with `seed`.
    ///
    /// # Errors
    /// The model does not resolve for the context ([`resolve::resolve`]).
    pub fn new(
        model: &Model,
        context: &TestContext,
        n: usize,
        seed: u64,
    ) -> Result<Self, resolve::ResolveError> {
        let resolution = resolve::resolve(model, context)?;
        let shapes = context.call_space().shapes();
        // Methods without calls are never drawn, as in R.
        let drawn: Vec<usize> = (0..shapes.len()).filter(|&p| shapes[p].nc > 0).collect();
        let among_drawn = |weights: &[f64]| {
            let weights: Vec<f64> = drawn.iter().map(|&p| weights[p]).collect();
            Categorical::new(&weights)
        };
        let calls = drawn
            .iter()
            .map(|&p| (shapes[p].offset as u32, shapes[p].nc))
            .collect();
        let mut rows = Vec::new();
        let methods = drawn
            .iter()
            .map(|&p| Step {
                offset: shapes[p].offset as u32,
                after: resolution.after[p].as_deref().map_or(u32::MAX, |row| {
                    rows.push(among_drawn(row));
                    rows.len() as u32 - 1
                }),
                nc: shapes[p].nc,
            })
            .collect();
        let mut slots: Vec<_> = drawn
            .iter()
            .map(|&p| {
                let weights = resolution.slots[p].as_ref();
                weights.map(|weights| slot_choices(&shapes[p].radices, weights))
            })
            .collect();
        if slots.iter().all(Option::is_none) {
            slots.clear();
        }
        let steers = !rows.is_empty() || !slots.is_empty();
        let steering = Steering {
            methods,
            rows: rows.into(),
            slots: slots.into(),
        };
        Ok(Choice {
            n,
            seed,
            first: among_drawn(&resolution.methods),
            calls,
            steering: steers.then_some(steering),
            ensemble: ensemble::Ensemble::new(model, context, &drawn, &resolution.methods),
        })
    }
}

/// The slots of a method with radices `radices` and per-slot `weights`.
fn slot_choices(radices: &[u32], weights: &[Option<Vec<f64>>]) -> Box<[SlotChoice]> {
    let mut stride = 1u32;
    radices
        .iter()
        .zip(weights)
        .map(|(&size, weights)| {
            let slot = SlotChoice {
                stride,
                size,
                values: weights.as_deref().map(Categorical::new),
            };
            stride *= size;
            slot
        })
        .collect()
}

impl CounterWalk for Choice {
    const NAME: &'static str = "choice";
    const SUMMARY: &'static str = "a choice model's weights over methods, slots and method pairs (model = FILE); without one, exactly r";
    const USES_SEED: bool = true;
    const WITH_REPLACEMENT: bool = true;
    type Params = ChoiceParams;

    /// # Panics
    /// If the model was not read through [`Parameters::resolve`] with this context among
    /// the scope's (which checks that it resolves).
    fn build(context: &TestContext, n: usize, seed: u64, params: &ChoiceParams) -> Self {
        let default = Model::default();
        let model = match &params.model {
            None => &default,
            Some(ModelParameter::Loaded { model, .. }) => model,
            Some(ModelParameter::PerSubject { file, models }) => {
                models.get(context.class()).unwrap_or_else(|| {
                    panic!("{file} was read by Parameters::resolve for every subject of the run, not {}", context.class())
                })
            }
            Some(ModelParameter::File(file)) => {
                panic!("choice's model file {file} is read by Parameters::resolve before build")
            }
        };
        Choice::new(model, context, n, seed).unwrap_or_else(|e| {
            panic!(
                "the model was checked against {} when read: {e}",
                context.class()
            )
        })
    }

    fn length(&self) -> usize {
        self.n
    }

    fn case_into(&self, counter: u64, out: &mut [u32]) -> bool {
        let mut rng = case_rng(self.seed, counter);
        match &self.ensemble {
            None => self.plain(&mut rng, out),
            Some(ensemble) => ensemble.write(self, &mut rng, out),
        }
        true
    }
}

impl Choice {
    /// A test case of the model's calls alone.
    #[inline]
    fn plain(&self, rng: &mut impl rand::Rng, out: &mut [u32]) {
        match (&self.steering, &self.first) {
            // The default model: `r`'s loop.
            (None, Categorical::All(count)) => {
                for call in out.iter_mut() {
                    let method = below(rng, u64::from(*count)) as usize;
                    *call = uniform_call(rng, self.calls[method]);
                }
            }
            (None, first) => {
                for call in out.iter_mut() {
                    let method = first.draw(rng) as usize;
                    *call = uniform_call(rng, self.calls[method]);
                }
            }
            (Some(steering), _) => self.steered(rng, steering, out),
        }
    }

    /// A test case under a model with Markov rows or slot weights, the loop specialised to
    /// `first`'s kind.
    fn steered<R: rand::Rng>(&self, rng: &mut R, steering: &Steering, out: &mut [u32]) {
        match (&self.first, steering.slots.is_empty()) {
            (Categorical::Weighted(first), true) => {
                steering.walk::<_, false>(rng, out, |rng| first.draw(rng))
            }
            (first, true) => steering.walk::<_, false>(rng, out, |rng| first.draw(rng)),
            (first, false) => steering.walk::<_, true>(rng, out, |rng| first.draw(rng)),
        }
    }

    /// The model's calls into `out`, the first after a call of `previous` (drawn method
    /// index; `None`: as a test case's first call).
    fn continue_from(&self, rng: &mut impl rand::Rng, previous: Option<usize>, out: &mut [u32]) {
        let mut previous = previous;
        for call in out.iter_mut() {
            let method = self.methods_after(previous).draw(rng) as usize;
            *call = self.call_of(rng, method);
            previous = Some(method);
        }
    }

    /// The distribution of a call's method after a call of `previous` (`None`: the first
    /// call's).
    #[inline]
    fn methods_after(&self, previous: Option<usize>) -> &Categorical {
        match (&self.steering, previous) {
            (Some(steering), Some(method)) => steering
                .rows
                .get(steering.methods[method].after as usize)
                .unwrap_or(&self.first),
            _ => &self.first,
        }
    }

    /// The first call index of drawn method `method`.
    #[inline]
    fn offset(&self, method: usize) -> u32 {
        self.calls[method].0
    }

    /// A call of drawn method `method`, its slots drawn by the model.
    #[inline]
    fn call_of(&self, rng: &mut impl rand::Rng, method: usize) -> u32 {
        let slots = self
            .steering
            .as_ref()
            .and_then(|steering| steering.slots.get(method))
            .and_then(Option::as_deref);
        match slots {
            None => uniform_call(rng, self.calls[method]),
            Some(slots) => self.calls[method].0 + weighted_slots(rng, slots),
        }
    }
}

impl Steering {
    /// The calls of a test case, each method drawn by `first` unless the previous method
    /// has a Markov row; `SLOTS`: whether any method has slot weights. Which of the two
    /// draws is a branch, not a select of the distribution: the CPU predicts it (rows are
    /// rare), so that a call's method draw need not wait for the previous call's.
    #[inline(always)]
    fn walk<R: rand::Rng, const SLOTS: bool>(
        &self,
        rng: &mut R,
        out: &mut [u32],
        first: impl Fn(&mut R) -> u32,
    ) {
        let mut after = u32::MAX;
        for call in out.iter_mut() {
            let method = match self.rows.get(after as usize) {
                None => first(rng),
                Some(row) => row.draw(rng),
            } as usize;
            let step = &self.methods[method];
            *call = match SLOTS.then(|| self.slots[method].as_deref()).flatten() {
                None => uniform_call(rng, (step.offset, step.nc)),
                Some(slots) => step.offset + weighted_slots(rng, slots),
            };
            after = step.after;
        }
    }
}

/// The index within its method of a call whose slots are drawn one by one (inlined, so that
/// the walk's generator stays in registers rather than behind a call's pointer).
#[inline(always)]
fn weighted_slots(rng: &mut impl rand::Rng, slots: &[SlotChoice]) -> u32 {
    let mut index = 0;
    for slot in slots {
        let value = match &slot.values {
            Some(values) => values.draw(rng),
            None if slot.size == 1 => 0,
            None => below(rng, u64::from(slot.size)) as u32,
        };
        index += value * slot.stride;
    }
    index
}

#[cfg(test)]
mod tests;
