//! Sub-generators and the ensemble rule (Poulding & Feldt's `start = g1() | g2()`): a model
//! with `[[generator]]` members writes each test case with one member, drawn by the
//! members' weights from the test case's own random stream. Every member draws methods and
//! slots with the model's weights (categorical, Markov, slots); what it adds:
//!
//! - `model`: nothing — the model's calls alone.
//! - `feed`: a call's primitive arguments (`int`, `boolean`, `String` parameter slots)
//!   each read, with probability `probability`, the pool value that the latest earlier
//!   result of their pool was written to — `get(size())`, `remove(indexOf(x))` — in place
//!   of the value the model drew. A result counts as written when its call is generated
//!   (generation does not execute: a call that throws writes nothing when the test runs).
//! - `build`: first one constructor call per object-pool value v, its result written to
//!   v (constructors drawn by the model's categorical weights, uniformly if they all
//!   weigh 0; none if M_C has no constructor); then a run of insertion calls of Geometric(`stop`)
//!   length on 0, 1, 2, … (before each insertion, the run ends with probability `stop`),
//!   insertion methods drawn by the member's `insertions` weights or, if it names none, by
//!   weight 1 for each method that [`is_insertion`]; then the model's calls. Every part is
//!   cut off at the test case's length n.
//!
//! Each member's output is a sequence of n call indices of the context's call space, so
//! test cases stay in canonical form. An ensemble of a single `model` member draws no
//! member and gives exactly the model's test cases. Probabilities are compared as
//! integers (p · 2³² rounded against a 32-bit draw), so every machine draws alike.

use rand::Rng;

use super::Choice;
use super::model::{Model, SubGeneratorKind};
use super::resolve::interface_signature;
use super::sampler::Categorical;
use crate::context::{ContextMethod, TestContext};
use crate::subject::{MethodKind, Param, PoolType};

/// The names of the methods the default insertion rule counts (with no parameter of the
/// unit's own class): what adds an element or a mapping in java.util.
pub const INSERTION_NAMES: [&str; 12] = [
    "add",
    "addElement",
    "addFirst",
    "addLast",
    "insertElementAt",
    "push",
    "offer",
    "offerFirst",
    "offerLast",
    "put",
    "putIfAbsent",
    "setProperty",
];

/// The default insertion rule: an instance method named in [`INSERTION_NAMES`] with no
/// parameter of the unit's own class.
pub fn is_insertion(method: &ContextMethod) -> bool {
    let info = &method.info;
    info.kind == MethodKind::Instance
        && INSERTION_NAMES.contains(&info.name)
        && !info.params.contains(&Param::Object)
}

/// A model's ensemble resolved for one context (the contract is the module's).
#[derive(Clone, Debug)]
pub(super) struct Ensemble {
    /// The rule choice among `members`; `None` for a single member (no draw).
    rule: Option<Categorical>,
    members: Box<[Member]>,
    /// Per drawn method (the walk's method order), where its slots are.
    layout: Box<[Layout]>,
    /// vps(object).
    objects: u32,
}

/// One member, resolved.
#[derive(Clone, Debug)]
enum Member {
    Model,
    Feed {
        /// The probability as a threshold for a 32-bit draw.
        threshold: u64,
    },
    Build {
        /// The stop probability as a threshold for a 32-bit draw.
        stop: u64,
        /// Over drawn methods; `None`: no constructor phase.
        constructors: Option<Categorical>,
        /// Over drawn methods; `None`: no insertion run.
        insertions: Option<Categorical>,
    },
}

/// Where a method's slots sit in its call indices.
#[derive(Clone, Debug, Default)]
struct Layout {
    /// Its parameter slots of a primitive pool.
    primitive_parameters: Box<[Slot]>,
    /// Its result slot, if it writes one.
    result: Option<Slot>,
}

/// One slot of a parameter tuple.
#[derive(Clone, Copy, Debug)]
struct Slot {
    /// The product of the earlier slots' pool sizes.
    stride: u32,
    /// Its pool's size.
    size: u32,
    /// Its pool.
    pool: PoolType,
}

impl Slot {
    /// The pool value this slot holds in `within`, a call index within its method.
    #[inline]
    fn value(self, within: u32) -> u32 {
        (within / self.stride) % self.size
    }

    /// `within` with this slot set to `value`.
    #[inline]
    fn set(self, within: u32, value: u32) -> u32 {
        within - self.value(within) * self.stride + value * self.stride
    }
}

/// The index of a primitive pool in a feed's memory.
#[inline]
fn primitive(pool: PoolType) -> Option<usize> {
    match pool {
        PoolType::Int => Some(0),
        PoolType::Bool => Some(1),
        PoolType::Str => Some(2),
        PoolType::Object => None,
    }
}

/// p as a threshold for a 32-bit draw: `draw < threshold` with probability p (rounded to
/// a multiple of 2⁻³²).
fn threshold(p: f64) -> u64 {
    (p.clamp(0.0, 1.0) * 4_294_967_296.0).round() as u64
}

/// Whether an event of threshold `t` happens.
#[inline]
fn happens(rng: &mut impl Rng, t: u64) -> bool {
    u64::from(rng.next_u32()) < t
}

impl Ensemble {
    /// `model`'s ensemble in `context`, whose drawn methods (those with calls) are `drawn`
    /// (positions in M_C) and whose categorical method weights are `weights`; `None` if the
    /// model has no members.
    pub(super) fn new(
        model: &Model,
        context: &TestContext,
        drawn: &[usize],
        weights: &[f64],
    ) -> Option<Self> {
        if model.generators.is_empty() {
            return None;
        }
        let methods = context.methods();
        let shapes = context.call_space().shapes();
        let layout = drawn
            .iter()
            .map(|&p| layout_of(&methods[p], &shapes[p].radices))
            .collect();
        let among_drawn = |weight: &dyn Fn(usize) -> f64| {
            let weights: Vec<f64> = drawn.iter().map(|&p| weight(p)).collect();
            weights
                .iter()
                .any(|&w| w > 0.0)
                .then(|| Categorical::new(&weights))
        };
        let members = model
            .generators
            .iter()
            .map(|member| match member.kind {
                SubGeneratorKind::Model => Member::Model,
                SubGeneratorKind::Feed => Member::Feed {
                    threshold: threshold(member.feed_probability()),
                },
                SubGeneratorKind::Build => Member::Build {
                    stop: threshold(member.build_stop()),
                    constructors: among_drawn(&|p| match methods[p].info.kind {
                        MethodKind::Constructor => weights[p],
                        _ => 0.0,
                    })
                    .or_else(|| {
                        among_drawn(&|p| {
                            f64::from(u8::from(methods[p].info.kind == MethodKind::Constructor))
                        })
                    }),
                    insertions: among_drawn(&|p| {
                        if member.insertions.is_empty() {
                            f64::from(u8::from(is_insertion(&methods[p])))
                        } else {
                            let signature = interface_signature(&methods[p]);
                            *member.insertions.get(&signature).unwrap_or(&0.0)
                        }
                    }),
                },
            })
            .collect();
        let member_weights: Vec<f64> = model.generators.iter().map(|m| m.weight).collect();
        Some(Ensemble {
            rule: (member_weights.len() > 1).then(|| Categorical::new(&member_weights)),
            members,
            layout,
            objects: context.pools().objects as u32,
        })
    }

    /// Writes one test case into `out`: draws a member, then lets it write.
    #[inline]
    pub(super) fn write(&self, walk: &Choice, rng: &mut impl Rng, out: &mut [u32]) {
        let member = match &self.rule {
            None => &self.members[0],
            Some(rule) => &self.members[rule.draw(rng) as usize],
        };
        match member {
            Member::Model => walk.plain(rng, out),
            Member::Feed { threshold } => self.feed(walk, rng, *threshold, out),
            Member::Build {
                stop,
                constructors,
                insertions,
            } => {
                let built = self.build(walk, rng, *stop, constructors, insertions, out);
                walk.continue_from(rng, built.1, &mut out[built.0..]);
            }
        }
    }

    /// `feed`'s test case.
    fn feed(&self, walk: &Choice, rng: &mut impl Rng, threshold: u64, out: &mut [u32]) {
        let mut latest: [Option<u32>; 3] = [None; 3];
        let mut previous = None;
        for call in out.iter_mut() {
            let method = walk.methods_after(previous).draw(rng) as usize;
            let offset = walk.offset(method);
            let mut within = walk.call_of(rng, method) - offset;
            let layout = &self.layout[method];
            for slot in layout.primitive_parameters.iter() {
                let fed = primitive(slot.pool).and_then(|pool| latest[pool]);
                if let Some(value) = fed
                    && happens(rng, threshold)
                {
                    within = slot.set(within, value);
                }
            }
            if let Some(result) = layout.result
                && let Some(pool) = primitive(result.pool)
            {
                latest[pool] = Some(result.value(within));
            }
            *call = offset + within;
            previous = Some(method);
        }
    }

    /// `build`'s constructors and insertion run, written at the start of `out`: how many
    /// calls they took and the last one's method.
    fn build(
        &self,
        walk: &Choice,
        rng: &mut impl Rng,
        stop: u64,
        constructors: &Option<Categorical>,
        insertions: &Option<Categorical>,
        out: &mut [u32],
    ) -> (usize, Option<usize>) {
        let mut written = 0;
        let mut last = None;
        if let Some(constructors) = constructors {
            for value in 0..self.objects {
                if written == out.len() {
                    return (written, last);
                }
                let method = constructors.draw(rng) as usize;
                let offset = walk.offset(method);
                let within = walk.call_of(rng, method) - offset;
                let within = match self.layout[method].result {
                    Some(result) => result.set(within, value),
                    None => within,
                };
                out[written] = offset + within;
                written += 1;
                last = Some(method);
            }
        }
        if let Some(insertions) = insertions {
            while written < out.len() && !happens(rng, stop) {
                let method = insertions.draw(rng) as usize;
                out[written] = walk.call_of(rng, method);
                written += 1;
                last = Some(method);
            }
        }
        (written, last)
    }
}

/// Where `method`'s primitive parameters and its result sit in its call indices, given its
/// slots' pool sizes (`radices`, the call space's).
fn layout_of(method: &ContextMethod, radices: &[u32]) -> Layout {
    let info = &method.info;
    let mut stride = 1u32;
    let slots: Vec<Slot> = info
        .slots
        .iter()
        .zip(radices)
        .map(|(&pool, &size)| {
            let slot = Slot { stride, size, pool };
            stride = stride.saturating_mul(size);
            slot
        })
        .collect();
    Layout {
        primitive_parameters: slots[..info.params.len()]
            .iter()
            .copied()
            .filter(|s| primitive(s.pool).is_some())
            .collect(),
        result: info.returns.pool().map(|_| slots[slots.len() - 1]),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::super::model::ModelFile;
    use super::*;
    use crate::subject::registry;
    use crate::walk::{Walk, test_context};

    fn model(text: &str) -> Model {
        ModelFile::parse(Path::new("test.toml"), text.to_string())
            .unwrap()
            .model
    }

    fn paper(class: &str) -> TestContext {
        TestContext::paper(registry().find(class).unwrap()).unwrap()
    }

    /// Every test case of `walk` among the first `cases`.
    fn cases(walk: &Choice, cases: u64) -> Vec<Vec<u32>> {
        let mut out = vec![0u32; walk.n];
        (0..cases)
            .map(|k| {
                walk.case_into(k, &mut out);
                out.clone()
            })
            .collect()
    }

    #[test]
    fn an_ensemble_of_one_model_member_gives_exactly_the_models_test_cases() {
        let markov = "[methods]\n\"size()\" = 3\n[markov.\"add(Integer)\"]\n\"get(int)\" = 9\n[slots.\"get(int)\"]\narg0 = [1, 4]\n";
        for (class, base) in [("ArrayList", ""), ("ArrayList", markov), ("TreeMap", "")] {
            let context = paper(class);
            let alone = Choice::new(&model(base), &context, 10, 5).unwrap();
            let member =
                format!("{base}\n[[generator]]\nname = \"only\"\nkind = \"model\"\nweight = 2\n");
            let ensemble = Choice::new(&model(&member), &context, 10, 5).unwrap();
            assert_eq!(cases(&alone, 300), cases(&ensemble, 300), "{class}: {base}");
        }
    }

    /// The methods of a test case, by position in M_C.
    fn methods(context: &TestContext, case: &[u32]) -> Vec<usize> {
        case.iter().map(|&c| context.call(c).position).collect()
    }

    #[test]
    fn build_fills_the_object_pool_then_runs_a_geometric_number_of_insertions() {
        let context = paper("ArrayList");
        let position = |s: &str| {
            context
                .methods()
                .iter()
                .position(|m| interface_signature(m) == s)
                .unwrap()
        };
        // The model never draws an insertion, so the run is where the insertions are.
        let text = "[methods]\n\"add(Integer)\" = 0\n\"add(int,Integer)\" = 0\n[[generator]]\nname = \"built\"\nkind = \"build\"\nstop = 0.25\n";
        let walk = Choice::new(&model(text), &context, 12, 9).unwrap();
        let constructors: Vec<usize> = context
            .methods()
            .iter()
            .enumerate()
            .filter(|(_, m)| m.info.kind == MethodKind::Constructor)
            .map(|(p, _)| p)
            .collect();
        let insertions = [position("add(Integer)"), position("add(int,Integer)")];
        let (mut runs, mut cut) = (Vec::new(), 0);
        for case in cases(&walk, 4_000) {
            let methods = methods(&context, &case);
            assert!(constructors.contains(&methods[0]), "{methods:?}");
            let result = *context.call(case[0]).slots().last().unwrap();
            assert_eq!(result, 0, "the constructor fills object value 0");
            let run = methods[1..]
                .iter()
                .take_while(|p| insertions.contains(p))
                .count();
            assert!(methods[1 + run..].iter().all(|p| !insertions.contains(p)));
            if run == 11 {
                cut += 1;
            } else {
                runs.push(run as f64);
            }
        }
        // Geometric(¼) on 0, 1, …: mean 3, P(run ≥ 11) = 0.75¹¹ ≈ 0.042.
        let mean = runs.iter().sum::<f64>() / runs.len() as f64;
        let uncut_mean = (0..11)
            .map(|l| l as f64 * 0.25 * 0.75f64.powi(l))
            .sum::<f64>()
            / (1.0 - 0.75f64.powi(11));
        assert!((mean - uncut_mean).abs() < 0.1, "{mean} vs {uncut_mean}");
        assert!((120..220).contains(&cut), "{cut} runs cut off at n");
        // Named insertions replace the default rule.
        let named = "[[generator]]\nname = \"b\"\nkind = \"build\"\nstop = 0\ninsertions = { \"add(int,Integer)\" = 1 }\n";
        let walk = Choice::new(&model(named), &context, 6, 2).unwrap();
        for case in cases(&walk, 200) {
            let methods = methods(&context, &case);
            assert!(
                methods[1..].iter().all(|&p| p == insertions[1]),
                "{methods:?}"
            );
        }
    }

    /// Over every call with an int parameter after an int result: how many parameters read
    /// the latest int result's pool value, and how many there are.
    fn fed_fraction(context: &TestContext, walk: &Choice) -> (u64, u64) {
        let (mut fed, mut all) = (0, 0);
        for case in cases(walk, 3_000) {
            let mut latest = None;
            for &call in &case {
                let decoded = context.call(call);
                let info = &context.methods()[decoded.position].info;
                for (i, param) in info.params.iter().enumerate() {
                    if let (PoolType::Int, Some(value)) = (param.pool(), latest) {
                        all += 1;
                        fed += u64::from(decoded.slots()[i] == value);
                    }
                }
                if info.returns.pool() == Some(PoolType::Int) {
                    latest = decoded.slots().last().copied();
                }
            }
        }
        (fed, all)
    }

    #[test]
    fn feed_makes_primitive_parameters_read_the_latest_result_of_their_pool() {
        let context = paper("ArrayList");
        let feed = |p: &str| {
            let text =
                format!("[[generator]]\nname = \"fed\"\nkind = \"feed\"\nprobability = {p}\n");
            Choice::new(&model(&text), &context, 15, 4).unwrap()
        };
        let (fed, all) = fed_fraction(&context, &feed("1"));
        assert!(all > 10_000);
        assert_eq!(fed, all, "with probability 1 every int parameter is fed");
        // The int pool has 2 values: an unfed parameter hits the latest value half the time.
        let uniform = Choice::new(&Model::default(), &context, 15, 4).unwrap();
        for (walk, expected) in [(uniform, 0.5), (feed("0.5"), 0.75), (feed("0"), 0.5)] {
            let (fed, all) = fed_fraction(&context, &walk);
            let fraction = fed as f64 / all as f64;
            assert!(
                (fraction - expected).abs() < 0.015,
                "{fraction} vs {expected}"
            );
        }
    }

    #[test]
    fn members_are_drawn_by_their_weights() {
        let context = test_context("ArrayList", &["ArrayList()", "size()", "get(int)"]);
        // `build` alone starts with the constructor, which the model never draws.
        let text = "[methods]\n\"C()\" = 0\n[[generator]]\nname = \"m\"\nkind = \"model\"\nweight = 3\n[[generator]]\nname = \"b\"\nkind = \"build\"\nweight = 1\n";
        let walk = Choice::new(&model(text), &context, 4, 8).unwrap();
        let built = cases(&walk, 8_000)
            .iter()
            .filter(|case| context.call(case[0]).position == 0)
            .count();
        // Binomial(8000, ¼): mean 2000, standard deviation ≈ 39.
        assert!((1_850..2_150).contains(&built), "{built}");
    }

    #[test]
    fn the_default_insertion_rule_picks_adds_and_puts_without_a_parameter_of_the_class() {
        let names = |class: &str| -> Vec<String> {
            let context = paper(class);
            context
                .methods()
                .iter()
                .filter(|m| is_insertion(m))
                .map(interface_signature)
                .collect()
        };
        assert_eq!(names("ArrayList"), ["add(Integer)", "add(int,Integer)"]);
        assert!(names("TreeMap").contains(&"put(Integer,Integer)".to_string()));
        assert!(names("Properties").contains(&"setProperty(String,String)".to_string()));
        assert!(!names("HashSet").iter().any(|s| s.contains('C')));
    }
}
