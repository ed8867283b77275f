//! A strategy's parameters: a plain Rust struct that serde reads from the experiment file's
//! `[phase.run.params]` table, one registration for every strategy family.
//!
//! The scope is generic in what a run applies to (`C`, the test context of each unit, for
//! walks), so that this reader knows nothing above the ground floor.
//!
//! Contract of [`Parameters`]: `Default` gives the published (or only) setting; every field
//! has a kebab-case name in TOML (`#[serde(rename_all = "kebab-case")]`), may be left out
//! (`#[serde(default)]`), and no other key is accepted; [`Parameters::check`] refuses
//! combinations that the types allow but the strategy does not; [`Parameters::resolve`]
//! completes values that name something outside the table (a file, relative to the
//! experiment file's folder; methods of the run's contexts) into self-contained values.
//! [`read_in`] applies all of that to a TOML table in a [`ParameterScope`] and names the
//! offending key in every error, so that the experiment parser can point at its line
//! ([`read`]: with an empty scope, as generators' parameters are read).

use std::fmt::Debug;
use std::path::Path;
use std::sync::Arc;

use serde::Serialize;
use serde::de::DeserializeOwned;

/// A strategy's parameters (see the module's contract), resolved in a scope of units
/// described by `C` (`()`: parameters that name nothing of the units).
pub trait Parameters<C = ()>:
    Serialize + DeserializeOwned + Default + Clone + Debug + Send + Sync + 'static
{
    /// Refuses values the strategy cannot run with (`key` names the parameter at fault).
    fn check(&self) -> Result<(), ParameterError> {
        Ok(())
    }

    /// Completes the values read from the table with what they name in `scope`: a file
    /// read (relative to [`ParameterScope::directory`]) and checked against the run's
    /// contexts, so that the values are self-contained (nothing to do by default). Called
    /// by [`read_in`] after deserialising and before [`Parameters::check`].
    fn resolve(&mut self, scope: &ParameterScope<'_, C>) -> Result<(), ParameterError> {
        let _ = scope;
        Ok(())
    }
}

/// Where parameters are read: the directory a parameter naming a file is relative to and
/// the units the run applies to (for walks, their test contexts).
#[derive(Debug)]
pub struct ParameterScope<'a, C = ()> {
    /// The directory of the file the parameters are written in (an experiment file's);
    /// `None`: the current directory.
    pub directory: Option<&'a Path>,
    /// The units the parameters will be used with (empty: not known).
    pub contexts: &'a [Arc<C>],
}

impl<C> Clone for ParameterScope<'_, C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<C> Copy for ParameterScope<'_, C> {}

impl<C> Default for ParameterScope<'_, C> {
    fn default() -> Self {
        ParameterScope {
            directory: None,
            contexts: &[],
        }
    }
}

impl<C> ParameterScope<'_, C> {
    /// `path` as a parameter names it: relative to [`ParameterScope::directory`].
    pub fn path(&self, path: &str) -> std::path::PathBuf {
        match self.directory {
            Some(directory) => directory.join(path),
            None => Path::new(path).to_path_buf(),
        }
    }
}

/// The parameters of a strategy that has none: any key is an error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoParameters {}

impl<C> Parameters<C> for NoParameters {}

/// A parameter table that a strategy refuses, with the key at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParameterError {
    /// A key the strategy does not have.
    #[error("has no parameter `{key}` ({})", known_list(.known))]
    Unknown {
        /// The key.
        key: String,
        /// The strategy's parameters.
        known: Vec<String>,
    },
    /// A value of the wrong type or out of range.
    #[error("`{key}`: {message}")]
    Invalid {
        /// The key (`seeds.int` for an entry of a table).
        key: String,
        /// What is wrong with its value.
        message: String,
    },
}

impl ParameterError {
    /// The key at fault (`seeds.int` for an entry of a table).
    pub fn key(&self) -> &str {
        match self {
            Self::Unknown { key, .. } | Self::Invalid { key, .. } => key,
        }
    }
}

fn known_list(known: &[String]) -> String {
    if known.is_empty() {
        "it takes no parameters".into()
    } else {
        format!("its parameters: {}", known.join(", "))
    }
}

/// The parameter names of `P`: the keys of its default value.
pub fn names<P: Serialize + Default>() -> Vec<String> {
    match serde_json::to_value(P::default()) {
        Ok(serde_json::Value::Object(map)) => map.keys().cloned().collect(),
        _ => Vec::new(),
    }
}

/// Reads `P` from `table` with no scope (see [`read_in`]).
pub fn read<P: Parameters>(table: &toml::Table) -> Result<P, ParameterError> {
    read_in(table, &ParameterScope::<()>::default())
}

/// Reads `P` from `table`: unknown keys refused, each value checked on its own (so that
/// an error names its key), then [`Parameters::resolve`] in `scope` and
/// [`Parameters::check`].
pub fn read_in<C, P: Parameters<C>>(
    table: &toml::Table,
    scope: &ParameterScope<'_, C>,
) -> Result<P, ParameterError> {
    let known = names::<P>();
    for key in table.keys() {
        if !known.contains(key) {
            return Err(ParameterError::Unknown {
                key: key.clone(),
                known,
            });
        }
    }
    for (key, value) in table {
        let alone = toml::Table::from_iter([(key.clone(), value.clone())]);
        if let Err(e) = P::deserialize(toml::Value::Table(alone)) {
            return Err(ParameterError::Invalid {
                key: key.clone(),
                message: plain(&e.to_string()),
            });
        }
    }
    let mut params =
        P::deserialize(toml::Value::Table(table.clone())).map_err(|e| ParameterError::Invalid {
            key: table.keys().next().cloned().unwrap_or_default(),
            message: plain(&e.to_string()),
        })?;
    params.resolve(scope)?;
    params.check()?;
    Ok(params)
}

/// serde's message without the key and position lines that TOML adds.
fn plain(message: &str) -> String {
    let first = message.trim().lines().next().unwrap_or_default();
    first.trim_end_matches('.').to_string()
}

/// A parameter that is a positive number of cost units (method calls executed on gold,
/// the house's deterministic stand-in for the papers' seconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(transparent)]
pub struct CostUnits(pub u64);

impl<'de> serde::Deserialize<'de> for CostUnits {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = i64::deserialize(deserializer).map_err(|_| {
            serde::de::Error::custom("expected a positive number of cost units (method calls)")
        })?;
        match u64::try_from(value) {
            Ok(units) if units >= 1 => Ok(CostUnits(units)),
            _ => Err(serde::de::Error::custom(format!(
                "expected a positive number of cost units (method calls), found {value}"
            ))),
        }
    }
}

/// A parameter that is a probability, from 0 to 1.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(transparent)]
pub struct Probability(pub f64);

impl<'de> serde::Deserialize<'de> for Probability {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = f64::deserialize(deserializer)
            .map_err(|_| serde::de::Error::custom("expected a probability from 0 to 1"))?;
        if (0.0..=1.0).contains(&value) {
            Ok(Probability(value))
        } else {
            Err(serde::de::Error::custom(format!(
                "expected a probability from 0 to 1, found {value}"
            )))
        }
    }
}

/// `P`'s values as canonical JSON (keys sorted): how the runner carries them to workers
/// and tells two configurations apart.
pub fn to_values<P: Serialize>(params: &P) -> ParameterValues {
    let value = serde_json::to_value(params).expect("parameters serialise");
    ParameterValues(serde_json::to_string(&value).expect("JSON values serialise"))
}

/// `P` from its canonical JSON.
///
/// # Panics
/// If `values` were not written by [`to_values`] for `P` (the registry pairs them).
pub fn from_values<P: DeserializeOwned + Default>(values: &ParameterValues) -> P {
    if values.is_default() {
        return P::default();
    }
    serde_json::from_str(&values.0).expect("parameter values of this strategy")
}

/// A strategy's parameter values in canonical JSON; empty for the defaults.
#[derive(
    Clone,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(transparent)]
pub struct ParameterValues(String);

impl ParameterValues {
    /// Whether these are the defaults (nothing was set).
    pub fn is_default(&self) -> bool {
        self.0.is_empty()
    }

    /// The canonical JSON (empty for the defaults).
    pub fn as_json(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    #[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
    struct Knobs {
        repeat: u32,
        null_ratio: f64,
    }

    impl Default for Knobs {
        fn default() -> Self {
            Knobs {
                repeat: 1,
                null_ratio: 0.05,
            }
        }
    }

    impl Parameters for Knobs {
        fn check(&self) -> Result<(), ParameterError> {
            if self.repeat == 0 {
                return Err(ParameterError::Invalid {
                    key: "repeat".into(),
                    message: "expected at least 1, found 0".into(),
                });
            }
            Ok(())
        }
    }

    fn table(text: &str) -> toml::Table {
        toml::from_str(text).unwrap()
    }

    #[test]
    fn keys_left_out_keep_their_defaults() {
        let knobs: Knobs = read(&table("repeat = 3")).unwrap();
        assert_eq!(
            knobs,
            Knobs {
                repeat: 3,
                null_ratio: 0.05
            }
        );
        assert_eq!(read::<Knobs>(&table("")).unwrap(), Knobs::default());
    }

    #[test]
    fn an_unknown_key_is_named_with_the_known_ones() {
        let e = read::<Knobs>(&table("repeat = 2\nrepaet = 3")).unwrap_err();
        assert_eq!(e.key(), "repaet");
        assert_eq!(
            e.to_string(),
            "has no parameter `repaet` (its parameters: null-ratio, repeat)"
        );
        let e = read::<NoParameters>(&table("x = 1")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "has no parameter `x` (it takes no parameters)"
        );
    }

    #[test]
    fn a_value_of_the_wrong_type_names_its_key() {
        let e = read::<Knobs>(&table("null-ratio = 0.1\nrepeat = \"two\"")).unwrap_err();
        assert_eq!(e.key(), "repeat");
        assert!(e.to_string().contains("invalid type"), "{e}");
        let e = read::<Knobs>(&table("repeat = 0")).unwrap_err();
        assert_eq!(
            (e.key(), e.to_string().as_str()),
            ("repeat", "`repeat`: expected at least 1, found 0")
        );
    }

    #[test]
    fn values_round_trip_through_canonical_json() {
        let knobs: Knobs = read(&table("repeat = 4")).unwrap();
        let values = to_values(&knobs);
        assert_eq!(values.as_json(), r#"{"null-ratio":0.05,"repeat":4}"#);
        assert_eq!(from_values::<Knobs>(&values), knobs);
        assert_eq!(
            from_values::<Knobs>(&ParameterValues::default()),
            Knobs::default()
        );
    }
}
