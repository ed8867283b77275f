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

use super::Parser;
use super::generator_params::ParamsDecl;
use crate::context::file::FileError;
use crate::strategy::{ParameterValues, StrategyKind};

impl Parser<'_> {
    /// The parameters of walk `kind` from `params` (each value may be profiled).
    pub(super) fn walk_parameters(
        &self,
        at: &str,
        kind: StrategyKind,
        params: Option<&ParamsDecl>,
    ) -> Result<ParameterValues, FileError> {
        let Some(params) = params else {
            return Ok(ParameterValues::default());
        };
        let mut table = toml::Table::new();
        for (key, value) in params {
            let field = format!("{at}.params.{}", key.get_ref());
            let value = self.pick(value, &field)?;
            table.insert(key.get_ref().clone(), value.into_inner());
        }
        kind.read_parameters(&table).map_err(|e| {
            let (key, value) = params
                .iter()
                .find(|(k, _)| k.get_ref() == e.key())
                .expect("the error names a key of the table");
            let span = if matches!(e, crate::strategy::ParameterError::Unknown { .. }) {
                key.span()
            } else {
                value.span()
            };
            self.err(
                span,
                &format!("{at}.params.{}", e.key()),
                format!("{} {e}", kind.name()),
            )
        })
    }
}
