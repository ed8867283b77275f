//! A generated run's `[phase.run.params]`: read by the generator's registered parameter
//! type ([`crate::kernel::parameters::Parameters`]), each error located at its key; unknown names are
//! errors. The shared reader also serves walks (`walk_params.rs`).
//!
//! ```toml
//! [[phase.run]]
//! strategy = "fcrt"           # fdrt, fdrt-reset, fcrt
//! n = 100                     # the most calls in one test case (Randoop: 100)
//! cost = 60000                # or tests = 1000 (or both: whichever comes first)
//! [phase.run.params]
//! null-ratio = 0.05           # all three: the probability of null for an object argument
//! grow-seeds = true           #   primitive results join the seed pool (Randoop 4)
//! seeds = { int = [-1, 0, 1, 10, 100], boolean = [true, false], string = ["", "hi!"] }
//! reset-every = 100000        # fdrt-reset and fcrt: pools dropped every so many cost units
//! add-pool-every = 1000       # fcrt: a new pool every so many cost units
//! initial-pools = 1           # fcrt: INP
//! max-pools = 10              # fcrt: MNP (at least 2)
//! pool-selection = "score"    # fcrt: or "uniform" (the paper's ablation)
//! pruning = "uniqueness"      # fcrt: or "random" (the paper's ablation)
//! ```

use std::collections::BTreeMap;

use toml::Spanned;

use super::Parser;
use crate::generator::{GeneratorConfig, GeneratorKind};
use crate::kernel::file::FileError;
use crate::kernel::parameters::{ParameterError, ParameterValues};

/// A `params` table as written: each key and value with its place in the file.
pub(super) type ParamsDecl = BTreeMap<Spanned<String>, Spanned<toml::Value>>;

impl Parser<'_> {
    /// The configuration of generator `kind` at `max_length` calls, from its `params`
    /// (`at` names the run, e.g. `phase[0].run[1]`).
    pub(super) fn generator(
        &self,
        at: &str,
        kind: GeneratorKind,
        max_length: usize,
        params: Option<&ParamsDecl>,
    ) -> Result<GeneratorConfig, FileError> {
        let params = self
            .registered_parameters(at, kind.name(), params, |table| kind.read_parameters(table))?;
        Ok(GeneratorConfig {
            kind,
            params,
            max_length,
        })
    }

    /// A registered strategy's parameters from `params`, read by `read` (its registered
    /// parameter type): each value may be profiled (a table with a `default` or the
    /// profile's entry), and an error is located at the key it names.
    pub(super) fn registered_parameters(
        &self,
        at: &str,
        name: &str,
        params: Option<&ParamsDecl>,
        read: impl FnOnce(&toml::Table) -> Result<ParameterValues, ParameterError>,
    ) -> Result<ParameterValues, FileError> {
        let Some(params) = params else {
            return Ok(ParameterValues::default());
        };
        let mut table = toml::Table::new();
        for (key, value) in params {
            let field = format!("{at}.params.{}", key.get_ref());
            let profiled = value.get_ref().as_table().is_some_and(|t| {
                t.contains_key(super::DEFAULT_PROFILE) || t.contains_key(self.profile)
            });
            let value = if profiled {
                self.pick(value, &field)?
            } else {
                value.clone()
            };
            table.insert(key.get_ref().clone(), value.into_inner());
        }
        read(&table).map_err(|e| {
            let field = format!("{at}.params.{}", e.key());
            let top = e.key().split('.').next().unwrap_or_default();
            let span = match params.iter().find(|(k, _)| k.get_ref() == top) {
                Some((key, _)) if matches!(e, ParameterError::Unknown { .. }) => key.span(),
                Some((_, value)) => value.span(),
                // A constraint between keys named by one the file leaves at its default.
                None => params.keys().next().map_or(0..0, Spanned::span),
            };
            self.err(span, &field, format!("{name} {e}"))
        })
    }

    /// Fails on a parameter of `params` that is not `allowed` for strategy `name`.
    pub(super) fn check_param_names(
        &self,
        at: &str,
        name: &str,
        allowed: &[&str],
        params: &ParamsDecl,
    ) -> Result<(), FileError> {
        for key in params.keys() {
            if !allowed.contains(&key.get_ref().as_str()) {
                return Err(self.err(
                    key.span(),
                    &format!("{at}.params.{}", key.get_ref()),
                    format!(
                        "{name} has no parameter `{}` (its parameters: {})",
                        key.get_ref(),
                        allowed.join(", ")
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Parameter `key` of `params` with its field name (`at.params.key`), the profile's
    /// value if `profiled`.
    pub(super) fn param(
        &self,
        at: &str,
        params: &ParamsDecl,
        key: &str,
        profiled: bool,
    ) -> Result<Option<(String, Spanned<toml::Value>)>, FileError> {
        let field = format!("{at}.params.{key}");
        params
            .iter()
            .find(|(k, _)| k.get_ref() == key)
            .map(|(_, v)| {
                let v = if profiled {
                    self.pick(v, &field)?
                } else {
                    v.clone()
                };
                Ok((field.clone(), v))
            })
            .transpose()
    }

    /// A positive number of cost units.
    pub(super) fn cost_units(
        &self,
        field: &str,
        v: &Spanned<toml::Value>,
    ) -> Result<u64, FileError> {
        match v.get_ref() {
            toml::Value::Integer(i) if *i >= 1 => Ok(*i as u64),
            other => Err(self.err(
                v.span(),
                field,
                format!("expected a positive number of cost units (method calls), found {other}"),
            )),
        }
    }

    /// An integer of at least `least`.
    pub(super) fn count(
        &self,
        field: &str,
        v: &Spanned<toml::Value>,
        least: u32,
    ) -> Result<u32, FileError> {
        match v.get_ref() {
            toml::Value::Integer(i) if *i >= i64::from(least) && *i <= i64::from(u32::MAX) => {
                Ok(*i as u32)
            }
            other => Err(self.err(
                v.span(),
                field,
                format!("expected an integer of at least {least}, found {other}"),
            )),
        }
    }
}
