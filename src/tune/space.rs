//! The search space of a tuning: which numbers of a choice model the optimiser sets, within
//! which bounds, and the model of a point. Pure.
//!
//! The dimensions, in order:
//! - `methods."SIG"`, in [0, 1]: the categorical weight of every signature of the training
//!   units' M_C (sorted). A tuned model's `default-weight` — what a unit's methods that no
//!   training unit has get, such as Stack's `push(Integer)` under a model tuned on the other
//!   List units — is the mean of these weights, so an unknown method is an average one.
//!   A point whose method weights are all 0 gives every method weight 1.
//! - per member of the base model's ensemble, in file order: `generator.NAME.weight`
//!   in [0, 1], then `generator.NAME.probability` (a `feed` member) or
//!   `generator.NAME.stop` (a `build` member) in [0, 1]. Member weights all 0: every member
//!   weight 1.
//!
//! Everything else of the base model (slot weights, Markov rows, members' kinds and
//! insertion weights) is kept as it is; without a base model, the space is the method
//! weights alone.

use super::fitness::PortfolioUnit;
use crate::walk::choice::model::{Model, SubGenerator, SubGeneratorKind, field, kind_name};
use crate::walk::choice::resolve::interface_signature;

/// A tuning's search space (see the module).
#[derive(Clone, Debug, PartialEq)]
pub struct SearchSpace {
    base: Model,
    signatures: Vec<String>,
}

impl SearchSpace {
    /// The space of `base`'s method weights over `units`' signatures and of its ensemble's
    /// members.
    pub fn new(units: &[PortfolioUnit], base: Model) -> Self {
        let mut signatures: Vec<String> = units
            .iter()
            .flat_map(|u| u.context.methods().iter().map(interface_signature))
            .collect();
        signatures.sort();
        signatures.dedup();
        SearchSpace { base, signatures }
    }

    /// The signatures whose weights are tuned.
    pub fn signatures(&self) -> &[String] {
        &self.signatures
    }

    /// Every dimension's name, as the model file's field it sets.
    pub fn names(&self) -> Vec<String> {
        let methods = self.signatures.iter().map(|s| field("methods", s));
        let members = self.base.generators.iter().flat_map(|member| {
            let at = format!("generator.{}", member.name);
            let parameter = match member.kind {
                SubGeneratorKind::Model => None,
                SubGeneratorKind::Feed => Some(format!("{at}.probability")),
                SubGeneratorKind::Build => Some(format!("{at}.stop")),
            };
            std::iter::once(format!("{at}.weight")).chain(parameter)
        });
        methods.chain(members).collect()
    }

    /// The number of dimensions.
    pub fn len(&self) -> usize {
        let parameters = |m: &&SubGenerator| m.kind != SubGeneratorKind::Model;
        let members = self.base.generators.len();
        self.signatures.len() + members + self.base.generators.iter().filter(parameters).count()
    }

    /// Whether the space has no dimension (no signature and no member).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Each dimension's bounds.
    pub fn bounds(&self) -> Vec<(f64, f64)> {
        vec![(0.0, 1.0); self.len()]
    }

    /// The model of `point` (one number per dimension of [`SearchSpace::names`]).
    ///
    /// # Panics
    /// If `point` has another number of dimensions.
    pub fn model_of(&self, point: &[f64]) -> Model {
        assert_eq!(point.len(), self.len(), "one number per dimension");
        let (methods, members) = point.split_at(self.signatures.len());
        let mut model = self.base.clone();
        let weights: Vec<f64> = methods.iter().map(|w| w.clamp(0.0, 1.0)).collect();
        let all_zero = !weights.iter().any(|&w| w > 0.0);
        model.methods = self
            .signatures
            .iter()
            .cloned()
            .zip(weights.iter().map(|&w| if all_zero { 1.0 } else { w }))
            .collect();
        model.default_weight = if all_zero || weights.is_empty() {
            1.0
        } else {
            weights.iter().sum::<f64>() / weights.len() as f64
        };
        let mut members = members.iter().map(|x| x.clamp(0.0, 1.0));
        for member in &mut model.generators {
            member.weight = members.next().expect("a weight per member");
            match member.kind {
                SubGeneratorKind::Model => {}
                SubGeneratorKind::Feed => member.probability = members.next(),
                SubGeneratorKind::Build => member.stop = members.next(),
            }
        }
        if !model.generators.iter().any(|m| m.weight > 0.0) {
            for member in &mut model.generators {
                member.weight = 1.0;
            }
        }
        model
    }

    /// A one-line description of the space: its dimensions by kind.
    pub fn describe(&self) -> String {
        let members: Vec<String> = self
            .base
            .generators
            .iter()
            .map(|m| format!("{} ({})", m.name, kind_name(m.kind)))
            .collect();
        if members.is_empty() {
            format!("{} method weights", self.signatures.len())
        } else {
            format!(
                "{} method weights and the ensemble {}",
                self.signatures.len(),
                members.join(", ")
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::sync::Arc;

    use super::*;
    use crate::context::TestContext;
    use crate::subject::registry;
    use crate::walk::choice::model::ModelFile;

    fn unit(class: &str) -> PortfolioUnit {
        let unit = registry().find(class).unwrap();
        PortfolioUnit {
            unit,
            context: Arc::new(TestContext::paper(unit).unwrap()),
            mutants: Vec::new(),
        }
    }

    fn ensemble() -> Model {
        let text = "[slots.\"get(int)\"]\narg0 = [1, 2]\n[[generator]]\nname = \"plain\"\nkind = \"model\"\n[[generator]]\nname = \"fed\"\nkind = \"feed\"\n[[generator]]\nname = \"built\"\nkind = \"build\"\ninsertions = { \"add(Integer)\" = 1 }\n";
        ModelFile::parse(Path::new("base.toml"), text.into())
            .unwrap()
            .model
    }

    #[test]
    fn the_space_is_the_units_signatures_then_each_members_weight_and_parameter() {
        let space = SearchSpace::new(&[unit("ArrayList"), unit("Vector")], ensemble());
        let names = space.names();
        let methods = space.signatures().len();
        assert!(names[..methods].contains(&"methods.\"addElement(Integer)\"".to_string()));
        assert_eq!(
            names[methods..],
            [
                "generator.plain.weight",
                "generator.fed.weight",
                "generator.fed.probability",
                "generator.built.weight",
                "generator.built.stop"
            ]
        );
        assert_eq!(
            (space.len(), space.bounds().len()),
            (names.len(), names.len())
        );
    }

    #[test]
    fn a_point_sets_weights_and_parameters_and_keeps_the_rest_of_the_base_model() {
        let space = SearchSpace::new(&[unit("ArrayList")], ensemble());
        let methods = space.signatures().len();
        let mut point = vec![0.0; methods];
        point[0] = 0.8;
        point[1] = 0.4;
        point.extend([0.0, 0.5, 0.25, 1.0, 0.75]);
        let model = space.model_of(&point);
        assert_eq!(model.methods[&space.signatures()[0]], 0.8);
        assert!((model.default_weight - 1.2 / methods as f64).abs() < 1e-12);
        let weights: Vec<f64> = model.generators.iter().map(|m| m.weight).collect();
        assert_eq!(weights, [0.0, 0.5, 1.0]);
        assert_eq!(model.generators[1].feed_probability(), 0.25);
        assert_eq!(model.generators[2].build_stop(), 0.75);
        assert_eq!(model.generators[2].insertions["add(Integer)"], 1.0);
        assert_eq!(model.slots, ensemble().slots);
        // All-zero weights: uniform methods and members.
        let zero = space.model_of(&vec![0.0; point.len()]);
        assert!(zero.methods.values().all(|&w| w == 1.0));
        assert_eq!(zero.default_weight, 1.0);
        assert!(zero.generators.iter().all(|m| m.weight == 1.0));
    }

    #[test]
    fn without_a_base_model_the_space_is_the_method_weights() {
        let space = SearchSpace::new(&[unit("ArrayList")], Model::default());
        assert_eq!(space.names().len(), space.signatures().len());
        let uniform = space.model_of(&vec![0.0; space.signatures().len()]);
        assert!(uniform.generators.is_empty());
        assert_eq!(uniform.default_weight, 1.0);
    }
}
