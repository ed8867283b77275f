//! `Register`: a fixture subject with hand-written mutants, for testing the runner's
//! handling of kills, equivalent mutants, crashes and hangs end to end.
//!
//! It is registered only when the environment variable `TESTSPACE_FIXTURE_SUBJECTS` is
//! `1` (the runner's worker processes inherit it), so it never appears in real runs.
//!
//! | mutant | operator | effect |
//! |---|---|---|
//! | 1 | replace-constant | `inc()` adds 2 — killed by any test that calls `inc` then `get` |
//! | 2 | replace-operator | `get()` returns 0 when the value is 100 — killed once `set(100)` meets `get` |
//! | 3 | replace-operator | `isBig()` tests `> 50` as `>= 51` — equivalent, never killed |
//! | 4 | delete-statement | `inc()` aborts the process at value 3 — a crash |
//! | 5 | negate-decision | `get()` spins forever at value 2 — a hang |

use std::sync::{Arc, OnceLock};

use super::mutation::{MutantSession, active};
use super::{
    Method, MethodInfo, MutantId, MutantInfo, MutationOperator, Param, Return, Session, Subject,
    SubjectUnit, Unit,
};
use crate::context::TestContext;

/// `fixture.Register`: one int.
#[derive(Clone, Debug)]
pub struct Register {
    value: i32,
}

impl Subject for Register {
    const CLASS: &'static str = "Register";
    const JAVA_CLASS: &'static str = "fixture.Register";

    fn methods() -> Vec<Method<Self>> {
        vec![
            Method::constructor("Register", &[], |_| Ok(Register { value: 0 })),
            Method::instance("set", &[Param::Int], Return::Void, |r, a| {
                r.value = a.int(0);
                Ok(().into())
            }),
            Method::instance("inc", &[], Return::Void, |r, _| {
                if active() == 4 && r.value == 3 {
                    std::process::abort();
                }
                r.value = r.value.wrapping_add(if active() == 1 { 2 } else { 1 });
                Ok(().into())
            }),
            Method::instance("get", &[], Return::Int, |r, _| {
                if active() == 5 && r.value == 2 {
                    loop {
                        std::hint::spin_loop();
                    }
                }
                Ok((if active() == 2 && r.value == 100 {
                    0
                } else {
                    r.value
                })
                .into())
            }),
            Method::instance("isBig", &[], Return::Bool, |r, _| {
                Ok((if active() == 3 {
                    r.value >= 51
                } else {
                    r.value > 50
                })
                .into())
            }),
        ]
    }

    fn to_java_string(&self) -> String {
        self.value.to_string()
    }
}

/// The [`Unit`] of [`Register`] with its five mutants.
pub struct RegisterUnit {
    plain: SubjectUnit<Register>,
    mutants: Vec<MutantInfo>,
}

impl RegisterUnit {
    /// The unit and its mutant catalog.
    pub fn new() -> Self {
        let mutant = |id, operator, original: &str, replacement: &str| MutantInfo {
            id,
            operator,
            location: format!("src/subject/fixture.rs:{id}:1"),
            original: original.into(),
            replacement: replacement.into(),
        };
        RegisterUnit {
            plain: SubjectUnit::new(),
            mutants: vec![
                mutant(1, MutationOperator::ReplaceConstant, "1", "2"),
                mutant(2, MutationOperator::ReplaceOperator, "value", "0 at 100"),
                mutant(3, MutationOperator::ReplaceOperator, "> 50", ">= 51"),
                mutant(4, MutationOperator::DeleteStatement, "inc", "abort at 3"),
                mutant(5, MutationOperator::NegateDecision, "get", "spin at 2"),
            ],
        }
    }
}

impl Default for RegisterUnit {
    fn default() -> Self {
        Self::new()
    }
}

impl Unit for RegisterUnit {
    fn class(&self) -> &'static str {
        Register::CLASS
    }
    fn java_class(&self) -> &'static str {
        Register::JAVA_CLASS
    }
    fn methods(&self) -> &[MethodInfo] {
        self.plain.methods()
    }
    fn session(&self, context: Arc<TestContext>) -> Box<dyn Session> {
        self.plain.session(context)
    }
    fn mutants(&self) -> &[MutantInfo] {
        &self.mutants
    }
    fn mutant_session(
        &self,
        context: Arc<TestContext>,
        mutant: MutantId,
    ) -> Option<Box<dyn Session>> {
        (mutant == 0 || self.mutants.iter().any(|m| m.id == mutant)).then(|| {
            Box::new(MutantSession::new(self.plain.session(context), mutant)) as Box<dyn Session>
        })
    }
}

/// The fixture units, if `TESTSPACE_FIXTURE_SUBJECTS=1`.
pub fn fixture_units() -> Vec<Box<dyn Unit>> {
    static ENABLED: OnceLock<bool> = OnceLock::new();
    if *ENABLED.get_or_init(|| std::env::var("TESTSPACE_FIXTURE_SUBJECTS").is_ok_and(|v| v == "1"))
    {
        vec![
            Box::new(RegisterUnit::new()),
            Box::new(super::stone::StoneUnit::new()),
            Box::new(super::vault::VaultUnit::new()),
        ]
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutant_sessions_switch_behaviour_per_session() {
        let unit = RegisterUnit::new();
        let context = Arc::new(TestContext::paper(&unit).unwrap());
        let space = context.call_space();
        // Register() → object 0; inc(); get() → int_vp[0].
        let calls = [
            space.encode_call(0, &[0]).unwrap(),
            space.encode_call(2, &[0]).unwrap(),
            space.encode_call(3, &[0, 0]).unwrap(),
        ];
        let run = |id| {
            let mut s = unit.mutant_session(Arc::clone(&context), id).unwrap();
            for &c in &calls {
                s.step(c).unwrap();
            }
            s.primitives().ints[0]
        };
        assert_eq!(run(0), Some(1));
        assert_eq!(run(1), Some(2));
        assert_eq!(run(3), Some(1));
        assert!(unit.mutant_session(Arc::clone(&context), 9).is_none());
        assert_eq!(active(), 0, "sessions restore gold after each call");
    }
}
