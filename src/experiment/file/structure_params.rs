//! A structure run (field-exhaustive testing): its scopes, its suite and its oracle, each
//! checked and located.
//!
//! ```toml
//! [[phase.run]]
//! strategy = "fe-sat"         # fe-sat, fe-greedy, be-structures, random-structures
//! scope = "1..=8"             # instead of n: the scopes (nodes), a list or a SPEC
//! [phase.run.params]
//! oracle = "structure"        # paper, strict or structure (default: the experiment's)
//! korat-budget = 10000000     # fe-greedy, be-structures, random-structures: Korat's
//!                             # candidates per scope before the suite is refused
//! structures = 50             # random-structures: the sample's size (default: as many
//!                             # as fe-sat's suite at the scope)
//! seeded = true               # fe-sat, fe-greedy: a suite drawn with the replicate's seed
//!                             # (another field-exhaustive suite per replicate; default
//!                             # false: the one deterministic suite)
//! ```
//!
//! A structure run tests every structure of its suite with every call of the context (the
//! structure in object slot 0), so it takes no `tests` or `cost`; its subjects must have a
//! finitization (`structure::units`) and each scope must be within their CNF encoding.

use super::generator_params::ParamsDecl;
use super::{Parser, RunDecl};
use crate::experiment::{Phase, SubjectPlan};
use crate::kernel::file::FileError;
use crate::oracle::OracleKind;
use crate::strategy::Strategy;
use crate::structure::suite::{StructureConfig, StructureOracle};
use crate::structure::suite::{StructureSuiteKind, StructureSuiteSpec};
use crate::structure::units::{FINITIZATIONS, finitization};

/// Korat's candidate budget per scope when a run names none (about 2 s; as `testspace fe`).
pub const KORAT_BUDGET: u64 = 10_000_000;

impl Parser<'_> {
    /// A structure run's configuration (`kind` is its strategy) from its `params`, with
    /// the experiment's `oracle` as the default.
    pub(super) fn structures(
        &self,
        at: &str,
        kind: StructureSuiteKind,
        params: Option<&ParamsDecl>,
        oracle: OracleKind,
    ) -> Result<StructureConfig, FileError> {
        let empty = ParamsDecl::new();
        let params = params.unwrap_or(&empty);
        let allowed: &[&str] = match kind {
            StructureSuiteKind::FieldExhaustiveSat => &["oracle", "seeded"],
            StructureSuiteKind::FieldExhaustiveGreedy => &["oracle", "korat-budget", "seeded"],
            StructureSuiteKind::BoundedExhaustive => &["oracle", "korat-budget"],
            StructureSuiteKind::Random => &["oracle", "korat-budget", "structures"],
        };
        self.check_param_names(at, kind.name(), allowed, params)?;
        let oracle = match self.param(at, params, "oracle", true)? {
            None => match oracle {
                OracleKind::Paper => StructureOracle::Paper,
                OracleKind::Strict => StructureOracle::Strict,
            },
            Some((field, v)) => match v.get_ref().as_str() {
                Some("paper") => StructureOracle::Paper,
                Some("strict") => StructureOracle::Strict,
                Some("structure") => StructureOracle::Structure,
                _ => {
                    return Err(self.err(
                        v.span(),
                        &field,
                        format!(
                            "expected \"paper\", \"strict\" or \"structure\", found {}",
                            v.get_ref()
                        ),
                    ));
                }
            },
        };
        let korat_budget = match self.param(at, params, "korat-budget", true)? {
            None => KORAT_BUDGET,
            Some((field, v)) => match v.get_ref() {
                toml::Value::Integer(i) if *i >= 1 => *i as u64,
                other => {
                    return Err(self.err(
                        v.span(),
                        &field,
                        format!("expected a positive number of candidates, found {other}"),
                    ));
                }
            },
        };
        let structures = self
            .param(at, params, "structures", true)?
            .map(|(field, v)| self.count(&field, &v, 1).map(u64::from))
            .transpose()?;
        let seeded = match self.param(at, params, "seeded", true)? {
            None => false,
            Some((field, v)) => v.get_ref().as_bool().ok_or_else(|| {
                self.err(
                    v.span(),
                    &field,
                    format!("expected true or false, found {}", v.get_ref()),
                )
            })?,
        };
        Ok(StructureConfig {
            suite: StructureSuiteSpec {
                kind,
                structures,
                korat_budget,
                seeded,
            },
            oracle,
        })
    }

    /// Fails if a structure run has a subject without a finitization or a scope beyond a
    /// subject's CNF encoding, or a context without an object pool (the structure's slot).
    pub(super) fn check_structures(
        &self,
        decls: &[super::PhaseDecl],
        phases: &[Phase],
        subjects: &[SubjectPlan],
    ) -> Result<(), FileError> {
        for (p, (phase, decl)) in phases.iter().zip(decls).enumerate() {
            for (r, (run, run_decl)) in phase.runs.iter().zip(&decl.run).enumerate() {
                if !matches!(run.strategy, Strategy::Structures(_)) {
                    continue;
                }
                let at = format!("phase[{p}].run[{r}]");
                for subject in subjects.iter().filter(|s| run.runs_on(s.unit.class())) {
                    let class = subject.unit.class();
                    let Some(found) = finitization(class) else {
                        let known = FINITIZATIONS.map(|f| f.unit).join(", ");
                        return Err(self.err(
                            run_decl.strategy.span(),
                            &format!("{at}.strategy"),
                            format!(
                                "{} tests structures, and {class} has no finitization (units with one: {known})",
                                run.strategy
                            ),
                        ));
                    };
                    let beyond = run.lengths.iter().find(|&&n| n > found.encoding_limit);
                    if let (Some(n), Some(scope)) = (beyond, run_decl.scope.as_ref()) {
                        return Err(self.err(
                            scope.span(),
                            &format!("{at}.scope"),
                            format!(
                                "scope {n} for {class} is beyond its CNF encoding's limit of {} nodes",
                                found.encoding_limit
                            ),
                        ));
                    }
                    if subject.context.pools().objects == 0 {
                        return Err(self.err(
                            run_decl.strategy.span(),
                            &format!("{at}.strategy"),
                            format!(
                                "{} puts the structure in object slot 0, and the context has no object pool",
                                run.strategy
                            ),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// A structure run's scopes (`scope`, not `n`), refusing `n`, `tests` and `cost`.
    pub(super) fn scopes(&self, at: &str, run: &RunDecl) -> Result<Vec<usize>, FileError> {
        let field = |f: &str| format!("{at}.{f}");
        let name = run.strategy.get_ref();
        let refused = [("n", &run.n), ("tests", &run.tests), ("cost", &run.cost)];
        if let Some((key, Some(value))) = refused.iter().find(|(_, v)| v.is_some()) {
            let why = if *key == "n" {
                "give its scopes as `scope`"
            } else {
                "it tests each structure of its suite with each call of the context"
            };
            return Err(self.err(
                value.span(),
                &field(key),
                format!("{name} takes no `{key}`: {why}"),
            ));
        }
        let scope = run.scope.as_ref().ok_or_else(|| {
            self.err(
                run.strategy.span(),
                &field("scope"),
                format!("{name} needs `scope`: the scopes (nodes) of its structures"),
            )
        })?;
        self.lengths(scope, &field("scope"))
    }
}
