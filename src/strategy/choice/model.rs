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

use crate::context::file::FileError;

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
}

impl Default for Model {
    /// The uniform model: every method weight 1, every slot uniform (R's distribution).
    fn default() -> Self {
        Model {
            default_weight: 1.0,
            methods: BTreeMap::new(),
            slots: BTreeMap::new(),
            markov: BTreeMap::new(),
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
        methods.chain(slots).chain(rows).collect()
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
        Ok(file)
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
}
