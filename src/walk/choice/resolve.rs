//! What a [`Model`] means for one unit's test context: the weights of every choice point of
//! its call space, pure.
//!
//! A method of the context is named by its interface-level signature
//! ([`interface_signature`]): the unit's own class written `C`, so that `equals(C)` and
//! `C(int)` name `equals(ArrayList)` and `ArrayList(int)` on ArrayList and
//! `equals(Vector)` and `Vector(int)` on Vector. The rule for the methods a model does not
//! know: a method of the context the model does not name has weight `default-weight`
//! (default 1); a method the model names that the context lacks is ignored for that
//! context (but [`ModelFile::check`] refuses one that names a method of no unit: of no
//! context of the run and declared by no registered unit).

use super::model::{Model, ModelFile, OWN_CLASS, field};
use crate::context::{ContextMethod, TestContext};
use crate::kernel::file::FileError;
use crate::subject::{MethodInfo, MethodKind, Param, registry};

/// The model's weights for one context's M_C, by position in M_C.
#[derive(Clone, Debug, PartialEq)]
pub struct Resolution {
    /// The categorical weight of each method (the first call's, and any call's after a
    /// method without a Markov row).
    pub methods: Vec<f64>,
    /// Per method, the weights of the next call's method after it, if it has a row.
    pub after: Vec<Option<Vec<f64>>>,
    /// Per method, per slot of its parameter tuple, the weights over the slot's pool
    /// values (`None`: uniform); `None` for a method without slot weights.
    pub slots: Vec<Option<Vec<Option<Vec<f64>>>>>,
}

/// A model that cannot be used with a context: the model's field at fault and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("field `{field}`: {message}")]
pub struct ResolveError {
    /// The model's field (`methods`, `slots."get(int)".arg0`, …).
    pub field: String,
    /// What is wrong, naming the unit.
    pub message: String,
}

/// The signature of `method` with the unit's class written `C`: `add(int,Integer)`,
/// `equals(C)`, `C()` for a constructor.
pub fn interface_signature(method: &ContextMethod) -> String {
    declared_signature(&method.info)
}

/// [`interface_signature`] of any declared method, in M_C or not.
pub fn declared_signature(info: &MethodInfo) -> String {
    let name = match info.kind {
        MethodKind::Constructor => OWN_CLASS,
        MethodKind::Static | MethodKind::Instance => info.name,
    };
    let params: Vec<String> = info
        .params
        .iter()
        .map(|p| match p {
            Param::Object => OWN_CLASS.to_string(),
            other => other.java_name(OWN_CLASS),
        })
        .collect();
    format!("{name}({})", params.join(","))
}

/// The names of `method`'s slots in tuple order: `arg0` … for its parameters, `target` for
/// an instance method, `result` if it returns a value.
pub fn slot_names(method: &ContextMethod) -> Vec<String> {
    let info = &method.info;
    let mut names: Vec<String> = (0..info.params.len()).map(|i| format!("arg{i}")).collect();
    if info.kind == MethodKind::Instance {
        names.push("target".into());
    }
    if info.returns.pool().is_some() {
        names.push("result".into());
    }
    names
}

/// The model's weights for `context` (see the module's rule for unknown methods).
///
/// # Errors
/// Every method weight of the context 0, or every weight of a Markov row; slot weights for
/// a slot the context's method lacks, or a number of them other than its pool's size.
pub fn resolve(model: &Model, context: &TestContext) -> Result<Resolution, ResolveError> {
    let class = context.class();
    let signatures: Vec<String> = context.methods().iter().map(interface_signature).collect();
    let weight = |s: &String| *model.methods.get(s).unwrap_or(&model.default_weight);
    let methods: Vec<f64> = signatures.iter().map(weight).collect();
    if !methods.iter().any(|&w| w > 0.0) {
        return Err(ResolveError {
            field: "methods".into(),
            message: format!("every method of {class}'s M_C has weight 0"),
        });
    }
    let mut after = Vec::with_capacity(signatures.len());
    for signature in &signatures {
        let Some(row) = model.markov.get(signature) else {
            after.push(None);
            continue;
        };
        let weights: Vec<f64> = signatures
            .iter()
            .zip(&methods)
            .map(|(next, &w)| *row.get(next).unwrap_or(&w))
            .collect();
        if !weights.iter().any(|&w| w > 0.0) {
            return Err(ResolveError {
                field: field("markov", signature),
                message: format!("after `{signature}`, every method of {class}'s M_C has weight 0"),
            });
        }
        after.push(Some(weights));
    }
    let slots = context
        .methods()
        .iter()
        .zip(&signatures)
        .map(|(method, signature)| method_slots(model, context, method, signature))
        .collect::<Result<_, _>>()?;
    Ok(Resolution {
        methods,
        after,
        slots,
    })
}

/// The slot weights of one method of `context`, checked against its slots' pools.
fn method_slots(
    model: &Model,
    context: &TestContext,
    method: &ContextMethod,
    signature: &str,
) -> Result<Option<Vec<Option<Vec<f64>>>>, ResolveError> {
    let Some(table) = model.slots.get(signature) else {
        return Ok(None);
    };
    let names = slot_names(method);
    let class = context.class();
    let table_field = field("slots", signature);
    if let Some(unknown) = table.keys().find(|k| !names.contains(k)) {
        return Err(ResolveError {
            field: field(&table_field, unknown),
            message: format!(
                "{class}'s `{signature}` has no slot `{unknown}` (its slots: {})",
                names.join(", ")
            ),
        });
    }
    let mut slots = Vec::with_capacity(names.len());
    for (name, &pool) in names.iter().zip(&method.info.slots) {
        let Some(weights) = table.get(name) else {
            slots.push(None);
            continue;
        };
        let size = context.pools().size(pool);
        if weights.len() != size {
            return Err(ResolveError {
                field: field(&table_field, name),
                message: format!(
                    "{} weights, but {class}'s {pool} pool has {size} values",
                    weights.len()
                ),
            });
        }
        slots.push(Some(weights.clone()));
    }
    Ok(Some(slots))
}

impl ModelFile {
    /// Checks the model against the contexts of a run: every signature it names is a
    /// method of at least one of them or declared by a registered unit (a library model
    /// tuned on other units names their methods), and it resolves for each. No check
    /// without contexts.
    ///
    /// # Errors
    /// The first problem, located at the model's field.
    pub fn check(&self, contexts: &[&TestContext]) -> Result<(), FileError> {
        if contexts.is_empty() {
            return Ok(());
        }
        let mut known: std::collections::BTreeSet<String> = contexts
            .iter()
            .flat_map(|c| c.methods().iter().map(interface_signature))
            .collect();
        for unit in registry().units() {
            known.extend(unit.methods().iter().map(declared_signature));
        }
        for (at, signature) in self.model.signatures() {
            if !known.contains(signature) {
                let classes: Vec<&str> = contexts.iter().map(|c| c.class()).collect();
                let message = format!(
                    "`{signature}` names no method of {} nor of any registered unit (the unit's own class is written `C`)",
                    classes.join(", ")
                );
                return Err(self.error(&at, message));
            }
        }
        for context in contexts {
            resolve(&self.model, context).map_err(|e| self.error(&e.field, e.message))?;
        }
        Ok(())
    }
}
