//! Test contexts (Section 3.1): K = ⟨M_C, T_I, vps, init⟩.
//!
//! A [`TestContext`] is built for one registered subject from a method selection (M_C)
//! and value-pool declarations; T_I is derived as the pool types that M_C's parameter
//! tuples use. [`file`](mod@file) loads contexts from TOML with errors that name the file, line and
//! field.

pub mod file;

use std::fmt;
use std::sync::Arc;

use num_bigint::BigUint;

use crate::encoding::{CallSpace, DecodedCall, EncodingError, TestCaseCodec};
/// vps and init, defined with the harness that fills its pools from them.
pub use crate::subject::PoolInit;
use crate::subject::{CallTable, MethodInfo, PoolType, Unit};

/// One member of M_C, with its number of distinct calls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContextMethod {
    /// The subject's declaration.
    pub info: MethodInfo,
    /// nc(m): the product of the pool sizes of its parameter-tuple slots.
    pub nc: u64,
}

/// Errors building a context, carrying the values involved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ContextError {
    /// A method named in M_C is not declared by the subject.
    #[error("{class} has no method `{signature}`; its methods are: {known}")]
    UnknownMethod {
        /// The subject's class.
        class: String,
        /// The signature asked for.
        signature: String,
        /// The declared signatures.
        known: String,
    },
    /// A method is listed twice in M_C.
    #[error("method `{signature}` is listed twice in M_C")]
    DuplicateMethod {
        /// The repeated signature.
        signature: String,
    },
    /// M_C is empty.
    #[error("M_C is empty: list at least one method")]
    NoMethods,
    /// A type of interest has an empty pool.
    #[error("pool `{pool}` is a type of interest (used by `{method}`) but has size 0")]
    EmptyPool {
        /// The pool type.
        pool: PoolType,
        /// A method that uses it.
        method: String,
    },
    /// The encoding of the context is not representable.
    #[error(transparent)]
    Encoding(#[from] EncodingError),
}

/// A test context K = ⟨M_C, T_I, vps, init⟩ for one subject, with its method call search
/// tree (j method-call indices).
#[derive(Clone, Debug)]
pub struct TestContext {
    class: &'static str,
    methods: Vec<ContextMethod>,
    types: Vec<PoolType>,
    pools: PoolInit,
    space: Arc<CallSpace>,
}

/// Which methods form M_C.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MethodSelection {
    /// Every declared method, in declaration order (the paper's choice).
    All,
    /// These signatures, in this order.
    Signatures(Vec<String>),
}

impl TestContext {
    /// Builds the context of `unit` with the given M_C and pools.
    pub fn new(
        unit: &dyn Unit,
        selection: &MethodSelection,
        pools: PoolInit,
    ) -> Result<Self, ContextError> {
        let declared = unit.methods();
        let chosen: Vec<MethodInfo> = match selection {
            MethodSelection::All => declared.to_vec(),
            MethodSelection::Signatures(list) => {
                let mut chosen: Vec<MethodInfo> = Vec::with_capacity(list.len());
                for signature in list {
                    let wanted = normalize_signature(signature);
                    let info = declared
                        .iter()
                        .find(|m| normalize_signature(&m.signature) == wanted)
                        .ok_or_else(|| ContextError::UnknownMethod {
                            class: unit.class().to_string(),
                            signature: signature.clone(),
                            known: declared
                                .iter()
                                .map(|m| m.signature.as_str())
                                .collect::<Vec<_>>()
                                .join(", "),
                        })?;
                    if chosen.iter().any(|c| c.number == info.number) {
                        return Err(ContextError::DuplicateMethod {
                            signature: info.signature.clone(),
                        });
                    }
                    chosen.push(info.clone());
                }
                chosen
            }
        };
        if chosen.is_empty() {
            return Err(ContextError::NoMethods);
        }
        let mut types: Vec<PoolType> = Vec::new();
        for m in &chosen {
            for &slot in &m.slots {
                if pools.size(slot) == 0 {
                    return Err(ContextError::EmptyPool {
                        pool: slot,
                        method: m.signature.clone(),
                    });
                }
                if !types.contains(&slot) {
                    types.push(slot);
                }
            }
        }
        types.sort();
        let shapes: Vec<(usize, Vec<u32>)> = chosen
            .iter()
            .map(|m| {
                (
                    m.number,
                    m.slots.iter().map(|&t| pools.size(t) as u32).collect(),
                )
            })
            .collect();
        let space = CallSpace::new(shapes)?;
        let methods = chosen
            .into_iter()
            .zip(space.shapes())
            .map(|(info, shape)| ContextMethod { info, nc: shape.nc })
            .collect();
        Ok(TestContext {
            class: unit.class(),
            methods,
            types,
            pools,
            space: Arc::new(space),
        })
    }

    /// The paper's context for `unit` (Section 6.2): all methods, [`PoolInit::paper`].
    pub fn paper(unit: &dyn Unit) -> Result<Self, ContextError> {
        Self::new(unit, &MethodSelection::All, PoolInit::paper())
    }

    /// The subject's class name.
    pub fn class(&self) -> &'static str {
        self.class
    }

    /// M_C, in method-numbering order, with nc(m).
    pub fn methods(&self) -> &[ContextMethod] {
        &self.methods
    }

    /// T_I: the pool types used by M_C's parameter tuples, in canonical order.
    pub fn types_of_interest(&self) -> &[PoolType] {
        &self.types
    }

    /// The value pools' sizes and initial values.
    pub fn pools(&self) -> &PoolInit {
        &self.pools
    }

    /// j = Σ nc(m): the number of distinct method calls.
    pub fn j(&self) -> u32 {
        self.space.j()
    }

    /// z = jⁿ: the number of test cases of length n.
    pub fn z(&self, n: usize) -> BigUint {
        BigUint::from(self.j()).pow(n as u32)
    }

    /// The method call search tree.
    pub fn call_space(&self) -> &CallSpace {
        &self.space
    }

    /// A codec for test-case indices of length n.
    pub fn codec(&self, n: usize) -> TestCaseCodec {
        TestCaseCodec::new(self.j(), n).expect("j ≥ 1 in a built context")
    }

    /// Decodes method-call index `call` (< j); `DecodedCall::method` is the subject's
    /// method number.
    #[inline]
    pub fn call(&self, call: u32) -> DecodedCall {
        self.space.decode_call(call)
    }

    /// Renders one call as a canonical-form-3 statement over the value pools, e.g.
    /// `int_vp[1] = object_vp[0].get(int_vp[0]);`.
    pub fn render_call(&self, call: u32) -> String {
        let decoded = self.call(call);
        let info = &self.methods[decoded.position].info;
        let slots = decoded.slots();
        let pool_name = |t: PoolType| format!("{}_vp", t.key());
        let args: Vec<String> = info
            .params
            .iter()
            .zip(slots)
            .map(|(p, s)| format!("{}[{s}]", pool_name(p.pool())))
            .collect();
        let mut rest = slots[info.params.len()..].iter();
        let callee = match info.kind {
            // A port's constructors carry the class's name (Java's); a Rust subject's its
            // own (`with_capacity`).
            crate::subject::MethodKind::Constructor if info.name == self.class => {
                format!("{}::new", self.class)
            }
            crate::subject::MethodKind::Constructor => format!("{}::{}", self.class, info.name),
            crate::subject::MethodKind::Static => format!("{}::{}", self.class, info.name),
            crate::subject::MethodKind::Instance => {
                let target = rest.next().expect("target slot");
                format!("{}[{target}].{}", pool_name(PoolType::Object), info.name)
            }
        };
        let call_expr = format!("{callee}({})", args.join(", "));
        match (info.returns.pool(), rest.next()) {
            (Some(pool), Some(slot)) => format!("{}[{slot}] = {call_expr};", pool_name(pool)),
            _ => format!("{call_expr};"),
        }
    }
}

/// Sessions run test cases of a context through its pools and call decoding.
impl CallTable for TestContext {
    fn pools(&self) -> &PoolInit {
        TestContext::pools(self)
    }

    fn call_space(&self) -> Arc<CallSpace> {
        Arc::clone(&self.space)
    }
}

impl TestContext {
    /// The context as a context file (TOML) that [`file::parse_context`] reads back into
    /// an equal context: the subject, M_C as a list of signatures, and every pool.
    pub fn to_toml(&self) -> String {
        let quote = |s: &str| format!("{s:?}");
        let methods: Vec<String> = self
            .methods
            .iter()
            .map(|m| format!("    {},", quote(&m.info.signature)))
            .collect();
        let ints: Vec<String> = self.pools.ints.iter().map(i32::to_string).collect();
        let bools: Vec<String> = self.pools.bools.iter().map(bool::to_string).collect();
        let strings: Vec<String> = self.pools.strings.iter().map(|s| quote(s)).collect();
        format!(
            "subject = {}\nmethods = [\n{}\n]\n\n[pools]\nint = {{ size = {}, init = [{}] }}\nbool = {{ size = {}, init = [{}] }}\nstring = {{ size = {}, init = [{}] }}\nobject = {{ size = {} }}\n",
            quote(self.class),
            methods.join("\n"),
            ints.len(),
            ints.join(", "),
            bools.len(),
            bools.join(", "),
            strings.len(),
            strings.join(", "),
            self.pools.objects
        )
    }
}

/// Signatures compare without whitespace (`add(int, Integer)` = `add(int,Integer)`).
fn normalize_signature(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

impl fmt::Display for TestContext {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "subject: {}", self.class)?;
        writeln!(f, "M_C: {} methods", self.methods.len())?;
        for m in &self.methods {
            writeln!(
                f,
                "  {:<40} {:<12} nc = {}",
                m.info.signature,
                m.info.kind.to_string(),
                m.nc
            )?;
        }
        write!(f, "T_I:")?;
        for t in &self.types {
            write!(f, " {t} (vps = {})", self.pools.size(*t))?;
        }
        writeln!(f)?;
        write!(f, "j = {}", self.j())
    }
}
