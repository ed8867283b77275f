//! A generated run's `[phase.run.params]`: the generator's parameters, each checked and
//! located; unknown names are errors.
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
//! ```

use std::collections::BTreeMap;

use toml::Spanned;

use super::Parser;
use crate::context::file::FileError;
use crate::generator::{FcrtParams, FdrtParams, GeneratorConfig, Seeds};

/// The names of the generators, as in experiment files.
pub const GENERATORS: [&str; 3] = ["fdrt", "fdrt-reset", "fcrt"];

/// `fdrt-reset`'s interval when none is given: Yatoh et al.'s 100 s at 1 s ≙ 1,000 calls.
pub const FDRT_RESET_EVERY: u64 = 100_000;

/// A `params` table as written: each key and value with its place in the file.
pub(super) type ParamsDecl = BTreeMap<Spanned<String>, Spanned<toml::Value>>;

impl Parser<'_> {
    /// The configuration of generator `name` (one of [`GENERATORS`]) at `max_length`
    /// calls, from its `params` (`at` names the run, e.g. `phase[0].run[1]`).
    pub(super) fn generator(
        &self,
        at: &str,
        name: &str,
        max_length: usize,
        params: Option<&ParamsDecl>,
    ) -> Result<GeneratorConfig, FileError> {
        let empty = ParamsDecl::new();
        let params = params.unwrap_or(&empty);
        let allowed: &[&str] = match name {
            "fdrt" => &["null-ratio", "grow-seeds", "seeds"],
            "fdrt-reset" => &["null-ratio", "grow-seeds", "seeds", "reset-every"],
            _ => &[
                "null-ratio",
                "grow-seeds",
                "seeds",
                "reset-every",
                "add-pool-every",
                "initial-pools",
                "max-pools",
            ],
        };
        self.check_param_names(at, name, allowed, params)?;
        // Each value may be profiled (`{ default = A, full = B }`), but `seeds`, a table.
        let get = |key: &str| self.param(at, params, key, key != "seeds");
        let mut fdrt = FdrtParams {
            max_length,
            ..FdrtParams::default()
        };
        if let Some((field, v)) = get("null-ratio")? {
            fdrt.null_ratio = match v.get_ref() {
                toml::Value::Float(x) if (0.0..=1.0).contains(x) => *x,
                toml::Value::Integer(i) if (0..=1).contains(i) => *i as f64,
                other => {
                    return Err(self.err(
                        v.span(),
                        &field,
                        format!("expected a probability from 0 to 1, found {other}"),
                    ));
                }
            };
        }
        if let Some((field, v)) = get("grow-seeds")? {
            fdrt.grow_seeds = v.get_ref().as_bool().ok_or_else(|| {
                self.err(
                    v.span(),
                    &field,
                    format!("expected true or false, found {}", v.get_ref()),
                )
            })?;
        }
        if let Some((field, v)) = get("seeds")? {
            fdrt.seeds = self.seeds(&field, &v)?;
        }
        let reset_every = get("reset-every")?
            .map(|(field, v)| self.cost_units(&field, &v))
            .transpose()?;
        if name == "fdrt-reset" {
            fdrt.reset_every = Some(reset_every.unwrap_or(FDRT_RESET_EVERY));
            return Ok(GeneratorConfig::Fdrt(fdrt));
        }
        if name == "fdrt" {
            return Ok(GeneratorConfig::Fdrt(fdrt));
        }
        let mut fcrt = FcrtParams {
            fdrt,
            ..FcrtParams::default()
        };
        if let Some(every) = reset_every {
            fcrt.reset_every = every;
        }
        if let Some((field, v)) = get("add-pool-every")? {
            fcrt.add_pool_every = self.cost_units(&field, &v)?;
        }
        if let Some((field, v)) = get("initial-pools")? {
            fcrt.initial_pools = self.count(&field, &v, 1)?;
        }
        if let Some((field, v)) = get("max-pools")? {
            fcrt.max_pools = self.count(&field, &v, 2)?;
        }
        if fcrt.initial_pools > fcrt.max_pools {
            let (field, v) = get("initial-pools")?
                .or(get("max-pools")?)
                .expect("one of them differs from the defaults");
            return Err(self.err(
                v.span(),
                &field,
                format!(
                    "initial-pools ({}) exceeds max-pools ({})",
                    fcrt.initial_pools, fcrt.max_pools
                ),
            ));
        }
        Ok(GeneratorConfig::Fcrt(fcrt))
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

    /// `seeds = { int = [..], boolean = [..], string = [..] }`: each list non-empty;
    /// a type left out keeps Randoop's defaults.
    fn seeds(&self, field: &str, v: &Spanned<toml::Value>) -> Result<Seeds, FileError> {
        let table = v.get_ref().as_table().ok_or_else(|| {
            self.err(
                v.span(),
                field,
                format!("expected a table of seed lists, found {}", v.get_ref()),
            )
        })?;
        let mut seeds = Seeds::default();
        for (key, values) in table {
            let items = values.as_array().filter(|a| !a.is_empty());
            let bad = |what: &str| {
                self.err(
                    v.span(),
                    &format!("{field}.{key}"),
                    format!("expected a non-empty list of {what}, found {values}"),
                )
            };
            match key.as_str() {
                "int" => {
                    seeds.ints = items
                        .and_then(|a| {
                            a.iter()
                                .map(|x| x.as_integer().and_then(|i| i32::try_from(i).ok()))
                                .collect()
                        })
                        .ok_or_else(|| bad("32-bit integers"))?;
                }
                "boolean" => {
                    seeds.bools = items
                        .and_then(|a| a.iter().map(toml::Value::as_bool).collect())
                        .ok_or_else(|| bad("booleans"))?;
                }
                "string" => {
                    seeds.strings = items
                        .and_then(|a| a.iter().map(|x| x.as_str().map(str::to_string)).collect())
                        .ok_or_else(|| bad("strings"))?;
                }
                other => {
                    return Err(self.err(
                        v.span(),
                        &format!("{field}.{other}"),
                        format!("unknown seed type `{other}` (expected int, boolean, string)"),
                    ));
                }
            }
        }
        Ok(seeds)
    }
}
