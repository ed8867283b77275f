//! A walk run's `[phase.run.params]`: read by the walk's registered parameter type
//! ([`crate::strategy::Parameters`]), every error located at the key it is about.
//!
//! ```toml
//! [[phase.run]]
//! strategy = "my-walk"        # any registered walk (StrategyKind::ALL)
//! n = 10
//! tests = 1000
//! [phase.run.params]
//! repeat = 2                  # the walk's own parameters; unknown keys are errors
//! ```
//!
//! A parameter that names a file (`choice`'s `model`) is relative to the experiment file's
//! folder, and parameters that name methods are checked against the subjects' contexts
//! ([`ParameterScope`]).

use super::Parser;
use super::generator_params::ParamsDecl;
use crate::context::file::FileError;
use crate::strategy::{ParameterScope, ParameterValues, StrategyKind};

impl Parser<'_> {
    /// The parameters of walk `kind` from `params` (each value may be profiled).
    pub(super) fn walk_parameters(
        &self,
        at: &str,
        kind: StrategyKind,
        params: Option<&ParamsDecl>,
    ) -> Result<ParameterValues, FileError> {
        let scope = ParameterScope {
            directory: self.path.parent(),
            contexts: self.contexts.get().map_or(&[], Vec::as_slice),
        };
        self.registered_parameters(at, kind.name(), params, |table| {
            kind.read_parameters_in(table, &scope)
        })
    }
}
