//! Choice models as data: [`Model`], its TOML reader ([`ModelFile::parse`], every error
//! located by file, line and field) and writer ([`Model::to_toml`]), pure.
//!
//! ```toml
//! default-weight = 1            # the weight of a method the model does not name (default 1)
//!
//! [methods]                     # the rule choice: a method's categorical weight
//! "C()" = 1                     # the unit's own class is written `C`: a constructor
//! "add(Integer)" = 4
//! "equals(C)" = 0.5
//!
//! [slots."set(int,Integer)"]    # value choices: weights over a slot's pool values
//! arg0 = [1, 3]                 # parameter 0 reads int_vp[0] with weight 1, int_vp[1] with 3
//! result = [1, 0]               # the result goes to int_vp[0] only (`target` is the target)
//!
//! [markov."add(Integer)"]       # the method after an add(Integer): these weights override
//! "get(int)" = 5                # the categorical ones (methods the row does not name keep
//! "add(Integer)" = 0            # theirs)
//!
//! [[generator]]                 # an ensemble member: test case k is written by one member,
//! name = "plain"                # drawn by weight ([`super::ensemble`]); without members, the
//! kind = "model"                # model's calls alone
//! weight = 1
//!
//! [[generator]]
//! name = "fed"
//! kind = "feed"                 # primitive arguments read the latest result of their pool
//! weight = 1
//! probability = 0.5             # … each with this probability (default ½)
//!
//! [[generator]]
//! name = "built"
//! kind = "build"                # constructors fill the object pool, then a geometric run of
//! weight = 1                    # insertions, then the model's calls
//! stop = 0.5                    # the run ends after each insertion with this probability
//! insertions = { "add(Integer)" = 1 }   # optional: the insertion methods' weights
//! ```
//!
//! Contract: `ModelFile::parse(path, model.to_toml()).model == model` for every model the
//! reader accepts (signatures are kept without whitespace). Weights are finite and at least
//! 0; a slot's weights are not all 0, nor are the model's method weights together with
//! `default-weight`. Whether a signature names a method of some unit, and what a model
//! means for one unit's context, is [`super::resolve`]'s business.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::kernel::file::FileError;

/// The unit's own class in an interface-level signature: `equals(C)`, `C(int)`.
pub const OWN_CLASS: &str = "C";

/// The parameter types a signature may name: Java's spelling, the unit's class as `C`.
const PARAMETER_TYPES: [&str; 5] = ["int", "Integer", "boolean", "String", OWN_CLASS];

/// A choice model: the answer to every choice point of a test case (Poulding & Feldt's
/// sampler choice model). Methods are named by interface-level signature
/// ([`interface_signature`](super::resolve::interface_signature)).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct Model {
    /// The weight of a method that [`Model::methods`] does not name.
    pub default_weight: f64,
    /// Categorical weights of the rule choice (the method), by signature.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub methods: BTreeMap<String, f64>,
    /// Per method, per slot (`arg0`, `arg1`, …, `target`, `result`): weights over the
    /// slot's pool values (index v: the weight of pool value v); other slots uniform.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub slots: BTreeMap<String, BTreeMap<String, Vec<f64>>>,
    /// First-order Markov rows: after a call of the row's method, the weight of the next
    /// method is the row's entry for it, else its categorical weight.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub markov: BTreeMap<String, BTreeMap<String, f64>>,
    /// The ensemble's members (`[[generator]]`), one drawn per test case by weight; none:
    /// the model's calls alone (what one `model` member gives).
    #[serde(rename = "generator", skip_serializing_if = "Vec::is_empty")]
    pub generators: Vec<SubGenerator>,
}

/// One member of a model's ensemble: a sub-generator that writes a whole test case with the
/// model's weights, and the weight of the ensemble's rule choice for it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SubGenerator {
    /// Its name (lower-case letters, digits and `-`), unique in the model.
    pub name: String,
    /// What it does.
    pub kind: SubGeneratorKind,
    /// Its weight in the ensemble's rule choice.
    pub weight: f64,
    /// `feed`: the probability that a primitive argument reads the latest result of its
    /// pool ([`DEFAULT_FEED_PROBABILITY`] if not written).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub probability: Option<f64>,
    /// `build`: the probability that the insertion run ends after each insertion (and
    /// before the first): the run's length is Geometric(stop) on 0, 1, 2, …
    /// ([`DEFAULT_BUILD_STOP`] if not written).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop: Option<f64>,
    /// `build`: the insertion methods' weights by signature; empty: the default rule
    /// ([`super::ensemble::is_insertion`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub insertions: BTreeMap<String, f64>,
}

/// The kinds of sub-generator ([`super::ensemble`] states what each writes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SubGeneratorKind {
    /// The model's calls alone.
    Model,
    /// The model's calls, primitive arguments fed with earlier calls' results.
    Feed,
    /// Constructors, a geometric run of insertions, then the model's calls.
    Build,
}

/// A `feed` member's probability when the file does not write one.
pub const DEFAULT_FEED_PROBABILITY: f64 = 0.5;

/// A `build` member's stop probability when the file does not write one (GödelTest's
/// default for a repetition, Geometric(½)).
pub const DEFAULT_BUILD_STOP: f64 = 0.5;

impl SubGenerator {
    /// A member of `kind` with default parameters.
    pub fn new(name: &str, kind: SubGeneratorKind, weight: f64) -> Self {
        SubGenerator {
            name: name.to_string(),
            kind,
            weight,
            probability: None,
            stop: None,
            insertions: BTreeMap::new(),
        }
    }

    /// `feed`'s probability, its default if not written.
    pub fn feed_probability(&self) -> f64 {
        self.probability.unwrap_or(DEFAULT_FEED_PROBABILITY)
    }

    /// `build`'s stop probability, its default if not written.
    pub fn build_stop(&self) -> f64 {
        self.stop.unwrap_or(DEFAULT_BUILD_STOP)
    }
}

impl Default for Model {
    /// The uniform model: every method weight 1, every slot uniform (R's distribution).
    fn default() -> Self {
        Model {
            default_weight: 1.0,
            methods: BTreeMap::new(),
            slots: BTreeMap::new(),
            markov: BTreeMap::new(),
            generators: Vec::new(),
        }
    }
}

impl Model {
    /// The model as a model file that [`ModelFile::parse`] reads back into an equal model.
    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("a model serialises to TOML")
    }

    /// Every signature the model names, with the field that names it.
    pub fn signatures(&self) -> Vec<(String, &str)> {
        let methods = self
            .methods
            .keys()
            .map(|s| (field("methods", s), s.as_str()));
        let slots = self.slots.keys().map(|s| (field("slots", s), s.as_str()));
        let rows = self.markov.iter().flat_map(|(row, entries)| {
            let key = field("markov", row);
            let inner = entries.keys().map(move |s| (field(&key, s), s.as_str()));
            std::iter::once((field("markov", row), row.as_str())).chain(inner)
        });
        let insertions = self.generators.iter().enumerate().flat_map(|(i, g)| {
            let key = format!("generator[{i}].insertions");
            g.insertions
                .keys()
                .map(move |s| (field(&key, s), s.as_str()))
        });
        methods.chain(slots).chain(rows).chain(insertions).collect()
    }
}

/// The dotted field of `key` in `table`, the key quoted: `methods."add(Integer)"`.
pub fn field(table: &str, key: &str) -> String {
    if key
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        format!("{table}.{key}")
    } else {
        format!("{table}.{key:?}")
    }
}

/// A model read from a file: the model, and where each of its fields is written so that
/// later checks ([`super::resolve`]) can point at them.
#[derive(Clone, Debug)]
pub struct ModelFile {
    path: std::path::PathBuf,
    source: String,
    /// The model.
    pub model: Model,
    spans: BTreeMap<String, Range<usize>>,
}

/// A table of the file as written, with the places of its keys and values.
type TableDecl<V> = Spanned<BTreeMap<Spanned<String>, V>>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct ModelDecl {
    default_weight: Option<Spanned<toml::Value>>,
    methods: Option<TableDecl<Spanned<toml::Value>>>,
    slots: Option<TableDecl<TableDecl<Spanned<toml::Value>>>>,
    markov: Option<TableDecl<TableDecl<Spanned<toml::Value>>>>,
    generator: Option<Spanned<Vec<SubGeneratorDecl>>>,
}

/// A `[[generator]]` table as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SubGeneratorDecl {
    name: Spanned<toml::Value>,
    kind: Spanned<toml::Value>,
    weight: Option<Spanned<toml::Value>>,
    probability: Option<Spanned<toml::Value>>,
    stop: Option<Spanned<toml::Value>>,
    insertions: Option<TableDecl<Spanned<toml::Value>>>,
}

impl ModelFile {
    /// Reads a model file's text (`path` is named in errors).
    ///
    /// # Errors
    /// Malformed TOML, an unknown key, a string that is not a signature, a duplicate
    /// signature, a negative or non-finite weight, a slot name the signature does not
    /// have, all-zero weights: located at the field.
    pub fn parse(path: &Path, source: String) -> Result<Self, FileError> {
        let decl: ModelDecl =
            toml::from_str(&source).map_err(|e| FileError::from_toml(path, &source, &e))?;
        let mut file = ModelFile {
            path: path.to_path_buf(),
            source,
            model: Model::default(),
            spans: BTreeMap::new(),
        };
        if let Some(w) = &decl.default_weight {
            file.model.default_weight = file.weight("default-weight", w)?;
        }
        if let Some(methods) = &decl.methods {
            file.model.methods = file.weights("methods", methods)?;
        }
        file.check_some_method_weight(decl.methods.as_ref(), decl.default_weight.as_ref())?;
        for (signature, slots) in file.signature_keys("slots", decl.slots.as_ref())? {
            let table = file.slots(&signature, slots)?;
            file.model.slots.insert(signature, table);
        }
        for (signature, row) in file.signature_keys("markov", decl.markov.as_ref())? {
            let row = file.weights(&field("markov", &signature), row)?;
            file.model.markov.insert(signature, row);
        }
        if let Some(members) = &decl.generator {
            file.model.generators = file.sub_generators(members)?;
        }
        Ok(file)
    }

    /// The ensemble's members: each named once, of a known kind, with only its kind's
    /// parameters, and not every weight 0.
    fn sub_generators(
        &mut self,
        decl: &Spanned<Vec<SubGeneratorDecl>>,
    ) -> Result<Vec<SubGenerator>, FileError> {
        self.spans.insert("generator".into(), decl.span());
        let mut members: Vec<SubGenerator> = Vec::with_capacity(decl.get_ref().len());
        for (i, member) in decl.get_ref().iter().enumerate() {
            let at = |key: &str| format!("generator[{i}].{key}");
            let name = self.member_name(&at("name"), &member.name)?;
            if members.iter().any(|m| m.name == name) {
                let message = format!("a generator named `{name}` is already in the ensemble");
                return Err(self.error_at(member.name.span(), &at("name"), message));
            }
            let kind = self.member_kind(&at("kind"), &member.kind)?;
            let weight = match &member.weight {
                Some(w) => self.weight(&at("weight"), w)?,
                None => 1.0,
            };
            let mut generator = SubGenerator::new(&name, kind, weight);
            let only =
                |key: &str, value: &Option<Spanned<toml::Value>>, of: SubGeneratorKind| match value
                {
                    Some(v) if kind != of => Err(self.error_at(
                        v.span(),
                        &at(key),
                        format!(
                            "`{key}` is a parameter of `{}` generators, not of `{}` ones",
                            kind_name(of),
                            kind_name(kind)
                        ),
                    )),
                    _ => Ok(()),
                };
            only("probability", &member.probability, SubGeneratorKind::Feed)?;
            only("stop", &member.stop, SubGeneratorKind::Build)?;
            if let (Some(table), true) = (&member.insertions, kind != SubGeneratorKind::Build) {
                let message = format!(
                    "`insertions` is a parameter of `build` generators, not of `{}` ones",
                    kind_name(kind)
                );
                return Err(self.error_at(table.span(), &at("insertions"), message));
            }
            if let Some(p) = &member.probability {
                generator.probability = Some(self.probability(&at("probability"), p)?);
            }
            if let Some(p) = &member.stop {
                generator.stop = Some(self.probability(&at("stop"), p)?);
            }
            if let Some(table) = &member.insertions {
                generator.insertions = self.weights(&at("insertions"), table)?;
                if !generator.insertions.values().any(|&w| w > 0.0) {
                    let message = "every insertion weight is 0: write none for the default rule";
                    return Err(self.error_at(table.span(), &at("insertions"), message.into()));
                }
            }
            members.push(generator);
        }
        if !members.is_empty() && !members.iter().any(|m| m.weight > 0.0) {
            let message = "every generator's weight is 0: no generator can be drawn";
            return Err(self.error_at(decl.span(), "generator", message.into()));
        }
        Ok(members)
    }

    /// A member's name: lower-case letters, digits and `-`.
    fn member_name(
        &mut self,
        field: &str,
        value: &Spanned<toml::Value>,
    ) -> Result<String, FileError> {
        self.spans.insert(field.to_string(), value.span());
        match value.get_ref().as_str() {
            Some(name)
                if !name.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') =>
            {
                Ok(name.to_string())
            }
            _ => Err(self.error_at(
                value.span(),
                field,
                format!(
                    "expected a name of lower-case letters, digits and `-`, found {}",
                    value.get_ref()
                ),
            )),
        }
    }

    /// A member's kind: `model`, `feed` or `build`.
    fn member_kind(
        &mut self,
        field: &str,
        value: &Spanned<toml::Value>,
    ) -> Result<SubGeneratorKind, FileError> {
        self.spans.insert(field.to_string(), value.span());
        let kinds = [
            SubGeneratorKind::Model,
            SubGeneratorKind::Feed,
            SubGeneratorKind::Build,
        ];
        let found = value
            .get_ref()
            .as_str()
            .and_then(|text| kinds.into_iter().find(|&k| kind_name(k) == text));
        found.ok_or_else(|| {
            self.error_at(
                value.span(),
                field,
                format!(
                    "expected a generator kind (model, feed or build), found {}",
                    value.get_ref()
                ),
            )
        })
    }

    /// A probability: a number in [0, 1].
    fn probability(&mut self, field: &str, value: &Spanned<toml::Value>) -> Result<f64, FileError> {
        let p = self.weight(field, value)?;
        if p > 1.0 {
            let message = format!("expected a probability (a number from 0 to 1), found {p}");
            return Err(self.error_at(value.span(), field, message));
        }
        Ok(p)
    }

    /// Reads and parses the model file at `path`.
    ///
    /// # Errors
    /// A message naming the file: it cannot be read, or [`ModelFile::parse`] refuses it.
    pub fn read(path: &Path) -> Result<Self, String> {
        let text = crate::kernel::file::read_source(path).map_err(|e| e.to_string())?;
        ModelFile::parse(path, text).map_err(|e| e.to_string())
    }

    /// An error at the place of `field` (the document's start if it is not written).
    pub fn error(&self, field: &str, message: impl Into<String>) -> FileError {
        let span = self.spans.get(field).cloned();
        FileError::at(&self.path, &self.source, span, Some(field), message)
    }

    fn error_at(&self, span: Range<usize>, field: &str, message: String) -> FileError {
        FileError::at(&self.path, &self.source, Some(span), Some(field), message)
    }

    /// A weight: a finite number of at least 0.
    fn weight(&mut self, field: &str, value: &Spanned<toml::Value>) -> Result<f64, FileError> {
        // A signature's key keeps its own place (names are checked later against units).
        self.spans.entry(field.to_string()).or_insert(value.span());
        let number = match value.get_ref() {
            toml::Value::Integer(i) => Some(*i as f64),
            toml::Value::Float(f) => Some(*f),
            _ => None,
        };
        match number {
            Some(w) if w.is_finite() && w >= 0.0 => Ok(w),
            _ => Err(self.error_at(
                value.span(),
                field,
                format!(
                    "expected a weight (a finite number of at least 0), found {}",
                    value.get_ref()
                ),
            )),
        }
    }

    /// A table of weights by signature (`methods`, a Markov row).
    fn weights(
        &mut self,
        table: &str,
        decl: &TableDecl<Spanned<toml::Value>>,
    ) -> Result<BTreeMap<String, f64>, FileError> {
        let mut weights = BTreeMap::new();
        for (signature, value) in self.signature_keys(table, Some(decl))? {
            let w = self.weight(&field(table, &signature), value)?;
            weights.insert(signature, w);
        }
        Ok(weights)
    }

    /// The keys of `decl` as signatures without whitespace, each checked, each once; their
    /// places recorded under `table.key`.
    fn signature_keys<'d, V>(
        &mut self,
        table: &str,
        decl: Option<&'d TableDecl<V>>,
    ) -> Result<Vec<(String, &'d V)>, FileError> {
        let Some(decl) = decl else {
            return Ok(Vec::new());
        };
        self.spans.insert(table.to_string(), decl.span());
        let mut keys: Vec<(String, &V)> = Vec::with_capacity(decl.get_ref().len());
        let mut in_file_order: Vec<_> = decl.get_ref().iter().collect();
        in_file_order.sort_by_key(|(key, _)| key.span().start);
        for (key, value) in in_file_order {
            let at = field(table, key.get_ref());
            let signature =
                parse_signature(key.get_ref()).map_err(|m| self.error_at(key.span(), &at, m))?;
            let field = field(table, &signature);
            if keys.iter().any(|(s, _)| *s == signature) {
                let message = format!("`{signature}` is named twice");
                return Err(self.error_at(key.span(), &field, message));
            }
            self.spans.insert(field, key.span());
            keys.push((signature, value));
        }
        Ok(keys)
    }

    /// Refuses a model in which no method can be drawn.
    fn check_some_method_weight(
        &self,
        methods: Option<&TableDecl<Spanned<toml::Value>>>,
        default_weight: Option<&Spanned<toml::Value>>,
    ) -> Result<(), FileError> {
        let model = &self.model;
        if model.default_weight > 0.0 || model.methods.values().any(|&w| w > 0.0) {
            return Ok(());
        }
        let (span, field) = match (methods, default_weight) {
            (Some(m), _) => (m.span(), "methods"),
            (None, Some(w)) => (w.span(), "default-weight"),
            (None, None) => unreachable!("the default weight is 1"),
        };
        let message = "every method weight is 0 (and so is default-weight): no method can be drawn";
        Err(self.error_at(span, field, message.into()))
    }

    /// The slot weights of `signature`.
    fn slots(
        &mut self,
        signature: &str,
        decl: &TableDecl<Spanned<toml::Value>>,
    ) -> Result<BTreeMap<String, Vec<f64>>, FileError> {
        let table = field("slots", signature);
        let names = possible_slot_names(signature);
        let mut slots = BTreeMap::new();
        for (slot, value) in decl.get_ref() {
            let at = field(&table, slot.get_ref());
            if !names.contains(slot.get_ref()) {
                let message = format!(
                    "`{signature}` has no slot `{}` (its slots: {}; `result` if it returns a value)",
                    slot.get_ref(),
                    names.join(", ")
                );
                return Err(self.error_at(slot.span(), &at, message));
            }
            let weights = self.slot_weights(&at, value)?;
            slots.insert(slot.get_ref().clone(), weights);
        }
        Ok(slots)
    }

    /// One slot's weights: a list of weights, not all 0.
    fn slot_weights(
        &mut self,
        field: &str,
        value: &Spanned<toml::Value>,
    ) -> Result<Vec<f64>, FileError> {
        self.spans.insert(field.to_string(), value.span());
        let Some(items) = value.get_ref().as_array() else {
            let message = format!(
                "expected a list of weights, one per pool value, found {}",
                value.get_ref()
            );
            return Err(self.error_at(value.span(), field, message));
        };
        let weights = items
            .iter()
            .map(|item| self.weight(field, &Spanned::new(value.span(), item.clone())))
            .collect::<Result<Vec<f64>, FileError>>()?;
        if !weights.iter().any(|&w| w > 0.0) {
            let message = "every weight of the slot is 0 (or it has none)".to_string();
            return Err(self.error_at(value.span(), field, message));
        }
        Ok(weights)
    }
}

/// The name of a kind as model files write it.
pub fn kind_name(kind: SubGeneratorKind) -> &'static str {
    match kind {
        SubGeneratorKind::Model => "model",
        SubGeneratorKind::Feed => "feed",
        SubGeneratorKind::Build => "build",
    }
}

/// `text` as an interface-level signature without whitespace, `name(type,…)` with each
/// type one of `int`, `Integer`, `boolean`, `String` and `C` (the unit's own class), or a
/// message saying what is wrong.
pub fn parse_signature(text: &str) -> Result<String, String> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let hint = "expected a signature such as `add(int,Integer)` or `equals(C)`, the unit's own class written `C`";
    let Some((name, rest)) = compact.split_once('(') else {
        return Err(format!("`{text}` is not a signature ({hint})"));
    };
    let Some(params) = rest.strip_suffix(')') else {
        return Err(format!("`{text}` is not a signature ({hint})"));
    };
    let identifier = |s: &str| {
        s.chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
            && s.chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '$')
    };
    if !identifier(name) {
        return Err(format!("`{text}` is not a signature ({hint})"));
    }
    let params: Vec<&str> = params.split(',').filter(|p| !p.is_empty()).collect();
    if let Some(unknown) = params.iter().find(|p| !PARAMETER_TYPES.contains(p)) {
        return Err(format!(
            "`{text}` has parameter type `{unknown}` ({hint}; types: {})",
            PARAMETER_TYPES.join(", ")
        ));
    }
    Ok(compact)
}

/// The slot names a signature may have: `arg0` … for its parameters, `target` unless it is
/// a constructor, and `result` (whether the method has a target and a result is the
/// unit's business; [`super::resolve`] checks).
fn possible_slot_names(signature: &str) -> Vec<String> {
    let (name, rest) = signature.split_once('(').expect("a checked signature");
    let count = rest
        .trim_end_matches(')')
        .split(',')
        .filter(|p| !p.is_empty());
    let mut names: Vec<String> = (0..count.count()).map(|i| format!("arg{i}")).collect();
    if name != OWN_CLASS {
        names.push("target".into());
    }
    names.push("result".into());
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Model, FileError> {
        ModelFile::parse(Path::new("m.toml"), text.to_string()).map(|f| f.model)
    }

    const EXAMPLE: &str = r#"
default-weight = 2
[methods]
"C()" = 1
"add( int , Integer )" = 4.5
"equals(C)" = 0
[slots."set(int,Integer)"]
arg0 = [1, 3]
result = [0, 1]
[markov."add(int,Integer)"]
"get(int)" = 5
"#;

    #[test]
    fn a_model_file_reads_weights_slots_and_markov_rows_with_signatures_compacted() {
        let model = parse(EXAMPLE).unwrap();
        assert_eq!(model.default_weight, 2.0);
        assert_eq!(model.methods["add(int,Integer)"], 4.5);
        assert_eq!(model.methods["equals(C)"], 0.0);
        assert_eq!(model.slots["set(int,Integer)"]["arg0"], [1.0, 3.0]);
        assert_eq!(model.markov["add(int,Integer)"]["get(int)"], 5.0);
        assert_eq!(parse("").unwrap(), Model::default());
    }

    #[test]
    fn a_model_is_written_as_a_file_that_reads_back_equal() {
        let model = parse(EXAMPLE).unwrap();
        let text = model.to_toml();
        assert_eq!(parse(&text).unwrap(), model, "{text}");
        assert_eq!(
            parse(&Model::default().to_toml()).unwrap(),
            Model::default()
        );
    }

    /// The error's line, field and message.
    fn refused(text: &str) -> (usize, String, String) {
        let e = parse(text).unwrap_err();
        assert_eq!(e.path, "m.toml");
        (e.line, e.field, e.message)
    }

    #[test]
    fn bad_weights_are_refused_at_their_line_and_field() {
        let (line, field, message) = refused("[methods]\n\"C()\" = 1\n\"size()\" = -1\n");
        assert_eq!((line, field.as_str()), (3, "methods.\"size()\""));
        assert!(message.contains("at least 0), found -1"), "{message}");
        let (line, field, _) = refused("[methods]\n\"size()\" = nan\n");
        assert_eq!((line, field.as_str()), (2, "methods.\"size()\""));
        let (line, field, _) = refused("default-weight = \"heavy\"\n");
        assert_eq!((line, field.as_str()), (1, "default-weight"));
        let (line, field, message) = refused("default-weight = 0\n[methods]\n\"C()\" = 0\n");
        assert_eq!((line, field.as_str()), (2, "methods"));
        assert!(message.contains("no method can be drawn"), "{message}");
        let (line, field, _) = refused("[slots.\"get(int)\"]\narg0 = [0, 0]\n");
        assert_eq!((line, field.as_str()), (2, "slots.\"get(int)\".arg0"));
        let (line, field, _) = refused("[slots.\"get(int)\"]\narg0 = [1, -2]\n");
        assert_eq!((line, field.as_str()), (2, "slots.\"get(int)\".arg0"));
    }

    #[test]
    fn bad_names_and_malformed_files_are_refused_at_their_line_and_field() {
        let (line, field, message) = refused("[methods]\n\"equals(ArrayList)\" = 1\n");
        assert_eq!((line, field.as_str()), (2, "methods.\"equals(ArrayList)\""));
        assert!(message.contains("`C`"), "{message}");
        let (line, field, message) = refused("[methods]\n\"add(int)\" = 1\n\"add( int)\" = 2\n");
        assert_eq!((line, field.as_str()), (3, "methods.\"add(int)\""));
        assert!(message.contains("named twice"), "{message}");
        let (line, field, message) = refused("[slots.\"C(int)\"]\ntarget = [1]\n");
        assert_eq!((line, field.as_str()), (2, "slots.\"C(int)\".target"));
        assert!(message.contains("its slots: arg0, result"), "{message}");
        let (line, _, message) = refused("defaut-weight = 1\n");
        assert_eq!(line, 1);
        assert!(message.contains("unknown field"), "{message}");
        let (line, _, _) = refused("[methods]\n\"C()\" = \n");
        assert_eq!(line, 2);
    }

    #[test]
    fn ensemble_members_read_with_their_kinds_parameters_and_defaults() {
        let text = "[[generator]]\nname = \"plain\"\nkind = \"model\"\n[[generator]]\nname = \"fed\"\nkind = \"feed\"\nweight = 2\n[[generator]]\nname = \"built\"\nkind = \"build\"\nstop = 0.2\ninsertions = { \"add(Integer)\" = 3 }\n";
        let model = parse(text).unwrap();
        let kinds: Vec<SubGeneratorKind> = model.generators.iter().map(|g| g.kind).collect();
        assert_eq!(
            kinds,
            [
                SubGeneratorKind::Model,
                SubGeneratorKind::Feed,
                SubGeneratorKind::Build
            ]
        );
        assert_eq!(model.generators[0].weight, 1.0, "the default weight");
        assert_eq!(
            model.generators[1].feed_probability(),
            DEFAULT_FEED_PROBABILITY
        );
        assert_eq!(model.generators[2].build_stop(), 0.2);
        assert_eq!(model.generators[2].insertions["add(Integer)"], 3.0);
        assert_eq!(parse(&model.to_toml()).unwrap(), model);
    }

    #[test]
    fn bad_ensemble_members_are_refused_at_their_line_and_field() {
        let member = |body: &str| format!("[methods]\n\"C()\" = 1\n[[generator]]\n{body}");
        let (line, field, message) = refused(&member("name = \"a\"\nkind = \"grow\"\n"));
        assert_eq!((line, field.as_str()), (5, "generator[0].kind"));
        assert!(message.contains("model, feed or build"), "{message}");
        let (line, field, message) = refused(&member("name = \"A b\"\nkind = \"feed\"\n"));
        assert_eq!((line, field.as_str()), (4, "generator[0].name"));
        assert!(message.contains("lower-case"), "{message}");
        let twice = member(
            "name = \"a\"\nkind = \"feed\"\n[[generator]]\nname = \"a\"\nkind = \"build\"\n",
        );
        let (line, field, message) = refused(&twice);
        assert_eq!((line, field.as_str()), (7, "generator[1].name"));
        assert!(message.contains("already"), "{message}");
        let (line, field, message) = refused(&member(
            "name = \"a\"\nkind = \"feed\"\nprobability = 1.5\n",
        ));
        assert_eq!((line, field.as_str()), (6, "generator[0].probability"));
        assert!(message.contains("probability"), "{message}");
        let (line, field, message) =
            refused(&member("name = \"a\"\nkind = \"feed\"\nstop = 0.5\n"));
        assert_eq!((line, field.as_str()), (6, "generator[0].stop"));
        assert!(
            message.contains("`build` generators, not of `feed`"),
            "{message}"
        );
        let (line, field, _) = refused(&member(
            "name = \"a\"\nkind = \"model\"\ninsertions = { \"add(Integer)\" = 1 }\n",
        ));
        assert_eq!((line, field.as_str()), (6, "generator[0].insertions"));
        let (line, field, message) = refused(&member(
            "name = \"a\"\nkind = \"build\"\ninsertions = { \"add(Integer)\" = 0 }\n",
        ));
        assert_eq!((line, field.as_str()), (6, "generator[0].insertions"));
        assert!(message.contains("every insertion weight is 0"), "{message}");
        let (line, field, message) =
            refused(&member("name = \"a\"\nkind = \"model\"\nweight = 0\n"));
        assert_eq!(field, "generator");
        assert!(line >= 3, "{line}");
        assert!(message.contains("no generator can be drawn"), "{message}");
        let (line, _, message) = refused(&member("name = \"a\"\nkind = \"model\"\nrate = 1\n"));
        assert!(line >= 3);
        assert!(message.contains("unknown field"), "{message}");
    }
}
